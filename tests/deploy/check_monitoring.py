#!/usr/bin/env python3
"""Checks deploy/monitoring against promtool and a running jitserved.

  check_monitoring.py alerts
      promtool check rules and promtool test rules on alerts.yaml; every
      alert has a test case where it fires and one where it stays silent.
  check_monitoring.py dashboard --jitserved BIN --node-modules DIR
      the Grafana dashboard type-checks against @grafana/schema's Dashboard
      (TypeScript: unknown fields are errors); every query (panels and
      variables) parses with promtool; every metric the dashboard, the
      alerts and the prometheus-adapter rules name is a family the real
      jitserved exports on /metrics (read from a running one).

Exits 77 with one line when promtool, node or python3-yaml is missing.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import deploy_common as dc  # noqa: E402

try:
    import yaml
except ImportError:
    dc.skip("python3-yaml missing")

MON = os.path.join(dc.DEPLOY, "monitoring")
# What Prometheus itself provides (not jitserved's): only the alerts may use them.
PROMETHEUS_SERIES = {"up"}


def alerts():
    promtool = dc.need_tool("promtool")
    rules = os.path.join(MON, "alerts.yaml")
    tests = os.path.join(MON, "alerts_test.yaml")
    for cmd in (["check", "rules", rules], ["test", "rules", tests]):
        r = subprocess.run([promtool, *cmd], text=True, capture_output=True, cwd=MON)
        print(f"promtool {' '.join(cmd[:2])}: {'OK' if r.returncode == 0 else 'FAILED'}")
        if r.returncode != 0:
            print(r.stdout + r.stderr)
            sys.exit(1)
    with open(rules) as f:
        names = [r["alert"] for g in yaml.safe_load(f)["groups"] for r in g["rules"] if "alert" in r]
    with open(tests) as f:
        cases = [c for t in yaml.safe_load(f)["tests"] for c in t.get("alert_rule_test", [])]
    bad = []
    for n in names:
        firing = sum(1 for c in cases if c["alertname"] == n and c.get("exp_alerts"))
        silent = sum(1 for c in cases if c["alertname"] == n and not c.get("exp_alerts"))
        print(f"  {n}: {firing} firing, {silent} silent case(s)")
        if not firing or not silent:
            bad.append(n)
    unknown = {c["alertname"] for c in cases} - set(names)
    if bad or unknown:
        print(f"FAIL alerts without a firing and a silent case: {bad}; tests of unknown alerts: {sorted(unknown)}")
        sys.exit(1)
    print(f"alerts: {len(names)} alerts, each with firing and silent cases: OK")


# --- PromQL: just enough to find the metric names a query selects ---------
KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right", "bool", "and", "or", "unless",
            "offset", "inf", "nan", "atan2"}
TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|\d+(?:\.\d+)?(?:[smhdwy]|ms)?\b|[A-Za-z_:][A-Za-z0-9_:]*|\S')


def metric_names(expr):
    """Names of the series a PromQL expression selects: identifiers that are
    not functions, keywords, label names in {...} or grouping lists, or
    durations."""
    toks = TOKEN.findall(expr)
    names, depth_brace, i = set(), 0, 0
    while i < len(toks):
        t = toks[i]
        if t == "{":
            depth_brace += 1
        elif t == "}":
            depth_brace -= 1
        elif t == "[":  # a range: skip to ]
            while i < len(toks) and toks[i] != "]":
                i += 1
        elif depth_brace == 0 and re.match(r"[A-Za-z_:]", t):
            nxt = toks[i + 1] if i + 1 < len(toks) else ""
            if t.lower() in KEYWORDS:
                if t in ("by", "without", "on", "ignoring", "group_left", "group_right") and nxt == "(":
                    while i < len(toks) and toks[i] != ")":  # a label list
                        i += 1
            elif nxt != "(" and nxt.lower() not in ("by", "without"):  # not a function or an aggregation
                names.add(t)
        i += 1
    return names


def family_of(name, families):
    if name in families:
        return name
    for suffix in ("_bucket", "_sum", "_count"):
        if name.endswith(suffix) and families.get(name[: -len(suffix)]) == "histogram":
            return name[: -len(suffix)]
    return None


def grafana_to_promql(q):
    """Grafana's variables replaced by what Prometheus would get."""
    q = q.replace("$__rate_interval", "5m").replace("$__interval", "1m").replace("$__range", "1h")
    return re.sub(r"\$\{?(job|namespace|model|instance)\}?", ".*", q)


def dashboard_queries(dash):
    out = []

    def walk(panels):
        for p in panels:
            for t in p.get("targets", []):
                if t.get("expr"):
                    out.append((f"panel '{p.get('title')}' {t.get('refId')}", t["expr"]))
            walk(p.get("panels", []))
    walk(dash.get("panels", []))
    for v in dash.get("templating", {}).get("list", []):
        if v.get("type") != "query":
            continue
        q = v["query"]["query"] if isinstance(v["query"], dict) else v["query"]
        m = re.fullmatch(r"\s*label_values\((.*),\s*([A-Za-z_]\w*)\s*\)\s*", q)
        if not m:
            raise AssertionError(f"variable {v['name']}: not label_values(SELECTOR, LABEL): {q}")
        out.append((f"variable ${v['name']}", m.group(1)))
    return out


def start_jitserved(binary, repo):
    proc = subprocess.Popen([binary, "--model-repository", repo, "--grpc-host", "127.0.0.1", "--grpc-port", "0",
                             "--metrics-port", "0", "--workers", "1"], stderr=subprocess.PIPE, text=True)
    ports, log = {}, ""
    deadline = time.time() + 60
    while time.time() < deadline and len(ports) < 2:
        line = proc.stderr.readline()
        if not line:
            break
        log += line
        m = re.search(r"jitserved: (grpc|metrics) listening on [^\s:]+:(\d+)", line)
        if m:
            ports[m.group(1)] = int(m.group(2))
    if len(ports) < 2:
        proc.kill()
        raise AssertionError("jitserved did not start:\n" + log)
    return proc, ports


def dashboard(args):
    promtool = dc.need_tool("promtool")
    node = dc.need_tool("node")
    failures = []
    with open(os.path.join(MON, "grafana-dashboard.json")) as f:
        text = f.read()
    dash = json.loads(text)

    # 1. The dashboard's type: @grafana/schema's Dashboard, fields checked.
    nm = os.path.abspath(args.node_modules)
    tsc = os.path.join(nm, ".bin", "tsc")
    if not os.path.exists(tsc):
        raise AssertionError(f"{tsc} missing: run tests/deploy/npm_install.sh")
    with tempfile.TemporaryDirectory(dir=os.path.dirname(nm)) as tmp:
        with open(os.path.join(tmp, "dashboard.ts"), "w") as f:
            f.write('import type { Dashboard } from "@grafana/schema";\n'
                    f"export const dashboard: Dashboard = {text};\n")
        r = subprocess.run([node, tsc, "--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext",
                            "--target", "es2022", "--skipLibCheck", "dashboard.ts"], cwd=tmp, text=True,
                           capture_output=True)
        if r.returncode != 0:
            failures += ["dashboard type: " + line for line in (r.stdout + r.stderr).splitlines() if line.strip()]
        else:
            print(f"dashboard: type-checks as @grafana/schema Dashboard ({len(dash['panels'])} panels)")

    # 2. Every query parses (promtool check rules parses each rule's expr).
    queries = dashboard_queries(dash)
    with tempfile.TemporaryDirectory() as tmp:
        rules = {"groups": [{"name": "dashboard", "rules": [
            {"record": f"dashboard:query_{i}", "expr": grafana_to_promql(q)} for i, (_, q) in enumerate(queries)]}]}
        path = os.path.join(tmp, "dashboard-queries.yaml")
        with open(path, "w") as f:
            yaml.safe_dump(rules, f)
        r = subprocess.run([promtool, "check", "rules", path], text=True, capture_output=True)
        if r.returncode != 0:
            out = r.stdout + r.stderr
            for i, (where, q) in enumerate(queries):
                if re.search(rf"\bdashboard:query_{i}\b", out):
                    failures.append(f"promtool: {where}: {q}")
            failures.append("promtool: " + out.strip())
        else:
            print(f"promtool: {len(queries)} dashboard queries parse")

    # 3. Every metric named is one jitserved exports: read from a running one
    # (the example models, and a broken model so a load failure is counted).
    with tempfile.TemporaryDirectory() as repo:
        subprocess.run(["cp", "-r", os.path.join(dc.REPO, "examples", "models", "mlp"), repo], check=True)
        os.makedirs(os.path.join(repo, "broken", "1"))
        with open(os.path.join(repo, "broken", "1", "model.py"), "w") as f:
            f.write("def forward(x: Tensor) -> Tensor:\n    return x +* 2\n")
        proc, ports = start_jitserved(args.jitserved, repo)
        try:
            families = dc.metric_families(dc.http_get(f"http://127.0.0.1:{ports['metrics']}/metrics"))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
    print(f"jitserved exports {len(families)} metric families")
    used = set()
    named = [(w, q) for w, q in queries]
    with open(os.path.join(MON, "alerts.yaml")) as f:
        for g in yaml.safe_load(f)["groups"]:
            for r in g["rules"]:
                named.append((f"alert {r.get('alert') or r.get('record')}", r["expr"]))
    with open(os.path.join(dc.DEPLOY, "kubernetes", "prometheus-adapter", "adapter-rules.yaml")) as f:
        adapter = yaml.safe_load(yaml.safe_load(f)["data"]["config.yaml"])
    for r in adapter["rules"]:
        named.append(("prometheus-adapter rule", r["seriesQuery"]))
    for where, q in named:
        names = metric_names(grafana_to_promql(q))
        if not names and not where.startswith("alert"):
            failures.append(f"{where}: names no metric: {q}")
        for n in names:
            fam = family_of(n, families)
            if fam:
                used.add(fam)
            elif not (where.startswith("alert") and n in PROMETHEUS_SERIES):
                failures.append(f"{where}: {n} is not a metric family jitserved exports")
    unused = sorted(f for f in families if f not in used)
    print(f"metrics named by the dashboard, alerts and adapter: {len(used)} families; not shown: {unused or 'none'}")
    if failures:
        for f in failures:
            print("FAIL " + f)
        sys.exit(1)
    print("dashboard: OK")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["alerts", "dashboard"])
    ap.add_argument("--jitserved")
    ap.add_argument("--node-modules")
    args = ap.parse_args()
    if args.mode == "alerts":
        alerts()
    else:
        dashboard(args)


if __name__ == "__main__":
    main()
