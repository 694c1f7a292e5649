# A number on the left of a Tensor: PyTorch's Number.__r*__ methods become
# ops that take the tensor first, or Scalar-first overloads.

def rdiv(t: Tensor):
    return 2.0 / t
# CHECK-LABEL: def rdiv
# CHECK:      [[R:%[0-9]+]] : Tensor = aten::reciprocal(%t
# CHECK-NEXT: Tensor = aten::mul([[R]], %{{[0-9]+}})

def rsub(t: Tensor):
    return 2 - t
# CHECK-LABEL: def rsub
# CHECK:      [[N:%[0-9]+]] : Tensor = aten::neg(%t
# CHECK:      Tensor = aten::add([[N]], %{{[0-9]+}}, %{{[0-9]+}})

def radd(t: Tensor):
    return 2 + t
# CHECK-LABEL: def radd
# CHECK:      Tensor = aten::add(%t{{[.0-9]*}}, %{{[0-9]+}}, %{{[0-9]+}})

def rmul(t: Tensor):
    return 2 * t
# CHECK-LABEL: def rmul
# CHECK:      Tensor = aten::mul(%t{{[.0-9]*}}, %{{[0-9]+}})

def rpow(t: Tensor):
    return 2 ** t
# CHECK-LABEL: def rpow
# CHECK:      Tensor = aten::pow(%{{[0-9]+}}, %t

def rmod(t: Tensor):
    return 2 % t
# CHECK-LABEL: def rmod
# CHECK:      Tensor = aten::remainder(%{{[0-9]+}}, %t

def rlt(t: Tensor):
    return 2 < t
# CHECK-LABEL: def rlt
# CHECK:      Tensor = aten::gt(%t{{[.0-9]*}}, %{{[0-9]+}})

def req(t: Tensor):
    return 2.5 == t
# CHECK-LABEL: def req
# CHECK:      Tensor = aten::eq(%t{{[.0-9]*}}, %{{[0-9]+}})
