#include "compiler/frontend/functional_library.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"
#include "runtime/support/error.h"

namespace jitserve::frontend {

extern const char kFunctionalCommonSource[];
extern const char kNnFunctionalSource[];
extern const char kFunctionalNormalizationSource[];
extern const char kFunctionalLossSource[];
extern const char kFunctionalPoolingSource[];
extern const char kFunctionalVisionSource[];
extern const char kTorchFunctionalSource[];
extern const char kRnnUtilsSource[];

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

// The library's text as top-level pieces: each def (with the comments
// after it), and what precedes the first def of a file.
struct Piece {
  std::string def;  // the def's name; empty for a file's preamble
  std::string text;
  bool omitted = false;
};

std::vector<Piece> libraryPieces() {
  std::vector<Piece> pieces;
  for (const LibraryFile& f : kLibraryFiles) {
    // Error messages quote the offending lines; this names their file.
    pieces.push_back({"", std::string("# ---- functional/") + f.name + "\n"});
    std::string_view src = f.source;
    while (!src.empty()) {
      size_t eol = src.find('\n');
      std::string_view line = src.substr(0, eol == std::string_view::npos ? src.size() : eol + 1);
      src.remove_prefix(line.size());
      if (line.starts_with("def ")) {
        size_t paren = line.find('(');
        pieces.push_back({std::string(line.substr(4, paren - 4)), ""});
      }
      pieces.back().text += line;
    }
    if (!pieces.back().text.ends_with('\n')) pieces.back().text += '\n';
  }
  return pieces;
}

// The 1-based line an error message points at in the source, or 0.
size_t errorLine(std::string_view message) {
  constexpr std::string_view kMarker = "\", line ";
  size_t at = message.find(kMarker);
  if (at == std::string_view::npos) return 0;
  size_t n = 0;
  for (size_t i = at + kMarker.size(); i < message.size() && message[i] >= '0' && message[i] <= '9'; ++i)
    n = n * 10 + static_cast<size_t>(message[i] - '0');
  return n;
}

// Whether a piece calls `torch.name(...)` for an operator aten::name that is
// not registered: the common reason to leave a function out, found without
// a failed compile (each costs a full one).
std::string unregisteredTorchCall(const std::string& text) {
  for (size_t at = text.find("torch."); at != std::string::npos; at = text.find("torch.", at + 1)) {
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_')) continue;
    size_t end = at + 6;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
    if (end >= text.size() || text[end] != '(') continue;  // torch.linalg.x, torch.float, ...
    std::string op = "aten::" + text.substr(at + 6, end - at - 6);
    if (currentOperatorRegistry().lookup(op).empty()) return op;
  }
  return "";
}

thread_local bool tlsCompilingLibrary = false;

constexpr std::string_view kRnnQualifier = "__torch__.torch.nn.utils.rnn";

struct Library {
  CompilationUnit unit;
  std::vector<LibraryOmission> omissions;
};

// Compiles the library. A public def that calls an operator this build does
// not register (an optional backend, an operator not written yet) is left
// out, with the reason, and so is a def that calls one left out: a missing
// operator costs those functions, not the library. Any other error is our
// bug.
Library* compileLibrary() {
  auto* lib = new Library();  // lives for the process
  std::vector<Piece> pieces = libraryPieces();
  struct Compiling {
    Compiling() { tlsCompilingLibrary = true; }
    ~Compiling() { tlsCompilingLibrary = false; }
  } compiling;
  for (Piece& p : pieces) {
    if (p.def.empty() || p.def[0] == '_') continue;
    std::string op = unregisteredTorchCall(p.text);
    if (op.empty()) continue;
    p.omitted = true;
    lib->omissions.push_back({p.def, "Unknown builtin op: " + op});
  }
  for (;;) {
    std::string source;
    std::vector<size_t> firstLine;  // per piece, in `source`
    size_t line = 1;
    for (const Piece& p : pieces) {
      firstLine.push_back(line);
      if (p.omitted) continue;
      source += p.text;
      line += static_cast<size_t>(std::count(p.text.begin(), p.text.end(), '\n'));
    }
    absl::Status s = lib->unit.define(source, "<jitserve functional library>");
    if (s.ok()) break;
    std::string_view msg(s.message().data(), s.message().size());
    bool callsOmitted = false;
    for (const LibraryOmission& o : lib->omissions) callsOmitted = callsOmitted || msg.find(o.def) != msg.npos;
    bool missingOp = msg.starts_with("Unknown builtin op") || callsOmitted;
    size_t at = errorLine(msg);
    Piece* culprit = nullptr;
    for (size_t i = 0; i < pieces.size(); ++i)
      if (!pieces[i].omitted && firstLine[i] <= at) culprit = &pieces[i];
    bool omissible = missingOp && culprit && !culprit->def.empty() && culprit->def[0] != '_';
    // The library is our code: failing to compile it otherwise is our bug.
    JS_INTERNAL_ASSERT(omissible, "the functional library does not compile: ", msg);
    culprit->omitted = true;
    lib->omissions.push_back({culprit->def, std::string(msg.substr(0, msg.find('\n')))});
  }
  // torch.nn.utils.rnn defines a NamedTuple, which must carry PyTorch's
  // qualified name, so that file has its own qualifier (and is all or
  // nothing: it calls only operators every build registers).
  DefineOptions rnn;
  rnn.filename = "<jitserve functional library: rnn.py>";
  rnn.qualifier = std::string(kRnnQualifier);
  absl::Status s = lib->unit.define(kRnnUtilsSource, rnn);
  if (!s.ok()) lib->omissions.push_back({"torch.nn.utils.rnn", std::string(s.message())});
  return lib;
}

const Library& library() {
  static Library* lib = compileLibrary();
  return *lib;
}

}  // namespace

const GraphFunction* findLibraryFunction(std::string_view qualifiedName) {
  // Helpers (`_name`) are private to the library.
  if (tlsCompilingLibrary || qualifiedName.empty() || qualifiedName[0] == '_') return nullptr;
  // A file with its own qualifier names its defs qualifier + "." + name.
  if (qualifiedName.starts_with("torch.nn.utils.rnn."))
    return library().unit.findFunction("__torch__." + std::string(qualifiedName));
  std::string mangled(qualifiedName);
  for (size_t pos; (pos = mangled.find('.')) != std::string::npos;) mangled.replace(pos, 1, "__");
  return library().unit.findFunction(mangled);
}

const NamedTupleDef* findLibraryNamedTuple(std::string_view qualifiedName) {
  if (tlsCompilingLibrary || !qualifiedName.starts_with("torch.")) return nullptr;
  return library().unit.findNamedTuple("__torch__." + std::string(qualifiedName));
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
    {"torch.nn.functional.fractional_max_pool2d",
     {"return_indices", 4, false, "torch.nn.functional.fractional_max_pool2d_with_indices",
      "torch.nn.functional._fractional_max_pool2d"}},
    {"torch.nn.functional.fractional_max_pool3d",
     {"return_indices", 4, false, "torch.nn.functional.fractional_max_pool3d_with_indices",
      "torch.nn.functional._fractional_max_pool3d"}},
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

const std::vector<LibraryOmission>& libraryOmissions() { return library().omissions; }

const GraphFunction* findLibraryHelper(std::string_view name) {
  if (tlsCompilingLibrary) return nullptr;
  return library().unit.findFunction(name);
}

}  // namespace jitserve::frontend
