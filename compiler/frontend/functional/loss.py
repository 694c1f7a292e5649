# torch.nn.functional losses. The operators take the reduction as an int
# (0 none, 1 mean, 2 sum); Python takes a string, or the deprecated
# size_average/reduce pair, which wins when either is given.


def torch__nn__functional__cross_entropy(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                                         size_average: Optional[bool] = None, ignore_index: int = -100,
                                         reduce: Optional[bool] = None, reduction: str = "mean",
                                         label_smoothing: float = 0.0) -> Tensor:
    return torch.cross_entropy_loss(input, target, weight, _loss_reduction(size_average, reduce, reduction),
                                    ignore_index, label_smoothing)


def torch__nn__functional__nll_loss(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                                    size_average: Optional[bool] = None, ignore_index: int = -100,
                                    reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    return torch.nll_loss_nd(input, target, weight, _loss_reduction(size_average, reduce, reduction), ignore_index)


def torch__nn__functional__poisson_nll_loss(input: Tensor, target: Tensor, log_input: bool = True, full: bool = False,
                                            size_average: Optional[bool] = None, eps: float = 1e-8,
                                            reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    return torch.poisson_nll_loss(input, target, log_input, full, eps, r)


def torch__nn__functional__gaussian_nll_loss(input: Tensor, target: Tensor, var: Tensor, full: bool = False,
                                             eps: float = 1e-6, reduction: str = "mean") -> Tensor:
    # var may omit the last dim of input, or have 1 there (homoscedastic).
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif input.size()[:-1] == var.size()[:-1] and var.size(-1) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    if torch.any(var < 0):
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    if reduction == "mean":
        return loss.mean()
    elif reduction == "sum":
        return loss.sum()
    return loss


def torch__nn__functional__kl_div(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
                                  reduce: Optional[bool] = None, reduction: str = "mean",
                                  log_target: bool = False) -> Tensor:
    # 'batchmean' sums and divides by the batch size.
    if size_average is not None or reduce is not None:
        r = _reduction_enum(_legacy_reduction(size_average, reduce))
    elif reduction == "batchmean":
        r = 2
    else:
        r = _reduction_enum(reduction)
    reduced = torch.kl_div(input, target, r, log_target=log_target)
    if reduction == "batchmean" and input.dim() != 0:
        reduced = reduced / input.size()[0]
    return reduced


def torch__nn__functional__mse_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
                                    reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    t = torch.broadcast_tensors([input, target])
    return torch.mse_loss(t[0], t[1], r)


def torch__nn__functional__l1_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
                                   reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    t = torch.broadcast_tensors([input, target])
    return torch.l1_loss(t[0], t[1], r)


def torch__nn__functional__smooth_l1_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
                                          reduce: Optional[bool] = None, reduction: str = "mean",
                                          beta: float = 1.0) -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    t = torch.broadcast_tensors([input, target])
    if beta == 0.0:
        return torch.l1_loss(t[0], t[1], r)
    return torch.smooth_l1_loss(t[0], t[1], r, beta)


def torch__nn__functional__huber_loss(input: Tensor, target: Tensor, reduction: str = "mean",
                                      delta: float = 1.0) -> Tensor:
    t = torch.broadcast_tensors([input, target])
    return torch.huber_loss(t[0], t[1], _reduction_enum(reduction), delta)


def torch__nn__functional__binary_cross_entropy(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                                                size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                                                reduction: str = "mean") -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    if target.size() != input.size():
        raise ValueError("Using a target size ({}) that is different to the input size ({}) is deprecated. "
                         "Please ensure they have the same size.".format(target.size(), input.size()))
    if weight is not None:
        weight = weight.expand(torch._infer_size(target.size(), weight.size()))
    return torch.binary_cross_entropy(input, target, weight, r)


def torch__nn__functional__binary_cross_entropy_with_logits(input: Tensor, target: Tensor,
                                                            weight: Optional[Tensor] = None,
                                                            size_average: Optional[bool] = None,
                                                            reduce: Optional[bool] = None, reduction: str = "mean",
                                                            pos_weight: Optional[Tensor] = None) -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    if target.size() != input.size():
        raise ValueError("Target size ({}) must be the same as input size ({})".format(target.size(), input.size()))
    return torch.binary_cross_entropy_with_logits(input, target, weight, pos_weight, r)


def torch__nn__functional__soft_margin_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
                                            reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    return torch.soft_margin_loss(input, target, _loss_reduction(size_average, reduce, reduction))


def torch__nn__functional__margin_ranking_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0.0,
                                               size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                                               reduction: str = "mean") -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError("margin_ranking_loss : All input tensors should have same dimension but got sizes: "
                           "input1: {}, input2: {}, target: {} ".format(input1.size(), input2.size(), target.size()))
    return torch.margin_ranking_loss(input1, input2, target, margin, r)


def torch__nn__functional__hinge_embedding_loss(input: Tensor, target: Tensor, margin: float = 1.0,
                                                size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                                                reduction: str = "mean") -> Tensor:
    return torch.hinge_embedding_loss(input, target, margin, _loss_reduction(size_average, reduce, reduction))


def torch__nn__functional__cosine_embedding_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0.0,
                                                 size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                                                 reduction: str = "mean") -> Tensor:
    return torch.cosine_embedding_loss(input1, input2, target, margin,
                                       _loss_reduction(size_average, reduce, reduction))


def torch__nn__functional__multi_margin_loss(input: Tensor, target: Tensor, p: int = 1, margin: float = 1.0,
                                             weight: Optional[Tensor] = None, size_average: Optional[bool] = None,
                                             reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None:
        if weight.dim() != 1:
            raise ValueError("weight must be one-dimensional")
    return torch.multi_margin_loss(input, target, p, margin, weight, r)


def torch__nn__functional__multilabel_margin_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
                                                  reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    return torch.multilabel_margin_loss(input, target, _loss_reduction(size_average, reduce, reduction))


def torch__nn__functional__multilabel_soft_margin_loss(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                                                       size_average: Optional[bool] = None,
                                                       reduce: Optional[bool] = None,
                                                       reduction: str = "mean") -> Tensor:
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    loss = -(target * torch.log_sigmoid(input) + (1 - target) * torch.log_sigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == "none":
        return loss
    elif reduction == "mean":
        return loss.mean()
    elif reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def torch__nn__functional__triplet_margin_loss(anchor: Tensor, positive: Tensor, negative: Tensor,
                                               margin: float = 1.0, p: float = 2.0, eps: float = 1e-6,
                                               swap: bool = False, size_average: Optional[bool] = None,
                                               reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    r = _loss_reduction(size_average, reduce, reduction)
    a = anchor.dim()
    if a != positive.dim() or a != negative.dim():
        raise RuntimeError("The anchor, positive, and negative tensors are expected to have the same number of "
                           "dimensions, but got: anchor {}D, positive {}D, and negative {}D inputs"
                           .format(a, positive.dim(), negative.dim()))
    return torch.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, r)


def torch__nn__functional__ctc_loss(log_probs: Tensor, targets: Tensor, input_lengths: Tensor, target_lengths: Tensor,
                                    blank: int = 0, reduction: str = "mean", zero_infinity: bool = False) -> Tensor:
    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _reduction_enum(reduction),
                          zero_infinity)
