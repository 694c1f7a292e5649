// OpCall: calling an operator by name through the registry from C++.
//
// Composite kernels (an op written in terms of others: linalg.matrix_power
// from matmul, cross from mul/sub/cat) call their parts through the
// dispatcher rather than the parts' CPU functions, so each part runs the
// kernel for its arguments' device and the composite can serve every device
// that has kernels for the parts (register it with kAnyDevice).
//
//   static const OpCall kMatmul("aten::matmul");
//   Tensor r = kMatmul.call<Tensor>(a, b);
//   Tensor s = callOp<"aten::mm", Tensor>(a, b);  // the same, the OpCall made once per name
//
// Arguments are pushed as IValues in schema order (defaults are not filled
// in: pass every argument). The operator is found on first use in the
// process-wide registry and cached; under an OperatorRegistryScope holding
// another registry it is looked up there on each call. A name the registry
// lacks is an error naming it.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <string>
#include <tuple>
#include <utility>

#include "runtime/core/boxing.h"
#include "runtime/core/operator.h"
#include "runtime/core/stack.h"

namespace jitserve {

class OpCall {
 public:
  explicit OpCall(std::string nameDotOverload) : name_(std::move(nameDotOverload)) {}

  const Operator& op() const;

  // Runs the operator on `stack` (arguments on top), leaving its outputs.
  void run(Stack& stack) const { op().run(stack); }

  template <typename R, typename... A>
  R call(A&&... args) const {
    Stack s;
    s.reserve(sizeof...(A));
    (s.emplace_back(std::forward<A>(args)), ...);
    run(s);
    if constexpr (std::is_void_v<R>) {
      return;
    } else {
      JS_INTERNAL_ASSERT(s.size() == 1, name_, " left ", s.size(), " values, one expected");
      return boxing::ArgOf<R>::get(s.back());
    }
  }

 private:
  std::string name_;
  mutable std::atomic<const Operator*> cached_{nullptr};
};

// A string literal as a template argument (callOp<"aten::mm", Tensor>).
template <size_t N>
struct OpName {
  constexpr OpName(const char (&s)[N]) { std::copy_n(s, N, name); }  // NOLINT: implicit on purpose
  char name[N];
};

// Calls the operator `Name` ("aten::sub.Tensor"), found on first use.
template <OpName Name, typename R, typename... A>
R callOp(A&&... args) {
  static const OpCall op(Name.name);
  return op.call<R>(std::forward<A>(args)...);
}

}  // namespace jitserve
