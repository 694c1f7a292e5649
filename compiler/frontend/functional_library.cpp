#include "compiler/frontend/functional_library.h"

#include <mutex>
#include <string>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/support/error.h"

namespace jitserve::frontend {

extern const char kNnFunctionalSource[];

namespace {

thread_local bool tlsCompilingLibrary = false;

const CompilationUnit& library() {
  static CompilationUnit* cu = [] {
    auto* unit = new CompilationUnit();  // lives for the process
    tlsCompilingLibrary = true;
    absl::Status s = unit->define(kNnFunctionalSource, "<jitserve functional library>");
    tlsCompilingLibrary = false;
    // The library is our code: failing to compile it is our bug.
    JS_INTERNAL_ASSERT(s.ok(), "the functional library does not compile: ", s.message());
    return unit;
  }();
  return *cu;
}

}  // namespace

const GraphFunction* findLibraryFunction(std::string_view qualifiedName) {
  if (tlsCompilingLibrary) return nullptr;
  std::string mangled(qualifiedName);
  for (size_t pos; (pos = mangled.find('.')) != std::string::npos;) mangled.replace(pos, 1, "__");
  return library().findFunction(mangled);
}

const GraphFunction* findLibraryHelper(std::string_view name) {
  if (tlsCompilingLibrary) return nullptr;
  return library().findFunction(name);
}

}  // namespace jitserve::frontend
