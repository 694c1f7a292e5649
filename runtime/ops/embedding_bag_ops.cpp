#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

std::vector<int64_t> longs(const Tensor& t) {
  Tensor l = t.to(ScalarType::Long).contiguous();
  return std::vector<int64_t>(l.data<int64_t>(), l.data<int64_t>() + l.numel());
}

// embedding: the rows of weight that indices pick, shaped indices.shape +
// [embedding_dim]. padding_idx, scale_grad_by_freq and sparse only shape the
// gradient, so inference ignores them. With `out` (embedding.out, which
// PyTorch generates from the functional op: any dtype, converted), the rows
// are copied straight into out when it has weight's dtype and is contiguous.
Tensor embedding(const Tensor& weight, const Tensor& indices, Tensor out = {}) {
  JS_CHECK(weight.dim() == 2, "'weight' must be 2-D");
  JS_CHECK(indices.dtype() == ScalarType::Long || indices.dtype() == ScalarType::Int,
           "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got "
           "torch.", scalarTypeName(indices.dtype()), "Tensor instead (while checking arguments for embedding)");
  const std::vector<int64_t> idx = longs(indices);
  const int64_t rows = weight.size(0), dim = weight.size(1);
  for (int64_t i : idx) JS_CHECK(i >= 0 && i < rows, "index out of range in self");
  DimVector shape(indices.sizes().begin(), indices.sizes().end());
  shape.push_back(dim);
  Tensor target;
  if (out.defined() && out.dtype() == weight.dtype() && !out.is_alias_of(weight)) {
    resizeOut(out, shape);
    if (out.is_contiguous()) target = out;
  }
  if (!target.defined()) target = empty(shape, weight.dtype());
  const Tensor w = weight.contiguous();
  const size_t row_bytes = static_cast<size_t>(dim) * w.itemsize();
  const char* src = static_cast<const char*>(w.data_ptr());
  char* dst = static_cast<char*>(target.data_ptr());
  // Row copies are pure memory traffic: a chunk of 4x the usual grain
  // (512 KiB of floats) is what pays for waking a thread.
  if (row_bytes > 0)
    parallel_for(0, static_cast<int64_t>(idx.size()), std::max<int64_t>(1, 4 * kGrainSize / std::max<int64_t>(dim, 1)),
                 [&](int64_t b, int64_t e) {
                   for (int64_t k = b; k < e; ++k)
                     std::memcpy(dst + static_cast<size_t>(k) * row_bytes,
                                 src + static_cast<size_t>(idx[static_cast<size_t>(k)]) * row_bytes, row_bytes);
                 });
  if (!out.defined()) return target;
  if (!target.is_same(out)) copyToOut(out, target);
  return out;
}

// Returns (output, offset2bag, bag_size, max_indices). Bag b covers indices
// [offsets[b], offsets[b + 1]); entries equal to padding_idx are skipped.
// Empty bags give zeros.
// embedding_bag.padding_idx(weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights,
// include_last_offset, padding_idx); a negative padding_idx counts from the end.
std::tuple<Tensor, Tensor, Tensor, Tensor> embeddingBag(const Tensor& weight, const Tensor& indices,
                                                        const Tensor& offsets_t, bool /*scale_grad_by_freq*/,
                                                        int64_t mode, bool /*sparse*/, const std::optional<Tensor>& psw,
                                                        bool include_last, std::optional<int64_t> padding_idx) {
  if (padding_idx && *padding_idx < 0) *padding_idx += weight.size(0);
  JS_CHECK(weight.dim() == 2, "embedding_bag: weight has to be a 2D Tensor, but got Tensor of dimension ", weight.dim());
  JS_CHECK(isFloatingType(weight.dtype()), "embedding_bag: expected a floating point weight, got ",
           scalarTypeName(weight.dtype()));
  JS_CHECK(indices.dim() == 1, "embedding_bag: input has to be 1D Tensor, but got Tensor of dimension ", indices.dim());
  JS_CHECK(offsets_t.dim() == 1, "embedding_bag: offsets has to be a 1D Tensor, but got Tensor of dimension ",
           offsets_t.dim());
  JS_CHECK(indices.dtype() == ScalarType::Long || indices.dtype() == ScalarType::Int,
           "embedding_bag: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, "
           "Int; but got ", scalarTypeName(indices.dtype()), " instead");
  JS_CHECK(mode >= 0 && mode <= 2, "embedding_bag: unknown mode ", mode);
  if (psw) {
    JS_CHECK(mode == 0, "embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for "
             "mode='sum' (got mode='", mode == 1 ? "mean" : "max", "'). Please open a feature request on GitHub.");
    JS_CHECK(psw->numel() == indices.numel(), "embedding_bag: per_sample_weights must have the same number of "
             "elements as input, got ", psw->numel(), " and ", indices.numel());
  }
  const std::vector<int64_t> idx = longs(indices);
  std::vector<int64_t> off = longs(offsets_t);
  const int64_t n = static_cast<int64_t>(idx.size()), rows = weight.size(0), D = weight.size(1);
  if (!off.empty())
    JS_CHECK(off[0] == 0, "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from "
             "position 0. However, got ", off[0]);
  const int64_t bags = include_last ? std::max<int64_t>(static_cast<int64_t>(off.size()) - 1, 0)
                                    : static_cast<int64_t>(off.size());
  Tensor w = weight.to(ScalarType::Double).contiguous();
  const double* wp = w.data<double>();
  std::vector<double> sw;  // per_sample_weights
  if (psw) {
    Tensor p = psw->to(ScalarType::Double).contiguous();
    sw.assign(p.data<double>(), p.data<double>() + p.numel());
  }
  Tensor out = zeros({bags, D}, ScalarType::Double);
  Tensor offset2bag = zeros({n}, ScalarType::Long), bag_size = zeros({bags}, ScalarType::Long);
  Tensor max_idx = mode == 2 ? full({bags, D}, int64_t{-1}, ScalarType::Long) : zeros({bags}, ScalarType::Long);
  double* op = out.data<double>();
  for (int64_t b = 0; b < bags; ++b) {
    const int64_t begin = std::clamp<int64_t>(off[static_cast<size_t>(b)], 0, n);
    const int64_t end = b + 1 < static_cast<int64_t>(off.size()) ? std::clamp<int64_t>(off[static_cast<size_t>(b + 1)], begin, n) : n;
    int64_t count = 0;
    for (int64_t i = begin; i < end; ++i) {
      const int64_t r = idx[static_cast<size_t>(i)];
      JS_CHECK(r >= 0 && r < rows, "embedding_bag: index ", r, " is out of range for a weight with ", rows, " rows");
      offset2bag.data<int64_t>()[i] = b;
      if (padding_idx && r == *padding_idx) continue;
      const double scale = psw ? sw[static_cast<size_t>(i)] : 1.0;
      for (int64_t d = 0; d < D; ++d) {
        const double v = wp[r * D + d] * scale;
        double& o = op[b * D + d];
        if (mode == 2) {
          if (count == 0 || v > o) {
            o = v;
            max_idx.data<int64_t>()[b * D + d] = r;
          }
        } else {
          o += v;
        }
      }
      ++count;
    }
    bag_size.data<int64_t>()[b] = count;
    if (mode == 1 && count > 0)
      for (int64_t d = 0; d < D; ++d) op[b * D + d] /= static_cast<double>(count);
  }
  return {out.to(weight.dtype()), std::move(offset2bag), std::move(bag_size), std::move(max_idx)};
}

// embedding_bag without padding_idx.
std::tuple<Tensor, Tensor, Tensor, Tensor> embeddingBagNoPadding(const Tensor& weight, const Tensor& indices,
                                                                 const Tensor& offsets, bool scale_grad_by_freq,
                                                                 int64_t mode, bool sparse,
                                                                 const std::optional<Tensor>& per_sample_weights,
                                                                 bool include_last_offset) {
  return embeddingBag(weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights,
                      include_last_offset, std::nullopt);
}

// embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse): the
// last three shape only the gradient.
Tensor embeddingOp(const Tensor& weight, const Tensor& indices, int64_t /*padding_idx*/, bool /*scale_grad_by_freq*/,
                   bool /*sparse*/) {
  return embedding(weight, indices);
}
Tensor embeddingOut(const Tensor& weight, const Tensor& indices, int64_t /*padding_idx*/, bool /*scale_grad_by_freq*/,
                    bool /*sparse*/, Tensor out) {
  return embedding(weight, indices, std::move(out));
}

// one_hot: int64 indices -> [..., num_classes] of 0/1 (int64); num_classes
// -1 means max + 1. PyTorch's messages.
Tensor oneHot(const Tensor& self, int64_t numClasses) {
  JS_CHECK(self.dtype() == ScalarType::Long, "one_hot is only applicable to index tensor.");
  Tensor idx = self.contiguous();
  const int64_t* p = idx.data<int64_t>();
  const int64_t n = idx.numel();
  if (numClasses == -1) {
    JS_CHECK(n > 0, "Can not infer total number of classes from empty tensor.");
    numClasses = *std::max_element(p, p + n) + 1;
  }
  JS_CHECK(numClasses >= 1 || n == 0, "num_classes should be positive");
  for (int64_t i = 0; i < n; ++i) {
    JS_CHECK(p[i] >= 0, "Class values must be non-negative.");
    JS_CHECK(p[i] < numClasses, "Class values must be smaller than num_classes.");
  }
  DimVector shape(self.sizes().begin(), self.sizes().end());
  shape.push_back(numClasses);
  Tensor out = zeros(shape, ScalarType::Long);
  int64_t* o = out.data<int64_t>();
  for (int64_t i = 0; i < n; ++i) o[i * numClasses + p[i]] = 1;
  return out;
}

// embedding_renorm_ (F.embedding with max_norm): each row of weight that
// indices name, once, scaled to max_norm when its norm is larger (by
// max_norm / (norm + 1e-7), as PyTorch).
Tensor embeddingRenorm_(Tensor self, const Tensor& indices, double maxNorm, double normType) {
  JS_CHECK(self.dim() == 2, "embedding_renorm_: expected a 2-D weight, got ", self.dim(), "-D");
  JS_CHECK(indices.dtype() == ScalarType::Long || indices.dtype() == ScalarType::Int,
           "Expected tensor for argument #2 'indices' to have one of the following scalar types: Long, Int; but got ",
           scalarTypeName(indices.dtype()), " instead (while checking arguments for embedding_renorm_)");
  std::vector<int64_t> idx = longs(indices);
  std::sort(idx.begin(), idx.end());
  idx.erase(std::unique(idx.begin(), idx.end()), idx.end());
  for (int64_t i : idx) {
    JS_CHECK(i >= 0 && i < self.size(0), "index out of range in self");
    Tensor row = self.select(0, i);
    const double norm = vector_norm(row, normType, std::nullopt, false, std::nullopt).item().toDouble();
    if (norm > maxNorm) row.copy_(mul(row, wrapped_scalar_tensor(Scalar(maxNorm / (norm + 1e-7)))));
  }
  return self;
}

}  // namespace

const OpTable kEmbeddingBagOps = {
    op<embeddingRenorm_>(
        "aten::embedding_renorm_(Tensor(a!) self, Tensor indices, float max_norm, float norm_type) -> Tensor(a!)",
        "Rescales the named rows to at most max_norm."),
    op<oneHot>("aten::one_hot(Tensor self, int num_classes=-1) -> Tensor",
               "int64 indices as 0/1 rows of num_classes (max + 1 when -1)."),
    op<embeddingOp>("aten::embedding(Tensor weight, Tensor indices, int padding_idx=-1, bool scale_grad_by_freq=False, "
                    "bool sparse=False) -> Tensor",
                    "Rows of weight picked by indices (padding_idx matters only for gradients)."),
    op<embeddingOut>("aten::embedding.out(Tensor weight, Tensor indices, int padding_idx=-1, bool "
                     "scale_grad_by_freq=False, bool sparse=False, *, Tensor(a!) out) -> Tensor(a!)",
                     "embedding into out."),
    op<embeddingBagNoPadding>(
        "aten::embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, "
        "bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False) -> (Tensor, Tensor, "
        "Tensor, Tensor)",
        "Per-bag sum (0), mean (1) or max (2) of embedding rows."),
    op<embeddingBag>("aten::embedding_bag.padding_idx(Tensor weight, Tensor indices, Tensor offsets, bool "
                     "scale_grad_by_freq, int mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, "
                     "int? padding_idx) -> (Tensor, Tensor, Tensor, Tensor)",
                     "embedding_bag skipping entries equal to padding_idx."),
};

}  // namespace jitserve::ops
