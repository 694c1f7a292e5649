// Shared by the CUDA tests: registration once, and the one-line skip.
#pragma once

#include <gtest/gtest.h>

#include "runtime/cuda/cuda_backend.h"
#include "runtime/cuda/cuda_device.h"
#include "runtime/ops/register_all.h"

namespace jitserve::cuda::testing {

inline void setUpCuda() {
  ensureOperatorsRegistered();
  ensureCudaSupport();
}

}  // namespace jitserve::cuda::testing

#define JS_SKIP_WITHOUT_GPU()                                                             \
  do {                                                                                    \
    if (!::jitserve::cuda::available())                                                   \
      GTEST_SKIP() << "no GPU: " << ::jitserve::cuda::unavailableReason();                \
  } while (0)
