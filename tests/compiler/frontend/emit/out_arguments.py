# A keyword `out=` selects the .out overload: the call passes out last, after
# the defaults of the arguments before it, and returns a value aliasing out.
# torch._C._nn.NAME is aten::NAME (the only spelling of the nn out= forms).

def mul_out(a: Tensor, b: Tensor, c: Tensor) -> Tensor:
    return torch.mul(a, b, out=c)
# CHECK-LABEL: def mul_out
# CHECK:      Tensor = aten::mul(%a{{[.0-9]*}}, %b{{[.0-9]*}}, %c{{[.0-9]*}})

def sum_out(a: Tensor, c: Tensor) -> Tensor:
    return torch.sum(a, [1], out=c)
# CHECK-LABEL: def sum_out
# CHECK:      [[DIMS:%[0-9a-z.]+]] : int[] = prim::ListConstruct(
# CHECK:      Tensor = aten::sum(%a{{[.0-9]*}}, [[DIMS]], [[KEEP:%[0-9a-z.]+]], [[DTYPE:%[0-9a-z.]+]], %c{{[.0-9]*}})

def gelu_out(a: Tensor, c: Tensor) -> Tensor:
    return torch._C._nn.gelu(a, approximate="tanh", out=c)
# CHECK-LABEL: def gelu_out
# CHECK:      [[APPROX:%[0-9a-z.]+]] : str = prim::Constant[value="tanh"]()
# CHECK:      Tensor = aten::gelu(%a{{[.0-9]*}}, [[APPROX]], %c{{[.0-9]*}})

def unused_result(a: Tensor, c: Tensor) -> Tensor:
    torch.exp(a, out=c)
    return c
# CHECK-LABEL: def unused_result
# CHECK:      aten::exp(%a{{[.0-9]*}}, %c{{[.0-9]*}})
# CHECK:      return (%c{{[.0-9]*}})
