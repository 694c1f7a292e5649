// GraphFunction: a TorchScript function or method whose body is a Graph.
//
// It owns the Graph and builds its Code lazily, once, on first use (thread
// safe). prim::CallFunction targets, class methods and fork subgraphs are
// GraphFunctions; the interpreter runs them in a new frame of the calling
// InterpreterState instead of recursing on the C++ stack.
//
// The graph must not be mutated after code() was first called.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "runtime/core/function.h"
#include "runtime/interpreter/code.h"

namespace jitserve {

class GraphFunction final : public Function {
 public:
  // `schema` defaults to one derived from the graph's inputs and outputs.
  GraphFunction(std::string qualifiedName, std::shared_ptr<Graph> graph,
                std::optional<FunctionSchema> schema = std::nullopt, CodeOptions codeOptions = {});
  ~GraphFunction() override;

  const std::string& name() const override { return name_; }
  const std::string& qualifiedName() const override { return qualifiedName_; }
  const FunctionSchema& schema() const override { return schema_; }
  // Runs to completion on this thread (blocking on futures it waits for).
  void run(Stack& stack) override;

  Graph& graph() const { return *graph_; }
  const std::shared_ptr<Graph>& graphPtr() const { return graph_; }
  // How its Code is built (a GraphExecutor over graph() builds the same).
  const CodeOptions& codeOptions() const { return codeOptions_; }
  // Builds the Code on first call; throws if the graph cannot be compiled.
  const CodePtr& code() const;

 private:
  std::string qualifiedName_;
  std::string name_;
  std::shared_ptr<Graph> graph_;
  FunctionSchema schema_;
  CodeOptions codeOptions_;
  // Not std::call_once: under ThreadSanitizer a call_once whose function
  // threw (a graph that does not compile) never lets the next caller in.
  mutable std::mutex codeMu_;
  mutable std::atomic<bool> codeBuilt_{false};
  mutable CodePtr code_;
};

// The schema a graph implies: arguments named after the input values'
// debug names (or "argN"), returns typed by the outputs.
FunctionSchema schemaFromGraph(const std::string& name, const Graph& graph);

}  // namespace jitserve
