# torch.jit.annotate and annotated assignments give empty containers and
# None their declared types; no call remains in the graph.

def empty_list() -> List[int]:
    xs = torch.jit.annotate(List[int], [])
    xs.append(1)
    return xs
# CHECK-LABEL: def empty_list
# CHECK:      [[XS:%xs[.0-9]*]] : int[] = prim::ListConstruct()
# CHECK:      int[] = aten::append([[XS]],
# CHECK-NOT:  annotate

def annotated_var() -> Dict[str, float]:
    d: Dict[str, float] = {}
    return d
# CHECK-LABEL: def annotated_var
# CHECK:      [[D:%d[.0-9]*]] : Dict(str, float) = prim::DictConstruct()
# CHECK-NEXT: return ([[D]])

def optional_var(c: bool) -> Optional[int]:
    r: Optional[int] = None
    if c:
        r = 3
    return r
# CHECK-LABEL: def optional_var
# CHECK:      [[NONE:%[0-9a-z.]+]] : NoneType = prim::Constant()
# CHECK:      [[R:%r[.0-9]*]] : int? = prim::If(%c{{[.0-9]*}})
# CHECK:        block1():
# CHECK-NEXT:     -> ([[NONE]])
# CHECK:      return ([[R]])

# An annotation may span lines inside its brackets, with comments between.
def multiline_annotation(x: Union[int,  # a number
                                  float],
                         y: Dict[str,
                                 List[int]]) -> Tuple[int,
                                                      str]:
    return 1, "a"
# CHECK-LABEL: def multiline_annotation
# CHECK-NEXT: graph(%x{{[.0-9]*}} : Union(float, int),
# CHECK-NEXT:       %y{{[.0-9]*}} : Dict(str, int[])):
