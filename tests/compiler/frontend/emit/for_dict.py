# for over a dict iterates over aten::keys; over d.items() over the
# (key, value) tuples of aten::items, unpacked into the loop targets.

def keys(d: Dict[str, int]) -> int:
    s = 0
    for k in d:
        s += d[k]
    return s
# CHECK-LABEL: def keys
# CHECK:      [[KEYS:%[0-9]+]] : str[] = aten::keys([[D:%d[.0-9]*]])
# CHECK-NEXT: [[LEN:%[0-9]+]] : int = aten::len([[KEYS]])
# CHECK:      int = prim::Loop([[LEN]],
# CHECK-NEXT:   block0([[I:%[0-9]+]] : int,
# CHECK-NEXT:     [[K:%k[.0-9]*]] : str = aten::__getitem__([[KEYS]], [[I]])
# CHECK-NEXT:     int = aten::__getitem__([[D]], [[K]])

def items(d: Dict[str, int]) -> List[str]:
    out: List[str] = []
    for k, v in d.items():
        if v > 0:
            out.append(k)
    return out
# CHECK-LABEL: def items
# CHECK:      [[OUT:%out[.0-9]*]] : str[] = prim::ListConstruct()
# CHECK-NEXT: [[ITEMS:%[0-9]+]] : (str, int)[] = aten::items(%d
# CHECK-NEXT: [[LEN:%[0-9]+]] : int = aten::len([[ITEMS]])
# CHECK:      = prim::Loop([[LEN]], %{{[0-9]+}})
# CHECK-NEXT:   block0([[I:%[0-9]+]] : int):
# CHECK-NEXT:     [[KV:%[0-9]+]] : (str, int) = aten::__getitem__([[ITEMS]], [[I]])
# CHECK-NEXT:     [[K:%k[.0-9]*]] : str, [[V:%v[.0-9]*]] : int = prim::TupleUnpack([[KV]])
# CHECK:          bool = aten::gt([[V]],
# CHECK:          str[] = aten::append([[OUT]], [[K]])
# CHECK:      return ([[OUT]])
