#!/usr/bin/env python3
"""TLS and mutual TLS on jitserved's ports, with a CA made here by openssl.

Python's grpcio (KServe stubs generated from proto/) and jitctl as clients:
- TLS: a client trusting the CA is served (live, an inference); a plain-text
  client and one trusting another CA are refused.
- mutual TLS (--tls-client-ca): a client without a certificate, or with one
  another CA signed, is refused; one with a certificate the CA signed is
  served, on the inference and the admin port.
- rotation: the server's certificate replaced on disk by one from a second
  CA applies to new connections within --tls-reload-seconds.
- bad flags and files: a clear error, exit status 2 or 1.

Exits 77 (skipped) without grpcio or openssl.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

try:
    import grpc
except ImportError as e:
    print(f"SKIP: {e}")
    sys.exit(77)
if shutil.which("openssl") is None:
    print("SKIP: no openssl")
    sys.exit(77)


def sh(*args, **kw):
    return subprocess.run(list(args), check=True, capture_output=True, text=True, **kw)


def make_ca(d, name):
    key, crt = os.path.join(d, name + ".key"), os.path.join(d, name + ".pem")
    sh("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", crt, "-days", "2",
       "-subj", f"/CN={name}")
    return key, crt


def make_leaf(d, name, ca, server):
    key, csr, crt = (os.path.join(d, name + ext) for ext in (".key", ".csr", ".pem"))
    sh("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr, "-subj", f"/CN={name}")
    ext = os.path.join(d, name + ".ext")
    with open(ext, "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n" if server else "extendedKeyUsage=clientAuth\n")
    sh("openssl", "x509", "-req", "-in", csr, "-CA", ca[1], "-CAkey", ca[0], "-CAcreateserial", "-out", crt,
       "-days", "2", "-extfile", ext)
    return key, crt


def read(path):
    with open(path, "rb") as f:
        return f.read()


def start(jitserved, models, extra, token=None):
    args = [jitserved, "--model-repository", models, "--grpc-host", "127.0.0.1", "--grpc-port", "0",
            "--metrics-port", "0"] + extra
    if token:
        args += ["--admin-token-file", token, "--admin-port", "0"]
    proc = subprocess.Popen(args, stderr=subprocess.PIPE, text=True)
    ports, log, deadline = {}, "", time.time() + 60
    while time.time() < deadline and "grpc" not in ports:
        line = proc.stderr.readline()
        if not line:
            break
        log += line
        for kind in ("grpc", "admin"):
            m = re.search(r"jitserved: %s listening on [^\s:]+:(\d+)" % kind, line)
            if m:
                ports[kind] = int(m.group(1))
    if "grpc" not in ports:
        proc.kill()
        raise RuntimeError("jitserved did not start:\n" + log)
    return proc, ports


def stop(proc):
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()


def live(pb2, pb2_grpc, channel):
    """ServerLive through channel: True, or the gRPC status code's name."""
    try:
        grpc.channel_ready_future(channel).result(timeout=5)
        return pb2_grpc.GRPCInferenceServiceStub(channel).ServerLive(pb2.ServerLiveRequest(), timeout=5).live
    except grpc.FutureTimeoutError:
        return "no connection"
    except grpc.RpcError as e:
        return e.code().name
    finally:
        channel.close()


def secure(port, ca, cert=None, key=None):
    creds = grpc.ssl_channel_credentials(read(ca), read(key) if key else None, read(cert) if cert else None)
    return grpc.secure_channel(f"127.0.0.1:{port}", creds)


failures = []


def expect(what, got, want):
    ok = got == want if not callable(want) else want(got)
    print(("ok   " if ok else "FAIL ") + f"{what}: {got}")
    if not ok:
        failures.append(what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jitserved", required=True)
    ap.add_argument("--jitctl", required=True)
    ap.add_argument("--proto-dir", required=True)
    ap.add_argument("--models", required=True)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as d:
        proto = os.path.join(args.proto_dir, "inference", "grpc_service.proto")
        sh("protoc", f"--proto_path={args.proto_dir}", f"--python_out={d}", f"--grpc_out={d}",
           "--plugin=protoc-gen-grpc=/usr/bin/grpc_python_plugin", proto)
        sys.path.insert(0, d)
        from inference import grpc_service_pb2 as pb2, grpc_service_pb2_grpc as pb2_grpc

        ca, other_ca = make_ca(d, "ca"), make_ca(d, "other-ca")
        server = make_leaf(d, "server", ca, True)
        client = make_leaf(d, "client", ca, False)
        stranger = make_leaf(d, "stranger", other_ca, False)
        token = os.path.join(d, "token")
        with open(token, "w") as f:
            f.write("s3cret\n")

        # TLS.
        live_key, live_crt = os.path.join(d, "live.key"), os.path.join(d, "live.pem")
        shutil.copy(server[0], live_key)
        shutil.copy(server[1], live_crt)
        proc, ports = start(args.jitserved, args.models,
                            ["--tls-cert", live_crt, "--tls-key", live_key, "--tls-reload-seconds", "1"])
        try:
            port = ports["grpc"]
            expect("TLS: client trusting the CA is served", live(pb2, pb2_grpc, secure(port, ca[1])), True)
            expect("TLS: plain-text client refused",
                   live(pb2, pb2_grpc, grpc.insecure_channel(f"127.0.0.1:{port}")), lambda r: r is not True)
            expect("TLS: client trusting another CA refused", live(pb2, pb2_grpc, secure(port, other_ca[1])),
                   lambda r: r is not True)
            ch = secure(port, ca[1])
            req = pb2.ModelInferRequest(model_name="mlp")
            t = req.inputs.add(name="x", datatype="FP32", shape=[1, 4])
            t.contents.fp32_contents.extend([1.0, 2.0, 3.0, 4.0])
            try:
                resp = pb2_grpc.GRPCInferenceServiceStub(ch).ModelInfer(req, timeout=10)
                expect("TLS: an inference (mlp, [1, 2] out)", list(resp.outputs[0].shape), [1, 2])
            except grpc.RpcError as e:
                expect("TLS: an inference", e.code().name + " " + e.details(), lambda r: False)
            ch.close()
            r = subprocess.run([args.jitctl, "--server", f"127.0.0.1:{port}", "--tls-ca", ca[1], "health"],
                               capture_output=True, text=True)
            expect("TLS: jitctl --tls-ca health", r.stdout.strip(), "SERVING")
            r = subprocess.run([args.jitctl, "--server", f"127.0.0.1:{port}", "--timeout", "3", "health"],
                               capture_output=True, text=True)
            expect("TLS: jitctl without --tls-ca fails", r.returncode, lambda c: c != 0)

            # Rotation: a certificate from another CA, picked up without a restart.
            rotated = make_leaf(d, "rotated", other_ca, True)
            shutil.copy(rotated[0], live_key + ".new")
            shutil.copy(rotated[1], live_crt + ".new")
            os.replace(live_key + ".new", live_key)
            os.replace(live_crt + ".new", live_crt)
            got = None
            for _ in range(20):
                time.sleep(0.5)
                got = live(pb2, pb2_grpc, secure(port, other_ca[1]))
                if got is True:
                    break
            expect("rotation: the new certificate is served", got, True)
            expect("rotation: the old CA no longer verifies it", live(pb2, pb2_grpc, secure(port, ca[1])),
                   lambda r: r is not True)
        finally:
            stop(proc)

        # Mutual TLS, inference and admin ports.
        proc, ports = start(args.jitserved, args.models,
                            ["--tls-cert", server[1], "--tls-key", server[0], "--tls-client-ca", ca[1]], token=token)
        try:
            port = ports["grpc"]
            expect("mTLS: client without a certificate refused", live(pb2, pb2_grpc, secure(port, ca[1])),
                   lambda r: r is not True)
            expect("mTLS: certificate from another CA refused",
                   live(pb2, pb2_grpc, secure(port, ca[1], stranger[1], stranger[0])), lambda r: r is not True)
            expect("mTLS: certificate the CA signed is served",
                   live(pb2, pb2_grpc, secure(port, ca[1], client[1], client[0])), True)
            tls = ["--tls-ca", ca[1], "--tls-cert", client[1], "--tls-key", client[0]]
            r = subprocess.run([args.jitctl, "--server", f"127.0.0.1:{port}"] + tls + ["models"],
                               capture_output=True, text=True)
            expect("mTLS: jitctl models", r.returncode, 0)
            r = subprocess.run([args.jitctl, "--admin-server", f"127.0.0.1:{ports['admin']}", "--token-file", token]
                               + tls + ["stats"], capture_output=True, text=True)
            expect("mTLS: admin port (jitctl stats)", r.returncode, 0)
            r = subprocess.run([args.jitctl, "--admin-server", f"127.0.0.1:{ports['admin']}", "--token-file", token,
                                "--timeout", "3", "--tls-ca", ca[1], "stats"], capture_output=True, text=True)
            expect("mTLS: admin port refuses a client without a certificate", r.returncode, lambda c: c != 0)
        finally:
            stop(proc)

        # Bad flags and files.
        r = subprocess.run([args.jitserved, "--tls-cert", server[1]], capture_output=True, text=True)
        expect("--tls-cert without --tls-key: exit 2", (r.returncode, "go together" in r.stderr), (2, True))
        r = subprocess.run([args.jitserved, "--tls-client-ca", ca[1]], capture_output=True, text=True)
        expect("--tls-client-ca alone: exit 2", r.returncode, 2)
        r = subprocess.run([args.jitserved, "--model-repository", args.models, "--grpc-port", "0", "--metrics-port",
                            "0", "--tls-cert", token, "--tls-key", server[0]], capture_output=True, text=True)
        expect("a certificate file with no PEM certificate: exit 1 naming it",
               (r.returncode, "holds no PEM CERTIFICATE" in r.stderr), (1, True))
        r = subprocess.run([args.jitserved, "--model-repository", args.models, "--grpc-port", "0", "--metrics-port",
                            "0", "--tls-cert", server[1], "--tls-key", os.path.join(d, "missing.key")],
                           capture_output=True, text=True)
        expect("a missing key file: exit 1 naming it", (r.returncode, "cannot read" in r.stderr), (1, True))

    if failures:
        print(f"{len(failures)} failed")
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
