#!/usr/bin/env bash
# Prepares what one device call carries for scripts/gpu_checks.sh, here on
# the development machine: the CUDA test and tool binaries bundled with
# their libraries (../shared/device/bundle.sh) into .devbundle, and the
# corpus suites to run into .devcorpus/corpus.tgz; checks that the working
# tree plus both fit the device tool's 64 MiB, and prints the call.
#   SUITES="ops lang models_torch2"  the suites to carry (models is 85 MB:
#                                    it does not fit beside the bundle)
#   BUILD=build                      the CUDA-enabled build folder
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
suites=${SUITES:-ops lang models_torch2}
bins="cuda_backend_test model_device_test jit-conform jit-bench"
# shellcheck disable=SC2086
cmake --build "$build" --target $bins
for d in .devbundle/ .devcorpus/; do grep -qxF "$d" .git/info/exclude || echo "$d" >>.git/info/exclude; done
rm -rf .devbundle .devcorpus
paths=()
for b in $bins; do paths+=("$build/bin/$b"); done
../shared/device/bundle.sh .devbundle "${paths[@]}"
mkdir -p .devcorpus
# shellcheck disable=SC2086
tar -C ../shared/conformance -czf .devcorpus/corpus.tgz $suites
tree=$(git ls-files -z | du -cb --files0-from=- | tail -1 | cut -f1)
carried=$(du -sb .devbundle .devcorpus | awk '{s+=$1} END {print s}')
total=$((tree + carried))
echo "tree $((tree >> 20)) MiB + carried $((carried >> 20)) MiB = $((total >> 20)) MiB (limit 64)"
[ "$total" -lt $((64 << 20)) ] || { echo "too large for one call: carry fewer SUITES" >&2; exit 1; }
cat <<'CALL'
device run, carry [".devbundle", ".devcorpus"], timeout_s ~540:
  source .devbundle/unpack.sh && export CPU=0 CHECK_TIMEOUT=240; timeout 500 env OUT=/tmp/g \
    bash scripts/gpu_checks.sh; tar -C /tmp -czf $OUT/g.tgz g; cp /tmp/g/summary.txt $OUT/
(LARGE=0 / TORCH_MODELS=0 skip the PyTorch 2.11 models made there; only 8 files come back.)
CALL
