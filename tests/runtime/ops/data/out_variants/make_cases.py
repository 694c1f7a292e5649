"""Writes the out= overload cases that out_variants_test.cpp runs.

    /usr/bin/python3 tests/runtime/ops/data/out_variants/make_cases.py

needs Debian's python3-torch (1.13.1) and writes, next to this script:
  cases.py     TorchScript source, one function per case, compiled as one unit
  cases.pt     torch.save({name: (inputs, expected, error)}), where expected is
               what PyTorch's own TorchScript run of the function returned and
               error is "" (a value case) or the first line of the error PyTorch
               raised for it (an error case; expected is then None)

For every op, case_<op> calls it with `out=` on: an empty out (resized), the
returned value checked to be out itself (`r is o`, and a write through r seen
in o), a non-contiguous out of the right shape (written in place, stays
non-contiguous), an out of a different non-zero size (resized), out aliasing
the first input where the op is elementwise, and a float64 / int64 out where
PyTorch accepts that dtype. Each dtype PyTorch rejects becomes an error case,
error_<op>_<dtype>, whose message (from PyTorch's TorchScript run) the test
checks. EXTRA_VALUES and EXTRA_ERRORS add hand-written cases (several outs;
errors not about dtype).
"""
import os
import warnings

import torch

warnings.filterwarnings("ignore")  # resizing a non-empty out warns in 1.13
torch.manual_seed(0)
HERE = os.path.dirname(os.path.abspath(__file__))


def r2(t):
    return (t * 100).round() / 100


X = r2(torch.randn(2, 3))
Y = r2(torch.randn(3))
POS = r2(torch.rand(2, 3) + 0.5)
XI = torch.tensor([[3, -1, 4], [-1, 5, -9]])
COND = X > 0
M1, M2 = r2(torch.randn(2, 3)), r2(torch.randn(3, 4))
B1, B2 = r2(torch.randn(2, 2, 3)), r2(torch.randn(2, 3, 4))
BIAS = r2(torch.randn(4))
W = r2(torch.randn(5, 3))
BIAS5 = r2(torch.randn(5))
IDX = torch.tensor([[0, 2], [4, 1]])

# name: (call with {a}, {b}, ... for the inputs and {o} for out, inputs,
#        elementwise: out may alias the first input)
OPS = {
    # binary
    "mul": ("torch.mul({a}, {b}, out={o})", [X, Y], True),
    "mul_scalar": ("torch.mul({a}, 2.5, out={o})", [X], True),
    "mul_int": ("torch.mul({a}, {b}, out={o})", [XI, XI], True),
    "div": ("torch.div({a}, {b}, out={o})", [X, Y], True),
    "div_mode": ("torch.div({a}, {b}, rounding_mode='floor', out={o})", [X, Y], True),
    "div_trunc_int": ("torch.div({a}, 2, rounding_mode='trunc', out={o})", [XI], True),
    "div_scalar": ("torch.div({a}, 4, out={o})", [X], True),
    "div_scalar_mode": ("torch.div({a}, 0.5, rounding_mode='floor', out={o})", [X], True),
    "pow": ("torch.pow({a}, {b}, out={o})", [POS, Y], True),
    "pow_tensor_scalar": ("torch.pow({a}, 2, out={o})", [X], True),
    "pow_scalar_tensor": ("torch.pow(2.0, {a}, out={o})", [X], True),
    "add": ("torch.add({a}, {b}, alpha=2, out={o})", [X, Y], True),
    "sub": ("torch.sub({a}, {b}, out={o})", [X, Y], True),
    "remainder": ("torch.remainder({a}, {b}, out={o})", [X, Y], True),
    "remainder_scalar": ("torch.remainder({a}, 0.7, out={o})", [X], True),
    "fmod": ("torch.fmod({a}, {b}, out={o})", [X, Y], True),
    "fmod_scalar": ("torch.fmod({a}, 0.7, out={o})", [X], True),
    "maximum": ("torch.maximum({a}, {b}, out={o})", [X, Y], True),
    "minimum": ("torch.minimum({a}, {b}, out={o})", [X, Y], True),
    "atan2": ("torch.atan2({a}, {b}, out={o})", [X, Y], True),
    "floor_divide": ("torch.floor_divide({a}, {b}, out={o})", [X, Y], True),
    # comparisons (a Bool result, converted to any out dtype)
    "eq": ("torch.eq({a}, {b}, out={o})", [X, X[0]], False),
    "lt_scalar": ("torch.lt({a}, 0.1, out={o})", [X], False),
    "ge": ("torch.ge({a}, {b}, out={o})", [X, Y], False),
    "logical_and": ("torch.logical_and({a}, {b}, out={o})", [X, Y], False),
    # float unary
    "exp": ("torch.exp({a}, out={o})", [X], True),
    "exp_int": ("torch.exp({a}, out={o})", [XI], False),
    "log": ("torch.log({a}, out={o})", [POS], True),
    "sqrt": ("torch.sqrt({a}, out={o})", [POS], True),
    "rsqrt": ("torch.rsqrt({a}, out={o})", [POS], True),
    "tanh": ("torch.tanh({a}, out={o})", [X], True),
    "sigmoid": ("torch.sigmoid({a}, out={o})", [X], True),
    "erf": ("torch.erf({a}, out={o})", [X], True),
    "reciprocal": ("torch.reciprocal({a}, out={o})", [POS], True),
    # dtype-keeping unary
    "neg": ("torch.neg({a}, out={o})", [X], True),
    "abs": ("torch.abs({a}, out={o})", [X], True),
    "abs_int": ("torch.abs({a}, out={o})", [XI], True),
    "floor": ("torch.floor({a}, out={o})", [X], True),
    "relu": ("torch.relu({a}, out={o})", [X], True),
    # clamp / where
    "clamp": ("torch.clamp({a}, -0.5, 0.5, out={o})", [X], True),
    "clamp_max_only": ("torch.clamp({a}, max=0.25, out={o})", [X], True),
    "clamp_tensor": ("torch.clamp({a}, {b}, {c}, out={o})", [X, Y, Y + 0.5], True),
    "clamp_min": ("torch.clamp_min({a}, 0.1, out={o})", [X], True),
    "clamp_min_tensor": ("torch.clamp_min({a}, {b}, out={o})", [X, Y], True),
    "clamp_max": ("torch.clamp_max({a}, 0.1, out={o})", [X], True),
    "clamp_max_tensor": ("torch.clamp_max({a}, {b}, out={o})", [X, Y], True),
    # PyTorch 1.13's where.self_out fails an internal assert for an out of
    # another dtype: only the same dtype is checked (see NO_DTYPE_CASES).
    "where": ("torch.where({a}, {b}, {c}, out={o})", [COND, X, Y], False),
    # activations
    "gelu": ("torch._C._nn.gelu({a}, out={o})", [X], True),
    "gelu_tanh": ("torch._C._nn.gelu({a}, approximate='tanh', out={o})", [X], True),
    "silu": ("torch._C._nn.silu({a}, out={o})", [X], True),
    "mish": ("torch._C._nn.mish({a}, out={o})", [X], True),
    "elu": ("torch._C._nn.elu({a}, 0.5, out={o})", [X], True),
    "leaky_relu": ("torch._C._nn.leaky_relu({a}, 0.2, out={o})", [X], True),
    "hardtanh": ("torch._C._nn.hardtanh({a}, -0.5, 0.5, out={o})", [X], True),
    "hardsigmoid": ("torch._C._nn.hardsigmoid({a}, out={o})", [X], True),
    "hardswish": ("torch._C._nn.hardswish({a}, out={o})", [X], True),
    "softplus": ("torch._C._nn.softplus({a}, 2, 1, out={o})", [X], True),
    "softshrink": ("torch._C._nn.softshrink({a}, 0.3, out={o})", [X], True),
    "hardshrink": ("torch.hardshrink({a}, 0.3, out={o})", [X], True),
    "threshold": ("torch.threshold({a}, 0.1, 2.0, out={o})", [X], True),
    # products
    "mm": ("torch.mm({a}, {b}, out={o})", [M1, M2], False),
    "bmm": ("torch.bmm({a}, {b}, out={o})", [B1, B2], False),
    "addmm": ("torch.addmm({a}, {b}, {c}, beta=0.5, alpha=2, out={o})", [BIAS, M1, M2], False),
    "matmul_2d": ("torch.matmul({a}, {b}, out={o})", [M1, M2], False),
    "matmul_3d_2d": ("torch.matmul({a}, {b}, out={o})", [B1, M2], False),
    "matmul_1d_2d": ("torch.matmul({a}, {b}, out={o})", [Y, M2], False),
    "matmul_batched": ("torch.matmul({a}, {b}, out={o})", [B1, B2], False),
    "embedding": ("torch.embedding({a}, {b}, out={o})", [W, IDX], False),
    "linear": ("torch._C._nn.linear({a}, {b}, {c}, out={o})", [M1, W, Y[:1].expand(5).contiguous()], False),
    "linear_3d": ("torch._C._nn.linear({a}, {b}, {c}, out={o})", [B1, W, BIAS5], False),
    "linear_no_bias": ("torch._C._nn.linear({a}, {b}, out={o})", [B1, W], False),
    "baddbmm": ("torch.baddbmm({a}, {b}, {c}, beta=0.5, alpha=2, out={o})", [BIAS, B1, B2], False),
    "mv": ("torch.mv({a}, {b}, out={o})", [M1, Y], False),
    "addmv": ("torch.addmv({a}, {b}, {c}, out={o})", [Y[:2], M1, Y], False),
    "dot": ("torch.dot({a}, {b}, out={o})", [Y, Y], False),
    # joins, reductions, softmax
    "cat": ("torch.cat([{a}, {b}], 0, out={o})", [X, M1], False),
    "cat_dim1": ("torch.cat([{a}, {b}], 1, out={o})", [X, M1], False),
    "stack": ("torch.stack([{a}, {b}], 1, out={o})", [X, M1], False),
    "sum_dim": ("torch.sum({a}, [1], out={o})", [X], False),
    "sum_keepdim": ("torch.sum({a}, [0], True, out={o})", [X], False),
    "sum_dtype": ("torch.sum({a}, [1], dtype=torch.float64, out={o})", [X], False),
    "sum_int": ("torch.sum({a}, [1], out={o})", [XI], False),
    "sum_all": ("torch.sum({a}, out={o})", [X], False),
    "mean": ("torch.mean({a}, [1], out={o})", [X], False),
    "mean_keepdim": ("torch.mean({a}, [0], True, out={o})", [X], False),
    "softmax": ("torch.softmax({a}, 1, out={o})", [X], False),
    "softmax_dim0": ("torch.softmax({a}, 0, out={o})", [X], False),
    "log_softmax": ("torch.log_softmax({a}, 1, out={o})", [X], False),
    "_softmax": ("torch._softmax({a}, 0, False, out={o})", [X], False),
    "_log_softmax": ("torch._log_softmax({a}, 1, False, out={o})", [X], False),
}

# Errors that are not about out's dtype: an out that aliases an input cannot
# be resized to the broadcast shape, and an out partially overlapping an input
# is refused.
EXTRA_ERRORS = {
    "error_mul_alias_needs_resize": ("def error_mul_alias_needs_resize(a: Tensor, b: Tensor):\n"
                                     "    return torch.mul(a, b, out=a)\n", [Y, X]),
    "error_exp_partial_overlap": ("def error_exp_partial_overlap(a: Tensor):\n"
                                  "    return torch.exp(a[:2], out=a[1:])\n", [Y]),
}

# Value cases written by hand: overloads with several outs.
EXTRA_VALUES = {
    "case_native_layer_norm": ("def case_native_layer_norm(x: Tensor, w: Tensor, b: Tensor):\n"
                               "    o0 = torch.empty([0])\n"
                               "    o1 = torch.empty([0], dtype=torch.float64)\n"
                               "    o2 = torch.zeros([2, 1, 2]).select(-1, 0)\n"
                               "    r = torch.native_layer_norm(x, [3], w, b, 1e-5, out0=o0, out1=o1, out2=o2)\n"
                               "    return r[0] is o0, r[1] is o1, r[2] is o2, o0, o1, o2, o2.is_contiguous()\n",
                               [X, Y, Y + 1]),
}

NO_DTYPE_CASES = {"where"}
# PyTorch 1.13 writes a non-contiguous out wrongly for these: gelu.out (exact)
# leaves it untouched, _softmax.out / _log_softmax.out fill it as if it were
# contiguous. Their cases skip that check rather than expect the bug.
NO_NONCONTIGUOUS_CASES = {"gelu", "_softmax", "_log_softmax"}
NAMES = "abc"
DTYPES = {torch.float64: "torch.float64", torch.int64: "torch.int64", torch.float32: "torch.float32",
          torch.bool: "torch.bool"}


def call(template, args, out):
    return template.format(o=out, **dict(zip(NAMES, args)))


def first_line(e):
    return str(e).strip().split("\n")[0]


def make_value_case(name, template, inputs, elementwise, extra_dtypes):
    params = ", ".join("%s: Tensor" % n for n in NAMES[: len(inputs)])
    args = list(NAMES[: len(inputs)])
    res = eval(call(template, ["inputs[%d]" % i for i in range(len(inputs))], "None").replace(", out=None", ""),
               {"torch": torch, "inputs": inputs})
    dt = DTYPES[res.dtype] if res.dtype in DTYPES else None
    assert dt is not None, name
    shape = list(res.shape)
    lines = ["def case_%s(%s):" % (name, params),
             "    o = torch.empty([0], dtype=%s)" % dt,
             "    r = " + call(template, args, "o"),
             "    same = r is o",
             "    r.logical_not_()" if dt == "torch.bool" else "    r.mul_(2)  # seen through o when r is o"]
    outs = ["o", "same"]
    if shape and name not in NO_NONCONTIGUOUS_CASES:
        lines += ["    nc = torch.zeros(%s, dtype=%s).select(-1, 0)" % (shape + [2], dt),
                  "    " + call(template, args, "nc")]
        outs += ["nc", "nc.is_contiguous()"]
    lines += ["    big = torch.ones([7], dtype=%s)" % dt,
              "    " + call(template, args, "big")]
    outs += ["big"]
    if elementwise:
        lines += ["    g = a.clone()", "    " + call(template, ["g"] + args[1:], "g")]
        outs += ["g"]
    for i, d in enumerate(extra_dtypes):
        lines += ["    x%d = torch.empty([0], dtype=%s)" % (i, DTYPES[d]), "    " + call(template, args, "x%d" % i)]
        outs += ["x%d" % i]
    lines.append("    return " + ", ".join(outs))
    return "\n".join(lines) + "\n"


def make_error_case(name, template, inputs, dtype):
    params = ", ".join("%s: Tensor" % n for n in NAMES[: len(inputs)])
    return "def %s(%s):\n    o = torch.empty([0], dtype=%s)\n    return %s\n" % (
        name, params, DTYPES[dtype], call(template, list(NAMES[: len(inputs)]), "o"))


def script_error(template, inputs, dtype):
    """The first line of the error PyTorch's TorchScript run raises, or None."""
    return run_error(make_error_case("f", template, inputs, dtype), "f", inputs)


def run_error(src, fn, inputs):
    cu = torch.jit.CompilationUnit(src)
    try:
        with torch.no_grad():
            getattr(cu, fn)(*[t.clone() for t in inputs])
        return None
    except RuntimeError as e:
        msg = str(e)
        # The interpreter prefixes a traceback; the error itself follows it.
        marker = "\nRuntimeError: "
        return first_line(msg[msg.rindex(marker) + len(marker):] if marker in msg else msg)


def main():
    sources, table = [], {}
    for name, (template, inputs, elementwise) in OPS.items():
        accepted = []
        for dtype, tag in ((torch.float64, "double"), (torch.int64, "long")):
            if name in NO_DTYPE_CASES:
                continue
            err = script_error(template, inputs, dtype)
            if err is None:
                accepted.append(dtype)
            else:
                fn = "error_%s_%s" % (name, tag)
                sources.append(make_error_case(fn, template, inputs, dtype))
                table[fn] = (inputs, None, err)
        sources.append(make_value_case(name, template, inputs, elementwise, accepted))
        table["case_" + name] = (inputs, None, "")
    for fn, (body, inputs) in EXTRA_VALUES.items():
        sources.append(body)
        table[fn] = (inputs, None, "")
    for fn, (body, inputs) in EXTRA_ERRORS.items():
        err = run_error(body, fn, inputs)
        assert err is not None, fn
        sources.append(body)
        table[fn] = (inputs, None, err)
    src = "\n\n".join(sources)
    cu = torch.jit.CompilationUnit(src)
    for fn, (inputs, _, err) in list(table.items()):
        if err:
            continue
        with torch.no_grad():
            table[fn] = (inputs, getattr(cu, fn)(*[t.clone() for t in inputs]), "")
    with open(os.path.join(HERE, "cases.py"), "w") as f:
        f.write("# Generated by make_cases.py from PyTorch %s; do not edit.\n\n" % torch.__version__ + src)
    torch.save(table, os.path.join(HERE, "cases.pt"))
    print("%d cases (%d error cases)" % (len(table), sum(1 for v in table.values() if v[2])))


if __name__ == "__main__":
    main()
