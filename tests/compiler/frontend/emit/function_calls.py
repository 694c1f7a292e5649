# Calls to functions of the unit fill defaults and keywords in schema
# order; builtins resolve to their overloads: len -> aten::len,
# min(list) / max(a, b) / abs -> prim::min / prim::max / prim::abs.

def helper(a: int, b: int = 2) -> int:
    return a * b

# CHECK-LABEL: def helper
# CHECK:      [[R:%[0-9]+]] : int = aten::mul(%a{{[.0-9]*}}, %b{{[.0-9]*}})
# CHECK-NEXT: return ([[R]])

def user(x: int) -> int:
    return helper(x) + helper(x, b=5)
# CHECK-LABEL: def user
# CHECK:      [[TWO:%[0-9]+]] : int = prim::Constant[value=2]()
# CHECK-NEXT: [[F1:%[0-9]+]] : Function = prim::Constant[name="helper"]()
# CHECK-NEXT: int = prim::CallFunction([[F1]], %x{{[.0-9]*}}, [[TWO]])
# CHECK:      [[FIVE:%[0-9]+]] : int = prim::Constant[value=5]()
# CHECK:      [[H2:%[0-9]+]] : int = prim::CallFunction(%{{[0-9]+}}, %x{{[.0-9]*}}, [[FIVE]])
# CHECK-NEXT: int = aten::add(%{{[0-9]+}}, [[H2]])

def builtins(xs: List[int]) -> int:
    return len(xs) + min(xs) + max(3, 4) + abs(-2)
# CHECK-LABEL: def builtins
# CHECK:      [[L:%[0-9]+]] : int = aten::len(%xs{{[.0-9]*}})
# CHECK:      [[M:%[0-9]+]] : int = prim::min(%xs{{[.0-9]*}})
# CHECK-NEXT: int = aten::add([[L]], [[M]])
# CHECK:      int = prim::max(%{{[0-9]+}}, %{{[0-9]+}})
# CHECK:      int = prim::abs(%{{[0-9]+}})
