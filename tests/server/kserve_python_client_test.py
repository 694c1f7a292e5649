#!/usr/bin/env python3
"""A KServe v2 client that knows nothing of jitserve: Debian's python3-grpcio
with stubs generated from proto/inference/grpc_service.proto. It starts the
real jitserved on the example model repository, checks ModelMetadata, and
checks ModelInfer (raw_input_contents) against PyTorch running the same
model.py as plain Python.

Exits 77 (skipped) when grpcio, protobuf, numpy or torch is missing.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

try:
    import grpc
    import numpy as np
    import torch
    from google.protobuf import __version__ as _pb_version  # noqa: F401
except ImportError as e:
    print(f"SKIP: {e}")
    sys.exit(77)


def generate_stubs(proto_dir, out_dir):
    proto = os.path.join(proto_dir, "inference", "grpc_service.proto")
    subprocess.run(["protoc", f"--proto_path={proto_dir}", f"--python_out={out_dir}",
                    f"--grpc_out={out_dir}", "--plugin=protoc-gen-grpc=/usr/bin/grpc_python_plugin", proto],
                   check=True)
    sys.path.insert(0, out_dir)
    from inference import grpc_service_pb2, grpc_service_pb2_grpc
    return grpc_service_pb2, grpc_service_pb2_grpc


def start_daemon(jitserved, models):
    proc = subprocess.Popen([jitserved, "--model-repository", models, "--grpc-host", "127.0.0.1",
                             "--grpc-port", "0", "--metrics-port", "0"],
                            stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    log = ""
    while time.time() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        log += line
        m = re.search(r"jitserved: grpc listening on [^\s:]+:(\d+)", line)
        if m:
            return proc, int(m.group(1))
    proc.kill()
    raise RuntimeError("jitserved did not start:\n" + log)


def torch_forward(model_py, inputs):
    scope = {}
    with open(model_py) as f:
        exec(compile(f.read(), model_py, "exec"), scope)
    with torch.no_grad():
        return scope["forward"](*inputs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jitserved", required=True)
    ap.add_argument("--proto-dir", required=True)
    ap.add_argument("--models", required=True)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as gen:
        pb2, pb2_grpc = generate_stubs(args.proto_dir, gen)
        proc, port = start_daemon(args.jitserved, args.models)
        try:
            channel = grpc.insecure_channel(f"127.0.0.1:{port}")
            grpc.channel_ready_future(channel).result(timeout=30)
            stub = pb2_grpc.GRPCInferenceServiceStub(channel)

            assert stub.ServerLive(pb2.ServerLiveRequest()).live
            assert stub.ServerReady(pb2.ServerReadyRequest()).ready
            index = stub.RepositoryIndex(pb2.RepositoryIndexRequest())
            assert stub.ModelReady(pb2.ModelReadyRequest(name="mlp")).ready, index

            meta = stub.ModelMetadata(pb2.ModelMetadataRequest(name="mlp"))
            assert meta.name == "mlp", meta
            assert [(i.name, i.datatype, list(i.shape)) for i in meta.inputs] == [("x", "FP32", [-1])], meta
            assert [(o.name, o.datatype) for o in meta.outputs] == [("output__0", "FP32")], meta

            rng = np.random.default_rng(0)
            for batch in (1, 3, 16):
                x = rng.standard_normal((batch, 4)).astype(np.float32)
                req = pb2.ModelInferRequest(model_name="mlp", id=f"b{batch}")
                inp = req.inputs.add()
                inp.name, inp.datatype = "x", "FP32"
                inp.shape.extend(x.shape)
                req.raw_input_contents.append(x.tobytes())
                resp = stub.ModelInfer(req)
                assert resp.id == f"b{batch}"
                out = resp.outputs[0]
                assert out.datatype == "FP32" and list(out.shape) == [batch, 2], out
                got = np.frombuffer(resp.raw_output_contents[0], dtype=np.float32).reshape(out.shape)
                want = torch_forward(os.path.join(args.models, "mlp", "1", "model.py"),
                                     [torch.from_numpy(x)]).numpy()
                if not np.allclose(got, want, rtol=1e-5, atol=1e-6):
                    raise AssertionError(f"batch {batch}: jitserved {got} != torch {want}")

            # A bad request: the byte count does not match the shape.
            req = pb2.ModelInferRequest(model_name="mlp")
            inp = req.inputs.add()
            inp.name, inp.datatype = "x", "FP32"
            inp.shape.extend([2, 4])
            req.raw_input_contents.append(b"\0" * 12)
            try:
                stub.ModelInfer(req)
                raise AssertionError("a short input was accepted")
            except grpc.RpcError as e:
                assert e.code() == grpc.StatusCode.INVALID_ARGUMENT, e
                assert "needs 32 bytes" in e.details(), e.details()

            # A torch.jit.save archive (examples/models/traced_mlp/1/model.pt):
            # the outputs PyTorch's torch.jit.load computes.
            assert stub.ModelReady(pb2.ModelReadyRequest(name="traced_mlp")).ready, index
            meta = stub.ModelMetadata(pb2.ModelMetadataRequest(name="traced_mlp"))
            assert [(i.name, i.datatype) for i in meta.inputs] == [("input", "FP32")], meta
            traced = torch.jit.load(os.path.join(args.models, "traced_mlp", "1", "model.pt"))
            for batch in (1, 5):
                x = rng.standard_normal((batch, 4, 16)).astype(np.float32)
                req = pb2.ModelInferRequest(model_name="traced_mlp")
                inp = req.inputs.add()
                inp.name, inp.datatype = "input", "FP32"
                inp.shape.extend(x.shape)
                req.raw_input_contents.append(x.tobytes())
                resp = stub.ModelInfer(req)
                got = np.frombuffer(resp.raw_output_contents[0], dtype=np.float32).reshape(resp.outputs[0].shape)
                with torch.no_grad():
                    want = traced(torch.from_numpy(x)).numpy()
                if got.shape != want.shape or not np.allclose(got, want, rtol=1e-5, atol=1e-6):
                    raise AssertionError(f"traced_mlp batch {batch}: jitserved {got} != torch {want}")

            stats = stub.ModelStatistics(pb2.ModelStatisticsRequest(name="mlp"))
            assert stats.model_stats[0].inference_count >= 3, stats
            print("kserve python client: OK")
        finally:
            proc.send_signal(signal.SIGTERM)
            rc = proc.wait(timeout=30)
            assert rc == 0, f"jitserved exited {rc}"


if __name__ == "__main__":
    main()
