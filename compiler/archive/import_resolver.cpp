#include "compiler/archive/import_resolver.h"

#include <limits>
#include <string>

#include "compiler/archive/source_importer.h"
#include "compiler/frontend/builtin_functions.h"
#include "compiler/frontend/error_report.h"
#include "runtime/ir/ivalue_constant.h"
#include "runtime/interpreter/graph_function.h"

namespace jitserve::archive {

namespace {

using frontend::CallArgs;
using frontend::Emitter;
using frontend::ErrorReport;
using frontend::SimpleValue;
using frontend::SugaredValue;
using frontend::SugaredValuePtr;

SugaredValuePtr simple(Value* v) { return std::make_shared<SimpleValue>(v); }

// An operator by its qualified name, overload chosen when called.
class OperatorValue : public SugaredValue {
 public:
  explicit OperatorValue(std::string qualName) : name_(std::move(qualName)) {}
  std::string kind() const override { return "operator '" + name_ + "'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override {
    return simple(e.callBuiltin(name_, args.args(), args.kwargs(), r));
  }

 private:
  std::string name_;
};

// ops.prim.RaiseException(msg, cls): the node a `raise` becomes.
class RaiseValue : public SugaredValue {
 public:
  std::string kind() const override { return "operator 'prim::RaiseException'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override {
    const auto& as = args.args();
    if (as.empty() || as.size() > 2 || !args.kwargs().empty())
      throw ErrorReport(r) << "prim::RaiseException takes a message and an optional exception class name";
    std::vector<Value*> ins;
    for (const auto& a : as) {
      if (a.value->type()->kind() != TypeKind::StringType)
        throw ErrorReport(r) << "prim::RaiseException expects str arguments, got "
                             << a.value->type()->annotationStr();
      ins.push_back(a.value);
    }
    Node* n = e.graph().create(prim::RaiseException, ins, 0);
    n->setSourceRange(r);
    e.graph().insertNode(n);
    return simple(insertConstant(e.graph(), IValue(), r));
  }
};

// inf and nan: how the printer writes those float constants.
class FloatConstantValue : public SugaredValue {
 public:
  FloatConstantValue(std::string name, double v) : name_(std::move(name)), v_(v) {}
  std::string kind() const override { return "constant '" + name_ + "'"; }
  Value* asValue(const SourceRange& r, Emitter& e) override { return insertConstant(e.graph(), IValue(v_), r); }

 private:
  std::string name_;
  double v_;
};

// torch.div / torch.div_ in code older than version 4, torch.full older
// than 5, torch.linspace / logspace older than 8 / 9: the call goes to the
// upgrader when the arguments are those whose meaning changed (see
// upgraders.h).
class UpgradedOperatorValue : public SugaredValue {
 public:
  UpgradedOperatorValue(SourceImporter& importer, std::string op) : importer_(importer), op_(std::move(op)) {}
  std::string kind() const override { return "operator 'aten::" + op_ + "'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override {
    const auto& as = args.args();
    const auto& kws = args.kwargs();
    auto kind = [](const frontend::NamedValue& v) { return v.value->type()->kind(); };
    if (op_ == "div" || op_ == "div_") {
      // Two operands, no rounding_mode or out (those did not exist then).
      if (as.size() == 2 && kws.empty() && kind(as[0]) == TypeKind::TensorType) {
        TypeKind k = kind(as[1]);
        if (k == TypeKind::TensorType)
          return simple(e.callFunction(importer_.upgrader(op_ + "_Tensor_0_3"), as, kws, r));
        if (k == TypeKind::IntType || k == TypeKind::BoolType)
          return simple(e.callFunction(importer_.upgrader(op_ + "_Scalar_0_3"), as, kws, r));
      }
    } else if (op_ == "full") {
      bool dtypeGiven = false;
      for (const auto& kw : kws)
        if (kw.name == "dtype" && kind(kw) != TypeKind::NoneType) dtypeGiven = true;
      // The fill made the result's dtype only from version 5: before, no
      // dtype meant the default (float) one.
      if (!dtypeGiven && as.size() == 2 && (kind(as[1]) == TypeKind::IntType || kind(as[1]) == TypeKind::BoolType)) {
        std::vector<frontend::NamedValue> conv = as;
        conv[1] = frontend::NamedValue(e.callBuiltin("aten::Float", {as[1]}, {}, r));
        return simple(e.callBuiltin("aten::full", conv, kws, r));
      }
    } else if (op_ == "linspace" || op_ == "logspace") {
      // steps was optional, defaulting to 100, until version 8 (linspace)
      // and 9 (logspace).
      std::vector<frontend::NamedValue> a = as, k = kws;
      bool given = false;
      for (auto& kw : k)
        if (kw.name == "steps") {
          given = kind(kw) != TypeKind::NoneType;
          if (!given) kw = frontend::NamedValue("steps", insertConstant(e.graph(), IValue(int64_t{100})));
          given = true;
        }
      if (!given) {
        if (a.size() >= 3 && kind(a[2]) == TypeKind::NoneType) {
          a[2] = frontend::NamedValue(insertConstant(e.graph(), IValue(int64_t{100})));
        } else if (a.size() == 2) {
          a.emplace_back(insertConstant(e.graph(), IValue(int64_t{100})));
        }
      }
      return simple(e.callBuiltin("aten::" + op_, a, k, r));
    }
    return simple(e.callBuiltin("aten::" + op_, as, kws, r));
  }

 private:
  SourceImporter& importer_;
  std::string op_;
};

// `torch` in printed code: torch.X is aten::X.
class AtenNamespaceValue : public SugaredValue {
 public:
  AtenNamespaceValue(SourceImporter& importer, int version) : importer_(importer), version_(version) {}
  std::string kind() const override { return "module 'torch'"; }
  SugaredValuePtr attr(const SourceRange&, Emitter&, const std::string& field) override {
    if ((version_ < 4 && (field == "div" || field == "div_")) || (version_ < 5 && field == "full") ||
        (version_ < 8 && field == "linspace") || (version_ < 9 && field == "logspace"))
      return std::make_shared<UpgradedOperatorValue>(importer_, field);
    // aten::wait is the interpreter's own instruction, emitted as
    // torch.jit.wait is.
    if (field == "wait") return std::make_shared<frontend::PythonBuiltinFunction>("torch.jit.wait");
    return std::make_shared<OperatorValue>("aten::" + field);
  }

 private:
  SourceImporter& importer_;
  int version_;
};

// ops, then ops.NS: ops.NS.X is the operator NS::X.
class OpsValue : public SugaredValue {
 public:
  explicit OpsValue(std::string ns = "") : ns_(std::move(ns)) {}
  std::string kind() const override { return ns_.empty() ? "module 'ops'" : "module 'ops." + ns_ + "'"; }
  SugaredValuePtr attr(const SourceRange&, Emitter&, const std::string& field) override {
    if (ns_.empty()) return std::make_shared<OpsValue>(field);
    if (ns_ == "prim" && field == "RaiseException") return std::make_shared<RaiseValue>();
    return std::make_shared<OperatorValue>(ns_ + "::" + field);
  }

 private:
  std::string ns_;
};

// CONSTANTS.cN: the Nth value of constants.pkl.
class ConstantsValue : public SugaredValue {
 public:
  explicit ConstantsValue(const SourceImporter& importer) : importer_(importer) {}
  std::string kind() const override { return "CONSTANTS"; }
  SugaredValuePtr attr(const SourceRange& r, Emitter& e, const std::string& field) override {
    const auto& cs = importer_.constants();
    size_t n = 0;
    bool ok = field.size() > 1 && field[0] == 'c' && field.size() < 12;
    for (size_t i = 1; ok && i < field.size(); ++i) {
      ok = field[i] >= '0' && field[i] <= '9';
      n = n * 10 + static_cast<size_t>(field[i] - '0');
    }
    if (!ok) throw ErrorReport(r) << "'" << field << "' is not a constant name (CONSTANTS.c0, c1, ...)";
    if (n >= cs.size())
      throw ErrorReport(r) << "CONSTANTS." << field << " does not exist: the archive's constants.pkl holds "
                           << cs.size() << " constants";
    return simple(insertConstant(e.graph(), cs[n], r));
  }

 private:
  const SourceImporter& importer_;
};

// __torch__.a.b...: walks a qualified name to what an archive file defines.
class QualifiedNameValue : public SugaredValue {
 public:
  QualifiedNameValue(SourceImporter& importer, std::string prefix)
      : importer_(importer), prefix_(std::move(prefix)) {}
  std::string kind() const override { return "module '" + prefix_ + "'"; }
  SugaredValuePtr attr(const SourceRange& r, Emitter&, const std::string& field) override {
    std::string name = prefix_ + "." + field;
    if (auto def = importer_.lookup(name)) {
      if (def->function) return std::make_shared<frontend::CompiledFunctionValue>(def->function);
      if (def->cls) return std::make_shared<frontend::ClassValue>(def->cls);
      if (def->namedTuple) return std::make_shared<frontend::NamedTupleConstructor>(name, *def->namedTuple);
      if (def->enumType)
        throw ErrorReport(r) << "Enum class '" << name << "' of another archive file cannot be used as a value yet";
    }
    if (importer_.isNamespace(name)) return std::make_shared<QualifiedNameValue>(importer_, name);
    throw ErrorReport(r) << "'" << name << "' is not defined by any file of the archive's code/";
  }

 private:
  SourceImporter& importer_;
  std::string prefix_;
};

// uninitialized(T): a placeholder of type T on a path that raised.
class UninitializedValue : public SugaredValue {
 public:
  std::string kind() const override { return "builtin function 'uninitialized'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override {
    if (args.inputs().size() != 1 || !args.attributes().empty())
      throw ErrorReport(r) << "uninitialized expects one type argument";
    TypePtr t = e.parseType(args.inputs()[0]);
    Node* n = e.graph().create(prim::Uninitialized, 1);
    n->output()->setType(t);
    return simple(e.graph().insertNode(n)->output());
  }
};

// unchecked_cast(T, x): x retyped as T (a refinement the printer spells out).
class UncheckedCastValue : public SugaredValue {
 public:
  std::string kind() const override { return "builtin function 'unchecked_cast'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override {
    if (args.inputs().size() != 2 || !args.attributes().empty())
      throw ErrorReport(r) << "unchecked_cast expects a type and a value";
    TypePtr t = e.parseType(args.inputs()[0]);
    Value* v = e.emitExpr(args.inputs()[1]);
    if (!t->isSubtypeOf(*v->type()) && !v->type()->isSubtypeOf(*t) && v->type()->kind() != TypeKind::AnyType)
      throw ErrorReport(r) << "unchecked_cast from " << v->type()->annotationStr() << " to "
                           << t->annotationStr() << " can never succeed";
    Node* n = e.graph().create(prim::unchecked_cast, {v}, 1);
    n->output()->setType(t);
    n->setSourceRange(r);
    return simple(e.graph().insertNode(n)->output());
  }
};

class ImportResolver final : public frontend::Resolver {
 public:
  ImportResolver(SourceImporter& importer, int version) : importer_(importer), version_(version) {}

  SugaredValuePtr resolveValue(const std::string& name, const SourceRange& r) override {
    if (name == "torch") return std::make_shared<AtenNamespaceValue>(importer_, version_);
    if (name == "ops") return std::make_shared<OpsValue>();
    if (name == "CONSTANTS") return std::make_shared<ConstantsValue>(importer_);
    if (name == "uninitialized") return std::make_shared<UninitializedValue>();
    if (name == "unchecked_cast") return std::make_shared<UncheckedCastValue>();
    if (name == "__torch__") return std::make_shared<QualifiedNameValue>(importer_, name);
    if (name == "inf") return std::make_shared<FloatConstantValue>(name, std::numeric_limits<double>::infinity());
    if (name == "nan") return std::make_shared<FloatConstantValue>(name, std::numeric_limits<double>::quiet_NaN());
    if (name == "fork") return std::make_shared<frontend::PythonBuiltinFunction>("torch.jit.fork");
    return frontend::builtinResolver()->resolveValue(name, r);
  }

  TypePtr resolveType(const std::string& name, const SourceRange&) override { return importer_.importType(name); }

 private:
  SourceImporter& importer_;
  int version_;
};

}  // namespace

std::shared_ptr<frontend::Resolver> makeImportResolver(SourceImporter& importer, int version) {
  return std::make_shared<ImportResolver>(importer, version);
}

}  // namespace jitserve::archive
