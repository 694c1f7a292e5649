# More loops: iterating over a str reads one-character strings with
# aten::__getitem__; nested loops nest prim::Loop, the inner loop's result
# carried by the outer one. f-strings are aten::format of a "{}" template
# (PyTorch 1.13's parser has no f-strings; Python semantics are the
# reference).

def iterate(s: str) -> int:
    n = 0
    for c in s:
        if c == "a":
            n += 1
    return n
# CHECK-LABEL: def iterate
# CHECK:      [[LEN:%[0-9]+]] : int = aten::len([[S:%s[.0-9]*]])
# CHECK:      int = prim::Loop([[LEN]],
# CHECK-NEXT:   block0([[K:%[0-9]+]] : int,
# CHECK-NEXT:     [[C:%c[.0-9]*]] : str = aten::__getitem__([[S]], [[K]])
# CHECK-NEXT:     [[A:%[0-9]+]] : str = prim::Constant[value="a"]()
# CHECK-NEXT:     bool = aten::eq([[C]], [[A]])

def nested_loops(n: int) -> int:
    t = 0
    for i in range(n):
        for j in range(i):
            t += j
    return t
# CHECK-LABEL: def nested_loops
# CHECK:      [[T:%t[.0-9]*]] : int = prim::Loop(%n{{[.0-9]*}}, %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT:   block0([[I:%i[.0-9]*]] : int, [[TO:%t[.0-9]*]] : int):
# CHECK:          [[TI:%t[.0-9]*]] : int = prim::Loop([[I]], %{{[0-9]+}}, [[TO]])
# CHECK-NEXT:       block0([[J:%j[.0-9]*]] : int, [[TIN:%t[.0-9]*]] : int):
# CHECK-NEXT:         [[TNEW:%t[.0-9]*]] : int = aten::add([[TIN]], [[J]])
# CHECK:              -> (%{{[0-9]+}}, [[TNEW]])
# CHECK:          -> (%{{[0-9]+}}, [[TI]])
# CHECK:      return ([[T]])

def fstring(x: int, name: str) -> str:
    return f"{name}={x}"
# CHECK-LABEL: def fstring
# CHECK:      [[F:%[0-9]+]] : str = prim::Constant[value="{}={}"]()
# CHECK-NEXT: str = aten::format([[F]], %name{{[.0-9]*}}, %x{{[.0-9]*}})
