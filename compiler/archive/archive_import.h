// Loading a torch.jit.save archive: zip bytes -> Module.
//
//   <prefix>/version         file format version (we read 3 .. 10)
//   <prefix>/code/**.py      the classes and functions, as Python source
//                            (source_importer.h compiles them on demand)
//   <prefix>/constants.pkl   a tuple: CONSTANTS.c0, c1, ... of the code;
//                            its tensors' storages in constants/<key>
//   <prefix>/data.pkl        the module object tree; storages in data/<key>
//   (code/*.debug_pkl, extra/, .data/ are not needed and not read)
//
// Everything is untrusted: the zip reader, the restricted unpickler and the
// compiler each bound what they accept (ArchiveLimits) and fail with an error
// that names the archive and the record (and, for code, the line). Tensors
// in `cuda` storages are loaded on the CPU.
//
// Before returning, every module object's declared attributes are checked
// against the values data.pkl gave them, so a malformed archive fails here
// rather than when a method runs.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "compiler/archive/module.h"
#include "compiler/serialization/unpickler.h"
#include "compiler/serialization/zip_reader.h"

namespace jitserve {

struct ArchiveLimits {
  ZipLimits zip;
  UnpicklerLimits pickle;
  // Sum of the sizes of the code/ files.
  uint64_t maxCodeBytes = uint64_t{64} << 20;
  // Wall time the archive's __setstate__ methods may run, all together, in
  // one import: they are the archive's own code, run while it loads, and a
  // loop that never ends would otherwise hang the load. Real ones copy a few
  // attributes (well under a millisecond).
  std::chrono::milliseconds maxSetStateTime{5000};
};

// What an import saw besides the module, for reports (jitctl check).
struct ArchiveImportInfo {
  int fileFormatVersion = 0;
  // Where data.pkl's tensors were saved ("cpu", "cuda:0"), each once, sorted.
  std::vector<std::string> storageLocations;
};

absl::StatusOr<Module> importModuleFile(const std::string& path, const ArchiveLimits& limits = {});
// displayName names the archive in errors.
absl::StatusOr<Module> importModuleBytes(std::string bytes, std::string displayName = "<archive>",
                                         const ArchiveLimits& limits = {}, ArchiveImportInfo* info = nullptr);
absl::StatusOr<Module> importModule(ZipArchiveReader& archive, const ArchiveLimits& limits = {},
                                    ArchiveImportInfo* info = nullptr);

// Whether the archive looks like a TorchScript archive (a code/ folder and
// data.pkl), as opposed to a torch.save file.
bool isTorchScriptArchive(const ZipArchiveReader& archive);

}  // namespace jitserve
