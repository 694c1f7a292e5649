# A Union parameter keeps its members sorted (Union(float, int, str));
# each isinstance test narrows what is left for the next: after `str` is
# excluded x is a Union(float, int). Union[int, None] is Optional[int].

def describe(x: Union[int, float, str]) -> str:
    if isinstance(x, str):
        return x
    elif isinstance(x, int):
        return "int"
    return "float"
# CHECK-LABEL: def describe
# CHECK-NEXT: graph([[X:%x[.0-9]*]] : Union(float, int, str)):
# CHECK:      [[C1:%[0-9]+]] : bool = prim::isinstance[types=[str]]([[X]])
# CHECK:      prim::If([[C1]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[XS:%x[.0-9]*]] : str = prim::unchecked_cast([[X]])
# CHECK:        block1():
# CHECK-NEXT:     [[REST:%x[.0-9]*]] : Union(float, int) = prim::unchecked_cast([[X]])
# CHECK-NEXT:     [[C2:%[0-9]+]] : bool = prim::isinstance[types=[int]]([[REST]])
# CHECK:          prim::If([[C2]])
# CHECK:              str = prim::Constant[value="int"]()
# CHECK:          str = prim::Constant[value="float"]()

def union_none(x: Union[int, None]) -> int:
    if x is None:
        return 0
    return x
# CHECK-LABEL: def union_none
# CHECK-NEXT: graph([[X:%x[.0-9]*]] : int?):
# CHECK:      bool = aten::__is__([[X]],
# CHECK:      int = prim::unchecked_cast([[X]])
