# Literals become typed prim::Constant nodes: ints (decimal, hex, with
# underscores, negated), floats (PyTorch's spelling: "3." for 3.0), strings
# with escapes, booleans (printed 1/0) and None.

def ints() -> Tuple[int, int, int, int]:
    return 7, 0x1F, -3, 1_000
# CHECK-LABEL: def ints
# CHECK:      [[A:%[0-9]+]] : int = prim::Constant[value=7]()
# CHECK-NEXT: [[B:%[0-9]+]] : int = prim::Constant[value=31]()
# CHECK-NEXT: [[C:%[0-9]+]] : int = prim::Constant[value=-3]()
# CHECK-NEXT: [[D:%[0-9]+]] : int = prim::Constant[value=1000]()
# CHECK-NEXT: [[T:%[0-9]+]] : (int, int, int, int) = prim::TupleConstruct([[A]], [[B]], [[C]], [[D]])
# CHECK-NEXT: return ([[T]])

def floats() -> Tuple[float, float, float]:
    return 1.5, 2e-3, 3.
# CHECK-LABEL: def floats
# CHECK:      float = prim::Constant[value=1.5]()
# CHECK-NEXT: float = prim::Constant[value=0.002]()
# CHECK-NEXT: float = prim::Constant[value=3.]()
# CHECK-NEXT: (float, float, float) = prim::TupleConstruct(

def strings() -> Tuple[str, str]:
    return "a\tb", 'it\'s'
# CHECK-LABEL: def strings
# CHECK:      str = prim::Constant[value="a\tb"]()
# CHECK-NEXT: str = prim::Constant[value="it\'s"]()

def consts() -> Tuple[bool, bool, Optional[int]]:
    return True, False, None
# CHECK-LABEL: def consts
# CHECK:      bool = prim::Constant[value=1]()
# CHECK-NEXT: bool = prim::Constant[value=0]()
# CHECK-NEXT: NoneType = prim::Constant()
# CHECK-NEXT: (bool, bool, NoneType) = prim::TupleConstruct(
