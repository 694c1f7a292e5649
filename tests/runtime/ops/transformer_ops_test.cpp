// The fused transformer paths against PyTorch 1.13 (float64), with every
// tensor filled by sin(0.37 k + offset).
#include <gtest/gtest.h>

#include <cmath>

#include "op_test_util.h"
#include "runtime/ops/register_all.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

Tensor filled(std::vector<int64_t> shape, double offset) {
  Tensor t = empty(shape, ScalarType::Double);
  double* p = t.data<double>();
  for (int64_t k = 0; k < t.numel(); ++k) p[k] = std::sin(0.37 * static_cast<double>(k) + offset);
  return t;
}

void expectAllNear(const V& a, const V& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-10) << "at " << i;
}

constexpr int64_t E = 4, H = 2, F = 6;

Stack layerArgs(bool gelu, bool norm_first) {
  return {filled({2, 3, E}, 1), IValue(E), IValue(H), filled({3 * E, E}, 2), filled({3 * E}, 3), filled({E, E}, 4),
          filled({E}, 5), IValue(gelu), IValue(norm_first), IValue(1e-5), filled({E}, 6), filled({E}, 7),
          filled({E}, 8), filled({E}, 9), filled({F, E}, 10), filled({F}, 11), filled({E, F}, 12), filled({E}, 13),
          IValue(), IValue()};
}

TEST(TransformerOps, EncoderLayerPostAndPreNormMatchPyTorch) {
  V post = values(callT("aten::_transformer_encoder_layer_fwd", layerArgs(false, false)));
  expectAllNear(V(post.begin(), post.begin() + 4),
                {0.37938222920527803, 0.5100104594528772, -1.3142395703988847, -0.29309656260637384});
  V pre = values(callT("aten::_transformer_encoder_layer_fwd", layerArgs(true, true)));
  expectAllNear(V(pre.end() - 4, pre.end()),
                {2.409073790673654, -1.412461871079288, -1.4754928386855846, 3.280356154005848});
}

TEST(TransformerOps, NativeMhaKeyPaddingMaskZeroesMaskedKeys) {
  Tensor src = filled({2, 3, E}, 1);
  Tensor mask = empty({2, 3}, ScalarType::Bool).fill_(false);
  mask.data<bool>()[2] = true;  // batch 0 ignores key 2
  Stack r = call("aten::_native_multi_head_attention",
                 {src, src, src, IValue(E), IValue(H), filled({3 * E, E}, 2), filled({3 * E}, 3), filled({E, E}, 4),
                  filled({E}, 5), mask, IValue(true), IValue(true), IValue(int64_t{1})});
  V out = values(r[0].toTensor()), w = values(r[1].toTensor());
  expectAllNear(V(out.begin(), out.begin() + 4),
                {-0.3526508983648089, -2.300715934670671, -1.3968331564901006, 1.1773641551864251});
  expectAllNear(V(w.begin(), w.begin() + 6),
                {0.9989582669729759, 0.0010417330270240672, 0.0, 0.7672683112501617, 0.2327316887498383, 0.0});
}

}  // namespace
}  // namespace jitserve::ops::testing

namespace jitserve::ops::testing {
namespace {

// A nested src through the layer computes each sequence within its length:
// the same as the dense layer with that key-padding mask at the tokens, and
// to_padded_tensor puts the padding value everywhere else.
TEST(TransformerOps, NestedSrcMatchesTheKeyPaddingMaskAndPadsWithZero) {
  Stack args = layerArgs(false, false);
  Tensor src = args[0].toTensor();
  // Sequence 0 has 2 tokens of 3, sequence 1 all 3 (True = token).
  Tensor tokens = bools({true, true, false, true, true, true}, {2, 3});
  Tensor nested = callT("aten::_nested_tensor_from_mask", {src, tokens, IValue(true)});
  EXPECT_TRUE(call1("prim::is_nested", {nested}).toBool());
  EXPECT_FALSE(call1("prim::is_nested", {src}).toBool());

  Stack nestedArgs = args;
  nestedArgs[0] = nested;
  Tensor out = callT("aten::_transformer_encoder_layer_fwd", nestedArgs);
  EXPECT_TRUE(call1("prim::is_nested", {out}).toBool());
  V padded = values(callT("aten::to_padded_tensor", {out, IValue(0.0), IValue()}));

  Stack maskedArgs = args;
  maskedArgs[18] = bools({false, false, true, false, false, false}, {2, 3});  // True = padding
  maskedArgs[19] = IValue(int64_t{1});
  V dense = values(callT("aten::_transformer_encoder_layer_fwd", maskedArgs));
  ASSERT_EQ(padded.size(), dense.size());
  for (size_t i = 0; i < padded.size(); ++i) {
    const bool pad = i >= 2 * E && i < 3 * E;  // batch 0, position 2
    EXPECT_NEAR(padded[i], pad ? 0.0 : dense[i], 1e-10) << "at " << i;
  }
  // A larger output size pads further.
  Tensor grown = callT("aten::to_padded_tensor", {out, IValue(-1.0), IValue(ListImpl::create(IntType::get(), {IValue(int64_t{2}), IValue(int64_t{4}), IValue(E)}))});
  EXPECT_EQ(grown.size(1), 4);
  EXPECT_EQ(values(grown)[3 * E], -1.0);
}

TEST(TransformerOps, NestedTensorErrors) {
  Tensor src = filled({2, 3, E}, 1);
  try {
    callT("aten::_nested_tensor_from_mask", {src, bools({true, false, true, true, true, true}, {2, 3}), IValue(true)});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("not left-aligned"), std::string::npos) << e.what();
  }
  try {
    callT("aten::to_padded_tensor", {src, IValue(0.0), IValue()});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("expected a nested tensor"), std::string::npos) << e.what();
  }
}

// PyTorch 2.x's scaled_dot_product_attention. Without masks it is 1.13's
// _scaled_dot_product_attention (checked against PyTorch by the corpus);
// the rest is checked by the identities that define it.
TEST(TransformerOps, ScaledDotProductAttentionMatchesItsDefinition) {
  ensureOperatorsRegistered();  // its parts are dispatched
  Tensor q = filled({2, 4, 3, 5}, 1), k = filled({2, 4, 6, 5}, 2), v = filled({2, 4, 6, 7}, 3);
  const char* op = "aten::scaled_dot_product_attention";
  Stack plainArgs = {q, k, v, IValue(), IValue(0.0), IValue(false), IValue(), IValue(false)};
  V plain = values(callT(op, plainArgs));
  V old = values(call("aten::_scaled_dot_product_attention", {q, k, v, IValue(), IValue(0.0), IValue(false),
                                                               IValue(false)})[0].toTensor());
  expectAllNear(plain, old);

  // An explicit scale is the default one for a rescaled query.
  V scaled = values(callT(op, {q, k, v, IValue(), IValue(0.0), IValue(false), IValue(0.25), IValue(false)}));
  Tensor q2 = callT("aten::mul.Scalar", {q, IValue(0.25 * std::sqrt(5.0))});
  expectAllNear(scaled, values(callT(op, {q2, k, v, IValue(), IValue(0.0), IValue(false), IValue(), IValue(false)})));

  // is_causal is the lower-triangular boolean mask; a float mask adds.
  std::vector<bool> tri;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 6; ++j) tri.push_back(j <= i);
  Tensor causalMask = bools(tri, {3, 6});
  V causal = values(callT(op, {q, k, v, IValue(), IValue(0.0), IValue(true), IValue(), IValue(false)}));
  expectAllNear(causal, values(callT(op, {q, k, v, causalMask, IValue(0.0), IValue(false), IValue(), IValue(false)})));
  Tensor additive = callT("aten::masked_fill.Scalar",
                          {zeros({3, 6}, ScalarType::Double), callT("aten::logical_not", {causalMask}),
                           IValue(-INFINITY)});
  expectAllNear(causal, values(callT(op, {q, k, v, additive, IValue(0.0), IValue(false), IValue(), IValue(false)})));

  // A query row that may attend to nothing gives zeros, not NaN (2.5+).
  std::vector<bool> rows(18, true);
  for (int j = 0; j < 6; ++j) rows[6 + j] = false;  // query 1 masked out
  V safe = values(callT(op, {q, k, v, bools(rows, {3, 6}), IValue(0.0), IValue(false), IValue(), IValue(false)}));
  for (int64_t b = 0; b < 8; ++b)
    for (int64_t e = 0; e < 7; ++e) {
      EXPECT_EQ(safe[static_cast<size_t>(b * 21 + 7 + e)], 0.0) << "batch-head " << b << " dim " << e;
      EXPECT_EQ(safe[static_cast<size_t>(b * 21 + e)], plain[static_cast<size_t>(b * 21 + e)]);
    }

  // Grouped-query attention: 4 query heads over 2 key/value heads is the
  // key/value heads repeated.
  Tensor k2 = filled({2, 2, 6, 5}, 4), v2 = filled({2, 2, 6, 7}, 5);
  V gqa = values(callT(op, {q, k2, v2, IValue(), IValue(0.0), IValue(false), IValue(), IValue(true)}));
  Tensor kr = callT("aten::repeat_interleave.self_int", {k2, IValue(int64_t{2}), IValue(int64_t{1}), IValue()});
  Tensor vr = callT("aten::repeat_interleave.self_int", {v2, IValue(int64_t{2}), IValue(int64_t{1}), IValue()});
  expectAllNear(gqa, values(callT(op, {q, kr, vr, IValue(), IValue(0.0), IValue(false), IValue(), IValue(false)})));
}

TEST(TransformerOps, ScaledDotProductAttentionErrors) {
  ensureOperatorsRegistered();
  const char* op = "aten::scaled_dot_product_attention";
  auto errorOf = [&](Stack args) -> std::string {
    try {
      callT(op, std::move(args));
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  Tensor q = filled({1, 2, 3, 4}, 1), k = filled({1, 2, 5, 4}, 2), v = filled({1, 2, 5, 4}, 3);
  EXPECT_NE(errorOf({q, k, v, bools(std::vector<bool>(15, true), {3, 5}), IValue(0.0), IValue(true), IValue(),
                     IValue(false)})
                .find("Explicit attn_mask should not be set when is_causal=True"),
            std::string::npos);
  EXPECT_NE(errorOf({q, filled({1, 2, 5, 3}, 2), v, IValue(), IValue(0.0), IValue(false), IValue(), IValue(false)})
                .find("same embedding size"),
            std::string::npos);
  EXPECT_NE(errorOf({q, k, callT("aten::to.dtype", {v, IValue(int64_t{6}), IValue(false), IValue(false), IValue()}),
                     IValue(), IValue(0.0), IValue(false), IValue(), IValue(false)})
                .find("same dtype"),
            std::string::npos);
  EXPECT_NE(errorOf({filled({1, 3, 3, 4}, 1), k, v, IValue(), IValue(0.0), IValue(false), IValue(), IValue(true)})
                .find("multiple of the key/value heads"),
            std::string::npos);
}

}  // namespace
}  // namespace jitserve::ops::testing
