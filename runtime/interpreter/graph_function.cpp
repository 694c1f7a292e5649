#include "runtime/interpreter/graph_function.h"

#include "runtime/ir/ir.h"
#include "runtime/interpreter/interpreter.h"

namespace jitserve {

FunctionSchema schemaFromGraph(const std::string& name, const Graph& graph) {
  FunctionSchema s;
  s.name = name;
  for (size_t i = 0; i < graph.inputs().size(); ++i) {
    const Value* v = graph.inputs()[i];
    Argument a;
    a.name = v->hasDebugName() ? v->debugNameRaw() : "arg" + std::to_string(i);
    a.type = v->type();
    s.arguments.push_back(std::move(a));
  }
  for (const Value* v : graph.outputs()) {
    Argument r;
    r.type = v->type();
    s.returns.push_back(std::move(r));
  }
  return s;
}

GraphFunction::GraphFunction(std::string qualifiedName, std::shared_ptr<Graph> graph,
                             std::optional<FunctionSchema> schema, CodeOptions codeOptions)
    : qualifiedName_(std::move(qualifiedName)),
      graph_(std::move(graph)),
      codeOptions_(std::move(codeOptions)) {
  JS_INTERNAL_ASSERT(graph_ != nullptr, "GraphFunction ", qualifiedName_, " needs a graph");
  const size_t dot = qualifiedName_.rfind('.');
  name_ = dot == std::string::npos ? qualifiedName_ : qualifiedName_.substr(dot + 1);
  schema_ = schema ? std::move(*schema) : schemaFromGraph(qualifiedName_, *graph_);
}

GraphFunction::~GraphFunction() = default;

const CodePtr& GraphFunction::code() const {
  if (codeBuilt_.load(std::memory_order_acquire)) return code_;
  std::lock_guard<std::mutex> lock(codeMu_);
  if (!codeBuilt_.load(std::memory_order_relaxed)) {
    code_ = Code::create(*graph_, codeOptions_);  // a throw leaves it unbuilt: the next call tries again
    codeBuilt_.store(true, std::memory_order_release);
  }
  return code_;
}

void GraphFunction::run(Stack& stack) {
  // The caller's stack may hold more than the arguments: run on the last N.
  const size_t n = schema_.arguments.size();
  JS_CHECK(stack.size() >= n, qualifiedName_, "() expects ", n, " arguments but the stack holds ", stack.size());
  if (stack.size() == n) {
    runCode(code(), stack);
    return;
  }
  Stack args(std::make_move_iterator(stack.end() - static_cast<std::ptrdiff_t>(n)), std::make_move_iterator(stack.end()));
  stack.resize(stack.size() - n);
  runCode(code(), args);
  for (IValue& v : args) stack.push_back(std::move(v));
}

}  // namespace jitserve
