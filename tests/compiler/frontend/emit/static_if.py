# A condition known at compile time emits only the branch it takes (PyTorch's
# metacompile), so the other branch may hold code that would not type-check.

def isinstance_false(x: int) -> int:
    if isinstance(x, str):
        return x + "a"
    return x + 1
# CHECK-LABEL: def isinstance_false
# CHECK-NOT:  prim::If
# CHECK:      aten::add(%x
# CHECK-NOT:  prim::If

def none_is_not_none(x: None) -> int:
    if x is not None:
        return x + 1
    return 0
# CHECK-LABEL: def none_is_not_none
# CHECK-NOT:  prim::If
# CHECK-NOT:  aten::add

def literal_false(x: int) -> int:
    if False:
        x = "a"
    return x
# CHECK-LABEL: def literal_false
# CHECK-NOT:  prim::If

def scripting(x: int) -> int:
    if torch.jit.is_scripting():
        y = x * 2
    else:
        y = x + "a"
    if not torch.jit.is_scripting():
        y = x + "b"
    return y
# CHECK-LABEL: def scripting
# CHECK-NOT:  prim::If
# CHECK:      aten::mul(%x
# CHECK-NOT:  prim::If
