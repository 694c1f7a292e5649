// Reductions and softmax on the GPU, host half: the input is permuted so the
// reduced dims come last and made contiguous (a copy unless it already is),
// which turns every reduction into one over the rows of a matrix
// (kernels/reduce.cu); the kept dims stay in their order, so the result rows
// come out in the output's order. Dtype rules are PyTorch's: sums of
// integers and bool are int64, means need a floating type, softmax computes
// in float (double for double).
#include <algorithm>
#include <optional>
#include <tuple>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/cuda/kernels/reduce.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::cuda {
namespace {

// x as a contiguous rows x cols matrix, reducing `dims` (empty: all).
struct Rows {
  Tensor data;
  int64_t rows = 1, cols = 1;
  DimVector outShape;  // with keepdim applied
};

Rows arrange(const Tensor& x, std::vector<int64_t> dims, bool keepdim, const OnDevice& on, const char* op) {
  Rows r;
  const int64_t nd = x.dim();
  std::vector<bool> reduced(static_cast<size_t>(std::max<int64_t>(nd, 1)), dims.empty());
  for (int64_t& d : dims) {
    d = maybe_wrap_dim(d, nd);
    JS_CHECK(!reduced[static_cast<size_t>(d)] || dims.empty(), op, ": dim ", d,
             " appears multiple times in the list of dims");
    reduced[static_cast<size_t>(d)] = true;
  }
  if (nd == 0) {
    r.data = x;
    return r;  // one element; the result is 0-dim
  }
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < nd; ++d)
    if (!reduced[static_cast<size_t>(d)]) perm.push_back(d), r.rows *= x.size(d);
  for (int64_t d = 0; d < nd; ++d)
    if (reduced[static_cast<size_t>(d)]) perm.push_back(d), r.cols *= x.size(d);
  for (int64_t d = 0; d < nd; ++d) {
    if (!reduced[static_cast<size_t>(d)]) {
      r.outShape.push_back(x.size(d));
    } else if (keepdim) {
      r.outShape.push_back(1);
    }
  }
  r.data = contiguousOnDevice(x.permute(perm), on);
  return r;
}

// A result computed as rows over dim d of x (d moved last, arrange): its
// shape in that order (d's size replaced by `size`), and the way back to
// x's dim order.
struct DimLast {
  DimVector shape;
  std::vector<int64_t> inverse;
  bool last;  // d already is the last dim: nothing to move back
  // t, computed in the permuted order, in x's order (contiguous).
  Tensor restore(const Tensor& t, const OnDevice& on) const { return last ? t : cloneOnDevice(t.permute(inverse), on); }
};
DimLast dimLast(const Tensor& x, int64_t d, int64_t size) {
  const int64_t nd = x.dim();
  std::vector<int64_t> perm;
  for (int64_t i = 0; i < nd; ++i)
    if (i != d) perm.push_back(i);
  perm.push_back(d);
  DimLast r;
  for (int64_t i : perm) r.shape.push_back(i == d ? size : x.size(i));
  r.inverse.resize(static_cast<size_t>(nd));
  for (int64_t i = 0; i < nd; ++i) r.inverse[static_cast<size_t>(perm[static_cast<size_t>(i)])] = i;
  r.last = d == nd - 1;
  return r;
}

std::vector<int64_t> dimsOf(const std::optional<std::vector<int64_t>>& dim) {
  return dim ? *dim : std::vector<int64_t>{};
}

Tensor reduce(ReduceOp op, const Tensor& self, std::vector<int64_t> dims, bool keepdim,
              std::optional<ScalarType> dtype, const char* name) {
  OnDevice on(deviceOf({&self}, name));
  checkDtype(self.dtype(), name);
  Tensor x = dtype ? castOnDevice(self, *dtype, on) : self;
  ScalarType outType = x.dtype();
  if ((op == ReduceOp::Sum || op == ReduceOp::Prod || op == ReduceOp::NanSum) && !isFloatingType(outType)) {
    outType = ScalarType::Long;
  }
  if (op == ReduceOp::Any || op == ReduceOp::All) outType = x.dtype() == ScalarType::Byte ? ScalarType::Byte : ScalarType::Bool;
  if (op == ReduceOp::LogSumExp) {
    outType = toFloatingIfIntegral(outType);
    x = castOnDevice(x, outType, on);
  }
  if (op == ReduceOp::NanMean)
    JS_CHECK(isFloatingType(outType), "nanmean(): expected input to have floating point or complex dtype but got ",
             scalarTypeName(outType));
  if (op == ReduceOp::Mean)
    JS_CHECK(isFloatingType(outType), name, "(): could not infer output dtype. Input dtype must be either a "
             "floating point or complex dtype. Got: ", scalarTypeName(outType));
  Rows r = arrange(x, std::move(dims), keepdim, on, name);
  if (op == ReduceOp::Max || op == ReduceOp::Min)
    JS_CHECK(r.cols > 0 || r.rows == 0, name, "(): Expected reduction dim to have non-zero size.");
  Tensor out = emptyOnDevice(r.outShape, outType, on.device);
  launchRowReduce(op, r.rows, r.cols, r.data.unsafeGetImpl()->deviceData(), r.data.dtype(),
                  out.unsafeGetImpl()->deviceData(), outType, on.stream);
  return out;
}

Tensor sumAll(const Tensor& self, std::optional<ScalarType> dtype) {
  return reduce(ReduceOp::Sum, self, {}, false, dtype, "sum");
}
Tensor sumDims(const Tensor& self, std::optional<std::vector<int64_t>> dim, bool keepdim,
               std::optional<ScalarType> dtype) {
  return reduce(ReduceOp::Sum, self, dimsOf(dim), keepdim, dtype, "sum");
}
Tensor meanAll(const Tensor& self, std::optional<ScalarType> dtype) {
  return reduce(ReduceOp::Mean, self, {}, false, dtype, "mean");
}
Tensor meanDims(const Tensor& self, std::optional<std::vector<int64_t>> dim, bool keepdim,
                std::optional<ScalarType> dtype) {
  return reduce(ReduceOp::Mean, self, dimsOf(dim), keepdim, dtype, "mean");
}
Tensor extremumOver(bool isMax, const Tensor& self, std::vector<int64_t> dim, bool keepdim) {
  return reduce(isMax ? ReduceOp::Max : ReduceOp::Min, self, std::move(dim), keepdim, std::nullopt,
                isMax ? "amax" : "amin");
}
template <bool IsMax>
Tensor extremum(const Tensor& self, std::vector<int64_t> dim, bool keepdim) {
  return reduce(IsMax ? ReduceOp::Max : ReduceOp::Min, self, std::move(dim), keepdim, std::nullopt,
                IsMax ? "amax" : "amin");
}

template <ReduceOp Op>
Tensor reduceAll(const Tensor& self) {
  return reduce(Op, self, {}, false, std::nullopt, Op == ReduceOp::Any ? "any" : Op == ReduceOp::All ? "all" : "prod");
}
Tensor prodAll(const Tensor& self, std::optional<ScalarType> dtype) {
  return reduce(ReduceOp::Prod, self, {}, false, dtype, "prod");
}
Tensor prodDim(const Tensor& self, int64_t dim, bool keepdim, std::optional<ScalarType> dtype) {
  return reduce(ReduceOp::Prod, self, {dim}, keepdim, dtype, "prod");
}
template <ReduceOp Op>
Tensor anyAllDim(const Tensor& self, int64_t dim, bool keepdim) {
  return reduce(Op, self, {dim}, keepdim, std::nullopt, Op == ReduceOp::Any ? "any" : "all");
}
Tensor logsumexp(const Tensor& self, std::vector<int64_t> dim, bool keepdim) {
  if (self.dim() == 0 && dim.empty()) dim = {0};
  return reduce(ReduceOp::LogSumExp, self, std::move(dim), keepdim, std::nullopt, "logsumexp");
}
template <ReduceOp Op>
Tensor nanReduce(const Tensor& self, std::optional<std::vector<int64_t>> dim, bool keepdim,
                 std::optional<ScalarType> dtype) {
  return reduce(Op, self, dimsOf(dim), keepdim, dtype, Op == ReduceOp::NanSum ? "nansum" : "nanmean");
}

// var / std (and their means) over dims (None: all) with a correction.
std::tuple<Tensor, Tensor> varImpl(const Tensor& self, const std::optional<std::vector<int64_t>>& dim,
                                   double correction, bool keepdim, bool takeSqrt, bool withMean) {
  const char* name = takeSqrt ? "std" : "var";
  OnDevice on(deviceOf({&self}, name));
  JS_CHECK(isFloatingType(self.dtype()), name, ": only support floating point and complex dtypes, got ",
           scalarTypeName(self.dtype()));
  Rows r = arrange(self, dimsOf(dim), keepdim, on, name);
  Tensor var = emptyOnDevice(r.outShape, self.dtype(), on.device);
  Tensor mean = withMean ? emptyOnDevice(r.outShape, self.dtype(), on.device) : Tensor();
  launchRowVar(r.rows, r.cols, r.data.unsafeGetImpl()->deviceData(), self.dtype(), var.unsafeGetImpl()->deviceData(),
               withMean ? mean.unsafeGetImpl()->deviceData() : nullptr, correction, takeSqrt, on.stream);
  return {var, mean};
}
template <bool Sqrt>
Tensor varAll(const Tensor& self, bool unbiased) {
  return std::get<0>(varImpl(self, std::nullopt, unbiased ? 1 : 0, false, Sqrt, false));
}
template <bool Sqrt>
Tensor varDim(const Tensor& self, std::optional<std::vector<int64_t>> dim, bool unbiased, bool keepdim) {
  return std::get<0>(varImpl(self, dim, unbiased ? 1 : 0, keepdim, Sqrt, false));
}
template <bool Sqrt>
Tensor varCorrection(const Tensor& self, std::optional<std::vector<int64_t>> dim, std::optional<int64_t> correction,
                     bool keepdim) {
  return std::get<0>(varImpl(self, dim, static_cast<double>(correction.value_or(1)), keepdim, Sqrt, false));
}
template <bool Sqrt>
std::tuple<Tensor, Tensor> varMeanAll(const Tensor& self, bool unbiased) {
  return varImpl(self, std::nullopt, unbiased ? 1 : 0, false, Sqrt, true);
}
template <bool Sqrt>
std::tuple<Tensor, Tensor> varMeanDim(const Tensor& self, std::optional<std::vector<int64_t>> dim, bool unbiased,
                                      bool keepdim) {
  return varImpl(self, dim, unbiased ? 1 : 0, keepdim, Sqrt, true);
}
template <bool Sqrt>
std::tuple<Tensor, Tensor> varMeanCorrection(const Tensor& self, std::optional<std::vector<int64_t>> dim,
                                             std::optional<int64_t> correction, bool keepdim) {
  return varImpl(self, dim, static_cast<double>(correction.value_or(1)), keepdim, Sqrt, true);
}

Tensor countNonzero(const Tensor& self, std::optional<int64_t> dim) {
  const Tensor nz = callOp<"aten::ne.Scalar", Tensor>(self, IValue(Scalar(int64_t{0})));
  return callOp<"aten::sum.dim_IntList", Tensor>(nz, IValue::intList(dim ? std::vector<int64_t>{*dim}
                                                                         : std::vector<int64_t>{}),
                                                 false, IValue());
}
Tensor countNonzeroDims(const Tensor& self, std::vector<int64_t> dim) {
  const Tensor nz = callOp<"aten::ne.Scalar", Tensor>(self, IValue(Scalar(int64_t{0})));
  if (dim.empty()) return callOp<"aten::sum", Tensor>(nz, IValue());
  return callOp<"aten::sum.dim_IntList", Tensor>(nz, IValue::intList(std::move(dim)), false, IValue());
}
std::tuple<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  JS_CHECK(self.numel() > 0 || dim, "aminmax(): cannot compute aminmax over an empty dimension as the operation has "
           "no identity.");
  std::vector<int64_t> dims = dim ? std::vector<int64_t>{*dim} : std::vector<int64_t>{};
  return {extremumOver(false, self, dims, keepdim), extremumOver(true, self, dims, keepdim)};
}

// Running sums / products / log-sum-exps along dim: rows over it, scanned,
// put back in self's dim order.
Tensor scan(ScanOp op, const Tensor& self, int64_t dim, std::optional<ScalarType> dtype, const char* name,
            Tensor* indicesOut = nullptr) {
  OnDevice on(deviceOf({&self}, name));
  checkDtype(self.dtype(), name);
  const bool extremum = op == ScanOp::Max || op == ScanOp::Min;
  ScalarType outType = dtype ? *dtype : self.dtype();
  if (!dtype && !extremum && op != ScanOp::LogSumExp && !isFloatingType(outType)) outType = ScalarType::Long;
  if (op == ScanOp::LogSumExp) {
    JS_CHECK(isFloatingType(outType), "logcumsumexp: \"logcumsumexp_cuda\" not implemented for '",
             scalarTypeName(outType), "'");
  }
  const Tensor x = castOnDevice(self, isFloatingType(outType) ? outType : self.dtype(), on);
  const int64_t nd = x.dim();
  if (nd == 0) {
    if (indicesOut) *indicesOut = fullOnDevice({}, Scalar(int64_t{0}), ScalarType::Long, on);
    return castOnDevice(cloneOnDevice(x, on), outType, on);
  }
  const int64_t d = maybe_wrap_dim(dim, nd);
  Rows r = arrange(x, {d}, true, on, name);
  const DimLast layout = dimLast(x, d, x.size(d));
  Tensor rowsOut = emptyOnDevice(layout.shape, outType, on.device);
  Tensor rowsIdx = extremum ? emptyOnDevice(layout.shape, ScalarType::Long, on.device) : Tensor();
  launchRowScan(op, r.rows, r.cols, r.data.unsafeGetImpl()->deviceData(), x.dtype(),
                rowsOut.unsafeGetImpl()->deviceData(), outType, on.stream,
                extremum ? static_cast<int64_t*>(rowsIdx.unsafeGetImpl()->deviceData()) : nullptr);
  if (indicesOut) *indicesOut = layout.restore(rowsIdx, on);
  return layout.restore(rowsOut, on);
}
template <bool IsMax>
std::tuple<Tensor, Tensor> cumExtremum(const Tensor& self, int64_t dim) {
  Tensor indices;
  Tensor values = scan(IsMax ? ScanOp::Max : ScanOp::Min, self, dim, std::nullopt, IsMax ? "cummax" : "cummin",
                       &indices);
  return {values, indices};
}
Tensor cumsum(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  return scan(ScanOp::Sum, self, dim, dtype, "cumsum");
}
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  return scan(ScanOp::Prod, self, dim, dtype, "cumprod");
}
Tensor logcumsumexp(const Tensor& self, int64_t dim) {
  return scan(ScanOp::LogSumExp, self, dim, std::nullopt, "logcumsumexp");
}

// max() / min() of every element (a 0-dim result).
template <bool IsMax>
Tensor extremumAll(const Tensor& self) {
  JS_CHECK(self.numel() > 0, IsMax ? "max" : "min", "(): Expected reduction dim to be specified for input.numel() == 0. "
           "Specify the reduction dim with the 'dim' argument.");
  return reduce(IsMax ? ReduceOp::Max : ReduceOp::Min, self, {}, false, std::nullopt, IsMax ? "max" : "min");
}

// (values, indices) of the max or min along one dim; `indicesOnly` for
// argmax/argmin with dim None (over the flattened input).
std::tuple<Tensor, Tensor> argReduce(bool isMax, const Tensor& self, std::optional<int64_t> dim, bool keepdim,
                                     const char* name) {
  OnDevice on(deviceOf({&self}, name));
  checkDtype(self.dtype(), name);
  JS_CHECK(self.dtype() != ScalarType::Bool, name, ": \"", name, "_cuda\" not implemented for 'Bool'");
  const Tensor x = dim ? self : contiguousOnDevice(self, on).reshape({self.numel()});
  Rows r = arrange(x, {dim.value_or(0)}, dim ? keepdim : false, on, name);
  JS_CHECK(r.cols > 0 || r.rows == 0, name, "(): Expected reduction dim ", dim.value_or(0),
           " to have non-zero size.");
  if (!dim && keepdim) r.outShape.assign(static_cast<size_t>(self.dim()), 1);
  Tensor values = emptyOnDevice(r.outShape, self.dtype(), on.device);
  Tensor indices = emptyOnDevice(r.outShape, ScalarType::Long, on.device);
  launchRowArgReduce(isMax, r.rows, r.cols, r.data.unsafeGetImpl()->deviceData(), self.dtype(),
                     values.unsafeGetImpl()->deviceData(), static_cast<int64_t*>(indices.unsafeGetImpl()->deviceData()),
                     on.stream);
  return {values, indices};
}

template <bool IsMax>
std::tuple<Tensor, Tensor> extremumDim(const Tensor& self, int64_t dim, bool keepdim) {
  return argReduce(IsMax, self, dim, keepdim, IsMax ? "max" : "min");
}
template <bool IsMax>
Tensor argExtremum(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return std::get<1>(argReduce(IsMax, self, dim, keepdim, IsMax ? "argmax" : "argmin"));
}

// topk: rows over `dim` (made last and contiguous), k picked per row, the
// results put back in self's dim order. Always sorted (sorted=False leaves
// the order unspecified, so sorted is a valid answer).
std::tuple<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted) {
  (void)sorted;
  OnDevice on(deviceOf({&self}, "topk"));
  checkDtype(self.dtype(), "topk");
  JS_CHECK(self.dtype() != ScalarType::Bool, "topk: \"topk_cuda\" not implemented for 'Bool'");
  const int64_t nd = self.dim();
  const int64_t d = maybe_wrap_dim(dim, nd);
  const int64_t n = nd == 0 ? 1 : self.size(d);
  JS_CHECK(k >= 0 && k <= n, "selected index k out of range");
  if (nd == 0) {
    // One element: as a 1-D tensor, the k <= 1 results 0-dim again.
    auto [values, indices] = topk(self.reshape({1}), k, 0, largest, true);
    if (k == 0) return {values, indices};
    return {values.reshape({}), indices.reshape({})};
  }
  Rows r = arrange(self, {d}, true, on, "topk");
  const DimLast layout = dimLast(self, d, k);
  Tensor values = emptyOnDevice(layout.shape, self.dtype(), on.device);
  Tensor indices = emptyOnDevice(layout.shape, ScalarType::Long, on.device);
  if (k > 0) {
    launchRowTopk(largest, r.rows, r.cols, k, r.data.unsafeGetImpl()->deviceData(), self.dtype(),
                  values.unsafeGetImpl()->deviceData(), static_cast<int64_t*>(indices.unsafeGetImpl()->deviceData()),
                  on.stream);
  }
  return {layout.restore(values, on), layout.restore(indices, on)};
}

template <bool Log>
Tensor softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  const char* name = Log ? "log_softmax" : "softmax";
  OnDevice on(deviceOf({&self}, name));
  const Tensor x = dtype ? castOnDevice(self, *dtype, on) : self;
  JS_CHECK(isFloatingType(x.dtype()), name, ": \"", name, "_cuda\" not implemented for '", scalarTypeName(x.dtype()),
           "'");
  const int64_t nd = x.dim();
  const int64_t d = maybe_wrap_dim(dim, nd);
  if (nd == 0) {
    // One element: softmax 1, log_softmax 0, in x's dtype.
    Tensor out = emptyOnDevice({}, x.dtype(), on.device);
    launchRowSoftmax(Log, 1, 1, x.unsafeGetImpl()->deviceData(), x.dtype(), out.unsafeGetImpl()->deviceData(),
                     x.dtype(), on.stream);
    return out;
  }
  // Rows over dim d, computed contiguous with d last, then put back in x's
  // dim order as a contiguous tensor.
  Rows r = arrange(x, {d}, true, on, name);
  const DimLast layout = dimLast(x, d, x.size(d));
  Tensor rowsOut = emptyOnDevice(layout.shape, x.dtype(), on.device);
  launchRowSoftmax(Log, r.rows, r.cols, r.data.unsafeGetImpl()->deviceData(), x.dtype(),
                   rowsOut.unsafeGetImpl()->deviceData(), x.dtype(), on.stream);
  return layout.restore(rowsOut, on);
}

}  // namespace

const CudaTable kCudaReduceOps = {
    row<sumAll>("aten::sum"),
    row<sumDims>("aten::sum.dim_IntList"),
    row<meanAll>("aten::mean"),
    row<meanDims>("aten::mean.dim"),
    row<extremum<true>>("aten::amax"),
    row<extremum<false>>("aten::amin"),
    row<extremumAll<true>>("aten::max"),
    row<extremumAll<false>>("aten::min"),
    row<extremumDim<true>>("aten::max.dim"),
    row<extremumDim<false>>("aten::min.dim"),
    row<argExtremum<true>>("aten::argmax"),
    row<argExtremum<false>>("aten::argmin"),
    row<softmax<false>>("aten::softmax.int"),
    row<softmax<true>>("aten::log_softmax.int"),
    row<topk>("aten::topk"),
    row<prodAll>("aten::prod"),
    row<prodDim>("aten::prod.dim_int"),
    row<reduceAll<ReduceOp::Any>>("aten::any"),
    row<reduceAll<ReduceOp::All>>("aten::all"),
    row<anyAllDim<ReduceOp::Any>>("aten::any.dim"),
    row<anyAllDim<ReduceOp::All>>("aten::all.dim"),
    row<logsumexp>("aten::logsumexp"),
    row<nanReduce<ReduceOp::NanSum>>("aten::nansum"),
    row<nanReduce<ReduceOp::NanMean>>("aten::nanmean"),
    row<varAll<false>>("aten::var"),
    row<varDim<false>>("aten::var.dim"),
    row<varCorrection<false>>("aten::var.correction"),
    row<varAll<true>>("aten::std"),
    row<varDim<true>>("aten::std.dim"),
    row<varCorrection<true>>("aten::std.correction"),
    row<varMeanAll<false>>("aten::var_mean"),
    row<varMeanDim<false>>("aten::var_mean.dim"),
    row<varMeanCorrection<false>>("aten::var_mean.correction"),
    row<varMeanAll<true>>("aten::std_mean"),
    row<varMeanDim<true>>("aten::std_mean.dim"),
    row<varMeanCorrection<true>>("aten::std_mean.correction"),
    row<countNonzero>("aten::count_nonzero"),
    row<countNonzeroDims>("aten::count_nonzero.dim_IntList"),
    row<aminmax>("aten::aminmax"),
    row<cumsum>("aten::cumsum"),
    row<cumprod>("aten::cumprod"),
    row<logcumsumexp>("aten::logcumsumexp"),
    row<cumExtremum<true>>("aten::cummax"),
    row<cumExtremum<false>>("aten::cummin"),
};

}  // namespace jitserve::cuda
