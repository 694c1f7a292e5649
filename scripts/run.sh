#!/usr/bin/env bash
# Installs what is missing, builds jitserve, and runs the example programs.
# (Until the daemon exists, the main job is the jit-run CLI.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target jit-run
echo "+ build/bin/jit-run examples/fib.ir 20"
build/bin/jit-run examples/fib.ir 20
echo "+ build/bin/jit-run examples/softmax_mlp.ir 'rand(4, 8)'"
build/bin/jit-run examples/softmax_mlp.ir 'rand(4, 8)'
