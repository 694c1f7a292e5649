# Enum members are constants, .name/.value are prim::EnumName/EnumValue and
# == is aten::eq on the members. `with obj:` is prim::Enter / prim::Exit
# around the body (and before a return that leaves it). torch.jit.fork is a
# prim::fork whose subgraph calls the function; torch.jit.wait is aten::wait.

class Color(Enum):
    RED = 1
    GREEN = 2

def is_red(c: Color) -> bool:
    return c == Color.RED
# CHECK-LABEL: def is_red
# CHECK:      [[RED:%[0-9a-z.]+]] : Enum<__torch__.Color> = prim::Constant[value=__torch__.Color.RED]()
# CHECK-NEXT: bool = aten::eq(%c{{[.0-9]*}}, [[RED]])

def describe(c: Color) -> str:
    return c.name + str(c.value)
# CHECK-LABEL: def describe
# CHECK:      str = prim::EnumName(%c{{[.0-9]*}})
# CHECK:      int = prim::EnumValue(%c{{[.0-9]*}})

class Guard:
    def __init__(self):
        self.depth = 0

    def __enter__(self) -> int:
        self.depth += 1
        return self.depth

    def __exit__(self, a: Any, b: Any, c: Any):
        self.depth -= 1

def guarded(g: Guard, x: int) -> int:
    with g as d:
        if x > 0:
            return d
        x = -x
    return x
# CHECK-LABEL: def guarded
# CHECK:      [[D:%[0-9a-z.]+]] : int = prim::Enter(%g{{[.0-9]*}})
# CHECK:      prim::If
# CHECK:      prim::Exit(%g{{[.0-9]*}})
# CHECK:      prim::Exit(%g{{[.0-9]*}})
# CHECK-NOT:  prim::Exit

def work(x: Tensor, k: int) -> Tensor:
    return x * k

def forked(x: Tensor) -> Tensor:
    fut = torch.jit.fork(work, x, 3)
    return torch.jit.wait(fut)
# CHECK-LABEL: def forked
# CHECK:      [[F:%[0-9a-z.]+]] : Future[Tensor] = prim::fork_0(%x{{[.0-9]*}}, {{%[0-9a-z.]+}})
# CHECK-NEXT: Tensor = aten::wait([[F]])
# CHECK:      with prim::fork_0 = graph(
# CHECK:      Function = prim::Constant[name="work"]()
# CHECK-NEXT: Tensor = prim::CallFunction(
