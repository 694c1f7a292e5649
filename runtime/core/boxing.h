// Typed kernels: a C++ function with ordinary parameters, turned into the
// boxed `void(Stack&)` calling convention of operator.h by a template, with
// a description of its parameter and return types that the registry checks
// against the schema when the operator is registered.
//
//   Tensor view(const Tensor& self, std::vector<int64_t> size);
//   op<view>("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)", "...")
//
// so the argument count and types are written once, in the signature, and a
// drift between it and the schema string fails registration (naming the
// schema and the argument) instead of misreading the stack at run time.
//
// Parameter types and the schema types they take (KernelArgKind):
//   const Tensor& / Tensor            Tensor
//   std::optional<Tensor>             Tensor?    (None or an undefined tensor -> nullopt)
//   std::vector<Tensor>               Tensor[]
//   OptionalTensorList                Tensor?[]  (None entries -> undefined tensors)
//   Scalar / std::optional<Scalar>    Scalar / Scalar?
//   int64_t / std::optional<int64_t>  int, SymInt, Layout, MemoryFormat, ScalarType (and ?)
//   ScalarType / optional<ScalarType> ScalarType (an int holding a dtype code)
//   double / std::optional<double>    float (an int argument is widened)
//   bool / std::optional<bool>        bool
//   std::string_view / std::optional<std::string>   str
//   Device / std::optional<Device>    Device
//   std::vector<int64_t> / optional   int[] (a single int is a one-element list)
//   std::vector<double>, std::vector<bool>           float[], bool[]
//   const IValue&                     anything (the kernel checks)
// Returns: void (no outputs), Tensor, std::vector<Tensor>, a std::tuple of
// the above (one output each), int64_t, double, bool, Scalar, std::string,
// std::vector<int64_t>, IValue.
//
// A `Tensor` by-value parameter is moved out of its stack slot (the slot is
// dropped after the call anyway), so in-place kernels that return `self`
// cost no reference-count traffic.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "runtime/core/function_schema.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/core/stack.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

// Tensor?[]: a list whose None entries are undefined tensors.
struct OptionalTensorList : std::vector<Tensor> {
  using std::vector<Tensor>::vector;
};

enum class KernelArgKind : uint8_t {
  Tensor,
  OptTensor,
  TensorList,
  OptTensorList,
  Scalar,
  OptScalar,
  Int,
  OptInt,
  Float,
  OptFloat,
  Bool,
  OptBool,
  Str,
  OptStr,
  Device,
  OptDevice,
  IntList,
  OptIntList,
  FloatList,
  BoolList,
  Any,
};

// The kind of `T?` for a kernel kind T, or Any when T has no optional form
// (the parameter then has no typed form: a `const IValue&`).
constexpr KernelArgKind optionalKindOf(KernelArgKind k) {
  switch (k) {
    case KernelArgKind::Tensor: return KernelArgKind::OptTensor;
    case KernelArgKind::Scalar: return KernelArgKind::OptScalar;
    case KernelArgKind::Int: return KernelArgKind::OptInt;
    case KernelArgKind::Float: return KernelArgKind::OptFloat;
    case KernelArgKind::Bool: return KernelArgKind::OptBool;
    case KernelArgKind::Str: return KernelArgKind::OptStr;
    case KernelArgKind::Device: return KernelArgKind::OptDevice;
    case KernelArgKind::IntList: return KernelArgKind::OptIntList;
    default: return KernelArgKind::Any;
  }
}

// What a typed kernel takes and returns, for the registration check.
struct KernelSignature {
  std::span<const KernelArgKind> arguments;
  std::span<const KernelArgKind> returns;
};

// OK when `sig` can serve `schema`: as many parameters as schema arguments
// (a vararg schema cannot be typed), each kind accepting the argument's type,
// and as many returns of matching kinds. Otherwise InvalidArgument naming the
// schema, the position and both types.
absl::Status checkKernelSignature(const FunctionSchema& schema, const KernelSignature& sig);
std::string_view kernelArgKindName(KernelArgKind k);

namespace boxing {

template <typename T>
struct ArgOf;  // unpacks one IValue into parameter type T

#define JS_BOXING_ARG(TYPE, KIND, EXPR)                             \
  template <>                                                       \
  struct ArgOf<TYPE> {                                              \
    static constexpr KernelArgKind kind = KernelArgKind::KIND;      \
    static decltype(auto) get(IValue& v) { return EXPR; }          \
  };

JS_BOXING_ARG(Tensor, Tensor, std::move(v).toTensor())
JS_BOXING_ARG(const Tensor&, Tensor, static_cast<const Tensor&>(v.toTensor()))
JS_BOXING_ARG(Scalar, Scalar, v.toScalar())
JS_BOXING_ARG(const Scalar&, Scalar, v.toScalar())
JS_BOXING_ARG(int64_t, Int, v.toInt())
JS_BOXING_ARG(ScalarType, Int, v.toScalarType())
JS_BOXING_ARG(double, Float, v.toNumberAsDouble())
JS_BOXING_ARG(bool, Bool, v.toBool())
JS_BOXING_ARG(std::string_view, Str, v.toStringView())
JS_BOXING_ARG(Device, Device, v.toDevice())
JS_BOXING_ARG(std::vector<Tensor>, TensorList, v.toTensorVector())
JS_BOXING_ARG(std::vector<double>, FloatList, v.toDoubleVector())
JS_BOXING_ARG(std::vector<bool>, BoolList, v.toBoolVector())
JS_BOXING_ARG(const IValue&, Any, static_cast<const IValue&>(v))
#undef JS_BOXING_ARG

inline std::vector<int64_t> toIntList(const IValue& v) {
  // `int[1]` arguments accept a single int as well as a list.
  if (v.isInt()) return {v.toInt()};
  return v.toIntVector();
}

template <>
struct ArgOf<std::vector<int64_t>> {
  static constexpr KernelArgKind kind = KernelArgKind::IntList;
  static std::vector<int64_t> get(IValue& v) { return toIntList(v); }
};

template <>
struct ArgOf<OptionalTensorList> {
  static constexpr KernelArgKind kind = KernelArgKind::OptTensorList;
  static OptionalTensorList get(IValue& v) {
    OptionalTensorList out;
    const auto& elems = v.toListRef().elements;
    out.reserve(elems.size());
    for (const IValue& e : elems) out.push_back(e.isNone() ? Tensor() : e.toTensor());
    return out;
  }
};

// Optionals: None -> nullopt, otherwise the value's own conversion.
template <typename T>
struct ArgOf<std::optional<T>> {
  static constexpr KernelArgKind kind = optionalKindOf(ArgOf<T>::kind);
  static_assert(kind != KernelArgKind::Any, "no optional form of this kernel parameter type");
  static std::optional<T> get(IValue& v) {
    if (v.isNone()) return std::nullopt;
    if constexpr (std::is_same_v<T, Tensor>) {
      // An undefined tensor stands for None too (PyTorch's convention).
      Tensor t = std::move(v).toTensor();
      if (!t.defined()) return std::nullopt;
      return t;
    } else {
      return std::optional<T>(ArgOf<T>::get(v));
    }
  }
};

template <>
struct ArgOf<std::optional<std::string>> {
  static constexpr KernelArgKind kind = KernelArgKind::OptStr;
  static std::optional<std::string> get(IValue& v) {
    if (v.isNone()) return std::nullopt;
    return std::string(v.toStringView());
  }
};

template <>
struct ArgOf<const std::optional<Tensor>&> : ArgOf<std::optional<Tensor>> {};

// Pushes one result (or, for a tuple, each member) and says what it was.
template <typename T>
struct RetOf {
  static constexpr KernelArgKind kind = ArgOf<T>::kind;
  static void push(Stack& s, T&& v) { s.emplace_back(std::move(v)); }
};
template <>
struct RetOf<std::vector<int64_t>> {
  static constexpr KernelArgKind kind = KernelArgKind::IntList;
  static void push(Stack& s, std::vector<int64_t>&& v) { s.emplace_back(IValue::intList(std::move(v))); }
};
template <>
struct RetOf<std::vector<double>> {
  static constexpr KernelArgKind kind = KernelArgKind::FloatList;
  static void push(Stack& s, std::vector<double>&& v) { s.emplace_back(IValue::doubleList(std::move(v))); }
};
template <>
struct RetOf<std::vector<Tensor>> {
  static constexpr KernelArgKind kind = KernelArgKind::TensorList;
  static void push(Stack& s, std::vector<Tensor>&& v) { s.emplace_back(IValue::tensorList(std::move(v))); }
};
template <>
struct RetOf<Scalar> {
  static constexpr KernelArgKind kind = KernelArgKind::Scalar;
  static void push(Stack& s, Scalar&& v) { s.emplace_back(IValue(v)); }
};
template <>
struct RetOf<std::string> {
  static constexpr KernelArgKind kind = KernelArgKind::Str;
  static void push(Stack& s, std::string&& v) { s.emplace_back(IValue(std::move(v))); }
};
template <>
struct RetOf<IValue> {
  static constexpr KernelArgKind kind = KernelArgKind::Any;
  static void push(Stack& s, IValue&& v) { s.emplace_back(std::move(v)); }
};

template <typename R>
struct Returns {
  static constexpr KernelArgKind kinds[] = {RetOf<R>::kind};
  static void push(Stack& s, R&& r) { RetOf<R>::push(s, std::move(r)); }
};
template <typename... Rs>
struct Returns<std::tuple<Rs...>> {
  static constexpr KernelArgKind kinds[] = {RetOf<Rs>::kind...};
  static void push(Stack& s, std::tuple<Rs...>&& r) {
    std::apply([&s](Rs&... v) { (RetOf<Rs>::push(s, std::move(v)), ...); }, r);
  }
};

template <typename F>
struct FunctionTraits;
template <typename R, typename... A>
struct FunctionTraits<R (*)(A...)> {
  using Result = R;
  static constexpr size_t arity = sizeof...(A);
  template <typename Fn, size_t... I>
  static R call(const Fn& fn, IValue* base, std::index_sequence<I...>) {
    return fn(ArgOf<A>::get(base[I])...);
  }
  static constexpr KernelArgKind argKinds[sizeof...(A) + 1] = {ArgOf<A>::kind..., KernelArgKind::Any};
};

template <auto F>
using TraitsOf = FunctionTraits<std::remove_cv_t<decltype(+F)>>;

}  // namespace boxing

// The boxed kernel of F: unpacks F's parameters from the last arity stack
// slots, calls F, drops the arguments and pushes the result(s). The result
// is materialized before the slots are dropped: it may be a parameter.
template <auto F>
void boxed(Stack& s) {
  using T = boxing::TraitsOf<F>;
  using R = typename T::Result;
  IValue* base = s.data() + (s.size() - T::arity);
  if constexpr (std::is_void_v<R>) {
    T::call(F, base, std::make_index_sequence<T::arity>{});
    s.resize(s.size() - T::arity);
  } else {
    R r = T::call(F, base, std::make_index_sequence<T::arity>{});
    s.resize(s.size() - T::arity);
    boxing::Returns<R>::push(s, std::move(r));
  }
}

template <auto F>
inline constexpr KernelSignature kernelSignatureOf = [] {
  using T = boxing::TraitsOf<F>;
  using R = typename T::Result;
  KernelSignature sig;
  sig.arguments = std::span<const KernelArgKind>(T::argKinds, T::arity);
  if constexpr (!std::is_void_v<R>) sig.returns = std::span<const KernelArgKind>(boxing::Returns<R>::kinds);
  return sig;
}();

}  // namespace jitserve
