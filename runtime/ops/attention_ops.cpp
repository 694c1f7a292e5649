#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>

#include "runtime/core/op_call.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/random_ops.h"

namespace jitserve::ops {
namespace {

struct AttentionOptions {
  const char* op;
  double dropout_p = 0;
  bool is_causal = false;
  std::optional<double> scale;
  bool enable_gqa = false;
  // Rows that may attend to nothing give zeros (PyTorch 2.5+'s safe
  // softmax) rather than NaN (1.13's _scaled_dot_product_attention).
  bool safeSoftmax = false;
};

// softmax(q k^T * scale + mask) v and the attention weights, from
// dispatched parts, so it runs on any device that has them: a boolean mask
// true where attending, a float mask added, a causal mask when is_causal,
// key/value heads repeated for grouped-query attention.
std::pair<Tensor, Tensor> attention(const Tensor& q, const Tensor& k, const Tensor& v, std::optional<Tensor> mask,
                                    const AttentionOptions& o) {
  const char* op = o.op;
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
  JS_CHECK(o.dropout_p >= 0 && o.dropout_p <= 1, "dropout probability has to be between 0 and 1, but got ",
           o.dropout_p);
  Tensor key = k, value = v;
  if (o.enable_gqa && q.dim() >= 3 && k.dim() >= 3 && q.size(-3) != k.size(-3)) {
    const int64_t hq = q.size(-3), hk = k.size(-3);
    JS_CHECK(hk > 0 && hq % hk == 0 && v.size(-3) == hk, op,
             ": with enable_gqa the query heads (", hq, ") must be a multiple of the key/value heads (", hk, ", ",
             v.size(-3), ")");
    key = callOp<"aten::repeat_interleave.self_int", Tensor>(k, hq / hk, int64_t{-3}, IValue());
    value = callOp<"aten::repeat_interleave.self_int", Tensor>(v, hq / hk, int64_t{-3}, IValue());
  }
  const double s = o.scale.value_or(1.0 / std::sqrt(static_cast<double>(q.size(-1))));
  Tensor scores = callOp<"aten::matmul", Tensor>(callOp<"aten::mul.Scalar", Tensor>(q, Scalar(s)),
                                                 key.transpose(-2, -1));
  const double ninf = -std::numeric_limits<double>::infinity();
  if (o.is_causal) {
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
  if (mask && o.safeSoftmax) {
    Tensor rowMax = callOp<"aten::amax", Tensor>(scores, IValue::intList({-1}), true);
    attn = callOp<"aten::masked_fill.Scalar", Tensor>(attn, callOp<"aten::eq.Scalar", Tensor>(rowMax, Scalar(ninf)),
                                                      Scalar(0.0));
  }
  if (o.dropout_p > 0) {
    // Drawn on the host (one generator for every device), then moved.
    Tensor keep = empty(attn.sizes(), ScalarType::Double);
    std::vector<double> u = uniformSamples(keep.numel());
    double* kp = keep.data<double>();
    for (int64_t i = 0; i < keep.numel(); ++i)
      kp[i] = o.dropout_p < 1 && u[static_cast<size_t>(i)] >= o.dropout_p ? 1.0 / (1 - o.dropout_p) : 0.0;
    keep = callOp<"aten::_to_copy", Tensor>(keep, static_cast<int64_t>(attn.dtype()), IValue(), IValue(attn.device()),
                                           IValue(), false, IValue());
    attn = callOp<"aten::mul.Tensor", Tensor>(attn, keep);
  }
  Tensor out = callOp<"aten::matmul", Tensor>(attn, value);
  return {std::move(out), std::move(attn)};
}

// PyTorch 1.13's _scaled_dot_product_attention(query, key, value,
// attn_mask, dropout_p, need_attn_weights, is_causal) -> (output, weights):
// the weights come back whether or not need_attn_weights is set.
std::tuple<Tensor, Tensor> sdpa113(const Tensor& q, const Tensor& k, const Tensor& v, std::optional<Tensor> mask,
                                   double dropout_p, bool /*need_attn_weights*/, bool is_causal) {
  AttentionOptions o{"_scaled_dot_product_attention"};
  o.dropout_p = dropout_p;
  o.is_causal = is_causal;
  auto [out, attn] = attention(q, k, v, std::move(mask), o);
  return {std::move(out), std::move(attn)};
}

// PyTorch 2.x's scaled_dot_product_attention.
Tensor scaledDotProductAttention(const Tensor& q, const Tensor& k, const Tensor& v, std::optional<Tensor> mask,
                                 double dropout_p, bool is_causal, std::optional<double> scale, bool enable_gqa) {
  AttentionOptions o{"scaled_dot_product_attention"};
  o.dropout_p = dropout_p;
  o.is_causal = is_causal;
  o.scale = scale;
  o.enable_gqa = enable_gqa;
  o.safeSoftmax = true;
  return attention(q, k, v, std::move(mask), o).first;
}

}  // namespace

const OpTable kAttentionOps = {
    op<scaledDotProductAttention>(
        "aten::scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, "
        "float dropout_p=0., bool is_causal=False, *, float? scale=None, bool enable_gqa=False) -> Tensor",
        "softmax(q k^T * scale + mask) v (PyTorch 2.x).", kAnyDevice),
    op<sdpa113>("aten::_scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, "
                "float dropout_p=0., bool need_attn_weights=False, bool is_causal=False) -> (Tensor, Tensor)",
                "softmax(q k^T / sqrt(E) + mask) v, with the attention weights.", kAnyDevice),
};

}  // namespace jitserve::ops
