#include "op_test_util.h"

#include "runtime/core/operator_registry.h"
#include "runtime/ops/register_ops.h"

namespace jitserve::ops::testing {

namespace {
OperatorRegistry& registry() {
  static OperatorRegistry* r = [] {
    auto* reg = new OperatorRegistry();
    registerAllTensorOps(*reg);
    return reg;
  }();
  return *r;
}
}  // namespace

Stack call(std::string_view overload, Stack args) {
  const Operator* op = registry().findByName(overload);
  JS_CHECK(op != nullptr, "no operator ", overload);
  op->run(args);
  return args;
}

IValue call1(std::string_view overload, Stack args) {
  Stack out = call(overload, std::move(args));
  JS_CHECK(out.size() == 1, overload, " returned ", out.size(), " values");
  return out[0];
}

Tensor callT(std::string_view overload, Stack args) { return call1(overload, std::move(args)).toTensor(); }

Tensor floats(const std::vector<float>& v, IntArrayRef sizes) { return from_vector(v, sizes); }
Tensor longs(const std::vector<int64_t>& v, IntArrayRef sizes) { return from_vector(v, sizes); }
Tensor bools(const std::vector<bool>& v, IntArrayRef sizes) {
  Tensor t = empty(sizes.empty() ? IntArrayRef{static_cast<int64_t>(v.size())} : sizes, ScalarType::Bool);
  for (size_t i = 0; i < v.size(); ++i) t.data<bool>()[i] = v[i];
  return t;
}

std::vector<double> values(const Tensor& t) {
  Tensor c = t.to(ScalarType::Double, /*copy=*/true).contiguous();
  const double* p = c.data<double>();
  return std::vector<double>(p, p + c.numel());
}

}  // namespace jitserve::ops::testing
