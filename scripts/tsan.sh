#!/usr/bin/env bash
# The whole ctest suite under ThreadSanitizer: builds build-tsan/ with
# -DJITSERVE_TSAN=ON (-O1 with line tables) and runs every test, with
# tests/tsan_suppressions.txt. Every process a test starts (the jitserved
# children of the server tests included) inherits TSAN_OPTIONS and writes
# its reports to build-tsan/tsan-reports/; the run fails if any report was
# written, even by a child whose exit status nobody checks.
#   JITSERVE_TSAN_DIR=DIR   build directory (default build-tsan)
#   JOBS=N                  build and test jobs (default: all cores)
#   extra arguments go to ctest (e.g. -R fork_test)
# See docs/testing.md ("ThreadSanitizer").
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${JITSERVE_TSAN_DIR:-build-tsan}
jobs=${JOBS:-$(nproc)}
start=$(date +%s)

cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJITSERVE_TSAN=ON \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1" >/dev/null
cmake --build "$dir" -j "$jobs"

reports="$PWD/$dir/tsan-reports"
rm -rf "$reports"
mkdir -p "$reports"
export TSAN_OPTIONS="suppressions=$PWD/tests/tsan_suppressions.txt log_path=$reports/report second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
# OpenBLAS and libgomp start no worker threads (the code also keeps them at
# one under TSan: runtime/support/sanitizers.h); this covers LAPACK calls
# made before the first GEMM told OpenBLAS its thread count.
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
status=0
(cd "$dir" && ctest --output-on-failure -j "$jobs" --timeout 3000 "$@") || status=$?

if compgen -G "$reports/report.*" >/dev/null; then
  echo "ThreadSanitizer reports (from $reports):" >&2
  cat "$reports"/report.* >&2
  status=1
fi
echo "tsan.sh: $(( $(date +%s) - start )) s, status $status"
exit "$status"
