def softmax_mlp(x: Tensor) -> Tensor:
    w = torch.ones([8, 3]) * 0.25
    h = torch.relu(torch.matmul(x, w) - 0.5)
    return torch.softmax(h, dim=1)
