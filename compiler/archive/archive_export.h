// Saving a Module as a torch.jit.save archive that PyTorch 1.13's
// torch.jit.load (and importModule) reads back to the same module:
//
//   <name>/code/**.py      every class and function the module's methods
//                          reach, printed by python_printer.h, one file per
//                          qualifier (__torch__.a.b.C -> code/__torch__/a/b.py)
//   <name>/constants.pkl   the tensor constants the code names CONSTANTS.cN
//   <name>/data.pkl        the module tree (TorchScript pickle: typed
//                          containers, objects with BUILD state)
//   <name>/data/N, constants/N   tensor storages
//   <name>/version         the file format version the printed operators need
//
// Errors (a graph node the printer cannot write, a value the pickler cannot
// write) come back as a Status naming it; nothing is written then.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "compiler/archive/module.h"

namespace jitserve {

struct ExportOptions {
  // The top-level folder of the zip (PyTorch uses the file's stem).
  std::string archiveName = "archive";
};

absl::StatusOr<std::string> exportModuleBytes(const Module& module, const ExportOptions& options = {});
absl::Status exportModuleFile(const Module& module, const std::string& path, const ExportOptions& options = {});

// The code/ files exportModule would write (record name -> Python source),
// for inspection (jit-archive code).
absl::StatusOr<std::map<std::string, std::string>> exportedCode(const Module& module);

}  // namespace jitserve
