#include "compiler/passes/weight_folding.h"

#include <cmath>
#include <string_view>

#include "runtime/ir/ivalue_constant.h"

namespace jitserve {

std::optional<Tensor> constantTensor(const Value* v) {
  if (v->node()->kind() != prim::Constant) return std::nullopt;
  std::optional<IValue> c = constantNodeValue(*v->node());
  if (!c || !c->isTensor()) return std::nullopt;
  Tensor t = c->toTensor();
  if (!t.defined() || !t.device().isCPU()) return std::nullopt;
  return t;
}

bool isConstantNone(const Value* v) {
  if (v->node()->kind() != prim::Constant) return false;
  std::optional<IValue> c = constantNodeValue(*v->node());
  return c && c->isNone();
}

bool optionalConstantTensor(const Value* v, std::optional<Tensor>& out) {
  if (isConstantNone(v)) {
    out.reset();
    return true;
  }
  out = constantTensor(v);
  return out.has_value();
}

std::optional<double> constantNumber(const Value* v) {
  if (v->node()->kind() != prim::Constant) return std::nullopt;
  std::optional<IValue> c = constantNodeValue(*v->node());
  if (!c) return std::nullopt;
  if (c->isDouble()) return c->toDouble();
  if (c->isInt()) return static_cast<double>(c->toInt());
  return std::nullopt;
}

std::optional<bool> constantBool(const Value* v) {
  if (v->node()->kind() != prim::Constant) return std::nullopt;
  std::optional<IValue> c = constantNodeValue(*v->node());
  if (!c || !c->isBool()) return std::nullopt;
  return c->toBool();
}

int convSpatialDims(const Node* n) {
  if (n->inputs().size() != 7 || n->outputs().size() != 1) return 0;
  const std::string_view k = n->kind().toQualString();
  if (k == "aten::conv1d") return 1;
  if (k == "aten::conv2d") return 2;
  if (k == "aten::conv3d") return 3;
  return 0;
}

bool onlyValueUse(const Value* v, const Node* user) {
  int valueUses = 0;
  for (const Use& u : v->uses()) {
    if (u.user == user) {
      ++valueUses;
      continue;
    }
    const std::string_view k = u.user->kind().toQualString();
    if (k != "aten::dim" && k != "aten::size" && k != "aten::numel" && k != "prim::dtype" && k != "prim::device")
      return false;
  }
  return valueUses == 1;
}

bool isFoldableFloat(const Tensor& t) { return t.defined() && t.device().isCPU() && t.is_floating_point(); }

std::vector<double> toDoubles(const Tensor& t) {
  Tensor d = t.to(ScalarType::Double).contiguous();
  const double* p = static_cast<const double*>(d.data_ptr());
  return std::vector<double>(p, p + d.numel());
}

std::optional<ChannelAffine> batchNormAffine(const std::optional<Tensor>& gamma, const std::optional<Tensor>& beta,
                                             const Tensor& mean, const Tensor& var, double eps, int64_t channels) {
  auto sized = [&](const Tensor& t) { return t.dim() == 1 && t.numel() == channels && isFoldableFloat(t); };
  if (!sized(mean) || !sized(var) || (gamma && !sized(*gamma)) || (beta && !sized(*beta))) return std::nullopt;
  const std::vector<double> m = toDoubles(mean), v = toDoubles(var);
  const std::vector<double> g = gamma ? toDoubles(*gamma) : std::vector<double>(channels, 1.0);
  const std::vector<double> b = beta ? toDoubles(*beta) : std::vector<double>(channels, 0.0);
  ChannelAffine a;
  a.scale.resize(channels);
  a.shift.resize(channels);
  for (int64_t c = 0; c < channels; ++c) {
    a.scale[c] = g[c] / std::sqrt(v[c] + eps);
    a.shift[c] = b[c] - m[c] * a.scale[c];
  }
  return a;
}

std::pair<Tensor, Tensor> foldAffine(const Tensor& weight, const std::optional<Tensor>& bias,
                                     const ChannelAffine& affine) {
  const int64_t out = weight.size(0);
  std::vector<double> w = toDoubles(weight);
  const int64_t per = out == 0 ? 0 : weight.numel() / out;
  for (int64_t o = 0; o < out; ++o)
    for (int64_t i = 0; i < per; ++i) w[o * per + i] *= affine.scale[o];
  std::vector<double> b = bias ? toDoubles(*bias) : std::vector<double>(out, 0.0);
  for (int64_t o = 0; o < out; ++o) b[o] = b[o] * affine.scale[o] + affine.shift[o];
  std::vector<int64_t> wsizes(weight.sizes().begin(), weight.sizes().end());
  Tensor wd = empty(wsizes, ScalarType::Double);
  std::copy(w.begin(), w.end(), static_cast<double*>(wd.data_ptr()));
  Tensor bd = empty({out}, ScalarType::Double);
  std::copy(b.begin(), b.end(), static_cast<double*>(bd.data_ptr()));
  return {wd.to(weight.dtype()), bd.to(weight.dtype())};
}

std::optional<std::pair<Tensor, Tensor>> batchNormFold(const Node* producer, const Node* bn, int64_t weightDim) {
  std::optional<bool> training = constantBool(bn->input(5));
  std::optional<double> eps = constantNumber(bn->input(7));
  std::optional<Tensor> weight = constantTensor(producer->input(1));
  if (!training || *training || !eps || !weight || !isFoldableFloat(*weight) || weight->dim() != weightDim)
    return std::nullopt;
  std::optional<Tensor> bias, gamma, beta;
  std::optional<Tensor> mean = constantTensor(bn->input(3)), var = constantTensor(bn->input(4));
  if (!optionalConstantTensor(producer->input(2), bias) || !optionalConstantTensor(bn->input(1), gamma) ||
      !optionalConstantTensor(bn->input(2), beta) || !mean || !var)
    return std::nullopt;
  const int64_t out = weight->size(0);
  if (bias && (bias->numel() != out || !isFoldableFloat(*bias))) return std::nullopt;
  std::optional<ChannelAffine> affine = batchNormAffine(gamma, beta, *mean, *var, *eps, out);
  if (!affine) return std::nullopt;
  return foldAffine(*weight, bias, *affine);
}

void rewriteWeightAndBias(Node* producer, const Tensor* weight, const Tensor& bias, Node* consumer) {
  Graph& g = *producer->owningGraph();
  {
    WithInsertPoint guard(producer);
    if (weight) producer->replaceInput(1, insertConstant(g, IValue(*weight), producer->sourceRange()));
    producer->replaceInput(2, insertConstant(g, IValue(bias), producer->sourceRange()));
  }
  consumer->output()->replaceAllUsesWith(producer->output());
  consumer->destroy();
}

bool foldEachNode(Block* b, bool (*fold)(Node*)) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= foldEachNode(sub, fold);
    changed |= fold(n);
  }
  return changed;
}

}  // namespace jitserve
