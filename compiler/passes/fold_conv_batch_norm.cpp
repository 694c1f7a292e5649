#include "compiler/passes/fold_conv_batch_norm.h"

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/weight_folding.h"

namespace jitserve {
namespace {

bool foldOne(Node* bn) {
  if (bn->kind().toQualString() != "aten::batch_norm" || bn->inputs().size() != 9) return false;
  Node* conv = bn->input(0)->node();
  const int spatialDims = convSpatialDims(conv);
  if (spatialDims == 0 || !onlyValueUse(conv->output(), bn)) return false;
  std::optional<std::pair<Tensor, Tensor>> folded = batchNormFold(conv, bn, spatialDims + 2);
  if (!folded || !JS_OPT_ALLOWED) return false;
  GRAPH_UPDATE("folding ", jitlog::nodeString(*bn), " into ", jitlog::nodeString(*conv));
  rewriteWeightAndBias(conv, &folded->first, folded->second, bn);
  return true;
}

}  // namespace

bool FoldConvBatchNorm(Graph& graph) { return foldEachNode(graph.block(), foldOne); }

}  // namespace jitserve
