// nn.TransformerEncoder's and nn.MultiheadAttention's inference fast path
// on the GPU: _native_multi_head_attention and _transformer_encoder_layer_fwd
// with the CPU kernels' semantics (runtime/ops/transformer_ops.cpp): the
// input's floating type (float for Half/BFloat16), a Bool mask true where
// attention is not allowed, a floating mask added to the scores, mask_type
// 1 a (B, S) key-padding mask, a query row with every key masked getting
// zero weights, and a nested src (nested_tensor.h) attending within its
// lengths. Built from the CUDA kernels (linear and matmul on cuBLAS,
// layer_norm, gelu/relu, add) called through the dispatcher, plus the row
// softmax launched directly for its zero-masked-rows rule.
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/cuda/kernels/reduce.h"
#include "runtime/ops/nested_tensor.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda {
namespace {

ScalarType computeType(const Tensor& t) {
  return t.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
}

// t in dtype ct, contiguous, on its device.
Tensor as(const Tensor& t, ScalarType ct, const OnDevice& on) { return contiguousOnDevice(castOnDevice(t, ct, on), on); }

Tensor linear(const Tensor& x, const Tensor& w, const Tensor& b) {
  return callOp<"aten::linear", Tensor>(x, w, b.defined() ? IValue(b) : IValue());
}
Tensor matmul(const Tensor& a, const Tensor& b) { return callOp<"aten::matmul", Tensor>(a, b); }
Tensor add(const Tensor& a, const Tensor& b) { return callOp<"aten::add.Tensor", Tensor>(a, b, IValue(int64_t{1})); }

// The mask as an additive tensor of type ct broadcasting to (B, heads, L, S).
Tensor additiveMask(const Tensor& mask, std::optional<int64_t> maskType, int64_t B, int64_t L, int64_t S,
                    ScalarType ct, const OnDevice& on) {
  Tensor m = mask;
  if (maskType && *maskType == 1) {
    JS_CHECK(m.dim() == 2 && m.size(0) == B && m.size(1) == S, "_native_multi_head_attention: expected a (", B, ", ",
             S, ") key padding mask, got ", shapeToString(m.sizes()));
    m = contiguousOnDevice(m, on).view({B, 1, 1, S});
  } else if (m.dim() == 2) {
    JS_CHECK(m.size(0) == L && m.size(1) == S, "_native_multi_head_attention: expected an (", L, ", ", S,
             ") attention mask, got ", shapeToString(m.sizes()));
    m = contiguousOnDevice(m, on).view({1, 1, L, S});
  }
  if (m.dtype() != ScalarType::Bool) return castOnDevice(m, ct, on);
  // 0 where attention is allowed, -inf where the mask forbids it.
  const Tensor z = fullOnDevice(m.sizes(), Scalar(0.0), ct, on);
  return callOp<"aten::masked_fill.Scalar", Tensor>(z, m, IValue(Scalar(-std::numeric_limits<double>::infinity())));
}

// Softmax over the last dim, rows of all -inf to zeros; s contiguous.
Tensor maskedSoftmax(const Tensor& s, const OnDevice& on) {
  const int64_t n = s.size(-1), rows = n == 0 ? 0 : s.numel() / n;
  Tensor out = emptyOnDevice(s.sizes(), s.dtype(), on.device);
  launchRowSoftmax(false, rows, n, s.unsafeGetImpl()->deviceData(), s.dtype(), out.unsafeGetImpl()->deviceData(),
                   s.dtype(), on.stream, /*zeroMaskedRows=*/true);
  return out;
}

struct Mha {
  Tensor out;      // (B, L, E), compute type
  Tensor weights;  // (B, heads, L, S), compute type
};

Mha multiHeadAttention(const Tensor& query, const Tensor& key, const Tensor& value, int64_t E, int64_t heads,
                       const Tensor& qkvW, const Tensor& qkvB, const Tensor& projW, const Tensor& projB,
                       const std::optional<Tensor>& mask, std::optional<int64_t> maskType) {
  const char* op = "_native_multi_head_attention";
  OnDevice on(deviceOf({&query, &key, &value, &qkvW, &qkvB, &projW, &projB}, op));
  JS_CHECK(query.dim() == 3 && key.dim() == 3 && value.dim() == 3, op, ": expected 3-D (batch, seq, embed) inputs");
  JS_CHECK(query.size(2) == E && heads > 0 && E % heads == 0, op, ": embed_dim ", E,
           " must match the query and be divisible by num_head ", heads);
  JS_CHECK(qkvW.dim() == 2 && qkvW.size(0) == 3 * E && qkvW.size(1) == E, op, ": expected qkv_weight of shape (",
           3 * E, ", ", E, "), got ", shapeToString(qkvW.sizes()));
  JS_CHECK(qkvB.dim() == 1 && qkvB.size(0) == 3 * E, op, ": expected qkv_bias of shape (", 3 * E, "), got ",
           shapeToString(qkvB.sizes()));
  JS_CHECK(key.size(0) == query.size(0) && value.size(0) == query.size(0) && key.size(1) == value.size(1), op,
           ": query, key and value batch / key and value lengths must agree");
  const ScalarType ct = computeType(query);
  const int64_t B = query.size(0), L = query.size(1), S = key.size(1), D = E / heads;
  const Tensor w = as(qkvW, ct, on), b = as(qkvB, ct, on);
  Tensor q, k, v;
  if (query.is_same(key) && key.is_same(value)) {
    // Self-attention: one GEMM for the packed projection.
    Tensor qkv = linear(as(query, ct, on), w, b).view({B, L, 3, heads, D});
    q = qkv.select(2, 0).transpose(1, 2);
    k = qkv.select(2, 1).transpose(1, 2);
    v = qkv.select(2, 2).transpose(1, 2);
  } else {
    auto proj = [&](const Tensor& x, int64_t part, int64_t len) {
      Tensor y = linear(as(x, ct, on), w.narrow(0, part * E, E), b.narrow(0, part * E, E));
      return y.view({B, len, heads, D}).transpose(1, 2);  // (B, heads, len, D)
    };
    q = proj(query, 0, L), k = proj(key, 1, S), v = proj(value, 2, S);
  }
  q = callOp<"aten::mul.Scalar", Tensor>(q, IValue(Scalar(1.0 / std::sqrt(static_cast<double>(D)))));
  Tensor scores = matmul(q, k.transpose(-2, -1));
  if (mask) scores = add(scores, additiveMask(*mask, maskType, B, L, S, ct, on));
  scores = maskedSoftmax(contiguousOnDevice(scores, on), on);
  Tensor ctx = contiguousOnDevice(matmul(scores, v).transpose(1, 2), on).view({B, L, E});
  return {linear(ctx, as(projW, ct, on), as(projB, ct, on)), scores};
}

std::tuple<Tensor, Tensor> nativeMultiHeadAttention(const Tensor& query, const Tensor& key, const Tensor& value,
                                                    int64_t embedDim, int64_t numHead, const Tensor& qkvWeight,
                                                    const Tensor& qkvBias, const Tensor& projWeight,
                                                    const Tensor& projBias, const std::optional<Tensor>& mask,
                                                    bool needWeights, bool averageAttnWeights,
                                                    std::optional<int64_t> maskType) {
  Mha r = multiHeadAttention(query, key, value, embedDim, numHead, qkvWeight, qkvBias, projWeight, projBias, mask,
                             maskType);
  OnDevice on(query.device());
  Tensor weights = emptyOnDevice({0}, query.dtype(), on.device);
  if (needWeights) {
    Tensor w = r.weights;
    if (averageAttnWeights) {
      w = callOp<"aten::mean.dim", Tensor>(w, IValue::intList({1}), false, IValue());
    }
    weights = castOnDevice(w, query.dtype(), on);
  }
  return {castOnDevice(r.out, query.dtype(), on), std::move(weights)};
}

Tensor layerNorm(const Tensor& x, const Tensor& w, const Tensor& b, double eps) {
  const int64_t n = x.size(-1);
  JS_CHECK(w.numel() == n && b.numel() == n, "_transformer_encoder_layer_fwd: norm weight/bias must have ", n,
           " elements");
  return callOp<"aten::layer_norm", Tensor>(x, IValue::intList({n}), w, b, eps, true);
}

Tensor transformerEncoderLayerFwd(const Tensor& src, int64_t E, int64_t heads, const Tensor& qkvWeight,
                                  const Tensor& qkvBias, const Tensor& projWeight, const Tensor& projBias,
                                  bool useGelu, bool normFirst, double eps, const Tensor& normWeight1,
                                  const Tensor& normBias1, const Tensor& normWeight2, const Tensor& normBias2,
                                  const Tensor& ffnWeight1, const Tensor& ffnBias1, const Tensor& ffnWeight2,
                                  const Tensor& ffnBias2, std::optional<Tensor> mask, std::optional<int64_t> maskType) {
  OnDevice on(deviceOf({&src}, "_transformer_encoder_layer_fwd"));
  // A nested src attends within each sequence's length: a key-padding mask,
  // built on the host from the lengths; the result is nested again.
  std::shared_ptr<const std::vector<int64_t>> lengths = ops::nestedLengths(src);
  if (lengths) {
    JS_CHECK(!mask, "_transformer_encoder_layer_fwd: a mask with a nested src is not supported");
    Tensor pad = zeros({src.size(0), src.size(1)}, ScalarType::Bool);
    bool* p = pad.data<bool>();
    for (int64_t b = 0; b < src.size(0); ++b) {
      for (int64_t j = (*lengths)[static_cast<size_t>(b)]; j < src.size(1); ++j) p[b * src.size(1) + j] = true;
    }
    mask = toDevice(pad, on.device);
    maskType = 1;
  }
  const ScalarType ct = computeType(src);
  auto attention = [&](const Tensor& x) {
    return multiHeadAttention(x, x, x, E, heads, qkvWeight, qkvBias, projWeight, projBias, mask, maskType).out;
  };
  auto norm = [&](const Tensor& x, const Tensor& w, const Tensor& b) {
    return layerNorm(x, as(w, ct, on), as(b, ct, on), eps);
  };
  auto ffn = [&](const Tensor& x) {
    Tensor h = linear(x, as(ffnWeight1, ct, on), as(ffnBias1, ct, on));
    h = useGelu ? callOp<"aten::gelu", Tensor>(h, IValue(std::string("none"))) : callOp<"aten::relu", Tensor>(h);
    return linear(h, as(ffnWeight2, ct, on), as(ffnBias2, ct, on));
  };
  Tensor x = as(src, ct, on);
  if (normFirst) {
    x = add(x, attention(norm(x, normWeight1, normBias1)));
    x = add(x, ffn(norm(x, normWeight2, normBias2)));
  } else {
    x = norm(add(x, attention(x)), normWeight1, normBias1);
    x = norm(add(x, ffn(x)), normWeight2, normBias2);
  }
  x = castOnDevice(x, src.dtype(), on);
  if (lengths) return ops::makeNested(x, *lengths);
  return x;
}

}  // namespace

const CudaTable kCudaTransformerOps = {
    row<nativeMultiHeadAttention>("aten::_native_multi_head_attention"),
    row<transformerEncoderLayerFwd>("aten::_transformer_encoder_layer_fwd"),
};

}  // namespace jitserve::cuda
