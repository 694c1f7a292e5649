#!/usr/bin/env bash
# The daemon's load and overhead bars, measured the same way every time:
#
#   1. load: jitserved on port 0 serving examples/models/mlp; 32 concurrent
#      jitctl clients (closed loop) for 60 s; prints requests/s, p50/p99 and
#      errors (the bar: zero errors).
#   2. overhead: a tiny model (x + 1 on 4 floats); one client's p50 through
#      gRPC minus the p50 of the same method run in process (the server's own
#      Model and pass pipeline, same inputs) -- tools: tools/bench/jitserve_bench.cpp.
#      The bar: at most 100 us at p50.
#
# Client and server share the machine, so on a small box the numbers include
# their contention; the script prints the CPU count and load beside them.
#
#   JITSERVE_BUILD_DIR=build      where the binaries are (built if missing targets)
#   JITSERVE_BENCH_NO_BUILD=1     use the binaries as they are
#   JITSERVE_BENCH_SECONDS=60     length of the load run
#   JITSERVE_BENCH_CLIENTS=32     clients of the load run
#   JITSERVE_OVERHEAD_SECONDS=10  length of each overhead loop
#   JITSERVE_BENCH_WORKERS=N      jitserved --workers (default: its own default)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${JITSERVE_BUILD_DIR:-build}"
if [ "${JITSERVE_BENCH_NO_BUILD:-0}" != 1 ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" -j "$(nproc)" --target jitserved jitctl jitserve-bench
fi

tmp="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

mkdir -p "$tmp/models/tiny/1"
cp -r examples/models/mlp "$tmp/models/mlp"
printf 'def forward(x: Tensor) -> Tensor:\n    return x + 1\n' >"$tmp/models/tiny/1/model.py"

workers=()
if [ -n "${JITSERVE_BENCH_WORKERS:-}" ]; then workers=(--workers "$JITSERVE_BENCH_WORKERS"); fi
"$build/bin/jitserved" --model-repository "$tmp/models" --grpc-host 127.0.0.1 --grpc-port 0 \
  --metrics-port 0 --admin-port 0 "${workers[@]}" 2>"$tmp/jitserved.log" &
pid=$!
port=""
for _ in $(seq 1 300); do
  port="$(sed -n 's/.*grpc listening on [^ ]*:\([0-9][0-9]*\).*/\1/p' "$tmp/jitserved.log" | head -n1)"
  if [ -n "$port" ]; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$tmp/jitserved.log" >&2; echo "bench_server.sh: jitserved exited" >&2; exit 1; fi
  sleep 0.1
done
if [ -z "$port" ]; then cat "$tmp/jitserved.log" >&2; echo "bench_server.sh: no port" >&2; exit 1; fi
server="127.0.0.1:$port"

echo "machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "jitserved: $server, $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo '+dirty'), ${workers[*]:-default workers}"

mlp_input='[{"dtype": "float32", "shape": [2, 4], "data": [[1, 2, 3, 4], [0, 0, 0, 0]]}]'
clients="${JITSERVE_BENCH_CLIENTS:-32}"
seconds="${JITSERVE_BENCH_SECONDS:-60}"
echo
echo "== load: mlp, $clients clients, $seconds s"
status=0
"$build/bin/jitctl" --server "$server" --timeout 30 bench mlp "$mlp_input" --clients "$clients" --seconds "$seconds" || status=$?

echo
echo "== overhead: tiny (x + 1, 4 floats), 1 client"
"$build/bin/jitserve-bench" --server "$server" --model tiny --source "$tmp/models/tiny/1/model.py" \
  --inputs '[{"dtype": "float32", "shape": [4], "data": [1, 2, 3, 4]}]' \
  --seconds "${JITSERVE_OVERHEAD_SECONDS:-10}" || status=$?
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
