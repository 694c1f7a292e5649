# isinstance on a Union or Optional is prim::isinstance[types=[...]] and
# refines the variable in each branch with prim::unchecked_cast; on a
# value whose static type decides it, it is a constant.

def as_int(x: Union[int, str]) -> int:
    if isinstance(x, int):
        return x * 2
    return len(x)
# CHECK-LABEL: def as_int
# CHECK-NEXT: graph([[X:%x[.0-9]*]] : Union(int, str)):
# CHECK:      [[C:%[0-9]+]] : bool = prim::isinstance[types=[int]]([[X]])
# CHECK:      prim::If([[C]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[XI:%x[.0-9]*]] : int = prim::unchecked_cast([[X]])
# CHECK-NEXT:     [[TWO:%[0-9]+]] : int = prim::Constant[value=2]()
# CHECK-NEXT:     int = aten::mul([[XI]], [[TWO]])
# CHECK:      str = prim::unchecked_cast([[X]])
# CHECK-NOT:  aten::len([[X]])
# CHECK:      int = aten::len(%x{{[.0-9]*}})

def static_check(x: int) -> bool:
    return isinstance(x, int)
# CHECK-LABEL: def static_check
# CHECK-NOT:  prim::isinstance
# CHECK:      [[T:%[0-9]+]] : bool = prim::Constant[value=1]()
# CHECK-NEXT: return ([[T]])

def tensor_check(x: Optional[Tensor]) -> int:
    if isinstance(x, Tensor):
        return x.dim()
    return -1
# CHECK-LABEL: def tensor_check
# CHECK:      [[C:%[0-9]+]] : bool = prim::isinstance[types=[Tensor]]([[X:%x[.0-9]*]])
# CHECK:      prim::If([[C]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[XT:%x[.0-9]*]] : Tensor = prim::unchecked_cast([[X]])
# CHECK-NEXT:     int = aten::dim([[XT]])
