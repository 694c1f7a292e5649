# enumerate(xs) loops over xs with the counter as the index; zip(a, b)
# loops min(len(a), len(b)) times reading both lists at the counter.

def enum(xs: List[int]) -> int:
    s = 0
    for i, x in enumerate(xs):
        s += i * x
    return s
# CHECK-LABEL: def enum
# CHECK:      [[LEN:%[0-9]+]] : int = aten::len([[XS:%xs[.0-9]*]])
# CHECK:      int = prim::Loop([[LEN]],
# CHECK-NEXT:   block0([[K:%[0-9]+]] : int, {{.*}}):
# CHECK:          aten::__getitem__([[XS]], [[K]])
# CHECK:          int = aten::mul(%i{{[.0-9]*}}, %x{{[.0-9]*}})

def zipped(a: List[int], b: List[float]) -> float:
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    return s
# CHECK-LABEL: def zipped
# CHECK:      [[LA:%[0-9]+]] : int = aten::len([[A:%a[.0-9]*]])
# CHECK:      [[LB:%[0-9]+]] : int = aten::len([[B:%b[.0-9]*]])
# CHECK:      [[N:%[0-9]+]] : int = prim::min([[LA]], [[LB]])
# CHECK:      float = prim::Loop([[N]],
# CHECK-NEXT:   block0([[K:%[0-9]+]] : int, {{.*}}):
# CHECK-DAG:      int = aten::__getitem__([[A]], [[K]])
# CHECK-DAG:      float = aten::__getitem__([[B]], [[K]])
# CHECK:          float = aten::mul(%x{{[.0-9]*}}, %y{{[.0-9]*}})
