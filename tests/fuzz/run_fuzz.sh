#!/usr/bin/env bash
# Fuzzes the TorchScript frontend with libFuzzer for SECONDS (default 60).
#   tests/fuzz/run_fuzz.sh [SECONDS] [TARGET]
# TARGET: frontend_compile_fuzzer (default: lexer + parser + IR emitter),
# frontend_parser_fuzzer (lexer + parser only), unpickler_fuzzer (pickles)
# or zip_archive_fuzzer (archives and torch.save files). Seeds: every
# conformance source and the code printed in the corpus archives, with
# python.dict; the corpus's pickles; its small .pt files.
#
# It builds in build-fuzz/ (clang-15, ASan + UBSan at -O1 like the sanitizer
# pass of scripts/test.sh, JITSERVE_FUZZ=ON), configuring it when needed, and
# builds only the target and the libraries below it.
#   JITSERVE_FUZZ_BUILD=DIR   fuzz in another build folder (one configured
#                             with JITSERVE_FUZZ=ON is used as it is)
# The working corpus (DIR/fuzz-corpus/TARGET) persists between runs; a
# finding lands in DIR/fuzz-artifacts/. Exit status: 0 when no bug was found,
# libFuzzer's status otherwise. To keep a finding as a regression:
#   DIR/bin/TARGET -minimize_crash=1 -runs=20000 -exact_artifact_path=OUT CRASH
# then add OUT under tests/fuzz/regressions/ (ctest replays it).
set -euo pipefail
SECONDS_TO_RUN="${1:-60}"
TARGET="${2:-frontend_compile_fuzzer}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${JITSERVE_FUZZ_BUILD:-$ROOT/build-fuzz}"
CONF="${JITSERVE_CONFORMANCE_DIR:-$ROOT/../shared/conformance}"
JOBS="${JOBS:-$(nproc)}"

if ! grep -q '^JITSERVE_FUZZ:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  # A folder configured earlier with another compiler starts afresh.
  if [ -f "$BUILD/CMakeCache.txt" ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang++-15' "$BUILD/CMakeCache.txt"; then
    rm -rf "$BUILD/CMakeCache.txt" "$BUILD/CMakeFiles"
  fi
  cmake -S "$ROOT" -B "$BUILD" -G Ninja \
    -DCMAKE_C_COMPILER=clang-15 -DCMAKE_CXX_COMPILER=clang++-15 \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O1 -DCMAKE_C_FLAGS_DEBUG=-O1 \
    -DJITSERVE_SANITIZE=ON -DJITSERVE_FUZZ=ON >/dev/null
fi
cmake --build "$BUILD" --target "$TARGET" -j "$JOBS"

SEEDS="$BUILD/fuzz-seeds"
DICT=(-dict="$ROOT/tests/fuzz/python.dict")
MAXLEN=4096
case "$TARGET" in
  # Seeds: the corpus's pickles (data.pkl, constants.pkl of archives and of
  # torch.save files) or its small zip files.
  unpickler_fuzzer)
    SEEDS="$BUILD/fuzz-seeds-pickle"; DICT=(); mkdir -p "$SEEDS"
    if [ -d "$CONF" ] && [ -z "$(ls -A "$SEEDS")" ]; then
      i=0
      for z in "$CONF"/*/*/*.pt; do
        for entry in $(unzip -Z1 "$z" 2>/dev/null | grep '\.pkl$'); do
          unzip -p "$z" "$entry" > "$SEEDS/pkl_$i" 2>/dev/null || true
          i=$((i + 1))
        done
      done
    fi ;;
  zip_archive_fuzzer)
    SEEDS="$BUILD/fuzz-seeds-zip"; DICT=(); MAXLEN=65536; mkdir -p "$SEEDS"
    if [ -d "$CONF" ] && [ -z "$(ls -A "$SEEDS")" ]; then
      find "$CONF" -name '*.pt' -size -64k | sed -n '1,200p' | while read -r z; do
        cp "$z" "$SEEDS/$(echo "$z" | md5sum | cut -c1-12).pt"
      done
    fi ;;
esac
WORK="$BUILD/fuzz-corpus/$TARGET"
mkdir -p "$SEEDS" "$WORK"
if [ -d "$CONF" ] && [ -z "$(ls -A "$SEEDS")" ]; then
  for f in "$CONF"/*/*/source.py; do
    suite="$(basename "$(dirname "$(dirname "$f")")")"
    cp "$f" "$SEEDS/${suite}_$(basename "$(dirname "$f")").py"
  done
  for z in "$CONF"/*/*/model.pt; do
    [ -f "$z" ] || continue
    name="$(basename "$(dirname "$z")")"
    i=0
    for entry in $(unzip -Z1 "$z" | grep '/code/.*\.py$'); do
      unzip -p "$z" "$entry" > "$SEEDS/model_${name}_$i.py" || true
      i=$((i + 1))
    done
  done
fi

ARTIFACTS="$BUILD/fuzz-artifacts/"
mkdir -p "$ARTIFACTS"
echo "run_fuzz: $TARGET for ${SECONDS_TO_RUN}s ($(ls "$SEEDS" | wc -l) seeds, corpus $WORK)"
rc=0
"$BUILD/bin/$TARGET" "$WORK" "$SEEDS" -artifact_prefix="$ARTIFACTS" \
  "${DICT[@]}" -max_total_time="$SECONDS_TO_RUN" \
  -max_len="$MAXLEN" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 || rc=$?
if [ "$rc" -ne 0 ]; then
  echo "run_fuzz: $TARGET found a bug (status $rc); the input is in $ARTIFACTS" >&2
fi
exit "$rc"
