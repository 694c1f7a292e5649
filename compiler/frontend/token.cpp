// Names of token and tree kinds, for error messages and the tree printer.
#include "compiler/frontend/token.h"

namespace jitserve::frontend {

std::string kindToString(int kind) {
  if (kind >= 0 && kind < 256) return std::string(1, static_cast<char>(kind));
  switch (kind) {
#define JITSERVE_KIND_NAME(tok, str, text) \
  case tok:                                \
    return str;
    JITSERVE_FORALL_TOKEN_KINDS(JITSERVE_KIND_NAME)
#undef JITSERVE_KIND_NAME
    default:
      return "kind " + std::to_string(kind);
  }
}

std::string kindToDisplay(int kind) {
  switch (kind) {
    case TK_EOF: return "end of input";
    case TK_NEWLINE: return "newline";
    case TK_INDENT: return "'indent'";
    case TK_DEDENT: return "'dedent'";
    case TK_IDENT: return "ident";
    case TK_NUMBER: return "number";
    case TK_STRING: return "string";
    default: return "'" + kindToString(kind) + "'";
  }
}

}  // namespace jitserve::frontend
