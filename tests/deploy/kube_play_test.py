#!/usr/bin/env python3
"""`podman kube play` of the base Deployment (with its ConfigMaps): the pod
runs the image built by deploy_image_build as the manifest says (user,
read-only root, config and models from the ConfigMaps), answers the
grpc.health.v1 check a kubelet probe makes on the pod's address and the
probe's port, serves the ConfigMap's model over KServe v2 and /metrics on
the Service's metrics port; `podman kube down` stops it.

No Kubernetes API server exists here: podman runs the pod spec, not probes
or Services; the test makes the probe's call itself. podman 4.3 cannot
create the folders of a configMap volume's item paths (mlp/1/model.py), so
the test creates the volume's folders before the play.

Exits 77 with one line where podman or kubectl cannot run.
"""
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import deploy_common as dc  # noqa: E402


def main():
    dc.need_podman()
    dc.need_tool("kubectl")
    try:
        import numpy as np
        import yaml
    except ImportError as e:
        dc.skip(f"numpy/python3-yaml missing: {e}")
    tag = dc.image_tag()
    if dc.podman("image", "exists", tag, check=False).returncode != 0:
        raise AssertionError(f"{tag} is missing: the deploy_image_build test builds it")

    objects = dc.kustomize(os.path.join(dc.DEPLOY, "kubernetes", "base"))
    dep = next(o for o in objects if o["kind"] == "Deployment")
    svc = next(o for o in objects if o["kind"] == "Service")
    pod_spec = dep["spec"]["template"]["spec"]
    container = pod_spec["containers"][0]
    assert container["image"] == "localhost/" + tag, container["image"]
    # What Kubernetes would run: one replica of the pod, with its ConfigMaps.
    dep["spec"]["replicas"] = 1
    play = [o for o in objects if o["kind"] == "ConfigMap"] + [dep]
    probe_port = container["readinessProbe"]["grpc"]["port"]
    metrics_port = next(p["containerPort"] for p in container["ports"]
                        if p["name"] == next(s["targetPort"] for s in svc["spec"]["ports"] if s["name"] == "metrics"))

    with tempfile.TemporaryDirectory() as tmp:
        pb2, pb2_grpc, health_pb2, health_pb2_grpc = dc.grpc_modules(tmp)
        path = os.path.join(tmp, "play.yaml")
        with open(path, "w") as f:
            yaml.safe_dump_all(play, f)
        pod = f"{dep['metadata']['name']}-pod-0"
        ctr = f"{pod}-{container['name']}"
        dc.podman("kube", "down", path, check=False)
        models = next(v for v in pod_spec["volumes"] if v["name"] == "models")["configMap"]
        volumes = [v["configMap"]["name"] for v in pod_spec["volumes"] if "configMap" in v]
        for v in volumes:
            dc.podman("volume", "rm", "-f", v, check=False)
        dc.podman("volume", "create", models["name"])
        mountpoint = dc.podman("volume", "inspect", "--format", "{{.Mountpoint}}", models["name"]).stdout.strip()
        for item in models["items"]:
            os.makedirs(os.path.join(mountpoint, os.path.dirname(item["path"])), exist_ok=True)
        t0 = time.monotonic()
        try:
            dc.podman("kube", "play", path)
            info = json.loads(dc.podman("inspect", ctr).stdout)[0]
            # The securityContext as podman applied it.
            assert info["Config"]["User"].split(":")[0] == str(pod_spec["securityContext"]["runAsUser"]), info["Config"]["User"]
            assert info["HostConfig"]["ReadonlyRootfs"] is True, "root filesystem is writable"
            infra = json.loads(dc.podman("pod", "inspect", pod).stdout)
            infra = infra[0] if isinstance(infra, list) else infra
            net = json.loads(dc.podman("inspect", infra["InfraContainerID"]).stdout)[0]["NetworkSettings"]
            ip = net.get("IPAddress") or next(n["IPAddress"] for n in net["Networks"].values() if n.get("IPAddress"))
            target = f"{ip}:{probe_port}"
            waited = dc.wait_serving(target, health_pb2, health_pb2_grpc, timeout=120)
            print(f"pod {pod} at {ip}: grpc.health.v1 SERVING on the probe's port {probe_port}, "
                  f"{time.monotonic() - t0:.2f} s after kube play ({waited:.2f} s polling)")
            # The ConfigMap's model, the example mlp, over KServe v2.
            x = np.array([[1.0, 2.0, 3.0, 4.0]], dtype=np.float32)
            out = dc.kserve_infer(target, pb2, pb2_grpc, "mlp", [x], names=["x"])
            assert out[0].shape == (1, 2) and abs(float(out[0].sum()) - 1.0) < 1e-5, out
            text = dc.http_get(f"http://{ip}:{metrics_port}/metrics")
            assert 'jitserve_requests_total{api="kserve",code="OK",method="forward",model="mlp"} 1' in text, text[:1500]
            # The settings came from the ConfigMap's jitserved.json.
            assert "\njitserve_workers 2\n" in text, "workers is not jitserved.json's"
            print("KServe ModelInfer on mlp and /metrics on the metrics port: OK")
        finally:
            logs = dc.podman("logs", ctr, check=False)
            dc.podman("kube", "down", path, check=False)
            for v in volumes:
                dc.podman("volume", "rm", "-f", v, check=False)
            print((logs.stdout + logs.stderr).strip())
    print("kube play: OK")


if __name__ == "__main__":
    main()
