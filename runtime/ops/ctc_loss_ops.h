// ctc_loss: connectionist temporal classification loss, the negative log
// probability of each target sequence summed over all its alignments.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerCtcLossOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
