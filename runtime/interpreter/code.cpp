// Graph -> Code. See code.h for the contract and opcodes.h for the
// instructions. The builder walks the structured graph once, in order,
// allocating one register per non-constant value and consulting the
// last-use analysis (liveness.h) to choose MOVE over LOAD and to release
// registers that die on one side of a branch or after a loop.
//
// Control-flow layouts:
//
//   prim::If                      prim::Loop (regs L: i, max, cond)
//     <cond> JF else                <max> <cond> STOREN L+1 2; LOADC 0; STORE L
//     <then> <outs> STORE.. JMP end <inits> STOREN carried
//   else:                         head:
//     <else> <outs> STORE..           LOOP L exit [STORE %i]
//   end:                              <body> <cond'> <carried'> STOREN carried; STORE L+2
//                                     LOOP_BACK head
//                                   exit:
// A loop's carried body parameters and its outputs share registers, so the
// final carried values are the loop's results without copies.
#include "runtime/interpreter/code.h"

#include <algorithm>
#include <sstream>

#include "absl/container/flat_hash_map.h"
#include "runtime/ir/ir.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/constant_value.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/interpreter/liveness.h"
#include "runtime/interpreter/memory_planner.h"
#include "runtime/interpreter/profiling_record.h"

namespace jitserve {

namespace {

// Inline scalars hold no reference: releasing their register early buys nothing.
bool holdsReference(const Value* v) {
  switch (v->type()->kind()) {
    case TypeKind::IntType:
    case TypeKind::FloatType:
    case TypeKind::BoolType:
    case TypeKind::NoneType:
    case TypeKind::DeviceObjType:
      return false;
    default:
      return true;
  }
}

bool isForkKind(Symbol k) {
  if (k == prim::fork) return true;
  const std::string_view s = k.toQualString();
  return s.rfind("prim::fork_", 0) == 0;
}

std::string describeCall(const Node* n) {
  std::ostringstream os;
  os << n->kind().toQualString() << "(";
  for (size_t i = 0; i < n->inputs().size(); ++i) os << (i ? ", " : "") << n->inputs()[i]->type()->str();
  os << ")";
  if (!n->outputs().empty()) {
    os << " -> ";
    if (n->outputs().size() != 1) os << "(";
    for (size_t i = 0; i < n->outputs().size(); ++i) os << (i ? ", " : "") << n->outputs()[i]->type()->str();
    if (n->outputs().size() != 1) os << ")";
  }
  return os.str();
}

std::string locationOf(const Node* n) {
  const SourceRange& r = n->sourceRange();
  if (!r.valid()) return "";
  if (r.hasText()) return r.highlight();
  return r.locationString();
}

}  // namespace

class CodeBuilder {
 public:
  CodeBuilder(Code& code, const Graph& graph, const CodeOptions& options)
      : code_(code),
        graph_(graph),
        options_(options),
        registry_(options.registry ? *options.registry : currentOperatorRegistry()),
        live_(computeLiveness(graph)) {}

  void build() {
    const Block* top = graph_.block();
    code_.numInputs_ = top->inputs().size();
    code_.numOutputs_ = top->outputs().size();
    for (const Value* in : top->inputs()) allocate(in);
    if (!top->inputs().empty()) storeRange(0, top->inputs().size(), nullptr);
    emitDrops(live_.dropOnEntry[top], nullptr);
    emitBlockNodes(top);
    pushValues(top->outputs(), [&](size_t i) { return live_.isMoveOutput(top, i); }, nullptr);
    emit(OpCode::RET, 0, 0, 0, nullptr);
    code_.numRegisters_ = static_cast<size_t>(nextReg_);
    code_.maxStackDepth_ = maxDepth_;
    code_.profile_ = options_.profile;
    code_.guards_ = options_.guards;
    if (numPlanned_ > 0) code_.memoryPlanner_ = std::make_unique<MemoryPlanner>(numPlanned_);
  }

 private:
  // Registers -----------------------------------------------------------------------

  int32_t allocate(const Value* v) {
    auto pre = preassigned_.find(v);
    const int32_t r = pre != preassigned_.end() ? pre->second : nextReg_++;
    regs_[v] = r;
    return r;
  }
  int32_t allocateRange(size_t n) {
    const int32_t r = nextReg_;
    nextReg_ += static_cast<int32_t>(n);
    return r;
  }
  int32_t reg(const Value* v) const {
    auto it = regs_.find(v);
    JS_INTERNAL_ASSERT(it != regs_.end(), "value %", v->debugName(), " used before it has a register");
    return it->second;
  }

  // Emission ------------------------------------------------------------------------

  size_t emit(OpCode op, int32_t X, uint32_t N, int32_t Y, const Node* n) {
    JS_INTERNAL_ASSERT(N <= 0xffff, "instruction operand N out of range: ", N);
    Instruction in{op, 0, static_cast<uint16_t>(N), X, Y};
    code_.instructions_.push_back(in);
    code_.instructionSource_.push_back(n ? sourceIndex(n) : -1);
    return code_.instructions_.size() - 1;
  }

  int32_t sourceIndex(const Node* n) {
    auto it = sourceIndex_.find(n);
    if (it != sourceIndex_.end()) return it->second;
    const int32_t idx = static_cast<int32_t>(code_.sources_.size());
    code_.sources_.push_back(InstructionSource{std::string(n->kind().toQualString()), locationOf(n)});
    sourceIndex_[n] = idx;
    return idx;
  }

  // Makes instruction `at` (a forward jump) land on the next instruction.
  void patchJumpHere(size_t at) {
    code_.instructions_[at].X = static_cast<int32_t>(code_.instructions_.size() - (at + 1));
  }

  void pushValue(const Value* v, bool move, const Node* n) {
    if (isConstantValue(v)) {
      emit(OpCode::LOADC, constantIndex(v), 0, 0, n);
    } else {
      emit(move ? OpCode::MOVE : OpCode::LOAD, reg(v), 0, 0, n);
    }
  }

  template <typename IsMove>
  void pushValues(const std::vector<Value*>& vs, IsMove isMove, const Node* n) {
    for (size_t i = 0; i < vs.size(); ++i) pushValue(vs[i], isMove(i), n);
    noteDepth(vs.size());
  }

  void pushInputs(const Node* n) {
    pushValues(n->inputs(), [&](size_t i) { return live_.isMove(n, i); }, n);
  }

  void noteDepth(size_t d) { maxDepth_ = std::max(maxDepth_, d); }

  // Pops `count` values into registers first..first+count-1.
  void storeRange(int32_t first, size_t count, const Node* n) {
    if (count == 1) {
      emit(OpCode::STORE, first, 0, 0, n);
    } else if (count > 1) {
      emit(OpCode::STOREN, first, static_cast<uint32_t>(count), 0, n);
    }
  }

  // Pops the node's outputs (last output on top) into fresh registers,
  // dropping the ones nobody reads.
  void storeOutputs(const Node* n) {
    const auto& outs = n->outputs();
    noteDepth(outs.size());
    bool simple = true;
    for (const Value* o : outs) simple &= !live_.unused.contains(o) && !preassigned_.contains(o);
    if (simple) {
      const int32_t first = allocateRange(outs.size());
      for (size_t i = 0; i < outs.size(); ++i) regs_[outs[i]] = first + static_cast<int32_t>(i);
      storeRange(first, outs.size(), n);
      return;
    }
    for (size_t i = outs.size(); i-- > 0;) {
      if (live_.unused.contains(outs[i])) {
        emit(OpCode::DROP, 0, 0, 0, n);
      } else {
        emit(OpCode::STORE, allocate(outs[i]), 0, 0, n);
      }
    }
  }

  // Stores values on the stack into existing registers `dests` (in order).
  void storeInto(const std::vector<int32_t>& dests, const Node* n) {
    bool consecutive = true;
    for (size_t i = 1; i < dests.size(); ++i) consecutive &= dests[i] == dests[0] + static_cast<int32_t>(i);
    if (consecutive && !dests.empty()) {
      storeRange(dests[0], dests.size(), n);
      return;
    }
    for (size_t i = dests.size(); i-- > 0;) emit(OpCode::STORE, dests[i], 0, 0, n);
  }

  void emitDrops(const std::vector<const Value*>& vs, const Node* n) {
    for (const Value* v : vs) {
      if (holdsReference(v) && !isConstantValue(v)) emit(OpCode::DROPR, reg(v), 0, 0, n);
    }
  }

  // Tables ---------------------------------------------------------------------------

  int32_t constantIndex(const Value* v) {
    auto it = constIndex_.find(v);
    if (it != constIndex_.end()) return it->second;
    const Node* n = v->node();
    IValue value;
    if (n->kind() == prim::Uninitialized) {
      value = IValue::uninitialized();
    } else if (n->hasAttribute(attr::name) && v->type()->isa<FunctionType>()) {
      value = IValue(resolveFunction(n));
    } else {
      try {
        value = constantValue(*n);
      } catch (const Error& e) {
        JS_ERROR("cannot load constant %", v->debugName(), ": ", e.message(), locationSuffix(n));
      }
    }
    const int32_t idx = static_cast<int32_t>(code_.constants_.size());
    code_.constants_.push_back(std::move(value));
    constIndex_[v] = idx;
    return idx;
  }

  int32_t typeIndex(TypePtr t) {
    code_.types_.push_back(std::move(t));
    return static_cast<int32_t>(code_.types_.size() - 1);
  }

  int32_t nameIndex(const std::string& s) {
    auto it = nameIndex_.find(s);
    if (it != nameIndex_.end()) return it->second;
    code_.names_.push_back(s);
    const int32_t idx = static_cast<int32_t>(code_.names_.size() - 1);
    nameIndex_[s] = idx;
    return idx;
  }

  int32_t functionIndex(Function* fn) {
    code_.functions_.push_back(fn);
    return static_cast<int32_t>(code_.functions_.size() - 1);
  }

  static std::string locationSuffix(const Node* n) {
    const std::string loc = locationOf(n);
    return loc.empty() ? "" : "\n" + loc;
  }

  Function* resolveFunction(const Node* constant) {
    const std::string& name = constant->s(attr::name);
    Function* fn = options_.functionResolver ? options_.functionResolver(name) : nullptr;
    JS_CHECK(fn != nullptr, "cannot call function '", name,
             "': its definition is not available (the graph only names it)", locationSuffix(constant));
    return fn;
  }

  // Nodes ----------------------------------------------------------------------------

  void emitBlockNodes(const Block* b) {
    for (const Node* n : b->nodes()) {
      emitNode(n);
      auto it = live_.dropAfter.find(n);
      if (it != live_.dropAfter.end()) emitDrops(it->second, n);
    }
  }

  void emitNode(const Node* n) {
    const Symbol k = n->kind();
    if (k == prim::Constant || k == prim::Uninitialized) return;  // pushed at each use
    if (k == prim::If) return emitIf(n);
    if (k == prim::Loop) return emitLoop(n);
    if (isForkKind(k)) return emitFork(n);
    if (k == prim::profile) return emitProfile(n);
    if (k == prim::Guard) return emitGuard(n);

    if (k == prim::ListConstruct) {
      pushInputs(n);
      const TypePtr& t = unwrapOptional(n->output()->type());
      TypePtr elem = t->isa<ListType>() ? t->expect<ListType>().elementType() : AnyType::get();
      emit(OpCode::LIST_CONSTRUCT, typeIndex(elem), n->inputs().size(), 0, n);
    } else if (k == prim::ListUnpack) {
      pushInputs(n);
      emit(OpCode::LIST_UNPACK, 0, n->outputs().size(), 0, n);
    } else if (k == prim::TupleConstruct) {
      pushInputs(n);
      const TypePtr& t = n->output()->type();
      const bool named = t->isa<TupleType>() && t->expect<TupleType>().isNamed();
      emit(OpCode::TUPLE_CONSTRUCT, named ? typeIndex(t) : -1, n->inputs().size(), 0, n);
    } else if (k == prim::TupleUnpack) {
      pushInputs(n);
      emit(OpCode::TUPLE_UNPACK, 0, n->outputs().size(), 0, n);
    } else if (k == prim::TupleIndex) {
      pushInputs(n);
      emit(OpCode::TUPLE_INDEX, 0, 0, 0, n);
    } else if (k == prim::TupleSlice) {
      pushInputs(n);
      const int64_t beg = n->i(Symbol::attr("beg"));
      const int64_t end = n->i(Symbol::attr("end"));
      JS_CHECK(beg >= 0 && end >= beg && end <= 0xffff, "prim::TupleSlice: bad bounds");
      emit(OpCode::TUPLE_SLICE, static_cast<int32_t>(beg), static_cast<uint32_t>(end), 0, n);
    } else if (k == prim::DictConstruct) {
      pushInputs(n);
      const TypePtr& t = unwrapOptional(n->output()->type());
      JS_CHECK(t->isa<DictType>(), "prim::DictConstruct must produce a Dict, not ", t->str());
      emit(OpCode::DICT_CONSTRUCT, typeIndex(t), n->inputs().size(), 0, n);
    } else if (k == prim::CreateObject) {
      const TypePtr& t = n->output()->type();
      JS_CHECK(t->isa<ClassType>(), "prim::CreateObject must produce a class instance, not ", t->str());
      emit(OpCode::CREATE_OBJECT, typeIndex(t), 0, 0, n);
    } else if (k == prim::GetAttr || k == prim::SetAttr) {
      emitAttr(n);
    } else if (k == prim::isinstance) {
      pushInputs(n);
      const auto& types = n->tys(attr::types);
      JS_CHECK(!types.empty(), "prim::isinstance without types");
      const int32_t first = static_cast<int32_t>(code_.types_.size());
      for (const TypePtr& t : types) typeIndex(t);
      emit(OpCode::ISINSTANCE, first, types.size(), 0, n);
    } else if (k == prim::unchecked_cast) {
      pushInputs(n);  // a static refinement: nothing to do at run time
    } else if (k == prim::RaiseException) {
      JS_CHECK(!n->inputs().empty() && n->inputs().size() <= 2, "prim::RaiseException takes a message and an optional class name");
      pushInputs(n);
      emit(OpCode::RAISE_EXCEPTION, 0, n->inputs().size() == 2 ? 1 : 0, 0, n);
    } else if (k == prim::Print) {
      pushInputs(n);
      emit(OpCode::PRINT, 0, n->inputs().size(), 0, n);
    } else if (k == prim::CallFunction) {
      emitCallFunction(n);
    } else if (k == prim::CallMethod) {
      pushInputs(n);
      const std::string& name = n->s(attr::name);
      const TypePtr& selfType = n->input(0)->type();
      Function* fn = nullptr;
      if (auto* cls = selfType->cast<ClassType>()) fn = cls->findMethod(name);
      if (fn) {
        checkArity(fn, n->inputs().size(), n);
        emit(OpCode::CALL, functionIndex(fn), n->inputs().size(), 0, n);
      } else {
        emit(OpCode::CALL_METHOD, nameIndex(name), n->inputs().size(), 0, n);
      }
    } else if (k == aten::wait) {
      pushInputs(n);
      emit(OpCode::WAIT, 0, 0, 0, n);
    } else if (k == prim::Enter) {
      pushInputs(n);
      emit(OpCode::ENTER, 0, 0, 0, n);
    } else if (k == prim::Exit) {
      pushInputs(n);
      emit(OpCode::EXIT, 0, 0, 0, n);
    } else {
      emitOperator(n);
    }
    storeOutputs(n);
  }

  void emitOperator(const Node* n) {
    std::vector<TypePtr> in, out;
    for (const Value* v : n->inputs()) in.push_back(v->type());
    for (const Value* v : n->outputs()) out.push_back(v->type());
    const Operator* op = registry_.findMatchingOperator(n->kind().toQualString(), in, out);
    JS_CHECK(op != nullptr, "unsupported operator ", describeCall(n), locationSuffix(n));
    pushInputs(n);
    if (plannable(n, *op)) emit(OpCode::PLAN, numPlanned_++, 0, 0, n);
    const bool vararg = op->schema().isVararg;
    // The kernel: the CPU's, unless the operator has kernels for other
    // devices too; then the one for the device the input types name (a
    // specialized plan), or a choice at run time from the arguments.
    Kernel kernel = op->kernel();
    if (op->dispatchesByDevice()) {
      const std::optional<DeviceType> dev = staticDevice(n);
      kernel = dev ? op->kernelFor(*dev).fn : nullptr;
    }
    if (kernel) {
      const int32_t idx = kernelIndex(op, kernel);
      if (vararg) {
        emit(OpCode::OPN, idx, n->inputs().size(), 0, n);
      } else {
        emit(OpCode::OP, idx, 0, 0, n);
      }
    } else {
      emit(OpCode::OPX, operatorIndex(op), n->inputs().size(), vararg ? 1 : 0, n);
    }
  }

  // An operator outside loops (it runs at most once per run, and slots
  // numbered in emission order are reached in increasing order: an If runs
  // one of its blocks) returning one fresh Tensor (not a view or an
  // in-place result: those allocate nothing).
  bool plannable(const Node* n, const Operator& op) const {
    if (!options_.planMemory || n->outputs().size() != 1) return false;
    for (const Node* owner = n->owningBlock()->owningNode(); owner; owner = owner->owningBlock()->owningNode()) {
      if (owner->kind() != prim::If) return false;
    }
    if (!n->output()->type()->isa<TensorType>()) return false;
    const auto& returns = op.schema().returns;
    return returns.size() == 1 && !returns[0].alias;
  }

  // Where the node's tensor inputs live, when their types all say so: the
  // first device other than the CPU among them, or the CPU when every
  // tensor input is typed as on the CPU.
  static std::optional<DeviceType> staticDevice(const Node* n) {
    bool sawTensor = false;
    for (const Value* v : n->inputs()) {
      const auto* t = v->type()->cast<TensorType>();
      if (!t) {
        if (v->type()->isa<ListType>() || v->type()->isa<OptionalType>()) return std::nullopt;
        continue;
      }
      if (!t->device()) return std::nullopt;
      if (t->device()->type != DeviceType::CPU) return t->device()->type;
      sawTensor = true;
    }
    return sawTensor ? std::optional<DeviceType>(DeviceType::CPU) : std::nullopt;
  }

  int32_t kernelIndex(const Operator* op, Kernel kernel) {
    auto it = kernelIndex_.find(kernel);
    if (it != kernelIndex_.end()) return it->second;
    code_.kernels_.push_back(kernel);
    code_.kernelNames_.push_back(op->schema().operatorName());
    const int32_t idx = static_cast<int32_t>(code_.kernels_.size() - 1);
    kernelIndex_[kernel] = idx;
    return idx;
  }

  int32_t operatorIndex(const Operator* op) {
    auto it = operatorIndex_.find(op);
    if (it != operatorIndex_.end()) return it->second;
    code_.operators_.push_back(op);
    const int32_t idx = static_cast<int32_t>(code_.operators_.size() - 1);
    operatorIndex_[op] = idx;
    return idx;
  }

  void emitAttr(const Node* n) {
    const std::string& name = n->s(attr::name);
    const TypePtr& objType = n->input(0)->type();
    std::optional<size_t> slot;
    if (auto* cls = objType->cast<ClassType>()) {
      slot = cls->findAttributeSlot(name);
      if (!slot && cls->isOpen()) {
        // A class known only from IR text: its attributes are the ones the
        // graph uses, typed as the graph uses them.
        const TypePtr& t = n->kind() == prim::GetAttr ? n->output()->type() : n->input(1)->type();
        slot = cls->addAttribute(name, t);
      }
      JS_CHECK(slot.has_value(), "'", cls->name(), "' object has no attribute '", name, "'", locationSuffix(n));
    }
    pushInputs(n);
    const bool get = n->kind() == prim::GetAttr;
    if (slot) {
      emit(get ? OpCode::GET_SLOT : OpCode::SET_SLOT, static_cast<int32_t>(*slot), 0, 0, n);
    } else {
      emit(get ? OpCode::GET_ATTR : OpCode::SET_ATTR, nameIndex(name), 0, 0, n);
    }
  }

  void emitCallFunction(const Node* n) {
    const Value* callee = n->input(0);
    JS_CHECK(callee->node()->kind() == prim::Constant && callee->node()->hasAttribute(attr::name),
             "prim::CallFunction on a function value that is not a constant is not supported", locationSuffix(n));
    Function* fn = resolveFunction(callee->node());
    const auto& ins = n->inputs();
    checkArity(fn, ins.size() - 1, n);
    for (size_t i = 1; i < ins.size(); ++i) pushValue(ins[i], live_.isMove(n, i), n);
    noteDepth(ins.size());
    emit(OpCode::CALL, functionIndex(fn), ins.size() - 1, 0, n);
  }

  // A frame takes exactly its schema's arguments off the caller's stack.
  static void checkArity(Function* fn, size_t given, const Node* n) {
    const FunctionSchema& schema = fn->schema();
    JS_CHECK(schema.isVararg ? given >= schema.arguments.size() : given == schema.arguments.size(),
             fn->qualifiedName(), "() takes ", schema.arguments.size(), " arguments but ", given, " were given",
             locationSuffix(n));
  }

  void emitFork(const Node* n) {
    const GraphPtr& sub = n->g(attr::Subgraph);
    auto fn = std::make_unique<GraphFunction>(std::string(n->kind().toQualString()), sub, std::nullopt, options_);
    const int32_t fnIdx = functionIndex(fn.get());
    code_.ownedFunctions_.push_back(std::move(fn));
    pushInputs(n);
    const TypePtr& t = n->output()->type();
    TypePtr elem = t->isa<FutureType>() ? t->expect<FutureType>().elementType() : AnyType::get();
    emit(OpCode::FORK, fnIdx, n->inputs().size(), typeIndex(elem), n);
    storeOutputs(n);
  }

  // prim::profile[slot=k](%v): record %v's type (profiling_record.h).
  void emitProfile(const Node* n) {
    JS_CHECK(n->inputs().size() == 1 && n->outputs().empty() && n->hasAttribute(Symbol::attr("slot")),
             "prim::profile takes one value, has no outputs and names its slot", locationSuffix(n));
    const int64_t slot = n->i(Symbol::attr("slot"));
    JS_CHECK(options_.profile && slot >= 0 && static_cast<size_t>(slot) < options_.profile->size(),
             "prim::profile slot ", slot, " has no ProfilingRecord slot to record into", locationSuffix(n));
    pushInputs(n);
    emit(OpCode::PROFILE, static_cast<int32_t>(slot), 0, 0, n);
  }

  // %v2 = prim::Guard[profiled_type=T, guard=k](%v, %live...): on success %v2
  // is %v; on failure the frame returns what guard k's continuation (the
  // rest of the unoptimized graph, taking %v and the live values; see
  // GuardContext) returns. GUARD calls it and falls into the RET after it,
  // which success skips.
  void emitGuard(const Node* n) {
    const Symbol guardAttr = Symbol::attr("guard");
    JS_CHECK(!n->inputs().empty() && n->outputs().size() == 1 && n->hasAttribute(attr::profiled_type) &&
                 n->hasAttribute(guardAttr),
             "prim::Guard needs a value, one output, and profiled_type and guard attributes", locationSuffix(n));
    const TypePtr& t = n->ty(attr::profiled_type);
    JS_CHECK(t->isa<TensorType>(), "prim::Guard checks tensor types, not ", t->str(), locationSuffix(n));
    const int64_t guard = n->i(guardAttr);
    JS_CHECK(options_.guards && guard >= 0 && static_cast<size_t>(guard) < options_.guards->numGuards(),
             "prim::Guard ", guard, " has no GuardContext entry (only a profiling executor's plans have guards)",
             locationSuffix(n));
    JS_CHECK(n->owningBlock() == graph_.block(), "prim::Guard must be in the graph's top-level block",
             locationSuffix(n));
    pushInputs(n);
    emit(OpCode::GUARD, typeIndex(t), static_cast<uint32_t>(n->inputs().size()), static_cast<int32_t>(guard), n);
    emit(OpCode::RET, 0, 0, 0, n);
    storeOutputs(n);
  }

  // Pushes block b's outputs and stores them into `dests`.
  void emitBlockExit(const Block* b, const std::vector<int32_t>& dests, const Node* owner) {
    const auto& outs = b->outputs();
    pushValues(outs, [&](size_t i) { return live_.isMoveOutput(b, i); }, owner);
    storeInto(dests, owner);
  }

  void emitIf(const Node* n) {
    JS_CHECK(n->blocks().size() == 2, "prim::If must have two blocks");
    pushValue(n->input(0), live_.isMove(n, 0), n);
    // The If's outputs: fresh registers both branches store into; a branch
    // stores an output nobody reads into a scratch register (cheap, and it
    // keeps both paths uniform).
    const auto& outs = n->outputs();
    std::vector<int32_t> dests;
    for (const Value* o : outs) dests.push_back(allocate(o));
    const size_t jf = emit(OpCode::JF, 0, 0, 0, n);
    const Block* thenB = n->blocks()[0];
    const Block* elseB = n->blocks()[1];
    emitDrops(live_.dropOnEntry[thenB], n);
    emitBlockNodes(thenB);
    emitBlockExit(thenB, dests, n);
    const bool elseEmpty = elseB->nodes().empty() && elseB->outputs().empty() && live_.dropOnEntry[elseB].empty();
    if (elseEmpty) {
      patchJumpHere(jf);
    } else {
      const size_t jmp = emit(OpCode::JMP, 0, 0, 0, n);
      patchJumpHere(jf);
      emitDrops(live_.dropOnEntry[elseB], n);
      emitBlockNodes(elseB);
      emitBlockExit(elseB, dests, n);
      patchJumpHere(jmp);
    }
    for (const Value* o : outs) {
      if (live_.unused.contains(o) && holdsReference(o)) emit(OpCode::DROPR, reg(o), 0, 0, n);
    }
  }

  void emitLoop(const Node* n) {
    JS_CHECK(n->blocks().size() == 1, "prim::Loop must have one block");
    const Block* body = n->blocks()[0];
    const auto& ins = n->inputs();
    const auto& outs = n->outputs();
    JS_CHECK(ins.size() >= 2 && body->inputs().size() == ins.size() - 1 && body->outputs().size() == ins.size() - 1 &&
                 outs.size() == ins.size() - 2,
             "malformed prim::Loop: ", ins.size(), " inputs, ", body->inputs().size(), " block parameters, ",
             body->outputs().size(), " block outputs, ", outs.size(), " outputs");
    const int32_t L = allocateRange(3);  // trip count, max trips, condition
    pushValue(ins[0], live_.isMove(n, 0), n);
    pushValue(ins[1], live_.isMove(n, 1), n);
    emit(OpCode::STOREN, L + 1, 2, 0, n);
    emit(OpCode::LOADC, zeroConstant(), 0, 0, n);
    emit(OpCode::STORE, L, 0, 0, n);

    // Carried values: loop outputs and body parameters 1.. share registers.
    const size_t nc = outs.size();
    const int32_t carried = allocateRange(nc);
    std::vector<int32_t> carriedRegs;
    for (size_t i = 0; i < nc; ++i) {
      carriedRegs.push_back(carried + static_cast<int32_t>(i));
      regs_[outs[i]] = carried + static_cast<int32_t>(i);
      regs_[body->inputs()[i + 1]] = carried + static_cast<int32_t>(i);
    }
    for (size_t i = 2; i < ins.size(); ++i) pushValue(ins[i], live_.isMove(n, i), n);
    noteDepth(ins.size());
    storeRange(carried, nc, n);

    // Body results computed straight into their loop registers need no
    // copy at the back-edge (see coalesceLoopOutputs).
    const std::vector<bool> coalesced = coalesceLoopOutputs(body, L + 2, carried);

    const Value* iter = body->inputs()[0];
    const bool iterUsed = !isUnusedParam(body, iter);
    const size_t head = emit(OpCode::LOOP, L, iterUsed ? 1 : 0, 0, n);
    if (iterUsed) emit(OpCode::STORE, allocate(iter), 0, 0, n);
    std::vector<const Value*> entryDrops;
    for (const Value* v : live_.dropOnEntry[body]) {
      if (v != iter) entryDrops.push_back(v);
    }
    emitDrops(entryDrops, n);
    emitBlockNodes(body);
    const auto& bouts = body->outputs();
    std::vector<int32_t> dests;
    for (size_t i = 0; i < bouts.size(); ++i) {
      if (coalesced[i]) continue;
      pushValue(bouts[i], live_.isMoveOutput(body, i), n);
      dests.push_back(i == 0 ? L + 2 : carried + static_cast<int32_t>(i - 1));
    }
    noteDepth(dests.size());
    storeInto(dests, n);
    const size_t back = emit(OpCode::LOOP_BACK, 0, 0, 0, n);
    code_.instructions_[back].X = static_cast<int32_t>(head) - static_cast<int32_t>(back + 1);
    code_.instructions_[head].Y = static_cast<int32_t>(code_.instructions_.size() - (head + 1));
    for (size_t i = 0; i < nc; ++i) {
      if (live_.unused.contains(outs[i]) && holdsReference(outs[i])) emit(OpCode::DROPR, carriedRegs[i], 0, 0, n);
    }
  }

  // Decides which loop-body results can be computed directly into the
  // register they are carried in (output 0, the condition, into condReg;
  // output k > 0 into carried + k - 1, which body parameter k also uses).
  // That is safe when the result is defined by a node of the body itself
  // (not a parameter, constant or nested loop output), is returned only at
  // that position, and parameter k is not read after the defining node.
  std::vector<bool> coalesceLoopOutputs(const Block* body, int32_t condReg, int32_t carried) {
    const auto& bouts = body->outputs();
    std::vector<bool> result(bouts.size(), false);
    for (size_t i = 0; i < bouts.size(); ++i) {
      const Value* v = bouts[i];
      const Node* def = v->node();
      if (isConstantValue(v) || def->owningBlock() != body || def == body->paramNode() ||
          def->kind() == prim::Loop || preassigned_.contains(v)) {
        continue;
      }
      if (std::count(bouts.begin(), bouts.end(), v) != 1) continue;
      if (i > 0 && !paramDeadAfter(body, body->inputs()[i], def)) continue;
      preassigned_[v] = i == 0 ? condReg : carried + static_cast<int32_t>(i - 1);
      result[i] = true;
    }
    return result;
  }

  // True if no use of p (a parameter of `body`) comes after node `def`.
  static bool paramDeadAfter(const Block* body, const Value* p, const Node* def) {
    for (const Use& u : p->uses()) {
      if (u.user == body->returnNode()) return false;
      const Node* top = u.user;
      while (top->owningBlock() != body) top = top->owningBlock()->owningNode();
      if (top != def && !top->isBefore(def)) return false;
    }
    return true;
  }

  bool isUnusedParam(const Block* b, const Value* p) {
    const auto& d = live_.dropOnEntry[b];
    return std::find(d.begin(), d.end(), p) != d.end();
  }

  int32_t zeroConstant() {
    if (zeroConst_ < 0) {
      zeroConst_ = static_cast<int32_t>(code_.constants_.size());
      code_.constants_.emplace_back(int64_t{0});
    }
    return zeroConst_;
  }

  Code& code_;
  const Graph& graph_;
  const CodeOptions& options_;
  const OperatorRegistry& registry_;
  Liveness live_;
  absl::flat_hash_map<const Value*, int32_t> regs_;
  // Registers chosen for values before their definition (loop coalescing).
  absl::flat_hash_map<const Value*, int32_t> preassigned_;
  absl::flat_hash_map<const Value*, int32_t> constIndex_;
  absl::flat_hash_map<Kernel, int32_t> kernelIndex_;
  absl::flat_hash_map<const Operator*, int32_t> operatorIndex_;
  absl::flat_hash_map<std::string, int32_t> nameIndex_;
  absl::flat_hash_map<const Node*, int32_t> sourceIndex_;
  int32_t numPlanned_ = 0;
  int32_t nextReg_ = 0;
  int32_t zeroConst_ = -1;
  size_t maxDepth_ = 0;
};

std::shared_ptr<const Code> Code::create(const Graph& graph, const CodeOptions& options) {
  std::shared_ptr<Code> code(new Code());
  CodeBuilder(*code, graph, options).build();
  return code;
}

Code::~Code() = default;

const InstructionSource* Code::sourceOf(size_t pc) const {
  if (pc >= instructionSource_.size() || instructionSource_[pc] < 0) return nullptr;
  return &sources_[static_cast<size_t>(instructionSource_[pc])];
}

std::string Code::dump() const {
  std::ostringstream os;
  os << "Code: " << numInputs_ << " inputs, " << numOutputs_ << " outputs, " << numRegisters_ << " registers\n";
  for (size_t pc = 0; pc < instructions_.size(); ++pc) {
    const Instruction& in = instructions_[pc];
    os << pc << ": " << opCodeName(in.op);
    switch (in.op) {
      case OpCode::OP:
        os << " " << kernelNames_[in.X];
        break;
      case OpCode::OPN:
        os << " " << kernelNames_[in.X] << " n=" << in.N;
        break;
      case OpCode::OPX:
        os << " " << operators_[in.X]->schema().operatorName() << (in.Y ? " n=" + std::to_string(in.N) : "");
        break;
      case OpCode::LOADC:
        os << " " << constants_[in.X].repr();
        break;
      case OpCode::JMP:
      case OpCode::JF:
      case OpCode::LOOP_BACK:
        os << " -> " << static_cast<int64_t>(pc) + 1 + in.X;
        break;
      case OpCode::LOOP:
        os << " r" << in.X << (in.N ? " push" : "") << " exit -> " << static_cast<int64_t>(pc) + 1 + in.Y;
        break;
      case OpCode::GET_ATTR:
      case OpCode::SET_ATTR:
      case OpCode::CALL_METHOD:
        os << " " << names_[in.X] << (in.op == OpCode::CALL_METHOD ? " n=" + std::to_string(in.N) : "");
        break;
      case OpCode::PROFILE:
      case OpCode::PLAN:
        os << " slot=" << in.X;
        break;
      case OpCode::GUARD:
        os << " " << types_[in.X]->str() << " n=" << in.N << " guard=" << in.Y;
        break;
      case OpCode::CALL:
      case OpCode::FORK:
        os << " " << functions_[in.X]->qualifiedName() << " n=" << in.N;
        break;
      case OpCode::LOAD:
      case OpCode::MOVE:
      case OpCode::STORE:
      case OpCode::DROPR:
        os << " r" << in.X;
        break;
      case OpCode::STOREN:
        os << " r" << in.X << "..r" << in.X + in.N - 1;
        break;
      default:
        if (in.X || in.N) os << " X=" << in.X << " N=" << in.N;
        break;
    }
    os << "\n";
  }
  return os.str();
}

std::string_view opCodeName(OpCode op) {
  switch (op) {
#define JITSERVE_OPCODE_NAME(name, operands, doc) \
  case OpCode::name:                              \
    return #name;
    JITSERVE_FORALL_OPCODES(JITSERVE_OPCODE_NAME)
#undef JITSERVE_OPCODE_NAME
  }
  return "?";
}

std::string_view opCodeOperands(OpCode op) {
  switch (op) {
#define JITSERVE_OPCODE_OPERANDS(name, operands, doc) \
  case OpCode::name:                                  \
    return operands;
    JITSERVE_FORALL_OPCODES(JITSERVE_OPCODE_OPERANDS)
#undef JITSERVE_OPCODE_OPERANDS
  }
  return "";
}

std::string_view opCodeDoc(OpCode op) {
  switch (op) {
#define JITSERVE_OPCODE_DOC(name, operands, doc) \
  case OpCode::name:                             \
    return doc;
    JITSERVE_FORALL_OPCODES(JITSERVE_OPCODE_DOC)
#undef JITSERVE_OPCODE_DOC
  }
  return "";
}

}  // namespace jitserve
