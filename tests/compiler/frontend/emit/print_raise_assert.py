# print is prim::Print of all its arguments; raise is
# prim::RaiseException(message, qualified exception name); assert c, msg
# raises AssertionError in the false branch of prim::If(c).

def printing(x: int, s: str) -> int:
    print("value", x, s)
    return x
# CHECK-LABEL: def printing
# CHECK:      [[V:%[0-9]+]] : str = prim::Constant[value="value"]()
# CHECK-NEXT: = prim::Print([[V]], %x{{[.0-9]*}}, %s{{[.0-9]*}})

def raising(x: int) -> int:
    if x < 0:
        raise RuntimeError("negative: " + str(x))
    return x
# CHECK-LABEL: def raising
# CHECK:      [[Z:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[C:%[0-9]+]] : bool = aten::lt(%x{{[.0-9]*}}, [[Z]])
# CHECK-NEXT: = prim::If([[C]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[PREFIX:%[0-9]+]] : str = prim::Constant[value="negative: "]()
# CHECK-NEXT:     [[S:%[0-9]+]] : str = aten::str(%x{{[.0-9]*}})
# CHECK-NEXT:     [[MSG:%[0-9]+]] : str = aten::add([[PREFIX]], [[S]])
# CHECK:          [[CLS:%[0-9]+]] : str = prim::Constant[value="builtins.RuntimeError"]()
# CHECK-NEXT:     = prim::RaiseException([[MSG]], [[CLS]])
# CHECK:        block1():
# CHECK-NEXT:     -> ()

def asserting(x: int) -> int:
    assert x > 0, "must be positive"
    return x
# CHECK-LABEL: def asserting
# CHECK:      [[Z:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[C:%[0-9]+]] : bool = aten::gt(%x{{[.0-9]*}}, [[Z]])
# CHECK-NEXT: = prim::If([[C]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     -> ()
# CHECK-NEXT:   block1():
# CHECK-NEXT:     [[MSG:%[0-9]+]] : str = prim::Constant[value="must be positive"]()
# CHECK:          = prim::RaiseException([[MSG]],
# CHECK-NOT:  prim::Print
