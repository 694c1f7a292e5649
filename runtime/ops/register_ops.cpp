#include "runtime/ops/register_ops.h"

#include "runtime/ops/op_aliases.h"
#include "runtime/ops/op_tables.h"

namespace jitserve {

void registerAllTensorOps(OperatorRegistry& registry) {
  // Order is registration order: where two overloads could both match a
  // call, the one registered first is tried first.
  static const ops::OpTable* const kTables[] = {
      &ops::kBinaryOps,
      &ops::kUnaryOps,
      &ops::kComparisonOps,
      &ops::kTernaryOps,
      &ops::kReduceOps,
      &ops::kIndexOps,
      &ops::kCreationOps,
      &ops::kDimOps,
      &ops::kActivationOps,
      &ops::kLinalgOps,
      &ops::kEinsumOps,
      &ops::kLinalgDecompOps,
      &ops::kNormOps,
      &ops::kLinalgProductOps,
      &ops::kOrderStatsOps,
      &ops::kUniqueOps,
      &ops::kSegmentOps,
      &ops::kZetaOps,
      &ops::kIncompleteGammaOps,
      &ops::kNnOps,
      &ops::kConvNdOps,
      &ops::kPool3dOps,
      &ops::kUpsampleOps,
      &ops::kShapeOps,
      &ops::kSpecialPolyOps,
      &ops::kLossOps,
      &ops::kFftOps,
      &ops::kRandomOps,
      &ops::kComplexOps,
      &ops::kStatisticsOps,
      &ops::kFoldOps,
      &ops::kBesselOps,
      &ops::kLinalgLapackOps,
      &ops::kLinalgTensorOps,
      &ops::kAttentionOps,
      &ops::kEmbeddingBagOps,
      &ops::kGridSampleOps,
      &ops::kCtcLossOps,
      &ops::kFractionalPoolOps,
      &ops::kRnnOps,
      &ops::kPackedSequenceOps,
      &ops::kTorchvisionOps,
      &ops::kTransformerOps,
      &ops::kWindowOps,
      &ops::kCpuFallbackOps,
  };
  for (const ops::OpTable* table : kTables) ops::registerOpEntries(registry, *table);
  // Last: its rows forward to operators registered above.
  ops::registerOpAliases(registry);
}

}  // namespace jitserve
