#include "compiler/passes/tensor_type_propagation.h"

#include <optional>
#include <string_view>

#include "compiler/ir/ivalue_constant.h"
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

TypePtr refine(const Node* n) {
  const std::string_view name = n->kind().toQualString();
  const auto& ins = n->inputs();
  if (ins.empty()) return nullptr;
  const TensorType* a = tensorType(ins[0]);
  if (a == nullptr) return nullptr;
  const bool aFloating = a->dtype() && isFloatingType(*a->dtype());
  // Unary ops: the only tensor is the first input.
  bool otherTensors = false;
  for (size_t i = 1; i < ins.size(); ++i) otherTensors |= ins[i]->type()->isa<TensorType>();
  if (!otherTensors) {
    if (in(name, {"aten::relu", "aten::neg", "aten::abs", "aten::clone", "aten::contiguous", "aten::detach"}))
      return sameShape(*a, a->dtype());
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
