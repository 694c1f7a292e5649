// FunctionEmitter's operators: and / or (short-circuit), binary and
// unary operators, comparisons and their chains, with a class's magic
// methods (a + b -> a.__add__(b)).
#include "compiler/frontend/function_emitter.h"

#include "compiler/frontend/error_report.h"
#include "runtime/ir/ivalue_constant.h"

namespace jitserve::frontend::detail {

Value* FunctionEmitter::emitShortCircuit(const BinOp& b) {
  bool isAnd = b.kind() == TK_AND;
  Value* l = emitCond(b.lhs());
  Node* n = g().create(prim::If, {l}, 1);
  n->output()->setType(BoolType::get());
  g().insertNode(n);
  for (int bi = 0; bi < 2; ++bi) {
    Block* blk = n->addBlock();
    WithInsertPoint ip(blk);
    env_.pushFrame();
    bool evalRhs = isAnd ? bi == 0 : bi == 1;
    if (evalRhs) {
      applyRefinements(refinementsOf(b.lhs(), bi == 0));
      blk->registerOutput(emitCond(b.rhs()));
    } else {
      blk->registerOutput(constant(g(), IValue(!isAnd)));
    }
    env_.popFrame();
  }
  return n->output();
}

const char* FunctionEmitter::binOpName(int k) {
  switch (k) {
    case '+': return "aten::add";
    case '-': return "aten::sub";
    case '*': return "aten::mul";
    case '/': return "aten::div";
    case '%': return "aten::remainder";
    case TK_FLOOR_DIV: return "aten::floordiv";
    case TK_POW: return "aten::pow";
    case '@': return "aten::matmul";
    case TK_LSHIFT: return "aten::__lshift__";
    case TK_RSHIFT: return "aten::__rshift__";
    case '&': return "aten::__and__";
    case '|': return "aten::__or__";
    case '^': return "aten::__xor__";
    case TK_EQ: return "aten::eq";
    case TK_NE: return "aten::ne";
    case '<': return "aten::lt";
    case TK_LE: return "aten::le";
    case '>': return "aten::gt";
    case TK_GE: return "aten::ge";
    case TK_IS: return "aten::__is__";
    case TK_IS_NOT: return "aten::__isnot__";
    default: return nullptr;
  }
}

// The method a class defines for operator k (a + b -> a.__add__(b)).
std::string FunctionEmitter::magicName(int k) {
  switch (k) {
    case '+': return "__add__";
    case '-': return "__sub__";
    case '*': return "__mul__";
    case '/': return "__truediv__";
    case '%': return "__mod__";
    case TK_FLOOR_DIV: return "__floordiv__";
    case TK_POW: return "__pow__";
    case '@': return "__matmul__";
    case TK_LSHIFT: return "__lshift__";
    case TK_RSHIFT: return "__rshift__";
    case '&': return "__and__";
    case '|': return "__or__";
    case '^': return "__xor__";
    case TK_EQ: return "__eq__";
    case TK_NE: return "__ne__";
    case '<': return "__lt__";
    case TK_LE: return "__le__";
    case '>': return "__gt__";
    case TK_GE: return "__ge__";
    default: return "";
  }
}

Value* FunctionEmitter::emitCompare(int k, Value* l, Value* r, const SourceRange& range) {
  if (k == TK_IN || k == TK_NOT_IN) {
    Value* c;
    if (r->type()->kind() == TypeKind::ClassType) {
      c = requireMagic(r, "__contains__", {l}, range, "'in'");
    } else if (r->type()->kind() == TypeKind::StringType) {
      // substring test: s.find(sub) != -1
      Value* pos = callBuiltin("aten::find", {r, l}, {}, range);
      c = callBuiltin("aten::ne", {pos, constant(g(), IValue(int64_t{-1}))}, {}, range);
    } else {
      c = callBuiltin("aten::__contains__", {r, l}, {}, range);
    }
    return k == TK_IN ? c : callBuiltin("aten::__not__", {c}, {}, range);
  }
  if ((k == TK_IS || k == TK_IS_NOT) && (l->type()->kind() == TypeKind::NoneType || r->type()->kind() == TypeKind::NoneType)) {
    // Static answer when one side cannot be None.
    Value* other = l->type()->kind() == TypeKind::NoneType ? r : l;
    TypeKind ok = other->type()->kind();
    if (ok != TypeKind::OptionalType && ok != TypeKind::NoneType && ok != TypeKind::AnyType &&
        ok != TypeKind::UnionType)
      return constant(g(), IValue(k == TK_IS_NOT));
    // ... and when both are None.
    if (l->type()->kind() == TypeKind::NoneType && r->type()->kind() == TypeKind::NoneType)
      return constant(g(), IValue(k == TK_IS));
  }
  if (l->type()->kind() == TypeKind::ClassType && k != TK_IS && k != TK_IS_NOT)
    return requireMagic(l, magicName(k), {r}, range, "this comparison");
  // Number op Tensor compares the tensor first, with the mirrored op (2 < t is t > 2).
  if (l->type()->isSubtypeOf(*NumberType::get()) && r->type()->kind() == TypeKind::TensorType) {
    const int mirrored = k == '<' ? '>' : k == '>' ? '<' : k == TK_LE ? TK_GE : k == TK_GE ? TK_LE : k;
    if (mirrored == '<' || mirrored == '>' || mirrored == TK_LE || mirrored == TK_GE || mirrored == TK_EQ ||
        mirrored == TK_NE)
      return callBuiltin(binOpName(mirrored), {r, l}, {}, range);
  }
  return callBuiltin(binOpName(k), {l, r}, {}, range);
}

Value* FunctionEmitter::emitBinOp(const BinOp& b) {
  int k = b.kind();
  if (k == TK_AND || k == TK_OR) return emitShortCircuit(b);
  Value* l = emitExpr(b.lhs());
  Value* r = emitExpr(b.rhs());
  if (BinOp::isComparisonKind(k)) return emitCompare(k, l, r, b.range());
  const char* name = binOpName(k);
  if (!name) throw ErrorReport(b.range()) << "unsupported binary operator";
  if (l->type()->kind() == TypeKind::ClassType)
    return requireMagic(l, magicName(k), {r}, b.range(), "this operator");
  // Tuples and lists concatenate / compare through their own ops.
  if (k == '+' && l->type()->kind() == TypeKind::TupleType && r->type()->kind() == TypeKind::TupleType) {
    std::vector<Value*> parts;
    for (size_t i = 0; i < l->type()->expect<TupleType>().elements().size(); ++i) parts.push_back(tupleIndex(l, int64_t(i), b.range()));
    for (size_t i = 0; i < r->type()->expect<TupleType>().elements().size(); ++i) parts.push_back(tupleIndex(r, int64_t(i), b.range()));
    return makeTuple(parts);
  }
  bool anyTensor = l->type()->kind() == TypeKind::TensorType || r->type()->kind() == TypeKind::TensorType;
  if (k == TK_FLOOR_DIV && anyTensor) name = "aten::floor_divide";
  if (k == '%' && l->type()->kind() == TypeKind::StringType) return callBuiltin("aten::percentFormat", {l, r}, {}, b.range());
  // Number op Tensor: the tensor overloads take the tensor first.
  bool lNum = l->type()->isSubtypeOf(*NumberType::get()) || l->type()->kind() == TypeKind::BoolType;
  // As in PyTorch (its Number.__r*__ methods): n - t is -t + n and n / t is
  // reciprocal(t) * n; ** and % have Scalar-first overloads of their own.
  if (lNum && r->type()->kind() == TypeKind::TensorType) {
    if (k == '+' || k == '*') return callBuiltin(name, {r, l}, {}, b.range());
    if (k == '-') return callBuiltin("aten::add", {callBuiltin("aten::neg", {r}, {}, b.range()), l}, {}, b.range());
    if (k == '/') return callBuiltin("aten::mul", {callBuiltin("aten::reciprocal", {r}, {}, b.range()), l}, {}, b.range());
  }
  return callBuiltin(name, {l, r}, {}, b.range());
}

Value* FunctionEmitter::emitCmpChain(const CmpChain& c) {
  std::vector<Expr> ops = c.operands().vec();
  Value* lhs = emitExpr(ops[0]);
  Value* result = nullptr;
  // a < b < c  ->  (a < b) and (b < c), each operand evaluated once; the
  // later comparisons are guarded so they run only while the chain holds.
  std::vector<Node*> opened;
  for (size_t i = 0; i < c.numOps(); ++i) {
    Value* rhs = emitExpr(ops[i + 1]);
    Value* cmp = emitCompare(c.opKind(i), lhs, rhs, c.range());
    if (i + 1 == c.numOps()) {
      result = cmp;
      break;
    }
    Node* n = g().create(prim::If, {cmp}, 1);
    n->output()->setType(BoolType::get());
    g().insertNode(n);
    Block* t = n->addBlock();
    Block* f = n->addBlock();
    {
      WithInsertPoint ip(f);
      f->registerOutput(constant(g(), IValue(false)));
    }
    opened.push_back(n);
    g().setInsertPoint(t);
    lhs = rhs;
  }
  for (auto it = opened.rbegin(); it != opened.rend(); ++it) {
    Node* n = *it;
    n->blocks()[0]->registerOutput(result);
    result = n->output();
    g().setInsertPoint(n->next());
  }
  return result;
}

Value* FunctionEmitter::emitUnary(const UnaryOp& u) {
  if (u.kind() == TK_NOT) return callBuiltin("aten::__not__", {emitCond(u.operand())}, {}, u.range());
  Value* v = emitExpr(u.operand());
  if (v->type()->kind() == TypeKind::ClassType) {
    const char* m = u.kind() == TK_UNARY_MINUS ? "__neg__" : u.kind() == TK_UNARY_PLUS ? "__pos__" : "__invert__";
    return requireMagic(v, m, {}, u.range(), "this unary operator");
  }
  if (u.kind() == TK_UNARY_PLUS) return v;
  if (u.kind() == TK_UNARY_MINUS) {
    if (v->node()->kind() == prim::Constant) {
      auto c = constantNodeValue(*v->node());
      if (c && c->isInt()) return constant(g(), IValue(-c->toInt()));
      if (c && c->isDouble()) return constant(g(), IValue(-c->toDouble()));
      if (c && c->isComplexDouble()) return constant(g(), IValue(-c->toComplexDouble()));
    }
    return callBuiltin("aten::neg", {v}, {}, u.range());
  }
  if (v->type()->kind() == TypeKind::TensorType) return callBuiltin("aten::bitwise_not", {v}, {}, u.range());
  return callBuiltin("aten::__invert__", {v}, {}, u.range());
}

}  // namespace jitserve::frontend::detail
