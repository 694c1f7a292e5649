#!/usr/bin/env bash
# Builds jitserve and runs every test: the normal build, then the same tests
# under AddressSanitizer + UndefinedBehaviorSanitizer, then fuzzes the
# frontend (lexer + parser + IR emitter) for a minute and the unpickler for
# half of that with libFuzzer in a
# clang-15 sanitizer build (tests/fuzz/run_fuzz.sh, build-fuzz/; it builds
# only the fuzzer and the libraries below it). Installs missing Debian
# packages first (needs root on a fresh machine).
#   JITSERVE_SKIP_ASAN=1      skip the sanitizer pass and the fuzzing (quicker local runs)
#   JITSERVE_FUZZ_SECONDS=N   fuzz for N seconds instead of 60; 0 skips it
# Longer fuzzing on demand: tests/fuzz/run_fuzz.sh 3600
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

jobs=$(nproc)
configure_and_test() {
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
  (cd "$dir" && ctest --output-on-failure -j "$jobs")
}

configure_and_test build -DCMAKE_BUILD_TYPE=Release
if [ "${JITSERVE_SKIP_ASAN:-0}" != 1 ]; then
  # -O1 without debug info: quick to build, fast enough to run the corpus.
  # Without the CUDA backend: nvcc code is not instrumented, there is no GPU
  # to run it here, and the Release pass already builds it and runs its
  # CPU-side tests.
  configure_and_test build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O1 -DCMAKE_C_FLAGS_DEBUG=-O1 \
    -DJITSERVE_SANITIZE=ON -DJITSERVE_CUDA=OFF
  fuzz_seconds="${JITSERVE_FUZZ_SECONDS:-60}"
  if [ "$fuzz_seconds" != 0 ]; then
    JOBS="$jobs" bash tests/fuzz/run_fuzz.sh "$fuzz_seconds"
    # Pickles are the other thing users hand us that a parser reads.
    JOBS="$jobs" bash tests/fuzz/run_fuzz.sh "$(( (fuzz_seconds + 1) / 2 ))" unpickler_fuzzer
  fi
fi
