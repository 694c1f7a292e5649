# torch.functional: members of `torch` that PyTorch writes in Python.
#
# unique, unique_consecutive and lu return a tuple whose length depends on
# constant flags: PyTorch picks one of several typed functions at compile
# time, and so does the emitter (LibraryDispatch in functional_library.cpp
# says which flag picks which). The typed variants are below under
# PyTorch's names (torch.functional._return_output, ...).


def _unique_all(input: Tensor, sorted: bool, return_inverse: bool, return_counts: bool,
                dim: Optional[int]) -> Tuple[Tensor, Tensor, Tensor]:
    if dim is not None:
        return torch.unique_dim(input, dim, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts)
    return torch._unique2(input, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts)


def torch__functional___unique_impl(input: Tensor, sorted: bool = True, return_inverse: bool = False,
                                    return_counts: bool = False,
                                    dim: Optional[int] = None) -> Tuple[Tensor, Tensor, Tensor]:
    return _unique_all(input, sorted, return_inverse, return_counts, dim)


def torch__functional___return_inverse(input: Tensor, sorted: bool = True, return_inverse: bool = False,
                                       return_counts: bool = False,
                                       dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    output, inverse_indices, counts = _unique_all(input, sorted, return_inverse, return_counts, dim)
    return output, inverse_indices


def torch__functional___return_counts(input: Tensor, sorted: bool = True, return_inverse: bool = False,
                                      return_counts: bool = False,
                                      dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    output, inverse_indices, counts = _unique_all(input, sorted, return_inverse, return_counts, dim)
    return output, counts


def torch__functional___return_output(input: Tensor, sorted: bool = True, return_inverse: bool = False,
                                      return_counts: bool = False, dim: Optional[int] = None) -> Tensor:
    output, inverse_indices, counts = _unique_all(input, sorted, return_inverse, return_counts, dim)
    return output


def torch__functional___unique_consecutive_impl(input: Tensor, return_inverse: bool = False,
                                                return_counts: bool = False,
                                                dim: Optional[int] = None) -> Tuple[Tensor, Tensor, Tensor]:
    return torch.unique_consecutive(input, return_inverse=return_inverse, return_counts=return_counts, dim=dim)


def torch__functional___consecutive_return_inverse(input: Tensor, return_inverse: bool = False,
                                                   return_counts: bool = False,
                                                   dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    output, inverse_indices, counts = torch.unique_consecutive(input, return_inverse=return_inverse,
                                                               return_counts=return_counts, dim=dim)
    return output, inverse_indices


def torch__functional___consecutive_return_counts(input: Tensor, return_inverse: bool = False,
                                                  return_counts: bool = False,
                                                  dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    output, inverse_indices, counts = torch.unique_consecutive(input, return_inverse=return_inverse,
                                                               return_counts=return_counts, dim=dim)
    return output, counts


def torch__functional___consecutive_return_output(input: Tensor, return_inverse: bool = False,
                                                  return_counts: bool = False,
                                                  dim: Optional[int] = None) -> Tensor:
    output, inverse_indices, counts = torch.unique_consecutive(input, return_inverse=return_inverse,
                                                               return_counts=return_counts, dim=dim)
    return output


def _lu_copy_out(result: List[Tensor], out: Optional[List[Tensor]]):
    # PyTorch's out=: resize each given tensor like the result and copy.
    if out is not None:
        if len(out) != len(result):
            raise TypeError("expected tuple of {} elements but got {}".format(len(result), len(out)))
        for i in range(len(out)):
            out[i].resize_as_(result[i]).copy_(result[i])


def torch__functional___lu_with_infos(A: Tensor, pivot: bool = True, get_infos: bool = False,
                                      out: Optional[List[Tensor]] = None) -> Tuple[Tensor, Tensor, Tensor]:
    lu, pivots, infos = torch._lu_with_info(A, pivot=pivot, check_errors=not get_infos)
    _lu_copy_out([lu, pivots, infos], out)
    return lu, pivots, infos


def torch__functional___lu_no_infos(A: Tensor, pivot: bool = True, get_infos: bool = False,
                                    out: Optional[List[Tensor]] = None) -> Tuple[Tensor, Tensor]:
    # Without get_infos a failed factorization raises.
    lu, pivots, infos = torch._lu_with_info(A, pivot=pivot, check_errors=not get_infos)
    _lu_copy_out([lu, pivots], out)
    return lu, pivots


def torch__cdist(x1: Tensor, x2: Tensor, p: float = 2.0,
                 compute_mode: str = "use_mm_for_euclid_dist_if_necessary") -> Tensor:
    # The operator takes the mode as None / 1 / 2.
    if compute_mode == "use_mm_for_euclid_dist_if_necessary":
        return torch.cdist(x1, x2, p, None)
    elif compute_mode == "use_mm_for_euclid_dist":
        return torch.cdist(x1, x2, p, 1)
    elif compute_mode == "donot_use_mm_for_euclid_dist":
        return torch.cdist(x1, x2, p, 2)
    raise ValueError("{} is not a valid value for compute_mode".format(compute_mode))


def torch__tensordot(a: Tensor, b: Tensor, dims: Union[int, Tuple[List[int], List[int]], List[List[int]]] = 2,
                     out: Optional[Tensor] = None) -> Tensor:
    # dims: an int n (a's last n dims with b's first n) or the two lists
    # of dims to contract.
    dims_a: List[int] = []
    dims_b: List[int] = []
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError("negative number of dimensions specified ({})".format(dims))
        for i in range(-dims, 0):
            dims_a.append(i)
        for i in range(dims):
            dims_b.append(i)
    elif isinstance(dims, List[List[int]]):
        if len(dims) != 2:
            raise RuntimeError("tensordot expects dims to hold two lists of dimensions, got {}".format(len(dims)))
        dims_a = dims[0]
        dims_b = dims[1]
    else:
        dims_a, dims_b = dims
    result = torch.tensordot(a, b, dims_a, dims_b)
    if out is None:
        return result
    return out.resize_as_(result).copy_(result)


def _dims_or_all(dim: Optional[List[int]], ndim: int) -> List[int]:
    if dim is not None:
        return dim
    out: List[int] = []
    for i in range(ndim):
        out.append(i)
    return out


def torch__norm(input: Tensor, p: Union[str, float, int, None] = "fro",
                dim: Union[int, List[int], Tuple[int], Tuple[int, int], None] = None, keepdim: bool = False,
                out: Optional[Tensor] = None, dtype: Optional[int] = None) -> Tensor:
    # p: a number (vector norm), "fro" or "nuc" (matrix norms).
    ndim = input.dim()
    d: Optional[List[int]] = None
    if isinstance(dim, int):
        d = [dim]
    elif isinstance(dim, List[int]):
        d = dim
    elif isinstance(dim, Tuple[int]):
        d = [dim[0]]
    elif isinstance(dim, Tuple[int, int]):
        d = [dim[0], dim[1]]
    if isinstance(p, str):
        if p == "fro":
            if dtype is not None:
                raise ValueError("dtype argument is not supported in frobenius norm")
            if d is None and out is None:
                return torch.frobenius_norm(input, [], keepdim)
            if out is None:
                return torch.frobenius_norm(input, _dims_or_all(d, ndim), keepdim)
            return torch.frobenius_norm(input, _dims_or_all(d, ndim), keepdim, out=out)
        elif p == "nuc":
            if dtype is not None:
                raise ValueError("dtype argument is not supported in nuclear norm")
            if d is None:
                if out is None:
                    return torch.nuclear_norm(input, keepdim)
                return torch.nuclear_norm(input, keepdim, out=out)
            if out is None:
                return torch.nuclear_norm(input, d, keepdim)
            return torch.nuclear_norm(input, d, keepdim, out=out)
        raise RuntimeError("only valid string values are 'fro' and 'nuc', found {}".format(p))
    q: Optional[float] = None
    if isinstance(p, float):
        q = p
    elif isinstance(p, int):
        q = float(p)
    dims = _dims_or_all(d, ndim)
    if out is None:
        if dtype is None:
            return torch.norm(input, q, dims, keepdim)
        return torch.norm(input, q, dims, keepdim, dtype=dtype)
    if dtype is None:
        return torch.norm(input, q, dims, keepdim, out=out)
    return torch.norm(input, q, dims, keepdim, dtype=dtype, out=out)


def torch__stft(input: Tensor, n_fft: int, hop_length: Optional[int] = None, win_length: Optional[int] = None,
                window: Optional[Tensor] = None, center: bool = True, pad_mode: str = "reflect",
                normalized: bool = False, onesided: Optional[bool] = None,
                return_complex: Optional[bool] = None) -> Tensor:
    # center: pad n_fft // 2 on both sides of the signal (the last dim), so
    # frame t is centred on sample t * hop_length. F.pad wants a batch and a
    # channel dim for non-constant modes, hence the views.
    if center:
        signal_dim = input.dim()
        extended_shape: List[int] = []
        for _ in range(3 - signal_dim):
            extended_shape.append(1)
        for s in input.size():
            extended_shape.append(s)
        pad = n_fft // 2
        input = torch.pad(input.view(extended_shape), [pad, pad], pad_mode)
        input = input.view(input.size()[-signal_dim:])
    return torch.stft(input, n_fft, hop_length, win_length, window, normalized, onesided, return_complex)
