# User classes: construction is prim::CreateObject then __init__ as a
# prim::CallMethod; attributes are prim::GetAttr / prim::SetAttr; methods
# are prim::CallMethod; a static method is a function named Class.method.

class Counter:
    def __init__(self, start: int):
        self.count = start
        self.history: List[int] = []

    def step(self, k: int) -> int:
        self.count += k
        return self.count

    @staticmethod
    def zero() -> 'Counter':
        return Counter(0)

    def __len__(self) -> int:
        return len(self.history)

def make(n: int) -> Counter:
    return Counter(n)
# CHECK-LABEL: def make
# CHECK:      [[C:%[0-9a-z.]+]] : __torch__.Counter = prim::CreateObject()
# CHECK-NEXT: NoneType = prim::CallMethod[name="__init__"]([[C]], %n{{[.0-9]*}})
# CHECK-NEXT: return ([[C]])

def use(c: Counter) -> int:
    c.count = 5
    c.count += 1
    return c.step(2) + len(c)
# CHECK-LABEL: def use
# CHECK:      prim::SetAttr[name="count"](%c{{[.0-9]*}},
# CHECK:      [[V:%[0-9a-z.]+]] : int = prim::GetAttr[name="count"](%c{{[.0-9]*}})
# CHECK:      [[W:%[0-9a-z.]+]] : int = aten::add([[V]],
# CHECK-NEXT: prim::SetAttr[name="count"](%c{{[.0-9]*}}, [[W]])
# CHECK:      int = prim::CallMethod[name="step"](%c{{[.0-9]*}},
# CHECK:      int = prim::CallMethod[name="__len__"](%c{{[.0-9]*}})

def factory() -> Counter:
    return Counter.zero()
# CHECK-LABEL: def factory
# CHECK:      Function = prim::Constant[name="Counter.zero"]()
# CHECK-NEXT: __torch__.Counter = prim::CallFunction(
