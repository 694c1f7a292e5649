# torch.nn.functional resampling: interpolate and its deprecated upsample
# spellings. The operators take an output size or per-dim scale factors
# (exactly one of them) and, for the interpolating modes, align_corners.


def _int_list(x: Union[int, List[int], Tuple[int], Tuple[int, int], Tuple[int, int, int], None], n: int) -> List[int]:
    # An int (repeated n times) or a sequence of ints, as a list.
    if isinstance(x, int):
        out: List[int] = []
        for _ in range(n):
            out.append(x)
        return out
    elif isinstance(x, List[int]):
        return x
    elif isinstance(x, Tuple[int]):
        return [x[0]]
    elif isinstance(x, Tuple[int, int]):
        return [x[0], x[1]]
    elif isinstance(x, Tuple[int, int, int]):
        return [x[0], x[1], x[2]]
    raise ValueError("expected an int or a sequence of ints, got None")


def _float_list(x: Union[float, List[float], Tuple[float], Tuple[float, float], Tuple[float, float, float], None],
                n: int) -> List[float]:
    if isinstance(x, float):
        out: List[float] = []
        for _ in range(n):
            out.append(x)
        return out
    elif isinstance(x, List[float]):
        return x
    elif isinstance(x, Tuple[float]):
        return [x[0]]
    elif isinstance(x, Tuple[float, float]):
        return [x[0], x[1]]
    elif isinstance(x, Tuple[float, float, float]):
        return [x[0], x[1], x[2]]
    raise ValueError("expected a float or a sequence of floats, got None")


def torch__nn__functional__interpolate(
        input: Tensor,
        size: Union[int, List[int], Tuple[int], Tuple[int, int], Tuple[int, int, int], None] = None,
        scale_factor: Union[float, List[float], Tuple[float], Tuple[float, float], Tuple[float, float, float], None] = None,
        mode: str = "nearest", align_corners: Optional[bool] = None, recompute_scale_factor: Optional[bool] = None,
        antialias: bool = False) -> Tensor:
    if mode == "nearest" or mode == "area" or mode == "nearest-exact":
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
        corners = False
    else:
        corners = False
        if align_corners is not None:
            corners = align_corners

    dim = input.dim() - 2  # the spatial dims
    output_size: Optional[List[int]] = None
    scale_factors: Optional[List[float]] = None
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    elif size is not None:
        sizes = _int_list(size, dim)
        if len(sizes) != dim:
            raise ValueError("Input and output must have the same number of spatial dimensions, but got input with "
                             "spatial dimensions of {} and output size of {}. Please provide input tensor in (N, C, "
                             "d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format."
                             .format(input.size()[2:], sizes))
        output_size = sizes
    elif scale_factor is not None:
        scales = _float_list(scale_factor, dim)
        if len(scales) != dim:
            raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but got input "
                             "with spatial dimensions of {} and scale_factor of shape {}. Please provide input tensor "
                             "in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format."
                             .format(input.size()[2:], scales))
        scale_factors = scales
    else:
        raise ValueError("either size or scale_factor should be defined")

    recompute = False
    if recompute_scale_factor is not None:
        recompute = recompute_scale_factor
    if recompute and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    # Area mode pools adaptively, so it needs sizes.
    if mode == "area" and output_size is None:
        recompute = True
    if recompute and scale_factors is not None:
        computed: List[int] = []
        for i in range(dim):
            computed.append(math.floor(float(input.size(i + 2)) * scale_factors[i]))
        output_size = computed
        scale_factors = None

    if antialias and not ((mode == "bilinear" or mode == "bicubic") and input.dim() == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")

    nd = input.dim()
    if mode == "nearest":
        if nd == 3:
            return torch.upsample_nearest1d(input, output_size, scale_factors)
        if nd == 4:
            return torch.upsample_nearest2d(input, output_size, scale_factors)
        if nd == 5:
            return torch.upsample_nearest3d(input, output_size, scale_factors)
    elif mode == "nearest-exact":
        if nd == 3:
            return torch._upsample_nearest_exact1d(input, output_size, scale_factors)
        if nd == 4:
            return torch._upsample_nearest_exact2d(input, output_size, scale_factors)
        if nd == 5:
            return torch._upsample_nearest_exact3d(input, output_size, scale_factors)
    elif mode == "area":
        assert output_size is not None
        if nd == 3:
            return torch.adaptive_avg_pool1d(input, output_size)
        if nd == 4:
            return torch.adaptive_avg_pool2d(input, output_size)
        if nd == 5:
            return torch.adaptive_avg_pool3d(input, output_size)
    elif mode == "linear":
        if nd == 3:
            return torch.upsample_linear1d(input, output_size, corners, scale_factors)
        if nd == 4 or nd == 5:
            raise NotImplementedError("Got {}D input, but linear mode needs 3D input".format(nd))
    elif mode == "bilinear":
        if nd == 4:
            if antialias:
                return torch._upsample_bilinear2d_aa(input, output_size, corners, scale_factors)
            return torch.upsample_bilinear2d(input, output_size, corners, scale_factors)
        if nd == 3 or nd == 5:
            raise NotImplementedError("Got {}D input, but bilinear mode needs 4D input".format(nd))
    elif mode == "trilinear":
        if nd == 5:
            return torch.upsample_trilinear3d(input, output_size, corners, scale_factors)
        if nd == 3 or nd == 4:
            raise NotImplementedError("Got {}D input, but trilinear mode needs 5D input".format(nd))
    elif mode == "bicubic":
        if nd == 4:
            if antialias:
                return torch._upsample_bicubic2d_aa(input, output_size, corners, scale_factors)
            return torch.upsample_bicubic2d(input, output_size, corners, scale_factors)
        if nd == 3 or nd == 5:
            raise NotImplementedError("Got {}D input, but bicubic mode needs 4D input".format(nd))
    raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: "
                              "nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})"
                              .format(nd, mode))


def torch__nn__functional__upsample(
        input: Tensor,
        size: Union[int, List[int], Tuple[int], Tuple[int, int], Tuple[int, int, int], None] = None,
        scale_factor: Union[float, List[float], Tuple[float], Tuple[float, float], Tuple[float, float, float], None] = None,
        mode: str = "nearest", align_corners: Optional[bool] = None) -> Tensor:
    return torch__nn__functional__interpolate(input, size, scale_factor, mode, align_corners)


def torch__nn__functional__upsample_nearest(
        input: Tensor,
        size: Union[int, List[int], Tuple[int], Tuple[int, int], Tuple[int, int, int], None] = None,
        scale_factor: Union[float, List[float], Tuple[float], Tuple[float, float], Tuple[float, float, float], None] = None) -> Tensor:
    return torch__nn__functional__interpolate(input, size, scale_factor, mode="nearest")


def torch__nn__functional__upsample_bilinear(
        input: Tensor,
        size: Union[int, List[int], Tuple[int], Tuple[int, int], Tuple[int, int, int], None] = None,
        scale_factor: Union[float, List[float], Tuple[float], Tuple[float, float], Tuple[float, float, float], None] = None) -> Tensor:
    return torch__nn__functional__interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def torch__nn__functional__unfold(input: Tensor, kernel_size: Union[int, List[int], Tuple[int, int]],
                                  dilation: Union[int, List[int], Tuple[int, int]] = 1,
                                  padding: Union[int, List[int], Tuple[int, int]] = 0,
                                  stride: Union[int, List[int], Tuple[int, int]] = 1) -> Tensor:
    # Sliding blocks as columns (im2col); fold is its adjoint.
    return torch.im2col(input, _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))


def torch__nn__functional__fold(input: Tensor, output_size: Union[int, List[int], Tuple[int, int]],
                                kernel_size: Union[int, List[int], Tuple[int, int]],
                                dilation: Union[int, List[int], Tuple[int, int]] = 1,
                                padding: Union[int, List[int], Tuple[int, int]] = 0,
                                stride: Union[int, List[int], Tuple[int, int]] = 1) -> Tensor:
    return torch.col2im(input, _pair(output_size), _pair(kernel_size), _pair(dilation), _pair(padding),
                        _pair(stride))


def torch__nn__functional__grid_sample(input: Tensor, grid: Tensor, mode: str = "bilinear",
                                       padding_mode: str = "zeros", align_corners: Optional[bool] = None) -> Tensor:
    # The operator takes mode and padding_mode as ints.
    if mode == "bilinear":
        mode_enum = 0
    elif mode == "nearest":
        mode_enum = 1
    elif mode == "bicubic":
        mode_enum = 2
    else:
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         "but got: '{}'".format(mode))
    if padding_mode == "zeros":
        padding_enum = 0
    elif padding_mode == "border":
        padding_enum = 1
    elif padding_mode == "reflection":
        padding_enum = 2
    else:
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         "'reflection', but got: '{}'".format(padding_mode))
    corners = False
    if align_corners is not None:
        corners = align_corners
    return torch.grid_sampler(input, grid, mode_enum, padding_enum, corners)


def torch__nn__functional__affine_grid(theta: Tensor, size: List[int], align_corners: Optional[bool] = None) -> Tensor:
    corners = False
    if align_corners is not None:
        corners = align_corners
    if not theta.is_floating_point():
        raise ValueError("Expected theta to have floating point type, but got {}".format(theta.dtype))
    if len(size) == 4:
        if theta.dim() != 3 or theta.size(-2) != 2 or theta.size(-1) != 3:
            raise ValueError("Expected a batch of 2D affine matrices of shape Nx2x3 for size {}. Got {}."
                             .format(size, theta.size()))
        spatial_size = size[-2:]
    elif len(size) == 5:
        if theta.dim() != 3 or theta.size(-2) != 3 or theta.size(-1) != 4:
            raise ValueError("Expected a batch of 3D affine matrices of shape Nx3x4 for size {}. Got {}."
                             .format(size, theta.size()))
        spatial_size = size[-3:]
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  "respectively. Got size {}.".format(size))
    for s in spatial_size:
        if s <= 0:
            raise ValueError("Expected non-zero, positive output size. Got {}".format(size))
    return torch.affine_grid_generator(theta, size, corners)
