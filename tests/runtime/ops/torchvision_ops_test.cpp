// torchvision's nms / roi_align / roi_pool on inputs whose answers are
// worked by hand: the image is v = 4y + x, which bilinear sampling
// reproduces exactly inside the image, so an average of samples is the
// value at their mean position. (torchvision is not installed beside
// PyTorch 1.13 here; scripts/gpu_checks.sh compares with it where it is.)
#include <gtest/gtest.h>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

Tensor ramp4x4(ScalarType dt = ScalarType::Float) {
  std::vector<float> v(16);
  for (int i = 0; i < 16; ++i) v[static_cast<size_t>(i)] = static_cast<float>(i);
  return floats(v, {1, 1, 4, 4}).to(dt);
}

TEST(TorchvisionOps, NmsKeepsTheBestOfEachCluster) {
  Tensor boxes = floats({0, 0, 10, 10, 1, 1, 11, 11, 20, 20, 30, 30, 0, 0, 10, 10}, {4, 4});
  Tensor scores = floats({0.9f, 0.8f, 0.7f, 0.95f});
  // 3 first; 0 overlaps it fully, 1 by 81/119 > 0.5; 2 is apart.
  EXPECT_EQ(values(callT("torchvision::nms", {boxes, scores, IValue(0.5)})), (V{3, 2}));
  // With a threshold above 81/119, box 1 survives.
  EXPECT_EQ(values(callT("torchvision::nms", {boxes, scores, IValue(0.7)})), (V{3, 1, 2}));
  EXPECT_EQ(callT("torchvision::nms", {floats({}, {0, 4}), floats({}), IValue(0.5)}).numel(), 0);
  EXPECT_THROW(call("torchvision::nms", {floats({0, 0, 1}, {1, 3}), floats({1}), IValue(0.5)}), Error);
  EXPECT_THROW(call("torchvision::nms", {boxes, floats({1, 2}), IValue(0.5)}), Error);
}

TEST(TorchvisionOps, RoiAlignAveragesBilinearSamples) {
  Tensor rois = floats({0, 0, 0, 4, 4}, {1, 5});
  // 2x2 samples per bin; x = 3.5 lies within a pixel of the edge and is
  // clamped to 3, so the right bins average x over {2.5, 3}.
  Tensor r = callT("torchvision::roi_align",
                   {ramp4x4(), rois, IValue(1.0), IValue(int64_t{2}), IValue(int64_t{2}), IValue(int64_t{2}),
                    IValue(false)});
  EXPECT_EQ(IntArrayRef(r.sizes()), IntArrayRef({1, 1, 2, 2}));
  EXPECT_EQ(values(r), (V{5, 6.75, 12, 13.75}));
  // aligned: corners shift by half a pixel; samples at 0, 1 and 2, 3.
  Tensor a = callT("torchvision::roi_align", {ramp4x4(ScalarType::Double), rois.to(ScalarType::Double), IValue(1.0),
                                              IValue(int64_t{2}), IValue(int64_t{2}), IValue(int64_t{2}),
                                              IValue(true)});
  EXPECT_EQ(a.dtype(), ScalarType::Double);
  EXPECT_EQ(values(a), (V{2.5, 4.5, 10.5, 12.5}));
  // Adaptive sampling (ratio 0): ceil(2 / 1) = 2 per side, the same here.
  Tensor adaptive = callT("torchvision::roi_align", {ramp4x4(), rois, IValue(1.0), IValue(int64_t{2}),
                                                     IValue(int64_t{2}), IValue(int64_t{0}), IValue(false)});
  EXPECT_EQ(values(adaptive), (V{5, 6.75, 12, 13.75}));
  // A roi far outside reads zeros; spatial_scale maps box to feature map.
  Tensor outside = callT("torchvision::roi_align",
                         {ramp4x4(), floats({0, 20, 20, 24, 24}, {1, 5}), IValue(0.5), IValue(int64_t{1}),
                          IValue(int64_t{1}), IValue(int64_t{1}), IValue(false)});
  EXPECT_EQ(values(outside), (V{0}));
  // A batch index outside the batch is refused, not read.
  EXPECT_THROW(call("torchvision::roi_align", {ramp4x4(), floats({1, 0, 0, 4, 4}, {1, 5}), IValue(1.0),
                                               IValue(int64_t{2}), IValue(int64_t{2}), IValue(int64_t{2}),
                                               IValue(false)}),
               Error);
  EXPECT_THROW(call("torchvision::roi_align", {ramp4x4(), floats({0, 0, 4, 4}, {1, 4}), IValue(1.0),
                                               IValue(int64_t{2}), IValue(int64_t{2}), IValue(int64_t{2}),
                                               IValue(false)}),
               Error);
}

TEST(TorchvisionOps, RoiPoolTakesTheMaxOfEachBin) {
  Stack r = call("torchvision::roi_pool",
                 {ramp4x4(), floats({0, 0, 0, 3, 3}, {1, 5}), IValue(1.0), IValue(int64_t{2}), IValue(int64_t{2})});
  EXPECT_EQ(values(r[0].toTensor()), (V{5, 7, 13, 15}));
  EXPECT_EQ(r[1].toTensor().dtype(), ScalarType::Int);
  EXPECT_EQ(values(r[1].toTensor()), (V{5, 7, 13, 15}));  // h * W + w, which is the value here
}

}  // namespace
}  // namespace jitserve::ops::testing
