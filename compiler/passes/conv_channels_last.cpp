#include "compiler/passes/conv_channels_last.h"

#include <string_view>

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/weight_folding.h"

namespace jitserve {
namespace {

constexpr std::string_view kFused = "jitserve::conv2d_clamp";
constexpr std::string_view kFusedAdd = "jitserve::conv2d_add";

// Where a fused conv keeps its channels_last flag (-1: not a fused conv).
int channelsLastInput(const Node* n) {
  const std::string_view k = n->kind().toQualString();
  if (k == kFused && n->inputs().size() == 10) return 9;
  if (k == kFusedAdd && n->inputs().size() == 13) return 12;
  return -1;
}

// A conv2d, conv2d_clamp or conv2d_add with a constant float32 4-D weight.
bool isFrozenConv(const Node* n) {
  const std::string_view k = n->kind().toQualString();
  const bool conv = (k == "aten::conv2d" && n->inputs().size() == 7) || channelsLastInput(n) >= 0;
  if (!conv || n->outputs().size() != 1) return false;
  std::optional<Tensor> w = constantTensor(n->input(1));
  return w && w->dim() == 4 && w->dtype() == ScalarType::Float;
}

bool readsNhwcFast(const Use& u) {
  const std::string_view k = u.user->kind().toQualString();
  // conv2d_add copies its other operand into the (NHWC) output.
  if (isFrozenConv(u.user)) return u.offset == 0 || (k == kFusedAdd && u.offset == 7);
  if (k == "aten::max_pool2d") return u.offset == 0;
  return k == "aten::add" || k == "aten::add_" || k == "aten::relu" || k == "aten::relu_" ||
         k == "aten::hardtanh" || k == "aten::hardtanh_" || k == "aten::dim" || k == "aten::size" ||
         k == "aten::numel" || k == "prim::dtype" || k == "prim::device";
}

bool markOne(Node* n) {
  if (!isFrozenConv(n)) return false;
  const int flag = channelsLastInput(n);
  if (flag >= 0) {
    std::optional<bool> already = constantBool(n->input(flag));
    if (already && *already) return false;
  }
  const auto& uses = n->output()->uses();
  if (uses.empty()) return false;
  for (const Use& u : uses)
    if (!readsNhwcFast(u)) return false;
  if (!JS_OPT_ALLOWED) return false;
  GRAPH_UPDATE("channels-last result for ", jitlog::nodeString(*n));
  Graph& g = *n->owningGraph();
  Value* yes = nullptr;
  Value* none = nullptr;
  {
    WithInsertPoint guard(n);
    yes = insertConstant(g, IValue(true), n->sourceRange());
    if (flag < 0) none = insertConstant(g, IValue(), n->sourceRange());
  }
  if (flag >= 0) {
    n->replaceInput(flag, yes);
    return true;
  }
  std::vector<Value*> ins(n->inputs().begin(), n->inputs().end());
  ins.insert(ins.end(), {none, none, yes});
  Node* c = g.create(Symbol::fromQualString(std::string(kFused)), ins, 1);
  c->output()->setType(n->output()->type());
  c->setSourceRange(n->sourceRange());
  c->insertBefore(n);
  n->output()->replaceAllUsesWith(c->output());
  const std::string name = n->output()->debugNameRaw();
  n->destroy();
  if (!name.empty()) c->output()->setDebugName(name);
  return true;
}

}  // namespace

bool ConvChannelsLast(Graph& graph) {
  const bool changed = foldEachNode(graph.block(), markOne);
  if (changed) GRAPH_DUMP("after conv_channels_last", graph);
  return changed;
}

}  // namespace jitserve
