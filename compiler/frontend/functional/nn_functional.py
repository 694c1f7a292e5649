# torch.nn.functional (and torch.functional) members that PyTorch writes in
# Python, as TorchScript source, with PyTorch's argument names and defaults.
# A def's name is the qualified name with dots spelled `__`; helpers start
# with `_`. See compiler/frontend/functional_library.h.


def _softmax_dim(ndim: int) -> int:
    # The implicit dim of softmax-like functions called without one.
    if ndim == 0 or ndim == 1 or ndim == 3:
        return 0
    return 1


def torch__nn__functional__softmin(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3,
                                   dtype: Optional[int] = None) -> Tensor:
    if dim is None:
        d = _softmax_dim(input.dim())
    else:
        d = dim
    return torch.softmax(-input, d, dtype=dtype)


def torch__nn__functional__softsign(input: Tensor) -> Tensor:
    return input / (input.abs() + 1)


def torch__nn__functional__tanhshrink(input: Tensor) -> Tensor:
    return input - input.tanh()
