#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>

#include "runtime/core/op_call.h"
#include "runtime/ops/binary_ops.h"
#include "runtime/ops/dim_ops.h"
#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/random_ops.h"

namespace jitserve::ops {
namespace {

// A boolean mask (true = attend) as an additive one (0 or -inf).
Tensor additiveMask(const Tensor& mask, ScalarType dtype) {
  if (mask.dtype() != ScalarType::Bool) return mask;
  Tensor m = mask.contiguous();
  Tensor out = empty(m.sizes(), ScalarType::Double);
  const bool* mp = m.data<bool>();
  double* op = out.data<double>();
  for (int64_t i = 0; i < m.numel(); ++i) op[i] = mp[i] ? 0.0 : -std::numeric_limits<double>::infinity();
  return out.to(dtype);
}

// _scaled_dot_product_attention(query, key, value, attn_mask, dropout_p,
// need_attn_weights, is_causal) -> (output, attn_weights). PyTorch 1.13
// returns the weights whether or not need_attn_weights is set.
std::tuple<Tensor, Tensor> sdpa(const Tensor& q, const Tensor& k, const Tensor& v, std::optional<Tensor> mask,
                                double dropout_p, bool /*need_attn_weights*/, bool is_causal) {
  JS_CHECK(q.dim() >= 2 && k.dim() >= 2 && v.dim() >= 2,
           "_scaled_dot_product_attention: query, key and value must have at least 2 dimensions");
  JS_CHECK(isFloatingType(q.dtype()), "_scaled_dot_product_attention: expected floating point inputs, got ",
           scalarTypeName(q.dtype()));
  JS_CHECK(q.size(-1) == k.size(-1), "_scaled_dot_product_attention: query and key must have the same embedding "
           "size, got ", q.size(-1), " and ", k.size(-1));
  JS_CHECK(k.size(-2) == v.size(-2), "_scaled_dot_product_attention: key and value must have the same sequence "
           "length, got ", k.size(-2), " and ", v.size(-2));
  JS_CHECK(dropout_p >= 0 && dropout_p <= 1, "dropout probability has to be between 0 and 1, but got ", dropout_p);
  if (is_causal) {
    JS_CHECK(!mask, "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True");
    const int64_t L = q.size(-2), S = k.size(-2);
    Tensor causal = empty({L, S}, ScalarType::Bool);
    bool* cp = causal.data<bool>();
    for (int64_t i = 0; i < L; ++i)
      for (int64_t j = 0; j < S; ++j) cp[i * S + j] = j <= i;
    mask = causal;
  }
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));
  Tensor scores = matmul(mul(q, scalar_tensor(scale, q.dtype())), k.transpose(-2, -1));
  if (mask) scores = add(scores, additiveMask(*mask, scores.dtype()));
  Tensor attn = softmax(scores, -1, false);
  if (dropout_p > 0) {
    Tensor keep = empty(attn.sizes(), ScalarType::Double);
    std::vector<double> u = uniformSamples(keep.numel());
    double* kp = keep.data<double>();
    for (int64_t i = 0; i < keep.numel(); ++i)
      kp[i] = dropout_p < 1 && u[static_cast<size_t>(i)] >= dropout_p ? 1.0 / (1 - dropout_p) : 0.0;
    attn = mul(attn, keep.to(attn.dtype()));
  }
  Tensor out = matmul(attn, v);
  return {std::move(out), std::move(attn)};
}

// PyTorch 2.x's scaled_dot_product_attention, as its math path computes it:
// softmax(q k^T * scale + mask) v, a boolean mask true where attending, a
// causal mask when is_causal, key/value heads repeated for grouped-query
// attention, and rows that attend to nothing giving zeros (2.5+'s safe
// softmax) rather than NaN. Built from dispatched parts, so it runs on any
// device that has them.
Tensor scaledDotProductAttention(const Tensor& q, const Tensor& k, const Tensor& v, std::optional<Tensor> mask,
                                 double dropout_p, bool is_causal, std::optional<double> scale, bool enable_gqa) {
  const char* op = "scaled_dot_product_attention";
  JS_CHECK(q.dim() >= 2 && k.dim() >= 2 && v.dim() >= 2, op,
           ": query, key and value must have at least 2 dimensions, got ", q.dim(), ", ", k.dim(), " and ", v.dim());
  JS_CHECK(q.dtype() == k.dtype() && q.dtype() == v.dtype(), op,
           ": Expected query, key, and value to have the same dtype, but got query.dtype: ", scalarTypeName(q.dtype()),
           " key.dtype: ", scalarTypeName(k.dtype()), " and value.dtype: ", scalarTypeName(v.dtype()), " instead.");
  JS_CHECK(isFloatingType(q.dtype()), op, ": expected floating point inputs, got ", scalarTypeName(q.dtype()));
  JS_CHECK(q.device() == k.device() && q.device() == v.device(), op,
           ": Expected query, key, and value to have the same device type, but got query.device: ", q.device().str(),
           " key.device: ", k.device().str(), " and value.device: ", v.device().str(), " instead.");
  JS_CHECK(q.size(-1) == k.size(-1), op, ": query and key must have the same embedding size, got ", q.size(-1),
           " and ", k.size(-1));
  JS_CHECK(k.size(-2) == v.size(-2), op, ": key and value must have the same sequence length, got ", k.size(-2),
           " and ", v.size(-2));
  JS_CHECK(dropout_p >= 0 && dropout_p <= 1, "dropout probability has to be between 0 and 1, but got ", dropout_p);
  Tensor key = k, value = v;
  if (enable_gqa && q.dim() >= 3 && k.dim() >= 3 && q.size(-3) != k.size(-3)) {
    const int64_t hq = q.size(-3), hk = k.size(-3);
    JS_CHECK(hk > 0 && hq % hk == 0 && v.size(-3) == hk, op,
             ": with enable_gqa the query heads (", hq, ") must be a multiple of the key/value heads (", hk, ", ",
             v.size(-3), ")");
    key = callOp<"aten::repeat_interleave.self_int", Tensor>(k, hq / hk, int64_t{-3}, IValue());
    value = callOp<"aten::repeat_interleave.self_int", Tensor>(v, hq / hk, int64_t{-3}, IValue());
  }
  const double s = scale.value_or(1.0 / std::sqrt(static_cast<double>(q.size(-1))));
  Tensor scores = callOp<"aten::matmul", Tensor>(callOp<"aten::mul.Scalar", Tensor>(q, Scalar(s)),
                                                 key.transpose(-2, -1));
  const double ninf = -std::numeric_limits<double>::infinity();
  if (is_causal) {
    JS_CHECK(!mask, op, ": Explicit attn_mask should not be set when is_causal=True");
    const int64_t L = q.size(-2), S = key.size(-2);
    Tensor ones = callOp<"aten::ones", Tensor>(IValue::intList({L, S}), static_cast<int64_t>(ScalarType::Bool),
                                               IValue(), IValue(q.device()), IValue());
    mask = callOp<"aten::tril", Tensor>(ones, int64_t{0});
  }
  if (mask) {
    JS_CHECK(mask->dtype() == ScalarType::Bool || isFloatingType(mask->dtype()), op,
             ": Expected attn_mask dtype to be bool or float or to match query dtype, but got ",
             scalarTypeName(mask->dtype()));
    if (mask->dtype() == ScalarType::Bool)
      scores = callOp<"aten::masked_fill.Scalar", Tensor>(scores, callOp<"aten::logical_not", Tensor>(*mask),
                                                          Scalar(ninf));
    else
      scores = callOp<"aten::add.Tensor", Tensor>(scores, *mask, int64_t{1});
  }
  Tensor attn = callOp<"aten::softmax.int", Tensor>(scores, int64_t{-1}, IValue());
  if (mask) {
    Tensor rowMax = callOp<"aten::amax", Tensor>(scores, IValue::intList({-1}), true);
    attn = callOp<"aten::masked_fill.Scalar", Tensor>(attn, callOp<"aten::eq.Scalar", Tensor>(rowMax, Scalar(ninf)),
                                                      Scalar(0.0));
  }
  if (dropout_p > 0) {
    // Drawn on the host (one generator for every device), then moved.
    Tensor keep = empty(attn.sizes(), ScalarType::Double);
    std::vector<double> u = uniformSamples(keep.numel());
    double* kp = keep.data<double>();
    for (int64_t i = 0; i < keep.numel(); ++i)
      kp[i] = dropout_p < 1 && u[static_cast<size_t>(i)] >= dropout_p ? 1.0 / (1 - dropout_p) : 0.0;
    keep = callOp<"aten::_to_copy", Tensor>(keep, static_cast<int64_t>(attn.dtype()), IValue(), IValue(attn.device()),
                                           IValue(), false, IValue());
    attn = callOp<"aten::mul.Tensor", Tensor>(attn, keep);
  }
  return callOp<"aten::matmul", Tensor>(attn, value);
}

}  // namespace

const OpTable kAttentionOps = {
    op<scaledDotProductAttention>(
        "aten::scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, "
        "float dropout_p=0., bool is_causal=False, *, float? scale=None, bool enable_gqa=False) -> Tensor",
        "softmax(q k^T * scale + mask) v (PyTorch 2.x).", kAnyDevice),
    op<sdpa>("aten::_scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, "
             "float dropout_p=0., bool need_attn_weights=False, bool is_causal=False) -> (Tensor, Tensor)",
             "softmax(q k^T / sqrt(E) + mask) v, with the attention weights."),
};

}  // namespace jitserve::ops
