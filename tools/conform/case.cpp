#include "tools/conform/case.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace jitserve::conform {
namespace fs = std::filesystem;

absl::StatusOr<Case> loadCase(const std::string& dir) {
  std::ifstream in(dir + "/case.json");
  if (!in) return absl::NotFoundError("cannot open " + dir + "/case.json");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(dir + "/case.json: malformed JSON: " + e.what());
  }
  Case c;
  c.dir = dir;
  fs::path p(dir);
  c.name = p.parent_path().filename().string() + "/" + p.filename().string();
  auto str = [&](const char* key) -> std::string {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
  };
  std::string kind = str("kind");
  if (kind == "source") c.kind = CaseKind::Source;
  else if (kind == "archive") c.kind = CaseKind::Archive;
  else return absl::InvalidArgumentError(dir + "/case.json: unknown kind '" + kind + "'");
  std::string expect = str("expect");
  if (expect == "value") c.expect = Expect::Value;
  else if (expect == "compile_error") c.expect = Expect::CompileError;
  else if (expect == "runtime_error") c.expect = Expect::RuntimeError;
  else return absl::InvalidArgumentError(dir + "/case.json: unknown expect '" + expect + "'");
  c.entry = str("entry");
  c.error = str("error");
  if (j.contains("rtol") && j["rtol"].is_number()) c.rtol = j["rtol"].get<double>();
  if (j.contains("atol") && j["atol"].is_number()) c.atol = j["atol"].get<double>();
  if (j.contains("tags") && j["tags"].is_array())
    for (auto& t : j["tags"]) if (t.is_string()) c.tags.push_back(t.get<std::string>());
  return c;
}

std::vector<std::string> findCaseDirs(const std::vector<std::string>& roots) {
  std::vector<std::string> out;
  for (const auto& root : roots) {
    std::error_code ec;
    if (fs::exists(fs::path(root) / "case.json", ec)) {
      out.push_back(fs::path(root).lexically_normal().string());
      continue;
    }
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_regular_file(ec) && it->path().filename() == "case.json")
        out.push_back(it->path().parent_path().lexically_normal().string());
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace jitserve::conform
