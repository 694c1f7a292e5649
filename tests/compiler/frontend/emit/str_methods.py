# str methods are aten string ops with Python's defaults made explicit
# (strip's whitespace set, split's maxsplit=-1, startswith's start/end);
# "sep".join(xs) is aten::join(sep, xs); str(x) is aten::str.

def methods(s: str) -> str:
    return s.upper().strip()
# CHECK-LABEL: def methods
# CHECK:      [[U:%[0-9]+]] : str = aten::upper(%s{{[.0-9]*}})
# CHECK-NEXT: [[WS:%[0-9]+]] : str = prim::Constant[value=" \n\t\f\v"]()
# CHECK-NEXT: str = aten::strip([[U]], [[WS]])

def split(s: str) -> List[str]:
    return s.split(",")
# CHECK-LABEL: def split
# CHECK:      [[SEP:%[0-9]+]] : str = prim::Constant[value=","]()
# CHECK-NEXT: [[MAX:%[0-9]+]] : int = prim::Constant[value=-1]()
# CHECK-NEXT: str[] = aten::split(%s{{[.0-9]*}}, [[SEP]], [[MAX]])

def join(xs: List[str]) -> str:
    return "-".join(xs)
# CHECK-LABEL: def join
# CHECK:      [[SEP:%[0-9]+]] : str = prim::Constant[value="-"]()
# CHECK:      str = aten::join([[SEP]], %xs{{[.0-9]*}})

def predicates(s: str) -> bool:
    return s.startswith("a") and s.isdigit()
# CHECK-LABEL: def predicates
# CHECK:      [[P:%[0-9]+]] : bool = aten::startswith(%s{{[.0-9]*}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: bool = prim::If([[P]])
# CHECK-NEXT:   block0():
# CHECK-NEXT:     [[D:%[0-9]+]] : bool = aten::isdigit(%s{{[.0-9]*}})
# CHECK-NEXT:     -> ([[D]])

def fmt(x: int) -> str:
    return "{}={}".format("x", x)
# CHECK-LABEL: def fmt
# CHECK:      [[F:%[0-9]+]] : str = prim::Constant[value="{}={}"]()
# CHECK:      str = aten::format([[F]], %{{[0-9]+}}, %x{{[.0-9]*}})

def concat(a: str, b: str) -> str:
    return a + b + str(len(a))
# CHECK-LABEL: def concat
# CHECK:      [[AB:%[0-9]+]] : str = aten::add(%a{{[.0-9]*}}, %b{{[.0-9]*}})
# CHECK-NEXT: [[N:%[0-9]+]] : int = aten::len(%a{{[.0-9]*}})
# CHECK-NEXT: [[NS:%[0-9]+]] : str = aten::str([[N]])
# CHECK-NEXT: str = aten::add([[AB]], [[NS]])
