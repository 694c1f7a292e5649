#include "compiler/frontend/compilation_unit.h"

#include <algorithm>

#include "compiler/frontend/error_report.h"
#include "compiler/frontend/ir_emitter.h"
#include "compiler/frontend/parser.h"
#include "compiler/frontend/resolver.h"
#include "compiler/frontend/unit_definitions.h"

namespace jitserve::frontend {

CompilationUnit::CompilationUnit() = default;
CompilationUnit::~CompilationUnit() = default;

absl::Status CompilationUnit::define(std::string_view source, std::string_view filename) {
  DefineOptions options;
  options.filename = std::string(filename);
  return define(source, options);
}

absl::Status CompilationUnit::define(std::string_view source, const DefineOptions& options) {
  // A failure removes everything this call added.
  Snapshot before = snapshot();
  try {
    auto src = std::make_shared<const Source>(std::string(source), options.filename);
    List<Stmt> stmts = parseFile(src);
    if (options.deferBodies) {
      auto unit = std::make_unique<UnitDefinitions>();
      unit->cu = this;
      unit->ownedResolver = options.resolver ? options.resolver : builtinResolver();
      unit->resolver = unit->ownedResolver.get();
      unit->qualifier = options.qualifier;
      unit->archiveSource = options.archiveSource;
      // Listed before declaring: a file it imports may ask about its classes.
      deferred_.push_back(std::move(unit));
      UnitDefinitions* u = deferred_.back().get();
      try {
        declareDefinitions(*u, stmts);
      } catch (...) {
        std::erase_if(deferred_, [u](const auto& p) { return p.get() == u; });
        throw;
      }
      return absl::OkStatus();
    }
    emitDefinitions(*this, stmts, options.resolver.get(), options.qualifier, options.archiveSource);
  } catch (const Error& e) {
    rollback(before);
    return absl::InvalidArgumentError(e.what());
  } catch (const std::exception& e) {
    rollback(before);
    return absl::InternalError(std::string("internal compiler error: ") + e.what());
  }
  return absl::OkStatus();
}

absl::Status CompilationUnit::compileDeferred() {
  try {
    // Compiling may define (and so defer) more files: index, not iterators.
    for (size_t i = 0; i < deferred_.size(); ++i) compileDefinitions(*deferred_[i]);
  } catch (const Error& e) {
    deferred_.clear();
    return absl::InvalidArgumentError(e.what());
  } catch (const std::exception& e) {
    deferred_.clear();
    return absl::InternalError(std::string("internal compiler error: ") + e.what());
  }
  deferred_.clear();
  return absl::OkStatus();
}

std::pair<UnitDefinitions*, ClassInfo*> CompilationUnit::deferredClass(const ClassType* cls) const {
  for (const auto& u : deferred_)
    if (ClassInfo* ci = u->classOf(*cls)) return {u.get(), ci};
  return {nullptr, nullptr};
}

bool CompilationUnit::hasDeferredMethod(const ClassType* cls, std::string_view name) const {
  auto [u, ci] = deferredClass(cls);
  return ci && ci->methods.count(std::string(name));
}

GraphFunction* CompilationUnit::compileDeferredFunction(const std::string& qualifier, const std::string& name,
                                                        const SourceRange& r) {
  for (const auto& u : deferred_)
    if (u->qualifier == qualifier && u->defs.count(name)) return compileFunctionOf(*u, name, r);
  return nullptr;
}

CompilationUnit::Snapshot CompilationUnit::snapshot() const {
  Snapshot s;
  s.order = order_.size();
  s.methods = methods_.size();
  for (const auto& [n, f] : functions_) s.functionNames.push_back(n);
  for (const auto& [n, c] : classes_) s.classNames.push_back(n);
  for (const auto& [n, e] : enums_) s.enumNames.push_back(n);
  for (const auto& [n, t] : namedTuples_) s.namedTupleNames.push_back(n);
  return s;
}

void CompilationUnit::rollback(const Snapshot& s) {
  auto keep = [](const std::vector<std::string>& names, const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  std::erase_if(functions_, [&](const auto& kv) { return !keep(s.functionNames, kv.first); });
  std::erase_if(classes_, [&](const auto& kv) { return !keep(s.classNames, kv.first); });
  std::erase_if(classConstants_, [&](const auto& kv) { return !keep(s.classNames, kv.first); });
  std::erase_if(enums_, [&](const auto& kv) { return !keep(s.enumNames, kv.first); });
  std::erase_if(namedTuples_, [&](const auto& kv) { return !keep(s.namedTupleNames, kv.first); });
  std::erase_if(classOrder_, [&](const std::string& n) { return !keep(s.classNames, n); });
  order_.resize(s.order);
  methods_.resize(s.methods);
}

GraphFunction* CompilationUnit::findFunction(std::string_view name) const {
  auto it = functions_.find(name);
  return it == functions_.end() ? nullptr : it->second.get();
}

std::vector<GraphFunction*> CompilationUnit::functions() const {
  std::vector<GraphFunction*> out;
  for (const auto& n : order_) out.push_back(functions_.at(n).get());
  return out;
}

ClassTypePtr CompilationUnit::findClass(std::string_view qualifiedName) const {
  auto it = classes_.find(qualifiedName);
  return it == classes_.end() ? nullptr : it->second;
}

std::vector<ClassTypePtr> CompilationUnit::classes() const {
  std::vector<ClassTypePtr> out;
  for (const auto& n : classOrder_) out.push_back(classes_.at(n));
  return out;
}

std::shared_ptr<const EnumType> CompilationUnit::findEnum(std::string_view qualifiedName) const {
  auto it = enums_.find(qualifiedName);
  return it == enums_.end() ? nullptr : it->second;
}

CodeOptions CompilationUnit::codeOptions() {
  CodeOptions opts;
  opts.functionResolver = [this](std::string_view n) -> Function* { return findFunction(n); };
  return opts;
}

GraphFunction* CompilationUnit::addFunction(const std::string& name, std::shared_ptr<Graph> graph,
                                            FunctionSchema schema, bool listed) {
  auto fn = std::make_unique<GraphFunction>(name, std::move(graph), std::move(schema), codeOptions());
  GraphFunction* raw = fn.get();
  functions_[name] = std::move(fn);
  if (listed) order_.push_back(name);
  return raw;
}

GraphFunction* CompilationUnit::addMethod(const ClassTypePtr& cls, const std::string& name,
                                          std::shared_ptr<Graph> graph, FunctionSchema schema) {
  auto fn = std::make_unique<GraphFunction>(cls->name() + "." + name, std::move(graph), std::move(schema),
                                            codeOptions());
  GraphFunction* raw = fn.get();
  cls->addMethod(raw);
  methods_.push_back(std::move(fn));
  return raw;
}

void CompilationUnit::addClass(ClassTypePtr cls) {
  std::string name = cls->name();
  if (!classes_.count(name)) classOrder_.push_back(name);
  classes_[name] = std::move(cls);
}

void CompilationUnit::addInterface(std::shared_ptr<const InterfaceType> iface) {
  std::string name = iface->name();
  interfaces_[name] = std::move(iface);
}

std::shared_ptr<const InterfaceType> CompilationUnit::findInterface(std::string_view qualifiedName) const {
  auto it = interfaces_.find(qualifiedName);
  return it == interfaces_.end() ? nullptr : it->second;
}

void CompilationUnit::addInterfaceMethod(const std::string& iface, FunctionSchema method) {
  interfaceMethods_[iface].push_back(std::move(method));
}

const FunctionSchema* CompilationUnit::findInterfaceMethod(std::string_view iface, std::string_view method) const {
  auto it = interfaceMethods_.find(iface);
  if (it == interfaceMethods_.end()) return nullptr;
  for (const FunctionSchema& s : it->second)
    if (s.name == method) return &s;
  return nullptr;
}

std::vector<FunctionSchema> CompilationUnit::interfaceMethods(std::string_view iface) const {
  auto it = interfaceMethods_.find(iface);
  return it == interfaceMethods_.end() ? std::vector<FunctionSchema>{} : it->second;
}

void CompilationUnit::addNamedTuple(NamedTupleDef def) {
  std::string name = def.type->expect<TupleType>().name().value_or("");
  namedTuples_[name] = std::move(def);
}

const NamedTupleDef* CompilationUnit::findNamedTuple(std::string_view qualifiedName) const {
  auto it = namedTuples_.find(qualifiedName);
  return it == namedTuples_.end() ? nullptr : &it->second;
}

void CompilationUnit::addClassConstant(const std::string& className, const std::string& name, IValue value) {
  classConstants_[className][name] = std::move(value);
}

const IValue* CompilationUnit::findClassConstant(std::string_view className, std::string_view name) const {
  auto c = classConstants_.find(className);
  if (c == classConstants_.end()) return nullptr;
  auto v = c->second.find(name);
  return v == c->second.end() ? nullptr : &v->second;
}

std::map<std::string, IValue> CompilationUnit::classConstants(std::string_view className) const {
  auto c = classConstants_.find(className);
  if (c == classConstants_.end()) return {};
  return std::map<std::string, IValue>(c->second.begin(), c->second.end());
}

void CompilationUnit::addEnum(std::shared_ptr<const EnumType> e) { enums_[e->name()] = std::move(e); }

}  // namespace jitserve::frontend
