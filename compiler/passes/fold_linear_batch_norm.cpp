#include "compiler/passes/fold_linear_batch_norm.h"

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/weight_folding.h"

namespace jitserve {
namespace {

bool hasRank2(const Value* v) {
  const auto* t = v->type()->cast<TensorType>();
  return t != nullptr && t->dim() && *t->dim() == 2;
}

bool foldOne(Node* bn) {
  if (bn->kind().toQualString() != "aten::batch_norm" || bn->inputs().size() != 9) return false;
  Node* linear = bn->input(0)->node();
  if (linear->kind().toQualString() != "aten::linear" || linear->inputs().size() != 3 ||
      !onlyValueUse(linear->output(), bn) || !(hasRank2(linear->input(0)) || hasRank2(linear->output())))
    return false;
  std::optional<std::pair<Tensor, Tensor>> folded = batchNormFold(linear, bn, 2);
  if (!folded || !JS_OPT_ALLOWED) return false;
  GRAPH_UPDATE("folding ", jitlog::nodeString(*bn), " into ", jitlog::nodeString(*linear));
  rewriteWeightAndBias(linear, &folded->first, folded->second, bn);
  return true;
}

}  // namespace

bool FoldLinearBatchNorm(Graph& graph) { return foldEachNode(graph.block(), foldOne); }

}  // namespace jitserve
