# Helpers shared by the functional library's other files (defined first).
# Private names start with `_`; they are inlined wherever they are called.
# Python's BroadcastingListN[int] parameters (an int or N ints) are spelled
# Union[int, List[int], Tuple[int, ...]] here; the helpers below expand them.
# They also accept None (and raise for it) so that an Optional such union
# can be passed where `x is not None` was tested: that test does not narrow
# a Union for every emitter version the library must compile with.


def _single(x: Union[int, List[int], Tuple[int], None]) -> List[int]:
    if isinstance(x, int):
        return [x]
    elif isinstance(x, List[int]):
        return x
    elif isinstance(x, Tuple[int]):
        return [x[0]]
    raise ValueError("expected an int or a sequence of ints, got None")


def _pair(x: Union[int, List[int], Tuple[int, int], None]) -> List[int]:
    if isinstance(x, int):
        return [x, x]
    elif isinstance(x, List[int]):
        return x
    elif isinstance(x, Tuple[int, int]):
        return [x[0], x[1]]
    raise ValueError("expected an int or a sequence of ints, got None")


def _triple(x: Union[int, List[int], Tuple[int, int, int], None]) -> List[int]:
    if isinstance(x, int):
        return [x, x, x]
    elif isinstance(x, List[int]):
        return x
    elif isinstance(x, Tuple[int, int, int]):
        return [x[0], x[1], x[2]]
    raise ValueError("expected an int or a sequence of ints, got None")


def _reduction_enum(reduction: str) -> int:
    # torch.nn._reduction.get_enum: the int the loss operators take.
    if reduction == "none":
        return 0
    elif reduction == "mean" or reduction == "elementwise_mean":
        return 1
    elif reduction == "sum":
        return 2
    raise ValueError("{} is not a valid value for reduction".format(reduction))


def _legacy_reduction(size_average: Optional[bool], reduce: Optional[bool]) -> str:
    # The deprecated size_average/reduce pair as a reduction string (an
    # unset flag counts as True).
    sa = True
    if size_average is not None:
        sa = size_average
    rd = True
    if reduce is not None:
        rd = reduce
    if sa and rd:
        return "mean"
    elif rd:
        return "sum"
    return "none"


def _loss_reduction(size_average: Optional[bool], reduce: Optional[bool], reduction: str) -> int:
    if size_average is not None or reduce is not None:
        return _reduction_enum(_legacy_reduction(size_average, reduce))
    return _reduction_enum(reduction)


def _check_dropout_p(p: float):
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
