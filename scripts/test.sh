#!/usr/bin/env bash
# Builds jitserve and runs every test: the normal build, then the same tests
# under AddressSanitizer + UndefinedBehaviorSanitizer. Installs missing
# Debian packages first (needs root on a fresh machine).
#   JITSERVE_SKIP_ASAN=1   skip the sanitizer pass (quicker local runs)
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
  configure_and_test build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O1 -DCMAKE_C_FLAGS_DEBUG=-O1 \
    -DJITSERVE_SANITIZE=ON
fi
