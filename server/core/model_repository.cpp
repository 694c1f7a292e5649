#include "server/core/model_repository.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"
#include "server/core/kserve_datatypes.h"
#include "server/core/model_registry.h"

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

// Whether `p` resolves (symlinks followed) inside `root`: the repository
// serves its own files, never what a link inside it points at elsewhere.
bool insideRoot(const fs::path& root, const fs::path& p) {
  std::error_code ec;
  const fs::path r = fs::canonical(root, ec);
  if (ec) return false;
  const fs::path c = fs::canonical(p, ec);
  if (ec) return false;
  auto [rootEnd, _] = std::mismatch(r.begin(), r.end(), c.begin(), c.end());
  return rootEnd == r.end();
}

// A warm-up tensor may not exceed this many bytes: the config is not
// trusted to allocate without bound.
constexpr int64_t kMaxWarmupTensorBytes = int64_t{1} << 30;

absl::StatusOr<IValue> warmupInput(const nlohmann::json& j, const std::string& at) {
  auto bad = [&](absl::string_view why) { return absl::InvalidArgumentError(absl::StrCat(at, ": ", why)); };
  if (j.is_boolean()) return IValue(j.get<bool>());
  if (j.is_number_integer()) return IValue(j.get<int64_t>());
  if (j.is_number_float()) return IValue(j.get<double>());
  if (j.is_string()) return IValue(j.get<std::string>());
  if (j.is_array()) {
    bool ints = true;
    for (const auto& e : j) {
      if (!e.is_number()) return bad("a list input holds numbers only");
      ints = ints && e.is_number_integer();
    }
    if (ints) return IValue::intList(j.get<std::vector<int64_t>>());
    return IValue::doubleList(j.get<std::vector<double>>());
  }
  if (!j.is_object()) return bad("expected a tensor {\"datatype\", \"shape\"}, a number, a bool, a string or a list");
  for (const auto& [key, _] : j.items()) {
    if (key != "datatype" && key != "shape" && key != "fill") {
      return bad(absl::StrCat("unknown key '", key, "' (a tensor has datatype, shape and fill)"));
    }
  }
  if (!j.contains("datatype") || !j["datatype"].is_string()) return bad("a tensor needs \"datatype\", e.g. \"FP32\"");
  const std::string datatype = j["datatype"].get<std::string>();
  std::optional<ScalarType> dtype = scalarTypeFromKServe(datatype);
  if (!dtype) return bad(absl::StrCat("unknown datatype '", datatype, "' (KServe names: BOOL, UINT8, INT8, INT16, INT32, INT64, FP16, BF16, FP32, FP64)"));
  if (!j.contains("shape") || !j["shape"].is_array()) return bad("a tensor needs \"shape\", a list of sizes");
  std::vector<int64_t> shape;
  int64_t bytes = static_cast<int64_t>(elementSize(*dtype));
  for (const auto& d : j["shape"]) {
    if (!d.is_number_integer() || d.get<int64_t>() < 0) return bad("shape entries are sizes (integers >= 0)");
    shape.push_back(d.get<int64_t>());
    if (shape.back() > 0 && bytes > kMaxWarmupTensorBytes / shape.back()) {
      return bad(absl::StrCat("the tensor is larger than the ", kMaxWarmupTensorBytes >> 20, " MiB a warm-up input may take"));
    }
    bytes *= std::max<int64_t>(shape.back(), 1);
  }
  double fill = 0;
  if (j.contains("fill")) {
    if (!j["fill"].is_number()) return bad("\"fill\" is a number");
    fill = j["fill"].get<double>();
  }
  return IValue(full(shape, Scalar(fill), *dtype));
}

}  // namespace

absl::StatusOr<std::vector<WarmupSample>> parseWarmupSamples(std::string_view json, std::string_view where) {
  const std::string w(where);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(json);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(w, ": ", e.what()));
  }
  if (!j.is_array()) return absl::InvalidArgumentError(absl::StrCat(w, ": \"warmup\" is a list of requests"));
  std::vector<WarmupSample> out;
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string at = absl::StrCat(w, ": warmup[", i, "]");
    const nlohmann::json& r = j[i];
    if (!r.is_object()) return absl::InvalidArgumentError(absl::StrCat(at, ": expected {\"inputs\": [...]}"));
    WarmupSample sample;
    for (const auto& [key, value] : r.items()) {
      if (key == "method") {
        if (!value.is_string()) return absl::InvalidArgumentError(absl::StrCat(at, ".method: expected a method name"));
        sample.method = value.get<std::string>();
      } else if (key != "inputs") {
        return absl::InvalidArgumentError(absl::StrCat(at, ": unknown key '", key, "' (a request has method and inputs)"));
      }
    }
    if (!r.contains("inputs") || !r["inputs"].is_array()) {
      return absl::InvalidArgumentError(absl::StrCat(at, ": \"inputs\" is a list of the method's arguments"));
    }
    for (size_t k = 0; k < r["inputs"].size(); ++k) {
      absl::StatusOr<IValue> v = warmupInput(r["inputs"][k], absl::StrCat(at, ".inputs[", k, "]"));
      if (!v.ok()) return v.status();
      sample.inputs.push_back(std::move(*v));
    }
    out.push_back(std::move(sample));
  }
  return out;
}

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
  std::vector<WarmupSample> warmup;
  std::optional<Device> device;
  bool cpuFallback = false;
  const fs::path config = dir / "config.json";
  std::error_code ec;
  if (fs::exists(config, ec)) {
    if (!insideRoot(root_, config)) {
      return absl::PermissionDeniedError(absl::StrCat(
          config.string(), " resolves outside the model repository (a symbolic link out of it?); not read"));
    }
    auto text = readFile(config);
    if (!text.ok()) return text.status();
    try {
      auto j = nlohmann::json::parse(*text);
      if (j.contains("entry")) entry = j.at("entry").get<std::string>();
      if (j.contains("device")) {
        const std::string d = j.at("device").get<std::string>();
        device = Device::parse(d);
        if (!device) {
          return absl::InvalidArgumentError(
              absl::StrCat(config.string(), ": \"device\" must be cpu, cuda or cuda:N, got '", d, "'"));
        }
      }
      if (j.contains("cpu_fallback")) {
        if (!j.at("cpu_fallback").is_boolean()) {
          return absl::InvalidArgumentError(
              absl::StrCat(config.string(), ": \"cpu_fallback\" must be true or false, got ", j.at("cpu_fallback").dump()));
        }
        cpuFallback = j.at("cpu_fallback").get<bool>();
      }
      if (j.contains("warmup")) {
        auto samples = parseWarmupSamples(j.at("warmup").dump(), config.string());
        if (!samples.ok()) return samples.status();
        warmup = std::move(*samples);
      }
    } catch (const std::exception& e) {
      return absl::InvalidArgumentError(absl::StrCat(config.string(), ": ", e.what()));
    }
  }
  std::vector<ModelSpec> out;
  for (const auto& d : fs::directory_iterator(dir, ec)) {
    if (!d.is_directory()) continue;
    const std::string version = d.path().filename().string();
    if (!isValidName(version)) continue;
    ModelSpec spec{name, version, {}, Model::Format::kSource, entry, warmup, device, cpuFallback};
    if (fs::exists(d.path() / "model.py")) {
      spec.file = d.path() / "model.py";
    } else if (fs::exists(d.path() / "model.pt")) {
      spec.file = d.path() / "model.pt";
      spec.format = Model::Format::kArchive;
    } else {
      continue;
    }
    spec.outsideRepository = !insideRoot(root_, spec.file);
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
  if (options.warmup.empty()) options.warmup = spec.warmup;
  if (spec.device) options.device = *spec.device;
  options.cpuFallback = options.cpuFallback || spec.cpuFallback;
  if (spec.outsideRepository) {
    return absl::PermissionDeniedError(absl::StrCat(
        spec.file.string(), " resolves outside the model repository (a symbolic link out of it?); not read"));
  }
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
