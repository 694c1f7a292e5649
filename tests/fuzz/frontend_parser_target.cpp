// libFuzzer target: the TorchScript lexer and parser on arbitrary bytes.
//
// Contract under test: any input either parses or throws ErrorReport whose
// message names a problem and whose range lies inside the input. Anything
// else (a crash, a sanitizer report, a hang, an InternalError from a tree
// view's invariant, a different exception) is a bug, so we let it escape and
// libFuzzer reports it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "compiler/frontend/parser.h"

using namespace jitserve::frontend;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto source = std::make_shared<const jitserve::Source>(std::string(reinterpret_cast<const char*>(data), size));
  try {
    if (size > 0 && data[0] == '(') {
      // Inputs that look like a signature also go through the type-comment
      // entry point, which lexes a sub-range without layout tokens.
      try {
        (void)toSExpr(parseTypeComment(jitserve::SourceRange(source, 0, size)).tree());
      } catch (const ErrorReport& e) {
        if (e.rawMessage().empty()) abort();
      }
    }
    List<Stmt> stmts = parseFile(source);
    // Walk the result through the printer: every view/tree must be well formed.
    for (Stmt s : stmts) (void)toSExpr(s.tree());
  } catch (const ErrorReport& e) {
    if (e.rawMessage().empty()) abort();  // every error must say what is wrong
    const jitserve::SourceRange& r = e.range();
    if (r.hasText() && (r.start() > size || r.end() > size || r.start() > r.end())) abort();
    if (std::string(e.what()).find("<--- HERE") == std::string::npos && r.hasText()) abort();
  }
  return 0;
}
