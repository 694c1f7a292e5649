#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>

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

}  // namespace

const OpTable kAttentionOps = {
    op<sdpa>("aten::_scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, "
             "float dropout_p=0., bool need_attn_weights=False, bool is_causal=False) -> (Tensor, Tensor)",
             "softmax(q k^T / sqrt(E) + mask) v, with the attention weights."),
};

}  // namespace jitserve::ops
