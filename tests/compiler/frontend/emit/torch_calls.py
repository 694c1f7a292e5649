# torch.* calls pick the aten overload by their arguments, put keywords in
# schema order and fill defaults with constants (None for optional
# dtype/layout/device/pin_memory). torch.float32 is the constant 6.
# F.* (torch.nn.functional) calls are inlined from the functional
# library, reaching the same aten ops as PyTorch's after inlining.

def factories() -> Tensor:
    a = torch.zeros([2, 3], dtype=torch.float32)
    b = torch.ones(2, 3)
    return a + b
# CHECK-LABEL: def factories
# CHECK:      [[F32:%[0-9]+]] : int = prim::Constant[value=6]()
# CHECK:      [[SZ:%[0-9]+]] : int[] = prim::ListConstruct(
# CHECK-NEXT: [[N1:%[0-9]+]] : NoneType = prim::Constant()
# CHECK-NEXT: [[N2:%[0-9]+]] : NoneType = prim::Constant()
# CHECK-NEXT: [[N3:%[0-9]+]] : NoneType = prim::Constant()
# CHECK-NEXT: Tensor = aten::zeros([[SZ]], [[F32]], [[N1]], [[N2]], [[N3]])
# CHECK:      [[SZ2:%[0-9]+]] : int[] = prim::ListConstruct(
# CHECK:      [[B:%b[.0-9]*]] : Tensor = aten::ones([[SZ2]], %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})
# CHECK:      Tensor = aten::add(%a{{[.0-9]*}}, [[B]],

def reductions(x: Tensor) -> Tensor:
    return torch.sum(x, dim=1, keepdim=True)
# CHECK-LABEL: def reductions
# CHECK-DAG:  [[ONE:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-DAG:  [[KEEP:%[0-9]+]] : bool = prim::Constant[value=1]()
# CHECK:      [[DIMS:%[0-9]+]] : int[] = prim::ListConstruct([[ONE]])
# CHECK-NEXT: [[NONE:%[0-9]+]] : NoneType = prim::Constant()
# CHECK-NEXT: Tensor = aten::sum(%x{{[.0-9]*}}, [[DIMS]], [[KEEP]], [[NONE]])

def cat_stack(x: Tensor, y: Tensor) -> Tensor:
    return torch.cat([x, y], dim=0)
# CHECK-LABEL: def cat_stack
# CHECK:      [[DIM:%[0-9]+]] : int = prim::Constant[value=0]()
# CHECK:      [[L:%[0-9]+]] : Tensor[] = prim::ListConstruct(%x{{[.0-9]*}}, %y{{[.0-9]*}})
# CHECK-NEXT: Tensor = aten::cat([[L]], [[DIM]])

def functional(x: Tensor) -> Tensor:
    return F.relu(x) + F.softmax(x, dim=-1)
# CHECK-LABEL: def functional
# CHECK-NOT:  prim::CallFunction
# CHECK:      Tensor = aten::relu(%x{{[.0-9]*}})
# CHECK:      [[S:%[0-9]+]] : Tensor = aten::softmax(%x{{[.0-9]*}},
# CHECK:      Tensor = aten::add(%{{[0-9]+}}, [[S]],
# CHECK-NOT:  prim::CallFunction

def add_alpha(x: Tensor, y: Tensor) -> Tensor:
    return torch.add(x, y, alpha=2)
# CHECK-LABEL: def add_alpha
# CHECK:      [[A:%[0-9]+]] : int = prim::Constant[value=2]()
# CHECK:      Tensor = aten::add(%x{{[.0-9]*}}, %y{{[.0-9]*}}, [[A]])

# torch.functional.X is torch.X.
def functional_norm(t: Tensor) -> Tensor:
    return torch.functional.norm(t) + torch.norm(t)
# CHECK-LABEL: def functional_norm
# CHECK:      Tensor = [[OP:[a-z:_]*norm]](%t
# CHECK:      Tensor = [[OP]](%t

# torch.ops.NS.X is the operator NS::X, as in torchvision's Python wrappers.
def ops_namespace(boxes: Tensor, scores: Tensor) -> Tensor:
    return torch.ops.torchvision.nms(boxes, scores, 0.5)
# CHECK-LABEL: def ops_namespace
# CHECK:      Tensor = torchvision::nms(%boxes{{[.0-9]*}}, %scores{{[.0-9]*}}, %{{[0-9]+}})
