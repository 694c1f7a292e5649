// Overloads PyTorch declares as other names for operators we already have:
// aliases (torch.concatenate is cat, swapaxes_ is transpose_, ...) and
// in-place forms of functional ops (index_add_, renorm_, gcd_, ...).
// Registered last: each row names the operator it forwards to, which must
// be registered by then.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerOpAliases(OperatorRegistry& registry);

}  // namespace jitserve::ops
