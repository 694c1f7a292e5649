"""Operator coverage against PyTorch 1.13: every public aten operator name
that python3-torch's TorchScript knows (torch._C._jit_get_all_schemas(),
names not starting with '_' and not autograd backward kernels) must be
registered by jitserve (jit-opt --list-ops) or be listed below with the
reason it is not. A name listed here that we now register fails the test
too, so the list stays the true map of what is missing.

    operator_coverage.py JIT_OPT    -> exit 0, 1 (a gap), or 77 without torch
"""
import re
import subprocess
import sys

try:
    import torch
except ImportError:
    sys.exit(77)

# (reason, names or regexes matching whole names)
NOT_SUPPORTED = [
    ("quantized tensors: jitserve serves float models", [
        r"q_.*", r"quantize.*", r"quantized_.*", r"fake_quantize.*", r"fbgemm_.*", "dequantize", "int_repr",
        "qscheme", "empty_quantized", "fused_moving_avg_obs_fake_quant", "choose_qparams_optimized"]),
    ("sparse layouts", [
        r"sparse_.*", r"to_sparse.*", r"(ccol_|col_|crow_|row_)?indices(_copy)?", "coalesce", "is_coalesced", "dense_dim",
        "hspmm", "smm", "sspaddmm", "to_dense", r"copy_sparse_to_sparse_?", r"resize_as_sparse_?"]),
    ("other backends' kernels (cuDNN, MIOpen, oneDNN layouts, Vulkan, CUDA streams)", [
        r"cudnn_.*", r"miopen_.*", r"mkldnn_.*", "to_mkldnn", "is_vulkan_available", "pin_memory",
        "is_pinned", "record_stream", "convolution_overrideable"]),
    ("functionalization copies (torch.compile's view_copy family), never emitted by TorchScript", [
        r"(alias|as_strided|detach|diagonal|expand|permute|select|slice|split|split_with_sizes|squeeze|t|transpose|"
        r"unbind|unfold|unsqueeze|values|view_as_complex|view_as_real|view)_copy", "lift", "lift_fresh", "lift_fresh_copy"]),
    ("distributed RPC and autograd", [
        "owner", "owner_name", "confirmed_by_owner", "is_owner", "local_value", "to_here", "get_gradients",
        "is_distributed", "grad", "retain_grad", "set_data", "data", "glu_jvp", "has_torch_function",
        "is_inference", "is_autocast_cpu_enabled"]),
    ("named tensors", ["align_as", "align_tensors", "align_to", "refine_names", "rename", "rename_"]),
    ("samplers not yet implemented", [
        "binomial", "cauchy", "exponential", "geometric", "log_normal", "poisson", "random", "uniform",
        "normal_functional", r"rrelu_with_noise_?"]),
    ("ComplexHalf tensors (stored and converted, no kernels)", ["chalf"]),
    ("synchronized batch norm statistics (distributed training)", [r"batch_norm_(elemt|gather_stats.*|stats|update_stats)"]),
    ("storage, file and symbolic-shape internals", [
        "from_file", "save", "set", "set_", "is_set_to", "as_strided_", "resize", "resize_as", r"sym_.*",
        "is_non_overlapping_and_dense", "is_strides_like_format", "nested_to_padded_tensor",
        "flatten_dense_tensors", "unflatten_dense_tensors"]),
    ("forward halves of autograd pairs and internals that TorchScript code does not call", [
        "log_sigmoid_forward", "nll_loss_forward", "nll_loss2d_forward", "multilabel_margin_loss_forward",
        "native_dropout", "native_group_norm", "native_norm", "grid_sampler_3d", "orgqr", "embedding_renorm",
        "unique_dim_consecutive", "wait"]),
    ("reached under another name (the frontend maps torch.linalg.X onto aten::X)", ["linalg_diagonal", "linalg_matmul"]),
]


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    listed = subprocess.run([sys.argv[1], "--list-ops"], check=True, capture_output=True, text=True).stdout
    ours = {re.split(r"[.(]", line, maxsplit=1)[0] for line in listed.splitlines() if line}
    theirs = set()
    for s in torch._C._jit_get_all_schemas():
        if not s.name.startswith("aten::"):
            continue
        base = s.name[len("aten::"):]
        if base.startswith("_") or "backward" in base:
            continue
        theirs.add(s.name)
    patterns = [(reason, re.compile("(?:" + "|".join(names) + r")\Z")) for reason, names in NOT_SUPPORTED]

    def reason_for(name):
        base = name[len("aten::"):]
        for reason, pattern in patterns:
            if pattern.match(base):
                return reason
        return None

    missing = sorted(n for n in theirs - ours if reason_for(n) is None)
    stale = sorted(n for n in theirs & ours if reason_for(n) is not None)
    covered = len(theirs & ours)
    print(f"{covered} of {len(theirs)} public aten operator names registered; "
          f"{len(theirs) - covered - len(missing)} listed as not supported, with reasons")
    for n in missing:
        print(f"MISSING {n}: registered by neither jitserve nor this file's list")
    for n in stale:
        print(f"STALE {n}: listed as not supported ({reason_for(n)}) but now registered: take it off the list")
    return 1 if missing or stale else 0


if __name__ == "__main__":
    sys.exit(main())
