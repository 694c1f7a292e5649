// SizesAndStrides: a tensor's shape and strides in one small buffer.
//
// Ranks up to kInlineDims (5) live inline, so making a view allocates nothing
// beyond its TensorImpl; higher ranks use one heap array holding sizes then
// strides. Strides are in elements, not bytes.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>

#include "runtime/tensor/int_array_ref.h"

namespace jitserve {

class SizesAndStrides {
 public:
  SizesAndStrides() { inline_[0] = 0; inline_[kInlineDims] = 1; rank_ = 1; }  // shape [0]
  SizesAndStrides(const SizesAndStrides& o) { copyFrom(o); }
  SizesAndStrides& operator=(const SizesAndStrides& o) {
    if (this != &o) {
      freeHeap();
      copyFrom(o);
    }
    return *this;
  }
  ~SizesAndStrides() { freeHeap(); }

  size_t rank() const { return rank_; }
  std::span<const int64_t> sizes() const { return {sizeData(), rank_}; }
  std::span<const int64_t> strides() const { return {strideData(), rank_}; }
  int64_t* sizeData() { return isInline() ? inline_ : heap_; }
  int64_t* strideData() { return isInline() ? inline_ + kInlineDims : heap_ + rank_; }
  const int64_t* sizeData() const { return isInline() ? inline_ : heap_; }
  const int64_t* strideData() const { return isInline() ? inline_ + kInlineDims : heap_ + rank_; }

  // Changes the rank; contents become unspecified.
  void resize(size_t rank) {
    if (rank == rank_) return;
    if (rank <= kInlineDims) {
      freeHeap();
    } else if (isInline() || rank > rank_) {
      freeHeap();
      heap_ = new int64_t[2 * rank];
    }
    rank_ = rank;
  }
  void set(IntArrayRef sizes, IntArrayRef strides) {
    resize(sizes.size());
    if (rank_) {
      std::memcpy(sizeData(), sizes.data(), rank_ * sizeof(int64_t));
      std::memcpy(strideData(), strides.data(), rank_ * sizeof(int64_t));
    }
  }

 private:
  bool isInline() const { return rank_ <= kInlineDims; }
  void freeHeap() {
    if (!isInline()) delete[] heap_;
    rank_ = 0;
  }
  void copyFrom(const SizesAndStrides& o) {
    rank_ = 0;
    resize(o.rank_);
    if (isInline()) std::memcpy(inline_, o.inline_, sizeof(inline_));
    else std::memcpy(heap_, o.heap_, 2 * rank_ * sizeof(int64_t));
  }

  size_t rank_ = 0;
  union {
    int64_t inline_[2 * kInlineDims];
    int64_t* heap_;
  };
};

}  // namespace jitserve
