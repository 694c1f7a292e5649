// FftPlan: an unnormalized 1-D discrete Fourier transform of one length n,
//   X[k] = sum_j x[j] * exp(-+2*pi*i*j*k/n)   (- forward, + inverse),
// in complex<double> for any n >= 1.
//
// Lengths whose prime factors are all small use recursive mixed-radix
// Cooley-Tukey (O(n * sum of factors)); a length with a prime factor above
// kMaxDirectRadix is done by Bluestein's chirp-z algorithm as a circular
// convolution with a power-of-two plan, so every length is O(n log n).
// A plan is immutable after construction and may be shared across threads;
// execute() allocates its own scratch.
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <vector>

namespace jitserve::ops {

class FftPlan {
 public:
  explicit FftPlan(int64_t n);
  ~FftPlan();
  FftPlan(const FftPlan&) = delete;
  FftPlan& operator=(const FftPlan&) = delete;

  int64_t size() const { return n_; }
  // Transforms data[0..n) in place (no scaling in either direction).
  void execute(std::complex<double>* data, bool inverse) const;

  // Prime factors above this go through Bluestein instead of a direct
  // O(p^2) butterfly.
  static constexpr int64_t kMaxDirectRadix = 31;

 private:
  using C = std::complex<double>;
  void mixedRadix(const C* in, int64_t stride, C* out, int64_t n, size_t level, bool inverse) const;
  void bluestein(C* data, bool inverse) const;

  int64_t n_;
  std::vector<int64_t> factors_;  // mixed radix: product == n_
  std::vector<C> twiddle_;        // exp(-2*pi*i*j/n_), j in [0, n_)
  // Bluestein state: chirp exp(-pi*i*j^2/n), the transformed conjugate-chirp
  // filter, and the power-of-two plan of the convolution.
  std::vector<C> chirp_;
  std::vector<C> filter_;
  std::unique_ptr<FftPlan> conv_;
};

}  // namespace jitserve::ops
