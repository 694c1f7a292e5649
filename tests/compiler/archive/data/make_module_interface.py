"""Makes module_interface/ (run from this folder with PyTorch 1.13): a module
whose attribute is typed by a torch.jit.interface, saved by torch.jit.save,
with its inputs and PyTorch's output."""
import torch
from torch import Tensor

@torch.jit.interface
class OneInterface(torch.nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        pass

class Double(torch.nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return x * 2

class Plus(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 3.0
    def forward(self, x: Tensor) -> Tensor:
        return x + self.k

class Holder(torch.nn.Module):
    impl: OneInterface
    def __init__(self, which):
        super().__init__()
        self.impl = Double() if which else Plus()
        self.other = Plus()
    def forward(self, x: Tensor) -> Tensor:
        return self.impl.forward(x) + self.other(x)

m = torch.jit.script(Holder(True))
torch.jit.save(m, "module_interface/model.pt")
import zipfile
z = zipfile.ZipFile("module_interface/model.pt")
for n in z.namelist():
    if n.endswith(".py"):
        print("==", n); print(z.read(n).decode())
x = torch.arange(3.0)
torch.save([x], "module_interface/inputs.pt")
torch.save(m(x), "module_interface/expected.pt")
