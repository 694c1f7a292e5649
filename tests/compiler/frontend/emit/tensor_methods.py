# Tensor methods are aten ops with the tensor as `self`; properties are
# prim ops (x.dtype -> prim::dtype, an int) or aten ones (x.shape ->
# aten::size); a list argument is a prim::ListConstruct; x.item() is a
# Scalar converted to the annotated type.

def sizes(x: Tensor) -> int:
    return x.size(0) + x.dim() + x.numel()
# CHECK-LABEL: def sizes
# CHECK:      [[Z:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[S:%[0-9]+]] : int = aten::size(%x{{[.0-9]*}}, [[Z]])
# CHECK-NEXT: [[D:%[0-9]+]] : int = aten::dim(%x{{[.0-9]*}})
# CHECK-NEXT: int = aten::add([[S]], [[D]])
# CHECK:      int = aten::numel(%x{{[.0-9]*}})

def shape(x: Tensor) -> List[int]:
    return x.shape
# CHECK-LABEL: def shape
# CHECK:      [[S:%[0-9]+]] : int[] = aten::size(%x{{[.0-9]*}})
# CHECK-NEXT: return ([[S]])

def props(x: Tensor) -> Tuple[int, Device, bool]:
    return x.dtype, x.device, x.requires_grad
# CHECK-LABEL: def props
# CHECK:      int = prim::dtype(%x{{[.0-9]*}})
# CHECK:      Device = prim::device(%x{{[.0-9]*}})
# CHECK:      bool = prim::requires_grad(%x{{[.0-9]*}})
# CHECK:      (int, Device, bool) = prim::TupleConstruct(

def methods(x: Tensor) -> Tensor:
    return x.view(-1).relu().sum(0)
# CHECK-LABEL: def methods
# CHECK:      [[M1:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK-NEXT: [[SHAPE:%[0-9]+]] : int[] = prim::ListConstruct([[M1]])
# CHECK-NEXT: [[V:%[0-9]+]] : Tensor = aten::view(%x{{[.0-9]*}}, [[SHAPE]])
# CHECK-NEXT: [[R:%[0-9]+]] : Tensor = aten::relu([[V]])
# CHECK:      [[Z:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[DIMS:%[0-9]+]] : int[] = prim::ListConstruct([[Z]])
# CHECK:      Tensor = aten::sum([[R]], [[DIMS]], %{{[0-9]+}}, %{{[0-9]+}})

def item(x: Tensor) -> float:
    return x.item()
# CHECK-LABEL: def item
# CHECK:      [[S:%[0-9]+]] : Scalar = aten::item(%x{{[.0-9]*}})
# CHECK-NEXT: float = aten::Float([[S]])

def inplace(x: Tensor) -> Tensor:
    x.add_(1)
    return x.mul_(2)
# CHECK-LABEL: def inplace
# CHECK:      Tensor = aten::add_([[X:%x[.0-9]*]], %{{[0-9]+}}, %{{[0-9]+}})
# CHECK:      [[M:%[0-9]+]] : Tensor = aten::mul_([[X]], %{{[0-9]+}})
# CHECK-NEXT: return ([[M]])
