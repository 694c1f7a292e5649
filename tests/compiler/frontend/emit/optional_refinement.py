# `x is not None` refines an Optional: inside the guarded block (and after
# an `is None` branch that cannot fall through) x is the value
# prim::unchecked_cast'ed to its contained type. `and` refines its right
# operand.

def or_default(x: Optional[int]) -> int:
    if x is not None:
        return x + 1
    return 0
# CHECK-LABEL: def or_default
# CHECK:      [[C:%[0-9]+]] : bool = aten::__isnot__([[X:%x[.0-9]*]], %{{[0-9]+}})
# CHECK:      prim::If([[C]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[XR:%x[.0-9]*]] : int = prim::unchecked_cast([[X]])
# CHECK:          int = aten::add([[XR]],

def early_exit(x: Optional[Tensor]) -> Tensor:
    if x is None:
        raise ValueError("missing")
    return x.relu()
# CHECK-LABEL: def early_exit
# CHECK:      [[C:%[0-9]+]] : bool = aten::__is__([[X:%x[.0-9]*]], %{{[0-9]+}})
# CHECK:      prim::If([[C]])
# CHECK-NEXT:   block0():
# CHECK:          prim::RaiseException(
# CHECK:      Tensor = prim::unchecked_cast([[X]])
# CHECK-NOT:  aten::relu([[X]])
# CHECK:      Tensor = aten::relu(%x{{[.0-9]*}})

def and_refines(x: Optional[int]) -> bool:
    return x is not None and x > 3
# CHECK-LABEL: def and_refines
# CHECK:      [[C:%[0-9]+]] : bool = aten::__isnot__([[X:%x[.0-9]*]],
# CHECK-NEXT: bool = prim::If([[C]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[XR:%x[.0-9]*]] : int = prim::unchecked_cast([[X]])
# CHECK:          bool = aten::gt([[XR]],
