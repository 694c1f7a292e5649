"""A real Prometheus server (Debian's `prometheus`) scrapes jitserved's
/metrics and finds the request counts: the metrics endpoint works for the
scraper operators actually run, not just for our own parser.

Usage: prometheus_scrape_test.py --jitserved PATH --jitctl PATH --models DIR
Exits 77 (skipped) when the prometheus binary is missing.
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_jitserved(jitserved, models):
    proc = subprocess.Popen([jitserved, "--model-repository", models, "--grpc-host", "127.0.0.1", "--grpc-port", "0",
                             "--metrics-port", "0", "--admin-port", "0"], stderr=subprocess.PIPE, text=True)
    grpc_port = metrics_port = None
    deadline = time.time() + 60
    log = ""
    while time.time() < deadline and (grpc_port is None or metrics_port is None):
        line = proc.stderr.readline()
        if not line:
            break
        log += line
        m = re.search(r"metrics listening on [^\s:]+:(\d+)", line)
        if m:
            metrics_port = int(m.group(1))
        m = re.search(r"grpc listening on [^\s:]+:(\d+)", line)
        if m:
            grpc_port = int(m.group(1))
    if grpc_port is None or metrics_port is None:
        proc.kill()
        raise RuntimeError("jitserved did not start:\n" + log)
    return proc, grpc_port, metrics_port


def query(prom_port, expr):
    url = "http://127.0.0.1:%d/api/v1/query?%s" % (prom_port, urllib.parse.urlencode({"query": expr}))
    with urllib.request.urlopen(url, timeout=5) as r:
        body = json.load(r)
    assert body["status"] == "success", body
    return body["data"]["result"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jitserved", required=True)
    ap.add_argument("--jitctl", required=True)
    ap.add_argument("--models", required=True)
    args = ap.parse_args()
    prometheus = shutil.which("prometheus")
    if not prometheus:
        print("prometheus not installed: skipped")
        sys.exit(77)

    tmp = tempfile.mkdtemp(prefix="jitserve-prom-")
    server, grpc_port, metrics_port = start_jitserved(args.jitserved, args.models)
    prom = None
    try:
        x = '[{"dtype": "float32", "shape": [1, 4], "data": [[1, 2, 3, 4]]}]'
        for _ in range(3):
            subprocess.run([args.jitctl, "--server", "127.0.0.1:%d" % grpc_port, "infer", "mlp", x], check=True,
                           capture_output=True)
        config = os.path.join(tmp, "prometheus.yml")
        with open(config, "w") as f:
            f.write("global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                    "scrape_configs:\n  - job_name: jitserve\n    static_configs:\n"
                    "      - targets: ['127.0.0.1:%d']\n" % metrics_port)
        prom_port = free_port()
        prom = subprocess.Popen([prometheus, "--config.file=" + config, "--storage.tsdb.path=" + os.path.join(tmp, "db"),
                                 "--web.listen-address=127.0.0.1:%d" % prom_port, "--log.level=warn"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 90
        found = None
        while time.time() < deadline:
            time.sleep(1)
            if prom.poll() is not None:
                raise RuntimeError("prometheus exited:\n" + prom.stderr.read())
            try:
                up = query(prom_port, 'up{job="jitserve"}')
                ok = query(prom_port, 'sum(jitserve_requests_total{model="mlp",code="OK"})')
            except OSError:
                continue  # not listening yet
            if up and up[0]["value"][1] == "1" and ok and float(ok[0]["value"][1]) >= 3:
                found = float(ok[0]["value"][1])
                break
        if found is None:
            raise AssertionError("Prometheus never saw 3 OK requests for mlp on 127.0.0.1:%d" % metrics_port)
        latency = query(prom_port, 'jitserve_request_execute_seconds_count{model="mlp"}')
        assert latency and float(latency[0]["value"][1]) >= 3, latency
        print("prometheus scraped jitserved: %d OK requests for mlp" % found)
    finally:
        if prom is not None:
            prom.terminate()
            prom.wait(timeout=30)
        server.send_signal(signal.SIGTERM)
        rc = server.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)
        assert rc == 0, "jitserved exited %d" % rc


if __name__ == "__main__":
    main()
