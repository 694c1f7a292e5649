#!/usr/bin/env bash
# Every GPU check, as one script for the GPU machine (docs/cuda.md):
#   here:   bash scripts/gpu_prepare.sh      (bundle + corpus, size checked,
#                                             prints the device call)
#   there:  source .devbundle/unpack.sh && OUT=$OUT bash scripts/gpu_checks.sh
# (.devbundle and .devcorpus listed in .git/info/exclude and carried.)
# Runs the CUDA op-by-op test and the serving checks on cuda:0 (a frozen
# archive answering on the host, GPU memory flat over 100 load / infer /
# unload cycles), makes the large benchmark models with PyTorch 2.11
# (tools/bench/make_large_cases.py into .devcorpus/large), then runs each
# corpus suite found under .devcorpus (unpacked from corpus.tgz, plus large/)
# on cuda and on the CPU, writing per-case JSON so the two pass sets can be
# compared, and jit-bench on cuda against PyTorch 2.11 on the same GPU
# (frozen workloads whose archives are there); torchvision/torchaudio models
# made there (tests/conformance/torch_models) run in the same loop. Logs and a summary go under
# $OUT (./gpu-out when unset); exits non-zero when a check failed.
set -uo pipefail
out=${OUT:-gpu-out}
jobs=${JOBS:-$(nproc)}
mkdir -p "$out"
status=0
run() {
  local name=$1
  shift
  # A hung check must not eat the lease: CHECK_TIMEOUT seconds each.
  timeout -k 10 "${CHECK_TIMEOUT:-300}" "$@" >"$out/$name.log" 2>&1
  local rc=$?
  echo "$name: rc=$rc" | tee -a "$out/summary.txt"
  tail -3 "$out/$name.log" | tee -a "$out/summary.txt"
  [ "$rc" = 0 ] || status=1
}
nvidia-smi >"$out/nvidia-smi.txt" 2>&1 || true
# Each test in its own process, each check named on stderr before it runs
# (JITSERVE_TEST_TRACE): a kernel that takes the process down fails its own
# test, is named in the log, and hides none of the others.
: >"$out/cuda_backend_test.log"
backend_failed=0
for t in $(cuda_backend_test --gtest_list_tests | awk '/^[^ ]/{s=$1} /^  [^ ]/{print s $1}'); do
  JITSERVE_TEST_TRACE=1 timeout -k 10 "${CHECK_TIMEOUT:-300}" cuda_backend_test --gtest_filter="$t" \
    >>"$out/cuda_backend_test.log" 2>&1
  rc=$?
  if [ "$rc" != 0 ]; then
    echo "cuda_backend_test $t: rc=$rc" | tee -a "$out/summary.txt"
    backend_failed=1
  fi
done
echo "cuda_backend_test: failed=$backend_failed" | tee -a "$out/summary.txt"
[ "$backend_failed" = 0 ] || status=1
run model_device_test env JITSERVE_SOURCE_DIR="$PWD" model_device_test --gtest_output=xml:"$out/model_device_test.xml"
# The large benchmark models (resnet50, the BERT-base sized encoder) are made
# here by PyTorch 2.11 (too large to carry); LARGE=0 skips them, as
# TORCH_MODELS=0 skips the torchvision/torchaudio ones.
torch_python=${JITSERVE_TORCH_PYTHON:-/opt/torch/.venv/bin/python3}
if [ "${LARGE:-1}" = 1 ] && [ -x "$torch_python" ] && [ -d .devcorpus ]; then
  run make_large_cases "$torch_python" tools/bench/make_large_cases.py .devcorpus/large
fi
# torchvision/torchaudio models scripted by PyTorch 2.11 (skipped when its
# venv has no torchvision: make_cases.py exits 77).
if [ "${TORCH_MODELS:-1}" = 1 ] && [ -x "$torch_python" ] && [ -d .devcorpus ]; then
  "$torch_python" tests/conformance/torch_models/make_cases.py .devcorpus/torch_models >"$out/make_torch_models.log" 2>&1
  echo "make_torch_models: rc=$? (77: no torchvision)" | tee -a "$out/summary.txt"
fi
if [ -f .devcorpus/corpus.tgz ] || [ -d .devcorpus/large ] || [ -d .devcorpus/torch_models ]; then
  [ -f .devcorpus/corpus.tgz ] && tar -C .devcorpus -xzf .devcorpus/corpus.tgz
  for suite in .devcorpus/*/; do
    name=$(basename "$suite")
    # Batches: each child's CUDA start costs ~3 s on the H100.
    run "conform-$name-cuda" jit-conform --device cuda --trace --batch "${BATCH:-16}" -j "$jobs" \
      --timeout "${CASE_TIMEOUT:-120}" \
      --json "$out/conform-$name-cuda.json" "$suite"
    # CPU=0 skips the CPU runs (known from the development machine).
    if [ "${CPU:-1}" = 1 ]; then
      run "conform-$name-cpu" jit-conform -j "$jobs" --timeout 120 --json "$out/conform-$name-cpu.json" "$suite"
    fi
  done
  if [ -d .devcorpus/models ] || [ -d .devcorpus/large ]; then
    run bench-cuda env JITSERVE_TORCH_PYTHON="$torch_python" JITSERVE_BENCH_DIR="$PWD/tools/bench" \
      jit-bench --device cuda --torch --conformance .devcorpus --min-seconds 1 frozen_
  fi
fi
exit $status
