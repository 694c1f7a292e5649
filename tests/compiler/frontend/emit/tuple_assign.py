# Tuple assignment builds the right-hand tuple and unpacks it with
# prim::TupleUnpack (nested targets unpack again); a chained assignment
# binds every target to the one value.

def swap(a: int, b: int) -> Tuple[int, int]:
    a, b = b, a
    return a, b
# CHECK-LABEL: def swap
# CHECK-NEXT: graph([[A0:%a[.0-9]*]] : int,
# CHECK-NEXT:       [[B0:%b[.0-9]*]] : int):
# CHECK:      [[T:%[0-9]+]] : (int, int) = prim::TupleConstruct([[B0]], [[A0]])
# CHECK-NEXT: [[A1:%a[.0-9]*]] : int, [[B1:%b[.0-9]*]] : int = prim::TupleUnpack([[T]])
# CHECK-NEXT: (int, int) = prim::TupleConstruct([[A1]], [[B1]])

def unpack(t: Tuple[int, Tuple[float, str]]) -> str:
    x, (y, z) = t
    return z
# CHECK-LABEL: def unpack
# CHECK:      %x{{[.0-9]*}} : int, [[INNER:%[0-9]+]] : (float, str) = prim::TupleUnpack(%t
# CHECK-NEXT: %y{{[.0-9]*}} : float, [[Z:%z[.0-9]*]] : str = prim::TupleUnpack([[INNER]])
# CHECK-NEXT: return ([[Z]])

def chain(x: int) -> int:
    a = b = x + 1
    return a + b
# CHECK-LABEL: def chain
# CHECK:      [[V:%[a-z0-9.]+]] : int = aten::add(%x
# CHECK-NEXT: int = aten::add([[V]], [[V]])

# Unpacking a list checks its length at run time, as PyTorch's prim::ListUnpack does.
def unpack_list(xs: List[int]) -> int:
    a, b = xs
    return a - b
# CHECK-LABEL: def unpack_list
# CHECK:      [[A:%a[.0-9]*]] : int, [[B:%b[.0-9]*]] : int = prim::ListUnpack(%xs
# CHECK-NEXT: aten::sub([[A]], [[B]])
