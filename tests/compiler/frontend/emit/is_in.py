# `is` / `is not` are aten::__is__ / aten::__isnot__; `in` is
# aten::__contains__ (container first), `not in` negates it with
# aten::__not__; `in` on strings is aten::find(...) != -1.

def is_none(x: Optional[int]) -> bool:
    return x is None
# CHECK-LABEL: def is_none
# CHECK:      [[N:%[0-9]+]] : NoneType = prim::Constant()
# CHECK-NEXT: bool = aten::__is__(%x{{[.0-9]*}}, [[N]])

def is_not_none(x: Optional[int]) -> bool:
    return x is not None
# CHECK-LABEL: def is_not_none
# CHECK:      bool = aten::__isnot__(%x{{[.0-9]*}}, %{{[0-9]+}})

def in_list(x: int, xs: List[int]) -> bool:
    return x in xs
# CHECK-LABEL: def in_list
# CHECK:      bool = aten::__contains__(%xs{{[.0-9]*}}, %x{{[.0-9]*}})

def not_in_dict(k: str, d: Dict[str, int]) -> bool:
    return k not in d
# CHECK-LABEL: def not_in_dict
# CHECK:      [[C:%[0-9]+]] : bool = aten::__contains__(%d{{[.0-9]*}}, %k{{[.0-9]*}})
# CHECK-NEXT: bool = aten::__not__([[C]])

def in_str(s: str) -> bool:
    return "ab" in s
# CHECK-LABEL: def in_str
# CHECK:      [[SUB:%[0-9]+]] : str = prim::Constant[value="ab"]()
# CHECK:      [[POS:%[0-9]+]] : int = aten::find(%s{{[.0-9]*}}, [[SUB]],
# CHECK-NEXT: [[M1:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK-NEXT: bool = aten::ne([[POS]], [[M1]])
