#include "server/core/model_registry.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace jitserve::server {

namespace {
bool isNumber(const std::string& s) {
  if (s.empty() || s.size() > 18) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}
}  // namespace

bool ModelRegistry::versionLess(const std::string& a, const std::string& b) {
  if (isNumber(a) && isNumber(b)) return std::stoll(a) < std::stoll(b);
  return a < b;
}

void ModelRegistry::add(std::shared_ptr<Model> model) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& versions = models_[model->name()];
  versions[model->version()] = std::move(model);
}

absl::StatusOr<std::shared_ptr<Model>> ModelRegistry::get(std::string_view name, std::string_view version) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = models_.find(name);
  if (it == models_.end() || it->second.empty()) {
    return absl::NotFoundError(absl::StrCat("model '", std::string(name), "' is not loaded"));
  }
  if (version.empty()) return it->second.rbegin()->second;
  auto v = it->second.find(std::string(version));
  if (v == it->second.end()) {
    std::vector<std::string> have;
    for (const auto& [ver, m] : it->second) have.push_back(ver);
    return absl::NotFoundError(absl::StrCat("model '", std::string(name), "' has no version '", std::string(version),
                                            "' loaded (loaded versions: ", absl::StrJoin(have, ", "), ")"));
  }
  return v->second;
}

absl::Status ModelRegistry::remove(std::string_view name, std::string_view version) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = models_.find(name);
  if (it == models_.end()) return absl::NotFoundError(absl::StrCat("model '", std::string(name), "' is not loaded"));
  if (version.empty()) {
    models_.erase(it);
    return absl::OkStatus();
  }
  if (it->second.erase(std::string(version)) == 0) {
    return absl::NotFoundError(absl::StrCat("model '", std::string(name), "' has no version '", std::string(version), "' loaded"));
  }
  if (it->second.empty()) models_.erase(it);
  return absl::OkStatus();
}

std::vector<std::shared_ptr<Model>> ModelRegistry::list() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::shared_ptr<Model>> out;
  for (const auto& [name, versions] : models_)
    for (const auto& [v, m] : versions) out.push_back(m);
  return out;
}

std::vector<std::string> ModelRegistry::versions(std::string_view name) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  auto it = models_.find(name);
  if (it != models_.end())
    for (const auto& [v, m] : it->second) out.push_back(v);
  return out;
}

}  // namespace jitserve::server
