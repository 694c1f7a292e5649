// The recurrent cells aten::lstm/gru/rnn_tanh/rnn_relu run, shared by the
// CPU kernels (rnn_ops.cpp) and the device composites (runtime/cuda).
#pragma once

#include <cstdint>

namespace jitserve::ops {

enum class RnnCell { Lstm, Gru, Tanh, Relu };

// Gates per hidden unit, in PyTorch's weight layout (LSTM i, f, g, o; GRU
// r, z, n).
inline int64_t gateCount(RnnCell c) { return c == RnnCell::Lstm ? 4 : c == RnnCell::Gru ? 3 : 1; }

// The operator's name, for error messages.
inline const char* rnnCellName(RnnCell c) {
  switch (c) {
    case RnnCell::Lstm: return "lstm";
    case RnnCell::Gru: return "gru";
    case RnnCell::Tanh: return "rnn_tanh";
    default: return "rnn_relu";
  }
}

}  // namespace jitserve::ops
