#include "compiler/passes/fold_conv_arithmetic.h"

#include <string_view>

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/weight_folding.h"

namespace jitserve {
namespace {

enum class Op { kAdd, kSub, kMul, kDiv };

std::optional<Op> arithmeticOp(const Node* n) {
  const std::string_view k = n->kind().toQualString();
  if (k == "aten::add" && n->inputs().size() == 3) return Op::kAdd;
  if (k == "aten::sub" && n->inputs().size() == 3) return Op::kSub;
  if (k == "aten::mul" && n->inputs().size() == 2) return Op::kMul;
  if (k == "aten::div" && n->inputs().size() == 2) return Op::kDiv;
  return std::nullopt;
}

// The constant operand as one value per output channel, when broadcasting
// it against the conv's result keeps the result's shape and dtype.
std::optional<std::vector<double>> perChannel(const Value* v, const Tensor& weight) {
  const int64_t out = weight.size(0);
  if (std::optional<double> x = constantNumber(v)) return std::vector<double>(out, *x);
  std::optional<Tensor> t = constantTensor(v);
  if (!t || !t->is_floating_point()) return std::nullopt;
  if (t->dim() == 0) return std::vector<double>(out, toDoubles(*t)[0]);
  const int64_t outRank = weight.dim() - 1;  // the unbatched result's rank: the least it can be
  if (t->dtype() != weight.dtype() || t->dim() > outRank) return std::nullopt;
  const int64_t channelDim = t->dim() - outRank;  // where the channel lines up, counted in t
  for (int64_t d = 0; d < t->dim(); ++d)
    if (t->size(d) != 1 && !(d == channelDim && t->size(d) == out)) return std::nullopt;
  std::vector<double> vals = toDoubles(*t);
  if (vals.size() == 1) return std::vector<double>(out, vals[0]);
  return vals;
}

bool foldOne(Node* n) {
  std::optional<Op> op = arithmeticOp(n);
  if (!op) return false;
  Node* conv = n->input(0)->node();
  const int spatialDims = convSpatialDims(conv);
  if (spatialDims == 0 || !onlyValueUse(conv->output(), n)) return false;
  std::optional<Tensor> weight = constantTensor(conv->input(1));
  std::optional<Tensor> bias;
  if (!weight || !isFoldableFloat(*weight) || weight->dim() != spatialDims + 2 ||
      !optionalConstantTensor(conv->input(2), bias) || (bias && (!isFoldableFloat(*bias) || bias->numel() != weight->size(0))))
    return false;
  std::optional<std::vector<double>> k = perChannel(n->input(1), *weight);
  if (!k) return false;
  double alpha = 1;
  if (*op == Op::kAdd || *op == Op::kSub) {
    std::optional<double> a = constantNumber(n->input(2));
    if (!a) return false;
    alpha = *a;
  }
  const size_t out = k->size();
  ChannelAffine affine{std::vector<double>(out, 1.0), std::vector<double>(out, 0.0)};
  for (size_t o = 0; o < out; ++o) {
    switch (*op) {
      case Op::kAdd: affine.shift[o] = alpha * (*k)[o]; break;
      case Op::kSub: affine.shift[o] = -alpha * (*k)[o]; break;
      case Op::kMul: affine.scale[o] = (*k)[o]; break;
      case Op::kDiv: affine.scale[o] = 1.0 / (*k)[o]; break;
    }
  }
  if (!JS_OPT_ALLOWED) return false;
  GRAPH_UPDATE("folding ", jitlog::nodeString(*n), " into ", jitlog::nodeString(*conv));
  auto [w2, b2] = foldAffine(*weight, bias, affine);
  // add/sub leave the weight as it is: keep the original constant.
  const bool scales = *op == Op::kMul || *op == Op::kDiv;
  rewriteWeightAndBias(conv, scales ? &w2 : nullptr, b2, n);
  return true;
}

}  // namespace

bool FoldConvArithmetic(Graph& graph) { return foldEachNode(graph.block(), foldOne); }

}  // namespace jitserve
