// Recurrent layers on the GPU (aten::lstm/gru/rnn_tanh/rnn_relu .input):
// composites over the dispatcher (runtime/ops/dispatch.h), so each step is
// a few CUDA kernels: one GEMM for every step's input projection up front,
// then per step the hidden projection (linear), the gate nonlinearities and
// the state update as elementwise kernels. Gate order is PyTorch's (LSTM
// i, f, g, o; GRU r, z, n). Packed sequences and LSTM projections are not
// here yet: they fail naming what is missing.
#include <string>
#include <tuple>
#include <vector>

#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/ops/dispatch.h"
#include "runtime/ops/rnn_cells.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

namespace d = ops::dispatch;

using Cell = ops::RnnCell;
using ops::gateCount;

// One layer, one direction over x (T, B, I); h (B, H) and c update to the
// final state; returns (T, B, H).
Tensor runDirection(Cell cell, const Tensor& x, const Tensor& wIh, const Tensor& wHh, const Tensor& bIh,
                    const Tensor& bHh, Tensor& h, Tensor& c, bool reverse) {
  const int64_t T = x.size(0), B = x.size(1), I = x.size(2), H = wHh.size(1);
  const Tensor xi = d::linear(x.reshape({T * B, I}), wIh, bIh).view({T, B, gateCount(cell) * H});
  std::vector<Tensor> outs(static_cast<size_t>(T));
  for (int64_t step = 0; step < T; ++step) {
    const int64_t t = reverse ? T - 1 - step : step;
    const Tensor gx = xi.select(0, t), gh = d::linear(h, wHh, bHh);
    auto gate = [&](const Tensor& g, int64_t k) { return g.narrow(1, k * H, H); };
    if (cell == Cell::Lstm) {
      const Tensor gates = d::add(gx, gh);
      const Tensor i = d::sigmoid(gate(gates, 0)), f = d::sigmoid(gate(gates, 1));
      const Tensor g = d::tanh(gate(gates, 2)), o = d::sigmoid(gate(gates, 3));
      c = d::add(d::mul(f, c), d::mul(i, g));
      h = d::mul(o, d::tanh(c));
    } else if (cell == Cell::Gru) {
      const Tensor r = d::sigmoid(d::add(gate(gx, 0), gate(gh, 0)));
      const Tensor z = d::sigmoid(d::add(gate(gx, 1), gate(gh, 1)));
      const Tensor n = d::tanh(d::add(gate(gx, 2), d::mul(r, gate(gh, 2))));
      h = d::add(n, d::mul(z, d::sub(h, n)));  // (1 - z) * n + z * h
    } else {
      const Tensor s = d::add(gx, gh);
      h = cell == Cell::Tanh ? d::tanh(s) : d::relu(s);
    }
    outs[static_cast<size_t>(t)] = h;
  }
  return d::stack(outs, 0);
}

std::vector<Tensor> runRnn(Cell cell, const Tensor& input, const std::vector<Tensor>& hx,
                           const std::vector<Tensor>& params, bool hasBiases, int64_t numLayers, bool train,
                           double dropout, bool bidirectional, bool batchFirst) {
  const char* op = ops::rnnCellName(cell);
  OnDevice on(deviceOf({&input}, op));
  JS_CHECK(input.dim() == 3, op, ": expected a 3-D input (seq, batch, feature), got ", input.dim(), "-D");
  JS_CHECK(isFloatingType(input.dtype()), op, ": expected a floating input, got ", scalarTypeName(input.dtype()));
  JS_CHECK(numLayers >= 1, op, ": num_layers must be positive");
  JS_CHECK(!train || dropout == 0 || numLayers == 1, op,
           ": dropout between layers in training mode is not supported (jitserve runs inference)");
  const int64_t D = bidirectional ? 2 : 1;
  const size_t per = hasBiases ? 4 : 2;
  JS_CHECK(params.size() == static_cast<size_t>(numLayers * D) * per, op, ": expected ",
           numLayers * D * static_cast<int64_t>(per), " parameter tensors, got ", params.size(),
           " (LSTM projections are not supported on CUDA yet)");
  JS_CHECK(hx.size() == (cell == Cell::Lstm ? 2u : 1u), op, ": wrong number of hidden states");
  Tensor x = batchFirst ? input.transpose(0, 1) : input;
  const int64_t B = x.size(1);
  JS_CHECK(hx[0].dim() == 3 && hx[0].size(0) == numLayers * D && hx[0].size(1) == B, op,
           ": Expected hidden size (", numLayers * D, ", ", B, ", *), got ", shapeToString(hx[0].sizes()));
  std::vector<Tensor> hn, cn;
  for (int64_t layer = 0; layer < numLayers; ++layer) {
    std::vector<Tensor> outs;
    for (int64_t dir = 0; dir < D; ++dir) {
      const size_t base = static_cast<size_t>(layer * D + dir) * per;
      const Tensor& wIh = params[base];
      const Tensor& wHh = params[base + 1];
      const Tensor bIh = hasBiases ? params[base + 2] : Tensor(), bHh = hasBiases ? params[base + 3] : Tensor();
      JS_CHECK(wIh.dim() == 2 && wIh.size(1) == x.size(2), op, ": input size ", x.size(2),
               " does not match weight_ih of shape ", shapeToString(wIh.sizes()));
      JS_CHECK(wHh.dim() == 2 && wHh.size(0) == gateCount(cell) * wHh.size(1) && wIh.size(0) == wHh.size(0), op,
               ": weight_hh of shape ", shapeToString(wHh.sizes()), " does not fit weight_ih of shape ",
               shapeToString(wIh.sizes()));
      Tensor h = hx[0].select(0, layer * D + dir);
      Tensor c = cell == Cell::Lstm ? hx[1].select(0, layer * D + dir) : Tensor();
      JS_CHECK(h.size(1) == wHh.size(1), op, ": hidden size ", h.size(1), " does not match weight_hh of shape ",
               shapeToString(wHh.sizes()));
      outs.push_back(runDirection(cell, x, wIh, wHh, bIh, bHh, h, c, dir == 1));
      hn.push_back(h);
      if (cell == Cell::Lstm) cn.push_back(c);
    }
    x = D == 1 ? outs[0] : d::cat(outs, 2);
  }
  std::vector<Tensor> result{batchFirst ? d::clone(x.transpose(0, 1)) : x, d::stack(hn, 0)};
  if (cell == Cell::Lstm) result.push_back(d::stack(cn, 0));
  return result;
}

std::tuple<Tensor, Tensor, Tensor> lstm(const Tensor& input, std::vector<Tensor> hx, std::vector<Tensor> params,
                                        bool hasBiases, int64_t numLayers, double dropout, bool train,
                                        bool bidirectional, bool batchFirst) {
  auto r = runRnn(Cell::Lstm, input, hx, params, hasBiases, numLayers, train, dropout, bidirectional, batchFirst);
  return {r[0], r[1], r[2]};
}

template <Cell C>
std::tuple<Tensor, Tensor> rnn(const Tensor& input, const Tensor& hx, std::vector<Tensor> params, bool hasBiases,
                               int64_t numLayers, double dropout, bool train, bool bidirectional, bool batchFirst) {
  auto r = runRnn(C, input, {hx}, params, hasBiases, numLayers, train, dropout, bidirectional, batchFirst);
  return {r[0], r[1]};
}

}  // namespace

const CudaTable kCudaRnnOps = {
    row<lstm>("aten::lstm.input"),
    row<rnn<Cell::Gru>>("aten::gru.input"),
    row<rnn<Cell::Tanh>>("aten::rnn_tanh.input"),
    row<rnn<Cell::Relu>>("aten::rnn_relu.input"),
};

}  // namespace jitserve::cuda
