# Augmented assignment: on numbers it rebinds the name to a new value of
# the plain operator (x %= 2 is aten::remainder); on tensors it is the
# in-place operator (aten::add_, aten::mul_) on the same tensor.

def ints(a: int, b: int) -> int:
    a += b
    a -= 1
    a *= 3
    a %= 2
    return a
# CHECK-LABEL: def ints
# CHECK:      [[A1:%a[.0-9]*]] : int = aten::add(%a{{[.0-9]*}}, %b{{[.0-9]*}})
# CHECK:      [[A2:%a[.0-9]*]] : int = aten::sub([[A1]],
# CHECK:      [[A3:%a[.0-9]*]] : int = aten::mul([[A2]],
# CHECK:      [[A4:%a[.0-9]*]] : int = aten::remainder([[A3]],
# CHECK-NEXT: return ([[A4]])

def floats(x: float) -> float:
    x /= 2.0
    x **= 2.0
    return x
# CHECK-LABEL: def floats
# CHECK:      [[X1:%x[.0-9]*]] : float = aten::div(
# CHECK:      float = aten::pow([[X1]],

def tensors(x: Tensor, y: Tensor) -> Tensor:
    x += y
    x *= 2
    return x
# CHECK-LABEL: def tensors
# CHECK:      [[X1:%x[.0-9]*]] : Tensor = aten::add_([[X0:%x[.0-9]*]], %y{{[.0-9]*}}, %{{[0-9]+}})
# CHECK:      [[X2:%x[.0-9]*]] : Tensor = aten::mul_([[X1]],
# CHECK-NEXT: return ([[X2]])
# CHECK-NOT:  aten::add(
# CHECK-NOT:  aten::mul(
