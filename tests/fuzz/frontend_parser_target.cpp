// Fuzz target: the TorchScript lexer and parser on arbitrary bytes.
//
// Contract under test: any input either parses or throws ErrorReport whose
// message names a problem and whose range lies inside the input. Anything
// else (a crash, a sanitizer report, a hang, an InternalError from a tree
// view's invariant, a different exception) is a bug: an exception other
// than ErrorReport escapes and terminates, a broken error aborts.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "compiler/frontend/parser.h"
#include "tests/fuzz/fuzz_targets.h"

namespace jitserve::fuzz {
namespace {

using namespace jitserve::frontend;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "frontend parser fuzz target: %s\n%s\n", what, detail.c_str());
  std::abort();
}

void checkError(const ErrorReport& e, size_t size) {
  if (e.rawMessage().empty()) fail("error without a message", e.what());
  const SourceRange& r = e.range();
  if (r.hasText() && (r.start() > size || r.end() > size || r.start() > r.end()))
    fail("error range outside the input", e.what());
  if (r.hasText() && std::string(e.what()).find("<--- HERE") == std::string::npos)
    fail("error with a range but no <--- HERE marker", e.what());
}

}  // namespace

int frontendParserTarget(const uint8_t* data, size_t size) {
  auto source = std::make_shared<const Source>(std::string(reinterpret_cast<const char*>(data), size));
  if (size > 0 && data[0] == '(') {
    // Inputs that look like a signature also go through the type-comment
    // entry point, which lexes a sub-range without layout tokens.
    try {
      (void)toSExpr(parseTypeComment(SourceRange(source, 0, size)).tree());
    } catch (const ErrorReport& e) {
      checkError(e, size);
    }
  }
  try {
    List<Stmt> stmts = parseFile(source);
    // Walk the result through the printer: every view/tree must be well formed.
    for (Stmt s : stmts) (void)toSExpr(s.tree());
  } catch (const ErrorReport& e) {
    checkError(e, size);
  }
  return 0;
}

}  // namespace jitserve::fuzz
