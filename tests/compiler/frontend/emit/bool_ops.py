# `and` / `or` short-circuit: the right operand is evaluated inside a
# prim::If block. A chained comparison a < x <= b means a < x and x <= b,
# with x evaluated once. (PyTorch 1.13 rejects chained comparisons; Python
# semantics are the reference here.)

def both(a: bool, b: bool) -> bool:
    return a and b
# CHECK-LABEL: def both
# CHECK:      [[R:%[0-9]+]] : bool = prim::If(%a{{[.0-9]*}})
# CHECK-NEXT:   block0():
# CHECK-NEXT:     -> (%b{{[.0-9]*}})
# CHECK-NEXT:   block1():
# CHECK-NEXT:     [[F:%[0-9]+]] : bool = prim::Constant[value=0]()
# CHECK-NEXT:     -> ([[F]])
# CHECK-NEXT: return ([[R]])

def either(a: bool, b: bool) -> bool:
    return a or not b
# CHECK-LABEL: def either
# CHECK:      bool = prim::If(%a{{[.0-9]*}})
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[T:%[0-9]+]] : bool = prim::Constant[value=1]()
# CHECK-NEXT:     -> ([[T]])
# CHECK-NEXT:   block1():
# CHECK-NEXT:     [[N:%[0-9]+]] : bool = aten::__not__(%b{{[.0-9]*}})
# CHECK-NEXT:     -> ([[N]])

def between(a: int, x: int, b: int) -> bool:
    return a < x <= b
# CHECK-LABEL: def between
# CHECK:      [[LT:%[0-9]+]] : bool = aten::lt(%a{{[.0-9]*}}, [[X:%x[.0-9]*]])
# CHECK-NEXT: bool = prim::If([[LT]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[LE:%[0-9]+]] : bool = aten::le([[X]], %b{{[.0-9]*}})
# CHECK-NEXT:     -> ([[LE]])
# CHECK-NEXT:   block1():
# CHECK-NEXT:     bool = prim::Constant[value=0]()
