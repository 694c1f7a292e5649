// ModelRegistry: the models loaded in this process, by name and version.
//
// Versions are strings; "" in a lookup means the newest, compared as
// integers when both are numeric ("10" > "9"), else as strings. Adding a
// model replaces the same name+version. Lookups hand out shared_ptrs, so a
// model unloaded while requests run stays alive until they finish.
//
// Thread safety: every method may be called from any thread.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "server/core/model.h"

namespace jitserve::server {

class ModelRegistry {
 public:
  void add(std::shared_ptr<Model> model);
  // NotFound naming the model (and version) when absent.
  absl::StatusOr<std::shared_ptr<Model>> get(std::string_view name, std::string_view version = "") const;
  // Removes one version, or every version when `version` is "". NotFound if nothing matched.
  absl::Status remove(std::string_view name, std::string_view version = "");
  // Every loaded model, by name then version.
  std::vector<std::shared_ptr<Model>> list() const;
  std::vector<std::string> versions(std::string_view name) const;

  // Orders version strings as described above.
  static bool versionLess(const std::string& a, const std::string& b);

 private:
  struct VersionLess {
    bool operator()(const std::string& a, const std::string& b) const { return versionLess(a, b); }
  };
  using Versions = std::map<std::string, std::shared_ptr<Model>, VersionLess>;
  mutable std::mutex mu_;
  std::map<std::string, Versions, std::less<>> models_;
};

}  // namespace jitserve::server
