#!/usr/bin/env bash
# Installs the Debian 12 packages jitserve builds, tests and benchmarks with.
# Idempotent: installs only what is missing, so repeated runs are cheap.
set -euo pipefail
pkgs=(
  build-essential cmake ninja-build ccache pkg-config git
  libabsl-dev libgrpc++-dev libprotobuf-dev protobuf-compiler protobuf-compiler-grpc
  libzip-dev zipcmp zipmerge ziptool
  prometheus-cpp-dev libopenblas-dev libdnnl-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libsleef-dev
  llvm-15-dev clang-15 libfuzzer-15-dev
  python3 python3-torch python3-numpy python3-grpcio python3-protobuf unzip
  prometheus
  # deploy/ and its tests (tests/deploy): the image (podman with runc, CNI
  # networking, catatonit for kube play's pods), yamllint, python3-yaml.
  podman buildah runc uidmap catatonit containernetworking-plugins yamllint python3-yaml
)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "install-deps: need root to install: ${missing[*]}" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Reference models for tests (conformance_torch_models skips without them):
# installed when the package archive is reachable, never a reason to fail.
optional=(python3-torchvision python3-torchaudio)
missing=()
for p in "${optional[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" -eq 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } ||
    echo "install-deps: could not install ${missing[*]} (optional; their tests will be skipped)" >&2
fi
# Node.js and npm for the deploy checks (kubernetes-models, @grafana/schema):
# our machines ship a newer Node.js; Debian's only where there is none.
if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then echo "install-deps: need root to install: nodejs npm" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends nodejs npm
fi
