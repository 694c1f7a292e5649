# A NamedTuple class is a tuple type with field names: constructing one is
# prim::TupleConstruct, and p.y reads the same element as p[1]
# (prim::TupleIndex).

class Point(NamedTuple):
    x: float
    y: float

def make(a: float) -> Point:
    return Point(a, 2.0)
# CHECK-LABEL: def make
# CHECK:      [[T:%[0-9]+]] : NamedTuple(x : float, y : float) = prim::TupleConstruct(%a{{[.0-9]*}}, %{{[0-9]+}})
# CHECK-NEXT: return ([[T]])

def norm2(p: Point) -> float:
    return p.x * p.x + p.y * p[1]
# CHECK-LABEL: def norm2
# CHECK-NEXT: graph([[P:%p[.0-9]*]] : NamedTuple(x : float, y : float)):
# CHECK-COUNT-2: prim::Constant[value=0]()
# CHECK:      float = aten::mul(
# CHECK-COUNT-2: prim::Constant[value=1]()
# CHECK:      float = aten::mul(
# CHECK:      float = aten::add(
# CHECK-NOT:  prim::GetAttr
