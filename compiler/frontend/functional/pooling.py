# torch.nn.functional pooling written in Python: max_pool and
# adaptive_max_pool (each as its two typed variants: PyTorch's max_pool2d
# is a compile-time choice between _max_pool2d and max_pool2d_with_indices
# by the constant return_indices; see LibraryDispatch in
# functional_library.h), adaptive_avg_pool, max_unpool (the output size is
# derived from the pooling parameters) and lp_pool (an average pool of
# powers).


def torch__nn__functional___max_pool1d(input: Tensor, kernel_size: Union[int, List[int], Tuple[int]],
                stride: Union[int, List[int], Tuple[int], None] = None, padding: Union[int, List[int], Tuple[int]] = 0,
                dilation: Union[int, List[int], Tuple[int]] = 1, ceil_mode: bool = False,
                return_indices: bool = False) -> Tensor:
    s: List[int] = []  # empty: the kernel size
    if stride is not None:
        s = _single(stride)
    return torch.max_pool1d(input, _single(kernel_size), s, _single(padding), _single(dilation), ceil_mode)


def torch__nn__functional__max_pool1d_with_indices(
        input: Tensor, kernel_size: Union[int, List[int], Tuple[int]],
        stride: Union[int, List[int], Tuple[int], None] = None, padding: Union[int, List[int], Tuple[int]] = 0,
        dilation: Union[int, List[int], Tuple[int]] = 1, ceil_mode: bool = False,
        return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    s: List[int] = []
    if stride is not None:
        s = _single(stride)
    return torch.max_pool1d_with_indices(input, _single(kernel_size), s, _single(padding), _single(dilation),
                                         ceil_mode)


def torch__nn__functional___max_pool2d(input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int]],
                stride: Union[int, List[int], Tuple[int, int], None] = None,
                padding: Union[int, List[int], Tuple[int, int]] = 0,
                dilation: Union[int, List[int], Tuple[int, int]] = 1, ceil_mode: bool = False,
                return_indices: bool = False) -> Tensor:
    s: List[int] = []
    if stride is not None:
        s = _pair(stride)
    return torch.max_pool2d(input, _pair(kernel_size), s, _pair(padding), _pair(dilation), ceil_mode)


def torch__nn__functional__max_pool2d_with_indices(
        input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int]],
        stride: Union[int, List[int], Tuple[int, int], None] = None, padding: Union[int, List[int], Tuple[int, int]] = 0,
        dilation: Union[int, List[int], Tuple[int, int]] = 1, ceil_mode: bool = False,
        return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    s: List[int] = []
    if stride is not None:
        s = _pair(stride)
    return torch.max_pool2d_with_indices(input, _pair(kernel_size), s, _pair(padding), _pair(dilation), ceil_mode)


def torch__nn__functional___max_pool3d(input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int, int]],
                stride: Union[int, List[int], Tuple[int, int, int], None] = None,
                padding: Union[int, List[int], Tuple[int, int, int]] = 0,
                dilation: Union[int, List[int], Tuple[int, int, int]] = 1, ceil_mode: bool = False,
                return_indices: bool = False) -> Tensor:
    s: List[int] = []
    if stride is not None:
        s = _triple(stride)
    return torch.max_pool3d(input, _triple(kernel_size), s, _triple(padding), _triple(dilation), ceil_mode)


def torch__nn__functional__max_pool3d_with_indices(
        input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int, int]],
        stride: Union[int, List[int], Tuple[int, int, int], None] = None,
        padding: Union[int, List[int], Tuple[int, int, int]] = 0,
        dilation: Union[int, List[int], Tuple[int, int, int]] = 1, ceil_mode: bool = False,
        return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    s: List[int] = []
    if stride is not None:
        s = _triple(stride)
    return torch.max_pool3d_with_indices(input, _triple(kernel_size), s, _triple(padding), _triple(dilation),
                                         ceil_mode)


def torch__nn__functional___adaptive_max_pool1d(input: Tensor, output_size: Union[int, List[int], Tuple[int]],
                         return_indices: bool = False) -> Tensor:
    return torch.adaptive_max_pool1d(input, _single(output_size))[0]


def torch__nn__functional__adaptive_max_pool1d_with_indices(input: Tensor,
                                                            output_size: Union[int, List[int], Tuple[int]],
                                                            return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.adaptive_max_pool1d(input, _single(output_size))


def torch__nn__functional___adaptive_max_pool2d(input: Tensor, output_size: Union[int, List[int], Tuple[int, int]],
                         return_indices: bool = False) -> Tensor:
    return torch.adaptive_max_pool2d(input, _pair(output_size))[0]


def torch__nn__functional__adaptive_max_pool2d_with_indices(input: Tensor,
                                                            output_size: Union[int, List[int], Tuple[int, int]],
                                                            return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.adaptive_max_pool2d(input, _pair(output_size))


def torch__nn__functional___adaptive_max_pool3d(input: Tensor, output_size: Union[int, List[int], Tuple[int, int, int]],
                         return_indices: bool = False) -> Tensor:
    return torch.adaptive_max_pool3d(input, _triple(output_size))[0]


def torch__nn__functional__adaptive_max_pool3d_with_indices(input: Tensor,
                                                            output_size: Union[int, List[int], Tuple[int, int, int]],
                                                            return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.adaptive_max_pool3d(input, _triple(output_size))


def torch__nn__functional__adaptive_avg_pool2d(input: Tensor,
                                               output_size: Union[int, List[int], Tuple[int, int]]) -> Tensor:
    return torch.adaptive_avg_pool2d(input, _pair(output_size))


def torch__nn__functional__adaptive_avg_pool3d(input: Tensor,
                                               output_size: Union[int, List[int], Tuple[int, int, int]]) -> Tensor:
    return torch.adaptive_avg_pool3d(input, _triple(output_size))


def _unpool_output_size(input: Tensor, kernel_size: List[int], stride: List[int], padding: List[int],
                        output_size: Optional[List[int]]) -> List[int]:
    # The size max_poolNd came from: given, or the smallest that pools to
    # input's size; a given size may include (N, C) and must round to it.
    n = len(kernel_size)
    input_size = input.size()
    default_size: List[int] = []
    for d in range(n):
        default_size.append((input_size[d - n] - 1) * stride[d] + kernel_size[d] - 2 * padding[d])
    if output_size is None:
        return default_size
    size = output_size
    if len(size) == n + 2:
        size = size[2:]
    if len(size) != n:
        raise ValueError("output_size should be a sequence containing {} or {} elements, but it has a length of '{}'"
                         .format(n, n + 2, len(size)))
    for d in range(n):
        min_size = default_size[d] - stride[d]
        max_size = default_size[d] + stride[d]
        if not (min_size < size[d] and size[d] < max_size):
            raise ValueError('invalid output_size "{}" (dim {} must be between {} and {})'
                             .format(size, d, min_size, max_size))
    return size


def torch__nn__functional__max_unpool1d(input: Tensor, indices: Tensor, kernel_size: Union[int, List[int], Tuple[int]],
                                        stride: Union[int, List[int], Tuple[int], None] = None,
                                        padding: Union[int, List[int], Tuple[int]] = 0,
                                        output_size: Optional[List[int]] = None) -> Tensor:
    k = _single(kernel_size)
    s = k
    if stride is not None:
        s = _single(stride)
    size = _unpool_output_size(input, k, s, _single(padding), output_size)
    return torch.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), size + [1]).squeeze(-1)


def torch__nn__functional__max_unpool2d(input: Tensor, indices: Tensor,
                                        kernel_size: Union[int, List[int], Tuple[int, int]],
                                        stride: Union[int, List[int], Tuple[int, int], None] = None,
                                        padding: Union[int, List[int], Tuple[int, int]] = 0,
                                        output_size: Optional[List[int]] = None) -> Tensor:
    k = _pair(kernel_size)
    s = k
    if stride is not None:
        s = _pair(stride)
    size = _unpool_output_size(input, k, s, _pair(padding), output_size)
    return torch.max_unpool2d(input, indices, size)


def torch__nn__functional__max_unpool3d(input: Tensor, indices: Tensor,
                                        kernel_size: Union[int, List[int], Tuple[int, int, int]],
                                        stride: Union[int, List[int], Tuple[int, int, int], None] = None,
                                        padding: Union[int, List[int], Tuple[int, int, int]] = 0,
                                        output_size: Optional[List[int]] = None) -> Tensor:
    k = _triple(kernel_size)
    s = k
    if stride is not None:
        s = _triple(stride)
    p = _triple(padding)
    size = _unpool_output_size(input, k, s, p, output_size)
    return torch.max_unpool3d(input, indices, size, s, p)


def torch__nn__functional__lp_pool1d(input: Tensor, norm_type: float, kernel_size: int,
                                     stride: Union[int, List[int], Tuple[int], None] = None,
                                     ceil_mode: bool = False) -> Tensor:
    if stride is not None:
        out = torch.avg_pool1d(input.pow(norm_type), [kernel_size], _single(stride), [0], ceil_mode)
    else:
        out = torch.avg_pool1d(input.pow(norm_type), [kernel_size], padding=[0], ceil_mode=ceil_mode)
    return (torch.sign(out) * torch.relu(torch.abs(out))).mul(kernel_size).pow(1.0 / norm_type)


def torch__nn__functional__lp_pool2d(input: Tensor, norm_type: float,
                                     kernel_size: Union[int, List[int], Tuple[int, int]],
                                     stride: Union[int, List[int], Tuple[int, int], None] = None,
                                     ceil_mode: bool = False) -> Tensor:
    k = _pair(kernel_size)
    if stride is not None:
        out = torch.avg_pool2d(input.pow(norm_type), k, _pair(stride), [0, 0], ceil_mode)
    else:
        out = torch.avg_pool2d(input.pow(norm_type), k, padding=[0, 0], ceil_mode=ceil_mode)
    return (torch.sign(out) * torch.relu(torch.abs(out))).mul(k[0] * k[1]).pow(1.0 / norm_type)


# Fractional max pooling: pooling regions of pseudo-random sizes, drawn from
# _random_samples (uniform in [0, 1), one pair or triple per batch and
# channel) unless given. The output size is given or is the input size
# times output_ratio.

def _fractional_output_size(input: Tensor, n: int, output_size: Union[int, List[int], Tuple[int, int], Tuple[int, int, int], None],
                            output_ratio: Union[float, List[float], Tuple[float, float], Tuple[float, float, float], None]) -> List[int]:
    if output_size is None and output_ratio is None:
        raise ValueError("fractional_max_pool{}d requires specifying either an output_size or an output_ratio"
                         .format(n))
    if output_size is not None:
        return _int_list(output_size, n)
    ratio = _float_list(output_ratio, n)
    out: List[int] = []
    for i in range(n):
        out.append(int(input.size(i - n) * ratio[i]))
    return out


def _fractional_samples(input: Tensor, n: int, _random_samples: Optional[Tensor]) -> Tensor:
    if _random_samples is not None:
        return _random_samples
    n_batch = input.size(0)
    if input.dim() == n + 1:
        n_batch = 1
    return torch.rand([n_batch, input.size(-n - 1), n], dtype=input.dtype, device=input.device)


def torch__nn__functional__fractional_max_pool2d_with_indices(
        input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int]],
        output_size: Union[int, List[int], Tuple[int, int], None] = None,
        output_ratio: Union[float, List[float], Tuple[float, float], None] = None, return_indices: bool = False,
        _random_samples: Optional[Tensor] = None) -> Tuple[Tensor, Tensor]:
    size = _fractional_output_size(input, 2, output_size, output_ratio)
    return torch.fractional_max_pool2d(input, _pair(kernel_size), size,
                                       _fractional_samples(input, 2, _random_samples))


def torch__nn__functional___fractional_max_pool2d(
        input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int]],
        output_size: Union[int, List[int], Tuple[int, int], None] = None,
        output_ratio: Union[float, List[float], Tuple[float, float], None] = None, return_indices: bool = False,
        _random_samples: Optional[Tensor] = None) -> Tensor:
    size = _fractional_output_size(input, 2, output_size, output_ratio)
    return torch.fractional_max_pool2d(input, _pair(kernel_size), size,
                                       _fractional_samples(input, 2, _random_samples))[0]


def torch__nn__functional__fractional_max_pool3d_with_indices(
        input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int, int]],
        output_size: Union[int, List[int], Tuple[int, int, int], None] = None,
        output_ratio: Union[float, List[float], Tuple[float, float, float], None] = None,
        return_indices: bool = False, _random_samples: Optional[Tensor] = None) -> Tuple[Tensor, Tensor]:
    size = _fractional_output_size(input, 3, output_size, output_ratio)
    return torch.fractional_max_pool3d(input, _triple(kernel_size), size,
                                       _fractional_samples(input, 3, _random_samples))


def torch__nn__functional___fractional_max_pool3d(
        input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int, int]],
        output_size: Union[int, List[int], Tuple[int, int, int], None] = None,
        output_ratio: Union[float, List[float], Tuple[float, float, float], None] = None,
        return_indices: bool = False, _random_samples: Optional[Tensor] = None) -> Tensor:
    size = _fractional_output_size(input, 3, output_size, output_ratio)
    return torch.fractional_max_pool3d(input, _triple(kernel_size), size,
                                       _fractional_samples(input, 3, _random_samples))[0]
