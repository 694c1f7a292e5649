// Tensor factories, item(), fromStorage validation, copy_/to/clone/fill_
// across dtypes and strides, broadcasting errors and printing. Expected
// values were checked against torch 1.13.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/tensor.h"

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

TEST(Tensor, IsOneWordAndCountsReferences) {
  static_assert(sizeof(Tensor) == sizeof(void*));
  Tensor a = empty({2, 3});
  EXPECT_EQ(a.use_count(), 1u);
  Tensor b = a;
  EXPECT_EQ(a.use_count(), 2u);
  EXPECT_TRUE(a.is_same(b));
  TensorImpl* raw = a.unsafeGetImpl();
  intrusive_ptr<TensorImpl> p = b.releaseImpl();
  EXPECT_FALSE(b.defined());
  Tensor c = Tensor::fromImpl(std::move(p));
  EXPECT_EQ(c.unsafeGetImpl(), raw);
}

TEST(Tensor, Factories) {
  Tensor z = zeros({2, 2}, ScalarType::Int);
  EXPECT_EQ(values<int32_t>(z), (std::vector<int32_t>{0, 0, 0, 0}));
  EXPECT_EQ(values<double>(ones({3}, ScalarType::Double)), (std::vector<double>{1, 1, 1}));
  EXPECT_EQ(full({2}, 2.5).dtype(), ScalarType::Float);
  EXPECT_EQ(full({2}, int64_t{7}).dtype(), ScalarType::Long);
  EXPECT_EQ(full({2}, true).dtype(), ScalarType::Bool);
  EXPECT_EQ(scalar_tensor(2.5).dtype(), ScalarType::Double);
  EXPECT_EQ(scalar_tensor(3).dim(), 0);
  EXPECT_EQ(arange(10).dtype(), ScalarType::Long);
  EXPECT_EQ(arange(0.0, 3).dtype(), ScalarType::Float);
  EXPECT_EQ(values<int64_t>(arange(5, 1, -2)), (std::vector<int64_t>{5, 3}));
  EXPECT_EQ(values<float>(arange(0, 1, 0.3)), (std::vector<float>{0.0f, 0.3f, 0.6f, 0.9f}));
  EXPECT_EQ(arange(0).numel(), 0);
  EXPECT_EQ(errorOf([] { arange(0, 10, 0); }), "step must be nonzero");
  EXPECT_EQ(errorOf([] { arange(5, 1); }), "upper bound and larger bound inconsistent with step sign");
  EXPECT_EQ(values<int16_t>(from_vector<int16_t>({1, 2, 3, 4}, {2, 2}).t()), (std::vector<int16_t>{1, 3, 2, 4}));
  EXPECT_EQ(values<bool>(from_vector<bool>({true, false})), (std::vector<bool>{true, false}));
  EXPECT_EQ(errorOf([] { empty({2, -1}); }), "empty: negative dimension -1 in shape [2, -1]");
  EXPECT_THROW(empty({int64_t{1} << 40, int64_t{1} << 40}), Error);
  Tensor s = empty_strided({2, 3}, {1, 2}, ScalarType::Float);
  EXPECT_EQ(s.storage().nbytes(), 24u);
  EXPECT_EQ(vec(empty_like(s).strides()), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(vec(empty_like(s.expand({4, 2, 3})).strides()), (std::vector<int64_t>{6, 3, 1}));
}

TEST(Tensor, AllocationIsAlignedAndCounted) {
  const int64_t before = cpuAllocatedBytes();
  {
    Tensor t = empty({1000}, ScalarType::Double);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data_ptr()) % kCPUAlignment, 0u);
    EXPECT_EQ(cpuAllocatedBytes() - before, 8000);
    EXPECT_GE(cpuPeakAllocatedBytes(), before + 8000);
  }
  EXPECT_EQ(cpuAllocatedBytes(), before);
}

TEST(Tensor, FreedBlocksAreReusedBySizeOnTheSameThread) {
#if !defined(__SANITIZE_ADDRESS__)
  void* first;
  {
    Tensor t = empty({1000}, ScalarType::Float);
    first = t.data_ptr();
  }
  Tensor again = empty({1000}, ScalarType::Float);  // the block just freed
  EXPECT_EQ(again.data_ptr(), first);
  Tensor other = empty({999}, ScalarType::Float);  // 3996 bytes: the same 64-byte rounded size
  EXPECT_NE(other.data_ptr(), first);
  const int64_t before = cpuAllocatedBytes();
  { Tensor big = empty({1 << 20}, ScalarType::Float); }  // 4 MiB: never cached
  EXPECT_EQ(cpuAllocatedBytes(), before);
  // A block freed on another thread goes to that thread's cache, and the
  // cache is released when the thread exits (LSan would see a leak).
  Tensor crossing = empty({2000}, ScalarType::Float);
  std::thread([t = std::move(crossing)]() mutable { t = Tensor(); }).join();
#endif
}

TEST(Tensor, Item) {
  EXPECT_EQ(scalar_tensor(3, ScalarType::Byte).item().toLong(), 3);
  EXPECT_TRUE(scalar_tensor(3, ScalarType::Byte).item().isIntegral());
  EXPECT_TRUE(scalar_tensor(1.5, ScalarType::Half).item().isFloatingPoint());
  EXPECT_EQ(scalar_tensor(1.5, ScalarType::BFloat16).item<double>(), 1.5);
  EXPECT_TRUE(full({1, 1}, true).item().isBoolean());
  EXPECT_EQ(errorOf([] { zeros({2, 3}).item(); }), "a Tensor with 6 elements cannot be converted to Scalar");
  EXPECT_THROW(zeros({2}).data<double>(), Error);
}

TEST(Tensor, FromStorageChecksBounds) {
  Storage st = Storage::allocate(24);
  Tensor ok = Tensor::fromStorage(st, ScalarType::Float, {2, 3});
  EXPECT_EQ(ok.numel(), 6);
  Tensor v = Tensor::fromStorage(st, ScalarType::Float, {3}, {2}, 1);
  EXPECT_EQ(v.storage_offset(), 1);
  EXPECT_EQ(errorOf([&] { Tensor::fromStorage(st, ScalarType::Float, {2, 3}, 1); }),
            "setStorage: sizes [2, 3], strides [3, 1], storage offset 1, and itemsize 4 requiring a storage size of "
            "28 are out of bounds for storage of size 24");
  // Overflowing geometry from a hostile file must be an error, not a wrap.
  EXPECT_THROW(Tensor::fromStorage(st, ScalarType::Float, {2}, {INT64_MAX / 2}, 0), Error);
  EXPECT_THROW(Tensor::fromStorage(st, ScalarType::Float, {INT64_MAX, 2}, {1, 1}, 0), Error);
  EXPECT_THROW(Tensor::fromStorage(st, ScalarType::Float, {1}, {1}, INT64_MAX), Error);
  EXPECT_THROW(Tensor::fromStorage(st, ScalarType::Float, {2}, {-1}, 1), Error);
  EXPECT_THROW(Tensor::fromStorage(st, ScalarType::Float, {-2}, {1}, 0), Error);
  EXPECT_THROW(Tensor::fromStorage(st, ScalarType::Undefined, {1}, {1}, 0), Error);
  // Empty tensors need no bytes.
  EXPECT_EQ(Tensor::fromStorage(st, ScalarType::Double, {0, 5}, {5, 1}, 100).numel(), 0);
}

TEST(Tensor, WrapsExternalMemory) {
  std::vector<float> buf = {1, 2, 3, 4};
  bool released = false;
  {
    Storage st = Storage::wrap(DataPtr::withCleanup(buf.data(), [&] { released = true; }), buf.size() * 4);
    Tensor t = Tensor::fromStorage(st, ScalarType::Float, {2, 2});
    EXPECT_EQ(values<float>(t.t()), (std::vector<float>{1, 3, 2, 4}));
    EXPECT_THROW(t.resize_({10}), Error);  // not ours to grow
  }
  EXPECT_TRUE(released);
}

TEST(Tensor, CopyConvertsDtypesLikeTorch) {
  Tensor x = from_vector<float>({300.f, -1.f, 2.7f, -2.7f, 1e10f, 0.5f});
  EXPECT_EQ(values<uint8_t>(x.to(ScalarType::Byte)), (std::vector<uint8_t>{44, 255, 2, 254, 0, 0}));
  EXPECT_EQ(values<int8_t>(x.to(ScalarType::Char)), (std::vector<int8_t>{44, -1, 2, -2, 0, 0}));
  EXPECT_EQ(values<int32_t>(x.to(ScalarType::Int)), (std::vector<int32_t>{300, -1, 2, -2, INT32_MIN, 0}));
  EXPECT_EQ(values<bool>(x.to(ScalarType::Bool)), (std::vector<bool>{true, true, true, true, true, true}));
  Tensor h = from_vector<float>({70000.f, 1.f / 3}).to(ScalarType::Half);
  EXPECT_TRUE(std::isinf(static_cast<float>(h.data<Half>()[0])));
  EXPECT_EQ(static_cast<float>(h.data<Half>()[1]), 0.333251953125f);
  Tensor c = full({1}, std::complex<double>(1, 2)).to(ScalarType::Float);
  EXPECT_EQ(values<float>(c), (std::vector<float>{1.0f}));
  EXPECT_EQ(values<double>(from_vector<int64_t>({1, -2}).to(ScalarType::Double)), (std::vector<double>{1, -2}));
  Tensor same = x.to(ScalarType::Float);
  EXPECT_TRUE(same.is_same(x));
  EXPECT_FALSE(x.to(ScalarType::Float, /*copy=*/true).is_alias_of(x));
}

TEST(Tensor, CopyBroadcastsAndHandlesStrides) {
  Tensor dst = zeros({2, 3}, ScalarType::Double);
  dst.copy_(from_vector<int32_t>({1, 2, 3}));
  EXPECT_EQ(values<double>(dst), (std::vector<double>{1, 2, 3, 1, 2, 3}));
  // Strided source and destination.
  Tensor src = arange(12).view({3, 4}).slice(1, 0, 4, 2).t();  // [2, 3]
  Tensor d2 = zeros({3, 2}, ScalarType::Long).t();
  d2.copy_(src);
  EXPECT_EQ(values<int64_t>(d2), (std::vector<int64_t>{0, 4, 8, 2, 6, 10}));
  // Overlapping source and destination (shifted view of the same storage).
  Tensor a = arange(6);
  a.slice(0, 1).copy_(a.slice(0, 0, 5));
  EXPECT_EQ(values<int64_t>(a), (std::vector<int64_t>{0, 0, 1, 2, 3, 4}));
  // Errors.
  EXPECT_EQ(errorOf([] { zeros({3}).copy_(zeros({4})); }),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
  EXPECT_EQ(errorOf([] { zeros({3}).copy_(zeros({2, 3})); }),
            "output with shape [3] doesn't match the broadcast shape [2, 3]");
  EXPECT_THROW(zeros({1, 3}).expand({2, 3}).copy_(zeros({2, 3})), Error);
}

TEST(Tensor, CopyLargeUsesAllPaths) {
  // Big enough to take the parallel paths.
  Tensor big = arange(300000, ScalarType::Float);
  Tensor c = big.clone();
  EXPECT_EQ(c.data<float>()[299999], 299999.f);
  Tensor t = big.view({600, 500}).t().contiguous();
  EXPECT_EQ(t.data<float>()[1], 500.f);
  // Every element of the blocked transpose (sizes not multiples of its
  // 128-blocks or 16-tiles), for 4- and 8-byte elements.
  int64_t wrong = 0;
  for (int64_t i = 0; i < 500; ++i)
    for (int64_t j = 0; j < 600; ++j) wrong += t.data<float>()[i * 600 + j] != static_cast<float>(j * 500 + i);
  EXPECT_EQ(wrong, 0);
  Tensor td = big.to(ScalarType::Double).view({600, 500}).t().contiguous();
  for (int64_t i = 0; i < 500; ++i)
    for (int64_t j = 0; j < 600; ++j) wrong += td.data<double>()[i * 600 + j] != static_cast<double>(j * 500 + i);
  EXPECT_EQ(wrong, 0);
  Tensor d = big.to(ScalarType::Double);
  EXPECT_EQ(d.data<double>()[123456], 123456.0);
}

TEST(Tensor, CloneKeepsDenseLayout) {
  Tensor t = arange(6).view({2, 3}).t();
  Tensor c = t.clone();
  EXPECT_EQ(vec(c.strides()), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(values<int64_t>(c), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  EXPECT_TRUE(t.contiguous().is_contiguous());
}

TEST(Tensor, Fill) {
  Tensor t = empty({2, 3}, ScalarType::Byte);
  t.fill_(-1);
  EXPECT_EQ(values<uint8_t>(t), std::vector<uint8_t>(6, 255));
  EXPECT_EQ(errorOf([&] { t.fill_(256); }), "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(errorOf([&] { full({1}, 70000.0, ScalarType::Half); }),
            "value cannot be converted to type at::Half without overflow");
  Tensor strided = zeros({4, 4}).slice(1, 0, 4, 2);
  strided.fill_(3);
  EXPECT_EQ(values<float>(strided), std::vector<float>(8, 3));
  t.zero_();
  EXPECT_EQ(values<uint8_t>(t), std::vector<uint8_t>(6, 0));
}

TEST(Tensor, Resize) {
  Tensor t = arange(4);
  t.resize_({2, 3});
  EXPECT_EQ(vec(t.sizes()), (std::vector<int64_t>{2, 3}));
  EXPECT_GE(t.storage().nbytes(), 48u);
  EXPECT_EQ(t.data<int64_t>()[3], 3);  // old bytes kept
}

TEST(Broadcasting, ShapesAndErrors) {
  EXPECT_EQ(vec(infer_size({2, 1, 4}, {3, 1})), (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(vec(infer_size({}, {3})), (std::vector<int64_t>{3}));
  EXPECT_EQ(vec(infer_size({0, 1}, {1, 5})), (std::vector<int64_t>{0, 5}));
  EXPECT_EQ(errorOf([] { infer_size({2, 3}, {3, 2}); }),
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1");
  EXPECT_TRUE(is_expandable_to({3, 1}, {2, 3, 4}));
  EXPECT_FALSE(is_expandable_to({3, 2}, {2, 3, 4}));
  const Tensor ts[] = {zeros({3, 1}), zeros({4})};
  auto b = broadcast_tensors(ts);
  EXPECT_EQ(vec(b[0].sizes()), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(vec(b[1].strides()), (std::vector<int64_t>{0, 1}));
}

TEST(Tensor, Printing) {
  EXPECT_EQ(toString(from_vector<float>({1.5f, 2, 3, 4}, {2, 2})), "Float[2, 2] [[1.5, 2], [3, 4]]");
  EXPECT_EQ(toString(scalar_tensor(true)), "Bool[] True");
  EXPECT_EQ(toString(Tensor()), "Tensor(undefined)");
  EXPECT_EQ(describe(zeros({2, 3}, ScalarType::Long)), "Long[2, 3]");
  EXPECT_EQ(toString(arange(2000)).substr(0, 30), "Long[2000] [0, 1, 2, ..., 1997");
}

}  // namespace
}  // namespace jitserve

namespace jitserve {
namespace {

TEST(Tensor, ComplexAndReducedPrecision) {
  Tensor c = full({2}, std::complex<double>(1.5, -2), ScalarType::ComplexDouble);
  EXPECT_EQ(toString(c), "ComplexDouble[2] [1.5-2j, 1.5-2j]");
  Tensor cf = c.to(ScalarType::ComplexFloat);
  EXPECT_EQ(cf.select(0, 1).item().toComplexDouble(), std::complex<double>(1.5, -2));
  EXPECT_EQ(values<bool>(c.to(ScalarType::Bool)), (std::vector<bool>{true, true}));
  Tensor h = arange(0, 3, 1, ScalarType::Half);
  EXPECT_EQ(toString(h), "Half[3] [0, 1, 2]");
  Tensor b = h.to(ScalarType::BFloat16).t();  // t() of 1-D is an alias
  EXPECT_EQ(b.select(0, 2).item<double>(), 2.0);
  EXPECT_THROW(b.item(), Error);
}

TEST(Tensor, BorrowedMemory) {
  int32_t buf[6] = {1, 2, 3, 4, 5, 6};
  Tensor t = Tensor::fromStorage(Storage::wrap(DataPtr::borrowed(buf), sizeof(buf)), ScalarType::Int, {3, 2});
  t.select(1, 0).fill_(0);
  EXPECT_EQ(buf[0], 0);
  EXPECT_EQ(buf[2], 0);
  EXPECT_EQ(buf[1], 2);
}

}  // namespace
}  // namespace jitserve

namespace jitserve {
namespace {

TEST(Tensor, UndefinedTensorsThrowInsteadOfCrashing) {
  Tensor u;
  EXPECT_EQ(errorOf([&] { u.view({1}); }), "view: the tensor is undefined");
  EXPECT_THROW(u.t(), Error);
  EXPECT_THROW(u.clone(), Error);
  EXPECT_THROW(u.to(ScalarType::Float), Error);
  EXPECT_THROW(u.item(), Error);
  EXPECT_THROW(u.fill_(1), Error);
  EXPECT_THROW(zeros({1}).copy_(u), Error);
  EXPECT_THROW(u.resize_({2}), Error);
}

}  // namespace
}  // namespace jitserve
