#include "runtime/ops/fft_plan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "runtime/support/error.h"

namespace jitserve::ops {
namespace {

std::vector<int64_t> primeFactors(int64_t n) {
  std::vector<int64_t> f;
  for (int64_t p : {4, 2, 3, 5}) {  // radix 4 first: fewer, cheaper levels
    while (n % p == 0) {
      f.push_back(p);
      n /= p;
    }
  }
  for (int64_t p = 7; p * p <= n; p += 2) {
    while (n % p == 0) {
      f.push_back(p);
      n /= p;
    }
  }
  if (n > 1) f.push_back(n);
  return f;
}

// exp(-2*pi*i*num/den) with num reduced first, so large indices keep full
// precision.
std::complex<double> unitRoot(int64_t num, int64_t den) {
  const double angle = -2.0 * std::numbers::pi * static_cast<double>(num % den) / static_cast<double>(den);
  return {std::cos(angle), std::sin(angle)};
}

}  // namespace

FftPlan::FftPlan(int64_t n) : n_(n) {
  JS_CHECK(n >= 1, "FFT length must be positive, got ", n);
  factors_ = primeFactors(n);
  if (factors_.empty()) factors_.push_back(1);
  if (factors_.back() > kMaxDirectRadix) {
    // Bluestein: x[j] * chirp[j] convolved with conj(chirp), then * chirp[k].
    factors_.clear();
    int64_t m = 1;
    while (m < 2 * n - 1) m *= 2;
    conv_ = std::make_unique<FftPlan>(m);
    chirp_.resize(static_cast<size_t>(n));
    for (int64_t j = 0; j < n; ++j) {
      // j^2 mod 2n keeps the angle exact for large j.
      const int64_t sq = static_cast<int64_t>((static_cast<unsigned __int128>(j) * j) % (2 * n));
      const double angle = -std::numbers::pi * static_cast<double>(sq) / static_cast<double>(n);
      chirp_[static_cast<size_t>(j)] = {std::cos(angle), std::sin(angle)};
    }
    filter_.assign(static_cast<size_t>(m), C(0, 0));
    filter_[0] = std::conj(chirp_[0]);
    for (int64_t j = 1; j < n; ++j) {
      filter_[static_cast<size_t>(j)] = std::conj(chirp_[static_cast<size_t>(j)]);
      filter_[static_cast<size_t>(m - j)] = std::conj(chirp_[static_cast<size_t>(j)]);
    }
    conv_->execute(filter_.data(), /*inverse=*/false);
    return;
  }
  twiddle_.resize(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) twiddle_[static_cast<size_t>(j)] = unitRoot(j, n);
}

FftPlan::~FftPlan() = default;

void FftPlan::execute(C* data, bool inverse) const {
  if (n_ == 1) return;
  if (conv_) {
    bluestein(data, inverse);
    return;
  }
  std::vector<C> out(static_cast<size_t>(n_));
  mixedRadix(data, 1, out.data(), n_, 0, inverse);
  std::copy(out.begin(), out.end(), data);
}

// Decimation in time: the n inputs in[0], in[stride], ... split into p
// interleaved subsequences of length m = n / p, each transformed into
// out[r*m, (r+1)*m); then one radix-p butterfly per k combines them:
//   X[k + q*m] = sum_r W_n^(r*k) * Y_r[k] * W_p^(r*q).
void FftPlan::mixedRadix(const C* in, int64_t stride, C* out, int64_t n, size_t level, bool inverse) const {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  const int64_t p = factors_[level];
  const int64_t m = n / p;
  for (int64_t r = 0; r < p; ++r) mixedRadix(in + r * stride, stride * p, out + r * m, m, level + 1, inverse);

  const int64_t step = n_ / n;  // W_n^t == twiddle_[t * step]
  auto w = [&](int64_t t) {
    const C z = twiddle_[static_cast<size_t>((t * step) % n_)];
    return inverse ? std::conj(z) : z;
  };
  std::array<C, kMaxDirectRadix + 1> tmp;
  for (int64_t k = 0; k < m; ++k) {
    for (int64_t r = 0; r < p; ++r) tmp[static_cast<size_t>(r)] = out[r * m + k] * (r == 0 ? C(1, 0) : w(r * k));
    if (p == 2) {
      out[k] = tmp[0] + tmp[1];
      out[m + k] = tmp[0] - tmp[1];
    } else if (p == 4) {
      // W_4 = -i forward, +i inverse.
      const C a = tmp[0] + tmp[2], b = tmp[0] - tmp[2], c = tmp[1] + tmp[3];
      const C d = (tmp[1] - tmp[3]) * (inverse ? C(0, 1) : C(0, -1));
      out[k] = a + c;
      out[m + k] = b + d;
      out[2 * m + k] = a - c;
      out[3 * m + k] = b - d;
    } else {
      for (int64_t q = 0; q < p; ++q) {
        C acc = tmp[0];
        for (int64_t r = 1; r < p; ++r) acc += tmp[static_cast<size_t>(r)] * w(((r * q) % p) * m);
        out[q * m + k] = acc;
      }
    }
  }
}

void FftPlan::bluestein(C* data, bool inverse) const {
  // The inverse transform is conj(forward(conj(x))).
  const int64_t m = conv_->size();
  std::vector<C> a(static_cast<size_t>(m), C(0, 0));
  for (int64_t j = 0; j < n_; ++j) {
    const C x = inverse ? std::conj(data[j]) : data[j];
    a[static_cast<size_t>(j)] = x * chirp_[static_cast<size_t>(j)];
  }
  conv_->execute(a.data(), false);
  for (int64_t j = 0; j < m; ++j) a[static_cast<size_t>(j)] *= filter_[static_cast<size_t>(j)];
  conv_->execute(a.data(), true);
  const double scale = 1.0 / static_cast<double>(m);
  for (int64_t k = 0; k < n_; ++k) {
    const C y = a[static_cast<size_t>(k)] * chirp_[static_cast<size_t>(k)] * scale;
    data[k] = inverse ? std::conj(y) : y;
  }
}

}  // namespace jitserve::ops
