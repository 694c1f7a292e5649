def softmax_mlp(x: Tensor) -> Tensor:
    w = torch.arange(24, dtype=torch.float32).reshape(8, 3) * 0.05
    h = torch.relu(torch.matmul(x, w) - 0.5)
    return torch.softmax(h, dim=1)
