# int(), float(), bool() and str() are aten::Int / aten::Float /
# aten::Bool / aten::str, on scalars and on (single-element) tensors.

def to_int(x: float) -> int:
    return int(x)
# CHECK-LABEL: def to_int
# CHECK:      int = aten::Int(%x{{[.0-9]*}})

def to_float(x: int) -> float:
    return float(x)
# CHECK-LABEL: def to_float
# CHECK:      float = aten::Float(%x{{[.0-9]*}})

def to_bool(x: int) -> bool:
    return bool(x)
# CHECK-LABEL: def to_bool
# CHECK:      bool = aten::Bool(%x{{[.0-9]*}})

def to_str(x: float) -> str:
    return str(x)
# CHECK-LABEL: def to_str
# CHECK:      str = aten::str(%x{{[.0-9]*}})

def tensor_to_scalar(x: Tensor) -> Tuple[int, float, bool]:
    return int(x), float(x), bool(x)
# CHECK-LABEL: def tensor_to_scalar
# CHECK:      int = aten::Int(%x{{[.0-9]*}})
# CHECK:      float = aten::Float(%x{{[.0-9]*}})
# CHECK:      bool = aten::Bool(%x{{[.0-9]*}})
