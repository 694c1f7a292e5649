#include "compiler/passes/fuse_conv_clamp.h"

#include <optional>
#include <string_view>
#include <utility>

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/weight_folding.h"

namespace jitserve {
namespace {

// Whether `n` is a non-transposed 2-D convolution.
bool isConv2d(const Node* n) {
  if (n->outputs().size() != 1) return false;
  const std::string_view k = n->kind().toQualString();
  if (k == "aten::conv2d") return n->inputs().size() == 7;
  const bool generic = (k == "aten::_convolution" && n->inputs().size() == 13) ||
                       (k == "aten::convolution" && n->inputs().size() == 9);
  if (!generic) return false;
  // The generic forms pick 1-D, 2-D or 3-D by the weight's rank.
  std::optional<bool> transposed = constantBool(n->input(6));
  std::optional<Tensor> weight = constantTensor(n->input(1));
  return transposed && !*transposed && weight && weight->dim() == 4;
}

bool isNumberOrNone(const Value* v) { return isConstantNone(v) || constantNumber(v).has_value(); }

// What kind of clamp an activation node is, read without changing the graph.
enum class ClampForm { kRelu, kRelu6, kBounds };
struct Clamp {
  ClampForm form;
  bool inPlace;
};

std::optional<Clamp> clampOf(const Node* n) {
  std::string_view k = n->kind().toQualString();
  if (!k.starts_with("aten::") || n->outputs().size() != 1) return std::nullopt;
  k.remove_prefix(6);
  Clamp c{ClampForm::kBounds, false};
  if (k.ends_with("_")) {
    c.inPlace = true;
    k.remove_suffix(1);
  }
  if (k == "relu" && n->inputs().size() == 1) {
    c.form = ClampForm::kRelu;
    return c;
  }
  if (k == "relu6" && n->inputs().size() == 1) {
    c.form = ClampForm::kRelu6;
    return c;
  }
  if ((k != "hardtanh" && k != "clamp") || n->inputs().size() != 3) return std::nullopt;
  const Value* lo = n->input(1);
  const Value* hi = n->input(2);
  if (!isNumberOrNone(lo) || !isNumberOrNone(hi)) return std::nullopt;
  // hardtanh's bounds are plain Scalars; clamp without bounds throws.
  if (k == "hardtanh" && (isConstantNone(lo) || isConstantNone(hi))) return std::nullopt;
  if (isConstantNone(lo) && isConstantNone(hi)) return std::nullopt;
  return c;
}

bool isMetadataUse(const Node* user) {
  const std::string_view k = user->kind().toQualString();
  return k == "aten::dim" || k == "aten::size" || k == "aten::numel" || k == "prim::dtype" || k == "prim::device";
}

// `n` itself, or the node of `block` that contains it; nullptr if none does.
const Node* ancestorIn(const Node* n, const Block* block) {
  while (n != nullptr && n->owningBlock() != block) n = n->owningBlock()->owningNode();
  return n;
}

// Whether fusing `act` into `conv` leaves every reader of the conv's result
// seeing what it saw: the activation reads it first, and the others only
// read metadata or (after an in-place activation) the clamped tensor.
bool fusable(const Node* conv, const Node* act, bool inPlace) {
  if (act->owningBlock() != conv->owningBlock()) return false;
  int actUses = 0;
  const Block* block = act->owningBlock();
  for (const Use& u : conv->output()->uses()) {
    if (u.user == act) {
      ++actUses;
      continue;
    }
    if (isMetadataUse(u.user)) continue;
    if (!inPlace) return false;
    if (u.user == block->returnNode()) continue;
    const Node* anc = ancestorIn(u.user, block);
    if (anc == nullptr || !anc->isAfter(act)) return false;
  }
  return actUses == 1;
}

// A jitserve::conv2d_add (fuse_conv_add) without bounds yet.
bool isUnclampedConvAdd(const Node* n) {
  return n->kind().toQualString() == std::string_view("jitserve::conv2d_add") && n->inputs().size() == 13 &&
         isConstantNone(n->input(10)) && isConstantNone(n->input(11));
}

// The clamp's bounds as values defined before `at` (nullptr for an open
// bound): relu's 0, relu6's 0 and 6 as new constants, or the activation's
// own constant bounds, moved up when defined later in the block (constants
// read nothing).
std::pair<Value*, Value*> boundsBefore(Node* at, Node* act, const Clamp& c) {
  Graph& g = *at->owningGraph();
  WithInsertPoint guard(at);
  auto moved = [&](Value* v) -> Value* {
    if (v->node()->owningBlock() == at->owningBlock() && v->node()->isAfter(at)) v->node()->moveBefore(at);
    return v;
  };
  switch (c.form) {
    case ClampForm::kRelu:
      return {insertConstant(g, IValue(int64_t{0}), act->sourceRange()), nullptr};
    case ClampForm::kRelu6:
      return {insertConstant(g, IValue(int64_t{0}), act->sourceRange()),
              insertConstant(g, IValue(int64_t{6}), act->sourceRange())};
    case ClampForm::kBounds:
      return {moved(act->input(1)), moved(act->input(2))};
  }
  return {nullptr, nullptr};
}

// Replaces the activation's uses by `repl` and takes the activation's name (after the
// destroy frees the old owner of the name).
void takeOver(Node* act, Value* repl) {
  const std::string name = act->output()->debugNameRaw();
  act->output()->replaceAllUsesWith(repl);
  act->destroy();
  if (!name.empty()) repl->setDebugName(name);
}

// The clamp becomes conv2d_add's bounds (inputs 10 and 11).
void boundConvAdd(Node* convAdd, Node* act, const Clamp& c) {
  auto [lo, hi] = boundsBefore(convAdd, act, c);
  if (lo != nullptr) convAdd->replaceInput(10, lo);
  if (hi != nullptr) convAdd->replaceInput(11, hi);
  takeOver(act, convAdd->output());
}

// conv + clamp become one conv2d_clamp in the conv's place (its bounds must
// be defined there).
void fuseIntoConv(Node* conv, Node* act, const Clamp& c) {
  Graph& g = *conv->owningGraph();
  auto [lo, hi] = boundsBefore(conv, act, c);
  Value* channelsLast = nullptr;
  {
    WithInsertPoint guard(conv);
    channelsLast = insertConstant(g, IValue(false), conv->sourceRange());
    if (lo == nullptr || hi == nullptr) {
      Value* none = insertConstant(g, IValue(), conv->sourceRange());
      if (lo == nullptr) lo = none;
      if (hi == nullptr) hi = none;
    }
  }
  // conv2d's 7 arguments; the generic forms keep groups at 8.
  const bool generic = conv->kind().toQualString() != "aten::conv2d";
  std::vector<Value*> ins{conv->input(0), conv->input(1), conv->input(2), conv->input(3),
                          conv->input(4), conv->input(5), conv->input(generic ? 8 : 6), lo, hi, channelsLast};
  Node* fused = g.create(Symbol::fromQualString("jitserve::conv2d_clamp"), ins, 1);
  fused->output()->setType(act->output()->type());
  fused->setSourceRange(conv->sourceRange());
  fused->insertBefore(conv);
  conv->output()->replaceAllUsesWith(fused->output());
  takeOver(act, fused->output());
  conv->destroy();
}

bool fuseOne(Node* act) {
  if (act->inputs().empty()) return false;
  Node* conv = act->input(0)->node();
  const bool convAdd = isUnclampedConvAdd(conv);
  if (!convAdd && !isConv2d(conv)) return false;
  std::optional<Clamp> c = clampOf(act);
  if (!c || !fusable(conv, act, c->inPlace) || !JS_OPT_ALLOWED) return false;
  GRAPH_UPDATE("fusing ", jitlog::nodeString(*act), " into ", jitlog::nodeString(*conv));
  if (convAdd) boundConvAdd(conv, act, *c);
  else fuseIntoConv(conv, act, *c);
  return true;
}

}  // namespace

bool FuseConvClamp(Graph& graph) {
  const bool changed = foldEachNode(graph.block(), fuseOne);
  if (changed) GRAPH_DUMP("after fuse_conv_clamp", graph);
  return changed;
}

}  // namespace jitserve
