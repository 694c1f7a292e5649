// Signal windows: hann_window, hamming_window, blackman_window,
// bartlett_window, kaiser_window.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerWindowOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
