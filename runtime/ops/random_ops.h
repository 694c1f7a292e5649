// Random sampling: rand/randn/randint (and _like), bernoulli, multinomial,
// randperm, and the random masks of training-mode dropout and rrelu.
//
// All draws come from one process-wide Mersenne Twister (std::mt19937_64)
// behind a mutex, seeded from std::random_device at first use, like
// PyTorch's default CPU generator; `Generator?` arguments must be None.
// Results are therefore not reproducible across runs, and never equal to
// PyTorch's for the same seed.
#pragma once

#include <cstdint>
#include <vector>

namespace jitserve::ops {

// n draws, uniform on [0, 1).
std::vector<double> uniformSamples(int64_t n);

}  // namespace jitserve::ops
