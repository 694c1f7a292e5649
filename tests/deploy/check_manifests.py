#!/usr/bin/env python3
"""Checks every manifest under deploy/ offline:

1. yamllint on every YAML file (deploy/.yamllint);
2. the kustomizations rendered (kubectl kustomize: base, overlays/*), with the
   KServe and prometheus-adapter files, each object:
   - type-checked by TypeScript against kubernetes-models' declarations
     (Kubernetes 1.27 types; @kubernetes-models/prometheus-operator for
     ServiceMonitor and PrometheusRule; tests/deploy/kserve.ts for KServe's
     resources, their embedded core types from kubernetes-models): an object
     literal with a field its type does not declare is an error, at any
     depth -- the unknown-field check;
   - validated against the same package's JSON schemas at run time
     (types, required fields, enums, formats);
3. what must agree, read from the files: the image reference (kustomize,
   KServe, build.sh's default tag), the ports (jitserved.json, the
   Containerfile, containerPorts, gRPC probes, Service targetPorts,
   ServiceMonitor, KServe), the drain grace against
   terminationGracePeriodSeconds, selectors against pod labels, volumes
   against ConfigMaps and claims, the non-root user, the PrometheusRule
   against deploy/monitoring/alerts.yaml, the ConfigMap's model against
   examples/models/mlp.

  check_manifests.py --node-modules DIR        (tests/deploy/npm_install.sh fills DIR)
  check_manifests.py --write-prometheusrule    regenerate base/prometheusrule.yaml

Exits 77 with one line when kubectl, yamllint, node or python3-yaml is missing.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import deploy_common as dc  # noqa: E402

try:
    import yaml
except ImportError:
    dc.skip("python3-yaml missing")

K8S = os.path.join(dc.DEPLOY, "kubernetes")
KUSTOMIZATIONS = ["base", "overlays/dev", "overlays/production"]
PLAIN_FILES = ["kserve/servingruntime.yaml", "kserve/inferenceservice.yaml",
               "kubernetes/prometheus-adapter/adapter-rules.yaml"]

# apiVersion, kind -> (module, class) of the model that types and validates it.
MODELS = {
    ("v1", "ConfigMap"): ("kubernetes-models/v1/ConfigMap", "ConfigMap"),
    ("v1", "Namespace"): ("kubernetes-models/v1/Namespace", "Namespace"),
    ("v1", "Service"): ("kubernetes-models/v1/Service", "Service"),
    ("v1", "PersistentVolumeClaim"): ("kubernetes-models/v1/PersistentVolumeClaim", "PersistentVolumeClaim"),
    ("apps/v1", "Deployment"): ("kubernetes-models/apps/v1/Deployment", "Deployment"),
    ("policy/v1", "PodDisruptionBudget"): ("kubernetes-models/policy/v1/PodDisruptionBudget", "PodDisruptionBudget"),
    ("autoscaling/v2", "HorizontalPodAutoscaler"):
        ("kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler", "HorizontalPodAutoscaler"),
    ("monitoring.coreos.com/v1", "ServiceMonitor"):
        ("@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor", "ServiceMonitor"),
    ("monitoring.coreos.com/v1", "PrometheusRule"):
        ("@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule", "PrometheusRule"),
    ("serving.kserve.io/v1alpha1", "ClusterServingRuntime"): ("./kserve.js", "ClusterServingRuntime"),
    ("serving.kserve.io/v1beta1", "InferenceService"): ("./kserve.js", "InferenceService"),
}

failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
    return cond


def prometheusrule_text():
    with open(os.path.join(dc.DEPLOY, "monitoring", "alerts.yaml")) as f:
        groups = yaml.safe_load(f)["groups"]
    doc = {"apiVersion": "monitoring.coreos.com/v1", "kind": "PrometheusRule",
           "metadata": {"name": "jitserve"}, "spec": {"groups": groups}}

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper, data):
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|" if "\n" in data else None)
    Dumper.add_representer(str, text)
    return ("# deploy/monitoring/alerts.yaml as a PrometheusRule for the Prometheus\n"
            "# operator (tests/deploy/check_manifests.py keeps the groups equal: edit\n"
            "# alerts.yaml, then regenerate with tests/deploy/check_manifests.py --write-prometheusrule).\n"
            + yaml.dump(doc, Dumper=Dumper, sort_keys=False, width=200, indent=2))


def rendered():
    """(source, object) for every object deploy/ defines."""
    out = []
    for k in KUSTOMIZATIONS:
        for d in dc.kustomize(os.path.join(K8S, k)):
            out.append((f"kubernetes/{k}", d))
    for p in PLAIN_FILES:
        for d in dc.load_yaml_docs(os.path.join(dc.DEPLOY, p)):
            out.append((p, d))
    return out


def schema_checks(objects, node_modules):
    """TypeScript (types + unknown fields) and the JSON schemas (run time)."""
    node = dc.need_tool("node")
    tsc = os.path.join(node_modules, ".bin", "tsc")
    if not os.path.exists(tsc):
        raise AssertionError(f"{tsc} missing: run tests/deploy/npm_install.sh {os.path.dirname(node_modules)}")
    with tempfile.TemporaryDirectory(dir=os.path.dirname(node_modules)) as tmp:
        # Module resolution walks up from the file: put it beside node_modules.
        imports, lines, sources = {}, [], []
        for i, (src, obj) in enumerate(objects):
            key = (obj.get("apiVersion"), obj.get("kind"))
            if not check(key in MODELS, f"{src}: no schema for {key} (add it to MODELS)"):
                continue
            module, cls = MODELS[key]
            imports.setdefault((module, cls), f"M{len(imports)}")
            name = f"{obj['kind']}/{obj['metadata'].get('name')}"
            lines.append(f"// {src}: {name}")
            # kubernetes-models' constructors set apiVersion and kind themselves
            # (from the class MODELS picked by them); the rest is typed.
            data = obj if module.startswith("./") else {k: v for k, v in obj.items() if k not in ("apiVersion", "kind")}
            lines.append(f"export const o{i} = new {imports[(module, cls)]}({json.dumps(data, indent=1)});")
            sources.append((i, src, name))
        head = [f'import {{ {cls} as {alias} }} from "{module}";' for (module, cls), alias in imports.items()]
        ts = "\n".join(head + lines + ["export const all = [" + ", ".join(f"o{i}" for i, _, _ in sources) + "];", ""])
        with open(os.path.join(tmp, "manifests.ts"), "w") as f:
            f.write(ts)
        with open(os.path.join(os.path.dirname(__file__), "kserve.ts")) as f:
            kserve = f.read()
        with open(os.path.join(tmp, "kserve.ts"), "w") as f:
            f.write(kserve)
        with open(os.path.join(tmp, "package.json"), "w") as f:
            json.dump({"type": "module"}, f)
        r = subprocess.run([node, tsc, "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
                            "--target", "es2022", "--skipLibCheck", "--outDir", tmp, "manifests.ts", "kserve.ts"],
                           cwd=tmp, text=True, capture_output=True)
        if r.returncode != 0:
            # Name the manifest each error is in.
            src_lines = ts.splitlines()
            for line in (r.stdout + r.stderr).splitlines():
                m = re.match(r"manifests\.ts\((\d+),\d+\): (.*)", line)
                where = ""
                if m:
                    for j in range(int(m.group(1)) - 1, -1, -1):
                        if src_lines[j].startswith("// "):
                            where = src_lines[j][3:] + ": "
                            break
                    failures.append(f"type check: {where}{m.group(2)}")
                elif line.strip():
                    failures.append(f"type check: {line}")
        else:
            print(f"type check (TypeScript, unknown fields): {len(sources)} objects OK")
        # Run time: each model's validate() against its JSON schema.
        with open(os.path.join(tmp, "validate.mjs"), "w") as f:
            f.write("import { all } from './manifests.js';\n"
                    f"const names = {json.dumps([f'{s}: {n}' for _, s, n in sources])};\n"
                    "let bad = 0;\n"
                    "all.forEach((o, i) => { try { o.validate(); } catch (e) {"
                    " bad++; console.log(`schema: ${names[i]}: ${e.message}`); } });\n"
                    "console.log(`schema validation: ${all.length - bad} of ${all.length} objects valid`);\n"
                    "process.exit(bad ? 1 : 0);\n")
        r = subprocess.run([node, "validate.mjs"], cwd=tmp, text=True, capture_output=True)
        out = (r.stdout + r.stderr).strip()
        if r.returncode != 0:
            failures.extend(line for line in out.splitlines() if line.startswith("schema: ") or "Error" in line)
            if not any(line.startswith("schema: ") for line in out.splitlines()):
                failures.append(out)
        else:
            print(out)


def find(objects, src, kind, name=None):
    for s, o in objects:
        if s == src and o["kind"] == kind and (name is None or o["metadata"]["name"] == name):
            return o
    return None


def containerfile():
    """EXPOSEd ports, the USER, and the CMD's flags."""
    with open(os.path.join(dc.DEPLOY, "container", "Containerfile")) as f:
        text = f.read().replace("\\\n", " ")
    expose = [int(p) for m in re.finditer(r"^EXPOSE (.*)$", text, re.M) for p in m.group(1).split()]
    user = re.search(r"^USER (\d+):(\d+)", text, re.M)
    cmd = json.loads(re.search(r"^CMD (\[.*\])", text, re.M).group(1))
    flags = {cmd[i]: cmd[i + 1] for i in range(0, len(cmd) - 1, 2)}
    return expose, int(user.group(1)), flags


def consistency(objects):
    expose, image_uid, cmd_flags = containerfile()
    tag = dc.image_tag()  # jitserve:VERSION, what build.sh makes
    check(int(cmd_flags["--grpc-port"]) in expose and int(cmd_flags["--metrics-port"]) in expose,
          f"Containerfile: CMD ports {cmd_flags} not all EXPOSEd {expose}")
    for k in KUSTOMIZATIONS:
        src = f"kubernetes/{k}"
        dep = find(objects, src, "Deployment", "jitserve")
        svc = find(objects, src, "Service", "jitserve")
        cfg = find(objects, src, "ConfigMap", "jitserve-config")
        if not (check(dep, f"{src}: no Deployment") and check(svc, f"{src}: no Service") and
                check(cfg, f"{src}: no ConfigMap jitserve-config")):
            continue
        pod = dep["spec"]["template"]
        c = pod["spec"]["containers"][0]
        settings = json.loads(cfg["data"]["jitserved.json"])
        # The config file the container reads is the ConfigMap's.
        args = c.get("args", [])
        conf_path = args[args.index("--config") + 1] if "--config" in args else None
        mounts = {m["name"]: m["mountPath"] for m in c.get("volumeMounts", [])}
        vols = {v["name"]: v for v in pod["spec"].get("volumes", [])}
        check(conf_path and any(conf_path == mounts.get(n, "") + "/jitserved.json" and
                                vols[n].get("configMap", {}).get("name") == "jitserve-config" for n in mounts),
              f"{src}: --config {conf_path} is not jitserved.json of the mounted jitserve-config")
        check(mounts.get("models") == settings["model_repository"],
              f"{src}: models mounted at {mounts.get('models')}, jitserved.json reads {settings['model_repository']}")
        # Image: kustomize's result, or what the dev/base overlays expect locally.
        image = c["image"]
        if k == "overlays/production":
            check(image.endswith(":" + tag.split(":")[1]), f"{src}: image {image} is not version {tag}")
        else:
            check(image == "localhost/" + tag, f"{src}: image {image}, build.sh makes localhost/{tag}")
        # Ports: jitserved.json = containerPorts = Containerfile = probes = Service.
        ports = {p["name"]: p["containerPort"] for p in c["ports"]}
        check(ports.get("grpc") == settings["grpc_port"] == int(cmd_flags["--grpc-port"]),
              f"{src}: grpc port: container {ports.get('grpc')}, jitserved.json {settings['grpc_port']}, "
              f"Containerfile {cmd_flags['--grpc-port']}")
        check(ports.get("metrics") == settings["metrics_port"] == int(cmd_flags["--metrics-port"]),
              f"{src}: metrics port: container {ports.get('metrics')}, jitserved.json {settings['metrics_port']}")
        check(settings["grpc_host"] == "0.0.0.0" and settings["metrics_host"] == "0.0.0.0",
              f"{src}: jitserved must listen on all addresses in a pod: {settings}")
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            p = c.get(probe)
            check(p and p.get("grpc", {}).get("port") == ports.get("grpc") and not p["grpc"].get("service"),
                  f"{src}: {probe} is not a grpc.health.v1 probe on the gRPC port: {p}")
        for sp in svc["spec"]["ports"]:
            target = sp["targetPort"]
            resolved = ports.get(target) if isinstance(target, str) else target
            check(resolved in ports.values(), f"{src}: Service port {sp['name']} targets {target}, not a container port")
            check(ports.get(sp["name"]) == resolved, f"{src}: Service port {sp['name']} -> {target} is not the container's {sp['name']} port")
        # Selectors match the pod's labels.
        labels = pod["metadata"]["labels"]
        for what, sel in (("Deployment", dep["spec"]["selector"]["matchLabels"]),
                          ("Service", svc["spec"]["selector"]),
                          ("PodDisruptionBudget", find(objects, src, "PodDisruptionBudget")["spec"]["selector"]["matchLabels"])):
            check(all(labels.get(k2) == v for k2, v in sel.items()), f"{src}: {what} selector {sel} misses pod labels {labels}")
        smon = find(objects, src, "ServiceMonitor")
        check(all(svc["metadata"].get("labels", {}).get(k2) == v for k2, v in smon["spec"]["selector"]["matchLabels"].items()),
              f"{src}: ServiceMonitor selector does not select the Service")
        check(all(e["port"] in {p["name"] for p in svc["spec"]["ports"]} and e["port"] == "metrics"
                  for e in smon["spec"]["endpoints"]), f"{src}: ServiceMonitor scrapes {smon['spec']['endpoints']}")
        hpa = find(objects, src, "HorizontalPodAutoscaler")
        check(hpa["spec"]["scaleTargetRef"]["name"] == dep["metadata"]["name"], f"{src}: HPA scales another target")
        check(hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"], f"{src}: HPA min > max")
        # SIGTERM drain ends before the kubelet's SIGKILL.
        grace_s = pod["spec"]["terminationGracePeriodSeconds"]
        check(settings["drain_grace_ms"] + 2000 <= grace_s * 1000,
              f"{src}: drain_grace_ms {settings['drain_grace_ms']} does not end 2 s before "
              f"terminationGracePeriodSeconds {grace_s}")
        # Non-root, read-only root filesystem, as the image's user.
        psc, csc = pod["spec"].get("securityContext", {}), c.get("securityContext", {})
        check(psc.get("runAsNonRoot") is True and psc.get("runAsUser") == image_uid,
              f"{src}: pod securityContext {psc} (image user {image_uid})")
        check(csc.get("readOnlyRootFilesystem") is True and csc.get("allowPrivilegeEscalation") is False and
              csc.get("capabilities", {}).get("drop") == ["ALL"], f"{src}: container securityContext {csc}")
        check("/tmp" in mounts.values(), f"{src}: no writable /tmp under a read-only root")
        # Threads within the CPU limit.
        cpu = c["resources"]["limits"]["cpu"]
        cpus = float(cpu[:-1]) / 1000 if str(cpu).endswith("m") else float(cpu)
        for t in ("workers", "intra_op_threads"):
            check(0 < settings.get(t, 0) <= cpus, f"{src}: {t} {settings.get(t)} with a CPU limit of {cpu}")
        # Every volume's source exists in the rendering.
        for v in vols.values():
            if "configMap" in v:
                check(find(objects, src, "ConfigMap", v["configMap"]["name"]),
                      f"{src}: volume {v['name']} needs ConfigMap {v['configMap']['name']}")
            if "persistentVolumeClaim" in v:
                check(find(objects, src, "PersistentVolumeClaim", v["persistentVolumeClaim"]["claimName"]),
                      f"{src}: volume {v['name']} needs PersistentVolumeClaim {v['persistentVolumeClaim']['claimName']}")
        # The PrometheusRule is alerts.yaml.
        rule = find(objects, src, "PrometheusRule")
        with open(os.path.join(dc.DEPLOY, "monitoring", "alerts.yaml")) as f:
            check(rule and rule["spec"]["groups"] == yaml.safe_load(f)["groups"],
                  f"{src}: PrometheusRule differs from deploy/monitoring/alerts.yaml "
                  "(tests/deploy/check_manifests.py --write-prometheusrule)")

    # The example model in the ConfigMap is examples/models/mlp.
    models = find(objects, "kubernetes/base", "ConfigMap", "jitserve-models")
    ex = os.path.join(dc.REPO, "examples", "models", "mlp")
    with open(os.path.join(ex, "1", "model.py")) as f1, open(os.path.join(ex, "config.json")) as f2:
        check(models["data"]["mlp.model.py"] == f1.read(), "base ConfigMap mlp.model.py differs from examples/models/mlp/1/model.py")
        check(json.loads(models["data"]["mlp.config.json"]) == json.load(f2),
              "base ConfigMap mlp.config.json differs from examples/models/mlp/config.json")

    # KServe: the same image, the gRPC port named h2c, probes on it, flags
    # jitserved knows, the metrics port announced.
    rt = find(objects, "kserve/servingruntime.yaml", "ClusterServingRuntime")
    c = rt["spec"]["containers"][0]
    check(c["image"] == "localhost/" + tag, f"ServingRuntime image {c['image']}, build.sh makes localhost/{tag}")
    args = c["args"]
    flags = {args[i]: args[i + 1] for i in range(0, len(args) - 1, 2)}
    check(flags.get("--model-repository") == "/mnt/models", f"ServingRuntime: repository {flags.get('--model-repository')}")
    grpc_port = int(flags["--grpc-port"])
    check([(p["name"], p["containerPort"]) for p in c["ports"]] == [("h2c", grpc_port)],
          f"ServingRuntime ports {c['ports']} (gRPC on {grpc_port}, named h2c)")
    for probe in ("readinessProbe", "livenessProbe"):
        check(c.get(probe, {}).get("grpc", {}).get("port") == grpc_port, f"ServingRuntime {probe} not on {grpc_port}")
    check(rt["spec"]["annotations"]["prometheus.kserve.io/port"] == flags["--metrics-port"],
          "ServingRuntime: prometheus.kserve.io/port is not --metrics-port")
    check(c["securityContext"].get("runAsUser") == image_uid, "ServingRuntime: runAsUser is not the image's user")
    check("grpc-v2" in rt["spec"]["protocolVersions"], "ServingRuntime: no grpc-v2")
    isvc = find(objects, "kserve/inferenceservice.yaml", "InferenceService")
    m = isvc["spec"]["predictor"]["model"]
    check(m["runtime"] == rt["metadata"]["name"], f"InferenceService runtime {m['runtime']}")
    check(m["modelFormat"]["name"] in {f["name"] for f in rt["spec"]["supportedModelFormats"]},
          "InferenceService model format not supported by the runtime")
    check(m["protocolVersion"] in rt["spec"]["protocolVersions"], "InferenceService protocol not the runtime's")
    known = jitserved_flags()
    for f in flags:
        check(f[2:] in known, f"ServingRuntime: jitserved has no flag {f}")

    # prometheus-adapter serves the HPA's custom metric.
    adapter = find(objects, "kubernetes/prometheus-adapter/adapter-rules.yaml", "ConfigMap")
    rules = yaml.safe_load(adapter["data"]["config.yaml"])["rules"]
    served = {r["name"]["as"] for r in rules}
    hpa = find(objects, "kubernetes/base", "HorizontalPodAutoscaler")
    for metric in hpa["spec"]["metrics"]:
        if metric["type"] == "Pods":
            check(metric["pods"]["metric"]["name"] in served,
                  f"HPA metric {metric['pods']['metric']['name']} is not served by prometheus-adapter ({served})")


def jitserved_flags():
    """The flags server/server_config.cpp defines (plus --config)."""
    with open(os.path.join(dc.REPO, "server", "server_config.cpp")) as f:
        return set(re.findall(r'^\s*\{"([a-z-]+)", Kind::', f.read(), re.M)) | {"config"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--node-modules", help="node_modules with the packages of tests/deploy/package.json")
    ap.add_argument("--write-prometheusrule", action="store_true")
    args = ap.parse_args()
    if args.write_prometheusrule:
        with open(os.path.join(K8S, "base", "prometheusrule.yaml"), "w") as f:
            f.write(prometheusrule_text())
        return
    dc.need_tool("kubectl")
    dc.need_tool("node")
    yamllint = dc.need_tool("yamllint")
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(dc.DEPLOY) for f in fs if f.endswith((".yaml", ".yml")))
    r = subprocess.run([yamllint, "-c", os.path.join(dc.DEPLOY, ".yamllint"), "-f", "parsable", *files],
                       text=True, capture_output=True)
    if r.returncode != 0 or r.stdout.strip():
        failures.extend("yamllint: " + line for line in r.stdout.splitlines())
    else:
        print(f"yamllint: {len(files)} files OK")
    with open(os.path.join(K8S, "base", "prometheusrule.yaml")) as f:
        check(f.read() == prometheusrule_text(),
              "base/prometheusrule.yaml is not alerts.yaml's groups: run tests/deploy/check_manifests.py --write-prometheusrule")
    objects = rendered()
    print(f"rendered: {len(objects)} objects from {', '.join(KUSTOMIZATIONS)} and {len(PLAIN_FILES)} files")
    if not args.node_modules:
        dc.skip("no --node-modules given (tests/deploy/npm_install.sh DIR installs them)")
    schema_checks(objects, os.path.abspath(args.node_modules))
    consistency(objects)
    if failures:
        for f in failures:
            print("FAIL " + f)
        sys.exit(1)
    print("manifests: OK")


if __name__ == "__main__":
    main()
