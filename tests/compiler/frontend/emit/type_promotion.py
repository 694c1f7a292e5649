# Mixed int/float arithmetic picks the mixed overload and yields float
# (no conversion node); int / int is true division (float), int // int
# floor division (int); scalars combine with tensors as Scalar arguments.

def int_float(a: int, b: float) -> float:
    return a + b
# CHECK-LABEL: def int_float
# CHECK:      [[R:%[0-9]+]] : float = aten::add(%a{{[.0-9]*}}, %b{{[.0-9]*}})
# CHECK-NEXT: return ([[R]])
# CHECK-NOT:  aten::Float

def float_int(a: float, b: int) -> float:
    return a * b
# CHECK-LABEL: def float_int
# CHECK:      float = aten::mul(%a{{[.0-9]*}}, %b{{[.0-9]*}})

def true_div(a: int, b: int) -> float:
    return a / b
# CHECK-LABEL: def true_div
# CHECK:      float = aten::div(%a{{[.0-9]*}}, %b{{[.0-9]*}})

def floor_div(a: int, b: int) -> int:
    return a // b
# CHECK-LABEL: def floor_div
# CHECK:      int = aten::floordiv(%a{{[.0-9]*}}, %b{{[.0-9]*}})

def literal_mix(a: int) -> float:
    return a + 1.5
# CHECK-LABEL: def literal_mix
# CHECK:      [[C:%[0-9]+]] : float = prim::Constant[value=1.5]()
# CHECK-NEXT: float = aten::add(%a{{[.0-9]*}}, [[C]])

def tensor_scalar(x: Tensor) -> Tensor:
    return x * 2 + 1.5
# CHECK-LABEL: def tensor_scalar
# CHECK:      [[TWO:%[0-9]+]] : int = prim::Constant[value=2]()
# CHECK-NEXT: [[M:%[0-9]+]] : Tensor = aten::mul(%x{{[.0-9]*}}, [[TWO]])
# CHECK-NEXT: [[C:%[0-9]+]] : float = prim::Constant[value=1.5]()
# CHECK:      Tensor = aten::add([[M]], [[C]], %{{[0-9]+}})
