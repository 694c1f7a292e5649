#include "runtime/ops/dim_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>
#include <type_traits>
#include <vector>

#include "runtime/ops/complex_math.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/vec_math.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

// Values and indices (cummax, sort, topk, median, ...).
using TensorPair = std::tuple<Tensor, Tensor>;

// self with `dim` moved last, contiguous, as rows of length n.
struct Rows {
  Tensor data;
  int64_t dim = 0;  // wrapped
  int64_t n = 1;
  int64_t count = 0;
};

Rows toRows(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = {}) {
  Rows r;
  if (self.dim() == 0) {
    maybe_wrap_dim(dim, 0);
    r.data = (dtype ? self.to(*dtype) : self).reshape({1, 1}).contiguous();
    r.count = 1;
    return r;
  }
  r.dim = maybe_wrap_dim(dim, self.dim());
  Tensor t = self.movedim(r.dim, -1);
  if (dtype && t.dtype() != *dtype) t = t.to(*dtype);
  r.data = t.contiguous();
  r.n = self.size(r.dim);
  r.count = r.n == 0 ? 0 : self.numel() / r.n;
  return r;
}

// The result rows (shape of `self` with dim last, length m per row) moved
// back to self's dim order, contiguous.
Tensor fromRows(const Tensor& self, const Rows& r, const Tensor& rows_out, int64_t m) {
  if (self.dim() == 0) return rows_out.reshape({});
  DimVector shape(self.sizes().begin(), self.sizes().end());
  shape.erase(shape.begin() + r.dim);
  shape.push_back(m);
  return rows_out.view(shape).movedim(-1, r.dim).contiguous();
}

template <typename F>
void eachRow(const Rows& r, const F& f) {
  const int64_t grain = std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, r.n));
  parallel_for(0, r.count, grain, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) f(i);
  });
}

// ---- softmax ----

// With `dest` (the out= forms; it must have the result dtype): dest is
// resized to self's shape and the rows are written straight into it when it
// is contiguous and dim is the last one; otherwise computed, then copied.
Tensor softmaxImpl(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype, bool log, Tensor dest = {}) {
  const ScalarType dt = dtype.value_or(self.dtype());
  JS_CHECK(isFloatingType(dt), log ? "\"log_softmax_lastdim_kernel_impl\"" : "\"softmax_lastdim_kernel_impl\"",
           " not implemented for '", scalarTypeName(dt), "'");
  if (dest.defined()) {
    checkStructuredOutDtype(dest, dt);
    resizeOut(dest, self.sizes());
  }
  Rows r = toRows(self, dim, dt);
  const bool direct = dest.defined() && dest.is_contiguous() && (self.dim() == 0 || r.dim == self.dim() - 1);
  Tensor out = direct ? dest : empty(r.data.sizes(), dt);
  JS_DISPATCH_FLOATING_TYPES(dt, "softmax", [&] {
    using acc_t = opmath_t<scalar_t>;
    const scalar_t* in = r.data.data<scalar_t>();
    scalar_t* o = out.data<scalar_t>();
    const vec::FloatKernels* vk = std::is_same_v<scalar_t, float> ? vec::floatKernels() : nullptr;
    eachRow(r, [&](int64_t i) {
      const scalar_t* x = in + i * r.n;
      scalar_t* y = o + i * r.n;
      if (vk) {  // float only: the same steps on SIMD, exp once per element
        const float* xf = reinterpret_cast<const float*>(x);
        float* yf = reinterpret_cast<float*>(y);
        float m = vk->max(xf, r.n);
        if (std::isnan(m)) m = 0;
        const float s = vk->expSubSum(xf, log ? nullptr : yf, r.n, m);
        if (log) vk->subSub(xf, yf, r.n, m, std::log(s));
        else vk->scale(yf, r.n, 1.0f / s);
        return;
      }
      acc_t m = -std::numeric_limits<acc_t>::infinity();
      for (int64_t j = 0; j < r.n; ++j) m = std::max(m, static_cast<acc_t>(x[j]));
      if (std::isnan(static_cast<double>(m))) m = 0;
      acc_t s = 0;
      for (int64_t j = 0; j < r.n; ++j) s += std::exp(static_cast<acc_t>(x[j]) - m);
      if (log) {
        const acc_t ls = std::log(s);
        for (int64_t j = 0; j < r.n; ++j) y[j] = static_cast<scalar_t>(static_cast<acc_t>(x[j]) - m - ls);
      } else {
        const acc_t inv = acc_t(1) / s;
        for (int64_t j = 0; j < r.n; ++j) y[j] = static_cast<scalar_t>(std::exp(static_cast<acc_t>(x[j]) - m) * inv);
      }
    });
  });
  if (direct) return dest;
  Tensor result = fromRows(self, r, out, r.n);
  if (!dest.defined()) return result;
  dest.copy_(result);
  return dest;
}

// ---- scans ----

enum class Scan { Sum, Prod, LogSumExp };

Tensor scan(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype, Scan kind) {
  ScalarType dt;
  if (kind == Scan::LogSumExp) {
    JS_CHECK(!self.is_complex(), "logcumsumexp: complex tensors are not supported");
    dt = isFloatingType(self.dtype()) ? self.dtype() : kDefaultDtype;
  }
  else dt = dtype.value_or(isIntegralType(self.dtype(), true) ? ScalarType::Long : self.dtype());
  Rows r = toRows(self, dim, dt);
  Tensor out = empty(r.data.sizes(), dt);
  if (isComplexType(dt)) {
    // Complex sums and products run in complex<double>, as real ones in double.
    JS_DISPATCH_COMPLEX_TYPES(dt, kind == Scan::Prod ? "cumprod" : "cumsum", [&] {
      const scalar_t* in = r.data.data<scalar_t>();
      scalar_t* o = out.data<scalar_t>();
      eachRow(r, [&](int64_t i) {
        const scalar_t* x = in + i * r.n;
        scalar_t* y = o + i * r.n;
        std::complex<double> acc = kind == Scan::Prod ? 1.0 : 0.0;
        for (int64_t j = 0; j < r.n; ++j) {
          const std::complex<double> v(x[j]);
          acc = kind == Scan::Prod ? cmath::mul(acc, v) : acc + v;
          y[j] = scalar_t(acc);
        }
      });
    });
    return fromRows(self, r, out, r.n);
  }
  JS_DISPATCH_ALL_TYPES(dt, kind == Scan::Prod ? "cumprod" : "cumsum", [&] {
    using acc_t = std::conditional_t<is_floating_v<scalar_t>, double, scalar_t>;
    const scalar_t* in = r.data.data<scalar_t>();
    scalar_t* o = out.data<scalar_t>();
    eachRow(r, [&](int64_t i) {
      const scalar_t* x = in + i * r.n;
      scalar_t* y = o + i * r.n;
      if (kind == Scan::LogSumExp) {
        double acc = -std::numeric_limits<double>::infinity();
        for (int64_t j = 0; j < r.n; ++j) {
          const double v = static_cast<double>(x[j]);
          const double mx = std::max(acc, v), mn = std::min(acc, v);
          acc = std::isinf(mx) && mx == mn ? mx : mx + std::log1p(std::exp(mn - mx));
          y[j] = static_cast<scalar_t>(acc);
        }
        return;
      }
      acc_t acc = kind == Scan::Prod ? acc_t(1) : acc_t(0);
      for (int64_t j = 0; j < r.n; ++j) {
        acc = kind == Scan::Prod ? static_cast<acc_t>(acc * static_cast<acc_t>(x[j]))
                                 : static_cast<acc_t>(acc + static_cast<acc_t>(x[j]));
        y[j] = static_cast<scalar_t>(acc);
      }
    });
  });
  return fromRows(self, r, out, r.n);
}

template <bool IsMax>
TensorPair cumExtreme(const Tensor& self, int64_t dim) {
  Rows r = toRows(self, dim);
  Tensor vals = empty(r.data.sizes(), self.dtype());
  Tensor idx = empty(r.data.sizes(), ScalarType::Long);
  JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), IsMax ? "cummax" : "cummin", [&] {
    const scalar_t* in = r.data.data<scalar_t>();
    scalar_t* v = vals.data<scalar_t>();
    int64_t* ix = idx.data<int64_t>();
    eachRow(r, [&](int64_t i) {
      const scalar_t* x = in + i * r.n;
      int64_t best = 0;
      for (int64_t j = 0; j < r.n; ++j) {
        const double cur = static_cast<double>(x[j]), b = static_cast<double>(x[best]);
        // Ties move the index forward (PyTorch's >=); NaN sticks once seen.
        if (b != b) {
        } else if (cur != cur || (IsMax ? cur >= b : cur <= b)) {
          best = j;
        }
        v[i * r.n + j] = x[best];
        ix[i * r.n + j] = best;
      }
    });
  });
  return {fromRows(self, r, vals, r.n), fromRows(self, r, idx, r.n)};
}

// ---- order statistics ----

// Comparison placing NaN above every number (PyTorch sorts NaN last
// ascending, first descending).
template <typename T>
inline bool lessNanLast(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return a < b;
  } else if constexpr (std::is_floating_point_v<T>) {
    // In T itself: converting every operand to double made topk's
    // comparisons the bulk of a small row's time.
    if (b != b) return a == a;
    return a < b;
  } else {
    const double x = static_cast<double>(a), y = static_cast<double>(b);
    if (y != y) return x == x;
    return x < y;
  }
}

// Sorted values and indices of each row. stable: ties keep their order.
// Otherwise ties come out as PyTorch's CPU sort leaves them: it runs
// std::sort over (value, index) pairs comparing values only, and so does
// this, over indices (the same comparisons move them the same way). Which
// of equal scores comes first decides a detection model's boxes.
TensorPair sortRows(const Tensor& self, int64_t dim, bool descending, bool stable = false) {
  Rows r = toRows(self, dim);
  Tensor vals = empty(r.data.sizes(), self.dtype());
  Tensor idx = empty(r.data.sizes(), ScalarType::Long);
  JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), "sort", [&] {
    const scalar_t* in = r.data.data<scalar_t>();
    scalar_t* v = vals.data<scalar_t>();
    int64_t* ix = idx.data<int64_t>();
    eachRow(r, [&](int64_t i) {
      const scalar_t* x = in + i * r.n;
      int64_t* p = ix + i * r.n;
      std::iota(p, p + r.n, 0);
      const auto desc = [x](int64_t a, int64_t b) { return lessNanLast(x[b], x[a]); };
      const auto asc = [x](int64_t a, int64_t b) { return lessNanLast(x[a], x[b]); };
      if (stable)
        descending ? std::stable_sort(p, p + r.n, desc) : std::stable_sort(p, p + r.n, asc);
      else
        descending ? std::sort(p, p + r.n, desc) : std::sort(p, p + r.n, asc);
      for (int64_t j = 0; j < r.n; ++j) v[i * r.n + j] = x[p[j]];
    });
  });
  return {fromRows(self, r, vals, r.n), fromRows(self, r, idx, r.n)};
}

// topk as PyTorch's CPU kernel selects, so that ties come out in its order:
// std::partial_sort when k is a small part of the row (k * 64 <= n),
// otherwise std::nth_element then, when sorted, std::sort of the first
// k - 1 (the k-th is in place after the selection). Values are compared
// alone (NaN above every number), over indices as sortRows does.
TensorPair topk(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted) {
  const int64_t n = self.dim() == 0 ? 1 : self.size(dim);
  JS_CHECK(k >= 0 && k <= n, "selected index k out of range");
  // A 0-dim input gives itself and index 0, for k = 0 too (PyTorch's).
  if (self.dim() == 0) return {self.clone(), scalar_tensor(Scalar(int64_t{0}), ScalarType::Long)};
  Rows r = toRows(self, dim);
  Tensor vals = empty({r.count, k}, self.dtype());
  Tensor idx = empty({r.count, k}, ScalarType::Long);
  if (k > 0) {
    JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), "topk", [&] {
      const scalar_t* in = r.data.data<scalar_t>();
      scalar_t* v = vals.data<scalar_t>();
      int64_t* ix = idx.data<int64_t>();
      eachRow(r, [&](int64_t i) {
        const scalar_t* x = in + i * r.n;
        const auto better = [x, largest](int64_t a, int64_t b) {
          return largest ? lessNanLast(x[b], x[a]) : lessNanLast(x[a], x[b]);
        };
        int64_t stackBuf[256];
        std::vector<int64_t> heapBuf;
        int64_t* p = stackBuf;
        if (r.n > 256) {
          heapBuf.resize(static_cast<size_t>(r.n));
          p = heapBuf.data();
        }
        std::iota(p, p + r.n, 0);
        if (k * 64 <= r.n) {
          std::partial_sort(p, p + k, p + r.n, better);
        } else {
          std::nth_element(p, p + (k - 1), p + r.n, better);
          if (sorted) std::sort(p, p + (k - 1), better);
        }
        for (int64_t j = 0; j < k; ++j) {
          ix[i * k + j] = p[j];
          v[i * k + j] = x[p[j]];
        }
      });
    });
  }
  return {fromRows(self, r, vals, k), fromRows(self, r, idx, k)};
}

// One value and index per row, picked from the row's stable ascending order
// p (NaN last): pick(x, p) gives the position in p of the value and the
// index returned with it. The reduced dim is removed unless keepdim.
template <typename Pick>
TensorPair pickFromSorted(const Tensor& self, const Rows& r, bool keepdim, const char* name, const Pick& pick) {
  Tensor vals = empty({r.count}, self.dtype());
  Tensor idx = empty({r.count}, ScalarType::Long);
  JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), name, [&] {
    const scalar_t* in = r.data.data<scalar_t>();
    scalar_t* v = vals.data<scalar_t>();
    int64_t* ix = idx.data<int64_t>();
    eachRow(r, [&](int64_t i) {
      const scalar_t* x = in + i * r.n;
      std::vector<int64_t> p(static_cast<size_t>(r.n));
      std::iota(p.begin(), p.end(), 0);
      std::stable_sort(p.begin(), p.end(), [x](int64_t a, int64_t b) { return lessNanLast(x[a], x[b]); });
      const auto [pos, index] = pick(x, p);
      v[i] = x[p[pos]];
      ix[i] = index;
    });
  });
  DimVector shape(self.sizes().begin(), self.sizes().end());
  if (self.dim() > 0) {
    if (keepdim) shape[r.dim] = 1;
    else shape.erase(shape.begin() + r.dim);
  }
  return {vals.view(shape), idx.view(shape)};
}

// Selects position `which(sorted row)` of the sorted row, returning value
// and original index, with the reduced dim removed unless keepdim.
template <typename Which>
TensorPair selectSorted(const Tensor& self, int64_t dim, bool keepdim, const Which& which, const char* name) {
  Rows r = toRows(self, dim);
  JS_CHECK(r.n > 0 || self.numel() == 0, name, "(): Expected reduction dim to have non-zero size.");
  JS_CHECK(r.n > 0, name, "(): Expected reduction dim ", r.dim, " to have non-zero size.");
  return pickFromSorted(self, r, keepdim, name, [&which](const auto* x, const std::vector<int64_t>& p) {
    std::vector<double> sorted(p.size());
    for (size_t j = 0; j < p.size(); ++j) sorted[j] = static_cast<double>(x[p[j]]);
    const int64_t pos = which(sorted);
    return std::pair<int64_t, int64_t>(pos, p[pos]);
  });
}

// Lower median; with NaN present: NaN (median) or ignored (nanmedian).
int64_t medianPos(const std::vector<double>& s, bool ignore_nan) {
  int64_t n = static_cast<int64_t>(s.size());
  int64_t valid = n;
  while (valid > 0 && s[valid - 1] != s[valid - 1]) --valid;
  if (!ignore_nan && valid < n) return valid;  // first NaN
  if (valid == 0) return 0;
  return (valid - 1) / 2;
}

// Most frequent value (smallest among ties) and its last index.
TensorPair mode(const Tensor& self, int64_t dim, bool keepdim) {
  Rows r = toRows(self, dim);
  return pickFromSorted(self, r, keepdim, "mode", [n = r.n](const auto* x, const std::vector<int64_t>& p) {
    int64_t best_start = 0, best_len = 0;
    for (int64_t j = 0; j < n;) {
      int64_t k = j;
      while (k < n && static_cast<double>(x[p[k]]) == static_cast<double>(x[p[j]])) ++k;
      if (k == j) k = j + 1;  // NaN run of one
      if (k - j > best_len) {
        best_len = k - j;
        best_start = j;
      }
      j = k;
    }
    int64_t last = p[best_start];
    for (int64_t j = best_start; j < best_start + best_len; ++j) last = std::max(last, p[j]);
    return std::pair<int64_t, int64_t>(best_start, last);
  });
}

// ---- kernels: typed, one parameter per schema argument ----

// softmax's result dtype: a ScalarType? argument, or _softmax's
// half_to_float (Float when set).
std::optional<ScalarType> softmaxDtype(std::optional<ScalarType> dtype) { return dtype; }
std::optional<ScalarType> softmaxDtype(bool half_to_float) {
  return half_to_float ? std::optional<ScalarType>(ScalarType::Float) : std::nullopt;
}
template <bool Log, typename Dtype>
Tensor softmaxOp(const Tensor& self, int64_t dim, Dtype dtype) {
  return softmaxImpl(self, dim, softmaxDtype(dtype), Log);
}
template <bool Log, typename Dtype>
Tensor softmaxOut(const Tensor& self, int64_t dim, Dtype dtype, Tensor out) {
  return softmaxImpl(self, dim, softmaxDtype(dtype), Log, std::move(out));
}
using OptDtype = std::optional<ScalarType>;

template <Scan K>
Tensor scanOp(const Tensor& self, int64_t dim, OptDtype dtype) {
  return scan(self, dim, dtype, K);
}
// cumsum_ / cumprod_: the result is converted into self whatever its dtype
// (copy_, not the in-place promotion check).
template <Scan K>
Tensor scanInplace(Tensor self, int64_t dim, OptDtype dtype) {
  self.copy_(scan(self, dim, dtype, K));
  return self;
}
template <bool IgnoreNan>
int64_t medianOf(const std::vector<double>& sorted) {
  return medianPos(sorted, IgnoreNan);
}
template <bool IgnoreNan>
Tensor medianAll(const Tensor& self) {
  if (self.numel() == 0) return full({}, std::numeric_limits<double>::quiet_NaN(), self.dtype());
  return std::get<0>(selectSorted(self.reshape({-1}), 0, false, medianOf<IgnoreNan>, "median"));
}
template <bool IgnoreNan>
TensorPair medianDim(const Tensor& self, int64_t dim, bool keepdim) {
  return selectSorted(self, dim, keepdim, medianOf<IgnoreNan>, "median");
}
TensorPair kthvalue(const Tensor& self, int64_t k, int64_t dim, bool keepdim) {
  const int64_t n = self.dim() == 0 ? 1 : self.size(dim);
  JS_CHECK(k >= 1 && k <= n, "kthvalue(): selected number k out of range for dimension ", dim);
  return selectSorted(self, dim, keepdim, [k](const std::vector<double>&) { return k - 1; }, "kthvalue");
}

}  // namespace

Tensor softmax(const Tensor& self, int64_t dim, bool log) { return softmaxImpl(self, dim, std::nullopt, log); }

const OpTable kDimOps = {
    op<softmaxOp<false, OptDtype>>("aten::softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
                                   "exp(x) / sum(exp(x)) along dim, computed stably."),
    op<softmaxOp<true, OptDtype>>("aten::log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
                                  "log(softmax(x)) along dim, computed stably."),
    op<softmaxOp<false, OptDtype>>("aten::special_softmax(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
                                   "Alias of softmax."),
    op<softmaxOp<true, OptDtype>>(
        "aten::special_log_softmax(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor",
        "Alias of log_softmax."),
    op<softmaxOp<false, bool>>("aten::_softmax(Tensor self, int dim, bool half_to_float) -> Tensor",
                               "softmax kernel."),
    op<softmaxOp<true, bool>>("aten::_log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor",
                              "log_softmax kernel."),
    op<softmaxOut<false, OptDtype>>(
        "aten::softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)",
        "softmax into out."),
    op<softmaxOut<true, OptDtype>>(
        "aten::log_softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)",
        "log_softmax into out."),
    op<softmaxOut<false, bool>>(
        "aten::_softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)",
        "_softmax into out."),
    op<softmaxOut<true, bool>>(
        "aten::_log_softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)",
        "_log_softmax into out."),
    op<scanOp<Scan::Sum>>("aten::cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor",
                          "Running sum along dim (integers accumulate in int64)."),
    op<scanInplace<Scan::Sum>>("aten::cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)",
                               "In-place cumsum."),
    op<scanOp<Scan::Prod>>("aten::cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor",
                           "Running product along dim."),
    op<scanInplace<Scan::Prod>>("aten::cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)",
                                "In-place cumprod."),
    op<[](const Tensor& self, int64_t dim) { return scan(self, dim, std::nullopt, Scan::LogSumExp); }>(
        "aten::logcumsumexp(Tensor self, int dim) -> Tensor", "Running logsumexp along dim."),
    op<cumExtreme<true>>("aten::cummax(Tensor self, int dim) -> (Tensor values, Tensor indices)",
                         "Running maximum and its index."),
    op<cumExtreme<false>>("aten::cummin(Tensor self, int dim) -> (Tensor values, Tensor indices)",
                          "Running minimum and its index."),
    op<[](const Tensor& self, int64_t dim, bool descending) { return sortRows(self, dim, descending); }>(
        "aten::sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)",
        "Sorted values and their original indices (NaN last; ties as PyTorch's CPU sort leaves them)."),
    op<[](const Tensor& self, std::optional<bool> stable, int64_t dim, bool descending) {
      JS_CHECK(stable.has_value(), "sort(): stable must be True or False, got None");  // PyTorch asserts so too
      return sortRows(self, dim, descending, *stable);
    }>("aten::sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor "
       "indices)",
       "sort; stable keeps ties in order."),
    op<[](const Tensor& self, int64_t dim, bool descending) { return std::get<1>(sortRows(self, dim, descending)); }>(
        "aten::argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor",
        "Indices that sort the tensor along dim."),
    op<[](const Tensor& self, bool stable, int64_t dim, bool descending) {
      return std::get<1>(sortRows(self, dim, descending, stable));
    }>("aten::argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor",
       "argsort; stable keeps ties in order."),
    op<[](const Tensor& self) { return std::get<0>(sortRows(self, 0, false)); }>("aten::msort(Tensor self) -> Tensor",
                                                                                "Sorts along dim 0."),
    op<[](const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted) {
      return topk(self, k, dim, largest, sorted);
    }>("aten::topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor "
       "indices)",
       "The k largest (or smallest) values along dim (ties as PyTorch's CPU kernel picks them)."),
    op<medianAll<false>>("aten::median(Tensor self) -> Tensor", "Lower median of all elements (NaN propagates)."),
    op<medianDim<false>>(
        "aten::median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
        "Lower median along dim with its index."),
    op<medianAll<true>>("aten::nanmedian(Tensor self) -> Tensor", "Lower median ignoring NaN."),
    op<medianDim<true>>(
        "aten::nanmedian.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
        "Lower median along dim ignoring NaN."),
    op<kthvalue>(
        "aten::kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)",
        "k-th smallest value along dim with its index."),
    op<mode>("aten::mode(Tensor self, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)",
             "Most frequent value along dim with its index."),
};

}  // namespace jitserve::ops
