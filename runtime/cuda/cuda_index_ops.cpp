// Gathers and scatters along a dim on the GPU, host half (kernels/index.cu):
// gather, take, take_along_dim; scatter (src, value), scatter_add,
// index_add, index_copy, index_fill. Index values are checked on the host
// first (their min and max, two numbers copied back), so an index out of
// range is an error naming it, never a device fault.
#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/cuda/kernels/index.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::cuda {
namespace {

// Errors unless every index lies in [lo, size).
void checkRange(const Tensor& index, int64_t size, int64_t lo, const char* op) {
  JS_CHECK(index.dtype() == ScalarType::Long, op, "(): Expected dtype int64 for index");
  if (index.numel() == 0) return;
  const int64_t mn = callOp<"aten::min", Tensor>(index).item().toLong();
  const int64_t mx = callOp<"aten::max", Tensor>(index).item().toLong();
  JS_CHECK(mn >= lo, op, "(): index ", mn, " is out of bounds for dimension with size ", size);
  JS_CHECK(mx < size, op, "(): index ", mx, " is out of bounds for dimension with size ", size);
}

IndexLaunch launchOver(IntArrayRef shape, int dim, IntArrayRef index, IntArrayRef self, IntArrayRef other) {
  JS_CHECK(static_cast<int>(shape.size()) <= kMaxDims, "gather/scatter: at most ", kMaxDims, " dims on cuda");
  IndexLaunch l;
  l.ndim = static_cast<int>(shape.size());
  l.dim = dim;
  l.numel = 1;
  for (int d = 0; d < l.ndim; ++d) {
    l.sizes[d] = shape[d];
    l.index[d] = index[d];
    l.self[d] = self[d];
    l.other[d] = other[d];
    l.numel *= shape[d];
  }
  return l;
}

const int64_t* indexData(const Tensor& t) { return static_cast<const int64_t*>(t.unsafeGetImpl()->deviceData()); }

// index and other agree with self in rank; index's sizes bound the others'.
void checkShapes(const Tensor& self, const Tensor& index, const Tensor* src, int64_t dim, const char* op) {
  JS_CHECK(index.dim() == self.dim() || (index.dim() <= 1 && self.dim() <= 1), op,
           "(): Index tensor must have the same number of dimensions as ", op == std::string("gather") ? "input" : "self",
           " tensor");
  for (int64_t d = 0; d < index.dim(); ++d) {
    if (d != dim) {
      JS_CHECK(index.size(d) <= self.size(d), op, "(): Expected index ", shapeToString(index.sizes()),
               " to be smaller than self ", shapeToString(self.sizes()), " apart from dimension ", dim);
    }
    if (src) {
      JS_CHECK(index.size(d) <= src->size(d), op, "(): Expected index ", shapeToString(index.sizes()),
               " to be smaller than src ", shapeToString(src->sizes()));
    }
  }
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index, bool /*sparseGrad*/) {
  OnDevice on(deviceOf({&self, &index}, "gather"));
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  checkShapes(self, index, nullptr, d, "gather");
  checkRange(index, self.dim() == 0 ? 1 : self.size(d), 0, "gather");
  // 0-dim operands as 1-element vectors (only index 0 is in range then).
  const Tensor src = self.dim() == 0 ? self.reshape({1}) : self;
  const Tensor idx = index.dim() == 0 ? index.reshape({1}) : index;
  Tensor out = emptyOnDevice(idx.sizes(), self.dtype(), on.device);
  const IndexLaunch l = launchOver(idx.sizes(), static_cast<int>(d), idx.strides(), src.strides(), out.strides());
  launchGather(l, out.unsafeGetImpl()->deviceData(), src.unsafeGetImpl()->deviceData(), indexData(idx),
               elementSize(self.dtype()), on.stream);
  if (index.dim() == 0) out = out.reshape({});
  return out;
}

Tensor take(const Tensor& self, const Tensor& index) {
  OnDevice on(deviceOf({&self, &index}, "take"));
  const int64_t n = self.numel();
  checkRange(index, n, -n, "take");
  // Negative positions count from the end.
  const Tensor negative = callOp<"aten::lt.Scalar", Tensor>(index, IValue(Scalar(int64_t{0})));
  const Tensor wrapped = callOp<"aten::add.Scalar", Tensor>(index, IValue(Scalar(n)), IValue(Scalar(int64_t{1})));
  const Tensor flatIndex =
      contiguousOnDevice(callOp<"aten::where.self", Tensor>(negative, wrapped, index), on).reshape({index.numel()});
  const Tensor flat = contiguousOnDevice(self, on).reshape({n});
  return gather(flat, 0, flatIndex, false).view(index.sizes());
}

Tensor takeAlongDim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim) {
  if (!dim) {
    OnDevice on(deviceOf({&self, &indices}, "take_along_dim"));
    return gather(contiguousOnDevice(self, on).reshape({self.numel()}), 0,
                  contiguousOnDevice(indices, on).reshape({indices.numel()}), false);
  }
  JS_CHECK(self.dim() == indices.dim(), "torch.take_along_dim(): input and indices should have the same number of "
           "dimensions, but got ", self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices");
  const int64_t d = maybe_wrap_dim(*dim, self.dim());
  // Broadcast every dim but `d` between the two.
  DimVector selfShape(self.sizes().begin(), self.sizes().end()), indexShape(indices.sizes().begin(), indices.sizes().end());
  for (int64_t i = 0; i < self.dim(); ++i) {
    if (i == d) continue;
    const int64_t a = self.size(i), b = indices.size(i);
    JS_CHECK(a == b || a == 1 || b == 1, "take_along_dim: shapes ", shapeToString(self.sizes()), " and ",
             shapeToString(indices.sizes()), " cannot be broadcast");
    selfShape[static_cast<size_t>(i)] = indexShape[static_cast<size_t>(i)] = std::max(a, b);
  }
  return gather(self.expand(selfShape), d, indices.expand(indexShape), false);
}

// A copy of self with src (or value) scattered into it along dim by index.
Tensor scatterInto(ScatterMode mode, const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src,
                   std::optional<Scalar> value, const char* op) {
  OnDevice on(deviceOf({&self, &index}, op));
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  checkShapes(self, index, src, d, op);
  checkRange(index, self.dim() == 0 ? 1 : self.size(d), 0, op);
  JS_CHECK(scatterSupports(mode, self.dtype()), op, ": \"", op, "_cuda\" not implemented for '",
           scalarTypeName(self.dtype()), "'");
  Tensor out = cloneOnDevice(self, on);
  if (index.numel() == 0) return out;
  Tensor source, valueOnDevice;
  if (src) {
    JS_CHECK(src->dtype() == self.dtype(), op, "(): Expected self.dtype to be equal to src.dtype");
    source = src->device() == on.device ? *src : toDevice(*src, on.device);
  } else {
    valueOnDevice = toDevice(full({}, *value, self.dtype()), on.device);
  }
  const Tensor idx = index.dim() == 0 ? index.reshape({1}) : index;
  const Tensor o = out.dim() == 0 ? out.reshape({1}) : out;
  const Tensor s = source.defined() && source.dim() == 0 ? source.reshape({1}) : source;
  const IndexLaunch l = launchOver(idx.sizes(), static_cast<int>(d), idx.strides(), o.strides(),
                                   s.defined() ? s.strides() : idx.strides());
  launchScatter(mode, l, o.unsafeGetImpl()->deviceData(), s.defined() ? s.unsafeGetImpl()->deviceData() : nullptr,
                valueOnDevice.defined() ? valueOnDevice.unsafeGetImpl()->deviceData() : nullptr, indexData(idx),
                self.dtype(), on.stream);
  return out;
}

Tensor scatterSrc(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return scatterInto(ScatterMode::Assign, self, dim, index, &src, std::nullopt, "scatter");
}
Tensor scatterValue(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  return scatterInto(ScatterMode::Assign, self, dim, index, nullptr, value, "scatter");
}
Tensor scatterAdd(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return scatterInto(ScatterMode::Add, self, dim, index, &src, std::nullopt, "scatter_add");
}

// The identity of max (lowest) or min (highest) in dtype t.
Scalar extremeOf(ScalarType t, bool lowest) {
  if (isFloatingType(t)) {
    const double inf = std::numeric_limits<double>::infinity();
    return Scalar(lowest ? -inf : inf);
  }
  const size_t bits = 8 * elementSize(t);
  const int64_t hi = bits >= 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1;
  return Scalar(lowest ? -hi - 1 : hi);
}

// scatter_reduce(self, dim, index, src, reduce, include_self): "sum",
// "prod", "mean", "amax", "amin". Without include_self, the positions the
// scatter reaches start from the reduction's identity instead of self.
Tensor scatterReduceImpl(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                         std::string_view reduce, bool includeSelf, const char* op) {
  ScatterMode mode;
  if (reduce == "sum" || reduce == "mean") {
    mode = ScatterMode::Add;
  } else if (reduce == "prod") {
    mode = ScatterMode::Mul;
  } else if (reduce == "amax") {
    mode = ScatterMode::Max;
  } else if (reduce == "amin") {
    mode = ScatterMode::Min;
  } else {
    JS_ERROR(op, ": reduce argument must be either sum, prod, mean, amax or amin, got ", std::string(reduce));
  }
  OnDevice on(deviceOf({&self, &index, &src}, op));
  Tensor start = self;
  if (!includeSelf) {
    // 1 where the scatter writes, then the identity there.
    const Tensor zeros8 = fullOnDevice(self.sizes(), Scalar(int64_t{0}), ScalarType::Long, on);
    const Tensor touched = callOp<"aten::ne.Scalar", Tensor>(
        scatterInto(ScatterMode::Assign, zeros8, dim, index, nullptr, Scalar(int64_t{1}), op), IValue(Scalar(int64_t{0})));
    Scalar identity(int64_t{0});
    if (mode == ScatterMode::Mul) identity = Scalar(int64_t{1});
    if (mode == ScatterMode::Max || mode == ScatterMode::Min) identity = extremeOf(self.dtype(), mode == ScatterMode::Max);
    start = callOp<"aten::masked_fill.Scalar", Tensor>(self, touched, IValue(identity));
  }
  Tensor out = scatterInto(mode, start, dim, index, &src, std::nullopt, op);
  if (reduce != "mean") return out;
  // The mean divides by how many values each position received (+1 for self).
  const Tensor ones = fullOnDevice(index.sizes(), Scalar(int64_t{1}), ScalarType::Long, on);
  const Tensor zeros8 = fullOnDevice(self.sizes(), Scalar(int64_t{0}), ScalarType::Long, on);
  Tensor count = scatterInto(ScatterMode::Add, zeros8, dim, index, &ones, std::nullopt, op);
  if (includeSelf) count = callOp<"aten::add.Scalar", Tensor>(count, IValue(Scalar(int64_t{1})), IValue(Scalar(int64_t{1})));
  count = callOp<"aten::clamp_min", Tensor>(count, IValue(Scalar(int64_t{1})));
  if (isFloatingType(self.dtype())) {
    return callOp<"aten::div.Tensor", Tensor>(out, callOp<"aten::to.dtype", Tensor>(count, self.dtype(), false, false, IValue()));
  }
  return callOp<"aten::div.Tensor_mode", Tensor>(out, count, IValue(std::string("floor")));
}
Tensor scatterReduceTwo(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                        std::string_view reduce, bool includeSelf) {
  return scatterReduceImpl(self, dim, index, src, reduce, includeSelf, "scatter_reduce");
}
// scatter(..., reduce="add" | "multiply"): the older spelling.
Tensor scatterReduceOld(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                        std::string_view reduce) {
  JS_CHECK(reduce == "add" || reduce == "multiply", "reduce argument must be either add or multiply.");
  return scatterReduceImpl(self, dim, index, src, reduce == "add" ? "sum" : "prod", true, "scatter");
}

// The 1-D index of the index_* ops as a full index over `shape` (stride 0
// outside dim), so they are scatters.
Tensor alongDim(const Tensor& index, IntArrayRef shape, int64_t dim, const char* op) {
  JS_CHECK(index.dim() <= 1, op, "(): Index is supposed to be a vector");
  JS_CHECK(index.numel() == (shape.empty() ? 1 : shape[static_cast<size_t>(dim)]), op,
           "(): Number of indices (", index.numel(), ") should be equal to source.size(dim) (",
           shape.empty() ? 1 : shape[static_cast<size_t>(dim)], ")");
  if (shape.empty()) return index.reshape({});
  DimVector view(shape.size(), 1);
  view[static_cast<size_t>(dim)] = index.numel();
  return index.reshape({index.numel()}).view(view).expand(shape);
}

Tensor indexAdd(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  const Tensor scaled = alpha.isIntegral(true) && alpha.toLong() == 1
                            ? source
                            : callOp<"aten::mul.Scalar", Tensor>(source, IValue(alpha));
  const Tensor full = alongDim(index, source.sizes(), d, "index_add");
  return scatterInto(ScatterMode::Add, self, d, full, &scaled, std::nullopt, "index_add");
}
Tensor indexCopy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  const Tensor full = alongDim(index, source.sizes(), d, "index_copy");
  return scatterInto(ScatterMode::Assign, self, d, full, &source, std::nullopt, "index_copy");
}
Tensor indexReduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                   std::string_view reduce, bool includeSelf) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  JS_CHECK(reduce == "prod" || reduce == "mean" || reduce == "amax" || reduce == "amin",
           "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got ", std::string(reduce), ".");
  const Tensor full = alongDim(index, source.sizes(), d, "index_reduce");
  return scatterReduceImpl(self, d, full, source, reduce, includeSelf, "index_reduce");
}
Tensor indexFill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  DimVector shape(self.sizes().begin(), self.sizes().end());
  if (!shape.empty()) shape[static_cast<size_t>(d)] = index.numel();
  // index_fill takes negative indices (from the end).
  Tensor idx = index;
  if (self.dim() > 0 && index.numel() > 0) {
    const int64_t n = self.size(d);
    checkRange(index, n, -n, "index_fill");
    const Tensor negative = callOp<"aten::lt.Scalar", Tensor>(index, IValue(Scalar(int64_t{0})));
    const Tensor wrapped = callOp<"aten::add.Scalar", Tensor>(index, IValue(Scalar(n)), IValue(Scalar(int64_t{1})));
    idx = callOp<"aten::where.self", Tensor>(negative, wrapped, index);
  }
  const Tensor full = alongDim(idx, shape, d, "index_fill");
  return scatterInto(ScatterMode::Assign, self, d, full, nullptr, value, "index_fill");
}

// max_unpool: each input element written at its flat index in its output
// plane (a scatter over the planes' flattened spatial dims).
Tensor maxUnpool(const Tensor& self, const Tensor& indices, const std::vector<int64_t>& osize, int64_t spatial,
                 const char* op) {
  OnDevice on(deviceOf({&self, &indices}, op));
  JS_CHECK(indices.dtype() == ScalarType::Long, op, ": elements in indices should be type int64 but got: ",
           scalarTypeName(indices.dtype()));
  JS_CHECK(static_cast<int64_t>(osize.size()) == spatial, "There should be exactly ", spatial,
           " elements (", spatial == 2 ? "height, width" : "depth, height, width", ") in output_size, but got ",
           osize.size(), " elements.");
  JS_CHECK(self.dim() == spatial + 1 || self.dim() == spatial + 2, op, ": expected a ", spatial + 1, "d or ",
           spatial + 2, "d tensor for input, but got: ", shapeToString(self.sizes()));
  JS_CHECK(IntArrayRef(self.sizes()) == indices.sizes(), "Expected shape of indices to be same as that of the input "
           "tensor (", shapeToString(self.sizes()), ") but got indices tensor with shape: ",
           shapeToString(indices.sizes()));
  for (int64_t d = 1; d < self.dim(); ++d)
    JS_CHECK(self.size(d) > 0, op, ": expected input to have non-zero size for non-batch dimensions, but got ",
             shapeToString(self.sizes()));
  const bool batched = self.dim() == spatial + 2;
  const Tensor in = contiguousOnDevice(batched ? self : self.unsqueeze(0), on);
  const Tensor ix = contiguousOnDevice(batched ? indices : indices.unsqueeze(0), on);
  const int64_t N = in.size(0), C = in.size(1), L = in.numel() / std::max<int64_t>(1, N * C);
  int64_t P = 1;
  for (int64_t v : osize) P *= v;
  if (ix.numel() > 0) {
    const int64_t lo = callOp<"aten::min", Tensor>(ix).item().toLong();
    const int64_t hi = callOp<"aten::max", Tensor>(ix).item().toLong();
    JS_CHECK(lo >= 0 && hi < P, "Found an invalid max index: ", lo < 0 ? lo : hi, " (output volumes are of size ",
             spatial == 2 ? "" : std::to_string(osize[0]) + "x", osize[static_cast<size_t>(spatial - 2)], "x",
             osize[static_cast<size_t>(spatial - 1)], ")");
  }
  const Tensor zero = fullOnDevice({N, C, P}, Scalar(int64_t{0}), in.dtype(), on);
  const Tensor src = in.view({N, C, L});
  Tensor out = scatterInto(ScatterMode::Assign, zero, 2, ix.view({N, C, L}), &src, std::nullopt, op);
  DimVector shape{N, C};
  shape.insert(shape.end(), osize.begin(), osize.end());
  out = out.view(shape);
  return batched ? out : out.squeeze(0);
}
Tensor maxUnpool2d(const Tensor& self, const Tensor& indices, std::vector<int64_t> outputSize) {
  return maxUnpool(self, indices, outputSize, 2, "max_unpool2d");
}
Tensor maxUnpool3d(const Tensor& self, const Tensor& indices, std::vector<int64_t> outputSize,
                   std::vector<int64_t> stride, std::vector<int64_t> /*padding*/) {
  for (int64_t v : stride) JS_CHECK(v > 0, "strides should be greater than zero, but got stride: ", shapeToString(stride));
  return maxUnpool(self, indices, outputSize, 3, "max_unpool3d");
}

}  // namespace

const CudaTable kCudaIndexOps = {
    row<scatterReduceTwo>("aten::scatter_reduce.two"),
    row<scatterReduceOld>("aten::scatter.reduce"),
    row<indexReduce>("aten::index_reduce"),
    row<maxUnpool2d>("aten::max_unpool2d"),
    row<maxUnpool3d>("aten::max_unpool3d"),
    row<gather>("aten::gather"),
    row<take>("aten::take"),
    row<takeAlongDim>("aten::take_along_dim"),
    row<scatterSrc>("aten::scatter.src"),
    row<scatterValue>("aten::scatter.value"),
    row<scatterAdd>("aten::scatter_add"),
    row<indexAdd>("aten::index_add"),
    row<indexCopy>("aten::index_copy"),
    row<indexFill>("aten::index_fill.int_Scalar"),
};

}  // namespace jitserve::cuda
