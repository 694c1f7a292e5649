// Indexing and scattering: advanced indexing (aten::index with Tensor?[]
// indices, bool masks included) and index_put_, index_select, gather,
// scatter (+ add / reduce), take, take_along_dim, masked_fill,
// masked_select, masked_scatter, nonzero/argwhere, index_add/copy/fill, put.
//
// Element moves are dtype-agnostic: they copy bytes by element size. Every
// index is bounds-checked with PyTorch's message before anything is written.
#include "runtime/ops/index_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/scalar_math.h"
#include "runtime/ops/ternary_ops.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

// dst * x, and for bool dst && x. A template: an `if constexpr` in a
// dispatch lambda is not in a template, so both branches would compile
// for bool (GCC: '*' in boolean context).
template <typename T>
T reduceProduct(T dst, T x) {
  if constexpr (std::is_same_v<T, bool>) return dst && x;
  else return static_cast<T>(dst * x);
}

// Copies one element of `size` bytes.
inline void copyElem(char* dst, const char* src, size_t size) { std::memcpy(dst, src, size); }

// d = x, or d += x when accumulating (logical or for bool).
template <typename T>
inline void storeOrAdd(T& d, T x, bool accumulate) {
  if (!accumulate) {
    d = x;
  } else if constexpr (std::is_same_v<T, bool>) {
    d = d || x;
  } else {
    d = static_cast<T>(d + x);
  }
}

[[noreturn, gnu::cold, gnu::noinline]] void throwIndexOutOfBounds(int64_t idx, int64_t size, int64_t dim) {
  JS_ERROR("index ", idx, " is out of bounds for dimension ", dim, " with size ", size);
}

// Inline (the gather/scatter loops call it per element), error path cold.
// Negative indices count from the end, as in tensor[...] and index_fill.
inline int64_t checkIndex(int64_t idx, int64_t size, int64_t dim) {
  if (idx < -size || idx >= size) [[unlikely]]
    throwIndexOutOfBounds(idx, size, dim);
  return idx < 0 ? idx + size : idx;
}

// gather, scatter*, index_select, index_add and index_copy take no negative
// index: PyTorch 1.13 rejects -1 there ("index -1 is out of bounds for
// dimension 1 with size 3"), so wrapping it would return values PyTorch
// never does.
inline int64_t checkIndexNonNegative(int64_t idx, int64_t size, int64_t dim) {
  if (idx < 0 || idx >= size) [[unlikely]]
    throwIndexOutOfBounds(idx, size, dim);
  return idx;
}

// A Long, contiguous copy of an index tensor.
Tensor longIndex(const Tensor& index, const char* op) {
  JS_CHECK(index.dtype() == ScalarType::Long || index.dtype() == ScalarType::Int, op,
           "(): Expected dtype int64 for index");
  return index.to(ScalarType::Long).contiguous();
}

}  // namespace

Tensor nonzero(const Tensor& self) {
  Tensor c = self.contiguous();
  const int64_t nd = self.dim();
  std::vector<int64_t> coords;
  int64_t count = 0;
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(self.dtype(), "nonzero", [&] {
    const scalar_t* p = c.data<scalar_t>();
    DimVector pos(static_cast<size_t>(nd), 0);
    for (int64_t i = 0; i < c.numel(); ++i) {
      if (p[i] != scalar_t(0)) {
        coords.insert(coords.end(), pos.begin(), pos.end());
        ++count;
      }
      for (int64_t d = nd - 1; d >= 0; --d) {
        if (++pos[d] < self.size(d)) break;
        pos[d] = 0;
      }
    }
  });
  Tensor out = empty({count, nd}, ScalarType::Long);
  if (!coords.empty()) std::memcpy(out.data_ptr(), coords.data(), coords.size() * sizeof(int64_t));
  return out;
}

namespace {

// ---- advanced indexing ----

struct AdvancedIndex {
  std::vector<int64_t> dims;      // indexed dims of self, increasing
  std::vector<Tensor> idx;        // Long, contiguous, broadcast to B
  DimVector B;                    // broadcast index shape
  std::vector<int64_t> rest;      // non-indexed dims of self, in order
  bool adjacent = true;           // indexed dims are consecutive
  int64_t nb = 1;
};

AdvancedIndex buildIndex(const Tensor& self, const std::vector<Tensor>& indices) {
  JS_CHECK(static_cast<int64_t>(indices.size()) <= self.dim(), "too many indices for tensor of dimension ",
           self.dim(), " (got ", indices.size(), ")");
  // Bool/byte masks become one Long index per masked dim.
  std::vector<Tensor> expanded;
  for (const Tensor& t : indices) {
    if (!t.defined()) {
      expanded.push_back(t);
      continue;
    }
    if (t.dtype() == ScalarType::Bool || t.dtype() == ScalarType::Byte) {
      const int64_t d0 = static_cast<int64_t>(expanded.size());
      JS_CHECK(d0 + t.dim() <= self.dim(), "too many indices for tensor of dimension ", self.dim());
      for (int64_t k = 0; k < t.dim(); ++k)
        JS_CHECK(t.size(k) == self.size(d0 + k), "The shape of the mask ", shapeToString(t.sizes()),
                 " at index ", k, " does not match the shape of the indexed tensor ", shapeToString(self.sizes()),
                 " at index ", d0 + k);
      Tensor nz = nonzero(t);
      for (int64_t k = 0; k < t.dim(); ++k) expanded.push_back(nz.select(1, k));
      continue;
    }
    JS_CHECK(t.dtype() == ScalarType::Long || t.dtype() == ScalarType::Int,
             "tensors used as indices must be long, int, byte or bool tensors");
    expanded.push_back(t);
  }
  JS_CHECK(static_cast<int64_t>(expanded.size()) <= self.dim(), "too many indices for tensor of dimension ",
           self.dim(), " (got ", expanded.size(), ")");
  AdvancedIndex ai;
  std::vector<Tensor> defined;
  for (size_t d = 0; d < expanded.size(); ++d)
    if (expanded[d].defined()) {
      ai.dims.push_back(static_cast<int64_t>(d));
      defined.push_back(expanded[d]);
    }
  JS_CHECK(!defined.empty(), "index: at least one index must be a tensor");
  for (int64_t d = 0; d < self.dim(); ++d)
    if (std::find(ai.dims.begin(), ai.dims.end(), d) == ai.dims.end()) ai.rest.push_back(d);
  for (size_t k = 1; k < ai.dims.size(); ++k)
    if (ai.dims[k] != ai.dims[k - 1] + 1) ai.adjacent = false;
  std::vector<Tensor> bc = broadcast_tensors(defined);
  ai.B.assign(bc[0].sizes().begin(), bc[0].sizes().end());
  for (int64_t s : ai.B) ai.nb *= s;
  for (size_t k = 0; k < bc.size(); ++k) {
    Tensor li = bc[k].to(ScalarType::Long).contiguous();
    const int64_t d = ai.dims[k], n = self.size(d);
    int64_t* p = li.data<int64_t>();
    for (int64_t i = 0; i < li.numel(); ++i) p[i] = checkIndex(p[i], n, d);
    ai.idx.push_back(li);
  }
  return ai;
}

// Byte offsets (in elements) of the non-indexed block, row-major over `rest`.
std::vector<int64_t> restOffsets(const Tensor& self, const AdvancedIndex& ai) {
  std::vector<int64_t> offs{0};
  for (int64_t d : ai.rest) {
    std::vector<int64_t> next;
    next.reserve(offs.size() * static_cast<size_t>(self.size(d)));
    for (int64_t o : offs)
      for (int64_t i = 0; i < self.size(d); ++i) next.push_back(o + i * self.stride(d));
    offs.swap(next);
  }
  return offs;
}

int64_t baseOffset(const Tensor& self, const AdvancedIndex& ai, int64_t b) {
  int64_t off = 0;
  for (size_t k = 0; k < ai.dims.size(); ++k) off += ai.idx[k].data<int64_t>()[b] * self.stride(ai.dims[k]);
  return off;
}

// Result shape in "B + rest" order and the permutation to PyTorch's order
// (B in place of the indexed dims when they are adjacent).
DimVector workShape(const Tensor& self, const AdvancedIndex& ai) {
  DimVector s(ai.B);
  for (int64_t d : ai.rest) s.push_back(self.size(d));
  return s;
}
DimVector toUserPerm(const AdvancedIndex& ai) {
  const int64_t nbd = static_cast<int64_t>(ai.B.size()), nrest = static_cast<int64_t>(ai.rest.size());
  DimVector perm;
  if (!ai.adjacent) {
    for (int64_t i = 0; i < nbd + nrest; ++i) perm.push_back(i);
    return perm;
  }
  int64_t before = 0;
  for (int64_t d : ai.rest)
    if (d < ai.dims.front()) ++before;
  for (int64_t i = 0; i < before; ++i) perm.push_back(nbd + i);
  for (int64_t i = 0; i < nbd; ++i) perm.push_back(i);
  for (int64_t i = before; i < nrest; ++i) perm.push_back(nbd + i);
  return perm;
}

Tensor indexTensor(const Tensor& self, const std::vector<Tensor>& indices) {
  AdvancedIndex ai = buildIndex(self, indices);
  std::vector<int64_t> roffs = restOffsets(self, ai);
  Tensor work = empty(workShape(self, ai), self.dtype());
  const size_t isz = self.itemsize();
  const char* src = static_cast<const char*>(self.data_ptr());
  char* dst = static_cast<char*>(work.data_ptr());
  const int64_t nr = static_cast<int64_t>(roffs.size());
  for (int64_t b = 0; b < ai.nb; ++b) {
    const int64_t base = baseOffset(self, ai, b);
    for (int64_t r = 0; r < nr; ++r)
      copyElem(dst + (b * nr + r) * static_cast<int64_t>(isz), src + (base + roffs[r]) * static_cast<int64_t>(isz), isz);
  }
  DimVector perm = toUserPerm(ai);
  return work.permute(perm).contiguous();
}

Tensor& indexPut(Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate) {
  AdvancedIndex ai = buildIndex(self, indices);
  std::vector<int64_t> roffs = restOffsets(self, ai);
  // values broadcast to the user-order result shape, then brought to B + rest order.
  DimVector ws = workShape(self, ai), perm = toUserPerm(ai), user_shape;
  for (int64_t p : perm) user_shape.push_back(ws[p]);
  DimVector inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inv[perm[i]] = static_cast<int64_t>(i);
  JS_CHECK(is_expandable_to(values.sizes(), user_shape), "shape mismatch: value tensor of shape ",
           shapeToString(values.sizes()), " cannot be broadcast to indexing result of shape ",
           shapeToString(user_shape));
  Tensor v = values.to(self.dtype()).expand(user_shape).permute(inv).contiguous();
  const int64_t nr = static_cast<int64_t>(roffs.size());
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(self.dtype(), "index_put_", [&] {
    scalar_t* dst = static_cast<scalar_t*>(self.data_ptr());
    const scalar_t* src = v.data<scalar_t>();
    for (int64_t b = 0; b < ai.nb; ++b) {
      const int64_t base = baseOffset(self, ai, b);
      for (int64_t r = 0; r < nr; ++r) {
        storeOrAdd(dst[base + roffs[r]], src[b * nr + r], accumulate);
      }
    }
  });
  return self;
}

// ---- dim-wise gather / scatter ----

// Visits every position of `index` (any shape), with the offsets of that
// position in self-like tensors computed from their strides, except along
// `dim` where the caller applies the index value.
template <typename F>
void forEachIndexed(const Tensor& index, const F& f) {
  const int64_t nd = index.dim();
  DimVector pos(static_cast<size_t>(nd), 0);
  const int64_t* ip = index.data<int64_t>();
  for (int64_t i = 0; i < index.numel(); ++i) {
    f(pos, ip[i], i);
    for (int64_t d = nd - 1; d >= 0; --d) {
      if (++pos[d] < index.size(d)) break;
      pos[d] = 0;
    }
  }
}

int64_t offsetOf(const Tensor& t, const DimVector& pos, int64_t dim, int64_t at) {
  int64_t off = 0;
  for (size_t d = 0; d < pos.size(); ++d)
    off += (static_cast<int64_t>(d) == dim ? at : pos[d]) * t.stride(static_cast<int64_t>(d));
  return off;
}

void checkGatherShapes(const Tensor& self, int64_t dim, const Tensor& index, const char* op) {
  JS_CHECK(index.dim() == self.dim() || (index.dim() <= 1 && self.dim() <= 1), "Index tensor must have the same "
           "number of dimensions as input tensor");
  for (int64_t d = 0; d < index.dim(); ++d)
    if (d != dim)
      JS_CHECK(index.size(d) <= self.size(d), "Size does not match at dimension ", d, " expected index ",
               shapeToString(index.sizes()), " to be smaller than self ", shapeToString(self.sizes()),
               " apart from dimension ", dim);
  (void)op;
}

// An element moved as one load and store of its size.
struct Bytes16 {
  uint64_t lo, hi;
};

// gather for index.dim() == self.dim() >= 1: rows along the index's last
// dim, each with its base offset in self computed once, so the inner loop is
// one index check and one typed copy per element. Rows split over the pool.
template <typename E>
void gatherRows(const Tensor& self, int64_t d, const Tensor& li, Tensor& out) {
  const int64_t nd = li.dim(), last = nd - 1;
  const int64_t inner = li.size(last);
  if (li.numel() == 0) return;
  const int64_t rows = li.numel() / inner;
  const int64_t n = self.size(d), sd = self.stride(d), sl = self.stride(last);
  const E* src = static_cast<const E*>(self.data_ptr());
  E* dst = static_cast<E*>(out.data_ptr());
  const int64_t* ip = li.data<int64_t>();
  parallel_for(0, rows, std::max<int64_t>(1, kGrainSize / inner), [&](int64_t rb, int64_t re) {
    DimVector pos(static_cast<size_t>(nd), 0);
    for (int64_t k = last - 1, rem = rb; k >= 0; --k) {
      pos[k] = rem % li.size(k);
      rem /= li.size(k);
    }
    for (int64_t row = rb; row < re; ++row) {
      int64_t base = 0;
      for (int64_t k = 0; k < last; ++k)
        if (k != d) base += pos[k] * self.stride(k);
      const int64_t* x = ip + row * inner;
      E* o = dst + row * inner;
      if (last == d) {
        for (int64_t j = 0; j < inner; ++j) o[j] = src[base + checkIndexNonNegative(x[j], n, d) * sd];
      } else {
        for (int64_t j = 0; j < inner; ++j) o[j] = src[base + j * sl + checkIndexNonNegative(x[j], n, d) * sd];
      }
      for (int64_t k = last - 1; k >= 0; --k) {
        if (++pos[k] < li.size(k)) break;
        pos[k] = 0;
      }
    }
  });
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  // PyTorch 1.13 takes int64 only here (index_select and take accept int32).
  JS_CHECK(index.dtype() == ScalarType::Long, "gather(): Expected dtype int64 for index");
  Tensor li = longIndex(index, "gather");
  checkGatherShapes(self, d, li, "gather");
  Tensor out = empty(li.sizes(), self.dtype());
  if (self.dim() >= 1 && li.dim() == self.dim()) {
    switch (self.itemsize()) {
      case 1: gatherRows<uint8_t>(self, d, li, out); return out;
      case 2: gatherRows<uint16_t>(self, d, li, out); return out;
      case 4: gatherRows<uint32_t>(self, d, li, out); return out;
      case 8: gatherRows<uint64_t>(self, d, li, out); return out;
      case 16: gatherRows<Bytes16>(self, d, li, out); return out;
      default: break;
    }
  }
  const size_t isz = self.itemsize();
  const int64_t n = self.dim() == 0 ? 1 : self.size(d);
  const char* src = static_cast<const char*>(self.data_ptr());
  char* dst = static_cast<char*>(out.data_ptr());
  forEachIndexed(li, [&](const DimVector& pos, int64_t idx, int64_t i) {
    const int64_t at = checkIndexNonNegative(idx, n, d);
    copyElem(dst + i * static_cast<int64_t>(isz), src + (self.dim() == 0 ? 0 : offsetOf(self, pos, d, at)) * static_cast<int64_t>(isz), isz);
  });
  return out;
}

enum class Reduce { None, Add, Mul, Mean, Max, Min };

Reduce parseReduce(std::string_view r, bool scatter_reduce_names) {
  if (scatter_reduce_names) {
    if (r == "sum") return Reduce::Add;
    if (r == "prod") return Reduce::Mul;
    if (r == "mean") return Reduce::Mean;
    if (r == "amax") return Reduce::Max;
    if (r == "amin") return Reduce::Min;
    JS_ERROR("reduce argument must be either sum, prod, mean, amax or amin, got ", r);
  }
  if (r == "add") return Reduce::Add;
  if (r == "multiply") return Reduce::Mul;
  JS_ERROR("reduce argument must be either add or multiply.");
}

// out = self with src (a tensor, or `value` when src is undefined) scattered
// along dim at index, combined by `red`. include_self=false (scatter_reduce)
// drops self's value at every position that receives a contribution.
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const Scalar& value,
               Reduce red, bool include_self = true) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  JS_CHECK(index.dtype() == ScalarType::Long, "scatter(): Expected dtype int64 for index");
  Tensor li = longIndex(index, "scatter");
  checkGatherShapes(self, d, li, "scatter");
  if (src.defined())
    for (int64_t k = 0; k < li.dim(); ++k)
      JS_CHECK(li.size(k) <= src.size(k), "Expected index ", shapeToString(li.sizes()),
               " to be smaller than src ", shapeToString(src.sizes()));
  Tensor out = self.clone();
  const int64_t n = self.dim() == 0 ? 1 : self.size(d);
  JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), "scatter", [&] {
    scalar_t* o = out.data<scalar_t>();
    Tensor s = src.defined() ? src.to(self.dtype()) : Tensor();
    const scalar_t* sp = s.defined() ? static_cast<const scalar_t*>(s.data_ptr()) : nullptr;
    const scalar_t v = src.defined() ? scalar_t{} : value.to<scalar_t>();
    std::vector<int64_t> counts;
    std::vector<bool> touched;
    if (red == Reduce::Mean) counts.assign(static_cast<size_t>(out.numel()), include_self ? 1 : 0);
    if (!include_self) touched.assign(static_cast<size_t>(out.numel()), false);
    forEachIndexed(li, [&](const DimVector& pos, int64_t idx, int64_t) {
      const int64_t at = checkIndexNonNegative(idx, n, d);
      const int64_t oo = self.dim() == 0 ? 0 : offsetOf(out, pos, d, at);
      const scalar_t x = sp ? sp[self.dim() == 0 ? 0 : offsetOf(s, pos, -1, 0)] : v;
      scalar_t& dst = o[oo];
      if (!include_self && !touched[oo]) {
        // The first contribution replaces self's value.
        touched[oo] = true;
        dst = x;
        if (red == Reduce::Mean) counts[oo] = 1;
        return;
      }
      switch (red) {
        case Reduce::None: dst = x; break;
        case Reduce::Add:
        case Reduce::Mean:
          if constexpr (std::is_same_v<scalar_t, bool>) dst = dst || x;
          else dst = static_cast<scalar_t>(dst + x);
          if (red == Reduce::Mean) ++counts[oo];
          break;
        case Reduce::Mul:
          dst = reduceProduct(dst, x);
          break;
        case Reduce::Max: dst = (x > dst || x != x) ? x : dst; break;
        case Reduce::Min: dst = (x < dst || x != x) ? x : dst; break;
      }
    });
    if (red == Reduce::Mean) {
      // out is a fresh contiguous clone, so element i is o[i].
      for (int64_t i = 0; i < out.numel(); ++i)
        if (counts[i] > 0) {
          if constexpr (std::is_integral_v<scalar_t> && !std::is_same_v<scalar_t, bool>)
            o[i] = math::floorDivInt(o[i], static_cast<scalar_t>(counts[i]));
          else if constexpr (!std::is_same_v<scalar_t, bool>)
            o[i] = static_cast<scalar_t>(o[i] / static_cast<scalar_t>(counts[i]));
        }
    }
  });
  return out;
}

Tensor indexSelect(const Tensor& self, int64_t dim, const Tensor& index) {
  JS_CHECK(index.dim() <= 1, "index_select(): Index is supposed to be a vector");
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  Tensor li = longIndex(index, "index_select").reshape({-1});
  if (self.dim() == 0) {
    JS_CHECK(li.numel() == 1, "index_select(): Index to scalar can have only 1 value, got ", li.numel(), " value(s)");
    checkIndexNonNegative(li.data<int64_t>()[0], 1, 0);
    return self.clone();
  }
  DimVector shape(self.sizes().begin(), self.sizes().end());
  shape[d] = li.numel();
  Tensor out = empty(shape, self.dtype());
  const int64_t* ip = li.data<int64_t>();
  if (self.is_contiguous() && out.numel() > 0) {
    // [outer, size(d), inner] -> [outer, nidx, inner]: one memcpy per
    // selected slice (indices checked first, so a bad one writes nothing).
    for (int64_t i = 0; i < li.numel(); ++i) checkIndexNonNegative(ip[i], self.size(d), d);
    int64_t outer = 1, inner = 1;
    for (int64_t k = 0; k < d; ++k) outer *= self.size(k);
    for (int64_t k = d + 1; k < self.dim(); ++k) inner *= self.size(k);
    const int64_t sz = self.size(d), ni = li.numel(), bytes = inner * static_cast<int64_t>(self.itemsize());
    const char* src = static_cast<const char*>(self.data_ptr());
    char* dst = static_cast<char*>(out.data_ptr());
    const int64_t grain = std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, inner));
    parallel_for(0, outer * ni, grain, [&](int64_t b, int64_t e) {
      for (int64_t t = b; t < e; ++t) {
        const int64_t o = t / ni, i = t % ni;
        std::memcpy(dst + t * bytes, src + (o * sz + ip[i]) * bytes, static_cast<size_t>(bytes));
      }
    });
    return out;
  }
  for (int64_t i = 0; i < li.numel(); ++i)
    out.select(d, i).copy_(self.select(d, checkIndexNonNegative(ip[i], self.size(d), d)));
  return out;
}

// out = self with slices along dim replaced (copy), accumulated (add, with
// alpha) or filled, at the positions in a 1-D index.
enum class SliceOp { Copy, Add, Fill };

Tensor indexSlices(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& scalar,
                   SliceOp op) {
  JS_CHECK(index.dim() <= 1, "index_", op == SliceOp::Fill ? "fill" : (op == SliceOp::Add ? "add" : "copy"),
           "_(): Index is supposed to be a vector");
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  Tensor li = longIndex(index, "index").reshape({-1});
  Tensor out = self.clone();
  const int64_t n = self.dim() == 0 ? 1 : self.size(d);
  if (op != SliceOp::Fill && source.dim() > 0)
    JS_CHECK(source.size(self.dim() == 0 ? 0 : d) == li.numel(), "index_", op == SliceOp::Add ? "add" : "copy",
             "_(): Number of indices (", li.numel(), ") should be equal to source.size(dim) (",
             source.size(self.dim() == 0 ? 0 : d), ")");
  const int64_t* ip = li.data<int64_t>();
  for (int64_t i = 0; i < li.numel(); ++i) {
    // index_fill counts negative indices from the end; index_add and
    // index_copy reject them (PyTorch 1.13).
    const int64_t at = op == SliceOp::Fill ? checkIndex(ip[i], n, d) : checkIndexNonNegative(ip[i], n, d);
    Tensor dst = self.dim() == 0 ? out : out.select(d, at);
    if (op == SliceOp::Fill) {
      dst.fill_(scalar);
      continue;
    }
    Tensor src = source.dim() == 0 ? source : source.select(d, i);
    if (op == SliceOp::Copy) dst.copy_(src);
    else add_(dst, src, scalar);
  }
  return out;
}

Tensor maskedFill(const Tensor& self, const Tensor& mask, const Scalar& value, Tensor out = {}) {
  JS_CHECK(mask.dtype() == ScalarType::Bool, "masked_fill_ only supports boolean masks, but got mask with dtype ",
           scalarTypeName(mask.dtype()));
  const bool inplace = out.defined();
  TensorIteratorConfig cfg;
  cfg.name("masked_fill").add_output(out).add_input(self).add_input(mask).check_all_same_dtype(false);
  if (inplace) cfg.resize_outputs(false);
  TensorIterator it = cfg.build();
  if (!out.defined()) out = it.output();
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(self.dtype(), "masked_fill", [&] {
    const scalar_t v = value.to<scalar_t>();
    cpu_kernel(it, [v](scalar_t x, bool m) -> scalar_t { return m ? v : x; });
  });
  return out;
}

Scalar maskValue(const Tensor& value) {
  JS_CHECK(value.dim() == 0, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
           value.dim(), " dimension(s).");
  return value.item();
}

Tensor maskedSelect(const Tensor& self, const Tensor& mask) {
  JS_CHECK(mask.dtype() == ScalarType::Bool, "masked_select: expected BoolTensor for mask");
  std::vector<Tensor> bc = broadcast_tensors(std::vector<Tensor>{self, mask});
  if (bc[0].dim() == 0) return indexTensor(bc[0].unsqueeze(0), {bc[1].unsqueeze(0)});  // a 0-d mask selects 0 or 1
  return indexTensor(bc[0], {bc[1]});
}

Tensor maskedScatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  JS_CHECK(mask.dtype() == ScalarType::Bool, "masked_scatter_ only supports boolean masks, but got mask with dtype ",
           scalarTypeName(mask.dtype()));
  JS_CHECK(self.dtype() == source.dtype(), "masked_scatter: expected self and source to have same dtypes but got",
           scalarTypeName(self.dtype()), " and ", scalarTypeName(source.dtype()));
  // Out of place, self and mask broadcast together (the mask may be the
  // larger one); the in-place form keeps self's shape.
  const DimVector shape = broadcastShapes(self.sizes(), mask.sizes());
  Tensor out = self.expand(shape).contiguous().clone();
  Tensor m = mask.expand(shape).contiguous();
  Tensor src = source.contiguous();
  const bool* mp = m.data<bool>();
  const size_t isz = self.itemsize();
  char* o = static_cast<char*>(out.data_ptr());
  const char* sp = static_cast<const char*>(src.data_ptr());
  int64_t k = 0;
  for (int64_t i = 0; i < out.numel(); ++i) {
    if (!mp[i]) continue;
    JS_CHECK(k < src.numel(), "masked_scatter: expected source to have at least as many elements as ones in mask");
    copyElem(o + i * static_cast<int64_t>(isz), sp + k * static_cast<int64_t>(isz), isz);
    ++k;
  }
  return out;
}

Tensor take(const Tensor& self, const Tensor& index) {
  Tensor li = longIndex(index, "take");
  Tensor flat = self.reshape({-1});
  Tensor out = empty(li.sizes(), self.dtype());
  const size_t isz = self.itemsize();
  const int64_t* ip = li.data<int64_t>();
  const int64_t n = flat.numel(), st = flat.stride(0);
  const char* src = static_cast<const char*>(flat.data_ptr());
  char* dst = static_cast<char*>(out.data_ptr());
  for (int64_t i = 0; i < li.numel(); ++i) {
    JS_CHECK(ip[i] >= -n && ip[i] < n, "out of range: tried to access index ", ip[i], " on a tensor of ", n,
             " elements.");
    const int64_t at = ip[i] < 0 ? ip[i] + n : ip[i];
    copyElem(dst + i * static_cast<int64_t>(isz), src + at * st * static_cast<int64_t>(isz), isz);
  }
  return out;
}

Tensor takeAlongDim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim) {
  JS_CHECK(indices.dtype() == ScalarType::Long, "torch.take_along_dim(): dtype of indices should be Long but got ",
           scalarTypeName(indices.dtype()));
  // Flattened: gather along dim 0 (not take), so a negative index is an
  // error as in PyTorch, whose take_along_dim gathers too.
  if (!dim) return gather(self.reshape({-1}), 0, indices.reshape({-1}).contiguous());
  const int64_t d = maybe_wrap_dim(*dim, self.dim());
  JS_CHECK(self.dim() == indices.dim(), "torch.take_along_dim(): input and indices should have the same number of "
           "dimensions, but got ", self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices");
  DimVector s1(self.sizes().begin(), self.sizes().end()), s2(indices.sizes().begin(), indices.sizes().end());
  s1[d] = 1;
  s2[d] = 1;
  DimVector b = infer_size(s1, s2);
  DimVector se = b, ie = b;
  se[d] = self.size(d);
  ie[d] = indices.size(d);
  return gather(self.expand(se), d, indices.expand(ie).contiguous());
}

Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  Tensor li = longIndex(index, "put");
  JS_CHECK(li.numel() == source.numel(), "put_(): Expected source and index to have the same number of elements, "
           "but got source.numel() = ", source.numel(), ", index.numel() = ", li.numel());
  Tensor out = self.clone();
  Tensor src = source.to(self.dtype()).contiguous();
  const int64_t n = out.numel();
  JS_DISPATCH_ALL_TYPES_AND_BOOL(self.dtype(), "put", [&] {
    scalar_t* o = out.data<scalar_t>();
    const scalar_t* sp = src.data<scalar_t>();
    const int64_t* ip = li.data<int64_t>();
    for (int64_t i = 0; i < li.numel(); ++i) {
      JS_CHECK(ip[i] >= -n && ip[i] < n, "out of range: tried to access index ", ip[i], " on a tensor of ", n,
               " elements.");
      storeOrAdd(o[ip[i] < 0 ? ip[i] + n : ip[i]], sp[i], accumulate);
    }
  });
  return out;
}

// ---- kernels: typed, one parameter per schema argument ----

// index_put_ / index_put with Tensor?[] indices (List OptionalTensorList)
// or the hacked twins' Tensor[] (List std::vector<Tensor>).
template <typename List>
Tensor indexPutInplace(Tensor self, List indices, const Tensor& values, bool accumulate) {
  indexPut(self, indices, values, accumulate);
  return self;
}
template <typename List>
Tensor indexPutCopy(const Tensor& self, List indices, const Tensor& values, bool accumulate) {
  Tensor out = self.clone();
  indexPut(out, indices, values, accumulate);
  return out;
}

// scatter of a tensor (Src Tensor) or of a value (Src Scalar), combined by red.
Tensor scatterOf(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, Reduce red) {
  return scatter(self, dim, index, src, 0, red);
}
Tensor scatterOf(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value, Reduce red) {
  return scatter(self, dim, index, Tensor(), value, red);
}
template <typename Src>
Tensor scatterOp(const Tensor& self, int64_t dim, const Tensor& index, const Src& src) {
  return scatterOf(self, dim, index, src, Reduce::None);
}
template <typename Src>
Tensor scatterReduceOp(const Tensor& self, int64_t dim, const Tensor& index, const Src& src, std::string_view reduce) {
  return scatterOf(self, dim, index, src, parseReduce(reduce, false));
}
Tensor scatterAdd(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return scatterOf(self, dim, index, src, Reduce::Add);
}

// index_fill and masked_fill take a Scalar or a 0-dim tensor's value.
Scalar maskValue(const Scalar& value) { return value; }
template <typename V>
Tensor indexFill(const Tensor& self, int64_t dim, const Tensor& index, const V& value) {
  return indexSlices(self, dim, index, Tensor(), maskValue(value), SliceOp::Fill);
}
template <typename V>
Tensor maskedFillOp(const Tensor& self, const Tensor& mask, const V& value) {
  return maskedFill(self, mask, maskValue(value));
}
template <typename V>
Tensor maskedFill_(Tensor self, const Tensor& mask, const V& value) {
  maskedFill(self, mask, maskValue(value), self);
  return self;
}

std::vector<Tensor> nonzeroTuple(const Tensor& self) {
  Tensor nz = nonzero(self);
  std::vector<Tensor> cols;
  for (int64_t k = 0; k < nz.size(1); ++k) cols.push_back(nz.select(1, k).contiguous());
  return cols;
}

// index_reduce: out = self, then for each k, row index[k] of out along dim is
// combined with row k of source by prod / mean / amax / amin. Without
// include_self a row's first contribution replaces self's value. mean
// divides by the number of contributions (counting self when included),
// flooring for integer dtypes.
Tensor indexReduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, std::string_view reduce,
                   bool include_self) {
  enum class R { Prod, Mean, Amax, Amin };
  R r;
  if (reduce == "prod") r = R::Prod;
  else if (reduce == "mean") r = R::Mean;
  else if (reduce == "amax") r = R::Amax;
  else if (reduce == "amin") r = R::Amin;
  else JS_ERROR("index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got ", reduce, ".");
  dim = maybe_wrap_dim(dim, self.dim());
  JS_CHECK(index.dim() <= 1, "index_reduce_(): Index is supposed to be a vector");
  JS_CHECK(index.dtype() == ScalarType::Long || index.dtype() == ScalarType::Int,
           "index_reduce_(): Expected dtype int32/int64 for index but got ", scalarTypeName(index.dtype()));
  JS_CHECK(self.dtype() == source.dtype(), "index_reduce_(): self (", scalarTypeName(self.dtype()), ") and source (",
           scalarTypeName(source.dtype()), ") must have the same scalar type");
  JS_CHECK(!self.is_complex() && self.dtype() != ScalarType::Bool, "index_reduce(): unsupported dtype ",
           scalarTypeName(self.dtype()));
  const int64_t nidx = index.numel();
  const Tensor self_r = self.dim() == 0 ? self.reshape({1}) : self;
  const Tensor src_r = source.dim() == 0 ? source.reshape({1}) : source;
  JS_CHECK(src_r.dim() == self_r.dim(), "index_reduce_(): Source and self must have the same number of dimensions");
  JS_CHECK(src_r.size(dim) == nidx, "index_reduce_(): Number of indices (", nidx,
           ") should be equal to source.size(dim) (", src_r.size(dim), ")");
  for (int64_t d = 0; d < self_r.dim(); ++d)
    if (d != dim)
      JS_CHECK(self_r.size(d) == src_r.size(d), "index_reduce_(): self and source must match in every dim but dim ",
               dim, ", got ", shapeToString(self.sizes()), " and ", shapeToString(source.sizes()));
  const int64_t rows = self_r.size(dim);
  Tensor out = self_r.movedim(dim, 0).to(ScalarType::Double, true).contiguous();
  Tensor src = src_r.movedim(dim, 0).to(ScalarType::Double).contiguous();
  Tensor idx = index.reshape({-1}).to(ScalarType::Long).contiguous();
  const int64_t inner = rows == 0 ? 0 : out.numel() / rows;
  double* op = out.data<double>();
  const double* sp = src.data<double>();
  const int64_t* ip = idx.data<int64_t>();
  std::vector<int64_t> count(static_cast<size_t>(rows), include_self ? 1 : 0);
  for (int64_t k = 0; k < nidx; ++k) {
    int64_t i = ip[k];
    // Negative indices are rejected, as PyTorch 1.13 does.
    JS_CHECK(i >= 0 && i < rows, "index_reduce(): index ", i, " is out of bounds for dimension ", dim,
             " with size ", rows);
    const bool first = count[static_cast<size_t>(i)] == 0;
    ++count[static_cast<size_t>(i)];
    for (int64_t j = 0; j < inner; ++j) {
      double& o = op[i * inner + j];
      const double v = sp[k * inner + j];
      if (first) o = v;
      else if (r == R::Prod) o *= v;
      else if (r == R::Mean) o += v;
      else if (r == R::Amax) o = (std::isnan(o) || std::isnan(v)) ? std::nan("") : std::max(o, v);
      else o = (std::isnan(o) || std::isnan(v)) ? std::nan("") : std::min(o, v);
    }
  }
  if (r == R::Mean) {
    const bool integral = isIntegralType(self.dtype(), false);
    for (int64_t i = 0; i < rows; ++i) {
      const int64_t c = count[static_cast<size_t>(i)];
      if (c <= 1) continue;
      for (int64_t j = 0; j < inner; ++j) {
        double& o = op[i * inner + j];
        o = integral ? std::floor(o / static_cast<double>(c)) : o / static_cast<double>(c);
      }
    }
  }
  Tensor res = out.to(self.dtype()).movedim(0, dim).contiguous();
  return self.dim() == 0 ? res.reshape(DimVector{}) : res;
}

// fill_diagonal_: the main diagonal of a matrix (or of a cube with equal
// sides) set to a value; with wrap, a tall matrix continues the diagonal
// every width + 1 rows, as NumPy's fill_diagonal does.
Tensor fillDiagonal_(Tensor self, const Scalar& value, bool wrap) {
  const int64_t nd = self.dim();
  JS_CHECK(nd >= 2, "dimensions must larger than 1");
  const int64_t height = self.size(0), width = self.size(1);
  if (nd > 2)
    for (int64_t i = 1; i < nd; ++i) JS_CHECK(self.size(i) == height, "all dimensions of input must be of equal length");
  int64_t stride = 0;
  for (int64_t i = 0; i < nd; ++i) stride += self.stride(i);
  const int64_t size = std::min(height, width), offset = self.storage_offset();
  self.as_strided({size}, {stride}, offset).fill_(value);
  if (wrap && nd == 2 && height > width + 1) {
    const int64_t step = width + 1, wrapSize = (self.numel() + step - 1) / step - size;
    self.as_strided({wrapSize}, {stride}, offset + self.stride(0) * (width + 1)).fill_(value);
  }
  return self;
}

}  // namespace

Tensor index(const Tensor& self, const std::vector<Tensor>& indices) { return indexTensor(self, indices); }
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) { return indexSelect(self, dim, index); }

const OpTable kIndexOps = {
    op<fillDiagonal_>("aten::fill_diagonal_(Tensor(a!) self, Scalar fill_value, bool wrap=False) -> Tensor(a!)",
                      "Sets the main diagonal (wrapping in tall matrices with wrap)."),
    op<[](const Tensor& self, OptionalTensorList indices) { return indexTensor(self, indices); }>(
        "aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
        "Advanced indexing: long and bool index tensors, None for whole dims."),
    op<indexPutInplace<OptionalTensorList>>(
        "aten::index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)",
        "Writes (or accumulates) values at advanced-index positions."),
    op<indexPutCopy<OptionalTensorList>>(
        "aten::index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor",
        "Out-of-place index_put_."),
    op<indexPutInplace<std::vector<Tensor>>>(
        "aten::index_put_.hacked_twin(Tensor(a!) self, Tensor[] indices, Tensor values, bool accumulate=False) -> "
        "Tensor(a!)",
        "index_put_ with non-optional indices."),
    op<indexPutCopy<std::vector<Tensor>>>(
        "aten::index_put.hacked_twin(Tensor self, Tensor[] indices, Tensor values, bool accumulate=False) -> Tensor",
        "index_put with non-optional indices."),
    op<indexSelect>("aten::index_select(Tensor self, int dim, Tensor index) -> Tensor",
                    "Slices of dim picked by a 1-D index."),
    op<[](const Tensor& self, int64_t dim, const Tensor& index, bool /*sparse_grad*/) {
      return gather(self, dim, index);
    }>("aten::gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor",
       "out[i][j] = self[index[i][j]][j] (for dim 0)."),
    op<scatterOp<Tensor>>("aten::scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor",
                          "Copy of self with src written at index along dim."),
    op<scatterOp<Scalar>>("aten::scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor",
                          "Copy of self with value written at index along dim."),
    op<scatterReduceOp<Tensor>>(
        "aten::scatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor",
        "scatter combining with add or multiply."),
    op<scatterReduceOp<Scalar>>(
        "aten::scatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor",
        "scatter of a value combining with add or multiply."),
    op<inplaceFrom<scatterOp<Tensor>>>(
        "aten::scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)", "In-place scatter."),
    op<inplaceFrom<scatterOp<Scalar>>>(
        "aten::scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)",
        "In-place scatter of a value."),
    op<scatterAdd>("aten::scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor",
                   "Copy of self with src added at index along dim."),
    op<inplaceFrom<scatterAdd>>("aten::scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)",
                                "In-place scatter_add."),
    op<[](const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, std::string_view reduce,
          bool include_self) {
      return scatter(self, dim, index, src, 0, parseReduce(reduce, true), include_self);
    }>("aten::scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool "
       "include_self=True) -> Tensor",
       "scatter with sum, prod, mean, amax or amin."),
    op<[](const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
      return indexSlices(self, dim, index, source, alpha, SliceOp::Add);
    }>("aten::index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor",
       "Adds alpha * source slices at index along dim."),
    op<[](const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
      return indexSlices(self, dim, index, source, 0, SliceOp::Copy);
    }>("aten::index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor",
       "Copies source slices to index along dim."),
    op<indexFill<Scalar>>("aten::index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor",
                          "Fills slices at index along dim."),
    op<indexFill<Tensor>>("aten::index_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor",
                          "Fills slices with a 0-dim tensor value."),
    op<maskedFillOp<Scalar>>("aten::masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor",
                             "value where mask, else self.", kFusible),
    op<maskedFillOp<Tensor>>("aten::masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor",
                             "masked_fill with a 0-dim tensor value.", kFusible),
    op<maskedFill_<Scalar>>("aten::masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)",
                            "In-place masked_fill."),
    op<maskedFill_<Tensor>>("aten::masked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)",
                            "In-place masked_fill with a 0-dim tensor value."),
    op<maskedSelect>("aten::masked_select(Tensor self, Tensor mask) -> Tensor",
                     "1-D tensor of the elements where mask (broadcast) is true."),
    op<maskedScatter>("aten::masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor",
                      "Copy of self with source's elements written where mask is true."),
    op<nonzero>("aten::nonzero(Tensor self) -> Tensor", "Indices of nonzero elements, one row each."),
    op<nonzero>("aten::argwhere(Tensor self) -> Tensor", "Alias of nonzero."),
    op<nonzeroTuple>("aten::nonzero_numpy(Tensor self) -> Tensor[]", "nonzero as one index tensor per dim."),
    op<nonzeroTuple>("aten::where(Tensor condition) -> Tensor[]", "nonzero(condition, as_tuple=True)."),
    op<take>("aten::take(Tensor self, Tensor index) -> Tensor", "Elements of the flattened input at index."),
    op<takeAlongDim>("aten::take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor",
                     "gather with broadcasting (flattened when dim is None)."),
    op<put>("aten::put(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor",
            "Copy of self with source written at flat indices."),
    op<indexReduce>("aten::index_reduce(Tensor self, int dim, Tensor index, Tensor source, str reduce, *, bool "
                    "include_self=True) -> Tensor",
                    "Reduces source rows into self's rows at index (prod, mean, amax, amin)."),
    op<inplaceFrom<indexReduce>>("aten::index_reduce_(Tensor(a!) self, int dim, Tensor index, Tensor source, str "
                                 "reduce, *, bool include_self=True) -> Tensor(a!)",
                                 "In-place index_reduce."),
};

}  // namespace jitserve::ops
