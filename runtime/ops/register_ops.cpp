#include "runtime/ops/register_ops.h"

#include "runtime/ops/activation_ops.h"
#include "runtime/ops/attention_ops.h"
#include "runtime/ops/bessel_ops.h"
#include "runtime/ops/binary_ops.h"
#include "runtime/ops/comparison_ops.h"
#include "runtime/ops/complex_ops.h"
#include "runtime/ops/conv_nd_ops.h"
#include "runtime/ops/creation_ops.h"
#include "runtime/ops/ctc_loss_ops.h"
#include "runtime/ops/dim_ops.h"
#include "runtime/ops/embedding_bag_ops.h"
#include "runtime/ops/fft_ops.h"
#include "runtime/ops/fold_ops.h"
#include "runtime/ops/fractional_pool_ops.h"
#include "runtime/ops/grid_sample_ops.h"
#include "runtime/ops/incomplete_gamma_ops.h"
#include "runtime/ops/index_ops.h"
#include "runtime/ops/linalg_decomp_ops.h"
#include "runtime/ops/linalg_lapack_ops.h"
#include "runtime/ops/linalg_tensor_ops.h"
#include "runtime/ops/einsum_ops.h"
#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/linalg_product_ops.h"
#include "runtime/ops/loss_ops.h"
#include "runtime/ops/nn_ops.h"
#include "runtime/ops/norm_ops.h"
#include "runtime/ops/pool3d_ops.h"
#include "runtime/ops/random_ops.h"
#include "runtime/ops/order_stats_ops.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/rnn_ops.h"
#include "runtime/ops/segment_ops.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/ops/special_poly_ops.h"
#include "runtime/ops/statistics_ops.h"
#include "runtime/ops/ternary_ops.h"
#include "runtime/ops/transformer_ops.h"
#include "runtime/ops/unary_ops.h"
#include "runtime/ops/unique_ops.h"
#include "runtime/ops/upsample_ops.h"
#include "runtime/ops/op_aliases.h"
#include "runtime/ops/window_ops.h"
#include "runtime/ops/zeta_ops.h"

namespace jitserve {

void registerAllTensorOps(OperatorRegistry& registry) {
  ops::registerBinaryOps(registry);
  ops::registerUnaryOps(registry);
  ops::registerComparisonOps(registry);
  ops::registerTernaryOps(registry);
  ops::registerReduceOps(registry);
  ops::registerIndexOps(registry);
  ops::registerCreationOps(registry);
  ops::registerDimOps(registry);
  ops::registerActivationOps(registry);
  ops::registerLinalgOps(registry);
  ops::registerEinsumOps(registry);
  ops::registerLinalgDecompOps(registry);
  ops::registerNormOps(registry);
  ops::registerLinalgProductOps(registry);
  ops::registerOrderStatsOps(registry);
  ops::registerUniqueOps(registry);
  ops::registerSegmentOps(registry);
  ops::registerZetaOps(registry);
  ops::registerIncompleteGammaOps(registry);
  ops::registerNnOps(registry);
  ops::registerConvNdOps(registry);
  ops::registerPool3dOps(registry);
  ops::registerUpsampleOps(registry);
  ops::registerShapeOps(registry);
  ops::registerSpecialPolyOps(registry);
  ops::registerLossOps(registry);
  ops::registerFftOps(registry);
  ops::registerRandomOps(registry);
  ops::registerComplexOps(registry);
  ops::registerStatisticsOps(registry);
  ops::registerFoldOps(registry);
  ops::registerBesselOps(registry);
  ops::registerLinalgLapackOps(registry);
  ops::registerLinalgTensorOps(registry);
  ops::registerAttentionOps(registry);
  ops::registerEmbeddingBagOps(registry);
  ops::registerGridSampleOps(registry);
  ops::registerCtcLossOps(registry);
  ops::registerFractionalPoolOps(registry);
  ops::registerRnnOps(registry);
  ops::registerTransformerOps(registry);
  ops::registerWindowOps(registry);
  // Last: its rows forward to operators registered above.
  ops::registerOpAliases(registry);
}

}  // namespace jitserve
