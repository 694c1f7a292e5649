"""The PyTorch side of jit-bench: runs the same workloads through
torch.jit.CompilationUnit (PyTorch 1.13 from Debian's python3-torch) and
prints one JSON object per workload on stdout.

Usage: torch_bench.py --threads N --min-seconds S WORKLOAD_DIR NAME...
Reference only: jitserve never links PyTorch.
"""
import argparse
import json
import os
import time

import torch

DTYPES = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64,
          "int32": torch.int32, "bool": torch.bool}


def make_input(spec):
    if "tensor" in spec:
        t = spec["tensor"]
        return torch.full(t["shape"], t.get("fill", 0.0), dtype=DTYPES[t.get("dtype", "float32")])
    if "int" in spec:
        return int(spec["int"])
    if "float" in spec:
        return float(spec["float"])
    raise ValueError("unknown input spec %r" % (spec,))


def time_call(fn, args, min_seconds):
    # Warm up until the profiling executor has settled, then time repetitions
    # for at least min_seconds; report the median of per-call times.
    for _ in range(20):
        fn(*args)
    samples = []
    start = time.perf_counter()
    while time.perf_counter() - start < min_seconds or len(samples) < 5:
        t0 = time.perf_counter()
        fn(*args)
        samples.append(time.perf_counter() - t0)
    samples.sort()
    return samples[len(samples) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, required=True)
    ap.add_argument("--min-seconds", type=float, default=1.0)
    ap.add_argument("dir")
    ap.add_argument("names", nargs="+")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.set_num_interop_threads(max(1, a.threads))
    with torch.no_grad():
        for name in a.names:
            spec = json.load(open(os.path.join(a.dir, name + ".json")))
            src = open(os.path.join(a.dir, name + ".py")).read()
            cu = torch.jit.CompilationUnit(src)
            fn = getattr(cu, spec["entry"])
            args = [make_input(s) for s in spec["inputs"]]
            sec = time_call(fn, args, a.min_seconds)
            print(json.dumps({"name": name, "ms": sec * 1e3}), flush=True)


if __name__ == "__main__":
    main()
