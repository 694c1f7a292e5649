// Fuzz targets for what jitserved reads from users besides source: pickles
// (the data.pkl of torch.save files and archives, and the constants.pkl of
// archives) and whole zip files (a model archive; inputs.pt).
//
// Rejecting an input is fine when it comes back as a status that names the
// problem. A finding is: a crash or sanitizer report, an escaped exception,
// an internal assert ("internal error (a jitserve bug)"), a kInternal
// status, or an error status with an empty message.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "compiler/archive/archive_import.h"
#include "compiler/serialization/torch_save.h"
#include "compiler/serialization/unpickler.h"
#include "runtime/ops/register_all.h"
#include "tests/fuzz/fuzz_targets.h"

namespace jitserve::fuzz {
namespace {

[[noreturn]] void fail(const char* target, const char* what, std::string_view detail) {
  std::fprintf(stderr, "%s fuzz target: %s\n%.*s\n", target, what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

void checkRejection(const char* target, const absl::Status& st) {
  if (st.ok()) return;
  const std::string msg(st.message());
  if (st.code() == absl::StatusCode::kInternal || st.code() == absl::StatusCode::kUnknown)
    fail(target, "failed with a non-user error", msg);
  if (msg.find("internal error (a jitserve bug)") != std::string::npos) fail(target, "internal assert", msg);
  if (msg.empty()) fail(target, "error without a message", msg);
}

// Small limits, so a fuzzer input cannot spend the run allocating.
UnpicklerLimits smallLimits() {
  UnpicklerLimits l;
  l.maxStackSize = 1 << 12;
  l.maxMemoSize = 1 << 12;
  l.maxValues = 1 << 16;
  return l;
}

}  // namespace

int unpicklerTarget(const uint8_t* data, size_t size) {
  UnpicklerOptions options;
  options.sourceName = "<fuzz>";
  options.limits = smallLimits();
  // Storages of up to 64 elements exist (zeroed); larger ones are refused
  // as a missing record would be.
  options.loadStorage = [](const StorageRecordRef& ref) -> Storage {
    if (ref.numel > 64) throw Error("storage " + ref.key + " is too large for the fuzz target");
    Storage s = Storage::allocate(static_cast<size_t>(ref.numel) * 16 + 16);
    std::memset(s.data(), 0, s.nbytes());
    return s;
  };
  try {
    auto v = unpickle(std::string_view(reinterpret_cast<const char*>(data), size), options);
    checkRejection("unpickler", v.status());
  } catch (const std::exception& e) {
    fail("unpickler", "an exception escaped unpickle()", e.what());
  }
  return 0;
}

int zipArchiveTarget(const uint8_t* data, size_t size) {
  ensureOperatorsRegistered();
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    TorchLoadLimits tl;
    tl.pickle = smallLimits();
    checkRejection("zip archive (torch.save)", loadTorchSaveBytes(bytes, tl, "<fuzz>").status());
    ArchiveLimits al;
    al.pickle = smallLimits();
    // A __setstate__ that loops: stopped well before libFuzzer's timeout.
    al.maxSetStateTime = std::chrono::milliseconds(200);
    checkRejection("zip archive (module)", importModuleBytes(bytes, "<fuzz>", al).status());
  } catch (const std::exception& e) {
    fail("zip archive", "an exception escaped the loader", e.what());
  }
  return 0;
}

}  // namespace jitserve::fuzz
