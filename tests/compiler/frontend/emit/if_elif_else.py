# if/elif/else is nested prim::If; a variable assigned in the branches
# becomes an output of the If, each block yielding its own value.

def sign(x: int) -> int:
    if x > 0:
        s = 1
    elif x < 0:
        s = -1
    else:
        s = 0
    return s
# CHECK-LABEL: def sign
# CHECK:      [[ZERO:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[GT:%[0-9]+]] : bool = aten::gt(%x{{[.0-9]*}}, [[ZERO]])
# CHECK-NEXT: [[S:%s[.0-9]*]] : int = prim::If([[GT]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[ONE:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT:     -> ([[ONE]])
# CHECK-NEXT:   block1():
# CHECK:          [[LT:%[0-9]+]] : bool = aten::lt(%x
# CHECK-NEXT:     [[S2:%s[.0-9]*]] : int = prim::If([[LT]])
# CHECK-NEXT:       block0():
# CHECK-NEXT:         [[M1:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK-NEXT:         -> ([[M1]])
# CHECK-NEXT:       block1():
# CHECK-NEXT:         [[Z:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT:         -> ([[Z]])
# CHECK:          -> ([[S2]])
# CHECK:      return ([[S]])

def no_else(x: int) -> int:
    y = x
    if x > 10:
        y = 10
    return y
# CHECK-LABEL: def no_else
# CHECK:      [[TEN:%[0-9]+]] : int = prim::Constant[value=10]()
# CHECK-NEXT: [[C:%[0-9]+]] : bool = aten::gt([[X:%x[.0-9]*]], [[TEN]])
# CHECK-NEXT: [[Y:%y[.0-9]*]] : int = prim::If([[C]])
# CHECK:        block1():
# CHECK-NEXT:     -> ([[X]])
# CHECK:      return ([[Y]])

def const_cond(x: int) -> int:
    if True:
        x = x + 1
    return x
# As in PyTorch, a constant condition emits only the branch it takes.
# CHECK-LABEL: def const_cond
# CHECK-NOT:  prim::If
# CHECK:      [[X1:%x[.0-9]*]] : int = aten::add([[X0:%x[.0-9]*]], [[ONE:%[0-9]+]])
# CHECK:      return (
