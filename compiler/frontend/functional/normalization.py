# torch.nn.functional normalization: batch/instance/group/layer norm (the
# operators take weight and bias before the running statistics, and a
# cudnn_enabled flag), local_response_norm and normalize.


def _verify_batch_size(size: List[int]):
    # Batch statistics need more than one value per channel.
    n = size[0]
    for i in range(len(size) - 2):
        n = n * size[i + 2]
    if n == 1:
        raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(size))


def _verify_spatial_size(size: List[int]):
    n = 1
    for i in range(2, len(size)):
        n = n * size[i]
    if n == 1:
        raise ValueError("Expected more than 1 spatial element when training, got input size {}".format(size))


def torch__nn__functional__batch_norm(input: Tensor, running_mean: Optional[Tensor], running_var: Optional[Tensor],
                                      weight: Optional[Tensor] = None, bias: Optional[Tensor] = None,
                                      training: bool = False, momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    if training:
        _verify_batch_size(input.size())
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, True)


def torch__nn__functional__instance_norm(input: Tensor, running_mean: Optional[Tensor] = None,
                                         running_var: Optional[Tensor] = None, weight: Optional[Tensor] = None,
                                         bias: Optional[Tensor] = None, use_input_stats: bool = True,
                                         momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    if use_input_stats:
        _verify_spatial_size(input.size())
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, True)


def torch__nn__functional__layer_norm(input: Tensor, normalized_shape: List[int], weight: Optional[Tensor] = None,
                                      bias: Optional[Tensor] = None, eps: float = 1e-5) -> Tensor:
    return torch.layer_norm(input, normalized_shape, weight, bias, eps, True)


def torch__nn__functional__group_norm(input: Tensor, num_groups: int, weight: Optional[Tensor] = None,
                                      bias: Optional[Tensor] = None, eps: float = 1e-5) -> Tensor:
    if input.dim() < 2:
        raise RuntimeError("Expected at least 2 dimensions for input tensor but received {}".format(input.dim()))
    size = [input.size(0) * input.size(1) // num_groups, num_groups]
    for i in range(2, input.dim()):
        size.append(input.size(i))
    _verify_batch_size(size)
    return torch.group_norm(input, num_groups, weight, bias, eps, True)


def torch__nn__functional__local_response_norm(input: Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75,
                                               k: float = 1.0) -> Tensor:
    # Each element divided by (k + alpha * mean of squares over `size`
    # neighbouring channels) ** beta; the mean is an average pool over a
    # zero-padded channel axis.
    dim = input.dim()
    if dim < 3:
        raise ValueError("Expected 3D or higher dimensionality input (got {} dimensions)".format(dim))
    if input.numel() == 0:
        return input
    div = input.mul(input).unsqueeze(1)
    if dim == 3:
        div = torch.pad(div, [0, 0, size // 2, (size - 1) // 2])
        div = torch.avg_pool2d(div, [size, 1], stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = div.view([sizes[0], 1, sizes[1], sizes[2], -1])
        div = torch.pad(div, [0, 0, 0, 0, size // 2, (size - 1) // 2])
        div = torch.avg_pool3d(div, [size, 1, 1], stride=1).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


def torch__nn__functional__normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12,
                                     out: Optional[Tensor] = None) -> Tensor:
    # input / max(||input||_p over dim, eps)
    if out is None:
        denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
        return input / denom
    denom = input.norm(p, dim, keepdim=True).clamp_min_(eps).expand_as(input)
    return torch.div(input, denom, out=out)
