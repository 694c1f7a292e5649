# A list comprehension is an empty prim::ListConstruct filled by
# aten::append in a prim::Loop; a dict comprehension fills a
# prim::DictConstruct with aten::_set_item. (Comprehension ifs are a
# compile error, as in TorchScript: syntax_errors.txt.)

def squares(n: int) -> List[int]:
    return [i * i for i in range(n)]
# CHECK-LABEL: def squares
# CHECK:      [[L:%[0-9]+]] : int[] = prim::ListConstruct()
# CHECK:      = prim::Loop(%n{{[.0-9]*}}, %{{[0-9]+}})
# CHECK-NEXT:   block0([[I:%i[.0-9]*]] : int):
# CHECK-NEXT:     [[SQ:%[0-9]+]] : int = aten::mul([[I]], [[I]])
# CHECK-NEXT:     int[] = aten::append([[L]], [[SQ]])
# CHECK:      return ([[L]])

def dict_comp(keys: List[str]) -> Dict[str, int]:
    return {k: len(k) for k in keys}
# CHECK-LABEL: def dict_comp
# CHECK:      [[D:%[0-9]+]] : Dict(str, int) = prim::DictConstruct()
# CHECK:      = prim::Loop(
# CHECK:          [[K:%k[.0-9]*]] : str = aten::__getitem__(
# CHECK-NEXT:     [[N:%[0-9]+]] : int = aten::len([[K]])
# CHECK-NEXT:     = aten::_set_item([[D]], [[K]], [[N]])
# CHECK:      return ([[D]])
