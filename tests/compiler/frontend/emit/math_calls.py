# math.* functions are the aten scalar overloads (math.floor of a float is
# an int); math.pi and math.e are float constants.

def funcs(x: float) -> float:
    return math.sqrt(x) + math.exp(x) + math.log(x)
# CHECK-LABEL: def funcs
# CHECK:      [[S:%[0-9]+]] : float = aten::sqrt(%x{{[.0-9]*}})
# CHECK-NEXT: [[E:%[0-9]+]] : float = aten::exp(%x{{[.0-9]*}})
# CHECK-NEXT: float = aten::add([[S]], [[E]])
# CHECK:      float = aten::log(%x{{[.0-9]*}})

def consts() -> float:
    return math.pi * math.e
# CHECK-LABEL: def consts
# CHECK:      float = prim::Constant[value=3.14159265358979{{[0-9]*}}]()
# CHECK-NEXT: float = prim::Constant[value=2.71828182845904{{[0-9]*}}]()
# CHECK-NEXT: float = aten::mul(

def int_funcs(x: float) -> int:
    return math.floor(x) + math.ceil(x)
# CHECK-LABEL: def int_funcs
# CHECK:      [[F:%[0-9]+]] : int = aten::floor(%x{{[.0-9]*}})
# CHECK-NEXT: [[C:%[0-9]+]] : int = aten::ceil(%x{{[.0-9]*}})
# CHECK-NEXT: int = aten::add([[F]], [[C]])
