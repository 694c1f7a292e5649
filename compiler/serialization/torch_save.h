// torch.save files: reading (and writing) what Python's torch.save produces.
//
// A torch.save file (PyTorch >= 1.6 format) is a zip archive whose entries sit
// under one top-level folder (the name varies: "archive/", "inputs/", ...):
//   <prefix>/data.pkl    the object, pickled (protocol 2); tensors appear as
//                        _rebuild_tensor_v2 calls over persistent ids
//   <prefix>/data/<key>  one raw little-endian storage per key
//   <prefix>/version     the format version ("3")
//   <prefix>/byteorder   "little" (newer writers; "big" is refused)
// The conformance corpus's inputs.pt and expected.pt are such files, and
// gRPC requests carry the same bytes.
//
// Loading is safe for untrusted input: the zip, the pickle and every tensor
// geometry are checked against TorchLoadLimits (see zip_reader.h and
// unpickler.h), and only the globals torch.save emits are resolved, so no
// `__torch__` classes (those belong to TorchScript archives). Tensors land on
// the CPU whatever device they were saved from. The legacy pre-1.6 format
// (a bare pickle stream) is refused with a message saying so.
//
// Saving writes the same layout: protocol 2 pickle, storages stored
// uncompressed at 64-byte aligned offsets, as torch.save does.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "compiler/serialization/unpickler.h"
#include "compiler/serialization/zip_reader.h"
#include "runtime/core/ivalue.h"

namespace jitserve {

struct TorchLoadLimits {
  ZipLimits zip;
  UnpicklerLimits pickle;
};

// Loads a torch.save file from disk.
absl::StatusOr<IValue> loadTorchSaveFile(const std::string& path, const TorchLoadLimits& limits = {});
// Loads a torch.save file from memory; `displayName` names it in errors.
absl::StatusOr<IValue> loadTorchSaveBytes(std::string bytes, const TorchLoadLimits& limits = {},
                                          std::string displayName = "<bytes>");
// Loads from an opened archive (shared by the two above).
absl::StatusOr<IValue> loadTorchSave(ZipArchiveReader& archive, const UnpicklerLimits& limits = {});

struct TorchSaveOptions {
  // The top-level folder inside the zip (torch.save uses the file's stem).
  std::string archiveName = "archive";
};

// Serializes `value` as torch.save would (see pickler.h for what values are
// supported) and returns the file's bytes / writes it to `path`.
absl::StatusOr<std::string> saveTorchSaveBytes(const IValue& value, const TorchSaveOptions& options = {});
absl::Status saveTorchSaveFile(const IValue& value, const std::string& path, const TorchSaveOptions& options = {});

}  // namespace jitserve
