// Elementwise ops of three operands or with bounds: where, clamp (Scalar and
// Tensor bounds, clamp_min/clamp_max, clip), lerp, addcmul, addcdiv.
#include "runtime/ops/ternary_ops.h"
#include "runtime/ops/op_tables.h"

#include <bit>
#include <cmath>
#include <cstdint>

#include "runtime/ops/complex_math.h"
#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/vec_math.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::ops {
namespace {

// Written as selects, not early returns, so the loops vectorize.
template <typename T>
inline T maxPropagateNan(T a, T b) {
  T r = a > b ? a : b;
  if constexpr (std::is_floating_point_v<T>) {
    r = b != b ? b : r;
    r = a != a ? a : r;
  }
  return r;
}
template <typename T>
inline T minPropagateNan(T a, T b) {
  T r = a < b ? a : b;
  if constexpr (std::is_floating_point_v<T>) {
    r = b != b ? b : r;
    r = a != a ? a : r;
  }
  return r;
}

// m ? x : y as a bit select on an unsigned integer of x's size: no branch
// (random masks made the branchy loop mispredict) and it vectorizes.
template <typename T>
inline T selectBits(bool m, T x, T y) {
  if constexpr (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) {
    using U = std::conditional_t<sizeof(T) == 1, uint8_t,
                                 std::conditional_t<sizeof(T) == 2, uint16_t,
                                                     std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
    const U mask = static_cast<U>(U(0) - static_cast<U>(m));
    return std::bit_cast<T>(static_cast<U>((std::bit_cast<U>(x) & mask) | (std::bit_cast<U>(y) & ~mask)));
  } else {
    return m ? x : y;
  }
}

}  // namespace

Tensor where(const Tensor& cond, const Tensor& self, const Tensor& other, Tensor out) {
  JS_CHECK(cond.dtype() == ScalarType::Bool || cond.dtype() == ScalarType::Byte,
           "where expected condition to be a boolean tensor, but got a tensor with dtype ",
           scalarTypeName(cond.dtype()));
  const ScalarType rt = result_type(self, other);
  Tensor c = cond.dtype() == ScalarType::Bool ? cond : cond.to(ScalarType::Bool);
  Tensor a = self.dtype() == rt ? self : self.to(rt);
  Tensor b = other.dtype() == rt ? other : other.to(rt);
  TensorIteratorConfig cfg;
  cfg.name("where")
      .add_output(out)
      .add_input(c)
      .add_input(a)
      .add_input(b)
      .check_all_same_dtype(false)
      .set_output_dtype(rt)
      .cast_common_dtype_to_outputs(true);
  TensorIterator it = cfg.build();
  if (!out.defined()) out = it.output();
  const vec::FloatKernels* vk = vec::floatKernels();
  if (vk && it.dtype(0) == ScalarType::Float && it.dtype(1) == ScalarType::Bool && it.dtype(2) == ScalarType::Float &&
      it.dtype(3) == ScalarType::Float) {
    // float: contiguous chunks on the SIMD select, others the scalar one.
    // Past the streaming threshold (cpu_loops.h's, the last-level cache by
    // default; 13 bytes an element) the result is streamed: its lines are
    // not read first and do not evict the inputs (4M elements, 52 MB against
    // a 32 MB L3: 1.25-1.38 ms, 98-111% of the copy beside it).
    const bool stream = detail::streamOutput(it.numel(), 13);
    const auto select = stream ? vk->whereStream : vk->where;
    it.for_each([select](char** data, const int64_t* strides, int64_t n) {
      if (strides[0] == 4 && strides[1] == 1 && strides[2] == 4 && strides[3] == 4) {
        select(reinterpret_cast<const bool*>(data[1]), reinterpret_cast<const float*>(data[2]),
               reinterpret_cast<const float*>(data[3]), reinterpret_cast<float*>(data[0]), n);
        return;
      }
      for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<float*>(data[0] + i * strides[0]) =
            selectBits(*reinterpret_cast<const bool*>(data[1] + i * strides[1]),
                       *reinterpret_cast<const float*>(data[2] + i * strides[2]),
                       *reinterpret_cast<const float*>(data[3] + i * strides[3]));
    });
    return out;
  }
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(rt, "where", [&] {
    cpu_kernel(it, [](bool m, scalar_t x, scalar_t y) -> scalar_t { return selectBits(m, x, y); });
  });
  return out;
}

namespace {

// clamp with optional Scalar bounds; the bounds take part in type promotion
// (clamp(int_tensor, 0.5) is a float tensor).
ScalarType clampResultType(const Tensor& self, const std::optional<Scalar>& lo, const std::optional<Scalar>& hi) {
  ResultTypeState st = update_result_type_state(self, ResultTypeState{});
  if (lo) st = update_result_type_state(*lo, st);
  if (hi) st = update_result_type_state(*hi, st);
  return result_type(st);
}

// The kernels below write into their first argument, `out`: undefined (the
// functional form: allocated and returned), self (in place) or an out=
// tensor, through the iterator's cast and resize rules.

Tensor clampScalar(Tensor out, const Tensor& self, std::optional<Scalar> lo, std::optional<Scalar> hi) {
  JS_CHECK(lo || hi, "torch.clamp: At least one of 'min' or 'max' must not be None");
  const ScalarType rt = clampResultType(self, lo, hi);
  Tensor in = self.dtype() == rt ? self : self.to(rt);
  TensorIterator it = unaryIter(out, in, Promotion::Common, "clamp");
  JS_DISPATCH_ALL_TYPES(rt, "clamp", [&] {
    using acc_t = opmath_t<scalar_t>;
    if (lo && hi) {
      const acc_t l = lo->to<acc_t>(), h = hi->to<acc_t>();
      unaryLoop<scalar_t>(it, [l, h](acc_t x) { return minPropagateNan(maxPropagateNan(x, l), h); });
    } else if (lo) {
      const acc_t l = lo->to<acc_t>();
      unaryLoop<scalar_t>(it, [l](acc_t x) { return maxPropagateNan(x, l); });
    } else {
      const acc_t h = hi->to<acc_t>();
      unaryLoop<scalar_t>(it, [h](acc_t x) { return minPropagateNan(x, h); });
    }
  });
  return out;
}

Tensor clampTensor(Tensor out, const Tensor& self, std::optional<Tensor> lo, std::optional<Tensor> hi) {
  JS_CHECK(lo || hi, "torch.clamp: At least one of 'min' or 'max' must not be None");
  if (lo && hi) {
    TensorIterator it = ternaryIter(out, self, *lo, *hi, Promotion::Common, "clamp");
    JS_DISPATCH_ALL_TYPES(it.input_dtype(0), "clamp", [&] {
      using acc_t = opmath_t<scalar_t>;
      cpu_kernel(it, [](scalar_t x, scalar_t l, scalar_t h) -> scalar_t {
        return static_cast<scalar_t>(minPropagateNan(maxPropagateNan(static_cast<acc_t>(x), static_cast<acc_t>(l)),
                                                     static_cast<acc_t>(h)));
      });
    });
    return out;
  }
  const bool is_min = lo.has_value();
  TensorIterator it = binaryIter(out, self, is_min ? *lo : *hi, Promotion::Common, "clamp");
  JS_DISPATCH_ALL_TYPES(it.input_dtype(0), "clamp", [&] {
    if (is_min) binaryLoop<scalar_t>(it, [](auto x, auto b) { return maxPropagateNan(x, b); });
    else binaryLoop<scalar_t>(it, [](auto x, auto b) { return minPropagateNan(x, b); });
  });
  return out;
}

// lerp: self + weight * (end - self), computed from the nearer endpoint so
// that weight 1 gives exactly `end` (|weight| decides for complex weights).
template <typename scalar_t>
void lerpLoop(TensorIterator& it) {
  using acc_t = opmath_t<scalar_t>;
  if constexpr (cmath::is_complex_v<scalar_t>) {
    using cmath::mul;
    cpu_kernel(it, [](scalar_t x, scalar_t y, scalar_t t) -> scalar_t {
      return std::abs(t) < 0.5 ? x + mul(t, y - x) : y - mul(y - x, scalar_t(1) - t);
    });
  } else {
    cpu_kernel(it, [](scalar_t a, scalar_t b, scalar_t w) -> scalar_t {
      const acc_t x = a, y = b, t = w;
      return static_cast<scalar_t>(std::abs(t) < acc_t(0.5) ? x + t * (y - x) : y - (y - x) * (acc_t(1) - t));
    });
  }
}
Tensor lerp(Tensor out, const Tensor& self, const Tensor& end, const Tensor& weight) {
  JS_CHECK(self.dtype() == end.dtype(), "expected dtype ", scalarTypeName(self.dtype()), " for `end` but got dtype ",
           scalarTypeName(end.dtype()));
  TensorIterator it = ternaryIter(out, self, end, weight, Promotion::Common, "lerp_kernel");
  JS_DISPATCH_FLOATING_AND_COMPLEX_TYPES(it.input_dtype(0), "lerp_kernel_scalar", [&] { lerpLoop<scalar_t>(it); });
  return out;
}

// addcmul / addcdiv: self + value * t1 * t2 (or t1 / t2).
template <bool divide, typename scalar_t>
void addcmulDivLoop(TensorIterator& it, const Scalar& value) {
  using acc_t = opmath_t<scalar_t>;
  const acc_t v = value.to<acc_t>();
  if constexpr (cmath::is_complex_v<scalar_t>) {
    using cmath::mul;
    if (divide)
      cpu_kernel(it, [v](scalar_t a, scalar_t b, scalar_t c) -> scalar_t { return a + mul(v, cmath::div(b, c)); });
    else
      cpu_kernel(it, [v](scalar_t a, scalar_t b, scalar_t c) -> scalar_t { return a + mul(mul(v, b), c); });
  } else if (divide) {
    cpu_kernel(it, [v](scalar_t a, scalar_t b, scalar_t c) -> scalar_t {
      return static_cast<scalar_t>(static_cast<acc_t>(a) + v * (static_cast<acc_t>(b) / static_cast<acc_t>(c)));
    });
  } else {
    cpu_kernel(it, [v](scalar_t a, scalar_t b, scalar_t c) -> scalar_t {
      return static_cast<scalar_t>(static_cast<acc_t>(a) + v * static_cast<acc_t>(b) * static_cast<acc_t>(c));
    });
  }
}

template <bool divide>
Tensor addcmulDiv(Tensor out, const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  TensorIterator it = ternaryIter(out, self, t1, t2, Promotion::Common, divide ? "addcdiv" : "addcmul");
  if (divide)
    JS_CHECK(!isIntegralType(it.input_dtype(0), true),
             "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a "
             "true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + "
             "value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * "
             "tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: "
             "(input + value * tensor1 / tensor2), for all dtypes.");
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX(it.input_dtype(0), divide ? "addcdiv" : "addcmul",
                                    [&] { addcmulDivLoop<divide, scalar_t>(it, value); });
  return out;
}

// clamp_min / clamp_max: clamp with one bound.
template <bool Min>
Tensor clampBound(Tensor out, const Tensor& self, const Scalar& bound) {
  return Min ? clampScalar(std::move(out), self, bound, std::nullopt)
             : clampScalar(std::move(out), self, std::nullopt, bound);
}
template <bool Min>
Tensor clampBoundTensor(Tensor out, const Tensor& self, const Tensor& bound) {
  return Min ? clampTensor(std::move(out), self, bound, std::nullopt)
             : clampTensor(std::move(out), self, std::nullopt, bound);
}

// A Scalar operand takes part as a wrapped number: it promotes like a
// Python number.
const Tensor& operand(const Tensor& t) { return t; }
Tensor operand(const Scalar& s) { return wrapScalar(s); }

Tensor lerpScalar(Tensor out, const Tensor& self, const Tensor& end, const Scalar& weight) {
  return lerp(std::move(out), self, end, operand(weight));
}

// ---- kernels ----

// The functional, in-place and out= forms of a kernel `Tensor f(Tensor out,
// self, args...)`.
template <auto F, typename Sig = std::remove_cv_t<decltype(+F)>>
struct Forms;
template <auto F, typename... A>
struct Forms<F, Tensor (*)(Tensor, const Tensor&, A...)> {
  static Tensor functional(const Tensor& self, A... a) { return F(Tensor(), self, a...); }
  static Tensor inplace(Tensor self, A... a) {
    F(self, self, a...);
    return self;
  }
  static Tensor out(const Tensor& self, A... a, Tensor out) {
    F(out, self, a...);
    return out;
  }
};

// clamp with Scalar bounds is built without casting to the output in
// PyTorch: out must have the result's dtype.
Tensor clampOut(const Tensor& self, std::optional<Scalar> lo, std::optional<Scalar> hi, Tensor out) {
  checkOutDtype(out, clampResultType(self, lo, hi));
  clampScalar(out, self, lo, hi);
  return out;
}
template <bool Min>
Tensor clampBoundOut(const Tensor& self, const Scalar& bound, Tensor out) {
  return Min ? clampOut(self, bound, std::nullopt, std::move(out))
             : clampOut(self, std::nullopt, bound, std::move(out));
}

// where with Scalar operands (two Python numbers: the result has the default
// dtype for their category).
template <typename A, typename B>
Tensor whereOp(const Tensor& condition, const A& self, const B& other) {
  return where(condition, operand(self), operand(other));
}
Tensor whereOut(const Tensor& condition, const Tensor& self, const Tensor& other, Tensor out) {
  where(condition, self, other, out);
  return out;
}

}  // namespace

Tensor clamp(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  return clampScalar(Tensor(), self, min, max);
}

const OpTable kTernaryOps = {
    op<whereOp<Tensor, Tensor>>("aten::where.self(Tensor condition, Tensor self, Tensor other) -> Tensor",
                                "self where condition, else other (promoted, broadcast).", kFusible),
    op<whereOut>("aten::where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
                 "where into out."),
    op<whereOp<Scalar, Tensor>>("aten::where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor",
                                "where with a Scalar self.", kFusible),
    op<whereOp<Tensor, Scalar>>("aten::where.ScalarOther(Tensor condition, Tensor self, Scalar other) -> Tensor",
                                "where with a Scalar other.", kFusible),
    op<whereOp<Scalar, Scalar>>("aten::where.Scalar(Tensor condition, Scalar self, Scalar other) -> Tensor",
                                "where with two Scalars.", kFusible),
    op<Forms<clampScalar>::functional>("aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor",
                                       "Limits values to [min, max] (NaN stays NaN).", kFusible),
    op<Forms<clampScalar>::inplace>("aten::clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)",
                                    "In-place clamp."),
    op<clampOut>("aten::clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)",
                 "clamp into out."),
    op<Forms<clampTensor>::functional>("aten::clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor",
                                       "clamp with tensor bounds.", kFusible),
    op<Forms<clampTensor>::inplace>("aten::clamp_.Tensor(Tensor(a!) self, Tensor? min=None, Tensor? max=None) -> "
                                    "Tensor(a!)",
                                    "In-place clamp with tensor bounds."),
    op<Forms<clampTensor>::out>("aten::clamp.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) "
                                "out) -> Tensor(a!)",
                                "clamp with tensor bounds into out."),
    op<Forms<clampScalar>::functional>("aten::clip(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor",
                                       "Alias of clamp.", kFusible),
    op<Forms<clampScalar>::inplace>("aten::clip_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)",
                                    "Alias of clamp_."),
    op<Forms<clampTensor>::functional>("aten::clip.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor",
                                       "Alias of clamp.", kFusible),
    op<Forms<clampBound<true>>::functional>("aten::clamp_min(Tensor self, Scalar min) -> Tensor",
                                            "max(self, min).", kFusible),
    op<Forms<clampBound<true>>::inplace>("aten::clamp_min_(Tensor(a!) self, Scalar min) -> Tensor(a!)",
                                         "In-place clamp_min."),
    op<Forms<clampBoundTensor<true>>::functional>(
        "aten::clamp_min.Tensor(Tensor self, Tensor min) -> Tensor",
        "max(self, min tensor).", kFusible),
    op<Forms<clampBoundTensor<true>>::inplace>(
        "aten::clamp_min_.Tensor(Tensor(a!) self, Tensor min) -> Tensor(a!)",
        "In-place clamp_min with a tensor."),
    op<clampBoundOut<true>>("aten::clamp_min.out(Tensor self, Scalar min, *, Tensor(a!) out) -> Tensor(a!)",
                            "clamp_min into out."),
    op<Forms<clampBoundTensor<true>>::out>("aten::clamp_min.Tensor_out(Tensor self, Tensor min, *, Tensor(a!) out) -> "
                                           "Tensor(a!)",
                                           "clamp_min with a tensor into out."),
    op<Forms<clampBound<false>>::functional>(
        "aten::clamp_max(Tensor self, Scalar max) -> Tensor",
        "min(self, max).", kFusible),
    op<Forms<clampBound<false>>::inplace>("aten::clamp_max_(Tensor(a!) self, Scalar max) -> Tensor(a!)",
                                          "In-place clamp_max."),
    op<Forms<clampBoundTensor<false>>::functional>(
        "aten::clamp_max.Tensor(Tensor self, Tensor max) -> Tensor",
        "min(self, max tensor).", kFusible),
    op<Forms<clampBoundTensor<false>>::inplace>(
        "aten::clamp_max_.Tensor(Tensor(a!) self, Tensor max) -> Tensor(a!)",
        "In-place clamp_max with a tensor."),
    op<clampBoundOut<false>>("aten::clamp_max.out(Tensor self, Scalar max, *, Tensor(a!) out) -> Tensor(a!)",
                             "clamp_max into out."),
    op<Forms<clampBoundTensor<false>>::out>("aten::clamp_max.Tensor_out(Tensor self, Tensor max, *, Tensor(a!) out) -> "
                                            "Tensor(a!)",
                                            "clamp_max with a tensor into out."),
    op<Forms<lerpScalar>::functional>("aten::lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor",
                                      "Linear interpolation self + weight * (end - self).", kFusible),
    op<Forms<lerp>::functional>("aten::lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor",
                                "Linear interpolation with tensor weights.", kFusible),
    op<Forms<lerpScalar>::inplace>("aten::lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)",
                                   "In-place lerp."),
    op<Forms<lerp>::inplace>("aten::lerp_.Tensor(Tensor(a!) self, Tensor end, Tensor weight) -> Tensor(a!)",
                             "In-place lerp."),
    op<Forms<addcmulDiv<false>>::functional>(
        "aten::addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor",
        "self + value * tensor1 * tensor2.", kFusible),
    op<Forms<addcmulDiv<false>>::inplace>("aten::addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar "
                                          "value=1) -> Tensor(a!)",
                                          "In-place addcmul."),
    op<Forms<addcmulDiv<true>>::functional>("aten::addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar "
                                            "value=1) -> Tensor",
                                            "self + value * tensor1 / tensor2.", kFusible),
    op<Forms<addcmulDiv<true>>::inplace>("aten::addcdiv_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar "
                                         "value=1) -> Tensor(a!)",
                                         "In-place addcdiv."),
};

}  // namespace jitserve::ops
