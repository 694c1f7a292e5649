# break and continue are removed by the exit transform: the body runs under
# prim::If on "did we break/continue" flags and the loop's continue
# condition becomes false once the loop broke. No prim::BreakStmt or
# prim::ContinueStmt survives emission.

def first_neg(xs: List[int]) -> int:
    idx = -1
    for i in range(len(xs)):
        if xs[i] >= 0:
            continue
        idx = i
        break
    return idx
# CHECK-LABEL: def first_neg
# CHECK:      [[IDX:%idx[.0-9]*]] : int = prim::Loop(
# CHECK:        block0([[I:%i[.0-9]*]] : int, [[IDXIN:%idx[.0-9]*]] : int):
# CHECK:          [[Z:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT:     bool = aten::ge(%{{[0-9]+}}, [[Z]])
# CHECK:          prim::If(
# CHECK:          -> ({{.*}}[[I]])
# CHECK:          [[COND:%[0-9]+]] : bool = prim::If(
# CHECK:          -> ([[COND]], %idx{{[.0-9]*}})
# CHECK:      return ([[IDX]])
# CHECK-NOT:  prim::BreakStmt
# CHECK-NOT:  prim::ContinueStmt

def while_break(n: int) -> int:
    i = 0
    while True:
        i += 1
        if i * i > n:
            break
    return i
# CHECK-LABEL: def while_break
# CHECK:      [[TRUE:%[0-9]+]] : bool = prim::Constant[value=1]()
# CHECK:      [[I:%i[.0-9]*]] : int = prim::Loop(%{{[0-9]+}}, [[TRUE]], %{{[0-9]+}})
# CHECK:          [[SQ:%[0-9]+]] : int = aten::mul(%i{{[.0-9]*}}, %i{{[.0-9]*}})
# CHECK-NEXT:     [[GT:%[0-9]+]] : bool = aten::gt([[SQ]], %n{{[.0-9]*}})
# CHECK:          {{.*}} = prim::If([[GT]])
# CHECK:          [[COND:%[0-9]+]] : bool = prim::If(
# CHECK:            block0():
# CHECK-NEXT:         [[FALSE:%[0-9]+]] : bool = prim::Constant[value=0]()
# CHECK-NEXT:         -> ([[FALSE]])
# CHECK:          -> ([[COND]], %i{{[.0-9]*}})
# CHECK:      return ([[I]])
# CHECK-NOT:  prim::BreakStmt
