// Comparisons (eq, ne, lt, le, gt, ge -> Bool), logical and/or/xor,
// bitwise and/or/xor and shifts (with the Python operator names __and__,
// __lshift__, ...), and the closeness tests isclose/allclose/equal.
//
// Comparisons compute in the promoted dtype of both operands and write Bool
// (or cast into self for the in-place forms, as PyTorch allows).
#include "runtime/ops/comparison_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <vector>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge, LogicalAnd, LogicalOr, LogicalXor };

constexpr const char* orderingName(Cmp c) {
  switch (c) {
    case Cmp::Lt: return "lt_cpu";
    case Cmp::Le: return "le_cpu";
    case Cmp::Gt: return "gt_cpu";
    default: return "ge_cpu";
  }
}

// Complex numbers compare for (in)equality and truth; they have no order.
template <Cmp C>
void compareComplex(TensorIterator& it) {
  const ScalarType dt = it.input_dtype(0);
  if constexpr (C == Cmp::Lt || C == Cmp::Le || C == Cmp::Gt || C == Cmp::Ge) {
    JS_ERROR("\"", orderingName(C), "\" not implemented for '", scalarTypeName(dt), "'");
  } else {
    JS_DISPATCH_COMPLEX_TYPES(dt, "comparison", [&] {
      cpu_kernel(it, [](scalar_t x, scalar_t y) -> bool {
        const bool nx = x != scalar_t(0), ny = y != scalar_t(0);
        if constexpr (C == Cmp::Eq) return x == y;
        else if constexpr (C == Cmp::Ne) return x != y;
        else if constexpr (C == Cmp::LogicalAnd) return nx && ny;
        else if constexpr (C == Cmp::LogicalOr) return nx || ny;
        else return nx != ny;
      });
    });
  }
}

template <Cmp C>
Tensor compare(const Tensor& a, const Tensor& b, Tensor out = {}) {
  TensorIterator it = binaryIter(out, a, b, Promotion::Compare, "comparison");
  if (isComplexType(it.input_dtype(0))) {
    compareComplex<C>(it);
    return out;
  }
  JS_DISPATCH_ALL_TYPES_AND_BOOL(it.input_dtype(0), "comparison", [&] {
    compareLoop<scalar_t>(it, [](auto x, auto y) -> bool {
      if constexpr (C == Cmp::Eq) return x == y;
      else if constexpr (C == Cmp::Ne) return x != y;
      else if constexpr (C == Cmp::Lt) return x < y;
      else if constexpr (C == Cmp::Le) return x <= y;
      else if constexpr (C == Cmp::Gt) return x > y;
      else if constexpr (C == Cmp::Ge) return x >= y;
      else if constexpr (C == Cmp::LogicalAnd) return static_cast<bool>(x) && static_cast<bool>(y);
      else if constexpr (C == Cmp::LogicalOr) return static_cast<bool>(x) || static_cast<bool>(y);
      else return static_cast<bool>(x) != static_cast<bool>(y);
    });
  });
  return out;
}

// The forms of a binary kernel `Tensor f(const Tensor& self, const Tensor& other,
// Tensor out)` that computes into out (a new tensor when out is undefined):
// functional, in place (self is out) and out=, each with a Tensor or a
// Scalar operand (a Scalar is a wrapped 0-dim tensor, as in PyTorch).
using BinaryInto = Tensor (*)(const Tensor&, const Tensor&, Tensor);
inline const Tensor& operand(const Tensor& t) { return t; }
inline Tensor operand(const Scalar& s) { return wrapScalar(s); }

template <BinaryInto F, typename Self, typename Other>
Tensor functional(const Self& self, const Other& other) {
  return F(operand(self), operand(other), Tensor());
}
template <BinaryInto F, typename Other>
Tensor inplace(Tensor self, const Other& other) {
  return F(self, operand(other), self);
}
// out= forms of comparisons: the Bool result converted to out's dtype, whatever it is.
template <BinaryInto F, typename Other>
Tensor into(const Tensor& self, const Other& other, Tensor out) {
  return F(self, operand(other), std::move(out));
}

// ---- bitwise ----

enum class Bit { And, Or, Xor, Lshift, Rshift };

template <Bit B>
constexpr const char* bitName() {
  switch (B) {
    case Bit::And: return "bitwise_and_cpu";
    case Bit::Or: return "bitwise_or_cpu";
    case Bit::Xor: return "bitwise_xor_cpu";
    case Bit::Lshift: return "lshift_cpu";
    case Bit::Rshift: return "rshift_cpu";
  }
  return "";
}

template <Bit B, typename T>
void bitLoop(TensorIterator& it) {
  if constexpr (std::is_same_v<T, bool>) {
    if constexpr (B == Bit::And) cpu_kernel(it, [](bool x, bool y) -> bool { return x && y; });
    else if constexpr (B == Bit::Or) cpu_kernel(it, [](bool x, bool y) -> bool { return x || y; });
    else if constexpr (B == Bit::Xor) cpu_kernel(it, [](bool x, bool y) -> bool { return x != y; });
    else JS_ERROR("\"", bitName<B>(), "\" not implemented for 'Bool'");
  } else {
    if constexpr (B == Bit::And) cpu_kernel(it, [](T x, T y) -> T { return static_cast<T>(x & y); });
    else if constexpr (B == Bit::Or) cpu_kernel(it, [](T x, T y) -> T { return static_cast<T>(x | y); });
    else if constexpr (B == Bit::Xor) cpu_kernel(it, [](T x, T y) -> T { return static_cast<T>(x ^ y); });
    else if constexpr (B == Bit::Lshift) {
      // Shifting by the width or more (or a negative amount) gives 0, as in PyTorch.
      cpu_kernel(it, [](T x, T y) -> T {
        using U = std::make_unsigned_t<T>;
        if (y < 0 || y >= static_cast<T>(sizeof(T) * 8)) return 0;
        return static_cast<T>(static_cast<U>(x) << y);
      });
    } else {
      cpu_kernel(it, [](T x, T y) -> T {
        constexpr T bits = static_cast<T>(sizeof(T) * 8);
        if (y < 0 || y >= bits) {
          if constexpr (std::is_signed_v<T>) return x < 0 ? T(-1) : T(0);
          else return T(0);
        }
        return static_cast<T>(x >> y);
      });
    }
  }
}

template <Bit B>
Tensor bitwise(const Tensor& a, const Tensor& b, Tensor out = {}) {
  TensorIterator it = binaryIter(out, a, b, Promotion::Common, bitName<B>());
  JS_DISPATCH_INTEGRAL_TYPES_AND_BOOL(it.input_dtype(0), bitName<B>(), [&] { bitLoop<B, scalar_t>(it); });
  return out;
}

// ---- closeness ----

Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  JS_CHECK(a.dtype() == b.dtype(), scalarTypeName(a.dtype()), " did not match ", scalarTypeName(b.dtype()));
  JS_CHECK(rtol >= 0, "rtol must be greater than or equal to zero, but got ", rtol);
  JS_CHECK(atol >= 0, "atol must be greater than or equal to zero, but got ", atol);
  Tensor out;
  TensorIterator it = binaryIter(out, a, b, Promotion::Compare, "isclose");
  if (isComplexType(it.input_dtype(0))) {
    // Distances are complex magnitudes; a NaN in either part makes a NaN.
    JS_DISPATCH_COMPLEX_TYPES(it.input_dtype(0), "isclose", [&] {
      cpu_kernel(it, [rtol, atol, equal_nan](scalar_t x, scalar_t y) -> bool {
        if (x == y) return true;
        const std::complex<double> dx(x), dy(y);
        const bool xnan = std::isnan(dx.real()) || std::isnan(dx.imag());
        const bool ynan = std::isnan(dy.real()) || std::isnan(dy.imag());
        if (xnan || ynan) return equal_nan && xnan && ynan;
        const double err = std::abs(dx - dy);
        return std::isfinite(err) && err <= atol + rtol * std::abs(dy);
      });
    });
    return out;
  }
  JS_DISPATCH_ALL_TYPES_AND_BOOL(it.input_dtype(0), "isclose", [&] {
    using acc_t = opmath_t<scalar_t>;
    compareLoop<scalar_t>(it, [rtol, atol, equal_nan](acc_t x, acc_t y) -> bool {
      (void)equal_nan;  // read only on the floating branch
      if (x == y) return true;
      if constexpr (std::is_floating_point_v<acc_t>) {
        if (x != x || y != y) return equal_nan && x != x && y != y;
        if (std::isinf(x) || std::isinf(y)) return false;
        const double dx = static_cast<double>(x), dy = static_cast<double>(y);
        return std::fabs(dx - dy) <= atol + rtol * std::fabs(dy);
      } else {
        const double dx = static_cast<double>(x), dy = static_cast<double>(y);
        return std::fabs(dx - dy) <= atol + rtol * std::fabs(dy);
      }
    });
  });
  return out;
}

bool allTrue(const Tensor& t) {
  Tensor c = t.contiguous();
  const bool* p = c.data<bool>();
  for (int64_t i = 0; i < c.numel(); ++i)
    if (!p[i]) return false;
  return true;
}

// torch.equal: same shape and same values (dtypes may differ; NaN != NaN).
bool equal(const Tensor& x, const Tensor& y) {
  return IntArrayRef(x.sizes()) == IntArrayRef(y.sizes()) && allTrue(compare<Cmp::Eq>(x, y));
}

// isin: whether each element of `elements` occurs in `test`, compared in
// their promoted dtype (exactly for integers, as doubles otherwise).
Tensor isin(const Tensor& elements, const Tensor& test, bool invert) {
  const ScalarType common = promoteTypes(elements.dtype(), test.dtype());
  JS_CHECK(!isComplexType(common), "isin: complex inputs are not supported");
  const ScalarType work = isIntegralType(common, true) ? ScalarType::Long : ScalarType::Double;
  Tensor e = elements.to(common).to(work).contiguous(), t = test.to(common).to(work).contiguous();
  Tensor out = empty(elements.sizes(), ScalarType::Bool);
  bool* op = out.data<bool>();
  JS_DISPATCH_SWITCH(work, "isin", JS_DISPATCH_CASE(Long, int64_t, [&] {
    std::vector<scalar_t> sorted(t.data<scalar_t>(), t.data<scalar_t>() + t.numel());
    std::sort(sorted.begin(), sorted.end());
    const scalar_t* ep = e.data<scalar_t>();
    for (int64_t i = 0; i < e.numel(); ++i) op[i] = std::binary_search(sorted.begin(), sorted.end(), ep[i]) != invert;
  }) JS_DISPATCH_CASE(Double, double, [&] {
    std::vector<scalar_t> sorted(t.data<scalar_t>(), t.data<scalar_t>() + t.numel());
    std::sort(sorted.begin(), sorted.end());
    const scalar_t* ep = e.data<scalar_t>();
    for (int64_t i = 0; i < e.numel(); ++i) op[i] = std::binary_search(sorted.begin(), sorted.end(), ep[i]) != invert;
  }));
  return out;
}
template <typename Elements, typename Test>
Tensor isinOf(const Elements& elements, const Test& test, bool /*assume_unique*/, bool invert) {
  return isin(operand(elements), operand(test), invert);
}

// A comparison's six overloads: Tensor or Scalar other; functional, in place and out=.
#define CMP_ENTRIES(name, C, doc)                                                                               \
  op<functional<compare<C>, Tensor, Tensor>>("aten::" name ".Tensor(Tensor self, Tensor other) -> Tensor", doc, \
                                             kFusible),                                                         \
      op<functional<compare<C>, Tensor, Scalar>>("aten::" name ".Scalar(Tensor self, Scalar other) -> Tensor",  \
                                                 doc " (Scalar other)", kFusible),                              \
      op<inplace<compare<C>, Tensor>>("aten::" name "_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",    \
                                      "In-place " name "."),                                                    \
      op<inplace<compare<C>, Scalar>>("aten::" name "_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",    \
                                      "In-place " name "."),                                                    \
      op<into<compare<C>, Tensor>>("aten::" name                                                                \
                                   ".Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> "              \
                                   "Tensor(a!)",                                                                \
                                   name " into out."),                                                          \
      op<into<compare<C>, Scalar>>("aten::" name                                                                \
                                   ".Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> "              \
                                   "Tensor(a!)",                                                                \
                                   name " with a Scalar into out."),

#define BIT_ENTRIES(name, B, doc)                                                                               \
  op<functional<bitwise<B>, Tensor, Tensor>>("aten::" name ".Tensor(Tensor self, Tensor other) -> Tensor", doc, \
                                             kFusible),                                                         \
      op<functional<bitwise<B>, Tensor, Scalar>>("aten::" name ".Scalar(Tensor self, Scalar other) -> Tensor",  \
                                                 doc " (Scalar other)", kFusible),

}  // namespace

Tensor eq(const Tensor& a, const Tensor& b) { return compare<Cmp::Eq>(a, b); }
Tensor ne(const Tensor& a, const Tensor& b) { return compare<Cmp::Ne>(a, b); }
Tensor lt(const Tensor& a, const Tensor& b) { return compare<Cmp::Lt>(a, b); }
Tensor gt(const Tensor& a, const Tensor& b) { return compare<Cmp::Gt>(a, b); }
Tensor logical_and(const Tensor& a, const Tensor& b) { return compare<Cmp::LogicalAnd>(a, b); }

const OpTable kComparisonOps = {
    CMP_ENTRIES("eq", Cmp::Eq, "self == other, elementwise.")
    CMP_ENTRIES("ne", Cmp::Ne, "self != other, elementwise.")
    CMP_ENTRIES("lt", Cmp::Lt, "self < other, elementwise.")
    CMP_ENTRIES("le", Cmp::Le, "self <= other, elementwise.")
    CMP_ENTRIES("gt", Cmp::Gt, "self > other, elementwise.")
    CMP_ENTRIES("ge", Cmp::Ge, "self >= other, elementwise.")
    op<functional<compare<Cmp::Gt>, Tensor, Tensor>>("aten::greater.Tensor(Tensor self, Tensor other) -> Tensor",
                                                     "Alias of gt.", kFusible),
    op<functional<compare<Cmp::Ge>, Tensor, Tensor>>("aten::greater_equal.Tensor(Tensor self, Tensor other) -> Tensor",
                                                     "Alias of ge.", kFusible),
    op<functional<compare<Cmp::Lt>, Tensor, Tensor>>("aten::less.Tensor(Tensor self, Tensor other) -> Tensor",
                                                     "Alias of lt.", kFusible),
    op<functional<compare<Cmp::Le>, Tensor, Tensor>>("aten::less_equal.Tensor(Tensor self, Tensor other) -> Tensor",
                                                     "Alias of le.", kFusible),
    op<functional<compare<Cmp::Ne>, Tensor, Tensor>>("aten::not_equal.Tensor(Tensor self, Tensor other) -> Tensor",
                                                     "Alias of ne.", kFusible),
    op<functional<compare<Cmp::LogicalAnd>, Tensor, Tensor>>("aten::logical_and(Tensor self, Tensor other) -> Tensor",
                                                             "(self != 0) and (other != 0).", kFusible),
    op<inplace<compare<Cmp::LogicalAnd>, Tensor>>("aten::logical_and_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                                  "In-place logical_and."),
    op<into<compare<Cmp::LogicalAnd>, Tensor>>(
        "aten::logical_and.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", "logical_and into out."),
    op<functional<compare<Cmp::LogicalOr>, Tensor, Tensor>>("aten::logical_or(Tensor self, Tensor other) -> Tensor",
                                                            "(self != 0) or (other != 0).", kFusible),
    op<inplace<compare<Cmp::LogicalOr>, Tensor>>("aten::logical_or_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                                 "In-place logical_or."),
    op<into<compare<Cmp::LogicalOr>, Tensor>>(
        "aten::logical_or.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", "logical_or into out."),
    op<functional<compare<Cmp::LogicalXor>, Tensor, Tensor>>("aten::logical_xor(Tensor self, Tensor other) -> Tensor",
                                                             "(self != 0) xor (other != 0).", kFusible),
    op<inplace<compare<Cmp::LogicalXor>, Tensor>>("aten::logical_xor_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                                  "In-place logical_xor."),
    op<into<compare<Cmp::LogicalXor>, Tensor>>(
        "aten::logical_xor.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", "logical_xor into out."),
    BIT_ENTRIES("bitwise_and", Bit::And, "Bitwise and (logical for bool).")
    BIT_ENTRIES("bitwise_or", Bit::Or, "Bitwise or (logical for bool).")
    BIT_ENTRIES("bitwise_xor", Bit::Xor, "Bitwise xor (logical for bool).")
    BIT_ENTRIES("__and__", Bit::And, "The & operator.")
    BIT_ENTRIES("__or__", Bit::Or, "The | operator.")
    BIT_ENTRIES("__xor__", Bit::Xor, "The ^ operator.")
    BIT_ENTRIES("__lshift__", Bit::Lshift, "The << operator.")
    BIT_ENTRIES("__rshift__", Bit::Rshift, "The >> operator.")
    op<functional<bitwise<Bit::And>, Scalar, Tensor>>(
        "aten::bitwise_and.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", "Bitwise and of a Scalar and a tensor.",
        kFusible),
    op<functional<bitwise<Bit::Or>, Scalar, Tensor>>(
        "aten::bitwise_or.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", "Bitwise or of a Scalar and a tensor.",
        kFusible),
    op<functional<bitwise<Bit::Xor>, Scalar, Tensor>>(
        "aten::bitwise_xor.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", "Bitwise xor of a Scalar and a tensor.",
        kFusible),
    op<inplace<bitwise<Bit::And>, Tensor>>("aten::bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                           "In-place bitwise_and."),
    op<inplace<bitwise<Bit::Or>, Tensor>>("aten::bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                          "In-place bitwise_or."),
    op<inplace<bitwise<Bit::Xor>, Tensor>>("aten::bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                           "In-place bitwise_xor."),
    op<inplace<bitwise<Bit::And>, Tensor>>("aten::__iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                           "The &= operator."),
    op<inplace<bitwise<Bit::And>, Scalar>>("aten::__iand__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
                                           "The &= operator."),
    op<inplace<bitwise<Bit::Or>, Tensor>>("aten::__ior__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                          "The |= operator."),
    op<inplace<bitwise<Bit::Or>, Scalar>>("aten::__ior__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
                                          "The |= operator."),
    op<inplace<bitwise<Bit::Xor>, Tensor>>("aten::__ixor__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                           "The ^= operator."),
    op<inplace<bitwise<Bit::Xor>, Scalar>>("aten::__ixor__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
                                           "The ^= operator."),
    op<inplace<bitwise<Bit::Lshift>, Tensor>>("aten::__ilshift__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                              "The <<= operator."),
    op<inplace<bitwise<Bit::Lshift>, Scalar>>("aten::__ilshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
                                              "The <<= operator."),
    op<inplace<bitwise<Bit::Rshift>, Tensor>>("aten::__irshift__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                                              "The >>= operator."),
    op<inplace<bitwise<Bit::Rshift>, Scalar>>("aten::__irshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
                                              "The >>= operator."),
    op<functional<bitwise<Bit::Lshift>, Tensor, Tensor>>(
        "aten::bitwise_left_shift.Tensor(Tensor self, Tensor other) -> Tensor", "Left shift.", kFusible),
    op<functional<bitwise<Bit::Lshift>, Tensor, Scalar>>(
        "aten::bitwise_left_shift.Tensor_Scalar(Tensor self, Scalar other) -> Tensor", "Left shift by a Scalar.",
        kFusible),
    op<functional<bitwise<Bit::Rshift>, Tensor, Tensor>>(
        "aten::bitwise_right_shift.Tensor(Tensor self, Tensor other) -> Tensor", "Arithmetic right shift.", kFusible),
    op<functional<bitwise<Bit::Rshift>, Tensor, Scalar>>(
        "aten::bitwise_right_shift.Tensor_Scalar(Tensor self, Scalar other) -> Tensor",
        "Arithmetic right shift by a Scalar.", kFusible),
    op<isclose>("aten::isclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool "
                "equal_nan=False) -> Tensor",
                "|self - other| <= atol + rtol * |other|, elementwise.", kFusible),
    op<[](const Tensor& self, const Tensor& other, double rtol, double atol, bool equal_nan) {
      return allTrue(isclose(self, other, rtol, atol, equal_nan));
    }>("aten::allclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool "
       "equal_nan=False) -> bool",
       "Whether isclose holds everywhere."),
    op<equal>("aten::equal(Tensor self, Tensor other) -> bool", "Same shape and equal values."),
    op<isinOf<Tensor, Tensor>>("aten::isin.Tensor_Tensor(Tensor elements, Tensor test_elements, *, bool "
                               "assume_unique=False, bool invert=False) -> Tensor",
                               "Whether each element occurs in test_elements."),
    op<isinOf<Tensor, Scalar>>("aten::isin.Tensor_Scalar(Tensor elements, Scalar test_element, *, bool "
                               "assume_unique=False, bool invert=False) -> Tensor",
                               "Whether each element equals test_element."),
    op<isinOf<Scalar, Tensor>>("aten::isin.Scalar_Tensor(Scalar element, Tensor test_elements, *, bool "
                               "assume_unique=False, bool invert=False) -> Tensor",
                               "Whether element occurs in test_elements."),
};
#undef CMP_ENTRIES
#undef BIT_ENTRIES

}  // namespace jitserve::ops
