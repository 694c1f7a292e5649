"""Round trip: every archive of the corpus (models/, models_torch2/ and
lang/module_*) loaded and saved again by jitserve (jit-archive resave) must
load in PyTorch 1.13 (Debian's python3-torch) and give the outputs PyTorch
computed for the original (expected.pt, with the case's tolerance); and
jitserve must load its own archive and pass the case again (jit-conform on
a copy of the case with the resaved model.pt), wherever it passes the
original. An archive of PyTorch 2.x whose code calls an operator PyTorch
1.13 does not have (aten::scaled_dot_product_attention) cannot load there
whoever saved it: it is skipped, saying so.

Usage: roundtrip_torch.py JIT_ARCHIVE JIT_CONFORM CORPUS_DIR [EXTRA_SUITE_DIR...]
(an extra suite is a folder of case folders, e.g. tests/compiler/archive/data)
Prints a line per failure and ends with "N passed, M failed".
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import torch


def close(a, b, rtol, atol):
    if isinstance(a, torch.Tensor):
        return (isinstance(b, torch.Tensor) and a.dtype == b.dtype and a.shape == b.shape
                and torch.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True))
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(close(x, y, rtol, atol) for x, y in zip(a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and list(a) == list(b) and all(close(a[k], b[k], rtol, atol) for k in a)
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= atol + rtol * abs(b)
    return a == b


def conform_passes(jit_conform, folder):
    r = subprocess.run([jit_conform, folder], capture_output=True, text=True)
    return {line.split()[1].rstrip(":") for line in r.stdout.splitlines() if line.startswith("FAIL ")}, r


def main():
    jit_archive, jit_conform, corpus = sys.argv[1:4]
    # (suite dir, suite name, case) for every archive case.
    cases = [(corpus, "models", c) for c in sorted(os.listdir(os.path.join(corpus, "models")))]
    cases += [(corpus, "lang", c) for c in sorted(os.listdir(os.path.join(corpus, "lang"))) if c.startswith("module_")]
    if os.path.isdir(os.path.join(corpus, "models_torch2")):
        cases += [(corpus, "models_torch2", c) for c in sorted(os.listdir(os.path.join(corpus, "models_torch2")))]
    known_ops = {str(s).split("(")[0].split(".")[0] for s in torch._C._jit_get_all_schemas()}
    for extra in sys.argv[4:]:
        name = os.path.basename(os.path.normpath(extra))
        cases += [(os.path.dirname(os.path.normpath(extra)), name, c) for c in sorted(os.listdir(extra))
                  if os.path.isfile(os.path.join(extra, c, "case.json"))]
    tmp = tempfile.mkdtemp(prefix="jitserve-roundtrip-")
    passed = failed = 0
    try:
        resaved = []
        suites = {}
        for root, suite, name in cases:
            case = suite + "/" + name
            suites[suite] = root
            src = os.path.join(root, case)
            dst = os.path.join(tmp, "resaved", case)
            shutil.copytree(src, dst)
            r = subprocess.run([jit_archive, "resave", os.path.join(src, "model.pt"), os.path.join(dst, "model.pt")],
                               capture_output=True, text=True)
            if r.returncode != 0:
                print("FAIL %s: jit-archive resave: %s" % (case, r.stderr.strip()))
                failed += 1
                continue
            spec = json.load(open(os.path.join(src, "case.json")))
            try:
                m = torch.jit.load(os.path.join(dst, "model.pt"))
                inputs = torch.load(os.path.join(src, "inputs.pt"))
                with torch.no_grad():
                    out = getattr(m, spec["entry"])(*inputs)
                expected = torch.load(os.path.join(src, "expected.pt"))
                if not close(out, expected, spec.get("rtol", 1e-5), spec.get("atol", 1e-8)):
                    print("FAIL %s: PyTorch's outputs of the resaved archive differ from expected.pt" % case)
                    failed += 1
                    continue
            except Exception as e:  # PyTorch refused our archive
                lines = [l for l in str(e).splitlines() if l.strip()]
                first = lines[0] if lines else type(e).__name__
                if first.startswith("Unknown builtin op: "):
                    op = first[len("Unknown builtin op: "):].rstrip(".")
                    if op not in known_ops:
                        print("SKIP %s: %s does not exist in PyTorch %s" % (case, op, torch.__version__))
                        continue
                print("FAIL %s: torch.jit.load/run: %s" % (case, first))
                failed += 1
                continue
            resaved.append(case)
        # jitserve on its own archives: every case it passes in the original.
        orig_fail, new_fail = set(), set()
        for suite, root in suites.items():
            orig_fail |= conform_passes(jit_conform, os.path.join(root, suite))[0]
            new_fail |= conform_passes(jit_conform, os.path.join(tmp, "resaved", suite))[0]
        for case in resaved:
            if case in new_fail and case not in orig_fail:
                print("FAIL %s: jitserve fails its own resaved archive but passes the original" % case)
                failed += 1
            else:
                passed += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
