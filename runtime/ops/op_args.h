// Argument access for kernels: an Args view over the last N stack slots.
//
// A kernel of schema `f(Tensor self, Scalar other, *, int? dim=None)` is
// called with its three arguments on top of the stack (defaults already
// filled in by the interpreter). It reads them by position through Args,
// then Args::ret() drops them and pushes the outputs:
//
//   void add_scalar(Stack& s) {
//     Args a(s, 3);
//     Tensor r = add(a.tensor(0), a.scalar(1), a.scalar(2));
//     a.ret(std::move(r));
//   }
//
// Accessors convert with the IValue accessors, so a wrong tag is a clear
// "expected int but got Tensor" error rather than a crash.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/core/stack.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

class Args {
 public:
  Args(Stack& stack, size_t n) : stack_(stack), base_(stack.size() - n), n_(n) {
    JS_INTERNAL_ASSERT(stack.size() >= n, "kernel expects ", n, " arguments, stack holds ", stack.size());
  }

  size_t size() const { return n_; }
  IValue& operator[](size_t i) { return stack_[base_ + i]; }
  const IValue& at(size_t i) const { return stack_[base_ + i]; }
  bool isNone(size_t i) const { return at(i).isNone(); }

  const Tensor& tensor(size_t i) const { return at(i).toTensor(); }
  std::optional<Tensor> optTensor(size_t i) const {
    if (isNone(i)) return std::nullopt;
    const Tensor& t = at(i).toTensor();
    if (!t.defined()) return std::nullopt;
    return t;
  }
  Scalar scalar(size_t i) const { return at(i).toScalar(); }
  std::optional<Scalar> optScalar(size_t i) const {
    if (isNone(i)) return std::nullopt;
    return at(i).toScalar();
  }
  int64_t toInt(size_t i) const { return at(i).toInt(); }
  std::optional<int64_t> optInt(size_t i) const {
    if (isNone(i)) return std::nullopt;
    return at(i).toInt();
  }
  double toDouble(size_t i) const { return at(i).toNumberAsDouble(); }
  std::optional<double> optDouble(size_t i) const {
    if (isNone(i)) return std::nullopt;
    return at(i).toNumberAsDouble();
  }
  bool toBool(size_t i) const { return at(i).toBool(); }
  std::optional<bool> optBool(size_t i) const {
    if (isNone(i)) return std::nullopt;
    return at(i).toBool();
  }
  std::string_view str(size_t i) const { return at(i).toStringView(); }
  std::optional<std::string> optStr(size_t i) const {
    if (isNone(i)) return std::nullopt;
    return std::string(at(i).toStringView());
  }
  std::vector<int64_t> intList(size_t i) const {
    // `int[1]` arguments accept a single int as well as a list.
    if (at(i).isInt()) return {at(i).toInt()};
    return at(i).toIntVector();
  }
  std::optional<std::vector<int64_t>> optIntList(size_t i) const {
    if (isNone(i)) return std::nullopt;
    return intList(i);
  }
  std::vector<Tensor> tensorList(size_t i) const { return at(i).toTensorVector(); }
  // Tensor?[]: undefined entries stand for None.
  std::vector<Tensor> optTensorList(size_t i) const {
    std::vector<Tensor> out;
    for (const IValue& v : at(i).toListRef().elements) out.push_back(v.isNone() ? Tensor() : v.toTensor());
    return out;
  }
  std::optional<ScalarType> optScalarType(size_t i) const {
    if (isNone(i)) return std::nullopt;
    return at(i).toScalarType();
  }

  // Drops the arguments and pushes the outputs.
  template <typename... Outs>
  void ret(Outs&&... outs) {
    // The outputs are materialized before the arguments are dropped: one
    // may refer to an argument's slot (a.ret(a.tensor(0))).
    std::tuple<std::decay_t<Outs>...> values(std::forward<Outs>(outs)...);
    stack_.resize(base_);
    std::apply([this](auto&... v) { (stack_.emplace_back(std::move(v)), ...); }, values);
  }
  // A tuple-returning schema pushes its elements as separate outputs; the
  // interpreter packs NamedTuples when the schema says so.
  void retTensors(std::vector<Tensor> ts) {
    stack_.resize(base_);
    stack_.emplace_back(IValue::tensorList(std::move(ts)));
  }

 private:
  Stack& stack_;
  size_t base_;
  size_t n_;
};

}  // namespace jitserve::ops
