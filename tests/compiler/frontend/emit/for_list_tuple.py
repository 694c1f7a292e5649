# for over a list or a tensor loops aten::len times and reads element k
# with aten::__getitem__ (aten::select along dim 0 for a tensor); for over
# a tuple unpacks it and runs the body once per element, each with the
# element's own type.

def over_list(xs: List[float]) -> float:
    s = 0.0
    for x in xs:
        s += x
    return s
# CHECK-LABEL: def over_list
# CHECK:      [[LEN:%[0-9]+]] : int = aten::len([[XS:%xs[.0-9]*]])
# CHECK:      float = prim::Loop([[LEN]], %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT:   block0([[K:%[0-9]+]] : int, [[SIN:%s[.0-9]*]] : float):
# CHECK-NEXT:     [[X:%x[.0-9]*]] : float = aten::__getitem__([[XS]], [[K]])
# CHECK-NEXT:     float = aten::add([[SIN]], [[X]])

def over_tuple(t: Tuple[int, float]) -> float:
    s = 0.0
    for v in t:
        s += v
    return s
# CHECK-LABEL: def over_tuple
# CHECK:      [[V0:%v[.0-9]*]] : int, [[V1:%v[.0-9]*]] : float = prim::TupleUnpack(%t
# CHECK:      float = aten::add(%s{{[.0-9]*}}, [[V0]])
# CHECK:      float = aten::add(%s{{[.0-9]*}}, [[V1]])
# CHECK-NOT:  aten::len

def over_tensor(x: Tensor) -> Tensor:
    acc = torch.zeros([3])
    for row in x:
        acc = acc + row
    return acc
# CHECK-LABEL: def over_tensor
# CHECK:      [[LEN:%[0-9]+]] : int = aten::len([[X:%x[.0-9]*]])
# CHECK:      Tensor = prim::Loop([[LEN]],
# CHECK-NEXT:   block0([[K:%[0-9]+]] : int, [[ACC:%acc[.0-9]*]] : Tensor):
# CHECK-NEXT:     [[DIM:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT:     [[ROW:%row[.0-9]*]] : Tensor = aten::select([[X]], [[DIM]], [[K]])
# CHECK-NEXT:     [[ONE:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT:     Tensor = aten::add([[ACC]], [[ROW]], [[ONE]])
