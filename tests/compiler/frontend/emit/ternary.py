# A conditional expression is a prim::If with one output, each block
# yielding its branch's value.

def pick(c: bool, a: int, b: int) -> int:
    return a if c else b
# CHECK-LABEL: def pick
# CHECK:      [[R:%[0-9]+]] : int = prim::If(%c{{[.0-9]*}})
# CHECK-NEXT:   block0():
# CHECK-NEXT:     -> (%a{{[.0-9]*}})
# CHECK-NEXT:   block1():
# CHECK-NEXT:     -> (%b{{[.0-9]*}})
# CHECK-NEXT: return ([[R]])

def clamp(x: float) -> float:
    return 0.0 if x < 0.0 else x
# CHECK-LABEL: def clamp
# CHECK:      [[C:%[0-9]+]] : bool = aten::lt(%x{{[.0-9]*}},
# CHECK-NEXT: float = prim::If([[C]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[Z:%[0-9]+]] : float = prim::Constant[value=0.]()
# CHECK-NEXT:     -> ([[Z]])
