// torch.nn.utils.rnn's tensor halves: pad_sequence, and the two ops a
// PackedSequence is made from and turned back with.
//   _pack_padded_sequence(input (T, B, *), lengths) -> (data, batch_sizes)
//     data stacks, step by step, the rows of the batch whose sequence is
//     still running: input[t, :batch_sizes[t]] for t < lengths[0].
//   _pad_packed_sequence(data, batch_sizes, ..., total_length)
//     -> (padded (T, B, *), lengths), its inverse.
// lengths and batch_sizes are CPU int64 (PyTorch's rule: the packing plan
// lives on the host even when data is on a device).
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "runtime/ops/op_registration.h"
#include "runtime/ops/shape_ops.h"

namespace jitserve::ops {
namespace {

std::vector<int64_t> hostLongs(const char* what, const Tensor& t) {
  JS_CHECK(t.dim() == 1 && t.device().isCPU() && t.dtype() == ScalarType::Long, "'", what,
           "' argument should be a 1D CPU int64 tensor, but got ", t.dim(), "D ", t.device().str(), " ",
           scalarTypeName(t.dtype()), " tensor");
  Tensor c = t.contiguous();
  return std::vector<int64_t>(c.data<int64_t>(), c.data<int64_t>() + c.numel());
}

std::tuple<Tensor, Tensor> packPaddedSequence(const Tensor& input, const Tensor& lengths, bool batch_first) {
  const std::vector<int64_t> len = hostLongs("lengths", lengths);
  JS_CHECK(input.dim() >= 2, "_pack_padded_sequence: input must have at least 2 dimensions (", 
           batch_first ? "B, T" : "T, B", ", *), got ", input.dim(), "-D");
  Tensor x = batch_first ? input.transpose(0, 1) : input;
  const int64_t steps = x.size(0), batch = x.size(1);
  JS_CHECK(static_cast<int64_t>(len.size()) == batch, "Expected `len(lengths)` to be equal to batch_size, but got ",
           len.size(), " (batch_size=", batch, ")");
  JS_CHECK(!len.empty(), "_pack_padded_sequence: the batch is empty");
  for (size_t b = 0; b < len.size(); ++b) {
    JS_CHECK(len[b] > 0,
             "Length of all samples has to be greater than 0, but found an element in 'lengths' that is <= 0");
    JS_CHECK(b == 0 || len[b] <= len[b - 1],
             "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can pass "
             "`enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement "
             "if you do not need ONNX exportability.");
  }
  // PyTorch 1.13 reads past the input here; a clear error instead.
  JS_CHECK(len[0] <= steps, "_pack_padded_sequence: the longest length (", len[0],
           ") exceeds the input's sequence dimension (", steps, ")");
  std::vector<int64_t> bs(static_cast<size_t>(len[0]));
  int64_t rows = 0;
  for (int64_t t = 0; t < len[0]; ++t) {
    // lengths are sorted: the sequences still running at step t are a prefix.
    bs[static_cast<size_t>(t)] =
        std::upper_bound(len.begin(), len.end(), t, [](int64_t v, int64_t l) { return v >= l; }) - len.begin();
    rows += bs[static_cast<size_t>(t)];
  }
  std::vector<int64_t> shape(x.sizes().begin() + 1, x.sizes().end());
  shape[0] = rows;
  Tensor data = empty(shape, x.dtype(), x.device());
  int64_t at = 0;
  for (int64_t t = 0; t < len[0]; ++t) {
    const int64_t n = bs[static_cast<size_t>(t)];
    data.narrow(0, at, n).copy_(x.select(0, t).narrow(0, 0, n));
    at += n;
  }
  Tensor batchSizes = empty({len[0]}, ScalarType::Long);
  std::copy(bs.begin(), bs.end(), batchSizes.data<int64_t>());
  return {data, batchSizes};
}

std::tuple<Tensor, Tensor> padPackedSequence(const Tensor& data, const Tensor& batch_sizes, bool batch_first,
                                             const Scalar& padding_value, int64_t total_length) {
  const std::vector<int64_t> bs = hostLongs("batch_sizes", batch_sizes);
  JS_CHECK(!bs.empty(), "_pad_packed_sequence: batch_sizes is empty");
  JS_CHECK(data.dim() >= 1, "_pad_packed_sequence: data must have at least 1 dimension");
  int64_t rows = 0;
  for (size_t t = 0; t < bs.size(); ++t) {
    JS_CHECK(bs[t] > 0 && (t == 0 || bs[t] <= bs[t - 1]),
             "_pad_packed_sequence: batch_sizes must be positive and non-increasing, got ", bs[t], " at step ", t);
    rows += bs[t];
  }
  JS_CHECK(rows == data.size(0), "_pad_packed_sequence: batch_sizes sum to ", rows, " but data has ", data.size(0),
           " rows");
  const int64_t realSteps = static_cast<int64_t>(bs.size()), batch = bs[0];
  int64_t steps = realSteps;
  if (total_length > 0) {
    JS_CHECK(total_length >= realSteps,
             "Expected total_length to be at least the length of the longest sequence in input, but got "
             "total_length=",
             total_length, " and max sequence length being ", realSteps);
    steps = total_length;
  }
  std::vector<int64_t> shape{steps, batch};
  shape.insert(shape.end(), data.sizes().begin() + 1, data.sizes().end());
  Tensor out = full(shape, padding_value, data.dtype(), data.device());
  Tensor lengths = empty({batch}, ScalarType::Long);
  int64_t* lp = lengths.data<int64_t>();
  int64_t at = 0;
  for (int64_t t = 0; t < realSteps; ++t) {
    const int64_t n = bs[static_cast<size_t>(t)];
    out.select(0, t).narrow(0, 0, n).copy_(data.narrow(0, at, n));
    at += n;
  }
  // Sequence b runs while batch_sizes[t] > b.
  for (int64_t b = 0; b < batch; ++b)
    lp[b] = std::upper_bound(bs.begin(), bs.end(), b, [](int64_t v, int64_t s) { return v >= s; }) - bs.begin();
  return {batch_first ? out.transpose(0, 1) : out, lengths};
}

// pad_sequence: sequences (L_i, *) stacked into (max L, B, *), or
// (B, max L, *) with batch_first, padded with padding_value after each
// sequence, or before it with padding_side "left" (PyTorch 2.6+); the
// dtype is the first sequence's.
Tensor padSequence(std::vector<Tensor> seqs, bool batchFirst, double padding_value, std::string_view padding_side) {
  JS_CHECK(padding_side == "left" || padding_side == "right",
           "Expected padding_side to be one of left or right, but got ", padding_side, ".");
  const bool left = padding_side == "left";
  JS_CHECK(!seqs.empty(), "received an empty list of sequences");
  JS_CHECK(seqs[0].dim() >= 1, "pad_sequence: sequences must have at least one dim");
  const std::vector<int64_t> trailing(seqs[0].sizes().begin() + 1, seqs[0].sizes().end());
  int64_t maxLen = 0;
  for (const Tensor& t : seqs) {
    JS_CHECK(t.dim() >= 1 && std::vector<int64_t>(t.sizes().begin() + 1, t.sizes().end()) == trailing,
             "pad_sequence: every sequence must have the trailing shape ", shapeToString(trailing), ", got ",
             shapeToString(t.sizes()));
    maxLen = std::max(maxLen, t.size(0));
  }
  const int64_t B = static_cast<int64_t>(seqs.size());
  std::vector<int64_t> shape = batchFirst ? std::vector<int64_t>{B, maxLen} : std::vector<int64_t>{maxLen, B};
  shape.insert(shape.end(), trailing.begin(), trailing.end());
  Tensor out = full(shape, Scalar(padding_value), seqs[0].dtype());
  for (int64_t i = 0; i < B; ++i) {
    const Tensor& t = seqs[static_cast<size_t>(i)];
    const int64_t start = left ? maxLen - t.size(0) : 0;
    Tensor slot =
        batchFirst ? out.select(0, i).narrow(0, start, t.size(0)) : out.narrow(0, start, t.size(0)).select(1, i);
    slot.copy_(t);
  }
  return out;
}

}  // namespace

const OpTable kPackedSequenceOps = {
    op<padSequence>("aten::pad_sequence(Tensor[] sequences, bool batch_first=False, float padding_value=0., "
                    "str padding_side=\"right\") -> Tensor",
                    "Pads variable-length sequences into one tensor."),
    op<packPaddedSequence>(
        "aten::_pack_padded_sequence(Tensor input, Tensor lengths, bool batch_first) -> (Tensor, Tensor)",
        "Packs a padded batch sorted by decreasing length into (data, batch_sizes)."),
    op<padPackedSequence>("aten::_pad_packed_sequence(Tensor data, Tensor batch_sizes, bool batch_first, "
                          "Scalar padding_value, int total_length) -> (Tensor, Tensor)",
                          "Unpacks (data, batch_sizes) into a padded batch and the lengths."),
};

}  // namespace jitserve::ops
