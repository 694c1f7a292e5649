// View operations: new TensorImpls over the same storage with new geometry.
// Each allocates only the TensorImpl (shapes are computed in inline
// DimVectors). Semantics and error messages follow PyTorch.
#include <algorithm>

#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

Tensor makeView(const Tensor& base, IntArrayRef sizes, IntArrayRef strides, int64_t offset) {
  return Tensor(make_intrusive<TensorImpl>(base.storage(), base.dtype(), sizes, strides, offset));
}

// Resolves one -1 in `shape` so the product is numel.
DimVector inferSize(IntArrayRef shape, int64_t numel) {
  DimVector res(shape.begin(), shape.end());
  int64_t newsize = 1;
  std::optional<size_t> infer;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      JS_CHECK(!infer, "only one dimension can be inferred");
      infer = i;
    } else {
      JS_CHECK(shape[i] >= 0, "invalid shape dimension ", shape[i]);
      JS_CHECK(!__builtin_mul_overflow(newsize, shape[i], &newsize), "shape '", shapeToString(shape),
               "' is invalid for input of size ", numel);
    }
  }
  if (infer) {
    JS_CHECK(newsize != 0, "cannot reshape tensor of ", numel,
             " elements into shape ", shapeToString(shape),
             " because the unspecified dimension size -1 can be any value and is ambiguous");
    JS_CHECK(numel % newsize == 0, "shape '", shapeToString(shape), "' is invalid for input of size ", numel);
    res[*infer] = numel / newsize;
  } else {
    JS_CHECK(numel == newsize, "shape '", shapeToString(shape), "' is invalid for input of size ", numel);
  }
  return res;
}

// Strides that let (oldshape, oldstride) be viewed as newshape, or false when
// some new dim would span two non-contiguous chunks of the old layout.
bool viewStrides(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape, DimVector& newstride) {
  newstride.assign(newshape.size(), 0);
  int64_t numel = 1;
  for (int64_t s : oldshape) numel *= s;
  if (numel == 0) {
    if (oldshape == newshape) {
      newstride.assign(oldstride.begin(), oldstride.end());
    } else {
      newstride = contiguous_strides(newshape);
    }
    return true;
  }
  if (oldshape.empty()) {  // a scalar: every new dim is 1
    for (auto& s : newstride) s = 1;
    return true;
  }
  // Walk the old dims from the innermost, grouping runs that are contiguous
  // with each other; each run must be matched exactly by a run of new dims.
  int64_t view_d = static_cast<int64_t>(newshape.size()) - 1;
  int64_t chunk_stride = oldstride.back();
  int64_t tensor_numel = 1, view_numel = 1;
  for (int64_t d = static_cast<int64_t>(oldshape.size()) - 1; d >= 0; --d) {
    tensor_numel *= oldshape[d];
    const bool chunk_ends = d == 0 || (oldshape[d - 1] != 1 && oldstride[d - 1] != tensor_numel * chunk_stride);
    if (!chunk_ends) continue;
    while (view_d >= 0 && (view_numel < tensor_numel || newshape[view_d] == 1)) {
      newstride[view_d] = view_numel * chunk_stride;
      view_numel *= newshape[view_d];
      --view_d;
    }
    if (view_numel != tensor_numel) return false;
    if (d > 0) {
      chunk_stride = oldstride[d - 1];
      tensor_numel = 1;
      view_numel = 1;
    }
  }
  return view_d == -1;
}

void checkAsStrided(const Tensor& self, IntArrayRef sizes, IntArrayRef strides, int64_t offset) {
  JS_CHECK(sizes.size() == strides.size(), "mismatch in length of strides and shape");
  for (int64_t s : sizes) JS_CHECK(s >= 0, "as_strided: negative size ", s, " in ", shapeToString(sizes));
  for (int64_t s : strides)
    JS_CHECK(s >= 0, "as_strided: Negative strides are not supported at the moment, got strides: ",
             shapeToString(strides));
  JS_CHECK(offset >= 0, "Tensor: invalid storage offset ", offset);
  // Same bounds check as fromStorage (as_strided takes user input too).
  int64_t last = offset;
  bool overflow = false, empty = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 0) empty = true;
    int64_t step;
    overflow |= __builtin_mul_overflow(sizes[i] > 0 ? sizes[i] - 1 : 0, strides[i], &step);
    overflow |= __builtin_add_overflow(last, step, &last);
  }
  if (empty) return;
  const int64_t itemsize = static_cast<int64_t>(self.itemsize());
  int64_t need = 0;
  overflow |= __builtin_add_overflow(last, 1, &last) || __builtin_mul_overflow(last, itemsize, &need);
  JS_CHECK(!overflow && need <= static_cast<int64_t>(self.storage().nbytes()), "setStorage: sizes ",
           shapeToString(sizes), ", strides ", shapeToString(strides), ", storage offset ", offset, ", and itemsize ",
           itemsize, " requiring a storage size of ", need, " are out of bounds for storage of size ",
           self.storage().nbytes());
}

}  // namespace

Tensor Tensor::view(IntArrayRef sizes) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("view");
  DimVector shape = inferSize(sizes, numel());
  DimVector strides;
  JS_CHECK(viewStrides(this->sizes(), this->strides(), shape, strides),
           "view size is not compatible with input tensor's size and stride (at least one dimension spans across "
           "two contiguous subspaces). Use .reshape(...) instead.");
  return makeView(*this, shape, strides, storage_offset());
}

Tensor Tensor::reshape(IntArrayRef sizes) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("reshape");
  DimVector shape = inferSize(sizes, numel());
  DimVector strides;
  if (viewStrides(this->sizes(), this->strides(), shape, strides)) return makeView(*this, shape, strides, storage_offset());
  if (!is_cpu()) return contiguous().view(shape);  // the copy through its backend
  Tensor c = empty(shape, dtype(), device());
  c.unsafeGetImpl()->set_sizes_and_strides(this->sizes(), contiguous_strides(this->sizes()));
  c.copy_(*this);
  c.unsafeGetImpl()->set_sizes_contiguous(shape);
  return c;
}

Tensor Tensor::as_strided(IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> storage_offset) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("as_strided");
  const int64_t off = storage_offset.value_or(this->storage_offset());
  checkAsStrided(*this, sizes, strides, off);
  return makeView(*this, sizes, strides, off);
}

Tensor& Tensor::as_strided_(IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> storage_offset) {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("as_strided_");
  const int64_t off = storage_offset.value_or(this->storage_offset());
  checkAsStrided(*this, sizes, strides, off);
  impl_->set_sizes_and_strides(sizes, strides, off);
  return *this;
}

Tensor Tensor::transpose(int64_t dim0, int64_t dim1) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("transpose");
  const int64_t n = dim();
  dim0 = maybe_wrap_dim(dim0, n);
  dim1 = maybe_wrap_dim(dim1, n);
  if (n == 0) return alias();
  DimVector sz(sizes().begin(), sizes().end()), st(strides().begin(), strides().end());
  std::swap(sz[dim0], sz[dim1]);
  std::swap(st[dim0], st[dim1]);
  return makeView(*this, sz, st, storage_offset());
}

Tensor& Tensor::transpose_(int64_t dim0, int64_t dim1) {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("transpose_");
  const int64_t n = dim();
  dim0 = maybe_wrap_dim(dim0, n);
  dim1 = maybe_wrap_dim(dim1, n);
  if (n == 0 || dim0 == dim1) return *this;
  auto& ss = impl_->mutable_sizes_and_strides();
  std::swap(ss.sizeData()[dim0], ss.sizeData()[dim1]);
  std::swap(ss.strideData()[dim0], ss.strideData()[dim1]);
  impl_->refresh();
  return *this;
}

Tensor Tensor::t() const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("t");
  JS_CHECK(dim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ", dim(), "D");
  return dim() < 2 ? alias() : transpose(0, 1);
}

Tensor& Tensor::t_() {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("t_");
  JS_CHECK(dim() <= 2, "t_() expects a tensor with <= 2 dimensions, but self is ", dim(), "D");
  return dim() < 2 ? *this : transpose_(0, 1);
}

Tensor Tensor::permute(IntArrayRef dims) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("permute");
  const int64_t n = dim();
  JS_CHECK(static_cast<int64_t>(dims.size()) == n,
           "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired "
           "ordering of dimensions i.e. input.dim() = ",
           n, " is not equal to len(dims) = ", dims.size());
  DimVector sz(n), st(n);
  uint64_t seen_small = 0;
  DimVector seen_big;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t d = maybe_wrap_dim(dims[i], n);
    bool dup;
    if (n <= 64) {
      dup = (seen_small >> d) & 1;
      seen_small |= uint64_t{1} << d;
    } else {
      dup = std::find(seen_big.begin(), seen_big.end(), d) != seen_big.end();
      seen_big.push_back(d);
    }
    JS_CHECK(!dup, "permute(): duplicate dims are not allowed.");
    sz[i] = impl_->size(d);
    st[i] = impl_->stride(d);
  }
  return makeView(*this, sz, st, storage_offset());
}

Tensor Tensor::slice(int64_t dim, std::optional<int64_t> start_opt, std::optional<int64_t> end_opt,
                     int64_t step) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("slice");
  const int64_t n = this->dim();
  JS_CHECK(n > 0, "slice() cannot be applied to a 0-dim tensor.");
  dim = maybe_wrap_dim(dim, n);
  JS_CHECK(step != 0, "slice step cannot be zero");
  JS_CHECK(step > 0, "slice step must be positive");
  const int64_t size = impl_->size(dim);
  int64_t start = start_opt.value_or(0);
  int64_t end = end_opt.value_or(INT64_MAX);
  if (start < 0) start += size;
  if (end < 0) end += size;
  if (start < 0) start = 0;
  else if (start >= size) start = size;
  if (end < start) end = start;
  else if (end >= size) end = size;
  DimVector sz(sizes().begin(), sizes().end()), st(strides().begin(), strides().end());
  const int64_t len = (end - start + step - 1) / step;
  sz[dim] = len;
  st[dim] *= step;
  return makeView(*this, sz, st, storage_offset() + start * impl_->stride(dim));
}

Tensor Tensor::select(int64_t dim, int64_t index) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("select");
  const int64_t n = this->dim();
  JS_CHECK(n > 0, "select() cannot be applied to a 0-dim tensor.");
  dim = maybe_wrap_dim(dim, n);
  const int64_t size = impl_->size(dim);
  JS_CHECK(index >= -size && index < size, "select(): index ", index, " out of range for tensor of size ",
           shapeToString(sizes()), " at dimension ", dim);
  if (index < 0) index += size;
  DimVector sz, st;
  for (int64_t d = 0; d < n; ++d) {
    if (d == dim) continue;
    sz.push_back(impl_->size(d));
    st.push_back(impl_->stride(d));
  }
  return makeView(*this, sz, st, storage_offset() + index * impl_->stride(dim));
}

Tensor Tensor::narrow(int64_t dim, int64_t start, int64_t length) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("narrow");
  const int64_t n = this->dim();
  JS_CHECK(n > 0, "narrow() cannot be applied to a 0-dim tensor.");
  dim = maybe_wrap_dim(dim, n);
  JS_CHECK(length >= 0, "narrow(): length must be non-negative.");
  const int64_t size = impl_->size(dim);
  JS_CHECK(start >= -size && start <= size, "start out of range (expected to be in range of [", -size, ", ", size,
           "], but got ", start, ")");
  if (start < 0) start += size;
  JS_CHECK(start <= size - length, "start (", start, ") + length (", length, ") exceeds dimension size (", size,
           ").");
  return slice(dim, start, start + length, 1);
}

Tensor Tensor::expand(IntArrayRef target) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("expand");
  const int64_t n = dim();
  const int64_t ndim = static_cast<int64_t>(target.size());
  JS_CHECK(ndim >= n, "expand(torch.", scalarTypeName(dtype()), "Tensor{", shapeToString(sizes()), "}, size=",
           shapeToString(target), "): the number of sizes provided (", ndim,
           ") must be greater or equal to the number of dimensions in the tensor (", n, ")");
  DimVector sz(ndim), st(ndim);
  for (int64_t i = ndim - 1; i >= 0; --i) {
    const int64_t off = n - ndim + i;  // matching dim in self, < 0 for new leading dims
    int64_t want = target[i];
    if (off >= 0) {
      const int64_t have = impl_->size(off), stride = impl_->stride(off);
      if (want == -1) want = have;
      JS_CHECK(want >= 0, "expand: invalid size ", want, " at dimension ", i);
      if (have == want) {
        sz[i] = have;
        st[i] = stride;
      } else {
        JS_CHECK(have == 1, "The expanded size of the tensor (", want, ") must match the existing size (", have,
                 ") at non-singleton dimension ", i, ".  Target sizes: ", shapeToString(target),
                 ".  Tensor sizes: ", shapeToString(sizes()));
        sz[i] = want;
        st[i] = 0;
      }
    } else {
      JS_CHECK(want >= 0, "The expanded size of the tensor (", want,
               ") isn't allowed in a leading, non-existing dimension ", i);
      sz[i] = want;
      st[i] = 0;
    }
  }
  return makeView(*this, sz, st, storage_offset());
}

Tensor Tensor::squeeze() const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("squeeze");
  DimVector sz, st;
  for (int64_t d = 0; d < dim(); ++d) {
    if (impl_->size(d) == 1) continue;
    sz.push_back(impl_->size(d));
    st.push_back(impl_->stride(d));
  }
  return makeView(*this, sz, st, storage_offset());
}

Tensor Tensor::squeeze(int64_t d) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("squeeze");
  const int64_t n = dim();
  d = maybe_wrap_dim(d, n);
  if (n == 0 || impl_->size(d) != 1) return alias();
  DimVector sz, st;
  for (int64_t i = 0; i < n; ++i) {
    if (i == d) continue;
    sz.push_back(impl_->size(i));
    st.push_back(impl_->stride(i));
  }
  return makeView(*this, sz, st, storage_offset());
}

Tensor& Tensor::squeeze_() {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("squeeze_");
  Tensor v = squeeze();
  impl_->set_sizes_and_strides(v.sizes(), v.strides());
  return *this;
}

Tensor& Tensor::squeeze_(int64_t d) {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("squeeze_");
  Tensor v = squeeze(d);
  impl_->set_sizes_and_strides(v.sizes(), v.strides());
  return *this;
}

namespace {
void unsqueezeGeometry(const Tensor& t, int64_t d, DimVector& sz, DimVector& st) {
  const int64_t n = t.dim();
  d = maybe_wrap_dim(d, n + 1);
  sz.assign(t.sizes().begin(), t.sizes().end());
  st.assign(t.strides().begin(), t.strides().end());
  const int64_t stride = d >= n ? 1 : sz[d] * st[d];
  sz.insert(sz.begin() + d, 1);
  st.insert(st.begin() + d, stride);
}
}  // namespace

Tensor Tensor::unsqueeze(int64_t d) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("unsqueeze");
  DimVector sz, st;
  unsqueezeGeometry(*this, d, sz, st);
  return makeView(*this, sz, st, storage_offset());
}

Tensor& Tensor::unsqueeze_(int64_t d) {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("unsqueeze_");
  DimVector sz, st;
  unsqueezeGeometry(*this, d, sz, st);
  impl_->set_sizes_and_strides(sz, st);
  return *this;
}

Tensor Tensor::flatten(int64_t start_dim, int64_t end_dim) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("flatten");
  const int64_t n = dim();
  start_dim = maybe_wrap_dim(start_dim, n);
  end_dim = maybe_wrap_dim(end_dim, n);
  JS_CHECK(start_dim <= end_dim, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (n == 0) return reshape({1});
  if (start_dim == end_dim) return alias();
  DimVector shape;
  int64_t prod = 1;
  for (int64_t d = 0; d < n; ++d) {
    if (d < start_dim || d > end_dim) {
      shape.push_back(impl_->size(d));
    } else {
      prod *= impl_->size(d);
      if (d == end_dim) shape.push_back(prod);
    }
  }
  return reshape(shape);
}

Tensor Tensor::unflatten(int64_t d, IntArrayRef sizes) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("unflatten");
  const int64_t n = dim();
  d = maybe_wrap_dim(d, n);
  JS_CHECK(!sizes.empty(), "unflatten: sizes must be non-empty");
  int64_t known = 1;
  bool has_infer = false;
  for (int64_t s : sizes) {
    if (s == -1) has_infer = true;
    else known *= s;
  }
  const int64_t dsize = impl_->size(d);
  JS_CHECK(has_infer ? (known != 0 && dsize % known == 0) : known == dsize, "unflatten: Provided sizes ", shapeToString(sizes),
           " don't multiply up to the size of dim ", d, " (", impl_->size(d), ") in the input tensor");
  const DimVector inferred = inferSize(sizes, dsize);
  DimVector shape(this->sizes().begin(), this->sizes().begin() + d);
  shape.insert(shape.end(), inferred.begin(), inferred.end());
  shape.insert(shape.end(), this->sizes().begin() + d + 1, this->sizes().end());
  return view(shape);
}

Tensor Tensor::diagonal(int64_t offset, int64_t dim1, int64_t dim2) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("diagonal");
  const int64_t n = dim();
  dim1 = maybe_wrap_dim(dim1, n);
  dim2 = maybe_wrap_dim(dim2, n);
  JS_CHECK(dim1 != dim2, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  int64_t off = storage_offset();
  const int64_t s1 = impl_->size(dim1), s2 = impl_->size(dim2);
  int64_t diag;
  if (offset >= 0) {
    diag = std::max<int64_t>(std::min(s1, s2 - offset), 0);
  } else {
    diag = std::max<int64_t>(std::min(s1 + offset, s2), 0);
  }
  if (diag > 0) off += offset >= 0 ? offset * impl_->stride(dim2) : -offset * impl_->stride(dim1);
  DimVector sz, st;
  for (int64_t d = 0; d < n; ++d) {
    if (d == dim1 || d == dim2) continue;
    sz.push_back(impl_->size(d));
    st.push_back(impl_->stride(d));
  }
  sz.push_back(diag);
  st.push_back(impl_->stride(dim1) + impl_->stride(dim2));
  return makeView(*this, sz, st, off);
}

Tensor Tensor::unfold(int64_t dimension, int64_t size, int64_t step) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("unfold");
  const int64_t n = dim();
  const int64_t d = maybe_wrap_dim(dimension, n);
  const int64_t max_size = n == 0 ? 1 : impl_->size(d);
  JS_CHECK(size <= max_size, "maximum size for tensor at dimension ", d, " is ", max_size, " but size is ", size);
  JS_CHECK(size >= 0, "size is ", size, " but must be >= 0");
  JS_CHECK(step > 0, "step is ", step, " but must be > 0");
  DimVector sz(sizes().begin(), sizes().end()), st(strides().begin(), strides().end());
  const int64_t elem_stride = n == 0 ? 1 : st[d];
  if (n > 0) {
    sz[d] = (sz[d] - size) / step + 1;
    st[d] *= step;
  }
  sz.push_back(size);
  st.push_back(elem_stride);
  return makeView(*this, sz, st, storage_offset());
}

Tensor Tensor::movedim(IntArrayRef source, IntArrayRef destination) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("movedim");
  const int64_t n = dim();
  JS_CHECK(source.size() == destination.size(), "movedim: Invalid source or destination dims: source (",
           shapeToString(source), " dims ) should contain the same number of dims as destination (",
           shapeToString(destination), " dims)");
  DimVector order(std::max<int64_t>(n, 1), -1);
  DimVector src_used(std::max<int64_t>(n, 1), 0), dst_used(std::max<int64_t>(n, 1), 0);
  for (size_t i = 0; i < source.size(); ++i) {
    const int64_t s = maybe_wrap_dim(source[i], n), t = maybe_wrap_dim(destination[i], n);
    JS_CHECK(!src_used[s], "movedim: repeated dim in `source` (", shapeToString(source), ")");
    JS_CHECK(!dst_used[t], "movedim: repeated dim in `destination` (", shapeToString(destination), ")");
    src_used[s] = dst_used[t] = 1;
    order[t] = s;
  }
  if (n == 0) return alias();
  // Dims not moved keep their relative order in the free slots.
  int64_t next_src = 0;
  for (int64_t t = 0; t < n; ++t) {
    if (order[t] != -1) continue;
    while (src_used[next_src]) ++next_src;
    order[t] = next_src++;
  }
  return permute(order);
}

Tensor Tensor::movedim(int64_t source, int64_t destination) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("movedim");
  return movedim(IntArrayRef(source), IntArrayRef(destination));
}

Tensor Tensor::alias() const { return makeView(*this, sizes(), strides(), storage_offset()); }

Tensor Tensor::detach() const { return alias(); }

Tensor Tensor::contiguous() const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("alias");
  if (is_contiguous()) return *this;
  if (!is_cpu()) return toDevice(*this, device(), /*copy=*/true);  // through its backend
  Tensor c = empty(sizes(), dtype(), device());
  c.copy_(*this);
  return c;
}

}  // namespace jitserve
