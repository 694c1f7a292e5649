// IntArrayRef: a non-owning view of int64 values (sizes, strides, dims) that
// also binds to brace lists, so `t.view({2, -1})` and `empty({3, 4})` read like
// Python. DimVector: the owning counterpart, inline for the ranks that occur
// in practice so shape arithmetic does not touch the heap.
//
// An IntArrayRef built from a brace list lives only until the end of the full
// expression: take one as a parameter, never store it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"

namespace jitserve {

inline constexpr size_t kInlineDims = 5;
using DimVector = absl::InlinedVector<int64_t, kInlineDims>;

class IntArrayRef {
 public:
  constexpr IntArrayRef() = default;
  constexpr IntArrayRef(const int64_t* data, size_t size) : data_(data), size_(size) {}
  constexpr IntArrayRef(const int64_t& one) : data_(&one), size_(1) {}  // NOLINT: a single dim
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"  // intended: a parameter-only view
#endif
  constexpr IntArrayRef(std::initializer_list<int64_t> il) : data_(il.begin()), size_(il.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  constexpr IntArrayRef(std::span<const int64_t> s) : data_(s.data()), size_(s.size()) {}
  IntArrayRef(const std::vector<int64_t>& v) : data_(v.data()), size_(v.size()) {}
  IntArrayRef(const DimVector& v) : data_(v.data()), size_(v.size()) {}

  constexpr const int64_t* data() const { return data_; }
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr const int64_t* begin() const { return data_; }
  constexpr const int64_t* end() const { return data_ + size_; }
  constexpr int64_t operator[](size_t i) const { return data_[i]; }
  constexpr int64_t front() const { return data_[0]; }
  constexpr int64_t back() const { return data_[size_ - 1]; }
  constexpr operator std::span<const int64_t>() const { return {data_, size_}; }
  std::vector<int64_t> vec() const { return {begin(), end()}; }
  DimVector dimVec() const { return DimVector(begin(), end()); }

  friend bool operator==(IntArrayRef a, IntArrayRef b) {
    if (a.size_ != b.size_) return false;
    for (size_t i = 0; i < a.size_; ++i)
      if (a.data_[i] != b.data_[i]) return false;
    return true;
  }

 private:
  const int64_t* data_ = nullptr;
  size_t size_ = 0;
};

// "[2, 3, 4]", as PyTorch prints sizes in error messages.
std::string shapeToString(IntArrayRef shape);

}  // namespace jitserve
