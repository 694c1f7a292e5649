// The CUDA backend: registration on any machine, clear errors without a GPU,
// and on a GPU the round trip of views and the caching allocator's reuse,
// stream ordering and statistics.
#include <gtest/gtest.h>

#include <cstring>

#include "cuda_test_util.h"
#include "runtime/core/operator_registry.h"
#include "runtime/cuda/caching_allocator.h"
#include "runtime/cuda/cuda_libraries.h"
#include "runtime/support/error.h"
#include "runtime/tensor/backend.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda::testing {
namespace {

const Device kCuda0(DeviceType::CUDA, 0);

Tensor hostValues() { return arange(0, 24, 1, ScalarType::Float).reshape({2, 3, 4}); }

std::vector<float> valuesOf(const Tensor& t) {
  Tensor c = t.contiguous();
  return std::vector<float>(c.data<float>(), c.data<float>() + c.numel());
}

class CudaBackendTest : public ::testing::Test {
 protected:
  void SetUp() override { setUpCuda(); }
};

TEST_F(CudaBackendTest, RegistersOnEveryMachine) {
  Backend* b = findBackend(DeviceType::CUDA);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->deviceCount(), deviceCount());
  // A second call (another registry, or the same) is harmless.
  ensureCudaSupport();
  EXPECT_EQ(findBackend(DeviceType::CUDA), b);
  const Operator* add = globalOperatorRegistry().findByName("aten::add.Tensor");
  ASSERT_NE(add, nullptr);
  EXPECT_TRUE(add->hasKernelFor(DeviceType::CUDA));
  EXPECT_TRUE(add->hasKernelFor(DeviceType::CPU));
}

TEST_F(CudaBackendTest, WithoutAGpuMovingThereIsAClearError) {
  if (available()) GTEST_SKIP() << "this machine has a GPU: the no-GPU path is checked on machines without one";
  try {
    toDevice(hostValues(), kCuda0);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("device cuda:0 is not available"), std::string::npos) << e.what();
  }
}

// cuBLAS and cuDNN come with the toolkit (BUILD-NOTES); they load with
// dlopen and every entry point we call resolves, GPU or not.
TEST(CudaLibraries, CublasAndCudnnLoadWithEveryEntryPoint) {
  const CublasLibrary& b = cublas();
  EXPECT_NE(b.cublasCreate_v2, nullptr);
  EXPECT_NE(b.cublasGemmStridedBatchedEx, nullptr);
  EXPECT_STRNE(b.cublasGetStatusString(CUBLAS_STATUS_NOT_INITIALIZED), "");
  const CudnnLibrary& d = cudnn();
  EXPECT_NE(d.cudnnConvolutionForward, nullptr);
  EXPECT_STRNE(d.cudnnGetErrorString(CUDNN_STATUS_BAD_PARAM), "");
}

TEST(CachingAllocatorSizes, RoundToClasses) {
  EXPECT_EQ(CachingAllocator::roundSize(1), 512u);
  EXPECT_EQ(CachingAllocator::roundSize(512), 512u);
  EXPECT_EQ(CachingAllocator::roundSize(513), 1024u);
  EXPECT_EQ(CachingAllocator::roundSize(size_t{1} << 20), size_t{1} << 20);
  EXPECT_EQ(CachingAllocator::roundSize((size_t{1} << 20) + 1), size_t{2} << 20);
  EXPECT_EQ(CachingAllocator::roundSize((size_t{3} << 20)), size_t{4} << 20);
}

TEST_F(CudaBackendTest, RoundTripKeepsValuesAndViews) {
  JS_SKIP_WITHOUT_GPU();
  Tensor h = hostValues();
  Tensor d = toDevice(h, kCuda0);
  EXPECT_EQ(d.device(), kCuda0);
  EXPECT_EQ(valuesOf(toDevice(d, Device::cpu())), valuesOf(h));
  Tensor view = d.transpose(0, 2).narrow(1, 1, 2);
  EXPECT_EQ(valuesOf(toDevice(view, Device::cpu())), valuesOf(h.transpose(0, 2).narrow(1, 1, 2)));
  Tensor copy = toDevice(d, kCuda0, /*copy=*/true);
  EXPECT_FALSE(copy.is_alias_of(d));
  EXPECT_EQ(valuesOf(toDevice(copy, Device::cpu())), valuesOf(h));
}

// Transfers through the pinned staging buffers (host_transfer.h): sizes
// below the staging threshold, exactly one chunk, several chunks with a
// ragged end; a strided device view made contiguous on the device.
TEST_F(CudaBackendTest, LargeTransfersGoThroughStagingIntact) {
  JS_SKIP_WITHOUT_GPU();
  for (int64_t n : {int64_t{1000}, int64_t{(2 << 20) / 4}, int64_t{(5 << 20) / 4 + 37}}) {
    Tensor h = arange(0, static_cast<double>(n), 1, ScalarType::Float);
    Tensor back = toDevice(toDevice(h, kCuda0), Device::cpu());
    ASSERT_EQ(back.numel(), n);
    EXPECT_EQ(std::memcmp(back.data<float>(), h.data<float>(), static_cast<size_t>(n) * 4), 0) << n << " floats";
  }
  Tensor h = arange(0, 3 * 1024 * 1024, 1, ScalarType::Float).reshape({1024, 3 * 1024});
  Tensor d = toDevice(h, kCuda0).t();
  Tensor c = d.contiguous();
  EXPECT_EQ(c.device(), kCuda0);
  EXPECT_TRUE(c.is_contiguous());
  Tensor expected = h.t().contiguous();
  Tensor got = toDevice(c, Device::cpu());
  EXPECT_EQ(std::memcmp(got.data<float>(), expected.data<float>(), static_cast<size_t>(h.numel()) * 4), 0);
}

TEST_F(CudaBackendTest, FreedBlocksAreReusedAndCounted) {
  JS_SKIP_WITHOUT_GPU();
  CachingAllocator& a = cachingAllocator();
  a.emptyCache();
  const AllocatorStats before = a.stats(0);
  void* first = nullptr;
  {
    Tensor t = toDevice(zeros({1000}, ScalarType::Float), kCuda0);
    first = t.unsafeGetImpl()->deviceData();
    const AllocatorStats live = a.stats(0);
    EXPECT_EQ(live.inUseBytes, before.inUseBytes + 4096);
    EXPECT_GE(live.reservedBytes, live.inUseBytes);
  }
  EXPECT_EQ(a.stats(0).inUseBytes, before.inUseBytes);
  const int64_t mallocs = a.stats(0).cudaMallocs;
  Tensor again = toDevice(zeros({900}, ScalarType::Float), kCuda0);  // same 4096-byte class, same stream
  EXPECT_EQ(again.unsafeGetImpl()->deviceData(), first);
  EXPECT_EQ(a.stats(0).cudaMallocs, mallocs);
  EXPECT_GE(a.stats(0).peakInUseBytes, a.stats(0).inUseBytes);
  again = Tensor();
  a.emptyCache();
  EXPECT_EQ(a.stats(0).reservedBytes, a.stats(0).inUseBytes);
}

TEST_F(CudaBackendTest, OutOfMemoryIsAnErrorNamingTheDevice) {
  JS_SKIP_WITHOUT_GPU();
  try {
    cachingAllocator().allocate(size_t{1} << 50, 0, currentStream(0));
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), absl::StatusCode::kResourceExhausted);
    EXPECT_NE(std::string(e.what()).find("CUDA out of memory"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cuda:0"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace jitserve::cuda::testing
