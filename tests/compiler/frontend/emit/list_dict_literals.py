# List and dict literals infer their element types from the elements; an
# empty [] is a List[Tensor] and an empty {} a Dict[str, Tensor] unless
# annotated; nested literals nest the types.

def int_list() -> List[int]:
    return [1, 2, 3]
# CHECK-LABEL: def int_list
# CHECK:      int[] = prim::ListConstruct(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})

def empty_list_is_tensor_list():
    return []
# CHECK-LABEL: def empty_list_is_tensor_list
# CHECK:      Tensor[] = prim::ListConstruct()

def tensor_list(x: Tensor) -> List[Tensor]:
    return [x, x]
# CHECK-LABEL: def tensor_list
# CHECK:      Tensor[] = prim::ListConstruct(%x{{[.0-9]*}}, %x{{[.0-9]*}})

def str_dict() -> Dict[str, int]:
    return {"a": 1, "b": 2}
# CHECK-LABEL: def str_dict
# CHECK:      [[KA:%[0-9]+]] : str = prim::Constant[value="a"]()
# CHECK-NEXT: [[VA:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT: [[KB:%[0-9]+]] : str = prim::Constant[value="b"]()
# CHECK-NEXT: [[VB:%[0-9]+]] : int = prim::Constant[value=2]()
# CHECK-NEXT: Dict(str, int) = prim::DictConstruct([[KA]], [[VA]], [[KB]], [[VB]])

def empty_dict():
    return {}
# CHECK-LABEL: def empty_dict
# CHECK:      Dict(str, Tensor) = prim::DictConstruct()

def tuple_literal(x: int) -> Tuple[int, str, float]:
    return (x, "s", 1.0)
# CHECK-LABEL: def tuple_literal
# CHECK:      (int, str, float) = prim::TupleConstruct(%x{{[.0-9]*}}, %{{[0-9]+}}, %{{[0-9]+}})

def nested() -> List[List[int]]:
    return [[1], [2, 3]]
# CHECK-LABEL: def nested
# CHECK:      [[A:%[0-9]+]] : int[] = prim::ListConstruct(
# CHECK:      [[B:%[0-9]+]] : int[] = prim::ListConstruct(
# CHECK-NEXT: int[][] = prim::ListConstruct([[A]], [[B]])
