#include "runtime/ops/dim_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <type_traits>
#include <vector>

#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_args.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/vec_math.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

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
  if (kind == Scan::LogSumExp) dt = isFloatingType(self.dtype()) ? self.dtype() : kDefaultDtype;
  else dt = dtype.value_or(isIntegralType(self.dtype(), true) ? ScalarType::Long : self.dtype());
  Rows r = toRows(self, dim, dt);
  Tensor out = empty(r.data.sizes(), dt);
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
std::pair<Tensor, Tensor> cumExtreme(const Tensor& self, int64_t dim) {
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

// Sorted values and indices of each row (stable).
std::pair<Tensor, Tensor> sortRows(const Tensor& self, int64_t dim, bool descending) {
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
      if (descending)
        std::stable_sort(p, p + r.n, [x](int64_t a, int64_t b) { return lessNanLast(x[b], x[a]); });
      else
        std::stable_sort(p, p + r.n, [x](int64_t a, int64_t b) { return lessNanLast(x[a], x[b]); });
      for (int64_t j = 0; j < r.n; ++j) v[i * r.n + j] = x[p[j]];
    });
  });
  return {fromRows(self, r, vals, r.n), fromRows(self, r, idx, r.n)};
}

// topk by selection: one pass per row keeping the best k in a heap, then
// sorting those k. "Better" is the stable sort's order (NaN above every
// number, ties to the lower index), so the result equals sortRows + narrow.
std::pair<Tensor, Tensor> topkSelect(const Tensor& self, int64_t k, int64_t dim, bool largest) {
  Rows r = toRows(self, dim);
  Tensor vals = empty({r.count, k}, self.dtype());
  Tensor idx = empty({r.count, k}, ScalarType::Long);
  JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), "topk", [&] {
    const scalar_t* in = r.data.data<scalar_t>();
    scalar_t* v = vals.data<scalar_t>();
    int64_t* ix = idx.data<int64_t>();
    eachRow(r, [&](int64_t i) {
      const scalar_t* x = in + i * r.n;
      const auto better = [x, largest](int64_t a, int64_t b) {
        if (largest ? lessNanLast(x[b], x[a]) : lessNanLast(x[a], x[b])) return true;
        if (largest ? lessNanLast(x[a], x[b]) : lessNanLast(x[b], x[a])) return false;
        return a < b;
      };
      if (k * 16 > r.n) {
        // k a sizeable part of the row: a selection (nth_element, ~2n
        // comparisons) and a sort of the k beats a heap's ~k log k per
        // replacement (topk 10 of 32: 8.2 us for 32 rows by heap).
        int64_t stackBuf[256];
        std::vector<int64_t> heapBuf;
        int64_t* p = stackBuf;
        if (r.n > 256) {
          heapBuf.resize(static_cast<size_t>(r.n));
          p = heapBuf.data();
        }
        std::iota(p, p + r.n, 0);
        std::nth_element(p, p + (k - 1), p + r.n, better);
        std::sort(p, p + k, better);
        for (int64_t j = 0; j < k; ++j) {
          ix[i * k + j] = p[j];
          v[i * k + j] = x[p[j]];
        }
        return;
      }
      // A heap with the worst kept element on top; later indices only
      // enter when strictly better than it.
      int64_t* heap = ix + i * k;
      for (int64_t j = 0; j < k; ++j) heap[j] = j;
      std::make_heap(heap, heap + k, better);
      // Quick reject against the worst kept value (a NaN fails both
      // comparisons and goes to the full test).
      scalar_t worst = x[heap[0]];
      for (int64_t j = k; j < r.n; ++j) {
        if (largest ? x[j] < worst : x[j] > worst) continue;
        if (!better(j, heap[0])) continue;
        std::pop_heap(heap, heap + k, better);
        heap[k - 1] = j;
        std::push_heap(heap, heap + k, better);
        worst = x[heap[0]];
      }
      std::sort(heap, heap + k, better);
      for (int64_t j = 0; j < k; ++j) v[i * k + j] = x[heap[j]];
    });
  });
  return {fromRows(self, r, vals, k), fromRows(self, r, idx, k)};
}

std::pair<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest) {
  const int64_t n = self.dim() == 0 ? 1 : self.size(dim);
  JS_CHECK(k >= 0 && k <= n, "selected index k out of range");
  // Selection wins while k is a small part of the row; otherwise sort.
  if (self.dim() > 0 && k > 0 && k * 2 <= n) return topkSelect(self, k, dim, largest);
  auto sorted = sortRows(self, dim, largest);
  if (self.dim() == 0) return sorted;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  return {sorted.first.narrow(d, 0, k).contiguous(), sorted.second.narrow(d, 0, k).contiguous()};
}

// Selects position `which(row)` of the sorted row, returning value and
// original index, with the reduced dim removed unless keepdim.
template <typename Which>
std::pair<Tensor, Tensor> selectSorted(const Tensor& self, int64_t dim, bool keepdim, const Which& which,
                                       const char* name) {
  Rows r = toRows(self, dim);
  JS_CHECK(r.n > 0 || self.numel() == 0, name, "(): Expected reduction dim to have non-zero size.");
  JS_CHECK(r.n > 0, name, "(): Expected reduction dim ", r.dim, " to have non-zero size.");
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
      std::vector<double> sorted(static_cast<size_t>(r.n));
      for (int64_t j = 0; j < r.n; ++j) sorted[j] = static_cast<double>(x[p[j]]);
      const int64_t pos = which(sorted);
      v[i] = x[p[pos]];
      ix[i] = p[pos];
    });
  });
  DimVector shape(self.sizes().begin(), self.sizes().end());
  if (self.dim() > 0) {
    if (keepdim) shape[r.dim] = 1;
    else shape.erase(shape.begin() + r.dim);
  }
  return {vals.view(shape), idx.view(shape)};
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
std::pair<Tensor, Tensor> mode(const Tensor& self, int64_t dim, bool keepdim) {
  Rows r = toRows(self, dim);
  Tensor vals = empty({r.count}, self.dtype());
  Tensor idx = empty({r.count}, ScalarType::Long);
  JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), "mode", [&] {
    const scalar_t* in = r.data.data<scalar_t>();
    scalar_t* v = vals.data<scalar_t>();
    int64_t* ix = idx.data<int64_t>();
    eachRow(r, [&](int64_t i) {
      const scalar_t* x = in + i * r.n;
      std::vector<int64_t> p(static_cast<size_t>(r.n));
      std::iota(p.begin(), p.end(), 0);
      std::stable_sort(p.begin(), p.end(), [x](int64_t a, int64_t b) { return lessNanLast(x[a], x[b]); });
      int64_t best_start = 0, best_len = 0;
      for (int64_t j = 0; j < r.n;) {
        int64_t k = j;
        while (k < r.n && static_cast<double>(x[p[k]]) == static_cast<double>(x[p[j]])) ++k;
        if (k == j) k = j + 1;  // NaN run of one
        if (k - j > best_len) {
          best_len = k - j;
          best_start = j;
        }
        j = k;
      }
      int64_t last = p[best_start];
      for (int64_t j = best_start; j < best_start + best_len; ++j) last = std::max(last, p[j]);
      v[i] = x[p[best_start]];
      ix[i] = last;
    });
  });
  DimVector shape(self.sizes().begin(), self.sizes().end());
  if (self.dim() > 0) {
    if (keepdim) shape[r.dim] = 1;
    else shape.erase(shape.begin() + r.dim);
  }
  return {vals.view(shape), idx.view(shape)};
}

// ---- kernels ----

void k_softmax(Stack& s) {
  Args a(s, 3);
  a.ret(softmaxImpl(a.tensor(0), a.toInt(1), a.optScalarType(2), false));
}
void k_log_softmax(Stack& s) {
  Args a(s, 3);
  a.ret(softmaxImpl(a.tensor(0), a.toInt(1), a.optScalarType(2), true));
}
void k__softmax(Stack& s) {
  Args a(s, 3);
  a.ret(softmaxImpl(a.tensor(0), a.toInt(1), a.toBool(2) ? std::optional<ScalarType>(ScalarType::Float) : std::nullopt,
                    false));
}
void k__log_softmax(Stack& s) {
  Args a(s, 3);
  a.ret(softmaxImpl(a.tensor(0), a.toInt(1), a.toBool(2) ? std::optional<ScalarType>(ScalarType::Float) : std::nullopt,
                    true));
}
void k_softmax_out(Stack& s) {
  Args a(s, 4);
  a.ret(softmaxImpl(a.tensor(0), a.toInt(1), a.optScalarType(2), false, a.tensor(3)));
}
void k_log_softmax_out(Stack& s) {
  Args a(s, 4);
  a.ret(softmaxImpl(a.tensor(0), a.toInt(1), a.optScalarType(2), true, a.tensor(3)));
}
template <bool Log>
void k__softmax_out(Stack& s) {
  Args a(s, 4);
  const std::optional<ScalarType> dt = a.toBool(2) ? std::optional<ScalarType>(ScalarType::Float) : std::nullopt;
  a.ret(softmaxImpl(a.tensor(0), a.toInt(1), dt, Log, a.tensor(3)));
}
template <Scan K>
void k_scan(Stack& s) {
  Args a(s, 3);
  a.ret(scan(a.tensor(0), a.toInt(1), a.optScalarType(2), K));
}
template <Scan K>
void k_scan_(Stack& s) {
  Args a(s, 3);
  Tensor self = a.tensor(0);
  self.copy_(scan(self, a.toInt(1), a.optScalarType(2), K));
  a.ret(std::move(self));
}
void k_logcumsumexp(Stack& s) {
  Args a(s, 2);
  a.ret(scan(a.tensor(0), a.toInt(1), std::nullopt, Scan::LogSumExp));
}
template <bool IsMax>
void k_cum_extreme(Stack& s) {
  Args a(s, 2);
  auto r = cumExtreme<IsMax>(a.tensor(0), a.toInt(1));
  a.ret(std::move(r.first), std::move(r.second));
}
void k_sort(Stack& s) {
  Args a(s, 3);
  auto r = sortRows(a.tensor(0), a.toInt(1), a.toBool(2));
  a.ret(std::move(r.first), std::move(r.second));
}
void k_sort_stable(Stack& s) {
  Args a(s, 4);
  auto r = sortRows(a.tensor(0), a.toInt(2), a.toBool(3));
  a.ret(std::move(r.first), std::move(r.second));
}
void k_argsort(Stack& s) {
  Args a(s, 3);
  a.ret(sortRows(a.tensor(0), a.toInt(1), a.toBool(2)).second);
}
void k_argsort_stable(Stack& s) {
  Args a(s, 4);
  a.ret(sortRows(a.tensor(0), a.toInt(2), a.toBool(3)).second);
}
void k_msort(Stack& s) {
  Args a(s, 1);
  a.ret(sortRows(a.tensor(0), 0, false).first);
}
void k_topk(Stack& s) {
  Args a(s, 5);
  auto r = topk(a.tensor(0), a.toInt(1), a.toInt(2), a.toBool(3));
  a.ret(std::move(r.first), std::move(r.second));
}
template <bool IgnoreNan>
void k_median_full(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  if (t.numel() == 0) {
    a.ret(full({}, std::numeric_limits<double>::quiet_NaN(), t.dtype()));
    return;
  }
  auto r = selectSorted(t.reshape({-1}), 0, false,
                        [](const std::vector<double>& v) { return medianPos(v, IgnoreNan); }, "median");
  a.ret(std::move(r.first));
}
template <bool IgnoreNan>
void k_median_dim(Stack& s) {
  Args a(s, 3);
  auto r = selectSorted(a.tensor(0), a.toInt(1), a.toBool(2),
                        [](const std::vector<double>& v) { return medianPos(v, IgnoreNan); }, "median");
  a.ret(std::move(r.first), std::move(r.second));
}
void k_kthvalue(Stack& s) {
  Args a(s, 4);
  const int64_t k = a.toInt(1);
  const Tensor& t = a.tensor(0);
  const int64_t n = t.dim() == 0 ? 1 : t.size(a.toInt(2));
  JS_CHECK(k >= 1 && k <= n, "kthvalue(): selected number k out of range for dimension ", a.toInt(2));
  auto r = selectSorted(t, a.toInt(2), a.toBool(3), [k](const std::vector<double>&) { return k - 1; }, "kthvalue");
  a.ret(std::move(r.first), std::move(r.second));
}
void k_mode(Stack& s) {
  Args a(s, 3);
  auto r = mode(a.tensor(0), a.toInt(1), a.toBool(2));
  a.ret(std::move(r.first), std::move(r.second));
}

const OpEntry kDimOps[] = {
    {"aten::softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", k_softmax,
     "exp(x) / sum(exp(x)) along dim, computed stably."},
    {"aten::log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", k_log_softmax,
     "log(softmax(x)) along dim, computed stably."},
    {"aten::special_softmax(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", k_softmax, "Alias of softmax."},
    {"aten::special_log_softmax(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", k_log_softmax,
     "Alias of log_softmax."},
    {"aten::_softmax(Tensor self, int dim, bool half_to_float) -> Tensor", k__softmax, "softmax kernel."},
    {"aten::_log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor", k__log_softmax, "log_softmax kernel."},
    {"aten::softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)",
     k_softmax_out, "softmax into out."},
    {"aten::log_softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)",
     k_log_softmax_out, "log_softmax into out."},
    {"aten::_softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)",
     k__softmax_out<false>, "_softmax into out."},
    {"aten::_log_softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)",
     k__softmax_out<true>, "_log_softmax into out."},
    {"aten::cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", k_scan<Scan::Sum>,
     "Running sum along dim (integers accumulate in int64)."},
    {"aten::cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)", k_scan_<Scan::Sum>,
     "In-place cumsum."},
    {"aten::cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", k_scan<Scan::Prod>,
     "Running product along dim."},
    {"aten::cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)", k_scan_<Scan::Prod>,
     "In-place cumprod."},
    {"aten::logcumsumexp(Tensor self, int dim) -> Tensor", k_logcumsumexp, "Running logsumexp along dim."},
    {"aten::cummax(Tensor self, int dim) -> (Tensor values, Tensor indices)", k_cum_extreme<true>,
     "Running maximum and its index."},
    {"aten::cummin(Tensor self, int dim) -> (Tensor values, Tensor indices)", k_cum_extreme<false>,
     "Running minimum and its index."},
    {"aten::sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)", k_sort,
     "Sorted values and their original indices (stable; NaN last)."},
    {"aten::sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor "
     "indices)",
     k_sort_stable, "sort (always stable here)."},
    {"aten::argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor", k_argsort,
     "Indices that sort the tensor along dim."},
    {"aten::argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor",
     k_argsort_stable, "argsort (always stable here)."},
    {"aten::msort(Tensor self) -> Tensor", k_msort, "Sorts along dim 0."},
    {"aten::topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor "
     "indices)",
     k_topk, "The k largest (or smallest) values along dim, sorted."},
    {"aten::median(Tensor self) -> Tensor", k_median_full<false>, "Lower median of all elements (NaN propagates)."},
    {"aten::median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
     k_median_dim<false>, "Lower median along dim with its index."},
    {"aten::nanmedian(Tensor self) -> Tensor", k_median_full<true>, "Lower median ignoring NaN."},
    {"aten::nanmedian.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
     k_median_dim<true>, "Lower median along dim ignoring NaN."},
    {"aten::kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)",
     k_kthvalue, "k-th smallest value along dim with its index."},
    {"aten::mode(Tensor self, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)", k_mode,
     "Most frequent value along dim with its index."},
};

}  // namespace

Tensor softmax(const Tensor& self, int64_t dim, bool log) { return softmaxImpl(self, dim, std::nullopt, log); }

void registerDimOps(OperatorRegistry& registry) { registerOpEntries(registry, kDimOps); }

}  // namespace jitserve::ops
