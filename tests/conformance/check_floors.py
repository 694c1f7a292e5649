"""Fails when a conformance suite passes fewer cases than its checked-in floor.

Usage: check_floors.py RESULT.json FLOORS.json MODE
       check_floors.py RESULT.json --all     (every case must pass)

FLOORS.json maps "<mode>/<suite>" to the minimum pass count. Floors only
ever move up: when a run beats a floor, this prints the new count so the
floor can be raised in the same commit as the improvement.
"""
import json
import sys


def main():
    if len(sys.argv) == 3 and sys.argv[2] == "--all":
        result = json.load(open(sys.argv[1]))
        failed = [c for c in result["cases"] if not c["passed"]]
        for c in failed:
            print("FAIL %s: %s" % (c["name"], c["reason"]))
        print("%d/%d passed" % (len(result["cases"]) - len(failed), len(result["cases"])))
        sys.exit(1 if failed else 0)
    result_path, floors_path, mode = sys.argv[1:4]
    result = json.load(open(result_path))
    floors = json.load(open(floors_path))
    bad = False
    for suite, counts in sorted(result["suites"].items()):
        key = "%s/%s" % (mode, suite)
        passed = counts["passed"]
        total = counts["passed"] + counts["failed"]
        floor = floors.get(key)
        if floor is None:
            print("%s: %d/%d passed (no floor set)" % (key, passed, total))
            continue
        status = "ok"
        if passed < floor:
            status = "BELOW FLOOR %d" % floor
            bad = True
        elif passed > floor:
            status = "above floor %d: raise it to %d in %s" % (floor, passed, floors_path)
        print("%s: %d/%d passed (%.1f%%) %s" % (key, passed, total, 100.0 * passed / max(total, 1), status))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
