"""Differential edge cases: each snippet is run by PyTorch (Debian's
python3-torch, torch.jit.CompilationUnit) and written as a case folder in the
conformance corpus format (../shared/conformance/FORMAT.md), with what
PyTorch returned or raised; ctest's conformance_torch_diff runs jit-conform on
them. They cover semantics the corpus's OpInfo samples do not reach: NaN,
empty, negative-index, integer-overflow and promotion corners, found wrong
in this codebase at least once (sign(NaN), linspace(steps=1), gather(-1)).

    make_cases.py OUT_DIR   -> exit 0, or 77 when torch is missing

Not here: `a % 0` on TorchScript ints, which kills PyTorch 1.13 with
SIGFPE (ours raises ZeroDivisionError: lang tests cover it); chained
comparisons, which CompilationUnit does not desugar but torch.jit.script,
the corpus's frontend and ours, does; torch.tensor([]), which PyTorch
rejects (an empty list is List[Tensor]) and we accept as an empty float
tensor. CompilationUnit resolves free names in this module's globals, so
math is imported for the snippets.
TORCH_DIFF_TRACE=1 prints each case's name before PyTorch runs it.
"""
import json
import math  # noqa: F401 (the snippets use it)
import os
import shutil
import sys

try:
    import torch
except ImportError:
    sys.exit(77)

torch.manual_seed(0)
OUT = sys.argv[1]
shutil.rmtree(OUT, ignore_errors=True)
os.makedirs(OUT)
cases = {
 "clamp_min_gt_max": ("def f(x: Tensor) -> Tensor:\n    return torch.clamp(x, 2.0, 1.0)\n", [torch.arange(5.)]),
 "pow_int_neg": ("def f(x: Tensor) -> Tensor:\n    return torch.pow(x, -2)\n", [torch.arange(1, 4)]),
 "cumsum_bool": ("def f(x: Tensor) -> Tensor:\n    return torch.cumsum(x, 0)\n", [torch.tensor([True, False, True])]),
 "sum_int8": ("def f(x: Tensor) -> Tensor:\n    return torch.sum(x)\n", [torch.tensor([100, 100], dtype=torch.int8)]),
 "prod_bool": ("def f(x: Tensor) -> Tensor:\n    return torch.prod(x)\n", [torch.tensor([True, True])]),
 "mean_int": ("def f(x: Tensor) -> Tensor:\n    return torch.mean(x)\n", [torch.arange(4)]),
 "argmax_nan": ("def f(x: Tensor) -> Tensor:\n    return torch.argmax(x)\n", [torch.tensor([1., float('nan'), 3.])]),
 "max_dim_nan": ("def f(x: Tensor) -> Tuple[Tensor, Tensor]:\n    return torch.max(x, 1)\n", [torch.tensor([[1., float('nan'), 3.], [4., 2., 0.]])]),
 "min_nan": ("def f(x: Tensor) -> Tensor:\n    return torch.min(x)\n", [torch.tensor([1., float('nan'), -3.])]),
 "round_half_even": ("def f(x: Tensor) -> Tensor:\n    return torch.round(x)\n", [torch.tensor([0.5, 1.5, 2.5, -0.5, -1.5])]),
 "round_decimals": ("def f(x: Tensor) -> Tensor:\n    return torch.round(x, decimals=1)\n", [torch.tensor([0.25, 0.35, -1.45])]),
 "softmax_int": ("def f(x: Tensor) -> Tensor:\n    return torch.softmax(x, 0)\n", [torch.arange(3)]),
 "floor_divide_neg": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.floor_divide(x, y)\n", [torch.tensor([-7., 7., -7.5]), torch.tensor([2., -2., 2.])]),
 "int_div_zero_floor": ("def f(x: Tensor) -> Tensor:\n    return torch.div(x, 0, rounding_mode='floor')\n", [torch.tensor([1, 2])]),
 "int_remainder_zero": ("def f(x: Tensor) -> Tensor:\n    return torch.remainder(x, 0)\n", [torch.tensor([1, 2])]),
 "float_remainder_neg": ("def f(x: Tensor) -> Tensor:\n    return torch.remainder(x, -3.0)\n", [torch.tensor([-7., 7., 0., -0.])]),
 "fmod_neg": ("def f(x: Tensor) -> Tensor:\n    return torch.fmod(x, -3)\n", [torch.tensor([-7, 7, 0])]),
 "std_single": ("def f(x: Tensor) -> Tensor:\n    return torch.std(x)\n", [torch.tensor([1.])]),
 "var_empty": ("def f(x: Tensor) -> Tensor:\n    return torch.var(x)\n", [torch.tensor([])]),
 "mean_empty": ("def f(x: Tensor) -> Tensor:\n    return torch.mean(x)\n", [torch.tensor([])]),
 "max_empty": ("def f(x: Tensor) -> Tensor:\n    return torch.max(x)\n", [torch.tensor([])]),
 "amax_empty_dim": ("def f(x: Tensor) -> Tensor:\n    return torch.amax(x, 1)\n", [torch.zeros(2, 0)]),
 "shift_left_neg": ("def f(x: Tensor) -> Tensor:\n    return x << -1\n", [torch.tensor([4, 8])]),
 "shift_right_big": ("def f(x: Tensor) -> Tensor:\n    return x >> 70\n", [torch.tensor([4, -8])]),
 "arange_float_step": ("def f() -> Tensor:\n    return torch.arange(0, 1, 0.1)\n", []),
 "arange_neg_float": ("def f() -> Tensor:\n    return torch.arange(1.0, -1.0, -0.3)\n", []),
 "linspace_one": ("def f() -> Tensor:\n    return torch.linspace(2, 5, 1)\n", []),
 "logspace_one": ("def f() -> Tensor:\n    return torch.logspace(2, 5, 1)\n", []),
 "sign_nan_double": ("def f(x: Tensor) -> Tensor:\n    return torch.sign(x)\n", [torch.tensor([float('nan')], dtype=torch.float64)]),
 "take_along_dim_neg": ("def f(x: Tensor, i: Tensor) -> Tensor:\n    return torch.take_along_dim(x, i)\n", [torch.arange(6.).view(2, 3), torch.tensor([-1, 2])]),
 "index_select_neg": ("def f(x: Tensor, i: Tensor) -> Tensor:\n    return torch.index_select(x, 1, i)\n", [torch.arange(6.).view(2, 3), torch.tensor([-1])]),
 "index_fill_neg": ("def f(x: Tensor, i: Tensor) -> Tensor:\n    return x.index_fill(1, i, 9.0)\n", [torch.arange(6.).view(2, 3), torch.tensor([-1])]),
 "take_neg": ("def f(x: Tensor, i: Tensor) -> Tensor:\n    return torch.take(x, i)\n", [torch.arange(6.).view(2, 3), torch.tensor([-1])]),
 "linspace_int": ("def f() -> Tensor:\n    return torch.linspace(0, 10, 4, dtype=torch.int64)\n", []),
 "sign_nan": ("def f(x: Tensor) -> Tensor:\n    return torch.sign(x)\n", [torch.tensor([float('nan'), -0., 2.])]),
 "sqrt_neg": ("def f(x: Tensor) -> Tensor:\n    return torch.sqrt(x)\n", [torch.tensor([-1., 4.])]),
 "log_int": ("def f(x: Tensor) -> Tensor:\n    return torch.log(x)\n", [torch.tensor([1, 2])]),
 "abs_int_min": ("def f(x: Tensor) -> Tensor:\n    return torch.abs(x)\n", [torch.tensor([-2**63, -5])]),
 "neg_bool": ("def f(x: Tensor) -> Tensor:\n    return -x\n", [torch.tensor([True])]),
 "bool_sub": ("def f(x: Tensor) -> Tensor:\n    return x - x\n", [torch.tensor([True])]),
 "int_tensor_pow_float": ("def f(x: Tensor) -> Tensor:\n    return x ** 0.5\n", [torch.tensor([4, 9])]),
 "int_true_div": ("def f(x: Tensor) -> Tensor:\n    return x / 2\n", [torch.tensor([3, 4])]),
 "uint8_sub_wrap": ("def f(x: Tensor) -> Tensor:\n    return x - 3\n", [torch.tensor([1, 5], dtype=torch.uint8)]),
 "int8_add_promo": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return x + y\n", [torch.tensor([100], dtype=torch.int8), torch.tensor([100], dtype=torch.uint8)]),
 "half_add": ("def f(x: Tensor) -> Tensor:\n    return x + 1.5\n", [torch.tensor([1.], dtype=torch.float16)]),
 "bool_add_int_scalar": ("def f(x: Tensor) -> Tensor:\n    return x + 1\n", [torch.tensor([True, False])]),
 "where_scalar": ("def f(x: Tensor) -> Tensor:\n    return torch.where(x > 0, x, 0.)\n", [torch.tensor([-1., 2.])]),
 "topk_k0": ("def f(x: Tensor) -> Tuple[Tensor, Tensor]:\n    return torch.topk(x, 0)\n", [torch.tensor([1., 2.])]),
 "sort_stable_nan": ("def f(x: Tensor) -> Tuple[Tensor, Tensor]:\n    return torch.sort(x, descending=True)\n", [torch.tensor([1., float('nan'), 1., float('nan'), -1.])]),
 "cat_empty_1d": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.cat([x, y], 1)\n", [torch.zeros(2, 3), torch.tensor([])]),
 "repeat_interleave": ("def f(x: Tensor) -> Tensor:\n    return torch.repeat_interleave(x, 2, dim=0)\n", [torch.arange(4).view(2, 2)]),
 "roll_neg": ("def f(x: Tensor) -> Tensor:\n    return torch.roll(x, -1, 0)\n", [torch.arange(5)]),
 "flip_multi": ("def f(x: Tensor) -> Tensor:\n    return torch.flip(x, [0, 1])\n", [torch.arange(6).view(2, 3)]),
 "tril_neg": ("def f(x: Tensor) -> Tensor:\n    return torch.tril(x, -1)\n", [torch.ones(3, 3)]),
 "narrow_neg_start": ("def f(x: Tensor) -> Tensor:\n    return x.narrow(0, -2, 2)\n", [torch.arange(5)]),
 "expand_neg1": ("def f(x: Tensor) -> Tensor:\n    return x.expand(2, -1)\n", [torch.arange(3)]),
 "view_bad": ("def f(x: Tensor) -> Tensor:\n    return x.view(4)\n", [torch.arange(6)]),
 "reshape_infer": ("def f(x: Tensor) -> Tensor:\n    return x.reshape(-1, 2)\n", [torch.arange(6)]),
 "squeeze_dim_not1": ("def f(x: Tensor) -> Tensor:\n    return x.squeeze(0)\n", [torch.zeros(2, 1)]),
 "chunk_uneven": ("def f(x: Tensor) -> List[Tensor]:\n    return torch.chunk(x, 4)\n", [torch.arange(6)]),
 "split_sizes": ("def f(x: Tensor) -> List[Tensor]:\n    return torch.split(x, [1, 5])\n", [torch.arange(6)]),
 "int_floordiv_py": ("def f(a: int, b: int) -> int:\n    return a // b\n", [-7, 2]),
 "int_mod_py": ("def f(a: int, b: int) -> int:\n    return a % b\n", [-7, 2]),
 "float_mod_py": ("def f(a: float, b: float) -> float:\n    return a % b\n", [-7.5, 2.0]),
 "int_pow_neg_py": ("def f(a: int, b: int) -> float:\n    return a ** b\n", [2, -2]),
 "round_py": ("def f(a: float) -> int:\n    return round(a)\n", [2.5]),
 "int_of_float_str": ("def f(a: str) -> float:\n    return float(a)\n", ["1e3"]),
 "str_slice_step": ("def f(a: str) -> str:\n    return a[::-2]\n", ["abcdef"]),
 "list_slice_neg": ("def f(a: List[int]) -> List[int]:\n    return a[-3:-1]\n", [[1, 2, 3, 4]]),
 "div_zero_py": ("def f(a: int) -> float:\n    return a / 0\n", [1]),
 "float_floordiv_zero": ("def f(a: float) -> float:\n    return a // 0.0\n", [1.0]),
 "max_list": ("def f(a: List[int]) -> int:\n    return max(a)\n", [[3, 9, 2]]),
 "min_empty_list": ("def f(a: List[int]) -> int:\n    return min(a)\n", [[]]),
 "gather_neg": ("def f(x: Tensor, i: Tensor) -> Tensor:\n    return torch.gather(x, 1, i)\n", [torch.arange(6.).view(2, 3), torch.tensor([[-1], [0]])]),
 "index_neg": ("def f(x: Tensor, i: Tensor) -> Tensor:\n    return x[i]\n", [torch.arange(6.), torch.tensor([-1, 0])]),
 "embedding_neg": ("def f(w: Tensor, i: Tensor) -> Tensor:\n    return torch.embedding(w, i)\n", [torch.arange(6.).view(3, 2), torch.tensor([-1])]),
 "masked_fill_bcast": ("def f(x: Tensor, m: Tensor) -> Tensor:\n    return x.masked_fill(m, 7.0)\n", [torch.zeros(2, 3), torch.tensor([True, False, True])]),
 "nonzero_empty": ("def f(x: Tensor) -> Tensor:\n    return torch.nonzero(x)\n", [torch.zeros(2, 2)]),
 "einsum_mm": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('ij,jk->ik', x, y)\n", [torch.randn(3, 4), torch.randn(4, 5)]),
 "einsum_bmm": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('bij,bjk->bik', [x, y])\n", [torch.randn(2, 3, 4), torch.randn(2, 4, 5)]),
 "einsum_implicit": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('ij,kj', x, y)\n", [torch.randn(3, 4), torch.randn(5, 4)]),
 "einsum_outer": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('i,j->ij', x, y)\n", [torch.randn(3), torch.randn(4)]),
 "einsum_dot": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('i,i->', x, y)\n", [torch.randn(5), torch.randn(5)]),
 "einsum_diag": ("def f(x: Tensor) -> Tensor:\n    return torch.einsum('ii->i', x)\n", [torch.randn(4, 4)]),
 "einsum_transpose": ("def f(x: Tensor) -> Tensor:\n    return torch.einsum('ijk->kji', x)\n", [torch.randn(2, 3, 4)]),
 "einsum_sum_axis": ("def f(x: Tensor) -> Tensor:\n    return torch.einsum('ijk->j', x)\n", [torch.randn(2, 3, 4)]),
 "einsum_ellipsis": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('...ij,...jk->...ik', x, y)\n", [torch.randn(2, 2, 3, 4), torch.randn(2, 4, 5)]),
 "einsum_ellipsis_bcast": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('...j,j', x, y)\n", [torch.randn(2, 3, 4), torch.randn(4)]),
 "einsum_three": ("def f(x: Tensor, y: Tensor, z: Tensor) -> Tensor:\n    return torch.einsum('ij,jk,kl->il', x, y, z)\n", [torch.randn(2, 3), torch.randn(3, 4), torch.randn(4, 5)]),
 "einsum_attention": ("def f(q: Tensor, k: Tensor) -> Tensor:\n    return torch.einsum('bhqd,bhkd->bhqk', q, k)\n", [torch.randn(2, 3, 4, 8), torch.randn(2, 3, 5, 8)]),
 "einsum_bilinear": ("def f(x: Tensor, w: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('bn,anm,bm->ba', x, w, y)\n", [torch.randn(2, 3), torch.randn(4, 3, 5), torch.randn(2, 5)]),
 "einsum_repeat_out": ("def f(x: Tensor) -> Tensor:\n    return torch.einsum('ij->ii', x)\n", [torch.randn(2, 2)]),
 "einsum_bad_dims": ("def f(x: Tensor) -> Tensor:\n    return torch.einsum('ijk->i', x)\n", [torch.randn(2, 2)]),
 "einsum_size_mismatch": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('ij,jk->ik', x, y)\n", [torch.randn(2, 3), torch.randn(4, 5)]),
 "einsum_bcast_one": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('ij,ij->ij', x, y)\n", [torch.randn(1, 3), torch.randn(2, 3)]),
 "einsum_double": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.einsum('ij,jk', x, y)\n", [torch.randn(2, 3, dtype=torch.float64), torch.randn(3, 2, dtype=torch.float64)]),
 "var_unbiased_false": ("def f(x: Tensor) -> Tensor:\n    return torch.var(x, 1, unbiased=False, keepdim=True)\n", [torch.tensor([[1., 2., 4.], [0., 0., 3.]])]),
 "std_correction_dims": ("def f(x: Tensor) -> Tensor:\n    return torch.std(x, [0, 1])\n", [torch.tensor([[1., 2.], [4., 8.]])]),
 "max_keepdim": ("def f(x: Tensor) -> Tuple[Tensor, Tensor]:\n    return torch.max(x, 0, keepdim=True)\n", [torch.tensor([[1., 5.], [3., 2.]])]),
 "cumsum_dtype": ("def f(x: Tensor) -> Tensor:\n    return torch.cumsum(x, 0, dtype=torch.float64)\n", [torch.tensor([1, 2, 3])]),
 "argsort_stable": ("def f(x: Tensor) -> Tensor:\n    return torch.argsort(x, descending=True)\n", [torch.tensor([2, 1, 2, 3, 1])]),
 "int_true_div_zero": ("def f(x: Tensor) -> Tensor:\n    return x / 0\n", [torch.tensor([1, 0, -1])]),
 "clamp_int_float_bounds": ("def f(x: Tensor) -> Tensor:\n    return torch.clamp(x, 0.5, 2.5)\n", [torch.tensor([0, 1, 3])]),
 "remainder_int_float": ("def f(x: Tensor) -> Tensor:\n    return torch.remainder(x, 1.5)\n", [torch.tensor([4, -4])]),
 "full_int": ("def f() -> Tensor:\n    return torch.full([2], 7)\n", []),
 "full_bool": ("def f() -> Tensor:\n    return torch.full([2], True)\n", []),
 "nan_eq": ("def f(x: Tensor) -> Tuple[Tensor, Tensor]:\n    return x == x, x != x\n", [torch.tensor([float('nan'), 1.])]),
 "isclose_nan": ("def f(x: Tensor) -> Tensor:\n    return torch.isclose(x, x, equal_nan=True)\n", [torch.tensor([float('nan'), 1.])]),
 "nan_to_num": ("def f(x: Tensor) -> Tensor:\n    return torch.nan_to_num(x, nan=1.0)\n", [torch.tensor([float('nan'), float('inf'), -float('inf')])]),
 "lerp": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.lerp(x, y, 0.25)\n", [torch.tensor([0., 1.]), torch.tensor([4., -1.])]),
 "addcmul_value": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.addcmul(x, y, y, value=0.5)\n", [torch.tensor([1., 2.]), torch.tensor([2., 3.])]),
 "floor_int": ("def f(x: Tensor) -> Tensor:\n    return torch.floor(x)\n", [torch.tensor([1, -2])]),
 "ceil_neg_half": ("def f(x: Tensor) -> Tensor:\n    return torch.ceil(x)\n", [torch.tensor([-0.5, 0.5])]),
 "gelu_tanh": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.gelu(x, approximate='tanh')\n", [torch.tensor([-1., 0.5, 3.])]),
 "softplus_beta": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.softplus(x, 2.0, 5.0)\n", [torch.tensor([-1., 2., 3.])]),
 "elu_alpha": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.elu(x, 0.5)\n", [torch.tensor([-1., 2.])]),
 "hardswish": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.hardswish(x)\n", [torch.tensor([-4., -1., 1., 4.])]),
 "layer_norm_noweight": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.layer_norm(x, [3])\n", [torch.tensor([[1., 2., 4.]])]),
 "group_norm": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.group_norm(x, 2)\n", [torch.arange(8.).view(1, 4, 2)]),
 "normalize_zero": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.normalize(x, dim=1)\n", [torch.tensor([[0., 0.], [3., 4.]])]),
 "cosine_sim_zero": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.nn.functional.cosine_similarity(x, y)\n", [torch.tensor([[0., 0.], [1., 0.]]), torch.tensor([[1., 0.], [1., 1.]])]),
 "one_hot_n": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.one_hot(x, 4)\n", [torch.tensor([[0, 2], [3, 1]])]),
 "one_hot_too_big": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.one_hot(x, 4)\n", [torch.tensor([0, 5])]),
 "one_hot_neg": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.one_hot(x)\n", [torch.tensor([-1])]),
 "one_hot_empty": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.one_hot(x, 3)\n", [torch.zeros(0, dtype=torch.long)]),
 "one_hot_auto": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.one_hot(x)\n", [torch.tensor([0, 2])]),
 "bucketize_right": ("def f(x: Tensor, b: Tensor) -> Tensor:\n    return torch.bucketize(x, b, right=True)\n", [torch.tensor([1., 2., 5.]), torch.tensor([1., 2., 3.])]),
 "searchsorted_left": ("def f(b: Tensor, x: Tensor) -> Tensor:\n    return torch.searchsorted(b, x)\n", [torch.tensor([1., 2., 3.]), torch.tensor([2., 0., 4.])]),
 "diff_1d": ("def f(x: Tensor) -> Tensor:\n    return torch.diff(x)\n", [torch.tensor([1, 4, 9])]),
 "cross_dim": ("def f(x: Tensor, y: Tensor) -> Tensor:\n    return torch.cross(x, y, dim=1)\n", [torch.eye(3), torch.ones(3, 3)]),
 "str_split": ("def f(a: str) -> List[str]:\n    return a.split(',')\n", ["a,,b"]),
 "str_split_ws": ("def f(a: str) -> List[str]:\n    return a.split()\n", ["  a  b "]),
 "str_strip": ("def f(a: str) -> str:\n    return a.strip()\n", ["  x \t"]),
 "str_mul": ("def f(a: str) -> str:\n    return a * 3\n", ["ab"]),
 "str_format": ("def f(a: int, b: float) -> str:\n    return '{} and {}'.format(a, b)\n", [3, 2.5]),
 "list_pop0": ("def f(a: List[int]) -> Tuple[int, List[int]]:\n    x = a.pop(0)\n    return x, a\n", [[4, 5, 6]]),
 "list_insert_neg": ("def f(a: List[int]) -> List[int]:\n    a.insert(-1, 9)\n    return a\n", [[1, 2, 3]]),
 "sorted_reverse": ("def f(a: List[int]) -> List[int]:\n    return sorted(a, reverse=True)\n", [[3, 1, 2]]),
 "dict_get_default": ("def f(d: Dict[str, int]) -> int:\n    return d.get('z', 7)\n", [{"a": 1}]),
 "int_of_str": ("def f(a: str) -> int:\n    return int(a)\n", ["-12"]),
 "int_of_neg_float": ("def f(a: float) -> int:\n    return int(a)\n", [-3.9]),
 "math_floor_int": ("def f(a: float) -> int:\n    return math.floor(a)\n", [-2.5]),
 "divmod_py": ("def f(a: int, b: int) -> Tuple[int, int]:\n    return divmod(a, b)\n", [-7, 2]),
 "divmod_float": ("def f(a: float, b: float) -> Tuple[float, float]:\n    return divmod(a, b)\n", [-7.5, 2.0]),
 "min_mixed": ("def f(a: int, b: float) -> float:\n    return min(a, b)\n", [3, 2.5]),
 "round_ndigits": ("def f(a: float) -> float:\n    return round(a, 2)\n", [2.675]),
 "float_inf_cmp": ("def f(a: float) -> bool:\n    return a > 1e308 and math.isinf(a)\n", [float('inf')]),
 "int_pow_big": ("def f(a: int) -> int:\n    return a ** 62\n", [2]),
 "int_overflow_mul": ("def f(a: int) -> int:\n    return a * a\n", [2**40]),
 "bool_int_add": ("def f(a: bool) -> int:\n    return a + 1\n", [True]),
 "list_neg_index_oob": ("def f(a: List[int]) -> int:\n    return a[-4]\n", [[1, 2, 3]]),
 "tuple_slice": ("def f(a: int) -> Tuple[int, int]:\n    t = (1, 2, a)\n    return t[1:]\n", [3]),
 "str_index_neg": ("def f(a: str) -> str:\n    return a[-1]\n", ["abc"]),
 "str_find": ("def f(a: str) -> int:\n    return a.find('c', 1)\n", ["abcabc"]),
 "str_replace_count": ("def f(a: str) -> str:\n    return a.replace('a', 'x', 1)\n", ["aaa"]),
 "tensor_item_int": ("def f(x: Tensor) -> int:\n    return int(x.item())\n", [torch.tensor(7)]),
 "tensor_bool_multi": ("def f(x: Tensor) -> bool:\n    return bool(x)\n", [torch.tensor([1, 2])]),
 "tensor_size_neg": ("def f(x: Tensor) -> int:\n    return x.size(-1)\n", [torch.zeros(2, 5)]),
 "tensor_dim_oob": ("def f(x: Tensor) -> int:\n    return x.size(2)\n", [torch.zeros(2, 5)]),
 "einsum_trace": ("def f(x: Tensor) -> Tensor:\n    return torch.einsum('ii', x)\n", [torch.arange(9.).view(3, 3)]),
 "matmul_1d_1d": ("def f(x: Tensor) -> Tensor:\n    return torch.matmul(x, x)\n", [torch.arange(3.)]),
 "matmul_int": ("def f(x: Tensor) -> Tensor:\n    return torch.matmul(x, x)\n", [torch.arange(4).view(2, 2)]),
 "mm_mismatch": ("def f(x: Tensor) -> Tensor:\n    return torch.mm(x, x)\n", [torch.zeros(2, 3)]),
 "norm_p0": ("def f(x: Tensor) -> Tensor:\n    return torch.norm(x, 0)\n", [torch.tensor([0., 1., 2.])]),
 "logsumexp_inf": ("def f(x: Tensor) -> Tensor:\n    return torch.logsumexp(x, 0)\n", [torch.tensor([float('-inf'), float('-inf')])]),
 "cumprod_int": ("def f(x: Tensor) -> Tensor:\n    return torch.cumprod(x, 0)\n", [torch.tensor([2, 3, 4], dtype=torch.int32)]),
 "all_int": ("def f(x: Tensor) -> Tensor:\n    return torch.all(x)\n", [torch.tensor([1, 2])]),
 "any_uint8": ("def f(x: Tensor) -> Tensor:\n    return torch.any(x)\n", [torch.tensor([0, 2], dtype=torch.uint8)]),
 "eq_int_float": ("def f(x: Tensor) -> Tensor:\n    return x == 1.5\n", [torch.tensor([1, 2])]),
 "bitwise_not_bool": ("def f(x: Tensor) -> Tensor:\n    return ~x\n", [torch.tensor([True, False])]),
 "bitwise_not_float": ("def f(x: Tensor) -> Tensor:\n    return ~x\n", [torch.tensor([1.0])]),
 "interpolate_nearest": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.interpolate(x, scale_factor=1.5, mode='nearest')\n", [torch.arange(4.).view(1, 1, 4)]),
 "pad_reflect": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.pad(x, [2, 1], mode='reflect')\n", [torch.arange(4.).view(1, 1, 4)]),
 "avgpool_ceil": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.avg_pool1d(x, 2, 2, 0, True)\n", [torch.arange(5.).view(1, 1, 5)]),
 "maxpool_ceil": ("def f(x: Tensor) -> Tensor:\n    return torch.nn.functional.max_pool1d(x, 2, 2, 0, 1, True)\n", [torch.arange(5.).view(1, 1, 5)]),
}
for name, (src, inputs) in cases.items():
    if os.environ.get("TORCH_DIFF_TRACE"): print(name, flush=True)
    d = os.path.join(OUT, name)
    os.makedirs(d)
    open(os.path.join(d, "source.py"), "w").write(src)
    torch.save(inputs, os.path.join(d, "inputs.pt"))
    case = {"kind": "source", "entry": "f", "rtol": 1e-5, "atol": 1e-6, "tags": [name],
            "note": "tests/conformance/torch_diff/make_cases.py"}
    try:
        cu = torch.jit.CompilationUnit(src)
    except Exception as e:
        case["expect"] = "compile_error"; case["error"] = str(e).splitlines()[0]
    else:
        try:
            with torch.no_grad():
                r = cu.f(*inputs)
            case["expect"] = "value"
            torch.save(r, os.path.join(d, "expected.pt"))
        except Exception as e:
            case["expect"] = "runtime_error"; case["error"] = str(e).splitlines()[0]
    json.dump(case, open(os.path.join(d, "case.json"), "w"))
print(len(cases), "cases written to", OUT)
