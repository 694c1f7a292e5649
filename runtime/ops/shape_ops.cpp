#include "runtime/ops/shape_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <complex>
#include <cstring>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "runtime/ops/index_ops.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/parallel.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::ops {
namespace {

std::string listToString(IntArrayRef v) { return shapeToString(v); }

// Element-size-generic copy from a raw strided source (strides in elements,
// possibly negative) into a contiguous destination of the same shape. Used
// where the source is not expressible as a Tensor view (flip).
template <typename U>
void gatherStrided(U* dst, const U* src, IntArrayRef sizes, IntArrayRef strides) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  int64_t numel = 1;
  for (int64_t s : sizes) numel *= s;
  if (numel == 0) return;
  if (nd == 0) {
    dst[0] = src[0];
    return;
  }
  const int64_t inner = sizes[nd - 1], inner_stride = strides[nd - 1];
  const int64_t outer = numel / inner;
  parallel_for(0, outer, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, inner)), [&](int64_t b, int64_t e) {
    DimVector idx(static_cast<size_t>(nd - 1), 0);
    // Position of row b in the outer dims.
    int64_t rem = b;
    for (int64_t d = nd - 2; d >= 0; --d) {
      idx[d] = rem % sizes[d];
      rem /= sizes[d];
    }
    for (int64_t row = b; row < e; ++row) {
      int64_t off = 0;
      for (int64_t d = 0; d < nd - 1; ++d) off += idx[d] * strides[d];
      const U* s = src + off;
      U* o = dst + row * inner;
      for (int64_t j = 0; j < inner; ++j) o[j] = s[j * inner_stride];
      for (int64_t d = nd - 2; d >= 0; --d) {
        if (++idx[d] < sizes[d]) break;
        idx[d] = 0;
      }
    }
  });
}

struct Bytes16 {
  uint64_t lo, hi;
};

template <typename F>
void dispatchByItemsize(size_t itemsize, F&& f) {
  switch (itemsize) {
    case 1: return f(static_cast<uint8_t*>(nullptr));
    case 2: return f(static_cast<uint16_t*>(nullptr));
    case 4: return f(static_cast<uint32_t*>(nullptr));
    case 8: return f(static_cast<uint64_t*>(nullptr));
    case 16: return f(static_cast<Bytes16*>(nullptr));
    default: JS_INTERNAL_ASSERT(false, "unexpected element size ", itemsize);
  }
}

std::vector<int64_t> wrapDims(IntArrayRef dims, int64_t ndim, const char* op) {
  std::vector<int64_t> out;
  std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(ndim, 1)), false);
  for (int64_t d : dims) {
    const int64_t w = maybe_wrap_dim(d, ndim);
    JS_CHECK(!seen[w], "dim ", w, " appears multiple times in the list of dims");
    seen[w] = true;
    out.push_back(w);
  }
  (void)op;
  return out;
}

}  // namespace

namespace {

// cat of contiguous inputs of the output's dtype (the common case):
// each outer index copies one run per input with memcpy, split over the
// pool, instead of one strided TensorIterator copy per input. false (nothing
// written) when some input does not qualify.
bool catContiguous(const std::vector<Tensor>& tensors, int64_t d, Tensor& out) {
  if (!out.is_contiguous()) return false;
  for (const Tensor& t : tensors)
    if (!(t.dim() == 1 && t.size(0) == 0) && (t.dtype() != out.dtype() || !t.is_contiguous())) return false;
  int64_t outer = 1, inner = 1;
  for (int64_t k = 0; k < d; ++k) outer *= out.size(k);
  for (int64_t k = d + 1; k < out.dim(); ++k) inner *= out.size(k);
  const int64_t item = static_cast<int64_t>(out.itemsize()), row = out.size(d) * inner * item;
  if (row == 0 || outer == 0) return true;
  std::vector<std::pair<const char*, int64_t>> parts;  // data, bytes per outer index
  for (const Tensor& t : tensors)
    if (!(t.dim() == 1 && t.size(0) == 0) && t.size(d) > 0)
      parts.emplace_back(static_cast<const char*>(t.data_ptr()), t.size(d) * inner * item);
  char* dst = static_cast<char*>(out.data_ptr());
  const int64_t grain = std::max<int64_t>(1, kGrainSize * 4 / row);  // ~128 KiB of floats per chunk
  parallel_for(0, outer, grain, [&](int64_t b, int64_t e) {
    for (int64_t o = b; o < e; ++o) {
      char* p = dst + o * row;
      for (const auto& [src, bytes] : parts) {
        std::memcpy(p, src + o * bytes, static_cast<size_t>(bytes));
        p += bytes;
      }
    }
  });
  return true;
}

}  // namespace

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim, Tensor out) {
  JS_CHECK(!tensors.empty(), "torch.cat(): expected a non-empty list of Tensors");
  const ScalarType dtype = result_type(std::span<const Tensor>(tensors));
  if (out.defined()) {
    JS_CHECK(canCast(dtype, out.dtype()), "torch.cat(): input types can't be cast to the desired output type ",
             scalarTypeName(out.dtype()));
    for (const Tensor& t : tensors) checkNoOverlap(out, t);
  }
  // Legacy rule: 1-D empty tensors are skipped whatever the other shapes.
  const Tensor* ref = nullptr;
  for (const Tensor& t : tensors)
    if (!(t.dim() == 1 && t.size(0) == 0)) {
      ref = &t;
      break;
    }
  if (!ref) {
    if (!out.defined()) return empty({0}, dtype);
    resizeOut(out, IntArrayRef({0}));
    return out;
  }
  JS_CHECK(ref->dim() > 0, "zero-dimensional tensor (at position ", ref - tensors.data(), ") cannot be concatenated");
  const int64_t d = maybe_wrap_dim(dim, ref->dim());
  DimVector shape(ref->sizes().begin(), ref->sizes().end());
  int64_t total = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (t.dim() == 1 && t.size(0) == 0) continue;
    JS_CHECK(t.dim() > 0, "zero-dimensional tensor (at position ", i, ") cannot be concatenated");
    JS_CHECK(t.dim() == ref->dim(), "Tensors must have same number of dimensions: got ", ref->dim(), " and ",
             t.dim());
    for (int64_t k = 0; k < t.dim(); ++k) {
      if (k == d) continue;
      JS_CHECK(t.size(k) == shape[k], "Sizes of tensors must match except in dimension ", d, ". Expected size ",
               shape[k], " but got size ", t.size(k), " for tensor number ", i, " in the list.");
    }
    total += t.size(d);
  }
  shape[d] = total;
  if (out.defined()) resizeOut(out, shape);
  else out = empty(shape, dtype);
  if (catContiguous(tensors, d, out)) return out;
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (t.dim() == 1 && t.size(0) == 0) continue;
    const int64_t n = t.size(d);
    if (n > 0) out.narrow(d, offset, n).copy_(t);
    offset += n;
  }
  return out;
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim, Tensor out) {
  JS_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  const int64_t d = maybe_wrap_dim(dim, tensors[0].dim() + 1);
  for (size_t i = 1; i < tensors.size(); ++i)
    JS_CHECK(IntArrayRef(tensors[i].sizes()) == IntArrayRef(tensors[0].sizes()),
             "stack expects each tensor to be equal size, but got ", shapeToString(tensors[0].sizes()),
             " at entry 0 and ", shapeToString(tensors[i].sizes()), " at entry ", i);
  std::vector<Tensor> us;
  us.reserve(tensors.size());
  for (const Tensor& t : tensors) us.push_back(t.unsqueeze(d));
  return cat(us, d, std::move(out));
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  JS_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  JS_CHECK(split_size >= 0, "split expects split_size be non-negative, but got split_size=", split_size);
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t n = self.size(d);
  JS_CHECK(split_size != 0 || n == 0, "split_size can only be 0 if dimension size is 0, but got dimension size of ",
           n);
  int64_t parts = split_size == 0 ? 1 : std::max<int64_t>((n + split_size - 1) / split_size, 1);
  std::vector<Tensor> out;
  out.reserve(static_cast<size_t>(parts));
  for (int64_t i = 0; i < parts; ++i) {
    const int64_t start = i * split_size;
    out.push_back(self.narrow(d, start, std::min(split_size, n - start)));
  }
  return out;
}

std::vector<Tensor> split_with_sizes(const Tensor& self, IntArrayRef sizes, int64_t dim) {
  JS_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t n = self.size(d);
  int64_t sum = 0;
  for (int64_t s : sizes) {
    JS_CHECK(s >= 0, "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=",
             listToString(sizes));
    sum += s;
  }
  JS_CHECK(sum == n, "split_with_sizes expects split_sizes to sum exactly to ", n,
           " (input tensor's size at dimension ", d, "), but got split_sizes=", listToString(sizes));
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t s : sizes) {
    out.push_back(self.narrow(d, start, s));
    start += s;
  }
  return out;
}

std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  JS_CHECK(self.dim() > 0, "chunk expects at least a 1-dimensional tensor");
  JS_CHECK(chunks > 0, "chunk expects `chunks` to be greater than 0, got: ", chunks);
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t n = self.size(d);
  const int64_t split_size = (n + chunks - 1) / chunks;
  if (split_size == 0 && n == 0) {
    std::vector<int64_t> sizes(static_cast<size_t>(chunks), 0);
    return split_with_sizes(self, sizes, d);
  }
  return split(self, split_size, d);
}

namespace {

std::vector<Tensor> tensorSplitSections(const Tensor& self, int64_t sections, int64_t dim) {
  JS_CHECK(self.dim() > 0, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ",
           self.dim(), " dims");
  JS_CHECK(sections > 0, "number of sections must be larger than 0, got ", sections);
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t n = self.size(d);
  const int64_t base = n / sections, extra = n % sections;
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t i = 0; i < sections; ++i) {
    const int64_t len = base + (i < extra ? 1 : 0);
    out.push_back(self.narrow(d, start, len));
    start += len;
  }
  return out;
}

std::vector<Tensor> tensorSplitIndices(const Tensor& self, IntArrayRef indices, int64_t dim) {
  JS_CHECK(self.dim() > 0, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ",
           self.dim(), " dims");
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t n = self.size(d);
  std::vector<Tensor> out;
  int64_t start = 0;
  for (size_t i = 0; i <= indices.size(); ++i) {
    int64_t end = i < indices.size() ? indices[i] : n;
    if (end < 0) end += n;
    end = std::clamp<int64_t>(end, 0, n);
    const int64_t s = std::min(start, n);
    out.push_back(self.slice(d, s, std::max(end, s)));
    start = std::max(start, end);
  }
  return out;
}

std::vector<Tensor> tensorSplitTensor(const Tensor& self, const Tensor& ios, int64_t dim) {
  JS_CHECK(ios.dtype() == ScalarType::Long,
           "tensor_split expected tensor_indices_or_sections to have dtype of long, but got ",
           scalarTypeName(ios.dtype()));
  JS_CHECK(ios.dim() <= 1,
           "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but "
           "got a tensor with ",
           ios.dim(), " dims");
  if (ios.dim() == 0) return tensorSplitSections(self, ios.item<int64_t>(), dim);
  Tensor c = ios.contiguous();
  std::vector<int64_t> idx(c.data<int64_t>(), c.data<int64_t>() + c.numel());
  return tensorSplitIndices(self, idx, dim);
}

Tensor atleast(const Tensor& t, int64_t n) {
  if (t.dim() >= n) return t;
  if (n == 1) return t.reshape({1});
  if (n == 2) return t.dim() == 0 ? t.reshape({1, 1}) : t.unsqueeze(0);
  // atleast_3d: 0-D -> [1,1,1], 1-D [n] -> [1,n,1], 2-D [a,b] -> [a,b,1].
  if (t.dim() == 0) return t.reshape({1, 1, 1});
  if (t.dim() == 1) return t.unsqueeze(0).unsqueeze(-1);
  return t.unsqueeze(-1);
}

std::vector<Tensor> atleastAll(const std::vector<Tensor>& ts, int64_t n) {
  std::vector<Tensor> out;
  for (const Tensor& t : ts) out.push_back(atleast(t, n));
  return out;
}

Tensor hstack(const std::vector<Tensor>& ts) {
  JS_CHECK(!ts.empty(), "hstack expects a non-empty TensorList");
  std::vector<Tensor> r = atleastAll(ts, 1);
  return cat(r, r[0].dim() == 1 ? 0 : 1);
}
Tensor vstack(const std::vector<Tensor>& ts) {
  JS_CHECK(!ts.empty(), "vstack expects a non-empty TensorList");
  return cat(atleastAll(ts, 2), 0);
}
Tensor dstack(const std::vector<Tensor>& ts) {
  JS_CHECK(!ts.empty(), "dstack expects a non-empty TensorList");
  return cat(atleastAll(ts, 3), 2);
}
Tensor column_stack(const std::vector<Tensor>& ts) {
  JS_CHECK(!ts.empty(), "column_stack expects a non-empty TensorList");
  std::vector<Tensor> r;
  for (const Tensor& t : ts) r.push_back(t.dim() <= 1 ? t.reshape({t.numel(), 1}) : t);
  return cat(r, 1);
}

}  // namespace

Tensor flip(const Tensor& self, IntArrayRef dims) {
  std::vector<int64_t> wd = wrapDims(dims, self.dim(), "flip");
  Tensor out = empty(self.sizes(), self.dtype());
  if (self.numel() == 0) return out;
  // Start at the last element of each flipped dim and walk it backwards.
  DimVector strides(self.strides().begin(), self.strides().end());
  const char* base = static_cast<const char*>(self.data_ptr());
  for (int64_t d : wd) {
    base += (self.size(d) - 1) * strides[d] * static_cast<int64_t>(self.itemsize());
    strides[d] = -strides[d];
  }
  dispatchByItemsize(self.itemsize(), [&](auto* tag) {
    using U = std::remove_pointer_t<decltype(tag)>;
    gatherStrided(static_cast<U*>(out.data_ptr()), reinterpret_cast<const U*>(base), self.sizes(), strides);
  });
  return out;
}

Tensor roll(const Tensor& self, IntArrayRef shifts, IntArrayRef dims) {
  JS_CHECK(!shifts.empty(), "`shifts` required");
  if (dims.empty()) {
    JS_CHECK(shifts.size() == 1, "shifts and dimensions must align. shifts: ", shifts.size(), ", dims:0");
    return roll(self.flatten(), shifts, {0}).view(self.sizes());
  }
  JS_CHECK(shifts.size() == dims.size(), "shifts and dimensions must align. shifts: ", shifts.size(),
           ", dims:", dims.size());
  Tensor cur = self;
  for (size_t i = 0; i < dims.size(); ++i) {
    const int64_t d = maybe_wrap_dim(dims[i], self.dim());
    const int64_t n = cur.size(d);
    if (n == 0) continue;
    const int64_t s = ((shifts[i] % n) + n) % n;
    if (s == 0 && i + 1 < dims.size()) continue;
    cur = cat({cur.narrow(d, n - s, s), cur.narrow(d, 0, n - s)}, d);
  }
  return cur.is_same(self) ? self.clone() : cur;
}

Tensor repeat(const Tensor& self, IntArrayRef repeats) {
  JS_CHECK(static_cast<int64_t>(repeats.size()) >= self.dim(),
           "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  for (int64_t r : repeats)
    JS_CHECK(r >= 0, "Trying to create tensor with negative dimension ", r, ": ", listToString(repeats));
  // View self as [1, s0, 1, s1, ...], expand the 1s to the repeat counts and
  // materialize: one copy, no per-repeat loop.
  const size_t lead = repeats.size() - static_cast<size_t>(self.dim());
  DimVector pre, expanded, out_shape;
  for (size_t i = 0; i < repeats.size(); ++i) {
    const int64_t s = i < lead ? 1 : self.size(static_cast<int64_t>(i - lead));
    pre.push_back(1);
    pre.push_back(s);
    expanded.push_back(repeats[i]);
    expanded.push_back(s);
    out_shape.push_back(repeats[i] * s);
  }
  Tensor out = empty(out_shape, self.dtype());
  if (out.numel() == 0) return out;
  out.view(expanded).copy_(self.reshape(pre).expand(expanded));
  return out;
}

Tensor triangle(const Tensor& self, int64_t diagonal, bool lower) {
  JS_CHECK(self.dim() >= 2, lower ? "tril" : "triu", ": input tensor must have at least 2 dimensions");
  Tensor out = self.clone();
  const int64_t rows = self.size(-2), cols = self.size(-1);
  const int64_t mats = rows * cols == 0 ? 0 : out.numel() / (rows * cols);
  const size_t isz = out.itemsize();
  char* p = static_cast<char*>(out.data_ptr());
  for (int64_t m = 0; m < mats; ++m) {
    for (int64_t i = 0; i < rows; ++i) {
      char* row = p + (m * rows + i) * cols * static_cast<int64_t>(isz);
      // tril keeps j <= i + diagonal; triu keeps j >= i + diagonal.
      int64_t z0, z1;
      if (lower) {
        z0 = std::clamp<int64_t>(i + diagonal + 1, 0, cols);
        z1 = cols;
      } else {
        z0 = 0;
        z1 = std::clamp<int64_t>(i + diagonal, 0, cols);
      }
      if (z1 > z0) std::memset(row + z0 * static_cast<int64_t>(isz), 0, static_cast<size_t>(z1 - z0) * isz);
    }
  }
  return out;
}

Tensor constant_pad_nd(const Tensor& self, IntArrayRef pad, const Scalar& value) {
  JS_CHECK(pad.size() % 2 == 0, "Length of pad must be even but instead it equals ", pad.size());
  const int64_t npad = static_cast<int64_t>(pad.size()) / 2;
  JS_CHECK(npad <= self.dim(), "Length of pad should be no more than twice the number of dimensions of the input. ",
           "Pad length is ", pad.size(), " while the input has ", self.dim(), " dimensions.");
  DimVector shape(self.sizes().begin(), self.sizes().end());
  Tensor src = self;
  for (int64_t i = 0; i < npad; ++i) {
    const int64_t d = self.dim() - 1 - i;
    const int64_t before = pad[2 * i], after = pad[2 * i + 1];
    const int64_t n = shape[d] + before + after;
    JS_CHECK(n >= 0, "The input size ", shape[d], ", plus negative padding ", before, " and ", after,
             " resulted in a negative output size, which is invalid. Check dimension ", d, " of your input.");
    // Negative padding crops the input.
    const int64_t crop_lo = std::max<int64_t>(0, -before), crop_hi = std::max<int64_t>(0, -after);
    src = src.narrow(d, std::min(crop_lo, src.size(d)), std::max<int64_t>(0, src.size(d) - crop_lo - crop_hi));
    shape[d] = n;
  }
  Tensor out = full(shape, value, self.dtype());
  if (src.numel() == 0) return out;
  Tensor dst = out;
  for (int64_t i = 0; i < npad; ++i) {
    const int64_t d = self.dim() - 1 - i;
    dst = dst.narrow(d, std::max<int64_t>(0, pad[2 * i]), src.size(d));
  }
  dst.copy_(src);
  return out;
}

namespace {

Tensor diag(const Tensor& self, int64_t offset) {
  JS_CHECK(self.dim() == 1 || self.dim() == 2, "diag(): Supports 1D or 2D tensors. Got ", self.dim(), "D");
  if (self.dim() == 2) return self.diagonal(offset, 0, 1).clone();
  const int64_t n = self.size(0) + std::abs(offset);
  Tensor out = zeros({n, n}, self.dtype());
  out.diagonal(offset, 0, 1).copy_(self);
  return out;
}

Tensor diag_embed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t nd = self.dim() + 1;
  const int64_t d1 = maybe_wrap_dim(dim1, nd), d2 = maybe_wrap_dim(dim2, nd);
  JS_CHECK(d1 != d2, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  const int64_t n = self.size(-1) + std::abs(offset);
  DimVector shape(self.sizes().begin(), self.sizes().end() - 1);
  // Insert the two new dims in increasing order.
  const int64_t lo = std::min(d1, d2), hi = std::max(d1, d2);
  shape.insert(shape.begin() + lo, n);
  shape.insert(shape.begin() + hi, n);
  Tensor out = zeros(shape, self.dtype());
  out.diagonal(offset, d1, d2).copy_(self);
  return out;
}

Tensor tile(const Tensor& self, IntArrayRef dims) {
  std::vector<int64_t> reps(dims.begin(), dims.end());
  while (static_cast<int64_t>(reps.size()) < self.dim()) reps.insert(reps.begin(), 1);
  return repeat(self, reps);
}

Tensor repeat_interleave_int(const Tensor& self, int64_t repeats, std::optional<int64_t> dim) {
  JS_CHECK(repeats >= 0, "repeats can not be negative");
  Tensor x = dim ? self : self.flatten();
  const int64_t d = dim ? maybe_wrap_dim(*dim, x.dim()) : 0;
  DimVector shape(x.sizes().begin(), x.sizes().end());
  shape.insert(shape.begin() + d + 1, repeats);
  return x.unsqueeze(d + 1).expand(shape).flatten(d, d + 1).contiguous();
}

// The indices 0 (repeats[0] times), 1 (repeats[1] times), ... of
// repeat_interleave(Tensor repeats): an int tensor of 0 or 1 dims.
Tensor repeat_interleave_indices(const Tensor& repeats, std::optional<int64_t> outputSize) {
  JS_CHECK(repeats.dim() <= 1, "repeats must be 0-dim or 1-dim tensor");
  JS_CHECK(!isFloatingType(repeats.dtype()) && !isComplexType(repeats.dtype()) && repeats.dtype() != ScalarType::Bool,
           "\"repeat_interleave_cpu\" not implemented for '", scalarTypeName(repeats.dtype()), "'");
  const Tensor r = repeats.to(ScalarType::Long).contiguous().reshape({-1});
  const int64_t* rp = r.data<int64_t>();
  int64_t total = 0;
  for (int64_t i = 0; i < r.numel(); ++i) {
    JS_CHECK(rp[i] >= 0, "repeats can not be negative");
    JS_CHECK(!__builtin_add_overflow(total, rp[i], &total), "repeat_interleave: the repeats' sum overflows");
  }
  if (outputSize) JS_CHECK(*outputSize == total, "allocated size does not match required size");
  Tensor out = empty({total}, ScalarType::Long);
  int64_t* op = out.data<int64_t>();
  for (int64_t i = 0, k = 0; i < r.numel(); ++i)
    for (int64_t j = 0; j < rp[i]; ++j) op[k++] = i;
  return out;
}

// repeat_interleave(self, Tensor repeats, dim): a 0-dim or one-element
// repeats repeats every slice; otherwise one count per slice along dim.
Tensor repeat_interleave_tensor(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim,
                                std::optional<int64_t> outputSize) {
  Tensor x = dim ? self : self.flatten();
  const int64_t d = dim ? maybe_wrap_dim(*dim, std::max<int64_t>(x.dim(), 1)) : 0;
  JS_CHECK(repeats.dim() <= 1, "repeats must be 0-dim or 1-dim tensor");
  const int64_t slices = x.dim() == 0 ? 1 : x.size(d);
  Tensor r = repeats;
  if (repeats.numel() == 1 && slices != 1) r = repeats.reshape({1}).expand({slices});
  JS_CHECK(r.numel() == slices, "repeats must have the same size as input along dim");
  return index_select(x.dim() == 0 ? x.reshape({1}) : x, d, repeat_interleave_indices(r, outputSize));
}

Tensor rot90(const Tensor& self, int64_t k, IntArrayRef dims) {
  JS_CHECK(dims.size() == 2, "expected total rotation dims == 2, but got dims = ", dims.size());
  JS_CHECK(self.dim() >= 2, "expected total dims >= 2, but got total dims = ", self.dim());
  const int64_t d0 = maybe_wrap_dim(dims[0], self.dim()), d1 = maybe_wrap_dim(dims[1], self.dim());
  JS_CHECK(d0 != d1, "expected rotation dims to be different, but got dim0 = ", d0, " and dim1 = ", d1);
  k = ((k % 4) + 4) % 4;
  switch (k) {
    case 1: return flip(self, {d1}).transpose(d0, d1).contiguous();
    case 2: return flip(self, {d0, d1});
    case 3: return flip(self, {d0}).transpose(d0, d1).contiguous();
    default: return self.clone();
  }
}

std::vector<Tensor> meshgrid(const std::vector<Tensor>& ts, std::string_view indexing) {
  JS_CHECK(indexing == "ij" || indexing == "xy", "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ",
           indexing);
  for (const Tensor& t : ts)
    JS_CHECK(t.dim() <= 1, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: ", describe(t));
  std::vector<Tensor> in = ts;
  const bool swap = indexing == "xy" && in.size() >= 2;
  if (swap) std::swap(in[0], in[1]);
  DimVector shape;
  for (const Tensor& t : in) shape.push_back(t.numel());
  std::vector<Tensor> out;
  for (size_t i = 0; i < in.size(); ++i) {
    DimVector v(in.size(), 1);
    v[i] = -1;
    out.push_back(in[i].view(v).expand(shape));
  }
  // "xy": the grids of (y, x, ...) in ij order, the first two handed back
  // swapped; each has shape (len y, len x, ...), as PyTorch's.
  if (swap) std::swap(out[0], out[1]);
  return out;
}

Tensor block_diag(const std::vector<Tensor>& ts) {
  if (ts.empty()) return empty({1, 0});
  const ScalarType dtype = result_type(std::span<const Tensor>(ts));
  int64_t rows = 0, cols = 0;
  std::vector<Tensor> mats;
  for (size_t i = 0; i < ts.size(); ++i) {
    const Tensor& t = ts[i];
    JS_CHECK(t.dim() <= 2, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input ", i, " has ",
             t.dim(), " dimensions");
    Tensor m = t.dim() == 2 ? t : t.reshape({1, t.numel()});
    rows += m.size(0);
    cols += m.size(1);
    mats.push_back(m);
  }
  Tensor out = zeros({rows, cols}, dtype);
  int64_t r = 0, c = 0;
  for (const Tensor& m : mats) {
    if (m.numel() > 0) out.narrow(0, r, m.size(0)).narrow(1, c, m.size(1)).copy_(m);
    r += m.size(0);
    c += m.size(1);
  }
  return out;
}

Tensor cartesian_prod(const std::vector<Tensor>& ts) {
  for (const Tensor& t : ts) JS_CHECK(t.dim() == 1, "Expect a 1D vector, but got shape ", shapeToString(t.sizes()));
  if (ts.size() == 1) return ts[0];
  std::vector<Tensor> grids = meshgrid(ts, "ij");
  for (Tensor& g : grids) g = g.flatten();
  return stack(grids, 1);
}

Tensor combinations(const Tensor& self, int64_t r, bool with_replacement) {
  JS_CHECK(self.dim() == 1, "Expect a 1D vector, but got shape ", shapeToString(self.sizes()));
  JS_CHECK(r >= 0, "Expect a non-negative number, but got ", r);
  if (r == 0) return empty({0}, self.dtype());
  const int64_t n = self.size(0);
  // Enumerate index tuples in lexicographic order (strictly or weakly increasing).
  std::vector<int64_t> rows;
  std::vector<int64_t> idx(static_cast<size_t>(r));
  for (int64_t i = 0; i < r; ++i) idx[i] = with_replacement ? 0 : i;
  auto valid = [&] { return r <= n || with_replacement; };
  int64_t count = 0;
  if (n > 0 && valid()) {
    while (true) {
      rows.insert(rows.end(), idx.begin(), idx.end());
      ++count;
      int64_t i = r - 1;
      while (i >= 0 && idx[i] == (with_replacement ? n - 1 : n - r + i)) --i;
      if (i < 0) break;
      ++idx[i];
      for (int64_t j = i + 1; j < r; ++j) idx[j] = with_replacement ? idx[i] : idx[j - 1] + 1;
    }
  }
  Tensor out = empty({count, r}, self.dtype());
  if (count == 0) return out;
  dispatchByItemsize(self.itemsize(), [&](auto* tag) {
    using U = std::remove_pointer_t<decltype(tag)>;
    const U* src = static_cast<const U*>(self.data_ptr());
    U* dst = static_cast<U*>(out.data_ptr());
    const int64_t st = self.stride(0);
    for (size_t i = 0; i < rows.size(); ++i) dst[i] = src[rows[i] * st];
  });
  return out;
}

// A copy of self with src written into view(the copy).
template <typename View>
Tensor scatterInto(const Tensor& self, const Tensor& src, const View& view) {
  Tensor out = self.clone();
  Tensor dst = view(out);
  JS_CHECK(IntArrayRef(dst.sizes()) == IntArrayRef(src.sizes()), "expected src to have a size equal to the slice of self. src size = ",
           shapeToString(src.sizes()), ", slice size = ", shapeToString(dst.sizes()));
  dst.copy_(src);
  return out;
}

Tensor diagonalScatter(const Tensor& self, const Tensor& src, int64_t offset, int64_t dim1, int64_t dim2) {
  return scatterInto(self, src, [&](const Tensor& t) { return t.diagonal(offset, dim1, dim2); });
}
Tensor selectScatter(const Tensor& self, const Tensor& src, int64_t dim, int64_t index) {
  return scatterInto(self, src, [&](const Tensor& t) { return t.select(dim, index); });
}
Tensor sliceScatter(const Tensor& self, const Tensor& src, int64_t dim, std::optional<int64_t> start,
                    std::optional<int64_t> end, int64_t step) {
  return scatterInto(self, src, [&](const Tensor& t) { return t.slice(dim, start, end, step); });
}
Tensor asStridedScatter(const Tensor& self, const Tensor& src, std::vector<int64_t> size, std::vector<int64_t> stride,
                        std::optional<int64_t> storage_offset) {
  return scatterInto(self, src, [&](const Tensor& t) { return t.as_strided(size, stride, storage_offset); });
}

// A conjugated copy of a complex tensor (a plain copy of a real one).
Tensor conjugatedCopy(const Tensor& t) {
  Tensor out = t.clone().contiguous();
  if (t.dtype() == ScalarType::ComplexFloat) {
    auto* p = out.data<std::complex<float>>();
    for (int64_t i = 0; i < out.numel(); ++i) p[i] = std::conj(p[i]);
  } else if (t.dtype() == ScalarType::ComplexDouble) {
    auto* p = out.data<std::complex<double>>();
    for (int64_t i = 0; i < out.numel(); ++i) p[i] = std::conj(p[i]);
  } else {
    JS_CHECK(!isComplexType(t.dtype()), "conj: ", scalarTypeName(t.dtype()), " is not supported");
  }
  return out;
}

// ---- kernels: typed, one parameter per schema argument ----

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) { return self.transpose(dim0, dim1); }
Tensor transpose_(Tensor self, int64_t dim0, int64_t dim1) {
  self.transpose_(dim0, dim1);
  return self;
}
void checkAtMost2d(const Tensor& self, const char* op) {
  JS_CHECK(self.dim() <= 2, op, " expects a tensor with <= 2 dimensions, but self is ", self.dim(), "D");
}
Tensor t(const Tensor& self) {
  checkAtMost2d(self, "t()");
  return self.t();
}
Tensor t_(Tensor self) {
  checkAtMost2d(self, "t_()");
  self.t_();
  return self;
}
Tensor expand(const Tensor& self, std::vector<int64_t> size) { return self.expand(size); }
std::vector<int64_t> inferSize(std::vector<int64_t> a, std::vector<int64_t> b) {
  DimVector r = infer_size(a, b);
  return std::vector<int64_t>(r.begin(), r.end());
}
Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  JS_CHECK(step > 0, "slice step must be positive");
  return self.slice(dim, start, end, step);
}
Tensor narrowTensor(const Tensor& self, int64_t dim, const Tensor& start, int64_t length) {
  JS_CHECK(start.dim() == 0 && isIntegralType(start.dtype(), false), "start must be an 0-dim integral Tensor.");
  return self.narrow(dim, start.item<int64_t>(), length);
}
Tensor movedimInt(const Tensor& self, int64_t source, int64_t destination) {
  return self.movedim(source, destination);
}
Tensor movedimList(const Tensor& self, std::vector<int64_t> source, std::vector<int64_t> destination) {
  return self.movedim(source, destination);
}
// resolve_conj and resolve_neg return self: conjugation and negation are
// never lazy here (conj materializes), so every tensor is already resolved.
Tensor identity(Tensor self) { return self; }
Tensor positive(Tensor self) {
  // positive() rejects bool in PyTorch; the ops served by identity accept it.
  JS_CHECK(self.dtype() != ScalarType::Bool, "The `+` operator, on a bool tensor is not supported.");
  return self;
}
// conj of a complex tensor: PyTorch returns a lazily conjugated view; here
// the values, materialized (writes through it do not reach the input). Real
// tensors are their own conjugate.
Tensor conj(Tensor self) { return isComplexType(self.dtype()) ? conjugatedCopy(self) : self; }
Tensor conjPhysical_(Tensor self) {
  if (isComplexType(self.dtype())) self.copy_(conjugatedCopy(self));
  return self;
}
std::vector<int64_t> sizeList(const Tensor& self) { return {self.sizes().begin(), self.sizes().end()}; }
std::vector<int64_t> strideList(const Tensor& self) { return {self.strides().begin(), self.strides().end()}; }
int64_t len(const Tensor& self) {
  JS_CHECK(self.defined(), "len() of an undefined tensor");
  JS_CHECK(self.dim() > 0, "len() of a 0-d tensor");
  return self.size(0);
}
// CPU tensors: -1, as PyTorch's get_device on CPU.
int64_t getDevice(const Tensor& self) {
  return self.is_cpu() ? int64_t{-1} : static_cast<int64_t>(self.device().index);
}
bool isNonzero(const Tensor& self) {
  JS_CHECK(self.numel() != 0, "Boolean value of Tensor with no values is ambiguous");
  JS_CHECK(self.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
  return self.item().toBool();
}
Tensor toHost(const Tensor& self) { return toDevice(self, Device::cpu()); }
Tensor toCuda(const Tensor& self) { return toDevice(self, Device(DeviceType::CUDA)); }
// result_type of any pair of Tensor and Scalar operands.
template <typename A, typename B>
ScalarType resultType(const A& a, const B& b) {
  return result_type(a, b);
}

Tensor catOp(std::vector<Tensor> tensors, int64_t dim) { return cat(tensors, dim); }
Tensor catOut(std::vector<Tensor> tensors, int64_t dim, Tensor out) { return cat(tensors, dim, std::move(out)); }
Tensor stackOp(std::vector<Tensor> tensors, int64_t dim) { return stack(tensors, dim); }
Tensor stackOut(std::vector<Tensor> tensors, int64_t dim, Tensor out) { return stack(tensors, dim, std::move(out)); }
std::vector<Tensor> splitSizes(const Tensor& self, std::vector<int64_t> split_sizes, int64_t dim) {
  return split_with_sizes(self, split_sizes, dim);
}
std::vector<Tensor> tensorSplitList(const Tensor& self, std::vector<int64_t> indices, int64_t dim) {
  return tensorSplitIndices(self, indices, dim);
}

// hsplit (MinDims 1: dim 1, or 0 of a 1-D tensor), vsplit (2: dim 0) and
// dsplit (3: dim 2): the split dim, once self has at least MinDims dims.
template <int MinDims>
int64_t directionalDim(const Tensor& self, const char* name) {
  JS_CHECK(self.dim() >= MinDims, "torch.", name, " requires a tensor with at least ", MinDims,
           " dimension, but got a tensor with ", self.dim(), " dimensions!");
  if constexpr (MinDims == 1) return self.dim() == 1 ? 0 : 1;
  else return MinDims == 2 ? 0 : 2;
}
template <int MinDims>
constexpr const char* kDirectionalName = MinDims == 1 ? "hsplit" : MinDims == 2 ? "vsplit" : "dsplit";
// An int must divide the split dim.
template <int MinDims>
std::vector<Tensor> directionalSplit(const Tensor& self, int64_t sections) {
  const char* name = kDirectionalName<MinDims>;
  const int64_t dim = directionalDim<MinDims>(self, name);
  JS_CHECK(sections != 0 && self.size(dim) % sections == 0, "torch.", name, " attempted to split along dimension ",
           dim, ", but the size of the dimension ", self.size(dim), " is not divisible by the split_size ", sections,
           "!");
  return tensorSplitSections(self, sections, dim);
}
template <int MinDims>
std::vector<Tensor> directionalSplitAt(const Tensor& self, std::vector<int64_t> indices) {
  return tensorSplitIndices(self, indices, directionalDim<MinDims>(self, kDirectionalName<MinDims>));
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  const int64_t d = maybe_wrap_dim(dim, self.dim(), false);
  std::vector<Tensor> out;
  for (int64_t i = 0; i < self.size(d); ++i) out.push_back(self.select(d, i));
  return out;
}
template <int N>
Tensor atleastOp(const Tensor& self) {
  return atleast(self, N);
}
template <int N>
std::vector<Tensor> atleastSeq(std::vector<Tensor> tensors) {
  return atleastAll(tensors, N);
}
// fliplr (Dim 1) and flipud (Dim 0): self must have a dim Dim.
template <int64_t Dim>
Tensor flipDim(const Tensor& self) {
  JS_CHECK(self.dim() >= Dim + 1, "Input must be >= ", Dim + 1, "-d.");
  return flip(self, {Dim});
}
template <bool Lower>
Tensor triangleOp(const Tensor& self, int64_t diagonal) {
  return triangle(self, diagonal, Lower);
}
// x.T (all dims reversed), x.mT / x.mH / x.adjoint() (the last two
// swapped, conjugated for complex), x.H (a matrix's conjugate transpose).
Tensor numpyT(const Tensor& self) {
  std::vector<int64_t> dims(static_cast<size_t>(self.dim()));
  for (int64_t i = 0; i < self.dim(); ++i) dims[static_cast<size_t>(i)] = self.dim() - 1 - i;
  return self.permute(dims);
}
template <bool Conj>
Tensor matrixTranspose(const Tensor& self) {
  JS_CHECK(self.dim() >= 2, "tensor.", Conj ? "mH" : "mT",
           " is only supported on matrices or batches of matrices. Got ", self.dim(), "-D tensor.");
  Tensor r = self.transpose(-2, -1);
  return Conj && isComplexType(self.dtype()) ? conjugatedCopy(r) : r;
}
Tensor matrixH(const Tensor& self) {
  JS_CHECK(self.dim() == 2, "tensor.H is only supported on matrices (2-D tensors). Got ", self.dim(), "-D tensor.");
  Tensor r = self.transpose(0, 1);
  return isComplexType(self.dtype()) ? conjugatedCopy(r) : r;
}

}  // namespace

const OpTable kShapeOps = {
    op<[](const Tensor& self, std::vector<int64_t> size) { return self.view(size); }>(
        "aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)", "A view with a new shape (-1 infers a size).",
        kAnyDevice),
    op<[](const Tensor& self, std::vector<int64_t> shape) { return self.reshape(shape); }>(
        "aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)",
        "A view with a new shape when strides allow, else a copy."),
    op<[](const Tensor& self, const Tensor& other) { return self.view_as(other); }>(
        "aten::view_as(Tensor(a) self, Tensor other) -> Tensor(a)", "view(other.size()).", kAnyDevice),
    op<[](const Tensor& self, const Tensor& other) { return self.reshape_as(other); }>(
        "aten::reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)", "reshape(other.size())."),
    op<transpose>("aten::transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", "Swaps two dims (a view).",
                  kAnyDevice),
    op<transpose_>("aten::transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", "Swaps two dims in place.",
                   kAnyDevice),
    op<transpose>("aten::swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)", "Alias of transpose.",
                  kAnyDevice),
    op<transpose>("aten::swapdims(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", "Alias of transpose.", kAnyDevice),
    op<t>("aten::t(Tensor(a) self) -> Tensor(a)", "Transpose of a <= 2-D tensor.", kAnyDevice),
    op<t_>("aten::t_(Tensor(a!) self) -> Tensor(a!)", "In-place t().", kAnyDevice),
    op<[](const Tensor& self, std::vector<int64_t> dims) { return self.permute(dims); }>(
        "aten::permute(Tensor(a) self, int[] dims) -> Tensor(a)", "Reorders dims (a view).", kAnyDevice),
    op<[](const Tensor& self, int64_t /*memory_format*/) { return self.contiguous(); }>(
        "aten::contiguous(Tensor(a) self, *, MemoryFormat memory_format=0) -> Tensor(a)",
        "Self if contiguous, else a contiguous copy."),
    op<[](const Tensor& self) { return self.squeeze(); }>("aten::squeeze(Tensor(a) self) -> Tensor(a)",
                                                           "Removes all size-1 dims.", kAnyDevice),
    op<[](const Tensor& self, int64_t dim) { return self.squeeze(dim); }>(
        "aten::squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)", "Removes dim if its size is 1.", kAnyDevice),
    op<[](Tensor self) {
      self.squeeze_();
      return self;
    }>("aten::squeeze_(Tensor(a!) self) -> Tensor(a!)", "In-place squeeze().", kAnyDevice),
    op<[](Tensor self, int64_t dim) {
      self.squeeze_(dim);
      return self;
    }>("aten::squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)", "In-place squeeze(dim).", kAnyDevice),
    op<[](const Tensor& self, int64_t dim) { return self.unsqueeze(dim); }>(
        "aten::unsqueeze(Tensor(a) self, int dim) -> Tensor(a)", "Inserts a size-1 dim.", kAnyDevice),
    op<[](Tensor self, int64_t dim) {
      self.unsqueeze_(dim);
      return self;
    }>("aten::unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)", "In-place unsqueeze.", kAnyDevice),
    op<[](const Tensor& self, int64_t start_dim, int64_t end_dim) { return self.flatten(start_dim, end_dim); }>(
        "aten::flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)",
        "Merges dims start_dim..end_dim."),
    op<[](const Tensor& self, int64_t dim, std::vector<int64_t> sizes) { return self.unflatten(dim, sizes); }>(
        "aten::unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)", "Splits one dim into several.",
        kAnyDevice),
    op<[](const Tensor& self) { return self.reshape({-1}); }>("aten::ravel(Tensor(a) self) -> Tensor(a)",
                                                               "Flattened to 1-D (a view when possible)."),
    op<[](const Tensor& self, std::vector<int64_t> size, bool /*implicit*/) { return self.expand(size); }>(
        "aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)",
        "Broadcasts size-1 dims to a larger shape (a view).", kAnyDevice),
    op<[](const Tensor& self, const Tensor& other) { return self.expand_as(other); }>(
        "aten::expand_as(Tensor(a) self, Tensor other) -> Tensor(a)", "expand(other.size()).", kAnyDevice),
    op<expand>("aten::broadcast_to(Tensor(a) self, int[] size) -> Tensor(a)", "Alias of expand.", kAnyDevice),
    op<inferSize>("aten::_infer_size(int[] a, int[] b) -> int[]",
                  "The broadcast shape of two shapes (F.binary_cross_entropy checks weight with it).", kAnyDevice),
    op<[](std::vector<Tensor> tensors) { return broadcast_tensors(tensors); }>(
        "aten::broadcast_tensors(Tensor[] tensors) -> Tensor[]",
        "Expands all tensors to their common broadcast shape.", kAnyDevice),
    op<[](const Tensor& self, int64_t dim, int64_t index) { return self.select(dim, index); }>(
        "aten::select.int(Tensor(a) self, int dim, int index) -> Tensor(a)", "Picks one index of a dim.", kAnyDevice),
    op<slice>(
        "aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> "
        "Tensor(a)",
        "Python slicing along one dim.", kAnyDevice),
    op<[](const Tensor& self, int64_t dim, int64_t start, int64_t length) { return self.narrow(dim, start, length); }>(
        "aten::narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)",
        "length elements of dim from start.", kAnyDevice),
    op<narrowTensor>("aten::narrow.Tensor(Tensor(a) self, int dim, Tensor start, int length) -> Tensor(a)",
                     "narrow with a 0-dim tensor start."),
    op<[](const Tensor& self, int64_t dim, int64_t start, int64_t length) {
      return self.narrow(dim, start, length).clone();
    }>("aten::narrow_copy(Tensor self, int dim, SymInt start, SymInt length) -> Tensor", "A copy of narrow()."),
    op<[](const Tensor& self, std::vector<int64_t> size, std::vector<int64_t> stride,
          std::optional<int64_t> storage_offset) { return self.as_strided(size, stride, storage_offset); }>(
        "aten::as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)",
        "A view with explicit sizes, strides and offset.", kAnyDevice),
    op<[](const Tensor& self, int64_t dimension, int64_t size, int64_t step) {
      return self.unfold(dimension, size, step);
    }>("aten::unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)",
       "Sliding windows along a dim as a new last dim.", kAnyDevice),
    op<movedimInt>("aten::movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)", "Moves one dim.",
                   kAnyDevice),
    op<movedimList>("aten::movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
                    "Moves several dims.", kAnyDevice),
    op<movedimInt>("aten::moveaxis.int(Tensor(a) self, int source, int destination) -> Tensor(a)",
                   "Alias of movedim.", kAnyDevice),
    op<movedimList>("aten::moveaxis.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
                    "Alias of movedim.", kAnyDevice),
    op<[](const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
      return self.diagonal(offset, dim1, dim2);
    }>("aten::diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)",
       "The diagonal of two dims as a view (moved to the last dim).", kAnyDevice),
    op<[](const Tensor& self) { return self.alias(); }>("aten::alias(Tensor(a) self) -> Tensor(a)",
                                                         "A new handle on the same view.", kAnyDevice),
    op<[](const Tensor& self) { return self.detach(); }>("aten::detach(Tensor(a) self) -> Tensor(a)",
                                                          "An alias without autograd history.", kAnyDevice),
    op<conj>("aten::conj(Tensor(a) self) -> Tensor(a)", "Complex conjugate (identity for real tensors)."),
    op<numpyT>("aten::numpy_T(Tensor(a) self) -> Tensor(a)", "x.T: all dims reversed.", kAnyDevice),
    op<matrixTranspose<false>>("aten::mT(Tensor(a) self) -> Tensor(a)", "x.mT: the last two dims swapped.",
                               kAnyDevice),
    op<matrixTranspose<true>>("aten::mH(Tensor(a) self) -> Tensor(a)", "x.mH: conjugate of x.mT."),
    op<matrixTranspose<true>>("aten::adjoint(Tensor(a) self) -> Tensor(a)", "Conjugate of x.mT."),
    op<matrixH>("aten::matrix_H(Tensor(a) self) -> Tensor(a)", "x.H: a matrix's conjugate transpose."),
    op<identity>("aten::resolve_conj(Tensor(a) self) -> Tensor(a)", "Materializes a conjugate view (identity here).",
                 kAnyDevice),
    op<identity>("aten::resolve_neg(Tensor(a) self) -> Tensor(a)", "Materializes a negative view (identity here).",
                 kAnyDevice),
    op<positive>("aten::positive(Tensor(a) self) -> Tensor(a)", "Unary plus.", kAnyDevice),
    op<conjugatedCopy>("aten::conj_physical(Tensor self) -> Tensor", "Conjugated copy (a copy for real tensors)."),
    op<conjPhysical_>("aten::conj_physical_(Tensor(a!) self) -> Tensor(a!)", "Conjugates self in place."),
    op<[](const Tensor& self, std::optional<int64_t> /*memory_format*/) { return self.clone(); }>(
        "aten::clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor", "A contiguous copy."),
    op<sizeList>("aten::size(Tensor self) -> int[]", "The shape as a list.", kAnyDevice),
    op<[](const Tensor& self, int64_t dim) { return self.size(dim); }>("aten::size.int(Tensor self, int dim) -> int",
                                                                        "The size of one dim.", kAnyDevice),
    op<[](const Tensor& self) { return self.dim(); }>("aten::dim(Tensor self) -> int", "Number of dims.", kAnyDevice),
    op<[](const Tensor& self) { return self.numel(); }>("aten::numel(Tensor self) -> int", "Number of elements.",
                                                         kAnyDevice),
    op<len>("aten::len.Tensor(Tensor t) -> int", "Size of the first dim.", kAnyDevice),
    op<[](const Tensor& self) { return self.is_contiguous(); }>(
        "aten::is_contiguous(Tensor self) -> bool", "Whether the layout is row-major contiguous.", kAnyDevice),
    op<[](const Tensor& self) { return self.is_floating_point(); }>(
        "aten::is_floating_point(Tensor self) -> bool", "Whether the dtype is floating.", kAnyDevice),
    op<strideList>("aten::stride(Tensor self) -> int[]", "Strides in elements.", kAnyDevice),
    op<[](const Tensor& self, int64_t dim) { return self.stride(dim); }>(
        "aten::stride.int(Tensor self, int dim) -> int", "Stride of one dim in elements.", kAnyDevice),
    op<[](const Tensor& self) { return self.storage_offset(); }>(
        "aten::storage_offset(Tensor self) -> int", "Offset into the storage in elements.", kAnyDevice),
    op<[](const Tensor& self) { return isComplexType(self.dtype()); }>(
        "aten::is_complex(Tensor self) -> bool", "Whether the dtype is complex.", kAnyDevice),
    op<[](const Tensor& self) { return self.dtype() != ScalarType::Byte && self.dtype() != ScalarType::Bool; }>(
        "aten::is_signed(Tensor self) -> bool", "Whether the dtype is signed (all but uint8 and bool).", kAnyDevice),
    op<getDevice>("aten::get_device(Tensor self) -> int", "Device index; -1 on CPU.", kAnyDevice),
    op<isNonzero>("aten::is_nonzero(Tensor self) -> bool", "The truth value of a one-element tensor."),
    // Copies through the source's backend: they serve tensors of every device.
    op<toHost>("aten::cpu(Tensor(a) self) -> Tensor(a|b)", "Self on the host (itself when it is there).", kAnyDevice),
    op<toCuda>("aten::cuda(Tensor(a) self) -> Tensor(a|b)", "Self on the current CUDA device (itself when it is there).",
               kAnyDevice),
    op<resultType<Tensor, Tensor>>("aten::result_type.Tensor(Tensor tensor, Tensor other) -> ScalarType",
                                   "The dtype an op of the two would compute in.", kAnyDevice),
    op<resultType<Tensor, Scalar>>("aten::result_type.Scalar(Tensor tensor, Scalar other) -> ScalarType",
                                   "The dtype an op of the two would compute in.", kAnyDevice),
    op<resultType<Scalar, Tensor>>("aten::result_type.Scalar_Tensor(Scalar scalar, Tensor tensor) -> ScalarType",
                                   "The dtype an op of the two would compute in.", kAnyDevice),
    op<resultType<Scalar, Scalar>>("aten::result_type.Scalar_Scalar(Scalar scalar1, Scalar scalar2) -> ScalarType",
                                   "The dtype an op of the two would compute in.", kAnyDevice),
    op<canCast>("aten::can_cast(ScalarType from, ScalarType to) -> bool", "Whether casting is allowed by promotion.",
                kAnyDevice),
    op<promoteTypes>("aten::promote_types(ScalarType type1, ScalarType type2) -> ScalarType",
                     "The promoted dtype of two.", kAnyDevice),
    op<catOp>("aten::cat(Tensor[] tensors, int dim=0) -> Tensor", "Concatenates along a dim (with type promotion)."),
    op<catOut>("aten::cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)",
               "cat into out (resized; the inputs may not overlap it)."),
    op<catOp>("aten::concat(Tensor[] tensors, int dim=0) -> Tensor", "Alias of cat."),
    op<stackOp>("aten::stack(Tensor[] tensors, int dim=0) -> Tensor", "Joins equal-shaped tensors along a new dim."),
    op<stackOut>("aten::stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", "stack into out."),
    op<[](std::vector<Tensor> tensors) { return hstack(tensors); }>(
        "aten::hstack(Tensor[] tensors) -> Tensor", "Concatenates column-wise (dim 1, or 0 for 1-D)."),
    op<[](std::vector<Tensor> tensors) { return vstack(tensors); }>(
        "aten::vstack(Tensor[] tensors) -> Tensor", "Concatenates row-wise after atleast_2d."),
    op<[](std::vector<Tensor> tensors) { return dstack(tensors); }>(
        "aten::dstack(Tensor[] tensors) -> Tensor", "Concatenates depth-wise after atleast_3d."),
    op<[](std::vector<Tensor> tensors) { return column_stack(tensors); }>(
        "aten::column_stack(Tensor[] tensors) -> Tensor", "Stacks vectors as columns."),
    op<split>("aten::split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]",
              "Chunks of split_size (the last may be smaller).", kAnyDevice),
    op<splitSizes>("aten::split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]",
                   "Chunks of the given sizes.", kAnyDevice),
    op<splitSizes>("aten::split(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]",
                   "Chunks of the given sizes.", kAnyDevice),
    op<splitSizes>("aten::split_with_sizes(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]",
                   "Chunks of the given sizes.", kAnyDevice),
    op<chunk>("aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]",
              "At most `chunks` equal chunks (the last may be smaller).", kAnyDevice),
    op<tensorSplitSections>("aten::tensor_split.sections(Tensor(a -> *) self, int sections, int dim=0) -> Tensor(a)[]",
                            "Exactly `sections` nearly equal parts.", kAnyDevice),
    op<tensorSplitList>("aten::tensor_split.indices(Tensor(a -> *) self, int[] indices, int dim=0) -> Tensor(a)[]",
                        "Parts between the given indices.", kAnyDevice),
    op<tensorSplitTensor>(
        "aten::tensor_split.tensor_indices_or_sections(Tensor(a -> *) self, Tensor tensor_indices_or_sections, int "
        "dim=0) -> Tensor(a)[]",
        "tensor_split with sections (0-dim) or indices (1-D) given as a tensor."),
    op<directionalSplit<1>>("aten::hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
                            "Splits columns evenly.", kAnyDevice),
    op<directionalSplitAt<1>>("aten::hsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
                              "Splits columns at indices.", kAnyDevice),
    op<directionalSplit<2>>("aten::vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
                            "Splits rows evenly.", kAnyDevice),
    op<directionalSplitAt<2>>("aten::vsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
                              "Splits rows at indices.", kAnyDevice),
    op<directionalSplit<3>>("aten::dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
                            "Splits dim 2 evenly.", kAnyDevice),
    op<directionalSplitAt<3>>("aten::dsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
                              "Splits dim 2 at indices.", kAnyDevice),
    op<unbind>("aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]", "All slices along a dim.",
               kAnyDevice),
    // Views: only a 0-dim tensor is reshaped, which never copies.
    op<atleastOp<1>>("aten::atleast_1d(Tensor self) -> Tensor", "Views 0-D tensors as 1-D.", kAnyDevice),
    op<atleastOp<2>>("aten::atleast_2d(Tensor self) -> Tensor", "Views tensors as at least 2-D.", kAnyDevice),
    op<atleastOp<3>>("aten::atleast_3d(Tensor self) -> Tensor", "Views tensors as at least 3-D.", kAnyDevice),
    op<atleastSeq<1>>("aten::atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]", "atleast_1d of each tensor.",
                      kAnyDevice),
    op<atleastSeq<2>>("aten::atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]", "atleast_2d of each tensor.",
                      kAnyDevice),
    op<atleastSeq<3>>("aten::atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]", "atleast_3d of each tensor.",
                      kAnyDevice),
    op<[](const Tensor& self, std::vector<int64_t> dims) { return flip(self, dims); }>(
        "aten::flip(Tensor self, int[] dims) -> Tensor", "Reverses the order along dims (a copy)."),
    op<flipDim<1>>("aten::fliplr(Tensor self) -> Tensor", "Reverses dim 1."),
    op<flipDim<0>>("aten::flipud(Tensor self) -> Tensor", "Reverses dim 0."),
    op<[](const Tensor& self, std::vector<int64_t> shifts, std::vector<int64_t> dims) {
      return roll(self, shifts, dims);
    }>("aten::roll(Tensor self, int[1] shifts, int[1] dims=[]) -> Tensor",
       "Rotates elements along dims (flattened when dims is empty)."),
    op<[](const Tensor& self, int64_t k, std::vector<int64_t> dims) { return rot90(self, k, dims); }>(
        "aten::rot90(Tensor self, int k=1, int[] dims=[0, 1]) -> Tensor", "Rotates by 90 degrees k times."),
    op<[](const Tensor& self, std::vector<int64_t> repeats) { return repeat(self, repeats); }>(
        "aten::repeat(Tensor self, SymInt[] repeats) -> Tensor", "Tiles the tensor `repeats` times per dim."),
    op<[](const Tensor& self, std::vector<int64_t> dims) { return tile(self, dims); }>(
        "aten::tile(Tensor self, int[] dims) -> Tensor", "repeat with leading ones filled in."),
    op<[](const Tensor& self, int64_t repeats, std::optional<int64_t> dim, std::optional<int64_t> /*output_size*/) {
      return repeat_interleave_int(self, repeats, dim);
    }>("aten::repeat_interleave.self_int(Tensor self, int repeats, int? dim=None, *, int? output_size=None) -> Tensor",
       "Repeats each element `repeats` times."),
    op<repeat_interleave_tensor>(
        "aten::repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, int? output_size=None) -> "
        "Tensor",
        "Repeats each slice along dim by its count in repeats."),
    op<repeat_interleave_indices>("aten::repeat_interleave.Tensor(Tensor repeats, *, int? output_size=None) -> Tensor",
                                  "i repeated repeats[i] times, for each i."),
    op<triangleOp<true>>("aten::tril(Tensor self, int diagonal=0) -> Tensor", "Lower triangle of the last two dims."),
    op<triangleOp<false>>("aten::triu(Tensor self, int diagonal=0) -> Tensor", "Upper triangle of the last two dims."),
    op<inplaceFrom<triangleOp<true>>>("aten::tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", "In-place tril."),
    op<inplaceFrom<triangleOp<false>>>("aten::triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)",
                                       "In-place triu."),
    op<diag>("aten::diag(Tensor self, int diagonal=0) -> Tensor",
             "Diagonal matrix from a vector, or a matrix's diagonal."),
    op<diag_embed>("aten::diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor",
                   "Puts the last dim on the diagonal of two new dims."),
    op<[](const Tensor& self, int64_t offset) { return diag(self.contiguous().view({-1}), offset); }>(
        "aten::diagflat(Tensor self, int offset=0) -> Tensor", "Diagonal matrix from the flattened input."),
    op<diagonalScatter>(
        "aten::diagonal_scatter(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1) -> Tensor",
        "A copy of self with src written into a diagonal."),
    op<selectScatter>("aten::select_scatter(Tensor self, Tensor src, int dim, int index) -> Tensor",
                      "A copy of self with src written into select(dim, index)."),
    op<sliceScatter>(
        "aten::slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) "
        "-> Tensor",
        "A copy of self with src written into a slice."),
    op<asStridedScatter>(
        "aten::as_strided_scatter(Tensor self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? "
        "storage_offset=None) -> Tensor",
        "A copy of self with src written into an as_strided view."),
    op<[](std::vector<Tensor> tensors) { return meshgrid(tensors, "ij"); }>(
        "aten::meshgrid(Tensor[] tensors) -> Tensor[]", "Coordinate grids (ij indexing).", kAnyDevice),
    op<[](std::vector<Tensor> tensors, std::string_view indexing) { return meshgrid(tensors, indexing); }>(
        "aten::meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]",
        "Coordinate grids with ij or xy indexing.", kAnyDevice),
    op<[](std::vector<Tensor> tensors) { return block_diag(tensors); }>(
        "aten::block_diag(Tensor[] tensors) -> Tensor", "Block-diagonal matrix of the inputs."),
    op<[](std::vector<Tensor> tensors) { return cartesian_prod(tensors); }>(
        "aten::cartesian_prod(Tensor[] tensors) -> Tensor", "Cartesian product of vectors."),
    op<combinations>("aten::combinations(Tensor self, int r=2, bool with_replacement=False) -> Tensor",
                     "Length-r combinations of a vector's elements."),
    op<[](const Tensor& self, std::vector<int64_t> pad, const Scalar& value) {
      return constant_pad_nd(self, pad, value);
    }>("aten::constant_pad_nd(Tensor self, int[] pad, Scalar value=0) -> Tensor",
       "Pads (or crops, for negative pads) the last dims with a constant."),
};

}  // namespace jitserve::ops
