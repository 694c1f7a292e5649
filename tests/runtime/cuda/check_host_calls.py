#!/usr/bin/env python3
"""Fails when host code in the CUDA library calls a __device__-only function.

nvcc accepts such a call from host code inside a template without a
diagnostic, and compiles the device function's host side as a stub that
exits the process with status 1: the program then dies silently, on a GPU
machine only (masked_fill did, found on the H100). The stubs are easy to see
in the object code: they load 1 and call exit at once. Any other host
function that calls exit, or that calls a stub, is that bug.

  check_host_calls.py LIBRARY.a|OBJECT.o...
"""
import re
import subprocess
import sys

FUNC = re.compile(r'^[0-9a-f]+ <(.*)>:$')
INSN = re.compile(r'^\s+[0-9a-f]+:\t(.*)$')


def functions(path):
    out = subprocess.run(['objdump', '-dr', '-C', '--no-show-raw-insn', path],
                         check=True, capture_output=True, text=True).stdout
    name, body = None, []
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            if name:
                yield name, body
            name, body = m.group(1), []
        elif name is not None and line.strip():
            body.append(line.strip())
    if name:
        yield name, body


def main(paths):
    bad = []
    for path in paths:
        funcs = list(functions(path))
        stubs = set()
        for name, body in funcs:
            insns = [l for l in body if not l.startswith(('R_X86', 'R_AARCH'))]
            calls_exit = any(re.search(r'\bexit\b', l) for l in body)
            if calls_exit and len(insns) <= 6:
                stubs.add(name)
        for name, body in funcs:
            if name in stubs or name.startswith('__sti__'):
                continue  # a stub, or nvcc's registration (exits on a bad fatbin)
            for l in body:
                if re.search(r'R_X86_64_PLT32\s+exit\b|call.*<exit', l):
                    bad.append(f'{path}: {name} calls exit (a __device__ function inlined into host code)')
                    break
                m = re.search(r'call\s+\S+\s+<(.*?)(\+0x[0-9a-f]+)?>', l)
                if m and m.group(1) in stubs and m.group(1) != name:
                    bad.append(f'{path}: {name} calls the host stub of __device__ {m.group(1)}')
                    break
    for b in bad:
        print(b)
    if bad:
        print('make the callee __host__ __device__, or move the call into device code')
        return 1
    print(f'{len(paths)} file(s): no host call of a __device__ function')
    return 0


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
