// TensorIterator: broadcasting, promotion, output allocation order,
// coalescing, write-back temporaries, overlap checks, reductions and the
// typed cpu_kernel fast paths.
#include <gtest/gtest.h>

#include <vector>

#include "runtime/tensor/cpu_loops.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/tensor_iterator.h"

namespace jitserve {
namespace {

std::vector<int64_t> vec(std::span<const int64_t> s) { return {s.begin(), s.end()}; }

template <typename T>
std::vector<T> values(const Tensor& t) {
  Tensor c = t.contiguous();
  return std::vector<T>(c.data<T>(), c.data<T>() + c.numel());
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

// A small add op built the way kernels will build theirs.
Tensor add(const Tensor& a, const Tensor& b, Tensor out = Tensor()) {
  TensorIterator iter = TensorIterator::binary_op(out, a, b, "add");
  JS_DISPATCH_ALL_TYPES(iter.common_dtype(), "add", [&] {
    cpu_kernel(iter, [](scalar_t x, scalar_t y) -> scalar_t { return static_cast<scalar_t>(x + y); });
  });
  return out;
}

TEST(TensorIterator, BroadcastsAndPromotes) {
  Tensor a = from_vector<int32_t>({1, 2, 3}, {3, 1});
  Tensor b = from_vector<float>({10, 20}, {2});
  Tensor r = add(a, b);
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  EXPECT_EQ(vec(r.sizes()), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values<float>(r), (std::vector<float>{11, 21, 12, 22, 13, 23}));
  // int tensor + Python float -> default dtype.
  Tensor r2 = add(from_vector<int64_t>({1, 2}), wrapped_scalar_tensor(0.5));
  EXPECT_EQ(r2.dtype(), ScalarType::Float);
  EXPECT_EQ(values<float>(r2), (std::vector<float>{1.5f, 2.5f}));
  // uint8 tensor + Python int stays uint8 (wraps).
  Tensor r3 = add(from_vector<uint8_t>({250}), wrapped_scalar_tensor(10));
  EXPECT_EQ(values<uint8_t>(r3), (std::vector<uint8_t>{4}));
  Tensor h = add(full({3}, 1.5, ScalarType::Half), full({3}, 2.0, ScalarType::Half));
  EXPECT_EQ(static_cast<float>(h.data<Half>()[2]), 3.5f);
}

TEST(TensorIterator, OutputFollowsInputLayout) {
  Tensor x = arange(6, ScalarType::Float).view({2, 3}).t();  // [3, 2], strides [1, 3]
  Tensor r = add(x, wrapped_scalar_tensor(1));
  EXPECT_EQ(vec(r.strides()), (std::vector<int64_t>{1, 3}));  // like PyTorch
  EXPECT_EQ(values<float>(r), (std::vector<float>{1, 4, 2, 5, 3, 6}));
}

TEST(TensorIterator, CoalescesContiguousDims) {
  Tensor a = zeros({4, 5, 6});
  Tensor out;
  TensorIterator it = TensorIterator::binary_op(out, a, a);
  EXPECT_EQ(it.ndim(), 1);
  EXPECT_TRUE(it.is_contiguous());
  Tensor s = zeros({4, 5, 6}).slice(2, 0, 3);
  Tensor out2;
  TensorIterator it2 = TensorIterator::binary_op(out2, s, s);
  EXPECT_EQ(it2.ndim(), 2);
  EXPECT_TRUE(TensorIterator::binary_op(out2, s, wrapped_scalar_tensor(1.0)).is_scalar(2));
}

TEST(TensorIterator, InPlaceAndOutArguments) {
  Tensor a = from_vector<float>({1, 2, 3});
  add(a, from_vector<float>({1, 1, 1}), a);
  EXPECT_EQ(values<float>(a), (std::vector<float>{2, 3, 4}));
  EXPECT_EQ(errorOf([&] { add(a, zeros({2, 3}), a); }),
            "output with shape [3] doesn't match the broadcast shape [2, 3]");
  // out= of another dtype: computed in Float, written back converted.
  Tensor out = zeros({3}, ScalarType::Double);
  add(a, a, out);
  EXPECT_EQ(values<double>(out), (std::vector<double>{4, 6, 8}));
  // Unsafe downcast is refused.
  Tensor ints = zeros({3}, ScalarType::Long);
  EXPECT_EQ(errorOf([&] { add(ints, a, ints); }), "result type Float can't be cast to the desired output type Long");
  // A wrongly-shaped out= tensor is resized.
  Tensor o2 = empty({0});
  add(a, a, o2);
  EXPECT_EQ(vec(o2.sizes()), (std::vector<int64_t>{3}));
}

TEST(TensorIterator, RejectsOverlappingOutputs) {
  Tensor x = zeros({1, 3}).expand({2, 3});
  EXPECT_THROW(add(zeros({2, 3}), zeros({2, 3}), x), Error);
  Tensor y = arange(6, ScalarType::Float);
  EXPECT_THROW(add(y.slice(0, 0, 5), y.slice(0, 0, 5), y.slice(0, 1)), Error);
}

TEST(TensorIterator, LargeStridedParallel) {
  // Above the grain, non-contiguous, with a broadcast operand.
  Tensor a = arange(1 << 18, ScalarType::Float).view({512, 512}).t();
  Tensor b = arange(512, ScalarType::Float);
  Tensor r = add(a, b);
  const float* p = r.data<float>();
  // r[i][j] = a[i][j] + j = (j * 512 + i) + j; r has a's transposed layout.
  for (int64_t i : {0, 1, 300, 511})
    for (int64_t j : {0, 2, 511}) EXPECT_EQ(p[i * r.stride(0) + j * r.stride(1)], float(j * 512 + i + j));
}

TEST(TensorIterator, ComparisonAndUnaryFloat) {
  Tensor out;
  TensorIterator it = TensorIterator::comparison_op(out, from_vector<int32_t>({1, 5}), wrapped_scalar_tensor(2.5));
  EXPECT_EQ(it.common_dtype(), ScalarType::Float);
  cpu_kernel(it, [](float x, float y) -> bool { return x > y; });
  EXPECT_EQ(values<bool>(out), (std::vector<bool>{false, true}));
  Tensor out2;
  TensorIterator it2 = TensorIterator::unary_float_op(out2, from_vector<int64_t>({4, 9}));
  cpu_unary_kernel<float>(it2, [](float x) { return x / 2; });
  EXPECT_EQ(values<float>(out2), (std::vector<float>{2, 4.5f}));
}

TEST(TensorIterator, KernelDtypeMismatchIsReported) {
  Tensor out;
  TensorIterator it = TensorIterator::binary_op(out, zeros({2}), zeros({2}));
  EXPECT_THROW(cpu_kernel(it, [](double x, double y) -> double { return x + y; }), Error);
  EXPECT_EQ(errorOf([] { JS_DISPATCH_FLOAT_AND_DOUBLE(ScalarType::Half, "myop", [&] {}); }),
            "myop: unsupported dtype Half");
}

// sum over dims via the reduction mode.
Tensor sum(const Tensor& x, IntArrayRef dims, bool keepdim) {
  Tensor result;
  Tensor out = make_reduction_output(x, dims, keepdim, x.dtype(), result);
  out.zero_();
  TensorIterator it = TensorIteratorConfig().add_output(out).add_input(x).is_reduction(true).build();
  JS_DISPATCH_ALL_TYPES(x.dtype(), "sum", [&] {
    it.for_each([](char** data, const int64_t* strides, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        auto* o = reinterpret_cast<scalar_t*>(data[0] + i * strides[0]);
        *o = static_cast<scalar_t>(*o + *reinterpret_cast<const scalar_t*>(data[1] + i * strides[1]));
      }
    });
  });
  return result;
}

TEST(TensorIterator, Reductions) {
  Tensor x = arange(24, ScalarType::Double).view({2, 3, 4});
  EXPECT_EQ(values<double>(sum(x, {1}, false)), (std::vector<double>{12, 15, 18, 21, 48, 51, 54, 57}));
  EXPECT_EQ(vec(sum(x, {1}, true).sizes()), (std::vector<int64_t>{2, 1, 4}));
  EXPECT_EQ(values<double>(sum(x, {0, 2}, false)), (std::vector<double>{60, 92, 124}));
  EXPECT_EQ(values<double>(sum(x, {}, false)), (std::vector<double>{276}));
  EXPECT_EQ(values<double>(sum(x.transpose(0, 2), {-1}, false)),
            (std::vector<double>{12, 20, 28, 14, 22, 30, 16, 24, 32, 18, 26, 34}));
  EXPECT_EQ(errorOf([&] { sum(x, {1, -2}, false); }), "dim 1 appears multiple times in the list of dims");
  // Large enough to run in parallel over the kept dim.
  Tensor big = ones({1000, 300}, ScalarType::Float);
  Tensor s = sum(big, {1}, false);
  EXPECT_EQ(values<float>(s), std::vector<float>(1000, 300.f));
  Tensor s0 = sum(big, {0}, false);
  EXPECT_EQ(values<float>(s0), std::vector<float>(300, 1000.f));
}

}  // namespace
}  // namespace jitserve

namespace jitserve {
namespace {

TEST(TensorIterator, CommonDtypeWithoutCasting) {
  Tensor out;
  TensorIterator it = TensorIteratorConfig()
                          .add_output(out)
                          .add_input(from_vector<int32_t>({1, 2}))
                          .add_input(from_vector<double>({0.5, 0.25}))
                          .promote_inputs_to_common_dtype(true)
                          .cast_inputs_to_common_dtype(false)
                          .build();
  EXPECT_EQ(it.common_dtype(), ScalarType::Double);
  EXPECT_EQ(it.input_dtype(0), ScalarType::Int);
  cpu_kernel(it, [](int32_t a, double b) -> double { return a + b; });
  EXPECT_EQ(values<double>(it.output()), (std::vector<double>{1.5, 2.25}));
}

}  // namespace
}  // namespace jitserve
