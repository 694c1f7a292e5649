#include "compiler/passes/fold_linear_batch_norm.h"

#include "compiler/ir/ivalue_constant.h"
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
  std::optional<bool> training = constantBool(bn->input(5));
  std::optional<double> eps = constantNumber(bn->input(7));
  std::optional<Tensor> weight = constantTensor(linear->input(1));
  if (!training || *training || !eps || !weight || !isFoldableFloat(*weight) || weight->dim() != 2) return false;
  std::optional<Tensor> bias, gamma, beta;
  std::optional<Tensor> mean = constantTensor(bn->input(3)), var = constantTensor(bn->input(4));
  if (!optionalConstantTensor(linear->input(2), bias) || !optionalConstantTensor(bn->input(1), gamma) ||
      !optionalConstantTensor(bn->input(2), beta) || !mean || !var)
    return false;
  const int64_t out = weight->size(0);
  if (bias && (bias->numel() != out || !isFoldableFloat(*bias))) return false;
  std::optional<ChannelAffine> affine = batchNormAffine(gamma, beta, *mean, *var, *eps, out);
  if (!affine || !JS_OPT_ALLOWED) return false;
  GRAPH_UPDATE("folding ", jitlog::nodeString(*bn), " into ", jitlog::nodeString(*linear));
  auto [w2, b2] = foldAffine(*weight, bias, *affine);
  Graph& g = *linear->owningGraph();
  {
    WithInsertPoint guard(linear);
    linear->replaceInput(1, insertConstant(g, IValue(w2), linear->sourceRange()));
    linear->replaceInput(2, insertConstant(g, IValue(b2), linear->sourceRange()));
  }
  bn->output()->replaceAllUsesWith(linear->output());
  bn->destroy();
  return true;
}

bool foldBlock(Block* b) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= foldBlock(sub);
    changed |= foldOne(n);
  }
  return changed;
}

}  // namespace

bool FoldLinearBatchNorm(Graph& graph) { return foldBlock(graph.block()); }

}  // namespace jitserve
