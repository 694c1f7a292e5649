# for over range(n) loops n times with the iteration counter as i; with a
# start and step the trip count is aten::__range_length and i is
# aten::__derive_index of the counter.

def one_arg(n: int) -> int:
    s = 0
    for i in range(n):
        s += i
    return s
# CHECK-LABEL: def one_arg
# CHECK:      [[TRUE:%[0-9]+]] : bool = prim::Constant[value=1]()
# CHECK-NEXT: [[S:%s[.0-9]*]] : int = prim::Loop(%n{{[.0-9]*}}, [[TRUE]], %{{[0-9]+}})
# CHECK-NEXT:   block0([[I:%i[.0-9]*]] : int, [[SIN:%s[.0-9]*]] : int):
# CHECK-NEXT:     [[SOUT:%s[.0-9]*]] : int = aten::add([[SIN]], [[I]])
# CHECK:          -> (%{{[0-9]+}}, [[SOUT]])
# CHECK:      return ([[S]])
# CHECK-NOT:  aten::__range_length

def three_args(a: int, b: int) -> int:
    s = 0
    for i in range(a, b, 2):
        s += i
    return s
# CHECK-LABEL: def three_args
# CHECK:      [[STEP:%[0-9]+]] : int = prim::Constant[value=2]()
# CHECK-NEXT: [[LEN:%[0-9]+]] : int = aten::__range_length(%a{{[.0-9]*}}, %b{{[.0-9]*}}, [[STEP]])
# CHECK:      prim::Loop([[LEN]],
# CHECK-NEXT:   block0([[K:%[0-9]+]] : int,
# CHECK-NEXT:     %i{{[.0-9]*}} : int = aten::__derive_index([[K]], %a{{[.0-9]*}}, [[STEP]])
