# List and dict methods are aten ops on the container, mutating it in
# place: append returns the list, insert nothing, pop(-1) by default;
# d.get(k, default) is aten::get.

def build(n: int) -> List[int]:
    xs: List[int] = []
    for i in range(n):
        xs.append(i)
    xs.insert(0, -1)
    return xs
# CHECK-LABEL: def build
# CHECK:      [[XS:%xs[.0-9]*]] : int[] = prim::ListConstruct()
# CHECK:      = prim::Loop(
# CHECK:          int[] = aten::append([[XS]], %i{{[.0-9]*}})
# CHECK:      [[AT:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[V:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK-NEXT: = aten::insert([[XS]], [[AT]], [[V]])
# CHECK-NEXT: return ([[XS]])

def pop_len(xs: List[float]) -> float:
    v = xs.pop()
    return v + len(xs)
# CHECK-LABEL: def pop_len
# CHECK:      [[M1:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK-NEXT: [[V:%v[.0-9]*]] : float = aten::pop(%xs{{[.0-9]*}}, [[M1]])
# CHECK-NEXT: [[N:%[0-9]+]] : int = aten::len(%xs{{[.0-9]*}})
# CHECK-NEXT: float = aten::add([[V]], [[N]])

def dict_methods(d: Dict[str, int]) -> int:
    return d.get("a", 0) + len(d.keys())
# CHECK-LABEL: def dict_methods
# CHECK:      [[KEY:%[0-9]+]] : str = prim::Constant[value="a"]()
# CHECK-NEXT: [[DEF:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK-NEXT: [[G:%[0-9]+]] : int = aten::get(%d{{[.0-9]*}}, [[KEY]], [[DEF]])
# CHECK:      [[K:%[0-9]+]] : str[] = aten::keys(%d{{[.0-9]*}})
# CHECK-NEXT: [[N:%[0-9]+]] : int = aten::len([[K]])
# CHECK-NEXT: int = aten::add([[G]], [[N]])
