#!/usr/bin/env bash
# Every GPU check, as one script for the GPU machine (docs/cuda.md):
#   here:   cmake --build build
#           ../shared/device/bundle.sh .devbundle build/bin/cuda_backend_test
#   there:  source .devbundle/unpack.sh && bash scripts/gpu_checks.sh
# Writes logs and a summary under $OUT (./gpu-out when unset); exits non-zero
# when a check failed.
set -uo pipefail
out=${OUT:-gpu-out}
mkdir -p "$out"
status=0
run() {
  local name=$1
  shift
  "$@" >"$out/$name.log" 2>&1
  local rc=$?
  echo "$name: rc=$rc" | tee -a "$out/summary.txt"
  tail -3 "$out/$name.log" | tee -a "$out/summary.txt"
  [ "$rc" = 0 ] || status=1
}
nvidia-smi >"$out/nvidia-smi.txt" 2>&1 || true
run cuda_backend_test cuda_backend_test --gtest_output=xml:"$out/cuda_backend_test.xml"
exit $status
