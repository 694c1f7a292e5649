// Fractional max pooling (2-D and 3-D): max over windows whose start
// offsets follow a pseudo-random sequence fixed by per-plane samples in
// [0, 1) (the caller draws them; nn.functional uses torch.rand).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerFractionalPoolOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
