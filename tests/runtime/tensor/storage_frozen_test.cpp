// Frozen storage and its derived-data cache (runtime/tensor/storage.h): what
// kernels such as the oneDNN convolution rely on to keep reordered weights.
#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

StorageImpl& storageOf(const Tensor& t) { return *t.storage().unsafeGetStorageImpl(); }

TEST(StorageFrozen, OnlyFrozenStorageKeepsDerivedData) {
  Tensor t = empty({4});
  StorageImpl& s = storageOf(t);
  EXPECT_FALSE(s.frozen());
  auto v = std::make_shared<int>(1);
  EXPECT_EQ(s.addDerived("k", v), v);
  EXPECT_EQ(s.findDerived("k"), nullptr);  // not kept: the bytes may change
  s.markFrozen();
  s.markFrozen();  // idempotent
  EXPECT_TRUE(s.frozen());
  EXPECT_EQ(s.addDerived("k", v), v);
  EXPECT_EQ(s.findDerived("k"), v);
  EXPECT_EQ(s.findDerived("other"), nullptr);
  EXPECT_EQ(s.derivedCount(), 1u);
  // The first value under a key wins; later adds get it back.
  auto w = std::make_shared<int>(2);
  EXPECT_EQ(s.addDerived("k", w), v);
}

TEST(StorageFrozen, ReplacingTheMemoryDropsDerivedData) {
  Tensor t = empty({4});
  StorageImpl& s = storageOf(t);
  s.markFrozen();
  s.addDerived("k", std::make_shared<int>(1));
  s.resize(64);
  EXPECT_EQ(s.findDerived("k"), nullptr);
  EXPECT_TRUE(s.frozen());
}

TEST(StorageFrozen, ConcurrentAddsAgreeOnOneValue) {
  Tensor t = empty({4});
  StorageImpl& s = storageOf(t);
  s.markFrozen();
  std::vector<std::shared_ptr<const void>> got(8);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < got.size(); ++i)
    threads.emplace_back([&, i] { got[i] = s.addDerived("k", std::make_shared<size_t>(i)); });
  for (auto& th : threads) th.join();
  for (const auto& g : got) EXPECT_EQ(g, got[0]);
  EXPECT_EQ(s.findDerived("k"), got[0]);
}

}  // namespace
}  // namespace jitserve
