"""Makes the freeze_* cases (run from this folder with PyTorch 1.13): modules
in eval mode that exercise freezing (compiler/passes/freeze_module.h): what
must fold (conv+batch_norm, linear+batch_norm, conv then a per-channel
add/mul, dropout) and what must not (an attribute a method sets, a buffer
written in place, a module left in training mode). Each is saved by
torch.jit.save with its inputs and PyTorch's output; jit-conform runs them
in auto and frozen mode."""
import json
import os

import torch
from torch import Tensor, nn

torch.manual_seed(0)


def calibrate(m, x):
    # Non-trivial running statistics: one training step, then eval.
    m.train()
    with torch.no_grad():
        m(x)
    m.eval()


class ConvBnDrop(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.drop = nn.Dropout(0.3)
        self.conv2 = nn.Conv2d(8, 4, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(4)
        self.scale = nn.Parameter(torch.rand(4, 1, 1) + 0.5)
        self.shift = nn.Parameter(torch.rand(4, 1, 1))

    def forward(self, x: Tensor) -> Tensor:
        y = self.drop(torch.relu(self.bn(self.conv(x))))
        z = self.bn2(self.conv2(y))
        return self.conv2(y) * self.scale + self.shift + z


class LinearBn(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 5)
        self.bn = nn.BatchNorm1d(5)

    def forward(self, x: Tensor) -> Tensor:
        return self.bn(self.fc(x))


class Counter(nn.Module):
    # `calls` is set by forward: it must stay an attribute, and `weight`,
    # written in place by bump, too.
    def __init__(self):
        super().__init__()
        self.calls = 0
        self.weight = nn.Parameter(torch.ones(4), requires_grad=False)
        self.register_buffer("history", torch.zeros(4))

    def forward(self, x: Tensor) -> Tensor:
        self.calls = self.calls + 1
        self.history.add_(x)
        return x * self.weight + self.history + float(self.calls)


class TrainingBn(nn.Module):
    # Left in training mode: batch_norm updates its running statistics.
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 1)
        self.bn = nn.BatchNorm2d(3)

    def forward(self, x: Tensor) -> Tensor:
        return self.bn(self.conv(x))


def save(name, module, inputs, note, train=False):
    if not train:
        module.eval()
    m = torch.jit.script(module)
    os.makedirs(name, exist_ok=True)
    torch.jit.save(m, os.path.join(name, "model.pt"))
    torch.save(inputs, os.path.join(name, "inputs.pt"))
    with torch.no_grad():
        out = m(*inputs)
    torch.save(out, os.path.join(name, "expected.pt"))
    case = {"atol": 1e-5, "entry": "forward", "expect": "value", "kind": "archive",
            "note": "made by tests/compiler/archive/data/make_freeze_cases.py with PyTorch 1.13: " + note,
            "rtol": 1e-5, "tags": ["freeze"]}
    with open(os.path.join(name, "case.json"), "w") as f:
        json.dump(case, f, indent=1)
        f.write("\n")


x = torch.rand(2, 3, 7, 7)
m = ConvBnDrop()
calibrate(m, x)
save("freeze_conv_bn", m, [x], "conv+batch_norm (with and without conv bias), dropout, conv then a per-channel mul and add")

x = torch.rand(4, 6)
m = LinearBn()
calibrate(m, x)
save("freeze_linear_bn", m, [x], "linear+batch_norm (BatchNorm1d) on a rank-2 input")

save("freeze_mutated_attributes", Counter(), [torch.arange(4.0)],
     "an int attribute forward sets and a buffer it writes in place: neither may fold")

x = torch.rand(2, 2, 3, 3)
save("freeze_training_mode", TrainingBn(), [x], "batch_norm in training mode: running statistics updated, nothing folds",
     train=True)
