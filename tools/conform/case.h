// A conformance case: one folder of ../shared/conformance with a case.json
// (see FORMAT.md there). Loading validates the fields it needs, so a broken
// case is reported as such instead of failing mysteriously later.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace jitserve::conform {

enum class CaseKind { Source, Archive };
enum class Expect { Value, CompileError, RuntimeError };

struct Case {
  std::string dir;    // absolute or as given folder path
  std::string name;   // "<suite>/<case>", the suite being the parent folder's name
  CaseKind kind = CaseKind::Source;
  Expect expect = Expect::Value;
  std::string entry;  // function (source) or method (archive)
  std::string error;  // first line of PyTorch's message, for error cases
  double rtol = 1.3e-6;
  double atol = 1e-5;
  std::vector<std::string> tags;

  std::string path(const std::string& file) const { return dir + "/" + file; }
};

absl::StatusOr<Case> loadCase(const std::string& dir);

// Every folder under the given roots that holds a case.json, sorted by name.
std::vector<std::string> findCaseDirs(const std::vector<std::string>& roots);

}  // namespace jitserve::conform
