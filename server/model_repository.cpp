#include "server/model_repository.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"
#include "server/model_registry.h"

namespace jitserve::server {

namespace fs = std::filesystem;

namespace {

absl::StatusOr<std::string> readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", p.string()));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

bool ModelRepository::isValidName(std::string_view name) {
  if (name.empty() || name == "." || name == ".." || name.size() > 255) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  });
}

absl::StatusOr<std::vector<ModelSpec>> ModelRepository::scanModel(const std::string& name) const {
  const fs::path dir = root_ / name;
  std::string entry;
  const fs::path config = dir / "config.json";
  std::error_code ec;
  if (fs::exists(config, ec)) {
    auto text = readFile(config);
    if (!text.ok()) return text.status();
    try {
      auto j = nlohmann::json::parse(*text);
      if (j.contains("entry")) entry = j.at("entry").get<std::string>();
    } catch (const std::exception& e) {
      return absl::InvalidArgumentError(absl::StrCat(config.string(), ": ", e.what()));
    }
  }
  std::vector<ModelSpec> out;
  for (const auto& d : fs::directory_iterator(dir, ec)) {
    if (!d.is_directory()) continue;
    const std::string version = d.path().filename().string();
    if (!isValidName(version)) continue;
    ModelSpec spec{name, version, {}, Model::Format::kSource, entry};
    if (fs::exists(d.path() / "model.py")) {
      spec.file = d.path() / "model.py";
    } else if (fs::exists(d.path() / "model.pt")) {
      spec.file = d.path() / "model.pt";
      spec.format = Model::Format::kArchive;
    } else {
      continue;
    }
    out.push_back(std::move(spec));
  }
  if (ec) return absl::NotFoundError(absl::StrCat("cannot list ", dir.string(), ": ", ec.message()));
  std::sort(out.begin(), out.end(),
            [](const ModelSpec& a, const ModelSpec& b) { return ModelRegistry::versionLess(a.version, b.version); });
  return out;
}

absl::StatusOr<std::vector<ModelSpec>> ModelRepository::scan() const {
  std::error_code ec;
  if (!fs::is_directory(root_, ec)) {
    return absl::NotFoundError(absl::StrCat("model repository ", root_.string(), " is not a directory"));
  }
  std::vector<std::string> names;
  for (const auto& d : fs::directory_iterator(root_, ec)) {
    if (d.is_directory() && isValidName(d.path().filename().string())) names.push_back(d.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  std::vector<ModelSpec> out;
  for (const std::string& n : names) {
    auto specs = scanModel(n);
    if (!specs.ok()) return specs.status();
    for (auto& s : *specs) out.push_back(std::move(s));
  }
  return out;
}

absl::StatusOr<std::vector<ModelSpec>> ModelRepository::find(std::string_view name) const {
  if (!isValidName(name)) {
    return absl::InvalidArgumentError(absl::StrCat("'", std::string(name), "' is not a valid model name (use letters, digits, _ - .)"));
  }
  std::error_code ec;
  if (!fs::is_directory(root_ / std::string(name), ec)) {
    return absl::NotFoundError(absl::StrCat("model '", std::string(name), "' is not in the model repository"));
  }
  auto specs = scanModel(std::string(name));
  if (!specs.ok()) return specs.status();
  if (specs->empty()) {
    return absl::NotFoundError(absl::StrCat("model '", std::string(name), "' has no version folder with a model.py or model.pt"));
  }
  return specs;
}

absl::StatusOr<std::shared_ptr<Model>> loadModel(const ModelSpec& spec, Model::Options options) {
  auto bytes = readFile(spec.file);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<std::shared_ptr<Model>> m =
      spec.format == Model::Format::kSource ? Model::fromSource(spec.name, spec.version, *bytes, spec.entry, options)
                                            : Model::fromArchive(spec.name, spec.version, std::move(*bytes), spec.entry, options);
  if (!m.ok()) {
    return absl::Status(m.status().code(), absl::StrCat("loading ", spec.file.string(), ": ", m.status().message()));
  }
  return m;
}

}  // namespace jitserve::server
