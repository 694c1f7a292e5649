// ModelRepository: models on disk, in a directory laid out as
//
//   DIR/NAME/config.json          optional: {"entry": "forward", "warmup": [...],
//                                            "device": "cuda:0", "cpu_fallback": false}
//   DIR/NAME/VERSION/model.py     TorchScript source, or
//   DIR/NAME/VERSION/model.pt     a torch.jit.save archive
//
// config.json's "warmup" lists load-time warm-up requests (ModelOptions::
// warmup), each {"method": "NAME" (optional), "inputs": [INPUT, ...]} where
// an INPUT is a tensor {"datatype": "FP32", "shape": [1, 3, 224, 224],
// "fill": 0.5 (optional, default 0)} with KServe datatype names, or a JSON
// bool, integer, float, string, or list of integers or floats. A bad entry
// is InvalidArgument naming it, e.g. "warmup[0].inputs[1]".
//
// NAME and VERSION are plain names ([A-Za-z0-9_.-], not "." or ".."), so a
// name from a request can never reach outside DIR. A VERSION folder with
// neither file is skipped. The repository only reads; loadModel turns one
// entry into a Model.
#pragma once

#include <filesystem>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "server/core/model.h"

namespace jitserve::server {

struct ModelSpec {
  std::string name;
  std::string version;
  std::filesystem::path file;  // model.py or model.pt
  Model::Format format;
  std::string entry;  // from config.json; "" when not given
  std::vector<WarmupSample> warmup;  // from config.json
  std::optional<Device> device;      // config.json "device"; unset: the server's default
  bool cpuFallback = false;          // config.json "cpu_fallback" (ModelOptions::cpuFallback)
  // Set when `file` resolves outside the repository (a symlink out of it):
  // loading it fails saying so, without reading it.
  bool outsideRepository = false;
};

// config.json's "warmup" value, parsed (see above); `where` prefixes errors.
absl::StatusOr<std::vector<WarmupSample>> parseWarmupSamples(std::string_view json, std::string_view where);

class ModelRepository {
 public:
  explicit ModelRepository(std::filesystem::path root) : root_(std::move(root)) {}

  const std::filesystem::path& root() const { return root_; }
  // Every model version in the repository (NotFound if the root is not a directory).
  absl::StatusOr<std::vector<ModelSpec>> scan() const;
  // The versions of one model (NotFound if it has none, InvalidArgument for a bad name).
  absl::StatusOr<std::vector<ModelSpec>> find(std::string_view name) const;

  static bool isValidName(std::string_view name);

 private:
  absl::StatusOr<std::vector<ModelSpec>> scanModel(const std::string& name) const;
  std::filesystem::path root_;
};

// Reads and compiles one repository entry.
absl::StatusOr<std::shared_ptr<Model>> loadModel(const ModelSpec& spec, Model::Options options = {});

}  // namespace jitserve::server
