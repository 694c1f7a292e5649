#include "compiler/passes/tensor_type_propagation.h"

#include <algorithm>
#include <optional>
#include <vector>
#include <string_view>

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/jit_log.h"

namespace jitserve {
namespace {

using SizeVec = TensorType::SizeVec;

const TensorType* tensorType(const Value* v) { return v->type()->cast<TensorType>(); }

bool isNoneConstant(const Value* v) { return v->node()->kind() == prim::Constant && v->type()->isa<NoneType>(); }

bool in(std::string_view name, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    if (n == name) return true;
  return false;
}

// Sizes with every dimension the same as t's, or only the rank.
TypePtr sameShape(const TensorType& t, std::optional<ScalarType> dtype) {
  if (t.sizes()) {
    SizeVec sizes = *t.sizes();
    return TensorType::create(dtype, t.device(), std::move(sizes), std::nullopt, std::nullopt);
  }
  return TensorType::create(dtype, t.device(), t.dim(), std::nullopt);
}

std::optional<Device> commonDevice(const TensorType& a, const TensorType& b) {
  if (a.device() && b.device() && *a.device() == *b.device()) return a.device();
  return std::nullopt;
}

// Broadcast of two shapes of known rank; unknown sizes stay unknown unless
// the other side decides them exactly.
std::optional<SizeVec> broadcast(const TensorType& a, const TensorType& b) {
  if (!a.sizes() || !b.sizes()) return std::nullopt;
  const SizeVec& x = *a.sizes();
  const SizeVec& y = *b.sizes();
  const size_t n = std::max(x.size(), y.size());
  SizeVec out(n);
  for (size_t i = 0; i < n; ++i) {
    std::optional<int64_t> p = i < n - x.size() ? std::optional<int64_t>(1) : x[i - (n - x.size())];
    std::optional<int64_t> q = i < n - y.size() ? std::optional<int64_t>(1) : y[i - (n - y.size())];
    if (p && q) {
      if (*p == *q || *q == 1) {
        out[i] = *p;
      } else if (*p == 1) {
        out[i] = *q;
      } else {
        return std::nullopt;  // an error at run time: claim nothing
      }
    } else if (p && *p > 1) {
      out[i] = p;  // q is unknown: it must be 1 or equal to p
    } else if (q && *q > 1) {
      out[i] = q;
    }
  }
  return out;
}

std::optional<int64_t> constantInt(const Value* v) {
  const Node* n = v->node();
  if (n->kind() != prim::Constant || !v->type()->isa<IntType>() || !n->hasAttribute(attr::value)) return std::nullopt;
  return n->i(attr::value);
}

// The length of an int[] built by prim::ListConstruct (its elements may be
// unknown: only the count matters for a rank).
std::optional<size_t> listLength(const Value* v) {
  if (v->node()->kind() != prim::ListConstruct) return std::nullopt;
  return v->node()->inputs().size();
}

TypePtr withRank(const TensorType& t, std::optional<ScalarType> dtype, size_t rank) {
  return TensorType::create(dtype, t.device(), rank, std::nullopt);
}

// Every tensor input among ins[from...] is None or has dtype `dt`; the
// optional parameters of norms and convolutions.
bool paramsMatch(const std::vector<Value*>& ins, size_t from, std::optional<ScalarType> dt) {
  for (size_t i = from; i < ins.size(); ++i) {
    if (isNoneConstant(ins[i])) continue;
    const TypePtr& t = ins[i]->type();
    if (auto* o = t->cast<OptionalType>(); o && o->elementType()->isa<TensorType>()) return false;
    const TensorType* tt = tensorType(ins[i]);
    if (tt == nullptr) continue;  // a non-tensor argument
    if (!tt->dtype() || tt->dtype() != dt) return false;
  }
  return true;
}

// Rules for ops whose result has the first input's dtype and a rank that
// follows from its rank (convolutions, norms, pooling, shape ops, in-place
// ops returning self). Nothing about sizes.
TypePtr refineStructured(const Node* n, std::string_view name, const TensorType& a) {
  const auto& ins = n->inputs();
  const std::optional<ScalarType> dt = a.dtype();
  const bool floating = dt && isFloatingType(*dt);
  // In-place ops return self.
  if (in(name, {"aten::relu_", "aten::hardtanh_", "aten::add_", "aten::sub_", "aten::mul_", "aten::div_",
                "aten::clamp_", "aten::clamp_min_", "aten::sigmoid_", "aten::tanh_", "aten::hardswish_",
                "aten::silu_", "aten::dropout_", "aten::zero_", "aten::fill_", "aten::copy_"}))
    return ins[0]->type();
  if (!dt || !a.dim()) return nullptr;
  const size_t r = *a.dim();
  if (floating && in(name, {"aten::conv1d", "aten::conv2d", "aten::conv3d", "aten::conv_transpose1d",
                            "aten::conv_transpose2d", "aten::conv_transpose3d", "aten::_convolution",
                            "aten::convolution", "jitserve::conv2d_clamp", "jitserve::conv2d_add"})) {
    // conv2d_add's sum broadcasts: a higher-rank other operand would raise
    // the result's rank.
    if (name == "jitserve::conv2d_add") {
      const TensorType* o = ins.size() > 7 ? tensorType(ins[7]) : nullptr;
      if (o == nullptr || !o->dim() || *o->dim() > r) return nullptr;
    }
    return ins.size() >= 2 && paramsMatch(ins, 1, dt) ? withRank(a, dt, r) : nullptr;
  }
  if (floating && in(name, {"aten::batch_norm", "aten::instance_norm", "aten::layer_norm", "aten::group_norm"}))
    return paramsMatch(ins, 1, dt) ? sameShape(a, dt) : nullptr;
  if (in(name, {"aten::max_pool1d", "aten::max_pool2d", "aten::max_pool3d", "aten::adaptive_max_pool1d"}) ||
      (floating && in(name, {"aten::avg_pool1d", "aten::avg_pool2d", "aten::avg_pool3d", "aten::adaptive_avg_pool1d",
                             "aten::adaptive_avg_pool2d", "aten::adaptive_avg_pool3d"}))) {
    for (size_t i = 1; i < ins.size(); ++i)
      if (ins[i]->type()->isa<TensorType>()) return nullptr;
    return withRank(a, dt, r);
  }
  if (in(name, {"aten::transpose", "aten::permute", "aten::pixel_shuffle", "aten::channel_shuffle"}) &&
      ins.size() >= 2 && !ins[1]->type()->isa<TensorType>())
    return withRank(a, dt, r);
  if (name == "aten::unsqueeze" && ins.size() == 2 && ins[1]->type()->isa<IntType>()) return withRank(a, dt, r + 1);
  if (name == "aten::flatten" && ins.size() == 3) {
    std::optional<int64_t> s = constantInt(ins[1]), e = constantInt(ins[2]);
    if (!s || !e) return nullptr;
    if (r == 0) return withRank(a, dt, 1);
    const int64_t rank = static_cast<int64_t>(r);
    int64_t s0 = *s < 0 ? *s + rank : *s, e0 = *e < 0 ? *e + rank : *e;
    if (s0 < 0 || e0 >= rank || s0 > e0) return nullptr;  // fails at run time
    return withRank(a, dt, r - static_cast<size_t>(e0 - s0));
  }
  if (in(name, {"aten::view", "aten::reshape", "aten::expand"}) && ins.size() >= 2) {
    if (std::optional<size_t> len = listLength(ins[1])) return withRank(a, dt, *len);
    return nullptr;
  }
  if (name == "aten::to" && ins.size() == 5 && ins[1]->type()->isa<IntType>()) {
    std::optional<int64_t> to = constantInt(ins[1]);
    if (!to || *to < 0 || *to >= kNumScalarTypes) return nullptr;
    return sameShape(a, static_cast<ScalarType>(*to));
  }
  if (name == "aten::addmm" && ins.size() == 5 && paramsMatch(ins, 1, dt)) return withRank(a, dt, 2);
  if (name == "aten::matmul" && ins.size() == 2) {
    const TensorType* b = tensorType(ins[1]);
    if (!b || b->dtype() != dt || !b->dim()) return nullptr;
    const size_t rb = *b->dim();
    if (r == 0 || rb == 0) return nullptr;  // fails at run time
    const size_t out = r >= 2 && rb >= 2 ? std::max(r, rb) : r == 1 && rb == 1 ? 0 : r == 1 ? rb - 1 : r - 1;
    return TensorType::create(dt, commonDevice(a, *b), out, std::nullopt);
  }
  return nullptr;
}

TypePtr refine(const Node* n) {
  const std::string_view name = n->kind().toQualString();
  const auto& ins = n->inputs();
  if (ins.empty()) return nullptr;
  const TensorType* a = tensorType(ins[0]);
  if (a == nullptr) return nullptr;
  const bool aFloating = a->dtype() && isFloatingType(*a->dtype());
  if (TypePtr t = refineStructured(n, name, *a)) return t;
  // Unary ops: the only tensor is the first input.
  bool otherTensors = false;
  for (size_t i = 1; i < ins.size(); ++i) otherTensors |= ins[i]->type()->isa<TensorType>();
  if (!otherTensors) {
    if (in(name, {"aten::relu", "aten::neg", "aten::clone", "aten::contiguous", "aten::detach"}))
      return sameShape(*a, a->dtype());
    // |z| of a complex tensor is real.
    if (name == "aten::abs")
      return sameShape(*a, a->dtype() ? std::optional<ScalarType>(toRealValueType(*a->dtype())) : std::nullopt);
    if (aFloating &&
        in(name, {"aten::sigmoid", "aten::tanh", "aten::exp", "aten::log", "aten::sqrt", "aten::rsqrt", "aten::sin",
                  "aten::cos", "aten::gelu", "aten::silu", "aten::hardswish", "aten::hardsigmoid", "aten::elu",
                  "aten::softplus", "aten::erf", "aten::reciprocal", "aten::hardtanh", "aten::relu6",
                  "aten::leaky_relu", "aten::dropout"}))
      return sameShape(*a, a->dtype());
    if (aFloating && in(name, {"aten::softmax", "aten::log_softmax"}) && ins.size() == 3 && isNoneConstant(ins[2]))
      return sameShape(*a, a->dtype());
    if (name == "aten::t" && a->dim() && *a->dim() <= 2) {
      if (a->sizes()) {
        SizeVec s(a->sizes()->rbegin(), a->sizes()->rend());
        return TensorType::create(a->dtype(), a->device(), std::move(s), std::nullopt, std::nullopt);
      }
      return TensorType::create(a->dtype(), a->device(), a->dim(), std::nullopt);
    }
    // Tensor-scalar arithmetic.
    if (in(name, {"aten::add", "aten::sub", "aten::mul"}) && ins.size() >= 2 && a->dtype() &&
        *a->dtype() != ScalarType::Bool) {
      const TypePtr& s = ins[1]->type();
      if (aFloating ? (s->isa<IntType>() || s->isa<FloatType>()) : s->isa<IntType>())
        return sameShape(*a, a->dtype());
    }
    return nullptr;
  }
  const TensorType* b = ins.size() >= 2 ? tensorType(ins[1]) : nullptr;
  if (b == nullptr) return nullptr;
  const bool sameDtype = a->dtype() && b->dtype() && *a->dtype() == *b->dtype();
  if (in(name, {"aten::add", "aten::sub", "aten::mul", "aten::maximum", "aten::minimum"}) && sameDtype) {
    for (size_t i = 2; i < ins.size(); ++i)
      if (ins[i]->type()->isa<TensorType>()) return nullptr;
    if (std::optional<SizeVec> s = broadcast(*a, *b))
      return TensorType::create(a->dtype(), commonDevice(*a, *b), std::move(*s), std::nullopt, std::nullopt);
    if (a->dim() && b->dim())
      return TensorType::create(a->dtype(), commonDevice(*a, *b), std::max(*a->dim(), *b->dim()), std::nullopt);
    return nullptr;
  }
  if (name == "aten::mm" && ins.size() == 2 && sameDtype && a->dim() == 2 && b->dim() == 2) {
    const auto& k1 = (*a->sizes())[1];
    const auto& k2 = (*b->sizes())[0];
    if (k1 && k2 && *k1 != *k2) return nullptr;  // fails at run time
    SizeVec s{(*a->sizes())[0], (*b->sizes())[1]};
    return TensorType::create(a->dtype(), commonDevice(*a, *b), std::move(s), std::nullopt, std::nullopt);
  }
  if (name == "aten::linear" && ins.size() == 3 && sameDtype && a->dim() && *a->dim() >= 1 && b->dim() == 2) {
    const TensorType* bias = tensorType(ins[2]);
    if (!isNoneConstant(ins[2]) && !(bias && bias->dtype() == a->dtype())) return nullptr;
    SizeVec s = *a->sizes();
    s.back() = (*b->sizes())[0];
    return TensorType::create(a->dtype(), commonDevice(*a, *b), std::move(s), std::nullopt, std::nullopt);
  }
  return nullptr;
}

bool isUnrefinedTensor(const Value* v) {
  const TensorType* t = tensorType(v);
  return t != nullptr && t->isUnrefined();
}

bool hasInformation(const TypePtr& t) { return !t->expect<TensorType>().isUnrefined(); }

bool propagateBlock(Block* b) {
  bool changed = false;
  for (Node* n : b->nodes()) {
    for (Block* sub : n->blocks()) changed |= propagateBlock(sub);
    if (n->kind() == prim::If) {
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        Value* o = n->output(i);
        if (!isUnrefinedTensor(o)) continue;
        const TypePtr& t0 = n->blocks()[0]->outputs()[i]->type();
        const TypePtr& t1 = n->blocks()[1]->outputs()[i]->type();
        if (!t0->isa<TensorType>() || !t1->isa<TensorType>() || !typesEqual(t0, t1) || !hasInformation(t0)) continue;
        if (!JS_OPT_ALLOWED) continue;
        o->setType(t0);
        changed = true;
      }
      continue;
    }
    if (n->outputs().size() != 1 || !isUnrefinedTensor(n->output()) || !n->blocks().empty()) continue;
    TypePtr t = refine(n);
    if (t == nullptr || !hasInformation(t) || !JS_OPT_ALLOWED) continue;
    GRAPH_UPDATE("%", n->output()->debugName(), " : ", t->str(), " from ", jitlog::nodeString(*n));
    n->output()->setType(std::move(t));
    changed = true;
  }
  return changed;
}

}  // namespace

bool PropagateTensorTypes(Graph& graph) {
  bool changed = propagateBlock(graph.block());
  if (changed) GRAPH_DUMP("after tensor type propagation", graph);
  return changed;
}

}  // namespace jitserve
