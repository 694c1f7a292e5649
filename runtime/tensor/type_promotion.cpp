#include "runtime/tensor/type_promotion.h"

#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

ScalarType promoteSkipUndefined(ScalarType a, ScalarType b) {
  if (a == ScalarType::Undefined) return b;
  if (b == ScalarType::Undefined) return a;
  return promoteTypes(a, b);
}

// `higher` wins unless `lower` is of a higher category, in which case the
// result is promoted just enough to reach that category.
ScalarType combineCategories(ScalarType higher, ScalarType lower) {
  if (isComplexType(higher)) return higher;
  if (isComplexType(lower)) {
    // Keep the precision of a floating `higher`: float + complex128 scalar
    // gives complex64.
    if (isFloatingType(higher)) return toComplexType(higher);
    return lower;
  }
  if (isFloatingType(higher)) return higher;
  if (higher == ScalarType::Bool || isFloatingType(lower)) return promoteSkipUndefined(higher, lower);
  if (higher != ScalarType::Undefined) return higher;
  return lower;
}

ScalarType wrappedCategoryDefault(ScalarType t) {
  // Python floats/complexes contribute the default dtype of their category.
  if (isFloatingType(t)) return kDefaultDtype;
  if (isComplexType(t)) return ScalarType::ComplexFloat;
  return t;
}

}  // namespace

ResultTypeState update_result_type_state(const Tensor& t, const ResultTypeState& in) {
  if (!t.defined()) return in;
  ResultTypeState s = in;
  ScalarType cur = t.dtype();
  if (t.unsafeGetImpl()->is_wrapped_number()) {
    s.wrappedResult = promoteSkipUndefined(s.wrappedResult, wrappedCategoryDefault(cur));
  } else if (t.dim() > 0) {
    s.dimResult = promoteSkipUndefined(s.dimResult, cur);
  } else {
    s.zeroResult = promoteSkipUndefined(s.zeroResult, cur);
  }
  return s;
}

ResultTypeState update_result_type_state(const Scalar& v, const ResultTypeState& in) {
  ResultTypeState s = in;
  s.wrappedResult = promoteSkipUndefined(s.wrappedResult, wrappedCategoryDefault(v.type()));
  return s;
}

ScalarType result_type(const ResultTypeState& s) {
  return combineCategories(s.dimResult, combineCategories(s.zeroResult, s.wrappedResult));
}

ScalarType result_type(std::span<const Tensor> tensors) {
  ResultTypeState s;
  for (const Tensor& t : tensors) s = update_result_type_state(t, s);
  return result_type(s);
}

ScalarType result_type(const Tensor& a, const Tensor& b) {
  return result_type(update_result_type_state(b, update_result_type_state(a, {})));
}
ScalarType result_type(const Tensor& a, const Scalar& b) {
  return result_type(update_result_type_state(b, update_result_type_state(a, {})));
}
ScalarType result_type(const Scalar& a, const Tensor& b) {
  return result_type(update_result_type_state(b, update_result_type_state(a, {})));
}
ScalarType result_type(const Scalar& a, const Scalar& b) {
  return result_type(update_result_type_state(b, update_result_type_state(a, {})));
}

bool canCast(ScalarType from, ScalarType to) {
  if (isComplexType(from) && !isComplexType(to)) return false;
  if (isFloatingType(from) && isIntegralType(to, false)) return false;
  if (from != ScalarType::Bool && to == ScalarType::Bool) return false;
  return true;
}

ScalarType toFloatingIfIntegral(ScalarType t) { return isIntegralType(t, true) ? kDefaultDtype : t; }

}  // namespace jitserve
