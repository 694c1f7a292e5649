// ZipStorageLoader: serves the unpickler's persistent ids from an archive.
//
// torch.save and torch.jit.save store each tensor storage as its own record,
// <folder><key> ("data/0"; "constants/0" for a TorchScript archive's
// constants.pkl), holding the raw little-endian elements. The loader reads a
// record once, into 64-byte aligned memory the Storage then owns, and hands
// the same Storage to every tensor that names that key, so views keep
// sharing memory as they did when saved.
//
// Checks: the record exists and holds at least numel * elementSize bytes (a
// shorter record is refused; the zip reader already bounded its size).
#pragma once

#include <string>

#include "absl/container/flat_hash_map.h"
#include "compiler/serialization/unpickler.h"
#include "compiler/serialization/zip_reader.h"
#include "runtime/tensor/storage.h"

namespace jitserve {

class ZipStorageLoader {
 public:
  // `reader` must outlive the loader. `folder` ends with '/'.
  ZipStorageLoader(ZipArchiveReader& reader, std::string folder) : reader_(reader), folder_(std::move(folder)) {}

  // Throws jitserve::Error naming the record when it is missing or short.
  Storage load(const StorageRecordRef& ref);

  // A callback for UnpicklerOptions::loadStorage; the loader must outlive it.
  StorageLoader callback() {
    return [this](const StorageRecordRef& ref) { return load(ref); };
  }

  // Storages loaded so far, by key.
  size_t numLoaded() const { return cache_.size(); }

 private:
  ZipArchiveReader& reader_;
  std::string folder_;
  absl::flat_hash_map<std::string, Storage> cache_;
};

}  // namespace jitserve
