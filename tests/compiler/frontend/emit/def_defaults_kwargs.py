# Parameters take their annotated types (Tensor when unannotated); a call
# to another function of the unit is prim::CallFunction on a Function
# constant, with defaults filled in and keyword arguments put in place.

def scale(x: Tensor, factor: float = 2.0, shift: int = 0) -> Tensor:
    return x * factor + shift
# CHECK-LABEL: def scale
# CHECK-NEXT: graph([[X:%x[.0-9]*]] : Tensor,
# CHECK-NEXT:       [[F:%factor[.0-9]*]] : float,
# CHECK-NEXT:       [[S:%shift[.0-9]*]] : int):
# CHECK:      [[M:%[0-9]+]] : Tensor = aten::mul([[X]], [[F]])
# CHECK:      Tensor = aten::add([[M]], [[S]], %{{[0-9]+}})

def caller(x: Tensor) -> Tensor:
    a = scale(x)
    b = scale(x, shift=3)
    return scale(a, 0.5, 1) + b
# CHECK-LABEL: def caller
# CHECK-DAG:  [[TWO:%[0-9]+]] : float = prim::Constant[value=2.]()
# CHECK-DAG:  [[ZERO:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK:      [[FN:%[0-9]+]] : Function = prim::Constant[name="scale"]()
# CHECK-NEXT: [[A:%a[.0-9]*]] : Tensor = prim::CallFunction([[FN]], %x{{[.0-9]*}}, [[TWO]], [[ZERO]])
# CHECK:      [[THREE:%[0-9]+]] : int = prim::Constant[value=3]()
# CHECK:      [[B:%b[.0-9]*]] : Tensor = prim::CallFunction(%{{[0-9]+}}, %x{{[.0-9]*}}, %{{[0-9]+}}, [[THREE]])
# CHECK:      [[C:%[0-9]+]] : Tensor = prim::CallFunction(%{{[0-9]+}}, [[A]], %{{[0-9]+}}, %{{[0-9]+}})
# CHECK:      aten::add([[C]], [[B]],

def untyped(x, y):
    return x + y
# CHECK-LABEL: def untyped
# CHECK-NEXT: graph(%x{{[.0-9]*}} : Tensor,
# CHECK-NEXT:       %y{{[.0-9]*}} : Tensor):
# CHECK:      Tensor = aten::add(%x{{[.0-9]*}}, %y{{[.0-9]*}},

# Defaults may be constant expressions, evaluated at compile time.
def const_defaults(a: float = 1.0 / 8, b: int = -(7 // 2) + (1 << 3), c: Tuple[int, float] = (2, -0.5),
                   d: Optional[int] = None) -> float:
    return a + b + c[1]
def const_defaults_caller() -> float:
    return const_defaults()
# CHECK-LABEL: def const_defaults_caller
# CHECK-DAG:  float = prim::Constant[value=0.125]()
# CHECK-DAG:  int = prim::Constant[value=5]()
# CHECK-DAG:  (int, float) = prim::Constant[value=(2, -0.5)]()
# CHECK:      prim::CallFunction(
