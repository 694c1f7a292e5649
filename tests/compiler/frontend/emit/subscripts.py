# Subscripts: lists, dicts and strings use aten::__getitem__ (aten::slice
# for list slices); tuples with a constant index prim::TupleIndex; tensors
# aten::select for an integer, aten::slice per sliced dimension (None for
# a missing bound), aten::unsqueeze for None, an ellipsis counting
# dimensions from the end, and aten::index for a tensor index.

def list_index(xs: List[int]) -> int:
    return xs[0] + xs[-1]
# CHECK-LABEL: def list_index
# CHECK:      [[Z:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: int = aten::__getitem__(%xs{{[.0-9]*}}, [[Z]])
# CHECK:      [[M:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK-NEXT: [[B:%[0-9]+]] : int = aten::__getitem__(%xs{{[.0-9]*}}, [[M]])
# CHECK-NEXT: int = aten::add(%{{[0-9]+}}, [[B]])

def list_slice(xs: List[int]) -> List[int]:
    return xs[1:3]
# CHECK-LABEL: def list_slice
# CHECK:      [[S:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: [[E:%[0-9]+]] : int = prim::Constant[value=3]()
# CHECK-NEXT: [[STEP:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: int[] = aten::slice(%xs{{[.0-9]*}}, [[S]], [[E]], [[STEP]])

def tuple_index(t: Tuple[int, str]) -> str:
    return t[1]
# CHECK-LABEL: def tuple_index
# CHECK:      [[I:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: str = prim::TupleIndex(%t{{[.0-9]*}}, [[I]])

def tensor_select(x: Tensor) -> Tensor:
    return x[0]
# CHECK-LABEL: def tensor_select
# CHECK:      [[DIM:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[I:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: Tensor = aten::select(%x{{[.0-9]*}}, [[DIM]], [[I]])

def tensor_slices(x: Tensor) -> Tensor:
    return x[1:, ::2]
# CHECK-LABEL: def tensor_slices
# CHECK:      [[D0:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[S0:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: [[E0:%[0-9]+]] : NoneType = prim::Constant()
# CHECK-NEXT: [[ST0:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: [[R0:%[0-9]+]] : Tensor = aten::slice(%x{{[.0-9]*}}, [[D0]], [[S0]], [[E0]], [[ST0]])
# CHECK-NEXT: [[D1:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: [[S1:%[0-9]+]] : NoneType = prim::Constant()
# CHECK-NEXT: [[E1:%[0-9]+]] : NoneType = prim::Constant()
# CHECK-NEXT: [[ST1:%[0-9]+]] : int = prim::Constant[value=2]()
# CHECK-NEXT: Tensor = aten::slice([[R0]], [[D1]], [[S1]], [[E1]], [[ST1]])

def tensor_ellipsis_none(x: Tensor) -> Tensor:
    return x[..., None, 0]
# CHECK-LABEL: def tensor_ellipsis_none
# CHECK:      [[D:%[0-9]+]] : int = prim::Constant[value=-2]()
# CHECK-NEXT: [[U:%[0-9]+]] : Tensor = aten::unsqueeze(%x{{[.0-9]*}}, [[D]])
# CHECK-NEXT: [[D2:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK-NEXT: [[I:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: Tensor = aten::select([[U]], [[D2]], [[I]])

def tensor_by_tensor(x: Tensor, idx: Tensor) -> Tensor:
    return x[idx]
# CHECK-LABEL: def tensor_by_tensor
# CHECK:      [[L:%[0-9]+]] : Tensor?[] = prim::ListConstruct(%idx{{[.0-9]*}})
# CHECK-NEXT: Tensor = aten::index(%x{{[.0-9]*}}, [[L]])

def dict_get(d: Dict[str, float]) -> float:
    return d["k"]
# CHECK-LABEL: def dict_get
# CHECK:      [[K:%[0-9]+]] : str = prim::Constant[value="k"]()
# CHECK-NEXT: float = aten::__getitem__(%d{{[.0-9]*}}, [[K]])

def str_index(s: str) -> str:
    return s[2]
# CHECK-LABEL: def str_index
# CHECK:      str = aten::__getitem__(%s{{[.0-9]*}}, %{{[0-9]+}})
