# return inside a loop or an if goes through the exit transform: a
# "returned" flag and the return value are carried out of the loop, the
# loop stops once the flag is set, and the code after it runs only when the
# flag is false. The function ends in a single return.

def find(xs: List[int], target: int) -> int:
    for i in range(len(xs)):
        if xs[i] == target:
            return i
    return -1
# CHECK-LABEL: def find
# CHECK:      [[UNDEF:%[0-9]+]] : int = prim::Uninitialized()
# CHECK:      [[RV:%[0-9]+]] : int, [[DONE:%[0-9]+]] : bool = prim::Loop({{.*}}, [[UNDEF]], {{.*}})
# CHECK:          bool = aten::eq(
# CHECK:          -> (%i{{[.0-9]*}},
# CHECK:      [[OUT:%[0-9]+]] : int, {{.*}} = prim::If([[DONE]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     -> ([[RV]], [[DONE]])
# CHECK-NEXT:   block1():
# CHECK-NEXT:     [[M1:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK:          -> ([[M1]],
# CHECK:      return ([[OUT]])
# CHECK-NOT:  prim::ReturnStmt

def early(x: int) -> int:
    if x < 0:
        return 0
    y = x * 2
    return y
# CHECK-LABEL: def early
# CHECK:      [[LT:%[0-9]+]] : bool = aten::lt(
# CHECK-NEXT: [[RV:%[0-9]+]] : int, [[DONE:%[0-9]+]] : bool = prim::If([[LT]])
# CHECK:      [[OUT:%[0-9]+]] : int, {{.*}} = prim::If([[DONE]])
# CHECK:          [[Y:%y[.0-9]*]] : int = aten::mul(
# CHECK:          -> ([[Y]],
# CHECK:      return ([[OUT]])
