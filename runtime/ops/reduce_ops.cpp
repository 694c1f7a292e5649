// Reductions over dims: sum, mean, prod, nansum, nanmean, amax/amin,
// max/min (with indices), argmax/argmin, aminmax, all/any, var/std (and
// their _mean forms), norms, logsumexp, count_nonzero.
//
// Layout strategy: the input is viewed with the kept dims first and the
// reduced dims last, made contiguous (free when they already are), so every
// output element reduces one contiguous row of length R. Rows are reduced in
// parallel above the grain size. Floating sums accumulate in double with
// several independent accumulators, which is both more accurate than float
// and vectorizable.
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#include <immintrin.h>
#endif

#include "runtime/ops/complex_math.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/unary_ops.h"
#include "runtime/tensor/type_promotion.h"
#include "runtime/ops/vec_math.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/cpu_loops.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

// Input rearranged as [outer, R] rows plus the result shapes.
struct RowLayout {
  Tensor rows;  // contiguous, outer * R elements
  int64_t outer = 1;
  int64_t R = 1;
  DimVector out_shape;   // what the caller sees (keepdim applied)
};

// dims empty (or nullopt) = reduce everything.
RowLayout makeRows(const Tensor& self, const std::optional<std::vector<int64_t>>& dims_opt, bool keepdim,
                   std::optional<ScalarType> dtype = {}) {
  const int64_t nd = self.dim();
  std::vector<bool> reduced(static_cast<size_t>(std::max<int64_t>(nd, 1)), false);
  const bool all = !dims_opt || dims_opt->empty();
  if (!all) {
    for (int64_t d : *dims_opt) {
      const int64_t w = maybe_wrap_dim(d, nd);
      JS_CHECK(!reduced[w], "dim ", w, " appears multiple times in the list of dims");
      reduced[w] = true;
    }
  }
  RowLayout L;
  DimVector perm, kept_sizes;
  for (int64_t d = 0; d < nd; ++d)
    if (!(all || reduced[d])) {
      perm.push_back(d);
      L.outer *= self.size(d);
    }
  for (int64_t d = 0; d < nd; ++d)
    if (all || reduced[d]) {
      perm.push_back(d);
      L.R *= self.size(d);
    }
  for (int64_t d = 0; d < nd; ++d) {
    const bool r = all || reduced[d];
    if (!r) L.out_shape.push_back(self.size(d));
    else if (keepdim) L.out_shape.push_back(1);
  }
  Tensor t = nd > 0 ? self.permute(perm) : self;
  if (dtype && t.dtype() != *dtype) t = t.to(*dtype);
  L.rows = t.contiguous();
  return L;
}

template <typename F>
void forEachRow(const RowLayout& L, const F& f) {
  const int64_t grain = std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, L.R));
  parallel_for(0, L.outer, grain, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) f(i);
  });
}

template <typename T>
double sumRowSerial(const T* p, int64_t n) {
  if constexpr (std::is_same_v<T, float>) {
    if (const vec::FloatKernels* vk = vec::floatKernels()) return vk->sumD(p, n);
  }
  double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (int k = 0; k < 8; ++k) acc[k] += static_cast<double>(p[i + k]);
  double s = 0;
  for (; i < n; ++i) s += static_cast<double>(p[i]);
  return s + ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

// A long row (a full sum or mean of a big tensor, where forEachRow has a
// single row to hand out) is summed in fixed blocks on the pool, then the
// block sums in order: the blocks, not the thread count, decide the
// rounding, so every thread count gives the same result (one thread, or a
// call from inside a parallel region, runs the same blocks inline).
template <typename T>
double sumRow(const T* p, int64_t n) {
  constexpr int64_t kBlock = int64_t(1) << 16;
  if (n < 2 * kBlock) return sumRowSerial(p, n);
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  std::vector<double> part(static_cast<size_t>(blocks));
  parallel_for(0, blocks, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      part[static_cast<size_t>(i)] = sumRowSerial(p + i * kBlock, std::min(kBlock, n - i * kBlock));
  });
  double s = 0;
  for (double v : part) s += v;
  return s;
}

// A complex row's sum in complex<double>, with independent accumulators as
// sumRowSerial's.
template <typename T>
std::complex<double> sumComplexRow(const std::complex<T>* p, int64_t n) {
  double re[4] = {0, 0, 0, 0}, im[4] = {0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 4 <= n; i += 4)
    for (int k = 0; k < 4; ++k) {
      re[k] += static_cast<double>(p[i + k].real());
      im[k] += static_cast<double>(p[i + k].imag());
    }
  double sr = 0, si = 0;
  for (; i < n; ++i) {
    sr += static_cast<double>(p[i].real());
    si += static_cast<double>(p[i].imag());
  }
  return {sr + ((re[0] + re[1]) + (re[2] + re[3])), si + ((im[0] + im[1]) + (im[2] + im[3]))};
}

ScalarType sumDtype(ScalarType in, std::optional<ScalarType> dtype) {
  if (dtype) return *dtype;
  return isIntegralType(in, true) ? ScalarType::Long : in;
}

// ---- sum / prod / mean / nansum / nanmean ----

enum class Acc { Sum, Prod, NanSum };

template <typename T>
T accumulateRow(const T* row, int64_t n, Acc kind) {
  if constexpr (cmath::is_complex_v<T>) {
    if (kind == Acc::Sum) return T(sumComplexRow(row, n));
    std::complex<double> r = 1;
    for (int64_t j = 0; j < n; ++j) r = cmath::mul(r, std::complex<double>(row[j]));
    return T(r);
  } else if constexpr (is_floating_v<T>) {
    if (kind == Acc::Sum) return static_cast<T>(sumRow(row, n));
    double r = kind == Acc::Prod ? 1 : 0;
    for (int64_t j = 0; j < n; ++j) {
      const double v = static_cast<double>(row[j]);
      if (kind == Acc::Prod) r *= v;
      else if (v == v) r += v;
    }
    return static_cast<T>(r);
  } else if constexpr (std::is_same_v<T, bool>) {
    bool r = kind == Acc::Prod;
    for (int64_t j = 0; j < n; ++j) r = kind == Acc::Prod ? (r && row[j]) : (r || row[j]);
    return r;
  } else {
    // Integers wrap around (unsigned arithmetic), as PyTorch's do.
    using U = std::make_unsigned_t<T>;
    U r = kind == Acc::Prod ? 1 : 0;
    for (int64_t j = 0; j < n; ++j)
      r = kind == Acc::Prod ? static_cast<U>(r * static_cast<U>(row[j])) : static_cast<U>(r + static_cast<U>(row[j]));
    return static_cast<T>(r);
  }
}

// Number of leading dims reduced when `dims` is exactly {0, ..., k-1} with
// k < dim() and self is contiguous (sum(x, 0) on [N, C]); 0 otherwise.
int64_t leadingReducedDims(const Tensor& self, const std::optional<std::vector<int64_t>>& dims) {
  const int64_t nd = self.dim();
  if (!dims || dims->empty() || nd < 2 || !self.is_contiguous()) return 0;
  std::vector<bool> seen(static_cast<size_t>(nd), false);
  for (int64_t d : *dims) {
    const int64_t w = maybe_wrap_dim(d, nd);
    if (seen[w]) return 0;  // the general path reports the error
    seen[w] = true;
  }
  const int64_t k = static_cast<int64_t>(dims->size());
  for (int64_t d = 0; d < k; ++d)
    if (!seen[d]) return 0;
  return k < nd ? k : 0;
}

// Sums over the k leading dims of a contiguous tensor, times `scale`: whole
// rows are added into per-column double accumulators (a vectorizable loop
// over contiguous memory), instead of makeRows transposing the input into
// rows first, which is a strided copy of the whole tensor.
template <typename T>
Tensor sumLeading(const Tensor& self, int64_t k, bool keepdim, double scale) {
  DimVector out_shape;
  int64_t R = 1, C = 1;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d < k) {
      R *= self.size(d);
      if (keepdim) out_shape.push_back(1);
    } else {
      C *= self.size(d);
      out_shape.push_back(self.size(d));
    }
  }
  Tensor out = empty(out_shape, self.dtype());
  const T* in = self.data<T>();
  T* o = out.data<T>();
  // Columns per accumulator tile: one tile per thread up to 8192 columns
  // (64 KiB of doubles), so each row is read in long runs the prefetchers
  // follow (512-column tiles read 2 KiB per row across the whole input:
  // ~2x slower at 2048x2048), and at least 512 so small tiles do not
  // multiply.
  const int64_t nthreads = get_num_threads();
  const int64_t kTile = std::clamp<int64_t>((C + nthreads - 1) / nthreads, 512, 8192);
  const int64_t tiles = (C + kTile - 1) / kTile;
  const int64_t grain = std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, R * kTile));
  const vec::FloatKernels* vk = std::is_same_v<T, float> ? vec::floatKernels() : nullptr;
  parallel_for(0, tiles, grain, [&](int64_t tb, int64_t te) {
    std::vector<double> acc_buf(static_cast<size_t>(kTile));
    double* acc = acc_buf.data();
    for (int64_t t = tb; t < te; ++t) {
      const int64_t c0 = t * kTile, n = std::min(kTile, C - c0);
      for (int64_t j = 0; j < n; ++j) acc[j] = 0;
      bool done = false;
      if constexpr (std::is_same_v<T, float>) {
        if (vk) {
          vk->addRowsD(acc, in + c0, n, R, C);
          done = true;
        }
      }
      for (int64_t r = 0; r < R && !done; ++r) {
        const T* row = in + r * C + c0;
        for (int64_t j = 0; j < n; ++j) acc[j] += static_cast<double>(row[j]);
      }
      for (int64_t j = 0; j < n; ++j) o[c0 + j] = static_cast<T>(acc[j] * scale);
    }
  });
  return out;
}

Tensor accumulate(const Tensor& self, const std::optional<std::vector<int64_t>>& dims, bool keepdim,
                  ScalarType out_dtype, Acc kind) {
  if (kind == Acc::Sum && self.dtype() == out_dtype && self.numel() > 0) {
    if (const int64_t k = leadingReducedDims(self, dims)) {
      if (out_dtype == ScalarType::Float) return sumLeading<float>(self, k, keepdim, 1.0);
      if (out_dtype == ScalarType::Double) return sumLeading<double>(self, k, keepdim, 1.0);
    }
  }
  JS_CHECK(kind != Acc::NanSum || !(self.is_complex() || isComplexType(out_dtype)),
           "nansum does not support complex inputs");
  RowLayout L = makeRows(self, dims, keepdim, out_dtype);
  Tensor out = empty(L.out_shape, out_dtype);
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(out_dtype, kind == Acc::Prod ? "prod" : "sum", [&] {
    const scalar_t* in = L.rows.data<scalar_t>();
    scalar_t* o = out.data<scalar_t>();
    forEachRow(L, [&](int64_t i) { o[i] = accumulateRow(in + i * L.R, L.R, kind); });
  });
  return out;
}

ScalarType meanDtype(const Tensor& self, std::optional<ScalarType> dtype) {
  if (dtype) {
    JS_CHECK(isFloatingType(*dtype) || isComplexType(*dtype),
             "mean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. "
             "Got: ",
             scalarTypeName(*dtype));
    return *dtype;
  }
  JS_CHECK(isFloatingType(self.dtype()) || isComplexType(self.dtype()),
           "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: ",
           scalarTypeName(self.dtype()));
  return self.dtype();
}

Tensor mean(const Tensor& self, const std::optional<std::vector<int64_t>>& dims, bool keepdim,
            std::optional<ScalarType> dtype, bool nan_aware) {
  const ScalarType dt = meanDtype(self, dtype);
  JS_CHECK(!nan_aware || !isComplexType(dt), "nanmean(): expected input to have floating point dtype but got ",
           scalarTypeName(self.dtype()));
  if (!nan_aware && self.dtype() == dt && self.numel() > 0) {
    if (const int64_t k = leadingReducedDims(self, dims)) {
      int64_t R = 1;
      for (int64_t d = 0; d < k; ++d) R *= self.size(d);
      const double scale = 1.0 / static_cast<double>(R);
      if (dt == ScalarType::Float) return sumLeading<float>(self, k, keepdim, scale);
      if (dt == ScalarType::Double) return sumLeading<double>(self, k, keepdim, scale);
    }
  }
  RowLayout L = makeRows(self, dims, keepdim, dt);
  Tensor out = empty(L.out_shape, dt);
  if (isComplexType(dt)) {
    JS_DISPATCH_COMPLEX_TYPES(dt, "mean", [&] {
      const scalar_t* in = L.rows.data<scalar_t>();
      scalar_t* o = out.data<scalar_t>();
      forEachRow(L, [&](int64_t i) { o[i] = scalar_t(sumComplexRow(in + i * L.R, L.R) / static_cast<double>(L.R)); });
    });
    return out;
  }
  JS_DISPATCH_FLOATING_TYPES(dt, "mean", [&] {
    const scalar_t* in = L.rows.data<scalar_t>();
    scalar_t* o = out.data<scalar_t>();
    forEachRow(L, [&](int64_t i) {
      const scalar_t* row = in + i * L.R;
      if (!nan_aware) {
        o[i] = static_cast<scalar_t>(sumRow(row, L.R) / static_cast<double>(L.R));
        return;
      }
      double s = 0;
      int64_t n = 0;
      for (int64_t j = 0; j < L.R; ++j) {
        const double v = static_cast<double>(row[j]);
        if (v == v) {
          s += v;
          ++n;
        }
      }
      o[i] = static_cast<scalar_t>(s / static_cast<double>(n));
    });
  });
  return out;
}

// ---- extrema ----

void checkNonEmptyReduction(const Tensor& self, const RowLayout& L, const char* name, bool full) {
  if (L.R > 0) return;
  if (full)
    JS_ERROR(name, "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with "
                   "the 'dim' argument.");
  (void)self;
  JS_ERROR(name, "(): Expected reduction dim to have non-zero size.");
}

// Truth of an element: nonzero (either part, for complex numbers).
template <typename T>
inline bool isNonzero(T v) {
  if constexpr (cmath::is_complex_v<T>) return v != T(0);
  else return static_cast<bool>(v);
}

template <typename T>
inline bool isNanV(T v) {
  if constexpr (is_floating_v<T>) return static_cast<float>(v) != static_cast<float>(v);
  else return false;
}

// Index of the max (IsMax) or min of a row; the first NaN wins, then the
// first extreme value (PyTorch's tie rule).
template <bool IsMax, typename T>
int64_t argExtreme(const T* row, int64_t n) {
  using A = opmath_t<T>;
  int64_t best = 0;
  A bv = static_cast<A>(row[0]);
  if (isNanV(row[0])) return 0;
  for (int64_t j = 1; j < n; ++j) {
    const A v = static_cast<A>(row[j]);
    if (isNanV(row[j])) return j;
    if (IsMax ? v > bv : v < bv) {
      bv = v;
      best = j;
    }
  }
  return best;
}

// The max (IsMax) or min of a non-empty float row, NaN if any element is
// NaN, without argExtreme's index tracking and early exit (amax needs no
// index). Eight independent lanes; a NaN in a lane stays there, since no
// comparison with it is true. GCC does not vectorize this select chain, so
#if defined(__x86_64__)
// The AVX2 form of the float loop below: four 8-float accumulators a pass
// (long rows stream at the cache's read rate rather than the loop's).
// Returns how many leading elements it folded into *r (a multiple of 32),
// or sets *r to NaN when one of them is NaN.
template <bool IsMax>
__attribute__((target("avx2"))) int64_t extremeFloatAvx2(const float* row, int64_t n, float* r) {
  __m256 m0 = _mm256_set1_ps(row[0]), m1 = m0, m2 = m0, m3 = m0, nan = _mm256_setzero_ps();
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const __m256 a = _mm256_loadu_ps(row + i), b = _mm256_loadu_ps(row + i + 8), c = _mm256_loadu_ps(row + i + 16),
                 d = _mm256_loadu_ps(row + i + 24);
    m0 = IsMax ? _mm256_max_ps(m0, a) : _mm256_min_ps(m0, a);
    m1 = IsMax ? _mm256_max_ps(m1, b) : _mm256_min_ps(m1, b);
    m2 = IsMax ? _mm256_max_ps(m2, c) : _mm256_min_ps(m2, c);
    m3 = IsMax ? _mm256_max_ps(m3, d) : _mm256_min_ps(m3, d);
    nan = _mm256_or_ps(nan, _mm256_or_ps(_mm256_cmp_ps(a, b, _CMP_UNORD_Q), _mm256_cmp_ps(c, d, _CMP_UNORD_Q)));
  }
  if (_mm256_movemask_ps(nan) != 0) {
    *r = std::numeric_limits<float>::quiet_NaN();
    return i;
  }
  alignas(32) float lanes[32];
  _mm256_store_ps(lanes, m0);
  _mm256_store_ps(lanes + 8, m1);
  _mm256_store_ps(lanes + 16, m2);
  _mm256_store_ps(lanes + 24, m3);
  float v = *r;
  for (float x : lanes) v = IsMax ? (x > v ? x : v) : (x < v ? x : v);
  *r = v;
  return i;
}
#endif

// float rows take SSE2 max/min (baseline on x86-64; AVX2 where the CPU has
// it) with NaNs tracked apart: maxps drops a NaN operand.
template <bool IsMax, typename T>
T extremeValueRow(const T* row, int64_t n) {
  auto pick = [](T cur, T v) { return (v != v || (IsMax ? v > cur : v < cur)) ? v : cur; };
  int64_t i = 0;
  T r = row[0];
#if defined(__x86_64__)
  if constexpr (std::is_same_v<T, float>) {
    if (n >= 64 && detail::avx2Loops()) {
      i = extremeFloatAvx2<IsMax>(row, n, &r);
      if (r != r) return r;
    }
  }
#endif
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    __m128 m0 = _mm_set1_ps(row[0]), m1 = m0, nan = _mm_setzero_ps();
    for (; i + 8 <= n; i += 8) {
      const __m128 a = _mm_loadu_ps(row + i), b = _mm_loadu_ps(row + i + 4);
      m0 = IsMax ? _mm_max_ps(m0, a) : _mm_min_ps(m0, a);
      m1 = IsMax ? _mm_max_ps(m1, b) : _mm_min_ps(m1, b);
      nan = _mm_or_ps(nan, _mm_cmpunord_ps(a, b));
    }
    if (_mm_movemask_ps(nan) != 0) return std::numeric_limits<float>::quiet_NaN();
    alignas(16) float lanes[8];
    _mm_store_ps(lanes, m0);
    _mm_store_ps(lanes + 4, m1);
    for (float v : lanes) r = pick(r, v);
  }
#endif
  constexpr int64_t kLanes = 8;
  T m[kLanes];
  for (int64_t k = 0; k < kLanes; ++k) m[k] = r;
  for (; i + kLanes <= n; i += kLanes)
    for (int64_t k = 0; k < kLanes; ++k) m[k] = pick(m[k], row[i + k]);
  for (; i < n; ++i) m[0] = pick(m[0], row[i]);
  for (int64_t k = 1; k < kLanes; ++k) m[0] = pick(m[0], m[k]);
  return m[0];
}

// values (and indices when wanted) of max/min over dims.
template <bool IsMax>
std::pair<Tensor, Tensor> extreme(const Tensor& self, const std::optional<std::vector<int64_t>>& dims, bool keepdim,
                                  bool want_indices, const char* name) {
  RowLayout L = makeRows(self, dims, keepdim);
  checkNonEmptyReduction(self, L, name, !dims || dims->empty());
  Tensor values = empty(L.out_shape, self.dtype());
  Tensor indices = want_indices ? empty(L.out_shape, ScalarType::Long) : Tensor();
  JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), name, [&] {
    const scalar_t* in = L.rows.data<scalar_t>();
    scalar_t* v = values.data<scalar_t>();
    int64_t* ix = want_indices ? indices.data<int64_t>() : nullptr;
    forEachRow(L, [&](int64_t i) {
      const scalar_t* row = in + i * L.R;
      if constexpr (std::is_same_v<scalar_t, float> || std::is_same_v<scalar_t, double>) {
        if (!ix) {
          v[i] = extremeValueRow<IsMax>(row, L.R);
          return;
        }
      }
      const int64_t k = argExtreme<IsMax>(row, L.R);
      v[i] = row[k];
      if (ix) ix[i] = k;
    });
  });
  return {values, indices};
}

Tensor argExtremeOp(const Tensor& self, std::optional<int64_t> dim, bool keepdim, bool is_max) {
  const char* name = is_max ? "argmax" : "argmin";
  if (!dim) {
    Tensor flat = self.reshape({-1});
    if (flat.numel() == 0)
      JS_ERROR(name, "(): Expected reduction dim to be specified for input.numel() == 0.");
    auto r = is_max ? extreme<true>(flat, std::vector<int64_t>{0}, false, true, name)
                    : extreme<false>(flat, std::vector<int64_t>{0}, false, true, name);
    if (keepdim) {
      DimVector ones(static_cast<size_t>(self.dim()), 1);
      return r.second.reshape(ones);
    }
    return r.second;
  }
  if (self.dim() > 0)
    JS_CHECK(self.size(*dim) > 0, name, "(): Expected reduction dim ", maybe_wrap_dim(*dim, self.dim()),
             " to have non-zero size.");
  auto r = is_max ? extreme<true>(self, std::vector<int64_t>{*dim}, keepdim, true, name)
                  : extreme<false>(self, std::vector<int64_t>{*dim}, keepdim, true, name);
  return r.second;
}

// ---- all / any ----

Tensor allAny(const Tensor& self, const std::optional<std::vector<int64_t>>& dims, bool keepdim, bool is_all) {
  RowLayout L = makeRows(self, dims, keepdim);
  // uint8 inputs keep uint8 results, as in PyTorch.
  const ScalarType odt = self.dtype() == ScalarType::Byte ? ScalarType::Byte : ScalarType::Bool;
  Tensor out = empty(L.out_shape, odt);
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(self.dtype(), is_all ? "all" : "any", [&] {
    const scalar_t* in = L.rows.data<scalar_t>();
    char* o = static_cast<char*>(out.data_ptr());
    forEachRow(L, [&](int64_t i) {
      const scalar_t* row = in + i * L.R;
      bool r = is_all;
      for (int64_t j = 0; j < L.R; ++j) {
        const bool nz = isNonzero(row[j]);
        if (is_all ? !nz : nz) {
          r = !is_all;
          break;
        }
      }
      o[i] = static_cast<char>(r);
    });
  });
  return out;
}

// ---- var / std ----

// The real (part 0) or imaginary (part 1) halves of a complex tensor, as a
// real view with the same sizes.
Tensor complexPart(const Tensor& z, int part) {
  DimVector strides;
  for (int64_t d = 0; d < z.dim(); ++d) strides.push_back(z.stride(d) * 2);
  return Tensor::fromStorage(z.storage(), toRealValueType(z.dtype()), z.sizes(), strides,
                             z.storage_offset() * 2 + part);
}

std::pair<Tensor, Tensor> varMean(const Tensor& self, const std::optional<std::vector<int64_t>>& dims, double correction,
                                  bool keepdim, bool take_sqrt, const char* name);

// A complex variance is real: the mean of |z - mean|^2, which is the sum of
// the variances of the parts; the mean is complex.
std::pair<Tensor, Tensor> complexVarMean(const Tensor& self, const std::optional<std::vector<int64_t>>& dims,
                                         double correction, bool keepdim, bool take_sqrt, const char* name) {
  JS_CHECK(self.dtype() != ScalarType::ComplexHalf, name, ": ComplexHalf is not supported");
  // Named tensors, not structured bindings: clang 15 (the fuzz build)
  // cannot capture those in the lambda below.
  const std::pair<Tensor, Tensor> re = varMean(complexPart(self, 0), dims, correction, keepdim, false, name);
  const std::pair<Tensor, Tensor> im = varMean(complexPart(self, 1), dims, correction, keepdim, false, name);
  const Tensor& var_re = re.first;
  const Tensor& mean_re = re.second;
  const Tensor& var_im = im.first;
  const Tensor& mean_im = im.second;
  Tensor var = empty(var_re.sizes(), var_re.dtype());
  Tensor mean = empty(mean_re.sizes(), self.dtype());
  JS_DISPATCH_FLOAT_AND_DOUBLE(var.dtype(), name, [&] {
    const scalar_t* vr = var_re.data<scalar_t>();
    const scalar_t* vi = var_im.data<scalar_t>();
    const scalar_t* mr = mean_re.data<scalar_t>();
    const scalar_t* mi = mean_im.data<scalar_t>();
    scalar_t* v = var.data<scalar_t>();
    auto* m = mean.data<std::complex<scalar_t>>();
    for (int64_t i = 0, n = var.numel(); i < n; ++i) {
      v[i] = take_sqrt ? std::sqrt(vr[i] + vi[i]) : vr[i] + vi[i];
      m[i] = {mr[i], mi[i]};
    }
  });
  return {var, mean};
}

// (var or std, mean) with the given correction (1 = unbiased).
std::pair<Tensor, Tensor> varMean(const Tensor& self, const std::optional<std::vector<int64_t>>& dims, double correction,
                                  bool keepdim, bool take_sqrt, const char* name) {
  JS_CHECK(isFloatingType(self.dtype()) || isComplexType(self.dtype()), name,
           ": only support floating point and complex dtypes");
  if (self.is_complex()) return complexVarMean(self, dims, correction, keepdim, take_sqrt, name);
  RowLayout L = makeRows(self, dims, keepdim);
  Tensor var = empty(L.out_shape, self.dtype());
  Tensor mu = empty(L.out_shape, self.dtype());
  JS_DISPATCH_FLOATING_TYPES(self.dtype(), name, [&] {
    const scalar_t* in = L.rows.data<scalar_t>();
    scalar_t* v = var.data<scalar_t>();
    scalar_t* m = mu.data<scalar_t>();
    forEachRow(L, [&](int64_t i) {
      const scalar_t* row = in + i * L.R;
      const double n = static_cast<double>(L.R);
      const double mean = sumRow(row, L.R) / n;
      double ss = 0;
      for (int64_t j = 0; j < L.R; ++j) {
        const double d = static_cast<double>(row[j]) - mean;
        ss += d * d;
      }
      double r = ss / std::max(0.0, n - correction);
      if (take_sqrt) r = std::sqrt(r);
      v[i] = static_cast<scalar_t>(r);
      m[i] = static_cast<scalar_t>(mean);
    });
  });
  return {var, mu};
}

// ---- norms ----

Tensor vectorNorm(const Tensor& self, double p, const std::optional<std::vector<int64_t>>& dims, bool keepdim,
                  std::optional<ScalarType> dtype) {
  if (self.is_complex()) {
    // The norm of the magnitudes, in the real dtype of `dtype` (which must
    // be complex too).
    if (dtype) {
      JS_CHECK(isComplexType(*dtype), "linalg.vector_norm: dtype should be complex for complex inputs, but got ",
               scalarTypeName(*dtype));
    }
    const Tensor z = dtype ? self.to(*dtype) : self;
    return vectorNorm(abs(z), p, dims, keepdim, std::nullopt);
  }
  const ScalarType dt = dtype ? *dtype : (isFloatingType(self.dtype()) ? self.dtype() : ScalarType::Undefined);
  JS_CHECK(dt != ScalarType::Undefined && isFloatingType(dt),
           "linalg.vector_norm: Expected a floating point or complex tensor as input. Got ",
           scalarTypeName(self.dtype()));
  RowLayout L = makeRows(self, dims, keepdim, dt);
  JS_CHECK(L.R > 0 || (p >= 0 && !std::isinf(p)), "linalg.vector_norm cannot compute the ", p,
           " norm on an empty tensor because the operation does not have an identity");
  Tensor out = empty(L.out_shape, dt);
  JS_DISPATCH_FLOATING_TYPES(dt, "norm", [&] {
    const scalar_t* in = L.rows.data<scalar_t>();
    scalar_t* o = out.data<scalar_t>();
    forEachRow(L, [&](int64_t i) {
      const scalar_t* row = in + i * L.R;
      double r = 0;
      if (p == 2) {
        for (int64_t j = 0; j < L.R; ++j) {
          const double x = static_cast<double>(row[j]);
          r += x * x;
        }
        r = std::sqrt(r);
      } else if (p == 1) {
        for (int64_t j = 0; j < L.R; ++j) r += std::fabs(static_cast<double>(row[j]));
      } else if (std::isinf(p)) {
        r = p > 0 ? 0 : std::numeric_limits<double>::infinity();
        for (int64_t j = 0; j < L.R; ++j) {
          const double x = std::fabs(static_cast<double>(row[j]));
          if (x != x) {
            r = x;
            break;
          }
          r = p > 0 ? std::max(r, x) : std::min(r, x);
        }
      } else if (p == 0) {
        for (int64_t j = 0; j < L.R; ++j) r += static_cast<double>(row[j]) != 0 ? 1 : 0;
      } else {
        for (int64_t j = 0; j < L.R; ++j) r += std::pow(std::fabs(static_cast<double>(row[j])), p);
        r = std::pow(r, 1 / p);
      }
      o[i] = static_cast<scalar_t>(r);
    });
  });
  return out;
}

double normOrder(const std::optional<Scalar>& p) { return p ? p->toDouble() : 2.0; }

Tensor logsumexp(const Tensor& self, std::vector<int64_t> dims, bool keepdim) {
  JS_CHECK(!self.is_complex(), "logsumexp(): Expected floating point type for result tensor, but got: ",
           scalarTypeName(self.dtype()));
  const ScalarType dt = isFloatingType(self.dtype()) ? self.dtype() : kDefaultDtype;
  RowLayout L = makeRows(self, dims, keepdim, dt);
  Tensor out = empty(L.out_shape, dt);
  JS_DISPATCH_FLOATING_TYPES(dt, "logsumexp", [&] {
    const scalar_t* in = L.rows.data<scalar_t>();
    scalar_t* o = out.data<scalar_t>();
    forEachRow(L, [&](int64_t i) {
      const scalar_t* row = in + i * L.R;
      double m = -std::numeric_limits<double>::infinity();
      for (int64_t j = 0; j < L.R; ++j) m = std::max(m, static_cast<double>(row[j]));
      if (std::isinf(m)) {
        // All -inf (or an +inf): the shift would produce NaN.
        o[i] = static_cast<scalar_t>(L.R == 0 ? -std::numeric_limits<double>::infinity() : m);
        return;
      }
      double s = 0;
      for (int64_t j = 0; j < L.R; ++j) s += std::exp(static_cast<double>(row[j]) - m);
      o[i] = static_cast<scalar_t>(m + std::log(s));
    });
  });
  return out;
}

Tensor countNonzero(const Tensor& self, const std::optional<std::vector<int64_t>>& dims) {
  RowLayout L = makeRows(self, dims, false);
  Tensor out = empty(L.out_shape, ScalarType::Long);
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(self.dtype(), "count_nonzero", [&] {
    const scalar_t* in = L.rows.data<scalar_t>();
    int64_t* o = out.data<int64_t>();
    forEachRow(L, [&](int64_t i) {
      const scalar_t* row = in + i * L.R;
      int64_t c = 0;
      for (int64_t j = 0; j < L.R; ++j) c += isNonzero(row[j]) ? 1 : 0;
      o[i] = c;
    });
  });
  return out;
}

using OptDims = std::optional<std::vector<int64_t>>;

// ---- kernels ----

// sum / prod of all elements, and sum / nansum over dims, accumulating in
// `dtype` (integers and bool: int64).
template <Acc K>
Tensor accumulateAll(const Tensor& self, std::optional<ScalarType> dtype) {
  return accumulate(self, std::nullopt, false, sumDtype(self.dtype(), dtype), K);
}
template <Acc K>
Tensor accumulateDims(const Tensor& self, OptDims dim, bool keepdim, std::optional<ScalarType> dtype) {
  return accumulate(self, dim, keepdim, sumDtype(self.dtype(), dtype), K);
}
Tensor prodDim(const Tensor& self, int64_t dim, bool keepdim, std::optional<ScalarType> dtype) {
  return accumulateDims<Acc::Prod>(self, std::vector<int64_t>{dim}, keepdim, dtype);
}
// sum.IntList_out accumulates in the dtype argument (out must have it) or,
// without one, in out's dtype: a float tensor summed into a Long out is
// truncated element by element first, as in PyTorch. The reduced result is
// computed, then copied into out (it is the size of the output, not the input).
Tensor sumDimOut(const Tensor& self, OptDims dim, bool keepdim, std::optional<ScalarType> dtype, Tensor out) {
  if (dtype) checkStructuredOutDtype(out, *dtype);
  copyToOut(out, accumulate(self, dim, keepdim, dtype.value_or(out.dtype()), Acc::Sum));
  return out;
}
Tensor meanAll(const Tensor& self, std::optional<ScalarType> dtype) {
  return mean(self, std::nullopt, false, dtype, false);
}
template <bool NanAware>
Tensor meanDims(const Tensor& self, OptDims dim, bool keepdim, std::optional<ScalarType> dtype) {
  return mean(self, dim, keepdim, dtype, NanAware);
}
// mean.out: the result dtype (the dtype argument, or self's, which must be
// floating) must cast safely to out's; the mean is then taken in out's dtype.
Tensor meanDimOut(const Tensor& self, OptDims dim, bool keepdim, std::optional<ScalarType> dtype, Tensor out) {
  const ScalarType rt = meanDtype(self, dtype);
  if (dtype) checkStructuredOutDtype(out, rt);
  JS_CHECK(canCast(rt, out.dtype()), "result type ", scalarTypeName(rt), " can't be cast to the desired output type ",
           scalarTypeName(out.dtype()));
  copyToOut(out, mean(self, dim, keepdim, out.dtype(), false));
  return out;
}
template <bool IsMax>
Tensor amaxDims(const Tensor& self, std::vector<int64_t> dim, bool keepdim) {
  return extreme<IsMax>(self, dim, keepdim, false, IsMax ? "amax" : "amin").first;
}
template <bool IsMax>
Tensor maxAll(const Tensor& self) {
  return extreme<IsMax>(self, std::nullopt, false, false, IsMax ? "max" : "min").first;
}
template <bool IsMax>
std::tuple<Tensor, Tensor> maxDim(const Tensor& self, int64_t dim, bool keepdim) {
  if (self.dim() > 0)
    JS_CHECK(self.size(dim) > 0, IsMax ? "max" : "min", "(): Expected reduction dim ", maybe_wrap_dim(dim, self.dim()),
             " to have non-zero size.");
  auto r = extreme<IsMax>(self, std::vector<int64_t>{dim}, keepdim, true, IsMax ? "max" : "min");
  return {std::move(r.first), std::move(r.second)};
}
template <bool IsMax>
Tensor argmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return argExtremeOp(self, dim, keepdim, IsMax);
}
OptDims oneDim(std::optional<int64_t> dim) { return dim ? OptDims(std::vector<int64_t>{*dim}) : std::nullopt; }
std::tuple<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  const OptDims dims = oneDim(dim);
  auto mn = extreme<false>(self, dims, keepdim, false, "aminmax");
  auto mx = extreme<true>(self, dims, keepdim, false, "aminmax");
  // PyTorch's kernel reduces a 0-d input along a dim as if it had one
  // element of size 1: with keepdim the results have shape [1].
  if (self.dim() == 0 && dim && keepdim) return {mn.first.reshape({1}), mx.first.reshape({1})};
  return {std::move(mn.first), std::move(mx.first)};
}
template <bool IsAll>
Tensor allAll(const Tensor& self) {
  return allAny(self, std::nullopt, false, IsAll);
}
template <bool IsAll>
Tensor allDim(const Tensor& self, int64_t dim, bool keepdim) {
  return allAny(self, std::vector<int64_t>{dim}, keepdim, IsAll);
}

// var / std (Sqrt), alone or with the mean (WithMean), over dims with a
// correction (1 = unbiased).
template <bool Sqrt, bool WithMean>
auto varOp(const Tensor& self, const OptDims& dims, double correction, bool keepdim) {
  auto r = varMean(self, dims, correction, keepdim, Sqrt, Sqrt ? "std" : "var");
  if constexpr (WithMean) return std::tuple<Tensor, Tensor>(std::move(r.first), std::move(r.second));
  else return std::move(r.first);
}
template <bool Sqrt, bool WithMean>
auto varAll(const Tensor& self, bool unbiased) {
  return varOp<Sqrt, WithMean>(self, std::nullopt, unbiased ? 1 : 0, false);
}
template <bool Sqrt, bool WithMean>
auto varDims(const Tensor& self, OptDims dim, bool unbiased, bool keepdim) {
  return varOp<Sqrt, WithMean>(self, dim, unbiased ? 1 : 0, keepdim);
}
template <bool Sqrt, bool WithMean>
auto varCorrection(const Tensor& self, OptDims dim, std::optional<int64_t> correction, bool keepdim) {
  return varOp<Sqrt, WithMean>(self, dim, static_cast<double>(correction.value_or(1)), keepdim);
}

Tensor normScalar(const Tensor& self, const Scalar& p) {
  return vectorNorm(self, p.toDouble(), std::nullopt, false, std::nullopt);
}
Tensor normDims(const Tensor& self, std::optional<Scalar> p, std::vector<int64_t> dim, bool keepdim) {
  return vectorNorm(self, normOrder(p), dim, keepdim, std::nullopt);
}
Tensor normDimsDtype(const Tensor& self, std::optional<Scalar> p, std::vector<int64_t> dim, bool keepdim,
                     ScalarType dtype) {
  return vectorNorm(self, normOrder(p), dim, keepdim, dtype);
}
Tensor normDtype(const Tensor& self, std::optional<Scalar> p, ScalarType dtype) {
  return vectorNorm(self, normOrder(p), std::nullopt, false, dtype);
}
Tensor frobeniusNorm(const Tensor& self) { return vectorNorm(self, 2, std::nullopt, false, std::nullopt); }
Tensor frobeniusNormDims(const Tensor& self, std::vector<int64_t> dim, bool keepdim) {
  return vectorNorm(self, 2, dim, keepdim, std::nullopt);
}
Tensor linalgVectorNorm(const Tensor& self, const Scalar& ord, OptDims dim, bool keepdim,
                        std::optional<ScalarType> dtype) {
  return vectorNorm(self, ord.toDouble(), dim, keepdim, dtype);
}
Tensor countNonzeroDim(const Tensor& self, std::optional<int64_t> dim) { return countNonzero(self, oneDim(dim)); }
Tensor countNonzeroDims(const Tensor& self, std::vector<int64_t> dim) { return countNonzero(self, dim); }
// Sums self down to `size` (the inverse of broadcasting it).
Tensor sumToSize(const Tensor& t, std::vector<int64_t> size) {
  JS_CHECK(is_expandable_to(size, t.sizes()), "size {", shapeToString(size).substr(1, shapeToString(size).size() - 2),
           "} is not expandable to size {", shapeToString(t.sizes()).substr(1, shapeToString(t.sizes()).size() - 2),
           "}.");
  const int64_t lead = t.dim() - static_cast<int64_t>(size.size());
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (d < lead || (size[d - lead] == 1 && t.size(d) != 1)) dims.push_back(d);
  Tensor r = dims.empty() ? t : accumulate(t, dims, true, t.dtype(), Acc::Sum);
  return r.view(size);
}

}  // namespace

Tensor sum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  return accumulate(self, dims, keepdim, sumDtype(self.dtype(), std::nullopt), Acc::Sum);
}
Tensor amax(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  return extreme<true>(self, dims, keepdim, false, "amax").first;
}
Tensor vector_norm(const Tensor& self, double p, const std::optional<std::vector<int64_t>>& dims, bool keepdim,
                   std::optional<ScalarType> dtype) {
  return vectorNorm(self, p, dims, keepdim, dtype);
}

const OpTable kReduceOps = {
    op<accumulateAll<Acc::Sum>>("aten::sum(Tensor self, *, ScalarType? dtype=None) -> Tensor",
                                "Sum of all elements (integers and bool sum to int64)."),
    // sum.out (all elements) sums in the functional op's dtype, then converts.
    op<outFrom<accumulateAll<Acc::Sum>>>("aten::sum.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                                         "Tensor(a!)",
                                         "Sum of all elements into out."),
    op<sumDimOut>("aten::sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
                  "Tensor(a!) out) -> Tensor(a!)",
                  "sum over dims into out."),
    op<accumulateDims<Acc::Sum>>("aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? "
                                 "dtype=None) -> Tensor",
                                 "Sum over dims."),
    op<accumulateDims<Acc::NanSum>>("aten::nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? "
                                    "dtype=None) -> Tensor",
                                    "Sum treating NaN as zero."),
    op<accumulateAll<Acc::Prod>>("aten::prod(Tensor self, *, ScalarType? dtype=None) -> Tensor",
                                 "Product of all elements."),
    op<prodDim>("aten::prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
                "Product over a dim."),
    op<meanAll>("aten::mean(Tensor self, *, ScalarType? dtype=None) -> Tensor", "Mean of all elements."),
    op<meanDimOut>("aten::mean.out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) "
                   "out) -> Tensor(a!)",
                   "mean over dims into out."),
    op<meanDims<false>>("aten::mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> "
                        "Tensor",
                        "Mean over dims."),
    op<meanDims<true>>("aten::nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> "
                       "Tensor",
                       "Mean ignoring NaN."),
    op<amaxDims<true>>("aten::amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor", "Maximum over dims."),
    op<amaxDims<false>>("aten::amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor", "Minimum over dims."),
    op<maxAll<true>>("aten::max(Tensor self) -> Tensor", "Maximum of all elements (NaN propagates)."),
    op<maxAll<false>>("aten::min(Tensor self) -> Tensor", "Minimum of all elements (NaN propagates)."),
    op<maxDim<true>>("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
                     "Maximum over a dim with its first index."),
    op<maxDim<false>>("aten::min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
                      "Minimum over a dim with its first index."),
    op<argmax<true>>("aten::argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor",
                     "Index of the maximum (flattened when dim is None)."),
    op<argmax<false>>("aten::argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor",
                      "Index of the minimum (flattened when dim is None)."),
    op<aminmax>("aten::aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> (Tensor min, Tensor max)",
                "Minimum and maximum together."),
    op<allAll<true>>("aten::all(Tensor self) -> Tensor", "Whether every element is nonzero."),
    op<allDim<true>>("aten::all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor", "all over a dim."),
    op<allAll<false>>("aten::any(Tensor self) -> Tensor", "Whether some element is nonzero."),
    op<allDim<false>>("aten::any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor", "any over a dim."),
    op<varAll<false, false>>("aten::var(Tensor self, bool unbiased=True) -> Tensor", "Variance of all elements."),
    op<varDims<false, false>>("aten::var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> "
                              "Tensor",
                              "Variance over dims."),
    op<varCorrection<false, false>>("aten::var.correction(Tensor self, int[1]? dim, *, int? correction, bool "
                                    "keepdim=False) -> Tensor",
                                    "Variance with a degrees-of-freedom correction."),
    op<varAll<true, false>>("aten::std(Tensor self, bool unbiased=True) -> Tensor",
                            "Standard deviation of all elements."),
    op<varDims<true, false>>("aten::std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> "
                             "Tensor",
                             "Standard deviation over dims."),
    op<varCorrection<true, false>>("aten::std.correction(Tensor self, int[1]? dim, *, int? correction, bool "
                                   "keepdim=False) -> Tensor",
                                   "Standard deviation with a correction."),
    op<varAll<false, true>>("aten::var_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)",
                            "Variance and mean of all elements."),
    op<varDims<false, true>>("aten::var_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> "
                             "(Tensor, Tensor)",
                             "Variance and mean over dims."),
    op<varCorrection<false, true>>("aten::var_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool "
                                   "keepdim=False) -> (Tensor, Tensor)",
                                   "Variance and mean with a correction."),
    op<varAll<true, true>>("aten::std_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)",
                           "Standard deviation and mean of all elements."),
    op<varDims<true, true>>("aten::std_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> "
                            "(Tensor, Tensor)",
                            "Standard deviation and mean over dims."),
    op<varCorrection<true, true>>("aten::std_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool "
                                  "keepdim=False) -> (Tensor, Tensor)",
                                  "Standard deviation and mean with a correction."),
    op<normScalar>("aten::norm.Scalar(Tensor self, Scalar p=2) -> Tensor", "p-norm of all elements."),
    op<normDims>("aten::norm.ScalarOpt_dim(Tensor self, Scalar? p, int[1] dim, bool keepdim=False) -> Tensor",
                 "p-norm over dims."),
    op<normDimsDtype>("aten::norm.ScalarOpt_dim_dtype(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType "
                      "dtype) -> Tensor",
                      "p-norm over dims in dtype."),
    op<normDtype>("aten::norm.ScalarOpt_dtype(Tensor self, Scalar? p, *, ScalarType dtype) -> Tensor",
                  "p-norm of all elements in dtype."),
    op<frobeniusNorm>("aten::frobenius_norm(Tensor self) -> Tensor", "sqrt of the sum of squares."),
    op<frobeniusNormDims>("aten::frobenius_norm.dim(Tensor self, int[1] dim, bool keepdim=False) -> Tensor",
                          "Frobenius norm over dims."),
    op<linalgVectorNorm>("aten::linalg_vector_norm(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, "
                         "ScalarType? dtype=None) -> Tensor",
                         "Vector ord-norm over dims (all when None)."),
    op<logsumexp>("aten::logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor",
                  "log(sum(exp(x))) over dims, computed stably."),
    op<logsumexp>("aten::special_logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor",
                  "Alias of logsumexp."),
    op<countNonzeroDim>("aten::count_nonzero(Tensor self, int? dim=None) -> Tensor", "Number of nonzero elements."),
    op<countNonzeroDims>("aten::count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor",
                         "Number of nonzero elements over dims."),
    op<sumToSize>("aten::sum_to_size(Tensor self, int[] size) -> Tensor", "Sums broadcast dims away to reach `size`."),
};

}  // namespace jitserve::ops
