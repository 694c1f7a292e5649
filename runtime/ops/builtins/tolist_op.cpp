// prim::tolist: Tensor.tolist() as TorchScript compiles it.
//
// The frontend knows the result type only from the annotation
// (`xs: List[List[float]] = t.tolist()`), so the node carries the list depth
// and the element type as constants: prim::tolist(Tensor self, int dim,
// int elem_type) with elem_type 0 = int, 1 = float, 2 = bool (PyTorch's
// encoding). The tensor's rank must equal dim, and its dtype must fit the
// element type (floating tensors only to float, and so on), as in PyTorch.
#include <string>
#include <vector>

#include "runtime/core/ivalue_containers.h"
#include "runtime/ops/builtins/builtins.h"
#include "runtime/support/error.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::builtins {
namespace {

TypePtr elementTypeOf(int64_t code) {
  switch (code) {
    case 0: return IntType::get();
    case 1: return FloatType::get();
    case 2: return BoolType::get();
    default: JS_ERROR("prim::tolist: unknown element type code ", code);
  }
}

IValue scalarOf(const Tensor& t, int64_t code) {
  Scalar s = t.item();
  switch (code) {
    case 0: return IValue(s.toLong());
    case 1: return IValue(s.toDouble());
    default: return IValue(s.toBool());
  }
}

// The nested list for t (of rank `depth`).
IValue toNestedList(const Tensor& t, int64_t code, int64_t depth) {
  if (depth == 0) return scalarOf(t, code);
  TypePtr elemType = elementTypeOf(code);
  for (int64_t d = 1; d < depth; ++d) elemType = ListType::create(elemType);
  std::vector<IValue> elems;
  const int64_t n = t.size(0);
  elems.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) elems.push_back(toNestedList(t.select(0, i), code, depth - 1));
  return IValue(ListImpl::create(std::move(elemType), std::move(elems)));
}

void tolist(Stack& s) {
  const int64_t code = s.back().toInt();
  const int64_t dim = s[s.size() - 2].toInt();
  Tensor t = s[s.size() - 3].toTensor();
  s.resize(s.size() - 3);
  JS_CHECK(t.defined(), "tolist: expected a defined tensor");
  JS_CHECK(t.dim() == dim, "Output annotation list dimension and runtime tensor dimension must match for tolist()");
  (void)elementTypeOf(code);
  const bool floating = t.is_floating_point();
  const bool isBool = t.dtype() == ScalarType::Bool;
  JS_CHECK(!(code == 0 && (floating || isBool)) && !(code == 1 && !floating) && !(code == 2 && !isBool),
           "Output annotation element type and runtime tensor element type must match for tolist()");
  s.push_back(toNestedList(t, code, dim));
}

}  // namespace

const ops::OpTable kTolistOps = {
    {"prim::tolist(Tensor self, int dim, int elem_type) -> Any", tolist,
     "Tensor.tolist(): nested lists of depth dim with int (0), float (1) or bool (2) leaves"},
};

}  // namespace jitserve::builtins
