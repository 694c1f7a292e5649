// Recurrent layers as single ops: aten::lstm / aten::gru / aten::rnn_tanh /
// aten::rnn_relu (.input overloads: padded sequences, optional batch_first),
// multi-layer and bidirectional, with the flat parameter list nn.LSTM etc.
// pass (w_ih, w_hh[, b_ih, b_hh][, w_hr] per layer and direction).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerRnnOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
