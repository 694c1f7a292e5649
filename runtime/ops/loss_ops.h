// Loss functions of torch.nn.functional as the aten operators TorchScript
// records: regression (mse, l1, smooth_l1, huber, poisson_nll), margin and
// embedding losses, (binary) cross entropy, nll_loss and kl_div. `reduction`
// is 0 = none, 1 = mean, 2 = sum.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerLossOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
