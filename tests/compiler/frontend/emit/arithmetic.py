# Operators map to aten ops by type: % -> aten::remainder, unary minus ->
# aten::neg (binding looser than **), bitwise ops -> aten::__and__ /
# __or__ / __xor__ / __lshift__, @ -> aten::matmul; Tensor add/sub carry
# alpha=1.

def ops(a: int, b: int) -> int:
    return (a + b) * (a - b) % 7
# CHECK-LABEL: def ops
# CHECK:      [[S:%[0-9]+]] : int = aten::add(%a{{[.0-9]*}}, %b{{[.0-9]*}})
# CHECK-NEXT: [[D:%[0-9]+]] : int = aten::sub(%a{{[.0-9]*}}, %b{{[.0-9]*}})
# CHECK-NEXT: [[M:%[0-9]+]] : int = aten::mul([[S]], [[D]])
# CHECK:      int = aten::remainder([[M]],

def pow_neg(a: float) -> float:
    return -a ** 2.0
# CHECK-LABEL: def pow_neg
# CHECK:      [[P:%[0-9]+]] : float = aten::pow(%a{{[.0-9]*}},
# CHECK-NEXT: float = aten::neg([[P]])

def bitwise(a: int, b: int) -> int:
    return (a & b) | (a ^ b) << 1
# CHECK-LABEL: def bitwise
# CHECK:      [[AND:%[0-9]+]] : int = aten::__and__(
# CHECK-NEXT: [[XOR:%[0-9]+]] : int = aten::__xor__(
# CHECK:      [[SH:%[0-9]+]] : int = aten::__lshift__([[XOR]],
# CHECK-NEXT: int = aten::__or__([[AND]], [[SH]])

def tensor_ops(x: Tensor, y: Tensor) -> Tensor:
    return x @ y - x / y
# CHECK-LABEL: def tensor_ops
# CHECK:      [[MM:%[0-9]+]] : Tensor = aten::matmul(%x{{[.0-9]*}}, %y{{[.0-9]*}})
# CHECK-NEXT: [[DV:%[0-9]+]] : Tensor = aten::div(%x{{[.0-9]*}}, %y{{[.0-9]*}})
# CHECK-NEXT: [[ALPHA:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: Tensor = aten::sub([[MM]], [[DV]], [[ALPHA]])
