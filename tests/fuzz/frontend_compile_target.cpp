// Fuzz target: lexer + parser + IR emitter, through CompilationUnit::define.
//
// define() turns every exception into a Status: a user's mistake (Error,
// ErrorReport) into InvalidArgument, anything else into Internal. An
// InternalError (JS_INTERNAL_ASSERT) is an Error too, so it comes back as
// InvalidArgument whose message starts "internal error (a jitserve bug)";
// both that and an Internal status are findings. A compiled function whose
// graph fails the IR verifier is one as well.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir_printer.h"
#include "runtime/ir/verifier.h"
#include "runtime/ops/register_all.h"
#include "tests/fuzz/fuzz_targets.h"

namespace jitserve::fuzz {
namespace {

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "frontend compile fuzz target: %s\n%.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

}  // namespace

int frontendCompileTarget(const uint8_t* data, size_t size) {
  ensureOperatorsRegistered();
  frontend::CompilationUnit cu;
  absl::Status st = cu.define(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!st.ok()) {
    const std::string msg(st.message());
    if (st.code() != absl::StatusCode::kInvalidArgument) fail("define() failed with a non-user error", msg);
    // Only as a prefix: the message quotes the source, which may hold anything.
    if (msg.rfind("internal error (a jitserve bug) at ", 0) == 0) fail("internal assert", msg);
    if (msg.empty()) fail("error without a message", msg);
    return 0;
  }
  for (GraphFunction* fn : cu.functions()) {
    absl::Status v = verifyGraph(fn->graph());
    if (!v.ok()) fail("the emitted graph fails the IR verifier", std::string(v.message()) + "\n" + graphToString(fn->graph()));
    (void)graphToString(fn->graph());
  }
  return 0;
}

}  // namespace jitserve::fuzz
