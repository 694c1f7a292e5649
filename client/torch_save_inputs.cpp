#include "client/torch_save_inputs.h"

#include "absl/strings/str_cat.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "proto/codec/value_codec.h"

namespace jitserve::client {

absl::StatusOr<std::vector<jitserve::v1::Value>> argumentsFromTorchSave(const std::string& path) {
  absl::StatusOr<IValue> loaded = loadTorchSaveFile(path);
  if (!loaded.ok()) {
    return absl::Status(loaded.status().code(), absl::StrCat(path, ": ", loaded.status().message()));
  }
  std::vector<IValue> args;
  if (loaded->isList()) {
    args = loaded->toListRef().elements;
  } else if (loaded->isTuple()) {
    args = loaded->toTupleRef().elements;
  } else {
    args.push_back(*loaded);
  }
  std::vector<jitserve::v1::Value> out(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (absl::Status s = codec::ivalueToValue(args[i], &out[i]); !s.ok()) {
      return absl::Status(s.code(), absl::StrCat(path, ": argument ", i, ": ", s.message()));
    }
  }
  return out;
}

}  // namespace jitserve::client
