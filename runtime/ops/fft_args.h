// The arguments of torch.fft's transforms, resolved once for every device's
// kernel (fft_ops.cpp on the CPU, cuda_fft_ops.cpp): the dims transformed
// and the signal size along each, the normalization scale, the dtypes.
//
// A signal size differing from the input's size along a dim means the input
// is zero-padded or trimmed at the end of that dim first. For the
// complex-to-real transforms (irfft, hfft) the last size is the output's,
// 2 * (bins - 1) unless given.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

struct FftShape {
  std::vector<int64_t> dim;  // wrapped, unique
  std::vector<int64_t> s;    // signal size per dim (-1 resolved)
};

// Errors for the dtypes no transform takes (16-bit floats).
void checkFftDtype(const Tensor& x, const char* op);
bool isDoublePrecision(const Tensor& x);
// ComplexDouble / Double for double inputs, ComplexFloat / Float otherwise.
ScalarType complexResultType(const Tensor& x);
ScalarType realResultType(const Tensor& x);

void checkPoints(int64_t n);
// fft_Xn / fft_X2 (s, dim): dim defaults to the last len(s) dims, or all.
FftShape canonicalize(const Tensor& x, const std::optional<std::vector<int64_t>>& s,
                      const std::optional<std::vector<int64_t>>& dim);
// fft_X (n, dim).
FftShape oneDim(const Tensor& x, std::optional<int64_t> n, int64_t dim);
// canonicalize with the complex-to-real default for the last size.
FftShape c2rShape(const Tensor& x, const std::optional<std::vector<int64_t>>& s,
                  const std::optional<std::vector<int64_t>>& dim);
// oneDim with the complex-to-real default when n is not given.
FftShape c2rOneDim(const Tensor& x, std::optional<int64_t> n, int64_t dim);

int64_t product(const std::vector<int64_t>& v);

// A contiguous tensor seen along one dim: `outer` lines of `n` points, each
// `inner` apart (what a strided 1-D transform along `dim` walks).
struct DimLayout {
  int64_t outer = 1, n = 1, inner = 1;
};
DimLayout layoutOf(const Tensor& t, int64_t dim);

// The scale of a transform of `n` points in total ("backward" / "forward" /
// "ortho"; none is "backward").
double normScale(const std::optional<std::string>& norm, bool forward, int64_t n);

}  // namespace jitserve::ops
