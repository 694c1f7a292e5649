#include "compiler/passes/device_placement.h"

#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "compiler/passes/jit_log.h"
#include "runtime/core/operator.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"
#include "runtime/ir/ivalue_constant.h"

namespace jitserve {
namespace {

using Place = std::optional<Device>;  // nullopt: the rules cannot say

bool carriesTensors(const TypePtr& t) {
  switch (t->kind()) {
    case TypeKind::TensorType:
    case TypeKind::ClassType:
    case TypeKind::InterfaceType:
    case TypeKind::AnyType:
    case TypeKind::AnyClassType:
      return true;
    default:
      break;
  }
  for (const TypePtr& c : t->containedTypes()) {
    if (carriesTensors(c)) return true;
  }
  return false;
}

// Whether a declared schema type holds tensors. A type variable (t, t[])
// does not: an operator generic over its element type (list append, `is`,
// list concatenation) moves values without reading a tensor's data.
bool declaresTensors(const TypePtr& t) {
  if (t->kind() == TypeKind::TensorType) return true;
  for (const TypePtr& c : t->containedTypes()) {
    if (declaresTensors(c)) return true;
  }
  return false;
}

bool readsTensorData(const Operator& op) {
  for (const Argument& a : op.schema().arguments) {
    if (declaresTensors(a.type)) return true;
  }
  return false;
}

// Where a set of tensor-carrying values runs: the first device off the CPU,
// else the CPU when all are known to be there.
struct Join {
  bool any = false;  // some value carries tensors
  bool unknown = false;
  Place offHost;
  void add(const Place& p) {
    any = true;
    if (!p) {
      unknown = true;
    } else if (!p->isCPU() && !offHost) {
      offHost = p;
    }
  }
  Place place() const {
    if (offHost) return offHost;
    if (unknown || !any) return std::nullopt;
    return Device::cpu();
  }
};

// Nodes the interpreter runs itself: never judged as operators.
bool interpreterNode(Symbol k) {
  return k == prim::Constant || k == prim::GetAttr || k == prim::SetAttr || k == prim::CallFunction ||
         k == prim::CallMethod || k == prim::If || k == prim::Loop || k == prim::ListConstruct ||
         k == prim::ListUnpack || k == prim::TupleConstruct || k == prim::TupleUnpack ||
         k == prim::TupleIndex || k == prim::DictConstruct || k == prim::RaiseException || k == prim::Print ||
         k == prim::Uninitialized || k == prim::Enter || k == prim::Exit || k == prim::Guard ||
         k == prim::profile || k == aten::wait || k == prim::fork;
}

class Placement {
 public:
  Placement(Graph& graph, const DevicePlacementOptions& options)
      : options_(options),
        registry_(options.registry ? *options.registry : currentOperatorRegistry()) {
    for (Value* in : graph.inputs()) {
      if (!carriesTensors(in->type())) continue;
      const auto* t = in->type()->cast<TensorType>();
      places_[in] = t && t->device() ? *t->device() : options_.device;
    }
    visitBlock(graph.block());
  }

  std::vector<UnservedOperator> unserved;

 private:
  Place placeOf(const Value* v) const {
    auto it = places_.find(v);
    return it == places_.end() ? std::nullopt : it->second;
  }
  void setOutputs(Node* n, const Place& p) {
    for (Value* out : n->outputs()) {
      if (carriesTensors(out->type())) places_[out] = p;
    }
  }
  Join joinInputs(const Node* n) const {
    Join j;
    for (const Value* in : n->inputs()) {
      if (carriesTensors(in->type())) j.add(placeOf(in));
    }
    return j;
  }

  void visitBlock(Block* b) {
    for (Node* n : b->nodes()) visitNode(n);
  }

  void visitNode(Node* n) {
    const Symbol k = n->kind();
    if (k == prim::Constant) {
      std::optional<IValue> v = constantNodeValue(*n);
      if (v && v->isTensor()) {
        places_[n->output()] = options_.tensorConstantsOnDevice ? options_.device : v->toTensor().device();
      }
      if (v && v->isDevice()) devices_[n->output()] = v->toDevice();
      return;
    }
    if (k == prim::If) {
      for (Block* sub : n->blocks()) visitBlock(sub);
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        Value* out = n->outputs()[i];
        if (!carriesTensors(out->type())) continue;
        Place p = placeOf(n->blocks()[0]->outputs()[i]);
        for (size_t b = 1; b < n->blocks().size() && p; ++b) {
          if (placeOf(n->blocks()[b]->outputs()[i]) != p) p = std::nullopt;
        }
        places_[out] = p;
      }
      return;
    }
    if (k == prim::Loop) {
      visitLoop(n);
      return;
    }
    if (k == prim::device && n->inputs().size() == 1) {
      if (Place p = placeOf(n->input(0))) devices_[n->output()] = *p;
      return;
    }
    for (Block* sub : n->blocks()) visitBlock(sub);
    const Join inputs = joinInputs(n);
    const Operator* op = nullptr;
    if (!interpreterNode(k)) {
      std::vector<TypePtr> in, out;
      for (const Value* v : n->inputs()) in.push_back(v->type());
      for (const Value* v : n->outputs()) out.push_back(v->type());
      op = registry_.findMatchingOperator(k.toQualString(), in, out);
    }
    const Place runsOn = inputs.place();
    if (recording_ && op && runsOn && !runsOn->isCPU() && !op->isDeviceGeneric() && !op->hasKernelFor(runsOn->type) &&
        readsTensorData(*op)) {
      unserved.push_back({n, op, *runsOn});
    }
    setOutputs(n, resultPlace(n, op, inputs));
  }

  // Where the node's tensor results are (see the header's rules).
  Place resultPlace(const Node* n, const Operator* op, const Join& inputs) const {
    const std::string_view k = n->kind().toQualString();
    if (k == "aten::cpu" || k == "jitserve::fallback_to_cpu") return Device::cpu();
    if (k == "aten::cuda") return options_.device.isCUDA() ? options_.device : Device(DeviceType::CUDA, 0);
    if (op) {
      const auto& args = op->schema().arguments;
      for (size_t i = 0; i < args.size() && i < n->inputs().size(); ++i) {
        const Value* in = n->inputs()[i];
        if (args[i].name == "device") {
          if (in->type()->kind() == TypeKind::NoneType) continue;
          auto d = devices_.find(in);
          return d == devices_.end() ? std::nullopt : Place(d->second);
        }
        if ((k == "aten::to" || k == "aten::type_as") && args[i].name == "other") return placeOf(in);
      }
    }
    if (!inputs.any) return Device::cpu();  // a factory without device=
    return inputs.place();
  }

  void visitLoop(Node* n) {
    // inputs: max trip count, condition, carried...; body inputs: iteration,
    // carried...; body outputs: condition, carried...
    Block* body = n->blocks()[0];
    const size_t carried = n->outputs().size();
    for (size_t i = 0; i < carried; ++i) {
      if (carriesTensors(body->inputs()[i + 1]->type())) places_[body->inputs()[i + 1]] = placeOf(n->inputs()[i + 2]);
    }
    // A first walk (not judging) sees what one iteration makes of the
    // carried values; the second judges with what it learnt.
    const bool outer = recording_;
    for (int pass = 0; pass < 2; ++pass) {
      recording_ = outer && pass == 1;
      visitBlock(body);
      for (size_t i = 0; i < carried; ++i) {
        Value* bin = body->inputs()[i + 1];
        if (!carriesTensors(bin->type())) continue;
        if (placeOf(body->outputs()[i + 1]) != placeOf(n->inputs()[i + 2])) places_[bin] = std::nullopt;
      }
    }
    recording_ = outer;
    for (size_t i = 0; i < carried; ++i) {
      if (carriesTensors(n->outputs()[i]->type())) places_[n->outputs()[i]] = placeOf(body->inputs()[i + 1]);
    }
  }

  const DevicePlacementOptions& options_;
  const OperatorRegistry& registry_;
  std::unordered_map<const Value*, Place> places_;
  std::unordered_map<const Value*, Device> devices_;  // Device-typed values known statically
  bool recording_ = true;  // off while a loop body is walked to settle its carried values
};

// Whether a fallback copy can carry a value of type t: no tensors, or a
// Tensor, Tensor[] or Tensor?.
bool movable(const TypePtr& t) {
  if (!carriesTensors(t) || t->isa<TensorType>()) return true;
  if (const auto* l = t->cast<ListType>()) return l->elementType()->isa<TensorType>();
  if (const auto* o = t->cast<OptionalType>()) return o->elementType()->isa<TensorType>();
  return false;
}

// Why the operator cannot run on copies, or "" when it can.
std::string whyNoFallback(const UnservedOperator& u) {
  const FunctionSchema& s = u.op->schema();
  for (const Argument& a : s.arguments) {
    if (a.isWrite()) return absl::StrCat("it writes to its argument '", a.name, "'");
  }
  for (const Argument& r : s.returns) {
    if (r.alias) return "it returns a view of an argument";
  }
  for (const Value* v : u.node->inputs()) {
    if (!movable(v->type())) return absl::StrCat("its tensors travel in a ", v->type()->str());
  }
  for (const Value* v : u.node->outputs()) {
    if (!movable(v->type())) return absl::StrCat("it returns tensors in a ", v->type()->str());
  }
  return "";
}

Symbol fallbackSymbol(std::string_view name) { return Symbol::fromNamespaceAndName("jitserve", name); }

void insertFallback(Graph& graph, const UnservedOperator& u) {
  Node* n = u.node;
  const Symbol toCpu = fallbackSymbol("fallback_to_cpu");
  const Symbol toDevice = fallbackSymbol("fallback_to_device");
  // The overloads (Tensor, Tensor?, Tensor[]) are told apart by type when
  // the plan is built.
  for (size_t i = 0; i < n->inputs().size(); ++i) {
    Value* in = n->inputs()[i];
    if (!carriesTensors(in->type())) continue;
    Node* copy = graph.create(toCpu, {in}, 1);
    copy->output()->setType(in->type());
    copy->setSourceRange(n->sourceRange());
    copy->insertBefore(n);
    n->replaceInput(i, copy->output());
  }
  Value* device = nullptr;
  for (Value* out : n->outputs()) {
    if (!carriesTensors(out->type())) continue;
    if (!device) {
      WithInsertPoint at(n->next());
      device = insertConstant(graph, IValue(u.device), n->sourceRange());
    }
    Node* back = graph.create(toDevice, {out, device}, 1);
    back->output()->setType(out->type());
    back->setSourceRange(n->sourceRange());
    back->insertAfter(device->node());
    out->replaceAllUsesWith(back->output());
    back->replaceInput(0, out);
  }
}

void collectFallbacks(const Block* b, std::set<std::string>& out) {
  for (const Node* n : b->nodes()) {
    for (const Block* sub : n->blocks()) collectFallbacks(sub, out);
    for (const Value* in : n->inputs()) {
      if (in->node()->kind().toQualString() == "jitserve::fallback_to_cpu") {
        out.insert(std::string(n->kind().toQualString()));
        break;
      }
    }
  }
}

}  // namespace

std::vector<std::string> CpuFallbackOperators(const Graph& graph) {
  std::set<std::string> names;
  collectFallbacks(graph.block(), names);
  return {names.begin(), names.end()};
}

std::string UnservedOperator::describe() const {
  std::string s(op->schema().operatorName());
  const SourceRange& r = node->sourceRange();
  if (r.valid()) absl::StrAppend(&s, " (at ", r.locationString(), ")");
  return s;
}

std::vector<UnservedOperator> FindUnservedOperators(Graph& graph, const DevicePlacementOptions& options) {
  if (options.device.isCPU()) return {};
  Placement p(graph, options);
  return std::move(p.unserved);
}

absl::StatusOr<bool> PlaceOnDevice(Graph& graph, const DevicePlacementOptions& options) {
  std::vector<UnservedOperator> unserved = FindUnservedOperators(graph, options);
  if (unserved.empty()) return false;
  const std::string device = options.device.str();
  if (!options.cpuFallback) {
    std::vector<std::string> names;
    for (const UnservedOperator& u : unserved) names.push_back(u.describe());
    return absl::FailedPreconditionError(absl::StrCat(unserved.size(), " operator(s) have no ", device,
                                                      " kernel: ", absl::StrJoin(names, ", "),
                                                      " (a CPU fallback would run them on the host)"));
  }
  std::vector<std::string> refused;
  for (const UnservedOperator& u : unserved) {
    std::string why = whyNoFallback(u);
    if (!why.empty()) refused.push_back(absl::StrCat(u.describe(), ": ", why));
  }
  if (!refused.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(refused.size(), " operator(s) have no ", device,
                                                      " kernel and cannot fall back to the CPU: ",
                                                      absl::StrJoin(refused, "; ")));
  }
  for (const UnservedOperator& u : unserved) {
    GRAPH_UPDATE("CPU fallback for ", jitlog::nodeString(*u.node));
    insertFallback(graph, u);
  }
  return true;
}

}  // namespace jitserve
