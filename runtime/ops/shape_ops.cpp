#include "runtime/ops/shape_ops.h"

#include <algorithm>
#include <complex>
#include <cstring>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "runtime/ops/index_ops.h"
#include "runtime/ops/op_args.h"
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

// hsplit / vsplit / dsplit: tensor_split along a fixed dim; an int must divide it.
std::vector<Tensor> directionalSplit(const Tensor& self, int64_t sections, int64_t dim, const char* name,
                                     int64_t min_dims) {
  JS_CHECK(self.dim() >= min_dims, "torch.", name, " requires a tensor with at least ", min_dims,
           " dimension, but got a tensor with ", self.dim(), " dimensions!");
  JS_CHECK(sections != 0 && self.size(dim) % sections == 0, "torch.", name, " attempted to split along dimension ",
           dim, ", but the size of the dimension ", self.size(dim), " is not divisible by the split_size ", sections,
           "!");
  return tensorSplitSections(self, sections, dim);
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

Tensor scatterInto(const Tensor& self, const Tensor& src, Tensor (*view)(const Tensor&, Args&), Args& a) {
  Tensor out = self.clone();
  Tensor dst = view(out, a);
  JS_CHECK(IntArrayRef(dst.sizes()) == IntArrayRef(src.sizes()), "expected src to have a size equal to the slice of self. src size = ",
           shapeToString(src.sizes()), ", slice size = ", shapeToString(dst.sizes()));
  dst.copy_(src);
  return out;
}

// ---- kernels ----

void k_view(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).view(a.intList(1)));
}
void k_reshape(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).reshape(a.intList(1)));
}
void k_view_as(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).view_as(a.tensor(1)));
}
void k_reshape_as(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).reshape_as(a.tensor(1)));
}
void k_transpose(Stack& s) {
  Args a(s, 3);
  a.ret(a.tensor(0).transpose(a.toInt(1), a.toInt(2)));
}
void k_transpose_(Stack& s) {
  Args a(s, 3);
  Tensor t = a.tensor(0);
  t.transpose_(a.toInt(1), a.toInt(2));
  a.ret(std::move(t));
}
void k_t(Stack& s) {
  Args a(s, 1);
  JS_CHECK(a.tensor(0).dim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ", a.tensor(0).dim(), "D");
  a.ret(a.tensor(0).t());
}
void k_t_(Stack& s) {
  Args a(s, 1);
  Tensor t = a.tensor(0);
  JS_CHECK(t.dim() <= 2, "t_() expects a tensor with <= 2 dimensions, but self is ", t.dim(), "D");
  t.t_();
  a.ret(std::move(t));
}
void k_permute(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).permute(a.intList(1)));
}
void k_contiguous(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).contiguous());
}
void k_squeeze(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).squeeze());
}
void k_squeeze_dim(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).squeeze(a.toInt(1)));
}
void k_squeeze_(Stack& s) {
  Args a(s, 1);
  Tensor t = a.tensor(0);
  t.squeeze_();
  a.ret(std::move(t));
}
void k_squeeze_dim_(Stack& s) {
  Args a(s, 2);
  Tensor t = a.tensor(0);
  t.squeeze_(a.toInt(1));
  a.ret(std::move(t));
}
void k_unsqueeze(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).unsqueeze(a.toInt(1)));
}
void k_unsqueeze_(Stack& s) {
  Args a(s, 2);
  Tensor t = a.tensor(0);
  t.unsqueeze_(a.toInt(1));
  a.ret(std::move(t));
}
void k_flatten(Stack& s) {
  Args a(s, 3);
  a.ret(a.tensor(0).flatten(a.toInt(1), a.toInt(2)));
}
void k_unflatten(Stack& s) {
  Args a(s, 3);
  a.ret(a.tensor(0).unflatten(a.toInt(1), a.intList(2)));
}
void k_ravel(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).reshape({-1}));
}
void k_expand(Stack& s) {
  Args a(s, 3);
  a.ret(a.tensor(0).expand(a.intList(1)));
}
void k_expand_as(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).expand_as(a.tensor(1)));
}
void k_broadcast_to(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).expand(a.intList(1)));
}
void k_broadcast_tensors(Stack& s) {
  Args a(s, 1);
  std::vector<Tensor> ts = a.tensorList(0);
  a.retTensors(broadcast_tensors(ts));
}
void k_infer_size(Stack& s) {
  Args a(s, 2);
  std::vector<int64_t> x = a.intList(0), y = a.intList(1);
  DimVector r = infer_size(x, y);
  a.ret(IValue::intList(std::vector<int64_t>(r.begin(), r.end())));
}
void k_select(Stack& s) {
  Args a(s, 3);
  a.ret(a.tensor(0).select(a.toInt(1), a.toInt(2)));
}
void k_slice(Stack& s) {
  Args a(s, 5);
  const int64_t step = a.toInt(4);
  JS_CHECK(step > 0, "slice step must be positive");
  a.ret(a.tensor(0).slice(a.toInt(1), a.optInt(2), a.optInt(3), step));
}
void k_narrow(Stack& s) {
  Args a(s, 4);
  a.ret(a.tensor(0).narrow(a.toInt(1), a.toInt(2), a.toInt(3)));
}
void k_narrow_tensor(Stack& s) {
  Args a(s, 4);
  const Tensor& start = a.tensor(2);
  JS_CHECK(start.dim() == 0 && isIntegralType(start.dtype(), false),
           "start must be an 0-dim integral Tensor.");
  a.ret(a.tensor(0).narrow(a.toInt(1), start.item<int64_t>(), a.toInt(3)));
}
void k_narrow_copy(Stack& s) {
  Args a(s, 4);
  a.ret(a.tensor(0).narrow(a.toInt(1), a.toInt(2), a.toInt(3)).clone());
}
void k_as_strided(Stack& s) {
  Args a(s, 4);
  a.ret(a.tensor(0).as_strided(a.intList(1), a.intList(2), a.optInt(3)));
}
void k_unfold(Stack& s) {
  Args a(s, 4);
  a.ret(a.tensor(0).unfold(a.toInt(1), a.toInt(2), a.toInt(3)));
}
void k_movedim_int(Stack& s) {
  Args a(s, 3);
  a.ret(a.tensor(0).movedim(a.toInt(1), a.toInt(2)));
}
void k_movedim_list(Stack& s) {
  Args a(s, 3);
  a.ret(a.tensor(0).movedim(a.intList(1), a.intList(2)));
}
void k_diagonal(Stack& s) {
  Args a(s, 4);
  a.ret(a.tensor(0).diagonal(a.toInt(1), a.toInt(2), a.toInt(3)));
}
void k_alias(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).alias());
}
void k_detach(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).detach());
}
void k_identity(Stack& s) {
  // Real tensors: conj, resolve_conj, resolve_neg, positive and real return self.
  Args a(s, 1);
  JS_CHECK(!isComplexType(a.tensor(0).dtype()), "complex tensors are not supported");
  if (a.tensor(0).dtype() == ScalarType::Bool) {
    // positive() rejects bool in PyTorch; the others accept it. Returning the
    // same tensor is right for the others, and we cannot tell them apart here.
  }
  // Copy the handle first: ret() drops the argument slots before pushing, so
  // a reference into the stack would dangle.
  Tensor self = a.tensor(0);
  a.ret(std::move(self));
}
void k_positive(Stack& s) {
  Args a(s, 1);
  JS_CHECK(a.tensor(0).dtype() != ScalarType::Bool,
           "The `+` operator, on a bool tensor is not supported.");
  Tensor self = a.tensor(0);  // see k_identity
  a.ret(std::move(self));
}
void k_clone(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).clone());
}
void k_size(Stack& s) {
  Args a(s, 1);
  auto sz = a.tensor(0).sizes();
  a.ret(IValue::intList(std::vector<int64_t>(sz.begin(), sz.end())));
}
void k_size_int(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).size(a.toInt(1)));
}
void k_dim(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).dim());
}
void k_numel(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).numel());
}
void k_len(Stack& s) {
  Args a(s, 1);
  JS_CHECK(a.tensor(0).defined(), "len() of an undefined tensor");
  JS_CHECK(a.tensor(0).dim() > 0, "len() of a 0-d tensor");
  a.ret(a.tensor(0).size(0));
}
void k_is_contiguous(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).is_contiguous());
}
void k_is_floating_point(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).is_floating_point());
}
// Layout and dtype queries of model code (x.stride(), torch.result_type).
void k_stride(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  a.ret(IValue::intList(std::vector<int64_t>(t.strides().begin(), t.strides().end())));
}
void k_stride_int(Stack& s) {
  Args a(s, 2);
  const Tensor& t = a.tensor(0);
  a.ret(t.stride(a.toInt(1)));
}
void k_storage_offset(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).storage_offset());
}
void k_is_complex(Stack& s) {
  Args a(s, 1);
  a.ret(isComplexType(a.tensor(0).dtype()));
}
void k_is_signed(Stack& s) {
  Args a(s, 1);
  const ScalarType t = a.tensor(0).dtype();
  a.ret(t != ScalarType::Byte && t != ScalarType::Bool);
}
// CPU tensors: -1, as PyTorch's get_device on CPU.
void k_get_device(Stack& s) {
  Args a(s, 1);
  a.ret(a.tensor(0).is_cpu() ? int64_t{-1} : static_cast<int64_t>(a.tensor(0).device().index));
}
void k_is_nonzero(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  JS_CHECK(t.numel() != 0, "Boolean value of Tensor with no values is ambiguous");
  JS_CHECK(t.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
  a.ret(t.item().toBool());
}
Tensor toHost(const Tensor& self) { return toDevice(self, Device::cpu()); }
void k_result_type_tt(Stack& s) {
  Args a(s, 2);
  a.ret(IValue(result_type(a.tensor(0), a.tensor(1))));
}
void k_result_type_ts(Stack& s) {
  Args a(s, 2);
  a.ret(IValue(result_type(a.tensor(0), a.scalar(1))));
}
void k_result_type_st(Stack& s) {
  Args a(s, 2);
  a.ret(IValue(result_type(a.scalar(0), a.tensor(1))));
}
void k_result_type_ss(Stack& s) {
  Args a(s, 2);
  a.ret(IValue(result_type(a.scalar(0), a.scalar(1))));
}
void k_can_cast(Stack& s) {
  Args a(s, 2);
  a.ret(canCast(a.at(0).toScalarType(), a.at(1).toScalarType()));
}
void k_promote_types(Stack& s) {
  Args a(s, 2);
  a.ret(IValue(promoteTypes(a.at(0).toScalarType(), a.at(1).toScalarType())));
}

void k_cat(Stack& s) {
  Args a(s, 2);
  a.ret(cat(a.tensorList(0), a.toInt(1)));
}
void k_stack(Stack& s) {
  Args a(s, 2);
  a.ret(stack(a.tensorList(0), a.toInt(1)));
}
void k_cat_out(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  cat(a.tensorList(0), a.toInt(1), out);
  a.ret(std::move(out));
}
void k_stack_out(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  stack(a.tensorList(0), a.toInt(1), out);
  a.ret(std::move(out));
}
void k_hstack(Stack& s) {
  Args a(s, 1);
  a.ret(hstack(a.tensorList(0)));
}
void k_vstack(Stack& s) {
  Args a(s, 1);
  a.ret(vstack(a.tensorList(0)));
}
void k_dstack(Stack& s) {
  Args a(s, 1);
  a.ret(dstack(a.tensorList(0)));
}
void k_column_stack(Stack& s) {
  Args a(s, 1);
  a.ret(column_stack(a.tensorList(0)));
}
void k_split(Stack& s) {
  Args a(s, 3);
  a.retTensors(split(a.tensor(0), a.toInt(1), a.toInt(2)));
}
void k_split_sizes(Stack& s) {
  Args a(s, 3);
  a.retTensors(split_with_sizes(a.tensor(0), a.intList(1), a.toInt(2)));
}
void k_chunk(Stack& s) {
  Args a(s, 3);
  a.retTensors(chunk(a.tensor(0), a.toInt(1), a.toInt(2)));
}
void k_tensor_split_sections(Stack& s) {
  Args a(s, 3);
  a.retTensors(tensorSplitSections(a.tensor(0), a.toInt(1), a.toInt(2)));
}
void k_tensor_split_indices(Stack& s) {
  Args a(s, 3);
  a.retTensors(tensorSplitIndices(a.tensor(0), a.intList(1), a.toInt(2)));
}
void k_tensor_split_tensor(Stack& s) {
  Args a(s, 3);
  a.retTensors(tensorSplitTensor(a.tensor(0), a.tensor(1), a.toInt(2)));
}
int64_t hsplitDim(const Tensor& t) { return t.dim() == 1 ? 0 : 1; }
void k_hsplit_int(Stack& s) {
  Args a(s, 2);
  const Tensor& t = a.tensor(0);
  a.retTensors(directionalSplit(t, a.toInt(1), t.dim() >= 1 ? hsplitDim(t) : 0, "hsplit", 1));
}
void k_hsplit_array(Stack& s) {
  Args a(s, 2);
  const Tensor& t = a.tensor(0);
  JS_CHECK(t.dim() >= 1, "torch.hsplit requires a tensor with at least 1 dimension, but got a tensor with ", t.dim(),
           " dimensions!");
  a.retTensors(tensorSplitIndices(t, a.intList(1), hsplitDim(t)));
}
void k_vsplit_int(Stack& s) {
  Args a(s, 2);
  a.retTensors(directionalSplit(a.tensor(0), a.toInt(1), 0, "vsplit", 2));
}
void k_vsplit_array(Stack& s) {
  Args a(s, 2);
  JS_CHECK(a.tensor(0).dim() >= 2, "torch.vsplit requires a tensor with at least 2 dimension, but got a tensor with ",
           a.tensor(0).dim(), " dimensions!");
  a.retTensors(tensorSplitIndices(a.tensor(0), a.intList(1), 0));
}
void k_dsplit_int(Stack& s) {
  Args a(s, 2);
  a.retTensors(directionalSplit(a.tensor(0), a.toInt(1), 2, "dsplit", 3));
}
void k_dsplit_array(Stack& s) {
  Args a(s, 2);
  JS_CHECK(a.tensor(0).dim() >= 3, "torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with ",
           a.tensor(0).dim(), " dimensions!");
  a.retTensors(tensorSplitIndices(a.tensor(0), a.intList(1), 2));
}
void k_unbind(Stack& s) {
  Args a(s, 2);
  const Tensor& t = a.tensor(0);
  const int64_t d = maybe_wrap_dim(a.toInt(1), t.dim(), false);
  std::vector<Tensor> out;
  for (int64_t i = 0; i < t.size(d); ++i) out.push_back(t.select(d, i));
  a.retTensors(std::move(out));
}
template <int N>
void k_atleast(Stack& s) {
  Args a(s, 1);
  a.ret(atleast(a.tensor(0), N));
}
template <int N>
void k_atleast_seq(Stack& s) {
  Args a(s, 1);
  a.retTensors(atleastAll(a.tensorList(0), N));
}
void k_flip(Stack& s) {
  Args a(s, 2);
  a.ret(flip(a.tensor(0), a.intList(1)));
}
void k_fliplr(Stack& s) {
  Args a(s, 1);
  JS_CHECK(a.tensor(0).dim() >= 2, "Input must be >= 2-d.");
  a.ret(flip(a.tensor(0), {1}));
}
void k_flipud(Stack& s) {
  Args a(s, 1);
  JS_CHECK(a.tensor(0).dim() >= 1, "Input must be >= 1-d.");
  a.ret(flip(a.tensor(0), {0}));
}
void k_roll(Stack& s) {
  Args a(s, 3);
  a.ret(roll(a.tensor(0), a.intList(1), a.intList(2)));
}
void k_rot90(Stack& s) {
  Args a(s, 3);
  a.ret(rot90(a.tensor(0), a.toInt(1), a.intList(2)));
}
void k_repeat(Stack& s) {
  Args a(s, 2);
  a.ret(repeat(a.tensor(0), a.intList(1)));
}
void k_tile(Stack& s) {
  Args a(s, 2);
  a.ret(tile(a.tensor(0), a.intList(1)));
}
void k_repeat_interleave_int(Stack& s) {
  Args a(s, 4);
  a.ret(repeat_interleave_int(a.tensor(0), a.toInt(1), a.optInt(2)));
}
void k_repeat_interleave_self_tensor(Stack& s) {
  Args a(s, 4);
  a.ret(repeat_interleave_tensor(a.tensor(0), a.tensor(1), a.optInt(2), a.optInt(3)));
}
void k_repeat_interleave_indices(Stack& s) {
  Args a(s, 2);
  a.ret(repeat_interleave_indices(a.tensor(0), a.optInt(1)));
}
template <bool Lower>
void k_triangle(Stack& s) {
  Args a(s, 2);
  a.ret(triangle(a.tensor(0), a.toInt(1), Lower));
}
template <bool Lower>
void k_triangle_(Stack& s) {
  Args a(s, 2);
  Tensor t = a.tensor(0);
  t.copy_(triangle(t, a.toInt(1), Lower));
  a.ret(std::move(t));
}
void k_diag(Stack& s) {
  Args a(s, 2);
  a.ret(diag(a.tensor(0), a.toInt(1)));
}
void k_diag_embed(Stack& s) {
  Args a(s, 4);
  a.ret(diag_embed(a.tensor(0), a.toInt(1), a.toInt(2), a.toInt(3)));
}
void k_diagflat(Stack& s) {
  Args a(s, 2);
  a.ret(diag(a.tensor(0).contiguous().view({-1}), a.toInt(1)));
}
void k_diagonal_scatter(Stack& s) {
  Args a(s, 5);
  a.ret(scatterInto(a.tensor(0), a.tensor(1),
                    [](const Tensor& t, Args& x) { return t.diagonal(x.toInt(2), x.toInt(3), x.toInt(4)); }, a));
}
void k_select_scatter(Stack& s) {
  Args a(s, 4);
  a.ret(scatterInto(a.tensor(0), a.tensor(1), [](const Tensor& t, Args& x) { return t.select(x.toInt(2), x.toInt(3)); },
                    a));
}
void k_slice_scatter(Stack& s) {
  Args a(s, 6);
  a.ret(scatterInto(a.tensor(0), a.tensor(1),
                    [](const Tensor& t, Args& x) { return t.slice(x.toInt(2), x.optInt(3), x.optInt(4), x.toInt(5)); },
                    a));
}
void k_as_strided_scatter(Stack& s) {
  Args a(s, 5);
  a.ret(scatterInto(a.tensor(0), a.tensor(1),
                    [](const Tensor& t, Args& x) { return t.as_strided(x.intList(2), x.intList(3), x.optInt(4)); }, a));
}
void k_meshgrid(Stack& s) {
  Args a(s, 1);
  a.retTensors(meshgrid(a.tensorList(0), "ij"));
}
void k_meshgrid_indexing(Stack& s) {
  Args a(s, 2);
  a.retTensors(meshgrid(a.tensorList(0), a.str(1)));
}
void k_block_diag(Stack& s) {
  Args a(s, 1);
  a.ret(block_diag(a.tensorList(0)));
}
void k_cartesian_prod(Stack& s) {
  Args a(s, 1);
  a.ret(cartesian_prod(a.tensorList(0)));
}
void k_combinations(Stack& s) {
  Args a(s, 3);
  a.ret(combinations(a.tensor(0), a.toInt(1), a.toBool(2)));
}
void k_constant_pad_nd(Stack& s) {
  Args a(s, 3);
  a.ret(constant_pad_nd(a.tensor(0), a.intList(1), a.scalar(2)));
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
void k_conj_physical(Stack& s) {
  Args a(s, 1);
  a.ret(conjugatedCopy(a.tensor(0)));
}
void k_conj_physical_(Stack& s) {
  Args a(s, 1);
  Tensor self = a.tensor(0);
  if (isComplexType(self.dtype())) self.copy_(conjugatedCopy(self));
  a.ret(std::move(self));
}
// conj of a complex tensor: PyTorch returns a lazily conjugated view; here
// the values, materialized (writes through it do not reach the input).
void k_conj(Stack& s) {
  if (isComplexType(s.back().toTensor().dtype())) {
    Args a(s, 1);
    a.ret(conjugatedCopy(a.tensor(0)));
    return;
  }
  k_identity(s);
}
// x.T (all dims reversed), x.mT / x.mH / x.adjoint() (the last two
// swapped, conjugated for complex), x.H (a matrix's conjugate transpose).
void k_numpy_T(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  std::vector<int64_t> dims(static_cast<size_t>(t.dim()));
  for (int64_t i = 0; i < t.dim(); ++i) dims[static_cast<size_t>(i)] = t.dim() - 1 - i;
  a.ret(t.permute(dims));
}
template <bool Conj>
void k_matrix_transpose(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  JS_CHECK(t.dim() >= 2, "tensor.", Conj ? "mH" : "mT", " is only supported on matrices or batches of matrices. Got ",
           t.dim(), "-D tensor.");
  Tensor r = t.transpose(-2, -1);
  a.ret(Conj && isComplexType(t.dtype()) ? conjugatedCopy(r) : r);
}
void k_matrix_H(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  JS_CHECK(t.dim() == 2, "tensor.H is only supported on matrices (2-D tensors). Got ", t.dim(), "-D tensor.");
  Tensor r = t.transpose(0, 1);
  a.ret(isComplexType(t.dtype()) ? conjugatedCopy(r) : r);
}

const OpEntry kShapeOps[] = {
    {"aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)", k_view, "A view with a new shape (-1 infers a size)."},
    {"aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)", k_reshape,
     "A view with a new shape when strides allow, else a copy."},
    {"aten::view_as(Tensor(a) self, Tensor other) -> Tensor(a)", k_view_as, "view(other.size())."},
    {"aten::reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)", k_reshape_as, "reshape(other.size())."},
    {"aten::transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", k_transpose, "Swaps two dims (a view)."},
    {"aten::transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", k_transpose_, "Swaps two dims in place."},
    {"aten::swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)", k_transpose, "Alias of transpose."},
    {"aten::swapdims(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", k_transpose, "Alias of transpose."},
    {"aten::t(Tensor(a) self) -> Tensor(a)", k_t, "Transpose of a <= 2-D tensor."},
    {"aten::t_(Tensor(a!) self) -> Tensor(a!)", k_t_, "In-place t()."},
    {"aten::permute(Tensor(a) self, int[] dims) -> Tensor(a)", k_permute, "Reorders dims (a view)."},
    {"aten::contiguous(Tensor(a) self, *, MemoryFormat memory_format=0) -> Tensor(a)", k_contiguous,
     "Self if contiguous, else a contiguous copy."},
    {"aten::squeeze(Tensor(a) self) -> Tensor(a)", k_squeeze, "Removes all size-1 dims."},
    {"aten::squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)", k_squeeze_dim, "Removes dim if its size is 1."},
    {"aten::squeeze_(Tensor(a!) self) -> Tensor(a!)", k_squeeze_, "In-place squeeze()."},
    {"aten::squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)", k_squeeze_dim_, "In-place squeeze(dim)."},
    {"aten::unsqueeze(Tensor(a) self, int dim) -> Tensor(a)", k_unsqueeze, "Inserts a size-1 dim."},
    {"aten::unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)", k_unsqueeze_, "In-place unsqueeze."},
    {"aten::flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)", k_flatten,
     "Merges dims start_dim..end_dim."},
    {"aten::unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)", k_unflatten,
     "Splits one dim into several."},
    {"aten::ravel(Tensor(a) self) -> Tensor(a)", k_ravel, "Flattened to 1-D (a view when possible)."},
    {"aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)", k_expand,
     "Broadcasts size-1 dims to a larger shape (a view)."},
    {"aten::expand_as(Tensor(a) self, Tensor other) -> Tensor(a)", k_expand_as, "expand(other.size())."},
    {"aten::broadcast_to(Tensor(a) self, int[] size) -> Tensor(a)", k_broadcast_to, "Alias of expand."},
    {"aten::_infer_size(int[] a, int[] b) -> int[]", k_infer_size,
     "The broadcast shape of two shapes (F.binary_cross_entropy checks weight with it)."},
    {"aten::broadcast_tensors(Tensor[] tensors) -> Tensor[]", k_broadcast_tensors,
     "Expands all tensors to their common broadcast shape."},
    {"aten::select.int(Tensor(a) self, int dim, int index) -> Tensor(a)", k_select, "Picks one index of a dim."},
    {"aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a)",
     k_slice, "Python slicing along one dim."},
    {"aten::narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)", k_narrow,
     "length elements of dim from start."},
    {"aten::narrow.Tensor(Tensor(a) self, int dim, Tensor start, int length) -> Tensor(a)", k_narrow_tensor,
     "narrow with a 0-dim tensor start."},
    {"aten::narrow_copy(Tensor self, int dim, SymInt start, SymInt length) -> Tensor", k_narrow_copy,
     "A copy of narrow()."},
    {"aten::as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)",
     k_as_strided, "A view with explicit sizes, strides and offset."},
    {"aten::unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)", k_unfold,
     "Sliding windows along a dim as a new last dim."},
    {"aten::movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)", k_movedim_int, "Moves one dim."},
    {"aten::movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)", k_movedim_list,
     "Moves several dims."},
    {"aten::moveaxis.int(Tensor(a) self, int source, int destination) -> Tensor(a)", k_movedim_int,
     "Alias of movedim."},
    {"aten::moveaxis.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)", k_movedim_list,
     "Alias of movedim."},
    {"aten::diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)", k_diagonal,
     "The diagonal of two dims as a view (moved to the last dim)."},
    {"aten::alias(Tensor(a) self) -> Tensor(a)", k_alias, "A new handle on the same view."},
    {"aten::detach(Tensor(a) self) -> Tensor(a)", k_detach, "An alias without autograd history."},
    {"aten::conj(Tensor(a) self) -> Tensor(a)", k_conj, "Complex conjugate (identity for real tensors)."},
    {"aten::numpy_T(Tensor(a) self) -> Tensor(a)", k_numpy_T, "x.T: all dims reversed."},
    {"aten::mT(Tensor(a) self) -> Tensor(a)", k_matrix_transpose<false>, "x.mT: the last two dims swapped."},
    {"aten::mH(Tensor(a) self) -> Tensor(a)", k_matrix_transpose<true>, "x.mH: conjugate of x.mT."},
    {"aten::adjoint(Tensor(a) self) -> Tensor(a)", k_matrix_transpose<true>, "Conjugate of x.mT."},
    {"aten::matrix_H(Tensor(a) self) -> Tensor(a)", k_matrix_H, "x.H: a matrix's conjugate transpose."},
    {"aten::resolve_conj(Tensor(a) self) -> Tensor(a)", k_identity, "Materializes a conjugate view (identity here)."},
    {"aten::resolve_neg(Tensor(a) self) -> Tensor(a)", k_identity, "Materializes a negative view (identity here)."},
    {"aten::real(Tensor(a) self) -> Tensor(a)", k_identity, "Real part (identity for real tensors)."},
    {"aten::positive(Tensor(a) self) -> Tensor(a)", k_positive, "Unary plus."},
    {"aten::conj_physical(Tensor self) -> Tensor", k_conj_physical, "Conjugated copy (a copy for real tensors)."},
    {"aten::conj_physical_(Tensor(a!) self) -> Tensor(a!)", k_conj_physical_, "Conjugates self in place."},
    {"aten::clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor", k_clone, "A contiguous copy."},
    {"aten::size(Tensor self) -> int[]", k_size, "The shape as a list."},
    {"aten::size.int(Tensor self, int dim) -> int", k_size_int, "The size of one dim."},
    {"aten::dim(Tensor self) -> int", k_dim, "Number of dims."},
    {"aten::numel(Tensor self) -> int", k_numel, "Number of elements."},
    {"aten::len.Tensor(Tensor t) -> int", k_len, "Size of the first dim."},
    {"aten::is_contiguous(Tensor self) -> bool", k_is_contiguous, "Whether the layout is row-major contiguous."},
    {"aten::is_floating_point(Tensor self) -> bool", k_is_floating_point, "Whether the dtype is floating."},
    {"aten::stride(Tensor self) -> int[]", k_stride, "Strides in elements."},
    {"aten::stride.int(Tensor self, int dim) -> int", k_stride_int, "Stride of one dim in elements."},
    {"aten::storage_offset(Tensor self) -> int", k_storage_offset, "Offset into the storage in elements."},
    {"aten::is_complex(Tensor self) -> bool", k_is_complex, "Whether the dtype is complex."},
    {"aten::is_signed(Tensor self) -> bool", k_is_signed, "Whether the dtype is signed (all but uint8 and bool)."},
    {"aten::get_device(Tensor self) -> int", k_get_device, "Device index; -1 on CPU."},
    {"aten::is_nonzero(Tensor self) -> bool", k_is_nonzero, "The truth value of a one-element tensor."},
    op<toHost>("aten::cpu(Tensor(a) self) -> Tensor(a|b)", "Self on the host (itself when it is there)."),
    {"aten::result_type.Tensor(Tensor tensor, Tensor other) -> ScalarType", k_result_type_tt,
     "The dtype an op of the two would compute in."},
    {"aten::result_type.Scalar(Tensor tensor, Scalar other) -> ScalarType", k_result_type_ts,
     "The dtype an op of the two would compute in."},
    {"aten::result_type.Scalar_Tensor(Scalar scalar, Tensor tensor) -> ScalarType", k_result_type_st,
     "The dtype an op of the two would compute in."},
    {"aten::result_type.Scalar_Scalar(Scalar scalar1, Scalar scalar2) -> ScalarType", k_result_type_ss,
     "The dtype an op of the two would compute in."},
    {"aten::can_cast(ScalarType from, ScalarType to) -> bool", k_can_cast, "Whether casting is allowed by promotion."},
    {"aten::promote_types(ScalarType type1, ScalarType type2) -> ScalarType", k_promote_types,
     "The promoted dtype of two."},
    {"aten::cat(Tensor[] tensors, int dim=0) -> Tensor", k_cat, "Concatenates along a dim (with type promotion)."},
    {"aten::cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", k_cat_out,
     "cat into out (resized; the inputs may not overlap it)."},
    {"aten::concat(Tensor[] tensors, int dim=0) -> Tensor", k_cat, "Alias of cat."},
    {"aten::stack(Tensor[] tensors, int dim=0) -> Tensor", k_stack, "Joins equal-shaped tensors along a new dim."},
    {"aten::stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", k_stack_out,
     "stack into out."},
    {"aten::hstack(Tensor[] tensors) -> Tensor", k_hstack, "Concatenates column-wise (dim 1, or 0 for 1-D)."},
    {"aten::vstack(Tensor[] tensors) -> Tensor", k_vstack, "Concatenates row-wise after atleast_2d."},
    {"aten::dstack(Tensor[] tensors) -> Tensor", k_dstack, "Concatenates depth-wise after atleast_3d."},
    {"aten::column_stack(Tensor[] tensors) -> Tensor", k_column_stack, "Stacks vectors as columns."},
    {"aten::split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]", k_split,
     "Chunks of split_size (the last may be smaller)."},
    {"aten::split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]", k_split_sizes,
     "Chunks of the given sizes."},
    {"aten::split(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]", k_split_sizes,
     "Chunks of the given sizes."},
    {"aten::split_with_sizes(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]", k_split_sizes,
     "Chunks of the given sizes."},
    {"aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]", k_chunk,
     "At most `chunks` equal chunks (the last may be smaller)."},
    {"aten::tensor_split.sections(Tensor(a -> *) self, int sections, int dim=0) -> Tensor(a)[]",
     k_tensor_split_sections, "Exactly `sections` nearly equal parts."},
    {"aten::tensor_split.indices(Tensor(a -> *) self, int[] indices, int dim=0) -> Tensor(a)[]",
     k_tensor_split_indices, "Parts between the given indices."},
    {"aten::tensor_split.tensor_indices_or_sections(Tensor(a -> *) self, Tensor tensor_indices_or_sections, int dim=0) "
     "-> Tensor(a)[]",
     k_tensor_split_tensor, "tensor_split with sections (0-dim) or indices (1-D) given as a tensor."},
    {"aten::hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]", k_hsplit_int, "Splits columns evenly."},
    {"aten::hsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", k_hsplit_array,
     "Splits columns at indices."},
    {"aten::vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]", k_vsplit_int, "Splits rows evenly."},
    {"aten::vsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", k_vsplit_array,
     "Splits rows at indices."},
    {"aten::dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]", k_dsplit_int, "Splits dim 2 evenly."},
    {"aten::dsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", k_dsplit_array,
     "Splits dim 2 at indices."},
    {"aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]", k_unbind, "All slices along a dim."},
    {"aten::atleast_1d(Tensor self) -> Tensor", k_atleast<1>, "Views 0-D tensors as 1-D."},
    {"aten::atleast_2d(Tensor self) -> Tensor", k_atleast<2>, "Views tensors as at least 2-D."},
    {"aten::atleast_3d(Tensor self) -> Tensor", k_atleast<3>, "Views tensors as at least 3-D."},
    {"aten::atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]", k_atleast_seq<1>, "atleast_1d of each tensor."},
    {"aten::atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]", k_atleast_seq<2>, "atleast_2d of each tensor."},
    {"aten::atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]", k_atleast_seq<3>, "atleast_3d of each tensor."},
    {"aten::flip(Tensor self, int[] dims) -> Tensor", k_flip, "Reverses the order along dims (a copy)."},
    {"aten::fliplr(Tensor self) -> Tensor", k_fliplr, "Reverses dim 1."},
    {"aten::flipud(Tensor self) -> Tensor", k_flipud, "Reverses dim 0."},
    {"aten::roll(Tensor self, int[1] shifts, int[1] dims=[]) -> Tensor", k_roll,
     "Rotates elements along dims (flattened when dims is empty)."},
    {"aten::rot90(Tensor self, int k=1, int[] dims=[0, 1]) -> Tensor", k_rot90, "Rotates by 90 degrees k times."},
    {"aten::repeat(Tensor self, SymInt[] repeats) -> Tensor", k_repeat, "Tiles the tensor `repeats` times per dim."},
    {"aten::tile(Tensor self, int[] dims) -> Tensor", k_tile, "repeat with leading ones filled in."},
    {"aten::repeat_interleave.self_int(Tensor self, int repeats, int? dim=None, *, int? output_size=None) -> Tensor",
     k_repeat_interleave_int, "Repeats each element `repeats` times."},
    {"aten::repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, int? output_size=None) -> "
     "Tensor",
     k_repeat_interleave_self_tensor, "Repeats each slice along dim by its count in repeats."},
    {"aten::repeat_interleave.Tensor(Tensor repeats, *, int? output_size=None) -> Tensor", k_repeat_interleave_indices,
     "i repeated repeats[i] times, for each i."},
    {"aten::tril(Tensor self, int diagonal=0) -> Tensor", k_triangle<true>, "Lower triangle of the last two dims."},
    {"aten::triu(Tensor self, int diagonal=0) -> Tensor", k_triangle<false>, "Upper triangle of the last two dims."},
    {"aten::tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", k_triangle_<true>, "In-place tril."},
    {"aten::triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", k_triangle_<false>, "In-place triu."},
    {"aten::diag(Tensor self, int diagonal=0) -> Tensor", k_diag,
     "Diagonal matrix from a vector, or a matrix's diagonal."},
    {"aten::diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor", k_diag_embed,
     "Puts the last dim on the diagonal of two new dims."},
    {"aten::diagflat(Tensor self, int offset=0) -> Tensor", k_diagflat, "Diagonal matrix from the flattened input."},
    {"aten::diagonal_scatter(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1) -> Tensor",
     k_diagonal_scatter, "A copy of self with src written into a diagonal."},
    {"aten::select_scatter(Tensor self, Tensor src, int dim, int index) -> Tensor", k_select_scatter,
     "A copy of self with src written into select(dim, index)."},
    {"aten::slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> "
     "Tensor",
     k_slice_scatter, "A copy of self with src written into a slice."},
    {"aten::as_strided_scatter(Tensor self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) "
     "-> Tensor",
     k_as_strided_scatter, "A copy of self with src written into an as_strided view."},
    {"aten::meshgrid(Tensor[] tensors) -> Tensor[]", k_meshgrid, "Coordinate grids (ij indexing)."},
    {"aten::meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]", k_meshgrid_indexing,
     "Coordinate grids with ij or xy indexing."},
    {"aten::block_diag(Tensor[] tensors) -> Tensor", k_block_diag, "Block-diagonal matrix of the inputs."},
    {"aten::cartesian_prod(Tensor[] tensors) -> Tensor", k_cartesian_prod, "Cartesian product of vectors."},
    {"aten::combinations(Tensor self, int r=2, bool with_replacement=False) -> Tensor", k_combinations,
     "Length-r combinations of a vector's elements."},
    {"aten::constant_pad_nd(Tensor self, int[] pad, Scalar value=0) -> Tensor", k_constant_pad_nd,
     "Pads (or crops, for negative pads) the last dims with a constant."},
};

}  // namespace

void registerShapeOps(OperatorRegistry& registry) { registerOpEntries(registry, kShapeOps); }

}  // namespace jitserve::ops
