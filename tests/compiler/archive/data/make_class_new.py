"""Makes class_new/ (run from this folder with PyTorch 1.13): a module that
constructs a TorchScript class, which torch.jit.save prints as
`Cls.__new__(Cls)` followed by `obj.__init__(...)` (how torchvision's
detection models build ImageList), with its inputs and PyTorch's output."""
import json
import os
from typing import List, Tuple

import torch


class ImageList(object):
    def __init__(self, tensors: torch.Tensor, image_sizes: List[Tuple[int, int]]):
        self.tensors = tensors
        self.image_sizes = image_sizes

    def to(self, device: torch.device) -> "ImageList":
        return ImageList(self.tensors.to(device), self.image_sizes)


class M(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> Tuple[torch.Tensor, int, int]:
        il = ImageList(x * 2, [(x.shape[0], x.shape[1])])
        il = il.to(torch.device("cpu"))
        return il.tensors + 1, len(il.image_sizes), il.image_sizes[0][1]


os.makedirs("class_new", exist_ok=True)
m = torch.jit.script(M())
torch.jit.save(m, "class_new/model.pt")
x = torch.arange(6.).reshape(2, 3)
torch.save([x], "class_new/inputs.pt")
torch.save(m(x), "class_new/expected.pt")
json.dump({"kind": "archive", "entry": "forward", "expect": "value", "rtol": 1e-6, "atol": 1e-6,
           "tags": ["class_new"],
           "note": "made by tests/compiler/archive/data/make_class_new.py with PyTorch 1.13: a class built with "
                   "Cls.__new__(Cls) and obj.__init__(...) in the printed code"},
          open("class_new/case.json", "w"), indent=1)
