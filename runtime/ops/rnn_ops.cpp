// Each layer and direction: the input projections of all time steps in one
// matrix product, then per step h W_hh^T and the gate arithmetic:
//   LSTM  i, f, g, o = sigma, sigma, tanh, sigma of (x W_ih^T + b_ih + h W_hh^T + b_hh)
//         c' = f c + i g;  h' = o tanh(c')  (then h' W_hr^T with projections)
//   GRU   r, z = sigma(xr + hr), sigma(xz + hz);  n = tanh(xn + r hn);  h' = (1 - z) n + z h
//   RNN   h' = tanh or relu(x W_ih^T + b_ih + h W_hh^T + b_hh)
// Directions are concatenated on the feature dim and feed the next layer.
// Inference only: inter-layer dropout applies when train is set, which is
// rejected (a server runs in eval mode).
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/ops/rnn_cells.h"
#include "runtime/tensor/dispatch.h"

namespace jitserve::ops {
namespace {

using Cell = RnnCell;

struct Weights {
  Tensor w_ih, w_hh, b_ih, b_hh, w_hr;  // biases / projection may be undefined
};

template <typename T>
T sigmoid(T x) {
  return T(1) / (T(1) + std::exp(-x));
}

// One layer in one direction over x (T, B, I); h (B, Hout) and c (B, H) are
// updated in place to the final state. Returns (T, B, Hout). With
// batchSizes (a packed sequence, padded), step t updates only the first
// batchSizes[t] rows; the others keep their state (their sequence ended,
// or in reverse has not started).
Tensor runDirection(Cell cell, const Tensor& x, const Weights& w, Tensor& h, Tensor& c, bool reverse,
                    const std::vector<int64_t>* batchSizes = nullptr) {
  const int64_t steps = x.size(0), B = x.size(1), I = x.size(2);
  const int64_t H = w.w_hh.size(0) / gateCount(cell);
  const int64_t Hout = h.size(1), G = gateCount(cell) * H;
  Tensor xi = matmul(x.reshape({steps * B, I}), w.w_ih.t());
  if (w.b_ih.defined()) xi = add(xi, w.b_ih);
  xi = xi.contiguous();
  Tensor out = empty({steps, B, Hout}, x.dtype());
  JS_DISPATCH_FLOAT_AND_DOUBLE(x.dtype(), rnnCellName(cell), [&] {
    using Tt = scalar_t;
    const Tt* xp = xi.data<Tt>();
    for (int64_t step = 0; step < steps; ++step) {
      const int64_t t = reverse ? steps - 1 - step : step;
      const int64_t active = batchSizes ? (*batchSizes)[static_cast<size_t>(t)] : B;
      Tensor gh = mm(h, w.w_hh.t());
      if (w.b_hh.defined()) gh = add(gh, w.b_hh);
      gh = gh.contiguous();
      const Tt* hp_gates = gh.data<Tt>();
      Tensor h_new = active < B ? zeros({B, H}, x.dtype()) : empty({B, H}, x.dtype());
      Tt* hn = h_new.data<Tt>();
      const Tt* hp = h.data<Tt>();
      Tt* cp = cell == Cell::Lstm ? c.data<Tt>() : nullptr;
      for (int64_t b = 0; b < active; ++b) {
        const Tt* gx = xp + (t * B + b) * G;
        const Tt* gr = hp_gates + b * G;
        for (int64_t j = 0; j < H; ++j) {
          Tt v;
          if (cell == Cell::Lstm) {
            const Tt i = sigmoid(gx[j] + gr[j]), f = sigmoid(gx[H + j] + gr[H + j]);
            const Tt g = std::tanh(gx[2 * H + j] + gr[2 * H + j]), o = sigmoid(gx[3 * H + j] + gr[3 * H + j]);
            Tt& cc = cp[b * H + j];
            cc = f * cc + i * g;
            v = o * std::tanh(cc);
          } else if (cell == Cell::Gru) {
            const Tt r = sigmoid(gx[j] + gr[j]), z = sigmoid(gx[H + j] + gr[H + j]);
            const Tt n = std::tanh(gx[2 * H + j] + r * gr[2 * H + j]);
            v = (Tt(1) - z) * n + z * hp[b * Hout + j];
          } else {
            const Tt s = gx[j] + gr[j];
            v = cell == Cell::Tanh ? std::tanh(s) : std::max(s, Tt(0));
          }
          hn[b * H + j] = v;
        }
      }
      Tensor h_prev = h;
      h = w.w_hr.defined() ? mm(h_new, w.w_hr.t()).contiguous() : h_new;
      if (active < B) h.narrow(0, active, B - active).copy_(h_prev.narrow(0, active, B - active));
      out.select(0, t).copy_(h);
    }
  });
  return out;
}

// The batch sizes of a packed sequence: positive, non-increasing, summing
// to the rows of data.
std::vector<int64_t> packedBatchSizes(const char* op, const Tensor& data, const Tensor& batchSizes) {
  JS_CHECK(data.dim() == 2, op, ": expected packed data of 2 dimensions (rows, feature), got ", data.dim(), "-D");
  JS_CHECK(batchSizes.dim() == 1 && batchSizes.dtype() == ScalarType::Long, op,
           ": batch_sizes must be a 1-D int64 tensor, got ", scalarTypeName(batchSizes.dtype()), " of shape ",
           shapeToString(batchSizes.sizes()));
  Tensor bsc = batchSizes.contiguous();
  std::vector<int64_t> bs(bsc.data<int64_t>(), bsc.data<int64_t>() + bsc.numel());
  JS_CHECK(!bs.empty(), op, ": batch_sizes is empty");
  int64_t total = 0;
  for (size_t t = 0; t < bs.size(); ++t) {
    JS_CHECK(bs[t] > 0 && (t == 0 || bs[t] <= bs[t - 1]), op,
             ": batch_sizes must be positive and non-increasing, got ", bs[t], " at step ", t);
    total += bs[t];
  }
  JS_CHECK(total == data.size(0), op, ": batch_sizes sum to ", total, " but the packed data has ", data.size(0),
           " rows");
  return bs;
}

std::vector<Tensor> runRnnPadded(Cell cell, const Tensor& input, const std::vector<Tensor>& hx,
                                 const std::vector<Tensor>& params, bool has_biases, int64_t num_layers,
                                 double dropout, bool train, bool bidirectional, bool batch_first,
                                 const std::vector<int64_t>* batchSizes);

// Shared driver. hx: [h0] or [h0, c0] (LSTM). A packed sequence
// (batchSizes set) comes as data (rows, feature) and is run padded to
// (steps, batch, feature), then packed again.
std::vector<Tensor> runRnn(Cell cell, const Tensor& input, const std::vector<Tensor>& hx,
                           const std::vector<Tensor>& params, bool has_biases, int64_t num_layers, double dropout,
                           bool train, bool bidirectional, bool batch_first,
                           const std::vector<int64_t>* batchSizes = nullptr) {
  if (batchSizes) {
    const auto& bs = *batchSizes;
    const int64_t steps = static_cast<int64_t>(bs.size()), B = bs[0];
    Tensor padded = zeros({steps, B, input.size(1)}, input.dtype());
    int64_t row = 0;
    for (int64_t t = 0; t < steps; ++t) {
      padded.select(0, t).narrow(0, 0, bs[static_cast<size_t>(t)]).copy_(input.narrow(0, row, bs[static_cast<size_t>(t)]));
      row += bs[static_cast<size_t>(t)];
    }
    std::vector<Tensor> r = runRnnPadded(cell, padded, hx, params, has_biases, num_layers, dropout, train,
                                         bidirectional, false, batchSizes);
    Tensor packed = empty({input.size(0), r[0].size(2)}, r[0].dtype());
    row = 0;
    for (int64_t t = 0; t < steps; ++t) {
      packed.narrow(0, row, bs[static_cast<size_t>(t)]).copy_(r[0].select(0, t).narrow(0, 0, bs[static_cast<size_t>(t)]));
      row += bs[static_cast<size_t>(t)];
    }
    r[0] = packed;
    return r;
  }
  return runRnnPadded(cell, input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first,
                      nullptr);
}

std::vector<Tensor> runRnnPadded(Cell cell, const Tensor& input, const std::vector<Tensor>& hx,
                                 const std::vector<Tensor>& params, bool has_biases, int64_t num_layers,
                                 double dropout, bool train, bool bidirectional, bool batch_first,
                                 const std::vector<int64_t>* batchSizes) {
  const char* op = rnnCellName(cell);
  JS_CHECK(input.dim() == 3, op, ": expected a 3-D input (seq, batch, feature), got ", input.dim(), "-D");
  JS_CHECK(input.dtype() == ScalarType::Float || input.dtype() == ScalarType::Double, op,
           ": expected a Float or Double input, got ", scalarTypeName(input.dtype()));
  JS_CHECK(num_layers >= 1, op, ": num_layers must be positive");
  JS_CHECK(!train || dropout == 0 || num_layers == 1, op,
           ": dropout between layers in training mode is not supported (jitserve runs inference)");
  const int64_t D = bidirectional ? 2 : 1;
  const size_t per = (has_biases ? 4 : 2);
  const bool proj = cell == Cell::Lstm && params.size() == static_cast<size_t>(num_layers * D) * (per + 1);
  JS_CHECK(params.size() == static_cast<size_t>(num_layers * D) * (per + (proj ? 1 : 0)), op, ": expected ",
           num_layers * D * static_cast<int64_t>(per), " parameter tensors, got ", params.size());
  JS_CHECK(hx.size() == (cell == Cell::Lstm ? 2u : 1u), op, ": wrong number of hidden states");
  for (const Tensor& p : params)
    JS_CHECK(p.dtype() == input.dtype(), op, ": parameters must have the input's dtype ", scalarTypeName(input.dtype()),
             ", got ", scalarTypeName(p.dtype()));
  Tensor x = (batch_first ? input.transpose(0, 1) : input).contiguous();
  const int64_t B = x.size(1);
  const Tensor& h0 = hx[0];
  JS_CHECK(h0.dim() == 3 && h0.size(0) == num_layers * D && h0.size(1) == B, op, ": Expected hidden size (",
           num_layers * D, ", ", B, ", *), got ", shapeToString(h0.sizes()));
  std::vector<Tensor> hn, cn;
  const size_t stride = per + (proj ? 1 : 0);
  for (int64_t layer = 0; layer < num_layers; ++layer) {
    std::vector<Tensor> outs;
    for (int64_t d = 0; d < D; ++d) {
      const size_t base = static_cast<size_t>(layer * D + d) * stride;
      Weights w;
      w.w_ih = params[base];
      w.w_hh = params[base + 1];
      if (has_biases) {
        w.b_ih = params[base + 2];
        w.b_hh = params[base + 3];
      }
      if (proj) w.w_hr = params[base + per];
      JS_CHECK(w.w_ih.dim() == 2 && w.w_ih.size(1) == x.size(2), op, ": input size ", x.size(2),
               " does not match weight_ih of shape ", shapeToString(w.w_ih.sizes()));
      Tensor h = h0.select(0, layer * D + d).to(x.dtype(), true).contiguous();
      Tensor c;
      if (cell == Cell::Lstm) c = hx[1].select(0, layer * D + d).to(x.dtype(), true).contiguous();
      JS_CHECK(w.w_hh.dim() == 2 && w.w_hh.size(1) == h.size(1) && w.w_hh.size(0) % gateCount(cell) == 0, op,
               ": hidden size ", h.size(1), " does not match weight_hh of shape ", shapeToString(w.w_hh.sizes()));
      const int64_t G = w.w_hh.size(0), H = G / gateCount(cell);
      JS_CHECK(w.w_ih.size(0) == G, op, ": weight_ih has ", w.w_ih.size(0), " rows, expected ", G);
      for (const Tensor* bias : {&w.b_ih, &w.b_hh})
        if (bias->defined())
          JS_CHECK(bias->dim() == 1 && bias->size(0) == G, op, ": expected biases of ", G, " elements, got ",
                   shapeToString(bias->sizes()));
      if (w.w_hr.defined())
        JS_CHECK(w.w_hr.dim() == 2 && w.w_hr.size(0) == h.size(1) && w.w_hr.size(1) == H, op,
                 ": expected weight_hr of shape (", h.size(1), ", ", H, "), got ", shapeToString(w.w_hr.sizes()));
      else
        JS_CHECK(H == h.size(1), op, ": hidden size ", h.size(1), " does not match weight_hh of shape ",
                 shapeToString(w.w_hh.sizes()));
      if (cell == Cell::Lstm)
        JS_CHECK(c.dim() == 2 && c.size(0) == B && c.size(1) == H, op, ": Expected cell state of size (",
                 num_layers * D, ", ", B, ", ", H, "), got ", shapeToString(hx[1].sizes()));
      outs.push_back(runDirection(cell, x, w, h, c, d == 1, batchSizes));
      hn.push_back(h);
      if (cell == Cell::Lstm) cn.push_back(c);
    }
    x = D == 1 ? outs[0] : cat(outs, 2);
  }
  std::vector<Tensor> result{batch_first ? x.transpose(0, 1).contiguous() : x, stack(hn, 0)};
  if (cell == Cell::Lstm) result.push_back(stack(cn, 0));
  return result;
}

// The hidden state argument: Tensor[] (h, c) for the LSTM, one Tensor otherwise.
std::vector<Tensor> states(std::vector<Tensor> hx) { return hx; }
std::vector<Tensor> states(const Tensor& hx) { return {hx}; }

// runRnn's outputs as the schema's returns: (output, h_n, c_n) for the LSTM,
// (output, h_n) otherwise.
template <Cell C>
auto rnnReturns(std::vector<Tensor> r) {
  if constexpr (C == Cell::Lstm) {
    return std::tuple{std::move(r[0]), std::move(r[1]), std::move(r[2])};
  } else {
    return std::tuple{std::move(r[0]), std::move(r[1])};
  }
}

// lstm / gru / rnn_tanh / rnn_relu.input(input, hx, params[], has_biases, num_layers, dropout, train,
// bidirectional, batch_first)
template <Cell C, typename Hx>
auto rnnInput(const Tensor& input, Hx hx, std::vector<Tensor> params, bool has_biases, int64_t num_layers,
              double dropout, bool train, bool bidirectional, bool batch_first) {
  return rnnReturns<C>(runRnn(C, input, states(std::move(hx)), params, has_biases, num_layers, dropout, train,
                              bidirectional, batch_first));
}
// lstm / gru / rnn_tanh / rnn_relu.data(data, batch_sizes, hx, params[], has_biases, num_layers, dropout, train,
// bidirectional): a packed sequence.
template <Cell C, typename Hx>
auto rnnData(const Tensor& data, const Tensor& batch_sizes, Hx hx, std::vector<Tensor> params, bool has_biases,
             int64_t num_layers, double dropout, bool train, bool bidirectional) {
  std::vector<int64_t> bs = packedBatchSizes(rnnCellName(C), data, batch_sizes);
  return rnnReturns<C>(runRnn(C, data, states(std::move(hx)), params, has_biases, num_layers, dropout, train,
                              bidirectional, false, &bs));
}

// One time step of one cell (torch.lstm_cell, gru_cell, rnn_tanh_cell,
// rnn_relu_cell, which nn.LSTMCell and friends call): input (B, I), hx
// (B, H). Returns h' (and c' for the LSTM). The operators take batches
// only; the modules unsqueeze unbatched inputs themselves.
std::vector<Tensor> runCell(Cell cell, const Tensor& input, const std::vector<Tensor>& hx, const Tensor& w_ih,
                            const Tensor& w_hh, const std::optional<Tensor>& b_ih,
                            const std::optional<Tensor>& b_hh) {
  const char* name = rnnCellName(cell);
  JS_CHECK(input.dim() == 2, name, "_cell: expected a 2-D (batch, input_size) input, got ",
           shapeToString(input.sizes()));
  JS_CHECK(w_ih.dim() == 2 && w_hh.dim() == 2, name, "_cell: weights must be 2-D");
  const int64_t B = input.size(0), H = w_hh.size(1), G = gateCount(cell) * H;
  JS_CHECK(w_ih.size(0) == G && w_hh.size(0) == G, name, "_cell: weights have ", w_ih.size(0), " and ",
           w_hh.size(0), " rows, expected ", G, " (", gateCount(cell), " x hidden size ", H, ")");
  JS_CHECK(input.size(1) == w_ih.size(1), "input has inconsistent input_size: got ", input.size(1), " expected ",
           w_ih.size(1));
  std::vector<Tensor> state;
  for (const Tensor& t : hx) {
    JS_CHECK(t.dim() == 2 && t.size(0) == B && t.size(1) == H, "hidden state has inconsistent size: got ",
             shapeToString(t.sizes()), " expected [", B, ", ", H, "]");
    JS_CHECK(t.dtype() == input.dtype(), name, "_cell: hidden state dtype ", scalarTypeName(t.dtype()),
             " differs from the input's ", scalarTypeName(input.dtype()));
    state.push_back(t.clone().contiguous());
  }
  Weights w{w_ih, w_hh, b_ih.value_or(Tensor()), b_hh.value_or(Tensor()), Tensor()};
  Tensor c = cell == Cell::Lstm ? state[1] : Tensor();
  runDirection(cell, input.reshape({1, B, input.size(1)}), w, state[0], c, false);
  std::vector<Tensor> out{state[0]};
  if (cell == Cell::Lstm) out.push_back(c);
  return out;
}

// lstm_cell returns (h', c'); the other cells h'.
template <Cell C, typename Hx>
auto rnnCell(const Tensor& input, Hx hx, const Tensor& w_ih, const Tensor& w_hh, const std::optional<Tensor>& b_ih,
             const std::optional<Tensor>& b_hh) {
  if constexpr (C == Cell::Lstm) {
    JS_CHECK(hx.size() == 2, "lstm_cell: expected hx to hold (h, c), got ", hx.size(), " tensors");
    std::vector<Tensor> r = runCell(C, input, hx, w_ih, w_hh, b_ih, b_hh);
    return std::tuple{std::move(r[0]), std::move(r[1])};
  } else {
    return std::move(runCell(C, input, {hx}, w_ih, w_hh, b_ih, b_hh)[0]);
  }
}

#define JS_RNN_TAIL \
  "Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first)"

}  // namespace

const OpTable kRnnOps = {
    op<rnnInput<Cell::Lstm, std::vector<Tensor>>>(
        "aten::lstm.input(Tensor input, Tensor[] hx, " JS_RNN_TAIL " -> (Tensor, Tensor, Tensor)",
        "Multi-layer (bi)LSTM over a padded sequence; returns output, h_n, c_n."),
    op<rnnInput<Cell::Gru, const Tensor&>>("aten::gru.input(Tensor input, Tensor hx, " JS_RNN_TAIL
                                           " -> (Tensor, Tensor)",
                                           "Multi-layer (bi)GRU over a padded sequence; returns output, h_n."),
    op<rnnInput<Cell::Tanh, const Tensor&>>("aten::rnn_tanh.input(Tensor input, Tensor hx, " JS_RNN_TAIL
                                            " -> (Tensor, Tensor)",
                                            "Elman RNN with tanh; returns output, h_n."),
    op<rnnInput<Cell::Relu, const Tensor&>>("aten::rnn_relu.input(Tensor input, Tensor hx, " JS_RNN_TAIL
                                            " -> (Tensor, Tensor)",
                                            "Elman RNN with relu; returns output, h_n."),
#define JS_RNN_PACKED_TAIL \
  "Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional)"
    op<rnnData<Cell::Lstm, std::vector<Tensor>>>(
        "aten::lstm.data(Tensor data, Tensor batch_sizes, Tensor[] hx, " JS_RNN_PACKED_TAIL
        " -> (Tensor, Tensor, Tensor)",
        "LSTM over a packed sequence (data, batch_sizes); returns packed output, h_n, c_n."),
    op<rnnData<Cell::Gru, const Tensor&>>(
        "aten::gru.data(Tensor data, Tensor batch_sizes, Tensor hx, " JS_RNN_PACKED_TAIL " -> (Tensor, Tensor)",
        "GRU over a packed sequence; returns packed output, h_n."),
    op<rnnData<Cell::Tanh, const Tensor&>>(
        "aten::rnn_tanh.data(Tensor data, Tensor batch_sizes, Tensor hx, " JS_RNN_PACKED_TAIL " -> (Tensor, Tensor)",
        "Elman RNN (tanh) over a packed sequence; returns packed output, h_n."),
    op<rnnData<Cell::Relu, const Tensor&>>(
        "aten::rnn_relu.data(Tensor data, Tensor batch_sizes, Tensor hx, " JS_RNN_PACKED_TAIL " -> (Tensor, Tensor)",
        "Elman RNN (relu) over a packed sequence; returns packed output, h_n."),
#undef JS_RNN_PACKED_TAIL
    op<rnnCell<Cell::Lstm, std::vector<Tensor>>>("aten::lstm_cell(Tensor input, Tensor[] hx, Tensor w_ih, Tensor w_hh, "
                                                 "Tensor? b_ih=None, Tensor? b_hh=None) -> (Tensor, Tensor)",
                                                 "One LSTM step; returns h', c'."),
    op<rnnCell<Cell::Gru, const Tensor&>>("aten::gru_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? "
                                          "b_ih=None, Tensor? b_hh=None) -> Tensor",
                                          "One GRU step; returns h'."),
    op<rnnCell<Cell::Tanh, const Tensor&>>("aten::rnn_tanh_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, "
                                           "Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor",
                                           "One Elman (tanh) step; returns h'."),
    op<rnnCell<Cell::Relu, const Tensor&>>("aten::rnn_relu_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, "
                                           "Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor",
                                           "One Elman (relu) step; returns h'."),
};
#undef JS_RNN_TAIL

}  // namespace jitserve::ops
