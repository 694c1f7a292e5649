#!/usr/bin/env bash
# Builds the frontend parser fuzzer with clang-15 (libFuzzer + ASan + UBSan)
# in build-fuzz/ and runs it for SECONDS (default 60), seeded with every
# conformance source and the printed code of the corpus archives.
#   tests/fuzz/run_fuzz.sh [SECONDS]
# Exit status: 0 when no bug was found, libFuzzer's status otherwise.
set -euo pipefail
SECONDS_TO_RUN="${1:-60}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${JITSERVE_FUZZ_BUILD:-$ROOT/build-fuzz}"
CONF="${JITSERVE_CONFORMANCE_DIR:-$ROOT/../shared/conformance}"
JOBS="${JOBS:-2}"

cmake -S "$ROOT" -B "$BUILD" -G Ninja \
  -DCMAKE_C_COMPILER=clang-15 -DCMAKE_CXX_COMPILER=clang++-15 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" \
  -DJITSERVE_SANITIZE=ON -DJITSERVE_FUZZ=ON -DJITSERVE_CUDA=OFF -DJITSERVE_LLVM=OFF >/dev/null
cmake --build "$BUILD" --target frontend_parser_fuzzer -j "$JOBS"

SEEDS="$BUILD/fuzz-seeds/parser"
WORK="$BUILD/fuzz-corpus/parser"
mkdir -p "$SEEDS" "$WORK"
if [ -d "$CONF" ] && [ -z "$(ls -A "$SEEDS")" ]; then
  for f in "$CONF"/*/*/source.py; do
    cp "$f" "$SEEDS/$(basename "$(dirname "$f")").py"
  done
  for z in "$CONF"/*/*/model.pt; do
    name="$(basename "$(dirname "$z")")"
    i=0
    for entry in $(unzip -Z1 "$z" | grep '/code/.*\.py$'); do
      unzip -p "$z" "$entry" > "$SEEDS/${name}_$i.py" || true
      i=$((i + 1))
    done
  done
fi

ARTIFACTS="$BUILD/fuzz-artifacts/"
mkdir -p "$ARTIFACTS"
exec "$BUILD/bin/frontend_parser_fuzzer" "$WORK" "$SEEDS" -artifact_prefix="$ARTIFACTS" \
  -dict="$ROOT/tests/fuzz/python.dict" -max_total_time="$SECONDS_TO_RUN" \
  -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
