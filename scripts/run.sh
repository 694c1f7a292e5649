#!/usr/bin/env bash
# Installs what is missing, builds jitserved and jitctl, and serves the
# example models (examples/models) on localhost until Ctrl-C.
#
#   JITSERVE_PORT=8001      the gRPC port (native API and KServe v2)
#   JITSERVE_METRICS_PORT=8002  Prometheus /metrics (loopback)
#   JITSERVE_DEMO_ONLY=1    stop after the example call instead of serving
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target jitserved jitctl

port="${JITSERVE_PORT:-8001}"
server="127.0.0.1:${port}"
build/bin/jitserved --model-repository examples/models --grpc-host 127.0.0.1 --grpc-port "$port" \
  --metrics-port "${JITSERVE_METRICS_PORT:-8002}" &
pid=$!
stop() { kill -TERM "$pid" 2>/dev/null || true; wait "$pid" || true; }
trap stop EXIT
trap 'exit 0' INT TERM

# Ready when the native API answers.
for _ in $(seq 1 100); do
  if build/bin/jitctl --server "$server" --timeout 1 models >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "run.sh: jitserved exited" >&2; exit 1; fi
  sleep 0.1
done

input='[{"dtype": "float32", "shape": [2, 4], "data": [[1, 2, 3, 4], [0, 0, 0, 0]]}]'
# traced_mlp is a torch.jit.save archive (model.pt): a traced MLP on (N, 4, 16).
archive_input='[{"dtype": "float32", "shape": [1, 4, 16], "data": [[[0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]]}]'
set -x
build/bin/jitctl --server "$server" models
build/bin/jitctl --server "$server" describe mlp
build/bin/jitctl --server "$server" infer mlp "$input"
build/bin/jitctl --server "$server" describe traced_mlp
build/bin/jitctl --server "$server" infer traced_mlp "$archive_input"
{ set +x; } 2>/dev/null

cat <<MSG

jitserved is serving examples/models on ${server} (gRPC: jitserve.v1 native API,
KServe v2 inference.GRPCInferenceService, grpc.health.v1, reflection).
Call it with jitctl, e.g.:

  build/bin/jitctl --server ${server} models
  build/bin/jitctl --server ${server} describe mlp
  build/bin/jitctl --server ${server} infer mlp '${input}'
  build/bin/jitctl --server ${server} describe traced_mlp     # a torch.jit.save archive

or with any KServe v2 / Triton gRPC client (model "mlp", input "x", FP32; model
"traced_mlp", input "input", FP32 of shape [N, 4, 16]).
Prometheus metrics: http://127.0.0.1:${JITSERVE_METRICS_PORT:-8002}/metrics
See docs/server.md. Ctrl-C stops the server.
MSG

if [ "${JITSERVE_DEMO_ONLY:-0}" = 1 ]; then exit 0; fi
wait "$pid"
