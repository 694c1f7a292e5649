#!/usr/bin/env python3
"""The container image, end to end (deploy/container).

  image_test.py build --build-dir DIR   build the image with build.sh from the
                                        built binaries; check its size (at most
                                        150 MB), user, labels, ports, health check
  image_test.py serve --corpus DIR      run it on a corpus model: grpc.health.v1
                                        SERVING, a KServe v2 ModelInfer whose output
                                        is PyTorch's (expected.pt), /metrics, the
                                        image's HEALTHCHECK, SIGTERM -> exit 0

Exits 77 with one line where podman cannot run (or python3-grpcio, numpy,
torch are missing).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import deploy_common as dc  # noqa: E402

MAX_IMAGE_BYTES = 150 * 1000 * 1000  # podman reports decimal MB


def build(args):
    dc.need_podman()
    old = dc.podman("image", "inspect", "--format", "{{.Id}}", dc.image_tag(), check=False).stdout.strip()
    t0 = time.monotonic()
    r = subprocess.run(["bash", os.path.join(dc.DEPLOY, "container", "build.sh"), "--build-dir", args.build_dir],
                       env=dc.podman_env(), text=True, capture_output=True)
    if r.returncode != 0:
        raise AssertionError(f"build.sh failed:\n{r.stdout}\n{r.stderr}")
    tag = r.stdout.strip().splitlines()[-1]
    assert tag == dc.image_tag(), (tag, dc.image_tag())
    took = time.monotonic() - t0
    info = json.loads(dc.podman("image", "inspect", tag).stdout)[0]
    if old and old != info["Id"]:
        # The image this build replaced, now untagged: not left to pile up.
        dc.podman("rmi", old, check=False)
    size = info["Size"]
    cfg = info["Config"]
    labels = cfg.get("Labels") or {}
    print(f"image {tag}: {size / 1e6:.1f} MB, built in {took:.1f} s")
    assert size <= MAX_IMAGE_BYTES, f"image is {size / 1e6:.1f} MB, over 150 MB"
    # Non-root, by number (runAsNonRoot can only check a number).
    user = cfg.get("User", "")
    assert user and user.split(":")[0].isdigit() and int(user.split(":")[0]) != 0, f"image runs as {user!r}"
    head = subprocess.run(["git", "-C", dc.REPO, "rev-parse", "HEAD"], text=True, capture_output=True).stdout.strip()
    rev = labels.get("org.opencontainers.image.revision", "")
    assert head and rev.startswith(head), f"revision label {rev!r}, HEAD {head!r}"
    version = dc.image_tag().split(":")[1]
    assert labels.get("org.opencontainers.image.version") == version, labels
    exposed = sorted(cfg.get("ExposedPorts", {}))
    assert exposed == ["8001/tcp", "8002/tcp"], exposed
    assert "/models" in (cfg.get("Volumes") or {}), cfg.get("Volumes")
    hc = json.loads(dc.podman("image", "inspect", "--format", "{{json .HealthCheck}}", tag).stdout)
    assert hc and "health" in hc.get("Test", []), f"no health check declared: {hc}"
    # Only the binaries and what they load: no shell in the image.
    sh = dc.podman("run", "--rm", "--network", "none", "--entrypoint", "/bin/sh", tag, "-c", "true", check=False)
    assert sh.returncode != 0, "the image has a shell"
    jitctl = dc.podman("run", "--rm", "--network", "none", "--entrypoint", "/usr/bin/jitctl", tag, "--help",
                       check=False)
    assert jitctl.returncode == 0 and "health" in jitctl.stdout, jitctl.stdout + jitctl.stderr
    print("image build: OK")


def serve(args):
    dc.need_podman()
    try:
        import numpy as np
        import torch
    except ImportError as e:
        dc.skip(f"numpy/torch missing: {e}")
    tag = dc.image_tag()
    if dc.podman("image", "exists", tag, check=False).returncode != 0:
        raise AssertionError(f"{tag} is missing: the deploy_image_build test builds it")
    case = os.path.join(args.corpus, args.model)
    with open(os.path.join(case, "case.json")) as f:
        tol = json.load(f)
    inputs = torch.load(os.path.join(case, "inputs.pt"))
    expected = torch.load(os.path.join(case, "expected.pt"))

    with tempfile.TemporaryDirectory() as tmp:
        pb2, pb2_grpc, health_pb2, health_pb2_grpc = dc.grpc_modules(tmp)
        # The model repository volume: NAME/VERSION/model.pt.
        repo = os.path.join(tmp, "models")
        os.makedirs(os.path.join(repo, args.model, "1"))
        shutil.copy(os.path.join(case, "model.pt"), os.path.join(repo, args.model, "1", "model.pt"))
        os.chmod(tmp, 0o755)
        for d, _, files in os.walk(repo):
            os.chmod(d, 0o755)
            for f in files:
                os.chmod(os.path.join(d, f), 0o644)
        name = f"jitserve-test-{os.getpid()}"
        t0 = time.monotonic()
        # The image's own command line (ports 8001/8002 on all addresses),
        # published on free loopback ports. --health-interval disable: no
        # systemd timer here; the test runs the health check itself.
        dc.podman("run", "-d", "--name", name, "--health-interval", "disable",
                  "-p", "127.0.0.1::8001", "-p", "127.0.0.1::8002",
                  "-v", f"{repo}:/models:ro", tag)
        try:
            ports = {}
            for line in dc.podman("port", name).stdout.splitlines():
                inner, outer = line.split(" -> ")
                ports[inner.split("/")[0]] = outer.strip()
            grpc_target, metrics = ports["8001"], ports["8002"]
            waited = dc.wait_serving(grpc_target, health_pb2, health_pb2_grpc, timeout=120)
            started = time.monotonic() - t0
            print(f"SERVING {started:.2f} s after podman run ({waited:.2f} s of health polling)")

            arrays = [t.numpy() for t in inputs]
            t1 = time.monotonic()
            got = dc.kserve_infer(grpc_target, pb2, pb2_grpc, args.model, arrays)
            print(f"ModelInfer {args.model}: {1000 * (time.monotonic() - t1):.1f} ms (first request)")
            want = expected.numpy()
            assert len(got) == 1 and got[0].shape == want.shape, (len(got), got[0].shape, want.shape)
            if not np.allclose(got[0], want, rtol=tol["rtol"], atol=tol["atol"]):
                raise AssertionError(f"{args.model}: max |diff| {np.abs(got[0] - want).max()} over tolerance")
            print(f"ModelInfer {args.model}: matches PyTorch (max |diff| {np.abs(got[0] - want).max():.2e})")

            text = dc.http_get(f"http://{metrics}/metrics")
            line = f'jitserve_requests_total{{api="kserve",code="OK",method="forward",model="{args.model}"}} 1'
            assert line in text, f"/metrics does not count the request:\n{text[:2000]}"
            # The image's HEALTHCHECK (jitctl health inside the container).
            hc = dc.podman("healthcheck", "run", name, check=False)
            assert hc.returncode == 0, f"HEALTHCHECK failed: {hc.stdout} {hc.stderr}"
            state = dc.podman("inspect", "--format", "{{.State.Health.Status}}", name).stdout.strip()
            assert state == "healthy", state

            t2 = time.monotonic()
            dc.podman("kill", "--signal", "TERM", name)
            rc = dc.podman("wait", name, timeout=60).stdout.strip()
            stopped = time.monotonic() - t2
            logs = dc.podman("logs", name).stderr + dc.podman("logs", name).stdout
            assert rc == "0", f"exit code {rc} after SIGTERM:\n{logs}"
            assert "SIGTERM: draining" in logs and "jitserved: stopped" in logs, logs
            print(f"SIGTERM: exit 0 after {stopped:.2f} s")
        finally:
            dc.podman("rm", "-f", "-t", "0", name, check=False)
    print("image serve: OK")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["build", "serve"])
    ap.add_argument("--build-dir")
    ap.add_argument("--corpus", default=os.path.join(dc.REPO, "..", "shared", "conformance", "models"))
    ap.add_argument("--model", default="squeezenet1_1")
    args = ap.parse_args()
    if args.mode == "build":
        build(args)
    else:
        if not os.path.isdir(os.path.join(args.corpus, args.model)):
            dc.skip(f"corpus model {args.model} not found under {args.corpus}")
        serve(args)


if __name__ == "__main__":
    main()
