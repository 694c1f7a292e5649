#include "runtime/interpreter/profiling_record.h"

#include <string>

#include "runtime/support/error.h"

namespace jitserve {

TypePtr observedTensorType(const Tensor& t) {
  TensorType::SizeVec sizes(t.sizes().begin(), t.sizes().end());
  return TensorType::create(t.dtype(), t.device(), std::move(sizes), std::nullopt, std::nullopt);
}

void ProfilingRecord::record(size_t slot, const IValue& v) {
  std::lock_guard<std::mutex> lock(mu_);
  Slot& s = slots_[slot];
  ++s.count;
  if (s.unusable) return;
  if (!v.isTensor() || !v.toTensor().defined()) {
    s.unusable = true;
    s.type = nullptr;
    return;
  }
  TypePtr t = observedTensorType(v.toTensor());
  s.type = s.type ? TensorType::merge(s.type->expect<TensorType>(), t->expect<TensorType>()) : std::move(t);
}

TypePtr ProfilingRecord::observed(size_t slot) const {
  std::lock_guard<std::mutex> lock(mu_);
  const Slot& s = slots_[slot];
  return s.unusable ? nullptr : s.type;
}

uint64_t ProfilingRecord::count(size_t slot) const {
  std::lock_guard<std::mutex> lock(mu_);
  return slots_[slot].count;
}

GuardContext::GuardContext(size_t guards, ContinuationFactory factory, CodeOptions code)
    : entries_(std::make_unique<Entry[]>(guards)), size_(guards), factory_(std::move(factory)), code_(std::move(code)) {}

uint64_t GuardContext::totalFailures() const {
  uint64_t n = 0;
  for (size_t i = 0; i < size_; ++i) n += failures(i);
  return n;
}

GraphFunction* GuardContext::continuation(size_t guard) {
  Entry& e = entries_[guard];
  std::call_once(e.once, [&] {
    JS_INTERNAL_ASSERT(factory_ != nullptr, "guard ", guard, " failed but its plan has no continuations");
    e.fn = std::make_unique<GraphFunction>("bailout_" + std::to_string(guard), factory_(guard), std::nullopt, code_);
  });
  return e.fn.get();
}

bool satisfiesGuard(const IValue& v, const TensorType& guard) {
  if (!v.isTensor()) return false;
  const Tensor& t = v.toTensor();
  if (!t.defined()) return false;
  if (guard.dtype() && *guard.dtype() != t.dtype()) return false;
  if (guard.device() && *guard.device() != t.device()) return false;
  if (guard.dim() && *guard.dim() != static_cast<size_t>(t.dim())) return false;
  if (const auto& sizes = guard.sizes()) {
    const auto actual = t.sizes();
    if (sizes->size() != actual.size()) return false;
    for (size_t i = 0; i < actual.size(); ++i) {
      if ((*sizes)[i] && *(*sizes)[i] != actual[i]) return false;
    }
  }
  return true;
}

}  // namespace jitserve
