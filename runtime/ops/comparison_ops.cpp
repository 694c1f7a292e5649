// Comparisons (eq, ne, lt, le, gt, ge -> Bool), logical and/or/xor,
// bitwise and/or/xor and shifts (with the Python operator names __and__,
// __lshift__, ...), and the closeness tests isclose/allclose/equal.
//
// Comparisons compute in the promoted dtype of both operands and write Bool
// (or cast into self for the in-place forms, as PyTorch allows).
#include "runtime/ops/comparison_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_args.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge, LogicalAnd, LogicalOr, LogicalXor };

template <Cmp C>
Tensor compare(const Tensor& a, const Tensor& b, Tensor out = {}) {
  TensorIterator it = binaryIter(out, a, b, Promotion::Compare, "comparison");
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

template <Cmp C>
void k_cmp_tt(Stack& s) {
  Args a(s, 2);
  a.ret(compare<C>(a.tensor(0), a.tensor(1)));
}
template <Cmp C>
void k_cmp_ts(Stack& s) {
  Args a(s, 2);
  a.ret(compare<C>(a.tensor(0), wrapScalar(a.scalar(1))));
}
// out= forms: the Bool result converted to out's dtype, whatever it is.
template <Cmp C>
void k_cmp_tt_out(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  compare<C>(a.tensor(0), a.tensor(1), out);
  a.ret(std::move(out));
}
template <Cmp C>
void k_cmp_ts_out(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  compare<C>(a.tensor(0), wrapScalar(a.scalar(1)), out);
  a.ret(std::move(out));
}
template <Cmp C>
void k_cmp_tt_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  compare<C>(self, a.tensor(1), self);
  a.ret(std::move(self));
}
template <Cmp C>
void k_cmp_ts_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  compare<C>(self, wrapScalar(a.scalar(1)), self);
  a.ret(std::move(self));
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

template <Bit B>
void k_bit_tt(Stack& s) {
  Args a(s, 2);
  a.ret(bitwise<B>(a.tensor(0), a.tensor(1)));
}
template <Bit B>
void k_bit_ts(Stack& s) {
  Args a(s, 2);
  a.ret(bitwise<B>(a.tensor(0), wrapScalar(a.scalar(1))));
}
template <Bit B>
void k_bit_st(Stack& s) {
  Args a(s, 2);
  a.ret(bitwise<B>(wrapScalar(a.scalar(0)), a.tensor(1)));
}
template <Bit B>
void k_bit_tt_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  bitwise<B>(self, a.tensor(1), self);
  a.ret(std::move(self));
}
template <Bit B>
void k_bit_ts_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  bitwise<B>(self, wrapScalar(a.scalar(1)), self);
  a.ret(std::move(self));
}

// ---- closeness ----

Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  JS_CHECK(a.dtype() == b.dtype(), scalarTypeName(a.dtype()), " did not match ", scalarTypeName(b.dtype()));
  JS_CHECK(rtol >= 0, "rtol must be greater than or equal to zero, but got ", rtol);
  JS_CHECK(atol >= 0, "atol must be greater than or equal to zero, but got ", atol);
  Tensor out;
  TensorIterator it = binaryIter(out, a, b, Promotion::Compare, "isclose");
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

void k_isclose(Stack& s) {
  Args a(s, 5);
  a.ret(isclose(a.tensor(0), a.tensor(1), a.toDouble(2), a.toDouble(3), a.toBool(4)));
}
void k_allclose(Stack& s) {
  Args a(s, 5);
  a.ret(allTrue(isclose(a.tensor(0), a.tensor(1), a.toDouble(2), a.toDouble(3), a.toBool(4))));
}
// torch.equal: same shape and same values (dtypes may differ; NaN != NaN).
void k_equal(Stack& s) {
  Args a(s, 2);
  const Tensor &x = a.tensor(0), &y = a.tensor(1);
  bool eq = IntArrayRef(x.sizes()) == IntArrayRef(y.sizes()) && allTrue(compare<Cmp::Eq>(x, y));
  a.ret(eq);
}

#define CMP_ENTRIES(op, C, doc)                                                                              \
  {"aten::" op ".Tensor(Tensor self, Tensor other) -> Tensor", k_cmp_tt<C>, doc},                              \
      {"aten::" op ".Scalar(Tensor self, Scalar other) -> Tensor", k_cmp_ts<C>, doc " (Scalar other)"},        \
      {"aten::" op "_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_cmp_tt_<C>, "In-place " op "."}, \
      {"aten::" op "_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", k_cmp_ts_<C>, "In-place " op "."}, \
      {"aten::" op ".Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", k_cmp_tt_out<C>,  \
       op " into out."},                                                                                       \
      {"aten::" op ".Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)", k_cmp_ts_out<C>,  \
       op " with a Scalar into out."},

#define BIT_ENTRIES(op, B, doc)                                                                               \
  {"aten::" op ".Tensor(Tensor self, Tensor other) -> Tensor", k_bit_tt<B>, doc},                               \
      {"aten::" op ".Scalar(Tensor self, Scalar other) -> Tensor", k_bit_ts<B>, doc " (Scalar other)"},

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
void k_isin_tt(Stack& s) {
  Args a(s, 4);
  a.ret(isin(a.tensor(0), a.tensor(1), a.toBool(3)));
}
void k_isin_ts(Stack& s) {
  Args a(s, 4);
  a.ret(isin(a.tensor(0), wrapScalar(a.scalar(1)), a.toBool(3)));
}
void k_isin_st(Stack& s) {
  Args a(s, 4);
  a.ret(isin(wrapScalar(a.scalar(0)), a.tensor(1), a.toBool(3)));
}

const OpEntry kComparisonOps[] = {
    CMP_ENTRIES("eq", Cmp::Eq, "self == other, elementwise.")
    CMP_ENTRIES("ne", Cmp::Ne, "self != other, elementwise.")
    CMP_ENTRIES("lt", Cmp::Lt, "self < other, elementwise.")
    CMP_ENTRIES("le", Cmp::Le, "self <= other, elementwise.")
    CMP_ENTRIES("gt", Cmp::Gt, "self > other, elementwise.")
    CMP_ENTRIES("ge", Cmp::Ge, "self >= other, elementwise.")
    {"aten::greater.Tensor(Tensor self, Tensor other) -> Tensor", k_cmp_tt<Cmp::Gt>, "Alias of gt."},
    {"aten::greater_equal.Tensor(Tensor self, Tensor other) -> Tensor", k_cmp_tt<Cmp::Ge>, "Alias of ge."},
    {"aten::less.Tensor(Tensor self, Tensor other) -> Tensor", k_cmp_tt<Cmp::Lt>, "Alias of lt."},
    {"aten::less_equal.Tensor(Tensor self, Tensor other) -> Tensor", k_cmp_tt<Cmp::Le>, "Alias of le."},
    {"aten::not_equal.Tensor(Tensor self, Tensor other) -> Tensor", k_cmp_tt<Cmp::Ne>, "Alias of ne."},
    {"aten::logical_and(Tensor self, Tensor other) -> Tensor", k_cmp_tt<Cmp::LogicalAnd>,
     "(self != 0) and (other != 0)."},
    {"aten::logical_and_(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_cmp_tt_<Cmp::LogicalAnd>,
     "In-place logical_and."},
    {"aten::logical_and.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", k_cmp_tt_out<Cmp::LogicalAnd>,
     "logical_and into out."},
    {"aten::logical_or(Tensor self, Tensor other) -> Tensor", k_cmp_tt<Cmp::LogicalOr>,
     "(self != 0) or (other != 0)."},
    {"aten::logical_or_(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_cmp_tt_<Cmp::LogicalOr>,
     "In-place logical_or."},
    {"aten::logical_or.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", k_cmp_tt_out<Cmp::LogicalOr>,
     "logical_or into out."},
    {"aten::logical_xor(Tensor self, Tensor other) -> Tensor", k_cmp_tt<Cmp::LogicalXor>,
     "(self != 0) xor (other != 0)."},
    {"aten::logical_xor_(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_cmp_tt_<Cmp::LogicalXor>,
     "In-place logical_xor."},
    {"aten::logical_xor.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", k_cmp_tt_out<Cmp::LogicalXor>,
     "logical_xor into out."},
    BIT_ENTRIES("bitwise_and", Bit::And, "Bitwise and (logical for bool).")
    BIT_ENTRIES("bitwise_or", Bit::Or, "Bitwise or (logical for bool).")
    BIT_ENTRIES("bitwise_xor", Bit::Xor, "Bitwise xor (logical for bool).")
    BIT_ENTRIES("__and__", Bit::And, "The & operator.")
    BIT_ENTRIES("__or__", Bit::Or, "The | operator.")
    BIT_ENTRIES("__xor__", Bit::Xor, "The ^ operator.")
    BIT_ENTRIES("__lshift__", Bit::Lshift, "The << operator.")
    BIT_ENTRIES("__rshift__", Bit::Rshift, "The >> operator.")
    {"aten::bitwise_and.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", k_bit_st<Bit::And>,
     "Bitwise and of a Scalar and a tensor."},
    {"aten::bitwise_or.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", k_bit_st<Bit::Or>,
     "Bitwise or of a Scalar and a tensor."},
    {"aten::bitwise_xor.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", k_bit_st<Bit::Xor>,
     "Bitwise xor of a Scalar and a tensor."},
    {"aten::bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_bit_tt_<Bit::And>,
     "In-place bitwise_and."},
    {"aten::bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_bit_tt_<Bit::Or>,
     "In-place bitwise_or."},
    {"aten::bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_bit_tt_<Bit::Xor>,
     "In-place bitwise_xor."},
    {"aten::__iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_bit_tt_<Bit::And>, "The &= operator."},
    {"aten::__iand__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", k_bit_ts_<Bit::And>, "The &= operator."},
    {"aten::__ior__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_bit_tt_<Bit::Or>, "The |= operator."},
    {"aten::__ior__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", k_bit_ts_<Bit::Or>, "The |= operator."},
    {"aten::__ixor__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_bit_tt_<Bit::Xor>, "The ^= operator."},
    {"aten::__ixor__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", k_bit_ts_<Bit::Xor>, "The ^= operator."},
    {"aten::__ilshift__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_bit_tt_<Bit::Lshift>,
     "The <<= operator."},
    {"aten::__ilshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", k_bit_ts_<Bit::Lshift>,
     "The <<= operator."},
    {"aten::__irshift__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_bit_tt_<Bit::Rshift>,
     "The >>= operator."},
    {"aten::__irshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", k_bit_ts_<Bit::Rshift>,
     "The >>= operator."},
    {"aten::bitwise_left_shift.Tensor(Tensor self, Tensor other) -> Tensor", k_bit_tt<Bit::Lshift>, "Left shift."},
    {"aten::bitwise_left_shift.Tensor_Scalar(Tensor self, Scalar other) -> Tensor", k_bit_ts<Bit::Lshift>,
     "Left shift by a Scalar."},
    {"aten::bitwise_right_shift.Tensor(Tensor self, Tensor other) -> Tensor", k_bit_tt<Bit::Rshift>,
     "Arithmetic right shift."},
    {"aten::bitwise_right_shift.Tensor_Scalar(Tensor self, Scalar other) -> Tensor", k_bit_ts<Bit::Rshift>,
     "Arithmetic right shift by a Scalar."},
    {"aten::isclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool "
     "equal_nan=False) -> Tensor",
     k_isclose, "|self - other| <= atol + rtol * |other|, elementwise."},
    {"aten::allclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool "
     "equal_nan=False) -> bool",
     k_allclose, "Whether isclose holds everywhere."},
    {"aten::equal(Tensor self, Tensor other) -> bool", k_equal, "Same shape and equal values."},
    {"aten::isin.Tensor_Tensor(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool "
     "invert=False) -> Tensor",
     k_isin_tt, "Whether each element occurs in test_elements."},
    {"aten::isin.Tensor_Scalar(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool "
     "invert=False) -> Tensor",
     k_isin_ts, "Whether each element equals test_element."},
    {"aten::isin.Scalar_Tensor(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool "
     "invert=False) -> Tensor",
     k_isin_st, "Whether element occurs in test_elements."},
};

#undef CMP_ENTRIES
#undef BIT_ENTRIES

}  // namespace

Tensor eq(const Tensor& a, const Tensor& b) { return compare<Cmp::Eq>(a, b); }
Tensor ne(const Tensor& a, const Tensor& b) { return compare<Cmp::Ne>(a, b); }
Tensor lt(const Tensor& a, const Tensor& b) { return compare<Cmp::Lt>(a, b); }
Tensor gt(const Tensor& a, const Tensor& b) { return compare<Cmp::Gt>(a, b); }
Tensor logical_and(const Tensor& a, const Tensor& b) { return compare<Cmp::LogicalAnd>(a, b); }

void registerComparisonOps(OperatorRegistry& registry) { registerOpEntries(registry, kComparisonOps); }

}  // namespace jitserve::ops
