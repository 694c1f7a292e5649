"""The PyTorch side of jit-bench: runs the same workloads through
torch.jit.CompilationUnit (PyTorch 1.13 from Debian's python3-torch) and
prints one JSON object per workload on stdout.

Usage: torch_bench.py --threads N --min-seconds S [--conformance DIR] [--device D] WORKLOAD_DIR NAME[:frozen]...
       torch_bench.py --compile LIST_FILE --reps N
The second form times torch.jit.CompilationUnit(src) on each source file
named in LIST_FILE (one path a line): one warm-up pass, then the best of N
passes over the whole list, printing {"path", "ok", "ms"} per file.
NAME:frozen (an archive workload) times the module as PyTorch's frozen
baseline: torch.jit.optimize_for_inference(torch.jit.freeze(m.eval())).
--device cuda[:N] runs there (module and inputs moved, TF32 off as on our
side); each timed call ends with torch.cuda.synchronize(), so a sample is
the call's whole latency.
Reference only: jitserve never links PyTorch.
"""
import argparse
import json
import math  # noqa: F401  (in scope for the sources, as the corpus assumes)
import os
import sys
import time
from enum import Enum  # noqa: F401
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union  # noqa: F401

# Debian's torch runs GEMMs in OpenBLAS, which reads its thread count from
# the environment at import and ignores torch.set_num_threads.
if "--threads" in sys.argv:
    os.environ["OPENBLAS_NUM_THREADS"] = sys.argv[sys.argv.index("--threads") + 1]

import torch
from torch import Tensor  # noqa: F401
from torch.jit import Final  # noqa: F401

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


# --cpu-time: per-call samples of process CPU time instead of wall time.
SAMPLE_CLOCK = time.perf_counter
# --device: where modules and inputs live; SYNC waits for its queued work.
DEVICE = "cpu"


def SYNC():
    if DEVICE != "cpu":
        torch.cuda.synchronize(DEVICE)


def on_device(v):
    return v.to(DEVICE) if isinstance(v, torch.Tensor) else v


def timed(fn):
    def call(*args):
        r = fn(*args)
        SYNC()
        return r
    return call


def time_call(fn, args, min_seconds, warmup=20):
    # Warm up until the profiling executor has settled, then time repetitions
    # for at least min_seconds; report the median of per-call times.
    for _ in range(warmup):
        fn(*args)
    samples = []
    start = time.perf_counter()
    while time.perf_counter() - start < min_seconds or len(samples) < 5:
        t0 = SAMPLE_CLOCK()
        fn(*args)
        samples.append(SAMPLE_CLOCK() - t0)
    samples.sort()
    return samples[len(samples) // 2]


K_WARMUP_CALLS = 3


def time_archive(spec, case_dir, min_seconds, frozen=False):
    # The same as jit-bench's archive workloads: torch.jit.load, or forward on
    # the case's first input with the batch set, filled with 0.5.
    path = os.path.join(case_dir, "model.pt")
    if spec.get("measure") == "load":
        return time_call(lambda: torch.jit.load(path), [], min_seconds, warmup=2)
    first = torch.load(os.path.join(case_dir, "inputs.pt"))[0]
    shape = list(first.shape)
    if "batch" in spec:
        shape[0] = spec["batch"]
    args = [torch.full(shape, 0.5, dtype=first.dtype)]
    if "batch" not in spec:
        args = list(torch.load(os.path.join(case_dir, "inputs.pt")))
    args = [on_device(v) for v in args]
    if spec.get("measure") == "first":
        samples = []
        for _ in range(5):
            m = torch.jit.load(path, map_location=DEVICE)
            if frozen:  # frozen at load, not timed: the first call after
                m = torch.jit.optimize_for_inference(torch.jit.freeze(m.eval()))
            # The same warm-up as ours: GraphExecutor::warmup with one sample
            # runs it 3 times (1 profiling run, 2 optimized ones).
            for _ in range(K_WARMUP_CALLS if spec.get("warmup") else 0):
                m.forward(*args)
            if spec.get("evict"):
                torch.jit.load(path)
            SYNC()
            t0 = time.perf_counter()
            m.forward(*args)
            SYNC()
            samples.append(time.perf_counter() - t0)
        samples.sort()
        return samples[len(samples) // 2]
    m = torch.jit.load(path, map_location=DEVICE)
    m.eval()
    if frozen:
        m = torch.jit.optimize_for_inference(torch.jit.freeze(m))
    return time_call(timed(m.forward), args, min_seconds)


def compile_once(src):
    # torch.jit.CompilationUnit resolves free names (torch, math, List, ...)
    # in its caller's globals: this module's, which import them as the
    # corpus assumes. define() emits every function's graph eagerly
    # (ensure_defined); reading .graph makes sure nothing is left lazy.
    cu = torch.jit.CompilationUnit(src)
    for fn in cu.get_functions():
        fn.graph
    return cu


def time_compile(list_file, reps):
    paths = [line.strip() for line in open(list_file) if line.strip()]
    sources = [open(p).read() for p in paths]
    best = [float("inf")] * len(paths)
    ok = [True] * len(paths)
    for rep in range(reps + 1):  # pass 0 warms up
        for i, src in enumerate(sources):
            if not ok[i]:
                continue
            t0 = time.perf_counter()
            try:
                cu = compile_once(src)
                del cu  # freeing the unit counts too, as on our side
            except Exception:  # a compile error: PyTorch rejects the source
                ok[i] = False
                continue
            dt = time.perf_counter() - t0
            if rep > 0:
                best[i] = min(best[i], dt)
    for p, b, k in zip(paths, best, ok):
        print(json.dumps({"path": p, "ok": k, "ms": b * 1e3 if k else None}))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--min-seconds", type=float, default=1.0)
    ap.add_argument("--compile", metavar="LIST_FILE")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--conformance", default="")
    ap.add_argument("--cpu-time", action="store_true")
    ap.add_argument("--device", default="cpu")
    ap.add_argument("dir", nargs="?")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    global SAMPLE_CLOCK, DEVICE
    if a.cpu_time:
        SAMPLE_CLOCK = time.process_time
    DEVICE = a.device
    if DEVICE != "cpu":
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    if a.compile:
        torch.set_num_threads(1)
        time_compile(a.compile, a.reps)
        return
    if not a.dir or not a.names:
        ap.error("need WORKLOAD_DIR and at least one NAME")
    torch.set_num_threads(a.threads)
    torch.set_num_interop_threads(max(1, a.threads))
    with torch.no_grad():
        for arg in a.names:
            name, _, mode = arg.partition(":")
            spec = json.load(open(os.path.join(a.dir, name + ".json")))
            if "archive" in spec:
                sec = time_archive(spec, os.path.join(a.conformance, spec["archive"]), a.min_seconds,
                                   frozen=(mode == "frozen"))
                print(json.dumps({"name": name, "ms": sec * 1e3}), flush=True)
                continue
            src = open(os.path.join(a.dir, name + ".py")).read()
            cu = torch.jit.CompilationUnit(src)
            fn = getattr(cu, spec["entry"])
            args = [on_device(make_input(s)) for s in spec["inputs"]]
            sec = time_call(timed(fn), args, a.min_seconds)
            print(json.dumps({"name": name, "ms": sec * 1e3}), flush=True)


if __name__ == "__main__":
    main()
