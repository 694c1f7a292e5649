#include "runtime/ops/elementwise.h"

namespace jitserve::ops {
namespace {

TensorIteratorConfig& configure(TensorIteratorConfig& cfg, Promotion p, const char* name) {
  cfg.name(name).promote_inputs_to_common_dtype(true).cast_common_dtype_to_outputs(true);
  if (p == Promotion::IntToFloat) cfg.promote_integer_inputs_to_float(true);
  // Comparisons may write Bool results into any dtype (eq_ on a float tensor).
  if (p == Promotion::Compare) cfg.set_output_dtype(ScalarType::Bool).enforce_safe_casting_to_output(false);
  return cfg;
}

}  // namespace

TensorIterator binaryIter(Tensor& out, const Tensor& a, const Tensor& b, Promotion p, const char* name) {
  TensorIteratorConfig cfg;
  cfg.add_output(out).add_input(a).add_input(b);
  TensorIterator it = configure(cfg, p, name).build();
  if (!out.defined()) out = it.output();
  return it;
}

TensorIterator unaryIter(Tensor& out, const Tensor& a, Promotion p, const char* name) {
  TensorIteratorConfig cfg;
  cfg.add_output(out).add_input(a);
  TensorIterator it = configure(cfg, p, name).build();
  if (!out.defined()) out = it.output();
  return it;
}

TensorIterator complexToRealIter(Tensor& out, const Tensor& a, const char* name) {
  TensorIteratorConfig cfg;
  cfg.add_output(out).add_input(a).name(name).check_all_same_dtype(false).set_output_dtype(
      toRealValueType(a.dtype()));
  TensorIterator it = cfg.build();
  if (!out.defined()) out = it.output();
  return it;
}

TensorIterator ternaryIter(Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, Promotion p,
                           const char* name) {
  TensorIteratorConfig cfg;
  cfg.add_output(out).add_input(a).add_input(b).add_input(c);
  TensorIterator it = configure(cfg, p, name).build();
  if (!out.defined()) out = it.output();
  return it;
}

}  // namespace jitserve::ops
