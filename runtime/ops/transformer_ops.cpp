// Computed in the input's floating type (float for Half/BFloat16 inputs, as
// PyTorch's kernels accumulate) on the dense kernels (linear, matmul: our
// GEMM) and cast back to the input's dtype. Masks follow the native
// kernels: a Bool mask is true where attention is NOT allowed; a floating
// mask is added to the scores. mask_type 1 marks a (B, S) key-padding mask,
// 0 an (L, S) attention mask; other masks broadcast against (B, heads, L,
// S). A query row with every key masked gets zero weights (not NaN), as the
// native kernel does.
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>
#include <optional>

#include "runtime/core/op_call.h"
#include "runtime/ops/binary_ops.h"
#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/nested_tensor.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::ops {
namespace {

// What the layer computes in: the input's type if it is float or double,
// float otherwise (Half, BFloat16).
ScalarType computeType(const Tensor& t) { return t.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float; }

Tensor as(const Tensor& t, ScalarType ct) { return t.to(ct).contiguous(); }

// Softmax over the last dim of contiguous scores; rows that are all -inf
// become zeros. Sums in double: rows are short, the result stays exact.
template <typename T>
void maskedSoftmaxRows(T* p, int64_t rows, int64_t n) {
  for (int64_t r = 0; r < rows; ++r) {
    T* row = p + r * n;
    T m = -std::numeric_limits<T>::infinity();
    for (int64_t j = 0; j < n; ++j) m = std::max(m, row[j]);
    if (m == -std::numeric_limits<T>::infinity()) {
      for (int64_t j = 0; j < n; ++j) row[j] = 0;
      continue;
    }
    double sum = 0;
    for (int64_t j = 0; j < n; ++j) sum += (row[j] = std::exp(row[j] - m));
    const T inv = static_cast<T>(1.0 / sum);
    for (int64_t j = 0; j < n; ++j) row[j] *= inv;
  }
}

void maskedSoftmaxInPlace(Tensor& s) {
  const int64_t n = s.size(-1), rows = n == 0 ? 0 : s.numel() / n;
  if (s.dtype() == ScalarType::Double) {
    maskedSoftmaxRows(s.data<double>(), rows, n);
  } else {
    maskedSoftmaxRows(s.data<float>(), rows, n);
  }
}

// The mask as an additive (B or 1, heads or 1, L or 1, S) tensor of type ct.
Tensor additiveMask(const Tensor& mask, std::optional<int64_t> mask_type, int64_t B, int64_t L, int64_t S,
                    ScalarType ct) {
  Tensor m = mask;
  if (mask_type && *mask_type == 1) {
    JS_CHECK(m.dim() == 2 && m.size(0) == B && m.size(1) == S, "_native_multi_head_attention: expected a (", B, ", ",
             S, ") key padding mask, got ", shapeToString(m.sizes()));
    m = m.view({B, 1, 1, S});
  } else if (m.dim() == 2) {
    JS_CHECK(m.size(0) == L && m.size(1) == S, "_native_multi_head_attention: expected an (", L, ", ", S,
             ") attention mask, got ", shapeToString(m.sizes()));
    m = m.view({1, 1, L, S});
  }
  if (m.dtype() != ScalarType::Bool) return m.to(ct);
  Tensor c = m.contiguous();
  Tensor out = full(c.sizes(), Scalar(0.0), ct);
  const bool* mp = c.data<bool>();
  if (ct == ScalarType::Double) {
    double* op = out.data<double>();
    for (int64_t i = 0; i < c.numel(); ++i)
      if (mp[i]) op[i] = -std::numeric_limits<double>::infinity();
  } else {
    float* op = out.data<float>();
    for (int64_t i = 0; i < c.numel(); ++i)
      if (mp[i]) op[i] = -std::numeric_limits<float>::infinity();
  }
  return out;
}

struct Mha {
  Tensor out;      // (B, L, E), compute type
  Tensor weights;  // (B, heads, L, S), compute type
};

Mha multiHeadAttention(const Tensor& query, const Tensor& key, const Tensor& value, int64_t E, int64_t heads,
                       const Tensor& qkv_w, const Tensor& qkv_b, const Tensor& proj_w, const Tensor& proj_b,
                       const std::optional<Tensor>& mask, std::optional<int64_t> mask_type) {
  const char* op = "_native_multi_head_attention";
  JS_CHECK(query.dim() == 3 && key.dim() == 3 && value.dim() == 3, op, ": expected 3-D (batch, seq, embed) inputs");
  JS_CHECK(query.size(2) == E && heads > 0 && E % heads == 0, op, ": embed_dim ", E,
           " must match the query and be divisible by num_head ", heads);
  JS_CHECK(qkv_w.dim() == 2 && qkv_w.size(0) == 3 * E && qkv_w.size(1) == E, op, ": expected qkv_weight of shape (",
           3 * E, ", ", E, "), got ", shapeToString(qkv_w.sizes()));
  JS_CHECK(qkv_b.dim() == 1 && qkv_b.size(0) == 3 * E, op, ": expected qkv_bias of shape (", 3 * E, "), got ",
           shapeToString(qkv_b.sizes()));
  JS_CHECK(key.size(0) == query.size(0) && value.size(0) == query.size(0) && key.size(1) == value.size(1), op,
           ": query, key and value batch / key and value lengths must agree");
  const ScalarType ct = computeType(query);
  const int64_t B = query.size(0), L = query.size(1), S = key.size(1), D = E / heads;
  Tensor w = as(qkv_w, ct), b = as(qkv_b, ct);
  Tensor q, k, v;
  if (query.is_same(key) && key.is_same(value)) {
    // Self-attention: one GEMM for the packed projection.
    Tensor qkv = linear(as(query, ct), w, b).view({B, L, 3, heads, D});
    q = qkv.select(2, 0).transpose(1, 2);
    k = qkv.select(2, 1).transpose(1, 2);
    v = qkv.select(2, 2).transpose(1, 2);
  } else {
    auto proj = [&](const Tensor& x, int64_t part, int64_t len) {
      Tensor y = linear(as(x, ct), w.narrow(0, part * E, E), b.narrow(0, part * E, E));
      return y.view({B, len, heads, D}).transpose(1, 2);  // (B, heads, len, D)
    };
    q = proj(query, 0, L), k = proj(key, 1, S), v = proj(value, 2, S);
  }
  Tensor scores = matmul(mul(q, scalar_tensor(1.0 / std::sqrt(static_cast<double>(D)), ct)), k.transpose(-2, -1));
  if (mask) scores = add(scores, additiveMask(*mask, mask_type, B, L, S, ct));
  scores = scores.contiguous();
  maskedSoftmaxInPlace(scores);
  Tensor ctx = matmul(scores, v).transpose(1, 2).contiguous().view({B, L, E});
  return {linear(ctx, as(proj_w, ct), as(proj_b, ct)), scores};
}

// _native_multi_head_attention(query, key, value, embed_dim, num_head,
// qkv_weight, qkv_bias, proj_weight, proj_bias, mask, need_weights,
// average_attn_weights, mask_type)
std::tuple<Tensor, Tensor> nativeMultiHeadAttention(const Tensor& query, const Tensor& key, const Tensor& value,
                                                    int64_t embed_dim, int64_t num_head, const Tensor& qkv_weight,
                                                    const Tensor& qkv_bias, const Tensor& proj_weight,
                                                    const Tensor& proj_bias, const std::optional<Tensor>& mask,
                                                    bool need_weights, bool average_attn_weights,
                                                    std::optional<int64_t> mask_type) {
  Mha r = multiHeadAttention(query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias, mask,
                             mask_type);
  Tensor weights = empty({0}, query.dtype());
  if (need_weights) {
    // Averaged over heads unless average_attn_weights is false.
    Tensor w = average_attn_weights
                   ? mul(sum(r.weights, {1}, false),
                         scalar_tensor(1.0 / static_cast<double>(r.weights.size(1)), r.weights.dtype()))
                   : r.weights;
    weights = w.to(query.dtype());
  }
  return {r.out.to(query.dtype()), std::move(weights)};
}

// Row-wise layer norm of contiguous x (compute type) into a new tensor;
// mean and variance accumulate in double.
template <typename T>
void layerNormRows(const T* x, T* y, const T* w, const T* b, int64_t rows, int64_t n, double eps) {
  for (int64_t r = 0; r < rows; ++r) {
    const T* in = x + r * n;
    T* out = y + r * n;
    double mean = 0, var = 0;
    for (int64_t j = 0; j < n; ++j) mean += in[j];
    mean /= static_cast<double>(n);
    for (int64_t j = 0; j < n; ++j) var += (in[j] - mean) * (in[j] - mean);
    var /= static_cast<double>(n);
    const double inv = 1.0 / std::sqrt(var + eps);
    for (int64_t j = 0; j < n; ++j) out[j] = static_cast<T>((in[j] - mean) * inv) * w[j] + b[j];
  }
}

Tensor layerNorm(const Tensor& x, const Tensor& w, const Tensor& b, double eps) {
  const ScalarType ct = x.dtype();
  Tensor in = x.contiguous();
  Tensor wd = as(w, ct), bd = as(b, ct);
  const int64_t n = in.size(-1), rows = n == 0 ? 0 : in.numel() / n;
  JS_CHECK(wd.numel() == n && bd.numel() == n, "_transformer_encoder_layer_fwd: norm weight/bias must have ", n,
           " elements");
  Tensor y = empty(in.sizes(), ct);
  if (ct == ScalarType::Double) {
    layerNormRows(in.data<double>(), y.data<double>(), wd.data<double>(), bd.data<double>(), rows, n, eps);
  } else {
    layerNormRows(in.data<float>(), y.data<float>(), wd.data<float>(), bd.data<float>(), rows, n, eps);
  }
  return y;
}

template <typename T>
void activateInPlace(T* p, int64_t n, bool gelu) {
  if (gelu) {
    for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(0.5 * p[i] * (1 + std::erf(p[i] / std::sqrt(2.0))));
  } else {
    for (int64_t i = 0; i < n; ++i) p[i] = std::max(p[i], T(0));
  }
}

// _transformer_encoder_layer_fwd(src, embed_dim, num_heads, qkv_weight,
// qkv_bias, proj_weight, proj_bias, use_gelu, norm_first, eps, norm_weight_1,
// norm_bias_1, norm_weight_2, norm_bias_2, ffn_weight_1, ffn_bias_1,
// ffn_weight_2, ffn_bias_2, mask, mask_type)
Tensor transformerEncoderLayerFwd(const Tensor& src, int64_t E, int64_t heads, const Tensor& qkv_weight,
                                  const Tensor& qkv_bias, const Tensor& proj_weight, const Tensor& proj_bias,
                                  bool use_gelu, bool norm_first, double eps, const Tensor& norm_weight_1,
                                  const Tensor& norm_bias_1, const Tensor& norm_weight_2, const Tensor& norm_bias_2,
                                  const Tensor& ffn_weight_1, const Tensor& ffn_bias_1, const Tensor& ffn_weight_2,
                                  const Tensor& ffn_bias_2, std::optional<Tensor> mask,
                                  std::optional<int64_t> maskType) {
  // A nested src: each sequence attends only within its length, which is a
  // key-padding mask over the padded data; the result is nested again.
  std::shared_ptr<const std::vector<int64_t>> lengths = nestedLengths(src);
  if (lengths) {
    JS_CHECK(!mask, "_transformer_encoder_layer_fwd: a mask with a nested src is not supported");
    Tensor pad = zeros({src.size(0), src.size(1)}, ScalarType::Bool);
    for (int64_t b = 0; b < src.size(0); ++b) {
      const int64_t len = (*lengths)[static_cast<size_t>(b)];
      if (len < src.size(1)) pad.select(0, b).narrow(0, len, src.size(1) - len).fill_(Scalar(true));
    }
    mask = pad;
    maskType = 1;
  }
  auto attention = [&](const Tensor& x) {
    return multiHeadAttention(x, x, x, E, heads, qkv_weight, qkv_bias, proj_weight, proj_bias, mask, maskType).out;
  };
  const ScalarType ct = computeType(src);
  auto ffn = [&](const Tensor& x) {
    Tensor h = linear(x, as(ffn_weight_1, ct), as(ffn_bias_1, ct)).contiguous();
    if (ct == ScalarType::Double) {
      activateInPlace(h.data<double>(), h.numel(), use_gelu);
    } else {
      activateInPlace(h.data<float>(), h.numel(), use_gelu);
    }
    return linear(h, as(ffn_weight_2, ct), as(ffn_bias_2, ct));
  };
  Tensor x = as(src, ct);
  if (norm_first) {
    x = add(x, attention(layerNorm(x, norm_weight_1, norm_bias_1, eps)));
    x = add(x, ffn(layerNorm(x, norm_weight_2, norm_bias_2, eps)));
  } else {
    x = layerNorm(add(x, attention(x)), norm_weight_1, norm_bias_1, eps);
    x = layerNorm(add(x, ffn(x)), norm_weight_2, norm_bias_2, eps);
  }
  if (lengths) return makeNested(x.to(src.dtype()), *lengths);
  return x.to(src.dtype());
}

// The (B, S) Bool mask of a padded batch t (B, S, E) (True = a token),
// contiguous on the host (a device's mask is copied: B x S bytes, read
// to find the lengths).
Tensor paddingMask(const Tensor& t, const Tensor& mask, const char* op) {
  JS_CHECK(mask.dtype() == ScalarType::Bool, op, ": expected a Bool mask, got ", scalarTypeName(mask.dtype()));
  JS_CHECK(t.dim() == 3 && mask.dim() == 2 && mask.size(0) == t.size(0) && mask.size(1) == t.size(1), op,
           ": mask of shape ", shapeToString(mask.sizes()),
           " does not match the first two dimensions of a tensor of shape ", shapeToString(t.sizes()));
  return toDevice(mask, Device::cpu()).contiguous();
}

// _nested_tensor_from_mask_left_aligned(t, mask): whether every row of the
// (B, S) mask is a run of True (tokens) followed only by False (padding),
// the layout nn.TransformerEncoder's fast path can turn into a nested tensor.
bool nestedTensorFromMaskLeftAligned(const Tensor& t, const Tensor& mask_arg) {
  const Tensor mask = paddingMask(t, mask_arg, "_nested_tensor_from_mask_left_aligned");
  const bool* m = mask.data<bool>();
  bool aligned = true;
  for (int64_t b = 0; b < mask.size(0) && aligned; ++b) {
    const bool* row = m + b * mask.size(1);
    int64_t j = 0;
    while (j < mask.size(1) && row[j]) ++j;
    while (j < mask.size(1) && !row[j]) ++j;
    aligned = j == mask.size(1);
  }
  return aligned;
}

// _nested_tensor_from_mask(t, mask, mask_check): the padded batch t (B, S,
// E) as a nested tensor of the sequences mask (B, S; True = a token) marks.
Tensor nestedTensorFromMask(const Tensor& t, const Tensor& mask_arg, bool mask_check) {
  const Tensor mask = paddingMask(t, mask_arg, "_nested_tensor_from_mask");
  const bool* m = mask.data<bool>();
  std::vector<int64_t> lengths;
  for (int64_t b = 0; b < mask.size(0); ++b) {
    const bool* row = m + b * mask.size(1);
    int64_t len = 0;
    while (len < mask.size(1) && row[len]) ++len;
    if (mask_check) {
      for (int64_t j = len; j < mask.size(1); ++j)
        JS_CHECK(!row[j], "_nested_tensor_from_mask: mask row ", b,
                 " is not left-aligned (its tokens must come before its padding)");
    }
    lengths.push_back(len);
  }
  return makeNested(t, std::move(lengths));
}

// to_padded_tensor(nested, padding, output_size): the padded data with
// `padding` where no sequence reaches, optionally grown to output_size.
Tensor toPaddedTensor(const Tensor& t, double padding, std::optional<std::vector<int64_t>> output_size) {
  std::shared_ptr<const std::vector<int64_t>> lengths = nestedLengths(t);
  JS_CHECK(lengths != nullptr, "to_padded_tensor: expected a nested tensor (from _nested_tensor_from_mask)");
  std::vector<int64_t> size(t.sizes().begin(), t.sizes().end());
  if (output_size) {
    const std::vector<int64_t>& want = *output_size;
    JS_CHECK(want.size() == size.size(), "to_padded_tensor: output_size has ", want.size(), " dimensions, expected ",
             size.size());
    for (size_t d = 0; d < size.size(); ++d) {
      JS_CHECK(want[d] >= size[d], "to_padded_tensor: output_size ", shapeToString(want),
               " is smaller than the nested tensor's ", shapeToString(size));
    }
    size = want;
  }
  if (!t.is_cpu()) {
    // On a device the padded data already holds zeros past each length
    // (makeNested): other padding values and larger sizes need copies the
    // device path does not make.
    JS_CHECK(padding == 0 && IntArrayRef(size) == t.sizes(), "to_padded_tensor: on ", t.device().str(),
             " only padding 0 to the nested tensor's own size is supported");
    return callOp<"aten::clone", Tensor>(t, IValue());
  }
  Tensor out = full(size, Scalar(padding), t.dtype());
  for (int64_t b = 0; b < t.size(0); ++b) {
    const int64_t len = (*lengths)[static_cast<size_t>(b)];
    Tensor dst = out.select(0, b).narrow(0, 0, len);
    for (int64_t d = 2; d < t.dim(); ++d) dst = dst.narrow(d - 1, 0, t.size(d));
    dst.copy_(t.select(0, b).narrow(0, 0, len));
  }
  return out;
}

// prim::is_nested(a)
bool isNested(const Tensor& a) { return nestedLengths(a) != nullptr; }

}  // namespace

const OpTable kTransformerOps = {
    // The nested-tensor operators read the (small) mask on the host and make
    // or pad nested data through the data's device kernels: every device.
    op<nestedTensorFromMaskLeftAligned>("aten::_nested_tensor_from_mask_left_aligned(Tensor t, Tensor mask) -> bool",
                                        "Whether a (B, S) mask is left-aligned: each row's True entries come first.",
                                        kAnyDevice),
    op<nestedTensorFromMask>(
        "aten::_nested_tensor_from_mask(Tensor t, Tensor mask, bool mask_check=True) -> Tensor",
        "The sequences a (B, S) mask marks in a padded batch, as a nested tensor (nested_tensor.h).", kAnyDevice),
    op<toPaddedTensor>("aten::to_padded_tensor(Tensor self, float padding, int[]? output_size=None) -> Tensor",
                       "A nested tensor padded back to a dense one, `padding` where no sequence reaches.", kAnyDevice),
    op<isNested>("prim::is_nested(Tensor a) -> bool", "a.is_nested: made by _nested_tensor_from_mask", kAnyDevice),
    op<nativeMultiHeadAttention>(
        "aten::_native_multi_head_attention(Tensor query, Tensor key, Tensor value, int embed_dim, int num_head, "
        "Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, Tensor? mask=None, bool "
        "need_weights=True, bool average_attn_weights=True, int? mask_type=None) -> (Tensor, Tensor)",
        "Multi-head attention with packed in-projection (nn.MultiheadAttention's fast path)."),
    op<transformerEncoderLayerFwd>(
        "aten::_transformer_encoder_layer_fwd(Tensor src, int embed_dim, int num_heads, Tensor qkv_weight, Tensor "
        "qkv_bias, Tensor proj_weight, Tensor proj_bias, bool use_gelu, bool norm_first, float eps, Tensor "
        "norm_weight_1, Tensor norm_bias_1, Tensor norm_weight_2, Tensor norm_bias_2, Tensor ffn_weight_1, Tensor "
        "ffn_bias_1, Tensor ffn_weight_2, Tensor ffn_bias_2, Tensor? mask=None, int? mask_type=None) -> Tensor",
        "One transformer encoder layer (nn.TransformerEncoderLayer's fast path)."),
};

}  // namespace jitserve::ops
