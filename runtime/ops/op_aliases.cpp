// Aliases and in-place-from-functional overloads (op_aliases.h).
//
// An alias row forwards the stack unchanged to its target overload: both
// schemas take the same arguments in the same order, so the target's kernel
// reads them as its own.
//
// An in-place row runs the functional overload on the same arguments and
// writes the result into self, as PyTorch's in-place variants behave: the
// result must keep self's shape (an in-place op cannot broadcast self) and
// its dtype must cast to self's ("result type Float can't be cast to the
// desired output type Long"). The functional op reads its inputs before
// anything is written, so arguments that alias self are safe.
#include "runtime/ops/op_aliases.h"

#include <string>
#include <vector>

#include "runtime/core/operator_registry.h"
#include "runtime/ops/out_variants.h"
#include "runtime/support/error.h"
#include "runtime/tensor/int_array_ref.h"
#include "runtime/tensor/tensor.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::ops {
namespace {

struct Forward {
  const char* schema;
  const char* target;  // "aten::name.overload"
};

// Same arguments, same meaning.
constexpr Forward kAliases[] = {
    {"aten::concatenate(Tensor[] tensors, int dim=0) -> Tensor", "aten::cat"},
    {"aten::row_stack(Tensor[] tensors) -> Tensor", "aten::vstack"},
    {"aten::native_channel_shuffle(Tensor self, int groups) -> Tensor", "aten::channel_shuffle"},
    {"aten::slow_conv3d_forward(Tensor self, Tensor weight, int[3] kernel_size, Tensor? bias, int[3] stride, int[3] "
     "padding) -> Tensor",
     "aten::slow_conv3d"},
    {"aten::unsafe_chunk(Tensor self, int chunks, int dim=0) -> Tensor[]", "aten::chunk"},
    {"aten::unsafe_split.Tensor(Tensor self, SymInt split_size, int dim=0) -> Tensor[]", "aten::split.Tensor"},
    {"aten::unsafe_split_with_sizes(Tensor self, SymInt[] split_sizes, int dim=0) -> Tensor[]",
     "aten::split_with_sizes"},
    {"aten::special_gammainc(Tensor self, Tensor other) -> Tensor", "aten::igamma"},
    {"aten::special_gammaincc(Tensor self, Tensor other) -> Tensor", "aten::igammac"},
    {"aten::swapaxes_(Tensor(a!) self, int axis0, int axis1) -> Tensor(a!)", "aten::transpose_"},
    {"aten::swapdims_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", "aten::transpose_"},
    {"aten::absolute_(Tensor(a!) self) -> Tensor(a!)", "aten::abs_"},
    {"aten::negative_(Tensor(a!) self) -> Tensor(a!)", "aten::neg_"},
    {"aten::fix_(Tensor(a!) self) -> Tensor(a!)", "aten::trunc_"},
    {"aten::arccos_(Tensor(a!) self) -> Tensor(a!)", "aten::acos_"},
    {"aten::arccosh_(Tensor(a!) self) -> Tensor(a!)", "aten::acosh_"},
    {"aten::arcsin_(Tensor(a!) self) -> Tensor(a!)", "aten::asin_"},
    {"aten::arcsinh_(Tensor(a!) self) -> Tensor(a!)", "aten::asinh_"},
    {"aten::arctan_(Tensor(a!) self) -> Tensor(a!)", "aten::atan_"},
    {"aten::arctanh_(Tensor(a!) self) -> Tensor(a!)", "aten::atanh_"},
    {"aten::arctan2_(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::atan2_"},
    {"aten::subtract_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", "aten::sub_.Tensor"},
    {"aten::subtract_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", "aten::sub_.Scalar"},
    {"aten::multiply_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::mul_.Tensor"},
    {"aten::multiply_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", "aten::mul_.Scalar"},
    {"aten::divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::div_.Tensor"},
    {"aten::divide_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", "aten::div_.Scalar"},
    {"aten::divide_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode) -> Tensor(a!)",
     "aten::div_.Tensor_mode"},
    {"aten::divide_.Scalar_mode(Tensor(a!) self, Scalar other, *, str? rounding_mode) -> Tensor(a!)",
     "aten::div_.Scalar_mode"},
    {"aten::greater_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::gt_.Tensor"},
    {"aten::greater_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", "aten::gt_.Scalar"},
    {"aten::greater_equal_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::ge_.Tensor"},
    {"aten::greater_equal_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", "aten::ge_.Scalar"},
    {"aten::less_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::lt_.Tensor"},
    {"aten::less_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", "aten::lt_.Scalar"},
    {"aten::less_equal_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::le_.Tensor"},
    {"aten::less_equal_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", "aten::le_.Scalar"},
    {"aten::not_equal_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::ne_.Tensor"},
    {"aten::not_equal_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", "aten::ne_.Scalar"},
    {"aten::bitwise_left_shift_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::__ilshift__.Tensor"},
    {"aten::bitwise_left_shift_.Tensor_Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
     "aten::__ilshift__.Scalar"},
    {"aten::bitwise_right_shift_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::__irshift__.Tensor"},
    {"aten::bitwise_right_shift_.Tensor_Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
     "aten::__irshift__.Scalar"},
};

// In-place forms computed by their functional overload.
constexpr Forward kInplace[] = {
    {"aten::gcd_(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::gcd"},
    {"aten::lcm_(Tensor(a!) self, Tensor other) -> Tensor(a!)", "aten::lcm"},
    {"aten::index_add_(Tensor(a!) self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor(a!)",
     "aten::index_add"},
    {"aten::index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)", "aten::index_copy"},
    {"aten::index_fill_.int_Scalar(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)",
     "aten::index_fill.int_Scalar"},
    {"aten::index_fill_.int_Tensor(Tensor(a!) self, int dim, Tensor index, Tensor value) -> Tensor(a!)",
     "aten::index_fill.int_Tensor"},
    {"aten::masked_scatter_(Tensor(a!) self, Tensor mask, Tensor source) -> Tensor(a!)", "aten::masked_scatter"},
    {"aten::put_(Tensor(a!) self, Tensor index, Tensor source, bool accumulate=False) -> Tensor(a!)", "aten::put"},
    {"aten::renorm_(Tensor(a!) self, Scalar p, int dim, Scalar maxnorm) -> Tensor(a!)", "aten::renorm"},
    {"aten::mvlgamma_(Tensor(a!) self, int p) -> Tensor(a!)", "aten::mvlgamma"},
    {"aten::scatter_reduce_.two(Tensor(a!) self, int dim, Tensor index, Tensor src, str reduce, *, bool "
     "include_self=True) -> Tensor(a!)",
     "aten::scatter_reduce.two"},
};

void runAlias(Stack& stack, const void* ctx) { static_cast<const Operator*>(ctx)->run(stack); }

void runInplace(Stack& stack, const void* ctx) {
  const auto* functional = static_cast<const Operator*>(ctx);
  const size_t n = functional->schema().arguments.size();
  Tensor self = stack[stack.size() - n].toTensor();
  functional->run(stack);
  Tensor result = stack.back().toTensor();
  stack.pop_back();
  assignInplace(self, result);
  stack.emplace_back(std::move(self));
}

void add(OperatorRegistry& registry, const Forward& f, KernelWithCtx kernel) {
  const Operator* target = registry.findByName(f.target);
  JS_INTERNAL_ASSERT(target != nullptr, f.schema, " forwards to ", f.target, ", which is not registered");
  absl::Status st = registry.add(OperatorDef(f.schema, kernel, target, "Alias or in-place form of an operator."));
  JS_INTERNAL_ASSERT(st.ok(), "registering ", f.schema, ": ", st.message());
}

}  // namespace

void registerOpAliases(OperatorRegistry& registry) {
  for (const Forward& f : kAliases) add(registry, f, runAlias);
  for (const Forward& f : kInplace) add(registry, f, runInplace);
}

}  // namespace jitserve::ops
