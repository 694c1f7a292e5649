// "Will my model run?": what a torch.jit.save archive uses and whether this
// server can serve it, without running it (jitctl check, the admin API's
// CheckModel).
//
// The verdict is the load itself: the archive is loaded exactly as a
// model load would (Model::fromArchive with the same options: import,
// compile every method, freeze, place on the device) and nothing runs, so
// "will run" holds exactly when loading succeeds. Around it the report
// lists what the archive's printed code names, read token by token (so an
// archive that fails on its first unknown operator still has all of them
// listed): every operator with its support on the CPU and on CUDA, the
// classes it defines, the language constructs it relies on, where its
// tensors were saved, and what its layout says of the PyTorch that wrote it.
#pragma once

#include <string>
#include <vector>

#include "server/core/model.h"

namespace jitserve::server {

struct ArchiveCheckOptions {
  ModelOptions model;  // as the load would use them (device, cpu_fallback, freeze)
  std::string entry;   // the default method; "" for forward
};

// One operator the archive's code names.
struct OperatorUse {
  std::string name;                    // "aten::lstm"
  std::vector<std::string> overloads;  // chosen by the compiler ("aten::lstm.input"); empty if not compiled
  bool registered = false;             // an operator of that name exists here
  bool cpu = false;                    // some overload has a CPU kernel
  bool cuda = false;                   // some overload runs on CUDA (own kernel or device-generic)
};

struct ArchiveReport {
  // Layout.
  int fileFormatVersion = 0;  // 0 when unreadable
  std::vector<std::string> records;  // notable records present: "byteorder", ".data/serialization_id", ...
  std::string producer;              // what the layout says of the PyTorch that wrote it
  std::vector<std::string> savedDevices;  // where data.pkl's tensors were saved

  // What the code names.
  std::vector<std::string> classes;     // defined in code/ ("__torch__.torchvision.models.resnet.ResNet")
  std::vector<OperatorUse> operators;   // sorted by name
  std::vector<std::string> constructs;  // "loops", "fork/wait", ...

  // The verdict.
  std::string device;             // where it would run
  bool cudaBuild = false;         // this build registers CUDA kernels (the CUDA column means something)
  bool willRun = false;
  std::string loadError;          // the load's error when it does not
  std::vector<std::string> missing;  // each gap, named ("operator aten::foo: not implemented here")
  std::vector<std::string> notes;    // e.g. "saved with tensors on cuda:0; they load on the CPU"
};

// Never throws: a bad archive is a report with willRun false and the error.
ArchiveReport checkArchive(std::string bytes, const ArchiveCheckOptions& options = {});

// The report as text for people (jitctl check prints it).
std::string formatArchiveReport(const ArchiveReport& report);

}  // namespace jitserve::server
