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

namespace {

struct NamedDispatch {
  std::string_view name;
  LibraryDispatch dispatch;
};

// PyTorch's boolean dispatches (torch/nn/functional.py, torch/functional.py),
// with the same argument positions and defaults.
constexpr NamedDispatch kDispatches[] = {
    {"torch.nn.functional.max_pool1d",
     {"return_indices", 6, false, "torch.nn.functional.max_pool1d_with_indices", "torch.nn.functional._max_pool1d"}},
    {"torch.nn.functional.max_pool2d",
     {"return_indices", 6, false, "torch.nn.functional.max_pool2d_with_indices", "torch.nn.functional._max_pool2d"}},
    {"torch.nn.functional.max_pool3d",
     {"return_indices", 6, false, "torch.nn.functional.max_pool3d_with_indices", "torch.nn.functional._max_pool3d"}},
    {"torch.nn.functional.adaptive_max_pool1d",
     {"return_indices", 2, false, "torch.nn.functional.adaptive_max_pool1d_with_indices",
      "torch.nn.functional._adaptive_max_pool1d"}},
    {"torch.nn.functional.adaptive_max_pool2d",
     {"return_indices", 2, false, "torch.nn.functional.adaptive_max_pool2d_with_indices",
      "torch.nn.functional._adaptive_max_pool2d"}},
    {"torch.nn.functional.adaptive_max_pool3d",
     {"return_indices", 2, false, "torch.nn.functional.adaptive_max_pool3d_with_indices",
      "torch.nn.functional._adaptive_max_pool3d"}},
    {"torch.unique",
     {"return_inverse", 2, false, "torch.functional._unique_inverse_true", "torch.functional._unique_inverse_false"}},
    {"torch.functional._unique_inverse_true",
     {"return_counts", 3, false, "torch.functional._unique_impl", "torch.functional._return_inverse"}},
    {"torch.functional._unique_inverse_false",
     {"return_counts", 3, false, "torch.functional._return_counts", "torch.functional._return_output"}},
    {"torch.unique_consecutive",
     {"return_inverse", 1, false, "torch.functional._consecutive_inverse_true",
      "torch.functional._consecutive_inverse_false"}},
    {"torch.functional._consecutive_inverse_true",
     {"return_counts", 2, false, "torch.functional._unique_consecutive_impl",
      "torch.functional._consecutive_return_inverse"}},
    {"torch.functional._consecutive_inverse_false",
     {"return_counts", 2, false, "torch.functional._consecutive_return_counts",
      "torch.functional._consecutive_return_output"}},
    {"torch.lu", {"get_infos", 2, false, "torch.functional._lu_with_infos", "torch.functional._lu_no_infos"}},
};

}  // namespace

const LibraryDispatch* findLibraryDispatch(std::string_view qualifiedName) {
  for (const NamedDispatch& d : kDispatches)
    if (d.name == qualifiedName) return &d.dispatch;
  return nullptr;
}

const GraphFunction* findLibraryHelper(std::string_view name) {
  if (tlsCompilingLibrary) return nullptr;
  return library().findFunction(name);
}

}  // namespace jitserve::frontend
