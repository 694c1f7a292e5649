// Copies into views and shape rearrangements on the GPU, host half.
//
// copy_ (broadcast, dtype conversion, any strides on both sides) is the one
// strided copy kernel; fill_ and zero_ copy a device scalar broadcast over
// self. The rest are built from it, views (narrow, select, diagonal,
// expand) and index_select with index lists made on the host:
//  - constant_pad_nd / pad (constant, reflect, replicate, circular): the
//    output filled, self's kept part copied into its place; the other modes
//    gather each padded dim with an index list;
//  - flip, roll, rot90, fftshift: index lists per dim (rot90 a flip of a
//    transpose, fftshift a roll by half);
//  - repeat, tile: self viewed with a size-1 dim before each, expanded and
//    copied contiguous;
//  - triu / tril: masked_fill with a (rows, cols) mask made on the host;
//  - slice/select/diagonal_scatter, narrow_copy: a copy, then copy_ into
//    the view.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::cuda {
namespace {

using IntList = std::vector<int64_t>;

void copyInto(const Tensor& dst, const Tensor& src, const OnDevice& on) { copyIntoOnDevice(dst, src, on); }

Tensor copyOp(Tensor self, const Tensor& src, bool /*nonBlocking*/) {
  OnDevice on(deviceOf({&self}, "copy_"));
  if (self.is_same(src)) return self;
  copyInto(self, src, on);
  return self;
}

// self filled with a number: a one-element device tensor broadcast over it.
Tensor fillWith(Tensor self, const Scalar& value, const OnDevice& on) {
  const Tensor v = toDevice(full({}, value, self.dtype()), on.device);
  copyInto(self, v, on);
  return self;
}
Tensor fillOp(Tensor self, const Scalar& value) {
  OnDevice on(deviceOf({&self}, "fill_"));
  return fillWith(std::move(self), value, on);
}
Tensor zeroOp(Tensor self) {
  OnDevice on(deviceOf({&self}, "zero_"));
  return fillWith(std::move(self), Scalar(int64_t{0}), on);
}

// Gathers along dim with host-made indices (an int64 list moved over).
Tensor gatherDim(const Tensor& x, int64_t dim, const IntList& index, const OnDevice& on) {
  return callOp<"aten::index_select", Tensor>(x, dim, longsOnDevice(index, {static_cast<int64_t>(index.size())}, on));
}

Tensor constantPad(const Tensor& self, const IntList& pad, const Scalar& value) {
  OnDevice on(deviceOf({&self}, "constant_pad_nd"));
  JS_CHECK(pad.size() % 2 == 0, "Length of pad must be even but instead it equals ", pad.size());
  const int64_t nd = self.dim();
  JS_CHECK(static_cast<int64_t>(pad.size()) / 2 <= nd, "Length of pad should be no more than twice the number of "
           "dimensions of the input. Pad length is ", pad.size(), " while the input has ", nd, " dimensions.");
  DimVector shape(self.sizes().begin(), self.sizes().end());
  Tensor src = self;
  for (size_t i = 0; i < pad.size() / 2; ++i) {
    const int64_t d = nd - 1 - static_cast<int64_t>(i);
    const int64_t lo = pad[2 * i], hi = pad[2 * i + 1];
    const int64_t size = self.size(d) + lo + hi;
    JS_CHECK(size >= 0, "The input size ", self.size(d), ", plus negative padding ", lo, " and ", hi,
             " resulted in a negative output size, which is invalid. Check dimension ", d, " of your input.");
    shape[static_cast<size_t>(d)] = size;
  }
  Tensor out = fullOnDevice(shape, value, self.dtype(), on);
  Tensor dst = out;
  for (size_t i = 0; i < pad.size() / 2; ++i) {
    const int64_t d = nd - 1 - static_cast<int64_t>(i);
    const int64_t lo = pad[2 * i], hi = pad[2 * i + 1];
    // The part of self that survives (negative pads crop) and where it goes.
    const int64_t srcStart = std::max<int64_t>(0, -lo), srcEnd = self.size(d) - std::max<int64_t>(0, -hi);
    const int64_t len = std::max<int64_t>(0, srcEnd - srcStart);
    src = src.narrow(d, std::min(srcStart, self.size(d)), len);
    dst = dst.narrow(d, std::max<int64_t>(0, lo), len);
  }
  copyInto(dst, src, on);
  return out;
}

Tensor constantPadNd(const Tensor& self, IntList pad, const Scalar& value) { return constantPad(self, pad, value); }

// The source index of output position o of a dim of size n padded by
// (lo, hi) in `mode`.
int64_t padSource(int64_t o, int64_t n, int64_t lo, const std::string& mode) {
  int64_t i = o - lo;
  if (mode == "replicate") return std::clamp<int64_t>(i, 0, n - 1);
  if (mode == "circular") return ((i % n) + n) % n;
  // reflect: mirror without repeating the edge
  if (n == 1) return 0;
  const int64_t period = 2 * (n - 1);
  i = ((i % period) + period) % period;
  return i < n ? i : period - i;
}

Tensor padOp(const Tensor& self, IntList pad, std::string_view modeArg, std::optional<double> value) {
  const std::string mode(modeArg);
  if (mode == "constant") return constantPad(self, pad, Scalar(value.value_or(0.0)));
  JS_CHECK(mode == "reflect" || mode == "replicate" || mode == "circular", "Unrecognised padding mode ", mode);
  JS_CHECK(!value || *value == 0, "Padding mode \"", mode, "\" doesn't take in value argument");
  JS_CHECK(pad.size() % 2 == 0 && static_cast<int64_t>(pad.size()) / 2 <= self.dim() - 1,
           "pad: ", mode, " padding of ", pad.size() / 2, " dims needs an input with more dims than that, got ",
           self.dim(), "-D");
  OnDevice on(deviceOf({&self}, "pad"));
  Tensor x = self;
  for (size_t i = 0; i < pad.size() / 2; ++i) {
    const int64_t d = self.dim() - 1 - static_cast<int64_t>(i);
    const int64_t n = self.size(d), lo = pad[2 * i], hi = pad[2 * i + 1];
    if (mode == "reflect") {
      JS_CHECK(lo < n && hi < n, "Argument #4: Padding size should be less than the corresponding input dimension, "
               "but got: padding (", lo, ", ", hi, ") at dimension ", d, " of input ", shapeToString(self.sizes()));
    }
    if (mode == "circular") {
      JS_CHECK(lo <= n && hi <= n, "Padding value causes wrapping around more than once.");
    }
    JS_CHECK(n > 0, "pad: ", mode, " padding of an empty dimension");
    IntList index;
    for (int64_t o = 0; o < n + lo + hi; ++o) index.push_back(padSource(o, n, lo, mode));
    x = gatherDim(x, d, index, on);
  }
  return x;
}

Tensor flip(const Tensor& self, IntList dims) {
  OnDevice on(deviceOf({&self}, "flip"));
  Tensor x = self;
  std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(self.dim(), 1)), false);
  for (int64_t d : dims) {
    d = maybe_wrap_dim(d, self.dim());
    JS_CHECK(!seen[static_cast<size_t>(d)], "dims has duplicates, original flip dims size=", dims.size());
    seen[static_cast<size_t>(d)] = true;
    if (self.dim() == 0) continue;
    IntList index;
    for (int64_t i = self.size(d) - 1; i >= 0; --i) index.push_back(i);
    x = gatherDim(x, d, index, on);
  }
  return x.is_same(self) ? cloneOnDevice(self, on) : x;
}
Tensor fliplr(const Tensor& self) {
  JS_CHECK(self.dim() >= 2, "Input must be >= 2-d.");
  return flip(self, {1});
}
Tensor flipud(const Tensor& self) {
  JS_CHECK(self.dim() >= 1, "Input must be >= 1-d.");
  return flip(self, {0});
}

Tensor roll(const Tensor& self, IntList shifts, IntList dims) {
  OnDevice on(deviceOf({&self}, "roll"));
  if (dims.empty()) {
    JS_CHECK(shifts.size() == 1, "roll: shifts must be a single int when dims is empty, got ", shifts.size());
    return roll(contiguousOnDevice(self, on).reshape({self.numel()}), shifts, {0}).view(self.sizes());
  }
  JS_CHECK(shifts.size() == dims.size(), "shifts and dimensions must align. shifts: ", shifts.size(), ", dims:",
           dims.size());
  Tensor x = self;
  for (size_t k = 0; k < dims.size(); ++k) {
    const int64_t d = maybe_wrap_dim(dims[k], self.dim());
    const int64_t n = self.size(d);
    if (n == 0) continue;
    const int64_t s = ((shifts[k] % n) + n) % n;
    IntList index;
    for (int64_t i = 0; i < n; ++i) index.push_back((i - s + n) % n);
    x = gatherDim(x, d, index, on);
  }
  return x.is_same(self) ? cloneOnDevice(self, on) : x;
}

// fftshift / ifftshift: a roll by half of each dim (all when None).
template <bool Inverse>
Tensor fftShift(const Tensor& self, std::optional<IntList> dim) {
  IntList dims = dim ? *dim : IntList{};
  if (!dim)
    for (int64_t d = 0; d < self.dim(); ++d) dims.push_back(d);
  IntList shifts;
  for (int64_t& d : dims) {
    d = maybe_wrap_dim(d, self.dim());
    const int64_t half = self.size(d) / 2;
    shifts.push_back(Inverse ? -half : half);
  }
  if (dims.empty()) {
    OnDevice on(self.device());
    return cloneOnDevice(self, on);
  }
  return roll(self, shifts, dims);
}

Tensor rot90(const Tensor& self, int64_t k, IntList dims) {
  JS_CHECK(dims.size() == 2, "expected total rotation dims == 2, but got dims = ", dims.size());
  JS_CHECK(self.dim() >= 2, "expected total dims >= 2, but got total dims = ", self.dim());
  const int64_t d0 = maybe_wrap_dim(dims[0], self.dim()), d1 = maybe_wrap_dim(dims[1], self.dim());
  JS_CHECK(d0 != d1, "expected rotation dims to be different, but got dim0 = ", d0, " and dim1 = ", d1);
  k = ((k % 4) + 4) % 4;
  if (k == 1) return flip(self, {d1}).transpose(d0, d1);
  if (k == 2) return flip(self, {d0, d1});
  if (k == 3) return flip(self, {d0}).transpose(d0, d1);
  OnDevice on(self.device());
  return cloneOnDevice(self, on);
}

Tensor repeat(const Tensor& self, IntList repeats) {
  OnDevice on(deviceOf({&self}, "repeat"));
  JS_CHECK(static_cast<int64_t>(repeats.size()) >= self.dim(), "Number of dimensions of repeat dims can not be "
           "smaller than number of dimensions of tensor");
  const size_t lead = repeats.size() - static_cast<size_t>(self.dim());
  DimVector viewShape, expandShape, outShape;
  for (size_t i = 0; i < repeats.size(); ++i) {
    JS_CHECK(repeats[i] >= 0, "Trying to create tensor with negative dimension ", repeats[i]);
    const int64_t n = i < lead ? 1 : self.size(static_cast<int64_t>(i - lead));
    viewShape.push_back(1), viewShape.push_back(n);
    expandShape.push_back(repeats[i]), expandShape.push_back(n);
    outShape.push_back(repeats[i] * n);
  }
  const Tensor x = contiguousOnDevice(self, on).view(viewShape).expand(expandShape);
  return cloneOnDevice(x, on).view(outShape);
}
Tensor tile(const Tensor& self, IntList dims) {
  while (static_cast<int64_t>(dims.size()) < self.dim()) dims.insert(dims.begin(), 1);
  return repeat(self, dims);
}

template <bool Upper>
Tensor triangle(const Tensor& self, int64_t diagonal) {
  const char* name = Upper ? "triu" : "tril";
  OnDevice on(deviceOf({&self}, name));
  JS_CHECK(self.dim() >= 2, name, ": input tensor must have at least 2 dimensions");
  const int64_t rows = self.size(-2), cols = self.size(-1);
  Tensor drop = zeros({rows, cols}, ScalarType::Bool);
  bool* m = drop.data<bool>();
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) m[r * cols + c] = Upper ? c - r < diagonal : c - r > diagonal;
  }
  return callOp<"aten::masked_fill.Scalar", Tensor>(self, toDevice(drop, on.device), IValue(Scalar(int64_t{0})));
}

Tensor sliceScatter(const Tensor& self, const Tensor& src, int64_t dim, std::optional<int64_t> start,
                    std::optional<int64_t> end, int64_t step) {
  OnDevice on(deviceOf({&self, &src}, "slice_scatter"));
  Tensor out = cloneOnDevice(self, on);
  const Tensor view = out.slice(maybe_wrap_dim(dim, self.dim()), start, end, step);
  JS_CHECK(IntArrayRef(view.sizes()) == src.sizes(), "slice_scatter: expected src to have a size equal to the slice "
           "of self. src size = ", shapeToString(src.sizes()), ", slice size = ", shapeToString(view.sizes()));
  copyInto(view, src, on);
  return out;
}
Tensor selectScatter(const Tensor& self, const Tensor& src, int64_t dim, int64_t index) {
  OnDevice on(deviceOf({&self, &src}, "select_scatter"));
  Tensor out = cloneOnDevice(self, on);
  const Tensor view = out.select(maybe_wrap_dim(dim, self.dim()), index);
  JS_CHECK(IntArrayRef(view.sizes()) == src.sizes(), "select_scatter: expected src to have a size equal to the "
           "slice of self. src size = ", shapeToString(src.sizes()), ", slice size = ", shapeToString(view.sizes()));
  copyInto(view, src, on);
  return out;
}
Tensor diagonalScatter(const Tensor& self, const Tensor& src, int64_t offset, int64_t dim1, int64_t dim2) {
  OnDevice on(deviceOf({&self, &src}, "diagonal_scatter"));
  Tensor out = cloneOnDevice(self, on);
  const Tensor view = out.diagonal(offset, dim1, dim2);
  JS_CHECK(IntArrayRef(view.sizes()) == src.sizes(), "diagonal_scatter: expected src to have a size equal to the "
           "diagonal of self. src size = ", shapeToString(src.sizes()), ", diagonal size = ",
           shapeToString(view.sizes()));
  copyInto(view, src, on);
  return out;
}
Tensor narrowCopy(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  OnDevice on(deviceOf({&self}, "narrow_copy"));
  return cloneOnDevice(self.narrow(dim, start, length), on);
}
Tensor reshapeAs(const Tensor& self, const Tensor& other) { return self.reshape(other.sizes()); }

}  // namespace

const CudaTable kCudaShapeOps = {
    row<copyOp>("aten::copy_"),
    row<fillOp>("aten::fill_.Scalar"),
    row<zeroOp>("aten::zero_"),
    row<constantPadNd>("aten::constant_pad_nd"),
    row<padOp>("aten::pad"),
    row<flip>("aten::flip"),
    row<fliplr>("aten::fliplr"),
    row<flipud>("aten::flipud"),
    row<roll>("aten::roll"),
    row<rot90>("aten::rot90"),
    row<fftShift<false>>("aten::fft_fftshift"),
    row<fftShift<true>>("aten::fft_ifftshift"),
    row<repeat>("aten::repeat"),
    row<tile>("aten::tile"),
    row<triangle<true>>("aten::triu"),
    row<triangle<false>>("aten::tril"),
    row<sliceScatter>("aten::slice_scatter"),
    row<selectScatter>("aten::select_scatter"),
    row<diagonalScatter>("aten::diagonal_scatter"),
    row<narrowCopy>("aten::narrow_copy"),
    row<reshapeAs>("aten::reshape_as"),
};

}  // namespace jitserve::cuda
