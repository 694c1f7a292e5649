# A parameterless nested def passed to fork (how PyTorch prints a fork) is
# compiled as a function whose free variables are its inputs: the prim::fork
# takes them, and its subgraph calls the closure. getattr/hasattr with a
# literal name are attribute reads / constants. A tuple default is a
# constant (list defaults are refused in programs, as TorchScript does;
# printed code may carry them).

def forked(x: Tensor, k: int) -> Tensor:
    def __forked_function():
        return x * k
    fut = torch.jit.fork(__forked_function)
    return torch.jit.wait(fut)
# CHECK-LABEL: def forked
# CHECK:      Future[Tensor] = prim::fork_{{[0-9]+}}(%k{{[.0-9]*}}, %x{{[.0-9]*}})
# CHECK-NEXT: Tensor = aten::wait
# CHECK:      with prim::fork_{{[0-9]+}} = graph(
# CHECK:      prim::Constant[name="__torch__.forked.__forked_function.0"]()
# CHECK-NEXT: prim::CallFunction

class Box:
    def __init__(self, v: int):
        self.v = v

def read(b: Box) -> Tuple[int, bool, bool]:
    return getattr(b, "v"), hasattr(b, "v"), hasattr(b, "w")
# CHECK-LABEL: def read
# CHECK:      int = prim::GetAttr[name="v"](%b{{[.0-9]*}})
# CHECK:      prim::Constant[value=1]()
# CHECK:      prim::Constant[value=0]()

def padded(x: List[int], pad: Tuple[int, int] = (0, 0)) -> int:
    return len(x) + len(pad)
# CHECK-LABEL: def padded
# CHECK:      aten::len
