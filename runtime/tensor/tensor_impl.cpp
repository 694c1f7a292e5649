#include "runtime/tensor/tensor_impl.h"

#include <algorithm>
#include <sstream>

#include "runtime/support/error.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve {

std::string shapeToString(IntArrayRef shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  s += "]";
  return s;
}

void throwDimOutOfRange(int64_t dim, int64_t min, int64_t max) {
  JS_ERROR("Dimension out of range (expected to be in range of [", min, ", ", max, "], but got ", dim, ")");
}

DimVector contiguous_strides(IntArrayRef sizes) {
  DimVector strides(sizes.size());
  int64_t s = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = s;
    s *= std::max<int64_t>(sizes[i], 1);
  }
  return strides;
}

int64_t checked_numel(IntArrayRef sizes, const char* what) {
  int64_t n = 1;
  for (int64_t s : sizes) {
    JS_CHECK(s >= 0, what, ": negative dimension ", s, " in shape ", shapeToString(sizes));
    JS_CHECK(!__builtin_mul_overflow(n, s, &n), what, ": shape ", shapeToString(sizes),
             " has too many elements (int64 overflow)");
  }
  return n;
}

TensorImpl::TensorImpl(Storage storage, ScalarType dtype, IntArrayRef sizes)
    : storage_(std::move(storage)), itemsize_(static_cast<uint32_t>(elementSize(dtype))), dtype_(dtype) {
  set_sizes_contiguous(sizes);
}

TensorImpl::TensorImpl(Storage storage, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides,
                       int64_t storage_offset)
    : storage_(std::move(storage)),
      storage_offset_(storage_offset),
      itemsize_(static_cast<uint32_t>(elementSize(dtype))),
      dtype_(dtype) {
  JS_INTERNAL_ASSERT(sizes.size() == strides.size(), "sizes ", shapeToString(sizes), " vs strides ",
                     shapeToString(strides));
  sizes_strides_.set(sizes, strides);
  refresh();
}

void TensorImpl::set_sizes_and_strides(IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> offset) {
  JS_INTERNAL_ASSERT(sizes.size() == strides.size(), "sizes ", shapeToString(sizes), " vs strides ",
                     shapeToString(strides));
  sizes_strides_.set(sizes, strides);
  if (offset) storage_offset_ = *offset;
  refresh();
}

void TensorImpl::set_sizes_contiguous(IntArrayRef sizes) {
  sizes_strides_.resize(sizes.size());
  int64_t* sz = sizes_strides_.sizeData();
  int64_t* st = sizes_strides_.strideData();
  int64_t s = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    sz[i] = sizes[i];
    st[i] = s;
    s *= std::max<int64_t>(sizes[i], 1);
  }
  refresh();
}

void TensorImpl::throwNotOnHost() const {
  throw NotOnHostError(detail::concat(
      "expected a tensor in host memory, but this one is on ", device().str(),
      ": an operator ran its CPU kernel on it (that operator has no kernel for ", deviceTypeName(device().type),
      ", or its inputs are on different devices); move it with .cpu() or .to()"));
}

void TensorImpl::refresh() {
  const size_t n = sizes_strides_.rank();
  const int64_t* sz = sizes_strides_.sizeData();
  const int64_t* st = sizes_strides_.strideData();
  int64_t numel = 1;
  for (size_t i = 0; i < n; ++i) numel *= sz[i];
  numel_ = numel;
  bool contig = true;
  if (numel != 0) {
    int64_t expected = 1;
    for (size_t i = n; i-- > 0;) {
      if (sz[i] == 1) continue;
      if (st[i] != expected) {
        contig = false;
        break;
      }
      expected *= sz[i];
    }
  }
  contiguous_ = contig;
}

bool TensorImpl::is_non_overlapping_and_dense() const {
  if (contiguous_) return true;
  const size_t n = sizes_strides_.rank();
  const int64_t* sz = sizes_strides_.sizeData();
  const int64_t* st = sizes_strides_.strideData();
  DimVector perm;
  for (size_t i = 0; i < n; ++i)
    if (sz[i] != 1) perm.push_back(static_cast<int64_t>(i));
  std::sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    return st[a] < st[b] || (st[a] == st[b] && sz[a] < sz[b]);
  });
  int64_t expected = 1;
  for (int64_t d : perm) {
    if (st[d] != expected) return false;
    expected *= sz[d];
  }
  return true;
}

}  // namespace jitserve
