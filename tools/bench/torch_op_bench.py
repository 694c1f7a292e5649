#!/usr/bin/env python3
"""PyTorch side of jit-opbench: times operator overloads in PyTorch 1.13.

Usage: torch_op_bench.py --threads N [--min-seconds S] [--serve] SPEC.json

SPEC.json is a list of {"name", "overload": "aten::add.Tensor", "args": [...]}
written by jit-opbench (tools/bench/op_bench.cpp documents the argument
specs). Each case calls torch.ops.aten.<name>.<overload> with inputs of the
same shapes and dtypes; the time is the median per-call time of batches of
calls after a warm-up, the same method as the C++ side. Prints one JSON
object per line: {"name", "us", "best_us", "cpu_us"} (cpu_us: process CPU time per call) or {"name", "error"}, and first
{"floor_us"}: the cost of a trivial op call from Python, which every torch
time includes. With --serve, cases run one at a time as their names arrive
on stdin (one per line), so jit-opbench can interleave them with its own
and both sides of a ratio see the same machine (a shared VM's memory
bandwidth drifts by 2x over minutes).
"""
import argparse
import json
import os
import statistics
import sys
import time

torch = None  # imported in main(), after OPENBLAS_NUM_THREADS is set


def make_tensor(s):
    shape = s["t"]
    dtype = s["dtype"]
    if dtype == "int64":
        t = torch.randint(0, s["hi"], shape, dtype=torch.int64)
    elif dtype == "bool":
        t = torch.rand(shape) < 0.5
    elif s["init"] == "pos":
        t = torch.rand(shape) * 1.9 + 0.1
    else:
        t = torch.rand(shape) * 4 - 2
    if s.get("transpose"):
        t = t.transpose(0, 1)
    return t


def make_arg(a):
    if "t" in a:
        return make_tensor(a)
    for key in ("i", "f", "b", "s", "ints"):
        if key in a:
            return a[key]
    if "tensors" in a:
        return [make_tensor(t) for t in a["tensors"]]
    return None


def resolve(overload):
    name = overload.split("::", 1)[1]
    base, _, ov = name.partition(".")
    return getattr(getattr(torch.ops.aten, base), ov or "default")


def median_per_call(fn, min_seconds, best=None, cpu=None):
    t0 = time.perf_counter()
    warm = 0
    while warm < 3 or (time.perf_counter() - t0 < 0.02 and warm < 1000):
        fn()
        warm += 1
    est = (time.perf_counter() - t0) / warm
    batch = max(1, int(min(1000.0, 5e-4 / max(est, 1e-9))))
    samples = []
    start = time.perf_counter()
    cpu0 = time.process_time()
    while len(samples) < 5 or (time.perf_counter() - start < min_seconds and len(samples) < 200):
        b0 = time.perf_counter()
        for _ in range(batch):
            fn()
        samples.append((time.perf_counter() - b0) / batch)
    if best is not None:
        best.append(min(samples))
    if cpu is not None:
        cpu.append((time.process_time() - cpu0) / (len(samples) * batch))
    return statistics.median(samples)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--threads", type=int, required=True)
    p.add_argument("--min-seconds", type=float, default=0.1)
    p.add_argument("--serve", action="store_true")
    p.add_argument("spec")
    args = p.parse_args()
    # Debian's torch does its GEMMs in OpenBLAS (pthreads), which ignores
    # torch.set_num_threads and reads its thread count once, at load.
    os.environ["OPENBLAS_NUM_THREADS"] = str(args.threads)
    global torch
    import torch as torch_module
    torch = torch_module
    torch.set_num_threads(args.threads)
    torch.manual_seed(42)
    with open(args.spec) as f:
        cases = json.load(f)

    x = torch.rand(16)
    alias = torch.ops.aten.alias.default
    print(json.dumps({"floor_us": median_per_call(lambda: alias(x), args.min_seconds) * 1e6}), flush=True)

    def requested():
        if not args.serve:
            yield from cases
            return
        by_name = {c["name"]: c for c in cases}
        for line in sys.stdin:
            name = line.strip()
            if name in by_name:
                yield by_name[name]
            else:
                print(json.dumps({"name": name, "error": "no such case"}), flush=True)

    with torch.no_grad():
        for c in requested():
            try:
                op = resolve(c["overload"])
                call_args = [make_arg(a) for a in c["args"]]
                best, cpu = [], []
                seconds = args.min_seconds if c["name"] != "gemm1024" else max(args.min_seconds, 2.0)
                us = median_per_call(lambda: op(*call_args), seconds, best, cpu) * 1e6
                print(json.dumps({"name": c["name"], "us": us, "best_us": best[0] * 1e6, "cpu_us": cpu[0] * 1e6}),
                      flush=True)
            except Exception as e:  # report and go on with the other cases
                print(json.dumps({"name": c["name"], "error": str(e).splitlines()[0] if str(e) else repr(e)}),
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
