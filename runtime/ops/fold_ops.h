// im2col (nn.functional.unfold) and col2im (nn.functional.fold): sliding
// 2-D blocks of an (N, C, H, W) image as columns of (N, C*kh*kw, L), and
// their sum back into an image.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerFoldOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
