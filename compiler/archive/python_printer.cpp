#include "compiler/archive/python_printer.h"

#include <cctype>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include "runtime/ir/ir.h"
#include "runtime/ir/ivalue_constant.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/support/error.h"

namespace jitserve::archive {

namespace {

bool isIdentifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// Names the printed code uses for itself; a variable must not shadow them.
const std::set<std::string>& reservedNames() {
  static const std::set<std::string> names = {
      "torch", "ops", "CONSTANTS", "__torch__", "annotate", "uninitialized", "unchecked_cast", "fork", "getattr",
      "isinstance", "print", "range", "len", "inf", "nan", "int", "float", "bool", "str", "list", "tuple", "dict",
      "List", "Dict", "Optional", "Tuple", "Union", "Tensor", "Future", "Any", "NoneType", "Final", "Module",
      "NamedTuple", "Enum", "math", "None", "True", "False", "and", "or", "not", "if", "else", "elif", "for",
      "while", "in", "is", "def", "class", "return", "pass", "break", "continue", "raise", "assert", "del",
      "import", "from", "as", "with", "lambda", "global", "nonlocal", "try", "except", "finally", "yield",
      "__forked_function"};
  return names;
}

// Operators whose meaning changed with a file format version: the version
// an archive must declare to get today's meaning (PyTorch applies upgraders
// to older archives). From torch._C._get_operator_version_map() of 1.13.
int versionFor(std::string_view op) {
  if (op == "aten::div" || op == "aten::div_") return 4;
  if (op == "aten::full") return 5;
  if (op == "aten::linspace") return 8;
  if (op == "aten::logspace") return 9;
  if (op == "aten::gelu") return 10;
  return 3;
}

std::string quote(std::string_view s) {
  std::string o = "\"";
  for (char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      case '\r': o += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
          o += buf;
        } else {
          o += c;
        }
    }
  }
  return o + "\"";
}

}  // namespace

std::string PythonPrinter::functionName(const std::string& key) {
  std::string name = key.find('.') == std::string::npos ? "__torch__." + key : key;
  size_t start = 0;
  while (true) {
    size_t dot = name.find('.', start);
    if (!isIdentifier(std::string_view(name).substr(start, dot == std::string::npos ? std::string::npos : dot - start)))
      return "";
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return name;
}

std::string PythonPrinter::literal(const IValue& v) {
  if (v.isNone()) return "None";
  if (v.isBool()) return v.toBool() ? "True" : "False";
  if (v.isInt()) {
    int64_t i = v.toInt();
    // The lexer reads the magnitude first: INT64_MIN has none.
    if (i == std::numeric_limits<int64_t>::min()) return "-9223372036854775807 - 1";
    return std::to_string(i);
  }
  if (v.isDouble()) {
    double d = v.toDouble();
    if (std::isnan(d)) return "nan";
    if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
    return formatDouble(d);
  }
  if (v.isComplexDouble()) {  // as PyTorch prints it: 0.+2.5j, which reads back as 0. + 2.5j
    const std::complex<double> z = v.toComplexDouble();
    return literal(IValue(z.real())) + (std::signbit(z.imag()) ? "-" : "+") + literal(IValue(std::abs(z.imag()))) + "j";
  }
  if (v.isString()) return quote(v.toStringRef());
  if (v.isDevice()) return "torch.device(" + quote(v.toDevice().str()) + ")";
  if (v.isTuple()) {
    const auto& es = v.toTupleRef().elements;
    std::string o = "(";
    for (size_t i = 0; i < es.size(); ++i) o += (i ? ", " : "") + literal(es[i]);
    return o + (es.size() == 1 ? ",)" : ")");
  }
  if (v.isList()) {
    const auto& es = v.toList()->elements;
    std::string o = "[";
    for (size_t i = 0; i < es.size(); ++i) o += (i ? ", " : "") + literal(es[i]);
    o += "]";
    return "annotate(" + v.type()->annotationStr() + ", " + o + ")";
  }
  if (v.isEnum()) return v.toEnumRef().qualifiedName();
  JS_ERROR("cannot print a constant of type ", v.type()->annotationStr(), " as Python");
}

void PythonPrinter::noteType(const TypePtr& t) {
  if (!t) return;
  if (t->kind() == TypeKind::ClassType) classes_.insert(t->expect<ClassType>().name());
  if (t->kind() == TypeKind::TupleType && t->expect<TupleType>().isNamed())
    namedTuples_.insert(*t->expect<TupleType>().name());
  if (t->kind() == TypeKind::EnumType) classes_.insert(t->expect<EnumType>().name());
  if (t->kind() == TypeKind::InterfaceType) classes_.insert(t->expect<InterfaceType>().name());
  for (const TypePtr& c : t->containedTypes()) noteType(c);
}

std::string PythonPrinter::typeStr(const TypePtr& t) {
  noteType(t);
  return t->annotationStr();
}

std::string PythonPrinter::constantExpr(const IValue& v) {
  if (v.isTensor()) {
    constants_.push_back(v);
    return "CONSTANTS.c" + std::to_string(constants_.size() - 1);
  }
  if (v.isEnum()) classes_.insert(v.toEnumRef().type->name());
  return literal(v);
}

// One function's body: its own name table, indentation and statements.
class FunctionPrinter {
 public:
  FunctionPrinter(PythonPrinter& p, std::string& out) : p_(p), out_(out) {}

  // def name(args) -> R: body, at `indent`; self (a method) is typed by its class.
  void printDef(const GraphFunction& fn, const std::string& name, int indent) {
    const Graph& g = fn.graph();
    const FunctionSchema& schema = fn.schema();
    line(indent, "def " + name + "(");
    std::string sig;
    bool kwOnly = false;
    for (size_t i = 0; i < g.inputs().size(); ++i) {
      Value* in = g.inputs()[i];
      const Argument* arg = i < schema.arguments.size() ? &schema.arguments[i] : nullptr;
      std::string n = defineName(in, arg ? arg->name : "");
      if (arg && arg->kwargOnly && !kwOnly) {
        sig += (sig.empty() ? "" : ",\n    ") + std::string("*");
        kwOnly = true;
      }
      std::string a = n + ": " + p_.typeStr(in->type());
      if (arg && arg->defaultValue) a += "=" + defaultLiteral(*arg->defaultValue);
      sig += (sig.empty() ? "" : ",\n    ") + a;
    }
    out_.pop_back();  // the newline line() added
    out_ += sig + ") -> " + p_.typeStr(schema.returns.empty() ? NoneType::get() : schema.returns[0].type) + ":\n";
    printBlock(g.block(), indent + 1);
    const auto& outs = g.outputs();
    JS_CHECK(outs.size() == 1, "cannot print ", fn.qualifiedName(), ": it returns ", outs.size(), " values");
    line(indent + 1, "return " + expr(outs[0]));
  }

 private:
  // A parameter default: the annotation types it, so lists are plain.
  std::string defaultLiteral(const IValue& v) {
    if (v.isList()) {
      std::string o = "[";
      for (size_t i = 0; i < v.toListRef().elements.size(); ++i)
        o += (i ? ", " : "") + defaultLiteral(v.toListRef().elements[i]);
      return o + "]";
    }
    return p_.constantExpr(v);
  }

  void line(int indent, const std::string& s) {
    out_.append(static_cast<size_t>(indent) * 2, ' ');
    out_ += s;
    out_ += '\n';
  }

  // A fresh name for v, from its debug name (or `hint`) when there is one.
  std::string defineName(Value* v, const std::string& hint = "") {
    std::string base = v->hasDebugName() ? v->debugNameRaw() : hint;
    for (char& c : base)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
    while (!base.empty() && base.back() == '_' && v->hasDebugName()) base.pop_back();
    if (base.empty() || std::isdigit(static_cast<unsigned char>(base[0]))) base = "_" + base;
    // Unnamed values are _0, _1, ... as PyTorch prints them.
    std::string name = base == "_" ? "_0" : base;
    for (int k = base == "_" ? 1 : 0; used_.count(name) || reservedNames().count(name); ++k) name = base + std::to_string(k);
    used_.insert(name);
    names_[v] = name;
    return name;
  }
  void alias(Value* v, const std::string& name) { names_[v] = name; }
  // A name for a variable no value owns (a loop condition, a closure).
  std::string fresh(const std::string& base) {
    std::string name = base;
    for (int k = 0; used_.count(name) || reservedNames().count(name); ++k) name = base + std::to_string(k);
    used_.insert(name);
    return name;
  }

  std::string expr(Value* v) {
    Node* n = v->node();
    if (n->kind() == prim::Constant) {
      std::optional<IValue> c = constantNodeValue(*n);
      JS_CHECK(c.has_value(), "cannot print constant ", v->debugName(), " of type ", v->type()->annotationStr());
      std::string e = p_.constantExpr(*c);
      // None and empty containers carry their type.
      if (c->isNone() && v->type()->kind() != TypeKind::NoneType) e = "annotate(" + p_.typeStr(v->type()) + ", None)";
      return e;
    }
    auto it = names_.find(v);
    JS_INTERNAL_ASSERT(it != names_.end(), "value ", v->debugName(), " printed before it was defined");
    return it->second;
  }

  // name = v, annotated when the target's type is wider than v's.
  std::string assigned(Value* v, const TypePtr& target) {
    std::string e = expr(v);
    if (!v->type()->equals(*target)) return "annotate(" + p_.typeStr(target) + ", " + e + ")";
    return e;
  }

  std::string args(const std::vector<Value*>& ins, size_t from = 0) {
    std::string o;
    for (size_t i = from; i < ins.size(); ++i) o += (i > from ? ", " : "") + expr(ins[i]);
    return o;
  }

  void printBlock(const Block* b, int indent) {
    size_t before = out_.size();
    for (Node* n : b->nodes()) printNode(n, indent);
    if (out_.size() == before) line(indent, "pass");
  }

  // Assigns node outputs: `a = e`, `a, b, = e`.
  void assign(Node* n, const std::string& e, int indent) {
    if (n->outputs().empty()) {
      line(indent, e);
      return;
    }
    std::string lhs;
    for (Value* o : n->outputs()) lhs += (lhs.empty() ? "" : ", ") + defineName(o);
    if (n->outputs().size() > 1) lhs += ",";
    line(indent, lhs + " = " + e);
  }

  void printNode(Node* n, int indent) {
    const Symbol k = n->kind();
    if (k == prim::Constant) return;  // inlined where used
    if (k == prim::If) return printIf(n, indent);
    if (k == prim::Loop) return printLoop(n, indent);
    if (k == prim::fork) return printFork(n, indent);
    const auto& in = n->inputs();
    if (k == prim::GetAttr) {
      const std::string& f = n->s(attr::name);
      return assign(n, isIdentifier(f) ? expr(in[0]) + "." + f : "getattr(" + expr(in[0]) + ", " + quote(f) + ")",
                    indent);
    }
    if (k == prim::SetAttr) {
      const std::string& f = n->s(attr::name);
      JS_CHECK(isIdentifier(f), "cannot print an assignment to attribute '", f, "'");
      return line(indent, expr(in[0]) + "." + f + " = " + assigned(in[1], attributeType(in[0], f)));
    }
    if (k == prim::CallMethod) {
      return assign(n, "(" + expr(in[0]) + ")." + n->s(attr::name) + "(" + args(in, 1) + (in.size() > 1 ? ", " : "") + ")",
                    indent);
    }
    if (k == prim::CallFunction) {
      const std::string key = in[0]->node()->s(attr::name);
      std::string name = PythonPrinter::functionName(key);
      JS_CHECK(!name.empty(), "cannot print a call of function '", key, "': its name is not a Python name");
      p_.functions_.insert(key);
      return assign(n, name + "(" + args(in, 1) + (in.size() > 1 ? ", " : "") + ")", indent);
    }
    if (k == prim::ListConstruct) {
      return assign(n, "annotate(" + p_.typeStr(n->output()->type()) + ", [" + args(in) + "])", indent);
    }
    if (k == prim::DictConstruct) {
      std::string o;
      for (size_t i = 0; i + 1 < in.size(); i += 2) o += (i ? ", " : "") + expr(in[i]) + ": " + expr(in[i + 1]);
      return assign(n, "annotate(" + p_.typeStr(n->output()->type()) + ", {" + o + "})", indent);
    }
    if (k == prim::TupleConstruct) {
      const TypePtr& t = n->output()->type();
      if (t->kind() == TypeKind::TupleType && t->expect<TupleType>().isNamed()) {
        p_.noteType(t);
        return assign(n, *t->expect<TupleType>().name() + "(" + args(in) + ")", indent);
      }
      return assign(n, "(" + args(in) + (in.size() == 1 ? ",)" : ")"), indent);
    }
    if (k == prim::TupleUnpack || k == prim::ListUnpack) {
      if (n->outputs().empty()) return;
      return assign(n, expr(in[0]), indent);
    }
    if (k == prim::TupleIndex) return assign(n, "(" + expr(in[0]) + ")[" + expr(in[1]) + "]", indent);
    if (k == prim::RaiseException) return line(indent, "ops.prim.RaiseException(" + args(in) + ")");
    if (k == prim::Uninitialized) return assign(n, "uninitialized(" + p_.typeStr(n->output()->type()) + ")", indent);
    if (k == prim::unchecked_cast)
      return assign(n, "unchecked_cast(" + p_.typeStr(n->output()->type()) + ", " + expr(in[0]) + ")", indent);
    if (k == prim::isinstance) {
      const auto& tys = n->tys(attr::types);
      std::string t;
      for (size_t i = 0; i < tys.size(); ++i) t += (i ? ", " : "") + p_.typeStr(tys[i]);
      return assign(n, "isinstance(" + expr(in[0]) + ", " + (tys.size() == 1 ? t : "(" + t + ")") + ")", indent);
    }
    if (k == prim::CreateObject) {
      std::string cls = p_.typeStr(n->output()->type());
      return assign(n, cls + ".__new__(" + cls + ")", indent);
    }
    if (k == prim::Print) return line(indent, "print(" + args(in) + ")");
    if (k == aten::wait) return assign(n, "torch.wait(" + expr(in[0]) + ")", indent);
    if (k.toQualString() == "prim::EnumName" || k.toQualString() == "prim::EnumValue")
      return assign(n, expr(in[0]) + (k.toQualString() == "prim::EnumName" ? ".name" : ".value"), indent);
    if (k.toQualString() == "prim::tolist")
      return assign(n, "annotate(" + p_.typeStr(n->output()->type()) + ", (" + expr(in[0]) + ").tolist())", indent);
    JS_CHECK(k != prim::Enter && k != prim::Exit, "cannot print `with` blocks (", k.toQualString(), ") as Python yet");
    printOperator(n, indent);
  }

  TypePtr attributeType(Value* obj, const std::string& field) {
    const auto& cls = obj->type()->expect<ClassType>();
    auto slot = cls.findAttributeSlot(field);
    JS_INTERNAL_ASSERT(slot.has_value(), "SetAttr of unknown attribute ", field);
    return cls.attributes()[*slot].type;
  }

  // An operator call: torch.X(...) for aten, ops.NS.X(...) otherwise, with
  // keyword-only arguments by name (the overload is the one Code binds).
  void printOperator(Node* n, int indent) {
    const std::string_view qual = n->kind().toQualString();
    std::vector<TypePtr> ins, outs;
    for (Value* v : n->inputs()) ins.push_back(v->type());
    for (Value* v : n->outputs()) outs.push_back(v->type());
    const Operator* op = currentOperatorRegistry().findMatchingOperator(qual, ins, outs);
    JS_CHECK(op != nullptr, "cannot print ", qual, ": no operator of that name takes these inputs");
    p_.version_ = std::max(p_.version_, versionFor(qual));
    const FunctionSchema& s = op->schema();
    std::string callee = n->kind().isAten() ? "torch." + std::string(n->kind().toUnqualString())
                                            : "ops." + std::string(n->kind().ns()) + "." +
                                                  std::string(n->kind().toUnqualString());
    // Trailing arguments that are constants equal to their defaults are
    // left out, as PyTorch's printer does: an archive then loads in an
    // older PyTorch whose schema lacks an argument added since with a
    // default (pad_sequence's padding_side, 2.6).
    size_t count = n->inputs().size();
    while (count > 0 && count <= s.arguments.size() && s.arguments[count - 1].defaultValue) {
      const Node* c = n->inputs()[count - 1]->node();
      std::optional<IValue> v = c->kind() == prim::Constant ? constantNodeValue(*c) : std::nullopt;
      if (!v || v->isTensor() || !ivaluesEqual(*v, *s.arguments[count - 1].defaultValue)) break;
      --count;
    }
    std::string a;
    for (size_t i = 0; i < count; ++i) {
      std::string e = expr(n->inputs()[i]);
      if (i < s.arguments.size() && s.arguments[i].kwargOnly) e = s.arguments[i].name + "=" + e;
      a += (i ? ", " : "") + e;
    }
    assign(n, callee + "(" + a + ")", indent);
  }

  void printIf(Node* n, int indent) {
    // Outputs are named first; each branch assigns them at its end.
    std::vector<std::string> outs;
    for (Value* o : n->outputs()) outs.push_back(defineName(o));
    line(indent, "if " + expr(n->inputs()[0]) + ":");
    for (size_t b = 0; b < 2; ++b) {
      if (b == 1) line(indent, "else:");
      const Block* blk = n->blocks()[b];
      size_t before = out_.size();
      for (Node* x : blk->nodes()) printNode(x, indent + 1);
      printAssignments(outs, blk->outputs(), n->outputs(), indent + 1);
      if (out_.size() == before) line(indent + 1, "pass");
    }
  }

  // a, b = x, y (together: the new values may read the old ones).
  void printAssignments(const std::vector<std::string>& names, const std::vector<Value*>& values,
                        const std::vector<Value*>& targets, int indent) {
    if (names.empty()) return;
    std::string lhs, rhs;
    for (size_t i = 0; i < names.size(); ++i) {
      lhs += (i ? ", " : "") + names[i];
      rhs += (i ? ", " : "") + assigned(values[i], targets[i]->type());
    }
    line(indent, lhs + " = " + rhs);
  }

  void printLoop(Node* n, int indent) {
    const auto& in = n->inputs();
    Block* body = n->blocks()[0];
    Value* trip = in[0];
    Value* initCond = in[1];
    auto constant = [](Value* v) { return v->node()->kind() == prim::Constant ? constantNodeValue(*v->node()) : std::nullopt; };
    std::optional<IValue> tripC = constant(trip), initC = constant(initCond), bodyC = constant(body->outputs()[0]);
    const bool unbounded = tripC && tripC->isInt() && tripC->toInt() == std::numeric_limits<int64_t>::max();
    const bool alwaysTrue = bodyC && bodyC->isBool() && bodyC->toBool();
    const bool startsTrue = initC && initC->isBool() && initC->toBool();
    // Carried values: the loop output, the body's parameter and its next
    // value share one name, assigned from the initial value before the loop.
    std::vector<std::string> carried;
    std::vector<Value*> next, targets;
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      Value* out = n->outputs()[i];
      std::string name = defineName(out);
      alias(body->inputs()[i + 1], name);
      carried.push_back(name);
      next.push_back(body->outputs()[i + 1]);
      targets.push_back(out);
      line(indent, name + " = " + assigned(in[i + 2], out->type()));
    }
    Value* counter = body->inputs()[0];
    if (unbounded) {
      // while c: ... (the counter, if read, kept by hand)
      std::string cond = startsTrue ? "True" : expr(initCond);
      std::string condVar;
      if (!alwaysTrue || !startsTrue) {
        condVar = fresh("_cond");
        line(indent, condVar + " = " + cond);
        cond = condVar;
      }
      std::string i;
      if (!counter->uses().empty()) {
        i = defineName(counter, "_i");
        line(indent, i + " = 0");
      }
      line(indent, "while " + cond + ":");
      size_t before = out_.size();
      for (Node* x : body->nodes()) printNode(x, indent + 1);
      std::vector<std::string> names = carried;
      std::vector<Value*> values = next, tys = targets;
      if (!condVar.empty()) {
        names.push_back(condVar);
        values.push_back(body->outputs()[0]);
        tys.push_back(body->outputs()[0]);
      }
      printAssignments(names, values, tys, indent + 1);
      if (!i.empty()) line(indent + 1, i + " = torch.add(" + i + ", 1)");
      if (out_.size() == before) line(indent + 1, "pass");
      return;
    }
    // for i in range(n): ... if not c: break
    int inner = indent;
    if (!startsTrue) {
      line(indent, "if " + expr(initCond) + ":");
      ++inner;
    }
    std::string i = defineName(counter, "_i");
    line(inner, "for " + i + " in range(" + expr(trip) + "):");
    size_t before = out_.size();
    for (Node* x : body->nodes()) printNode(x, inner + 1);
    printAssignments(carried, next, targets, inner + 1);
    if (!alwaysTrue) {
      line(inner + 1, "if " + expr(body->outputs()[0]) + ":");
      line(inner + 2, "pass");
      line(inner + 1, "else:");
      line(inner + 2, "break");
    }
    if (out_.size() == before) line(inner + 1, "pass");
  }

  // fut = fork(closure): the closure's body is the forked function's, its
  // free variables the fork's inputs.
  void printFork(Node* n, int indent) {
    const Graph& sub = *n->g(attr::Subgraph);
    std::string fname = fresh("__forked_function");
    defineName(n->output());
    line(indent, "def " + fname + "():");
    // The subgraph's inputs are the fork's inputs.
    for (size_t i = 0; i < sub.inputs().size(); ++i) alias(sub.inputs()[i], expr(n->inputs()[i]));
    // A subgraph that only calls a function of the unit: print that
    // function's body (closures have no name a Python file could define).
    const Node* call = nullptr;
    for (Node* x : sub.block()->nodes())
      if (x->kind() == prim::CallFunction) call = x;
    if (call && sub.outputs().size() == 1 && sub.outputs()[0] == call->output()) {
      const std::string key = call->inputs()[0]->node()->s(attr::name);
      if (const GraphFunction* fn = p_.resolveFunction ? p_.resolveFunction(key) : nullptr) {
        const Graph& body = fn->graph();
        for (size_t i = 0; i < body.inputs().size(); ++i) alias(body.inputs()[i], expr(call->inputs()[i + 1]));
        printBlock(body.block(), indent + 1);
        line(indent + 1, "return " + expr(body.outputs()[0]));
        line(indent, expr(n->output()) + " = fork(" + fname + ")");
        return;
      }
    }
    printBlock(sub.block(), indent + 1);
    line(indent + 1, "return " + expr(sub.outputs()[0]));
    line(indent, expr(n->output()) + " = fork(" + fname + ")");
  }

  PythonPrinter& p_;
  std::string& out_;
  std::map<const Value*, std::string> names_;
  std::set<std::string> used_;
};

void PythonPrinter::printFunction(const GraphFunction& fn, const std::string& name) {
  FunctionPrinter(*this, out_).printDef(fn, name, 0);
}

void PythonPrinter::printNamedTuple(const TupleType& t) {
  const std::string& q = *t.name();
  out_ += "class " + q.substr(q.rfind('.') + 1) + "(NamedTuple):\n";
  for (size_t i = 0; i < t.elements().size(); ++i)
    out_ += "  " + t.fieldNames()[i] + " : " + typeStr(t.elements()[i]) + "\n";
  if (t.elements().empty()) out_ += "  pass\n";
}

void PythonPrinter::printInterface(const InterfaceType& iface, const std::vector<FunctionSchema>& methods) {
  const std::string& q = iface.name();
  out_ += "class " + q.substr(q.rfind('.') + 1) + (iface.isModule() ? "(ModuleInterface):\n" : "(Interface):\n");
  for (const FunctionSchema& m : methods) {
    std::string sig = "self";
    bool kwOnly = false;
    for (const Argument& a : m.arguments) {
      if (a.kwargOnly && !kwOnly) {
        sig += ", *";
        kwOnly = true;
      }
      sig += ", " + a.name + ": " + typeStr(a.type);
    }
    out_ += "  def " + m.name + "(" + sig + ") -> " + typeStr(m.returns.empty() ? NoneType::get() : m.returns[0].type) +
            ":\n    pass\n";
  }
  if (methods.empty()) out_ += "  pass\n";
}

void PythonPrinter::printClass(const ClassType& cls, const std::map<std::string, IValue>& finalConstants) {
  const std::string& q = cls.name();
  out_ += "class " + q.substr(q.rfind('.') + 1) + (cls.isModule() ? "(Module):\n" : ":\n");
  if (cls.isModule()) {
    std::string params, buffers;
    for (const auto& a : cls.attributes()) {
      if (a.isParameter) params += quote(a.name) + ", ";
      if (a.isBuffer) buffers += quote(a.name) + ", ";
    }
    out_ += "  __parameters__ = [" + params + "]\n";
    out_ += "  __buffers__ = [" + buffers + "]\n";
  }
  for (const auto& a : cls.attributes()) {
    if (isIdentifier(a.name)) out_ += "  " + a.name + " : " + typeStr(a.type) + "\n";
    else out_ += "  __annotations__[" + quote(a.name) + "] = " + typeStr(a.type) + "\n";
  }
  for (const auto& [name, value] : finalConstants)
    out_ += "  " + name + " : Final[" + typeStr(value.type()) + "] = " + literal(value) + "\n";
  for (const Function* m : cls.methods()) {
    const auto* gf = dynamic_cast<const GraphFunction*>(m);
    JS_CHECK(gf != nullptr, "cannot print method ", m->qualifiedName(), ": it is not a TorchScript function");
    FunctionPrinter(*this, out_).printDef(*gf, m->name(), 1);
  }
  if (cls.attributes().empty() && cls.methods().empty() && !cls.isModule() && finalConstants.empty())
    out_ += "  pass\n";
}

}  // namespace jitserve::archive
