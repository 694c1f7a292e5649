#include "compiler/archive/upgraders.h"

namespace jitserve::archive {

const char* upgradersSource() {
  return R"(
def div_Tensor_0_3(self: Tensor, other: Tensor) -> Tensor:
  if torch.is_floating_point(self) or torch.is_floating_point(other):
    return torch.true_divide(self, other)
  return torch.div(self, other, rounding_mode="trunc")

def div_Scalar_0_3(self: Tensor, other: int) -> Tensor:
  if torch.is_floating_point(self):
    return torch.true_divide(self, other)
  return torch.div(self, other, rounding_mode="trunc")

def div__Tensor_0_3(self: Tensor, other: Tensor) -> Tensor:
  if torch.is_floating_point(self) or torch.is_floating_point(other):
    return torch.true_divide_(self, other)
  return torch.div_(self, other, rounding_mode="trunc")

def div__Scalar_0_3(self: Tensor, other: int) -> Tensor:
  if torch.is_floating_point(self):
    return torch.true_divide_(self, other)
  return torch.div_(self, other, rounding_mode="trunc")

)";
}

}  // namespace jitserve::archive
