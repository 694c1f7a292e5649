# Subscript assignment: lists and dicts use aten::_set_item; a tensor
# target is the selected/sliced view written in place (aten::copy_ from a
# tensor; a scalar is filled in); xs[i] += v reads, adds and stores back;
# del xs[i] / del d[k] is aten::Delete.

def list_set(xs: List[int]) -> List[int]:
    xs[0] = 5
    return xs
# CHECK-LABEL: def list_set
# CHECK:      [[V:%[0-9]+]] : int = prim::Constant[value=5]()
# CHECK:      [[I:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: int[] = aten::_set_item([[XS:%xs[.0-9]*]], [[I]], [[V]])
# CHECK-NEXT: return ([[XS]])

def dict_set(d: Dict[str, int]) -> Dict[str, int]:
    d["k"] = 1
    return d
# CHECK-LABEL: def dict_set
# CHECK:      [[K:%[0-9]+]] : str = prim::Constant[value="k"]()
# CHECK-NEXT: = aten::_set_item(%d{{[.0-9]*}}, [[K]], %{{[0-9]+}})

def tensor_set_scalar(x: Tensor) -> Tensor:
    x[0] = 1.0
    return x
# CHECK-LABEL: def tensor_set_scalar
# CHECK:      [[SEL:%[0-9]+]] : Tensor = aten::select([[X:%x[.0-9]*]], %{{[0-9]+}}, %{{[0-9]+}})
# CHECK:      Tensor = aten::{{fill_|copy_}}([[SEL]],
# CHECK-NEXT: return ([[X]])

def tensor_set_slice(x: Tensor, y: Tensor) -> Tensor:
    x[1:3] = y
    return x
# CHECK-LABEL: def tensor_set_slice
# CHECK:      [[SL:%[0-9]+]] : Tensor = aten::slice([[X:%x[.0-9]*]], %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: [[NB:%[0-9]+]] : bool = prim::Constant[value=0]()
# CHECK-NEXT: Tensor = aten::copy_([[SL]], %y{{[.0-9]*}}, [[NB]])
# CHECK-NEXT: return ([[X]])

def aug_subscript(xs: List[int]) -> List[int]:
    xs[1] += 2
    return xs
# CHECK-LABEL: def aug_subscript
# CHECK:      [[I:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: [[OLD:%[0-9]+]] : int = aten::__getitem__([[XS:%xs[.0-9]*]], [[I]])
# CHECK-NEXT: [[TWO:%[0-9]+]] : int = prim::Constant[value=2]()
# CHECK-NEXT: [[NEW:%[0-9]+]] : int = aten::add([[OLD]], [[TWO]])
# CHECK-NEXT: int[] = aten::_set_item([[XS]], [[I]], [[NEW]])

def delete(xs: List[int], d: Dict[str, int]) -> int:
    del xs[0]
    del d["a"]
    return len(xs)
# CHECK-LABEL: def delete
# CHECK:      = aten::Delete(%xs{{[.0-9]*}}, %{{[0-9]+}})
# CHECK:      [[K:%[0-9]+]] : str = prim::Constant[value="a"]()
# CHECK-NEXT: = aten::Delete(%d{{[.0-9]*}}, [[K]])
# CHECK-NEXT: int = aten::len(%xs{{[.0-9]*}})
