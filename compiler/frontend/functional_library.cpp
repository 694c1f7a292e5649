#include "compiler/frontend/functional_library.h"

#include <mutex>
#include <string>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/support/error.h"

namespace jitserve::frontend {

extern const char kFunctionalCommonSource[];
extern const char kNnFunctionalSource[];
extern const char kFunctionalNormalizationSource[];
extern const char kFunctionalLossSource[];
extern const char kFunctionalPoolingSource[];
extern const char kFunctionalVisionSource[];
extern const char kTorchFunctionalSource[];

namespace {

// The library's files, helpers first. They are compiled as one source so
// that a def may call helpers of any file (a unit's calls resolve within
// one define()).
struct LibraryFile {
  const char* name;
  const char* source;
};
constexpr LibraryFile kLibraryFiles[] = {
    {"common.py", kFunctionalCommonSource},
    {"nn_functional.py", kNnFunctionalSource},
    {"normalization.py", kFunctionalNormalizationSource},
    {"loss.py", kFunctionalLossSource},
    {"pooling.py", kFunctionalPoolingSource},
    {"vision.py", kFunctionalVisionSource},
    {"torch_functional.py", kTorchFunctionalSource},
};

std::string librarySource() {
  std::string all;
  for (const LibraryFile& f : kLibraryFiles) {
    // Error messages quote the offending lines; this names their file.
    all += "\n# ---- functional/";
    all += f.name;
    all += "\n";
    all += f.source;
  }
  return all;
}

thread_local bool tlsCompilingLibrary = false;

const CompilationUnit& library() {
  static CompilationUnit* cu = [] {
    auto* unit = new CompilationUnit();  // lives for the process
    tlsCompilingLibrary = true;
    absl::Status s = unit->define(librarySource(), "<jitserve functional library>");
    tlsCompilingLibrary = false;
    // The library is our code: failing to compile it is our bug.
    JS_INTERNAL_ASSERT(s.ok(), "the functional library does not compile: ", s.message());
    return unit;
  }();
  return *cu;
}

}  // namespace

const GraphFunction* findLibraryFunction(std::string_view qualifiedName) {
  // Helpers (`_name`) are private to the library.
  if (tlsCompilingLibrary || qualifiedName.empty() || qualifiedName[0] == '_') return nullptr;
  std::string mangled(qualifiedName);
  for (size_t pos; (pos = mangled.find('.')) != std::string::npos;) mangled.replace(pos, 1, "__");
  return library().findFunction(mangled);
}

const GraphFunction* findLibraryHelper(std::string_view name) {
  if (tlsCompilingLibrary) return nullptr;
  return library().findFunction(name);
}

}  // namespace jitserve::frontend
