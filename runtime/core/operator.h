// Operator: one registered overload: its schema (parsed once, at
// registration) and its kernel.
//
// Operators are data (docs/architecture.md): each overload is declared by an
// OperatorDef holding the PyTorch schema string, a kernel and a one-line doc,
// and added to an OperatorRegistry by explicit register*Ops() calls at start-up.
//
// Kernel calling convention: the kernel finds its inputs as the last N stack
// entries (first argument deepest), pops them and pushes its returns (a
// schema with k returns pushes k values; a single tuple return pushes one
// tuple). N is the schema's argument count; for a vararg schema the
// interpreter pushes N (the node's input count, as an int) on top of the
// inputs and the kernel pops it first. Errors are jitserve::Error exceptions.
//
// Two kernel forms:
//  - Kernel: `void(Stack&)`, a plain function pointer: the common, fastest form.
//  - KernelWithCtx: `void(Stack&, const void* ctx)` for kernels that need
//    state fixed at registration (e.g. one generic kernel serving several
//    overloads, told which by ctx). ctx must outlive the registry.
// Exactly one of the two is set.
#pragma once

#include <string>
#include <utility>

#include "runtime/core/function_schema.h"
#include "runtime/core/stack.h"

namespace jitserve {

using Kernel = void (*)(Stack&);
using KernelWithCtx = void (*)(Stack&, const void* ctx);

struct OperatorDef {
  std::string schema;  // e.g. "aten::add.int(int a, int b) -> int"
  Kernel kernel = nullptr;
  const char* doc = "";
  KernelWithCtx kernelWithCtx = nullptr;
  const void* ctx = nullptr;

  OperatorDef() = default;
  OperatorDef(std::string s, Kernel k, const char* d) : schema(std::move(s)), kernel(k), doc(d) {}
  OperatorDef(std::string s, KernelWithCtx k, const void* c, const char* d)
      : schema(std::move(s)), doc(d), kernelWithCtx(k), ctx(c) {}
};

class Operator {
 public:
  Operator(FunctionSchema schema, const OperatorDef& def)
      : schema_(std::move(schema)),
        schemaString_(schema_.str()),
        kernel_(def.kernel),
        kernelWithCtx_(def.kernelWithCtx),
        ctx_(def.ctx),
        doc_(def.doc ? def.doc : "") {}

  const FunctionSchema& schema() const { return schema_; }
  // The canonical schema string (schema().str(), computed once).
  const std::string& schemaString() const { return schemaString_; }
  const char* doc() const { return doc_; }

  // The plain kernel, or nullptr when this operator uses the ctx form; the
  // interpreter may cache it to call without the branch in run().
  Kernel kernel() const { return kernel_; }
  KernelWithCtx kernelWithCtx() const { return kernelWithCtx_; }
  const void* ctx() const { return ctx_; }

  void run(Stack& stack) const {
    if (kernel_) {
      kernel_(stack);
    } else {
      kernelWithCtx_(stack, ctx_);
    }
  }

 private:
  FunctionSchema schema_;
  std::string schemaString_;
  Kernel kernel_;
  KernelWithCtx kernelWithCtx_;
  const void* ctx_;
  const char* doc_;
};

}  // namespace jitserve
