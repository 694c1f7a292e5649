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


def torch__nn__functional__logsigmoid(input: Tensor) -> Tensor:
    return torch.log_sigmoid(input)


# Dropout. The operators take `train`; Python spells it `training`.

def torch__nn__functional__dropout(input: Tensor, p: float = 0.5, training: bool = True,
                                   inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    if inplace:
        return torch.dropout_(input, p, training)
    return torch.dropout(input, p, training)


def torch__nn__functional__alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,
                                         inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    if inplace:
        return torch.alpha_dropout_(input, p, training)
    return torch.alpha_dropout(input, p, training)


def torch__nn__functional__feature_alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,
                                                 inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    if inplace:
        return torch.feature_alpha_dropout_(input, p, training)
    return torch.feature_alpha_dropout(input, p, training)


def _feature_dropout_nd(input: Tensor, p: float, training: bool, inplace: bool, batched_dim: int) -> Tensor:
    # Channel-wise dropout over inputs of batched_dim dims, or one fewer
    # (unbatched: a batch dim of 1 is added for the operator).
    batched = input.dim() == batched_dim
    if not batched:
        if inplace:
            input = input.unsqueeze_(0)
        else:
            input = input.unsqueeze(0)
    if inplace:
        result = torch.feature_dropout_(input, p, training)
    else:
        result = torch.feature_dropout(input, p, training)
    if not batched:
        if inplace:
            result = result.squeeze_(0)
        else:
            result = result.squeeze(0)
    return result


def torch__nn__functional__dropout1d(input: Tensor, p: float = 0.5, training: bool = True,
                                     inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    d = input.dim()
    if d != 2 and d != 3:
        raise RuntimeError("dropout1d: Expected 2D or 3D input, but received a {}D input. Note that dropout1d "
                           "exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel "
                           "dimension, and an optional batch dimension (i.e. 2D or 3D inputs).".format(d))
    return _feature_dropout_nd(input, p, training, inplace, 3)


def torch__nn__functional__dropout2d(input: Tensor, p: float = 0.5, training: bool = True,
                                     inplace: bool = False) -> Tensor:
    # PyTorch only warns about inputs that are not 3D or 4D, and treats a 3D
    # input as batched (N, C, L); so does this.
    _check_dropout_p(p)
    if inplace:
        return torch.feature_dropout_(input, p, training)
    return torch.feature_dropout(input, p, training)


def torch__nn__functional__dropout3d(input: Tensor, p: float = 0.5, training: bool = True,
                                     inplace: bool = False) -> Tensor:
    # PyTorch only warns about inputs that are not 4D or 5D.
    _check_dropout_p(p)
    return _feature_dropout_nd(input, p, training, inplace, 5)


# Activations with an `inplace` flag: the operator or its in-place variant.

def torch__nn__functional__relu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.relu_(input)
    return torch.relu(input)


def torch__nn__functional__relu6(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.relu6_(input)
    return torch.relu6(input)


def torch__nn__functional__elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.elu_(input, alpha)
    return torch.elu(input, alpha)


def torch__nn__functional__selu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.selu_(input)
    return torch.selu(input)


def torch__nn__functional__celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.celu_(input, alpha)
    return torch.celu(input, alpha)


def torch__nn__functional__leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.leaky_relu_(input, negative_slope)
    return torch.leaky_relu(input, negative_slope)


def torch__nn__functional__hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0,
                                    inplace: bool = False) -> Tensor:
    if inplace:
        return torch.hardtanh_(input, min_val, max_val)
    return torch.hardtanh(input, min_val, max_val)


def torch__nn__functional__hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.hardsigmoid_(input)
    return torch.hardsigmoid(input)


def torch__nn__functional__hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.hardswish_(input)
    return torch.hardswish(input)


def torch__nn__functional__silu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.silu_(input)
    return torch.silu(input)


def torch__nn__functional__mish(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.mish_(input)
    return torch.mish(input)


def torch__nn__functional__threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.threshold_(input, threshold, value)
    return torch.threshold(input, threshold, value)


def torch__nn__functional__rrelu(input: Tensor, lower: float = 0.125, upper: float = 0.3333333333333333, training: bool = False,
                                 inplace: bool = False) -> Tensor:
    if inplace:
        return torch.rrelu_(input, lower, upper, training)
    return torch.rrelu(input, lower, upper, training)


def torch__nn__functional__glu(input: Tensor, dim: int = -1) -> Tensor:
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    return torch.glu(input, dim)


def torch__nn__functional__softmax(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3,
                                   dtype: Optional[int] = None) -> Tensor:
    if dim is None:
        d = _softmax_dim(input.dim())
    else:
        d = dim
    return torch.softmax(input, d, dtype=dtype)


def torch__nn__functional__log_softmax(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3,
                                       dtype: Optional[int] = None) -> Tensor:
    if dim is None:
        d = _softmax_dim(input.dim())
    else:
        d = dim
    return torch.log_softmax(input, d, dtype=dtype)



def torch__nn__functional__embedding(input: Tensor, weight: Tensor, padding_idx: Optional[int] = None,
                                     max_norm: Optional[float] = None, norm_type: float = 2.0,
                                     scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    # The operator takes the weight first, and -1 for "no padding index".
    pad = -1
    if padding_idx is not None:
        pad = padding_idx
        if pad > 0:
            assert pad < weight.size(0), "Padding_idx must be within num_embeddings"
        elif pad < 0:
            assert pad >= -weight.size(0), "Padding_idx must be within num_embeddings"
            pad = weight.size(0) + pad
    if max_norm is not None:
        # Eager PyTorch rescales the looked-up rows in place to norm at most
        # max_norm; its TorchScript graph of this function does not (the
        # no-grad renorm call is dropped from it, 1.13), so scripted models
        # never renormalize and neither do we.
        input = input.contiguous()
    return torch.embedding(weight, input, pad, scale_grad_by_freq, sparse)


def torch__nn__functional__embedding_bag(input: Tensor, weight: Tensor, offsets: Optional[Tensor] = None,
                                         max_norm: Optional[float] = None, norm_type: float = 2.0,
                                         scale_grad_by_freq: bool = False, mode: str = "mean", sparse: bool = False,
                                         per_sample_weights: Optional[Tensor] = None,
                                         include_last_offset: bool = False,
                                         padding_idx: Optional[int] = None) -> Tensor:
    # Sums / means / maxes of embedding rows per bag. A 2-D input is a batch
    # of equal bags; a 1-D one is cut into bags at `offsets`.
    if weight.dtype == torch.long and input.is_floating_point():
        # PyTorch accepts the two swapped (with a warning).
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError("embedding_bag: If per_sample_weights ({}) is not None, then it must have the same shape as "
                         "the input ({})".format(per_sample_weights.size(), input.size()))
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             "fixed length sequences. However, found offsets of type <unknown>")
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        input = input.reshape([-1])
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape([-1])
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError("input has to be 1D or 2D Tensor, but got Tensor of dimension {}".format(input.dim()))
    if mode == "sum":
        mode_enum = 0
    elif mode == "mean":
        mode_enum = 1
    elif mode == "max":
        mode_enum = 2
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    else:
        raise ValueError("mode has to be one of sum, mean or max")
    # max_norm: no renormalization, as in TorchScript (see embedding above).
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  "supported for mode='sum' (got mode='{}'). Please open a feature request on the "
                                  "Pytorch GitHub.".format(mode))
    assert offsets is not None
    ret, _, _, _ = torch.embedding_bag(weight, input, offsets, scale_grad_by_freq, mode_enum, sparse,
                                       per_sample_weights, include_last_offset, padding_idx)
    return ret
