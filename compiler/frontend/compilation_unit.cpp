#include "compiler/frontend/compilation_unit.h"

#include "compiler/frontend/error_report.h"
#include "compiler/frontend/ir_emitter.h"
#include "compiler/frontend/parser.h"

namespace jitserve::frontend {

absl::Status CompilationUnit::define(std::string_view source, std::string_view filename) {
  // Compile into a scratch unit first so a failure adds nothing.
  std::vector<std::string> before = order_;
  try {
    auto src = std::make_shared<const Source>(std::string(source), std::string(filename));
    List<Stmt> stmts = parseFile(src);
    emitDefinitions(*this, stmts);
  } catch (const Error& e) {
    for (size_t i = before.size(); i < order_.size(); ++i) functions_.erase(order_[i]);
    order_.resize(before.size());
    return absl::InvalidArgumentError(e.what());
  } catch (const std::exception& e) {
    for (size_t i = before.size(); i < order_.size(); ++i) functions_.erase(order_[i]);
    order_.resize(before.size());
    return absl::InternalError(std::string("internal compiler error: ") + e.what());
  }
  return absl::OkStatus();
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

GraphFunction* CompilationUnit::addFunction(const std::string& name, std::shared_ptr<Graph> graph,
                                            FunctionSchema schema) {
  CodeOptions opts;
  opts.functionResolver = [this](std::string_view n) -> Function* { return findFunction(n); };
  auto fn = std::make_unique<GraphFunction>(name, std::move(graph), std::move(schema), opts);
  GraphFunction* raw = fn.get();
  functions_[name] = std::move(fn);
  order_.push_back(name);
  return raw;
}

}  // namespace jitserve::frontend
