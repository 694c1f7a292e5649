// jit-archive: TorchScript archives through jitserve's importer and exporter.
//
//   jit-archive resave IN.pt OUT.pt   load IN, save it again (what PyTorch's
//                                     torch.jit.load must read back)
//   jit-archive code IN.pt            print the code/ files we would write
//   jit-archive methods IN.pt         list the module's methods and schemas
//   jit-archive check IN.pt [DEVICE]  will it run here (on DEVICE, default
//                                     cpu)? jitctl check's report, offline
//
// Exit status: 0 on success, 1 with a one-line error on stderr otherwise.
#include <cstdio>
#include <string>

#include "compiler/archive/archive_export.h"
#include "compiler/archive/archive_import.h"
#include "runtime/ops/register_all.h"
#include "server/core/archive_check.h"
#if JITSERVE_HAVE_CUDA
#include "runtime/cuda/cuda_backend.h"
#endif

using namespace jitserve;

namespace {

int usage() {
  std::fprintf(stderr, "usage: jit-archive resave IN.pt OUT.pt | code IN.pt | methods IN.pt | check IN.pt [DEVICE]\n");
  return 2;
}

int fail(const absl::Status& st) {
  std::fprintf(stderr, "jit-archive: %s\n", std::string(st.message()).c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  std::string cmd = argv[1];
  ensureOperatorsRegistered();
  if (cmd == "check") {
    if (argc != 3 && argc != 4) return usage();
    server::ArchiveCheckOptions options;
    if (argc == 4) {
      auto d = Device::parse(argv[3]);
      if (!d) return fail(absl::InvalidArgumentError(std::string("not a device: ") + argv[3]));
      options.model.device = *d;
    }
#if JITSERVE_HAVE_CUDA
    cuda::ensureCudaSupport();  // the CUDA column: what this build's kernels serve
#endif
    FILE* f = std::fopen(argv[2], "rb");
    if (!f) return fail(absl::NotFoundError(std::string("cannot read ") + argv[2]));
    std::string bytes;
    char buf[1 << 16];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.append(buf, n);
    std::fclose(f);
    server::ArchiveReport r = server::checkArchive(std::move(bytes), options);
    std::printf("%s: %s", argv[2], server::formatArchiveReport(r).c_str());
    return r.willRun ? 0 : 1;
  }
  if ((cmd == "resave" && argc != 4) || (cmd != "resave" && argc != 3)) return usage();
  absl::StatusOr<Module> m = importModuleFile(argv[2]);
  if (!m.ok()) return fail(m.status());
  if (cmd == "resave") {
    absl::Status st = exportModuleFile(*m, argv[3]);
    return st.ok() ? 0 : fail(st);
  }
  if (cmd == "code") {
    auto code = exportedCode(*m);
    if (!code.ok()) return fail(code.status());
    for (const auto& [record, source] : *code) std::printf("# %s\n%s\n", record.c_str(), source.c_str());
    return 0;
  }
  if (cmd == "methods") {
    for (Function* f : m->methods()) std::printf("%s\n", f->schema().str().c_str());
    return 0;
  }
  return usage();
}
