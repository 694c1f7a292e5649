// Two-layer bidirectional LSTM and GRU against PyTorch 1.13 (float64), with
// every parameter and state filled by sin(0.37 k + offset).
#include <gtest/gtest.h>

#include <cmath>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

Tensor filled(std::vector<int64_t> shape, double offset) {
  Tensor t = empty(shape, ScalarType::Double);
  double* p = t.data<double>();
  for (int64_t k = 0; k < t.numel(); ++k) p[k] = std::sin(0.37 * static_cast<double>(k) + offset);
  return t;
}

// nn.LSTM/GRU(2, 2, num_layers=2, bidirectional=True) parameter shapes.
std::vector<Tensor> params(int64_t gates) {
  std::vector<Tensor> ps;
  int i = 0;
  for (int64_t layer = 0; layer < 2; ++layer)
    for (int d = 0; d < 2; ++d) {
      ps.push_back(filled({gates * 2, layer == 0 ? 2 : 4}, i++));
      ps.push_back(filled({gates * 2, 2}, i++));
      ps.push_back(filled({gates * 2}, i++));
      ps.push_back(filled({gates * 2}, i++));
    }
  return ps;
}

void expectAllNear(const V& a, const V& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-12) << "at " << i;
}

TEST(RnnOps, BidirectionalTwoLayerLstmMatchesPyTorch) {
  Stack r = call("aten::lstm.input",
                 {filled({3, 1, 2}, 10), IValue::tensorList({filled({4, 1, 2}, 20), filled({4, 1, 2}, 30)}),
                  IValue::tensorList(params(4)), IValue(true), IValue(int64_t{2}), IValue(0.0), IValue(false),
                  IValue(true), IValue(false)});
  expectAllNear(values(r[0].toTensor()),
                {-0.10630936394452865, 0.012996304877346668, -0.022578473837029475, -0.08697365748594399,
                 -0.0870073696662819, -0.046807217994967884, 0.009183509457133017, -0.07172315039459187,
                 -0.08367484595331809, -0.06411232786204521, 0.11492615937127124, 0.05302629111306138});
  expectAllNear(values(r[2].toTensor()), {-0.5715196233149696, -0.09179351691284374, 0.7161572181287963,
                                          0.1873551708456273, -0.1413674749929066, -0.08988667968459857,
                                          -0.1381339527521204, -0.8034016795194544});
}

TEST(RnnOps, BidirectionalTwoLayerGruMatchesPyTorch) {
  Stack r = call("aten::gru.input", {filled({3, 1, 2}, 10), filled({4, 1, 2}, 20), IValue::tensorList(params(3)),
                                     IValue(true), IValue(int64_t{2}), IValue(0.0), IValue(false), IValue(true),
                                     IValue(false)});
  expectAllNear(values(r[1].toTensor()), {-0.7451247517523738, 0.0512026549776065, 0.9272248081765022,
                                          0.7422964628570783, -0.1829223960400927, -0.8312054345046332,
                                          0.03798909519060363, -0.08561493981148291});
  // Wrong parameter count is an error, not a crash.
  std::vector<Tensor> few = params(3);
  few.pop_back();
  EXPECT_THROW(call("aten::gru.input", {filled({3, 1, 2}, 10), filled({4, 1, 2}, 20), IValue::tensorList(few),
                                        IValue(true), IValue(int64_t{2}), IValue(0.0), IValue(false), IValue(true),
                                        IValue(false)}),
               Error);
  // A weight_ih with too few rows is caught before any gate reads past it.
  std::vector<Tensor> bad = params(3);
  bad[0] = filled({5, 2}, 0);
  EXPECT_THROW(call("aten::gru.input", {filled({3, 1, 2}, 10), filled({4, 1, 2}, 20), IValue::tensorList(bad),
                                        IValue(true), IValue(int64_t{2}), IValue(0.0), IValue(false), IValue(true),
                                        IValue(false)}),
               Error);
}

}  // namespace
}  // namespace jitserve::ops::testing
