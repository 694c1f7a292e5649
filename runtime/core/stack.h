// Stack: the operand stack kernels and the interpreter exchange values on.
//
// A kernel finds its N inputs as the last N entries (first argument deepest),
// pops them and pushes its outputs. pop() moves the value out, so passing a
// value through a kernel costs no reference-count traffic.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/support/error.h"

namespace jitserve {

using Stack = std::vector<IValue>;

// Removes and returns the top value.
inline IValue pop(Stack& stack) {
  JS_INTERNAL_ASSERT(!stack.empty(), "pop from an empty stack");
  IValue v = std::move(stack.back());
  stack.pop_back();
  return v;
}

// The i-th of the last n values (0 = deepest of them), without popping.
inline IValue& peek(Stack& stack, size_t i, size_t n) {
  JS_INTERNAL_ASSERT(n <= stack.size() && i < n, "peek(", i, ", ", n, ") on a stack of ", stack.size());
  return stack[stack.size() - n + i];
}
inline const IValue& peek(const Stack& stack, size_t i, size_t n) {
  JS_INTERNAL_ASSERT(n <= stack.size() && i < n, "peek(", i, ", ", n, ") on a stack of ", stack.size());
  return stack[stack.size() - n + i];
}

// Discards the last n values.
inline void drop(Stack& stack, size_t n) {
  JS_INTERNAL_ASSERT(n <= stack.size(), "drop(", n, ") on a stack of ", stack.size());
  stack.resize(stack.size() - n);
}

// Moves the last n values out, in stack order, and drops them.
inline std::vector<IValue> last(Stack& stack, size_t n) {
  JS_INTERNAL_ASSERT(n <= stack.size(), "last(", n, ") on a stack of ", stack.size());
  std::vector<IValue> out(std::make_move_iterator(stack.end() - static_cast<std::ptrdiff_t>(n)),
                          std::make_move_iterator(stack.end()));
  drop(stack, n);
  return out;
}

template <typename... Args>
inline void push(Stack& stack, Args&&... args) {
  (stack.emplace_back(std::forward<Args>(args)), ...);
}

}  // namespace jitserve
