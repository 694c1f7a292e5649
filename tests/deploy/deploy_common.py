"""Helpers shared by the deploy/ tests: skipping with one line, podman with
this machine kind's settings, gRPC stubs from the published protos, the
KServe and health calls, and reading the rendered manifests."""
import os
import shutil
import subprocess
import sys
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEPLOY = os.path.join(REPO, "deploy")


def skip(why):
    """Exit 77 (ctest's SKIP_RETURN_CODE) with one line."""
    print(f"SKIP: {why}")
    sys.exit(77)


# Not a Debian 12 package: our machines ship it (with kustomize built in).
NOT_FROM_DEBIAN = {"kubectl": "kubectl not found (not in Debian 12: install kubectl 1.27 or newer)"}


def need_tool(name):
    path = shutil.which(name)
    if not path:
        skip(NOT_FROM_DEBIAN.get(name, f"{name} not found (bash scripts/install-deps.sh installs it)"))
    return path


def podman_env():
    env = dict(os.environ)
    # Hosts without systemd and with hybrid cgroups (ours) need runc,
    # cgroupfs and lower ulimits: deploy/container/containers.conf.
    env.setdefault("CONTAINERS_CONF", os.path.join(DEPLOY, "container", "containers.conf"))
    return env


def podman(*args, check=True, capture=True, timeout=300):
    r = subprocess.run(["podman", *args], env=podman_env(), text=True, timeout=timeout,
                       stdout=subprocess.PIPE if capture else None, stderr=subprocess.PIPE if capture else None)
    if check and r.returncode != 0:
        raise RuntimeError(f"podman {' '.join(args)} exited {r.returncode}:\n{r.stdout}\n{r.stderr}")
    return r


def need_podman():
    """Skips unless podman can run a container here."""
    need_tool("podman")
    r = podman("info", "--format", "{{.Host.OCIRuntime.Name}}", check=False)
    if r.returncode != 0:
        skip(f"podman cannot run here: {(r.stderr or r.stdout).strip().splitlines()[-1:]}")


def image_tag():
    """The reference build.sh gives the image by default (jitserve:VERSION)."""
    with open(os.path.join(REPO, "CMakeLists.txt")) as f:
        for line in f:
            if line.startswith("project(jitserve VERSION "):
                return "jitserve:" + line.split()[2]
    raise RuntimeError("no project(jitserve VERSION ...) in CMakeLists.txt")


def grpc_modules(out_dir):
    """KServe v2 and grpc.health.v1 stubs generated from proto/ (what a
    client that knows nothing of jitserve would use)."""
    try:
        import grpc  # noqa: F401
        from google.protobuf import __version__  # noqa: F401
    except ImportError as e:
        skip(f"python3-grpcio/python3-protobuf missing: {e}")
    plugin = shutil.which("grpc_python_plugin") or "/usr/bin/grpc_python_plugin"
    if not os.path.exists(plugin) or not shutil.which("protoc"):
        skip("protoc or grpc_python_plugin not found (protobuf-compiler, python3-grpcio)")
    proto_dir = os.path.join(REPO, "proto")
    # health.proto under another folder: a generated grpc/health/v1 package
    # would hide the grpc module itself.
    health_dir = os.path.join(out_dir, "protos")
    os.makedirs(os.path.join(health_dir, "grpc_health_v1"), exist_ok=True)
    shutil.copy(os.path.join(proto_dir, "grpc", "health", "v1", "health.proto"),
                os.path.join(health_dir, "grpc_health_v1", "health.proto"))
    for root, p in ((proto_dir, "inference/grpc_service.proto"), (health_dir, "grpc_health_v1/health.proto")):
        subprocess.run(["protoc", f"--proto_path={root}", f"--python_out={out_dir}", f"--grpc_out={out_dir}",
                        f"--plugin=protoc-gen-grpc={plugin}", os.path.join(root, p)], check=True)
    sys.path.insert(0, out_dir)
    from inference import grpc_service_pb2, grpc_service_pb2_grpc
    from grpc_health_v1 import health_pb2, health_pb2_grpc
    return grpc_service_pb2, grpc_service_pb2_grpc, health_pb2, health_pb2_grpc


def wait_serving(target, health_pb2, health_pb2_grpc, timeout=60):
    """Polls grpc.health.v1.Health/Check as a kubelet gRPC probe does;
    returns the seconds it took to answer SERVING."""
    import grpc
    t0 = time.monotonic()
    last = None
    while time.monotonic() - t0 < timeout:
        try:
            with grpc.insecure_channel(target) as ch:
                r = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(service=""), timeout=1)
                if r.status == health_pb2.HealthCheckResponse.SERVING:
                    return time.monotonic() - t0
                last = r.status
        except grpc.RpcError as e:
            last = e.code()
        time.sleep(0.05)
    raise AssertionError(f"{target} not SERVING after {timeout} s (last: {last})")


def kserve_infer(target, pb2, pb2_grpc, model, arrays, names=None):
    """One ModelInfer with raw_input_contents; returns the outputs as numpy
    arrays."""
    import grpc
    import numpy as np
    dtypes = {np.float32: "FP32", np.float64: "FP64", np.int64: "INT64", np.int32: "INT32", np.bool_: "BOOL"}
    req = pb2.ModelInferRequest(model_name=model, id="deploy-test")
    for i, a in enumerate(arrays):
        inp = req.inputs.add()
        inp.name = names[i] if names else f"input__{i}"
        inp.datatype = dtypes[a.dtype.type]
        inp.shape.extend(a.shape)
        req.raw_input_contents.append(np.ascontiguousarray(a).tobytes())
    with grpc.insecure_channel(target, options=[("grpc.max_receive_message_length", 64 << 20)]) as ch:
        resp = pb2_grpc.GRPCInferenceServiceStub(ch).ModelInfer(req, timeout=60)
    back = {"FP32": np.float32, "FP64": np.float64, "INT64": np.int64, "INT32": np.int32, "BOOL": np.bool_}
    return [np.frombuffer(raw, dtype=back[o.datatype]).reshape(list(o.shape))
            for o, raw in zip(resp.outputs, resp.raw_output_contents)]


def http_get(url, timeout=5):
    import urllib.request
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.read().decode()


def metric_families(text):
    """Family names from Prometheus text (# TYPE lines), with their types."""
    out = {}
    for line in text.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(None, 3)
            out[name] = kind.strip()
    return out


def kustomize(path):
    """Renders a kustomization with kubectl's built-in kustomize."""
    import yaml
    kubectl = need_tool("kubectl")
    r = subprocess.run([kubectl, "kustomize", path], text=True, capture_output=True)
    if r.returncode != 0:
        raise AssertionError(f"kubectl kustomize {path} failed:\n{r.stderr}")
    return [d for d in yaml.safe_load_all(r.stdout) if d]


def load_yaml_docs(path):
    import yaml
    with open(path) as f:
        return [d for d in yaml.safe_load_all(f) if d]
