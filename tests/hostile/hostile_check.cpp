// hostile-check: loads every input of the hostile corpus (tests/hostile/
// corpus/, written by make_corpus.py) with the loader its folder names, under
// the loaders' default limits (what jitserved uses), and checks that each is
// refused properly:
//   - the loader returns (no crash, no escaped exception, no hang: ctest's
//     timeout) with a non-OK status;
//   - the status is a user error: not INTERNAL or UNKNOWN, no internal assert
//     ("internal error (a jitserve bug)"), a non-empty message no longer than
//     --max-message bytes (errors travel back to clients in gRPC metadata);
//   - the process's peak RSS (getrusage ru_maxrss), checked after each input,
//     stays below --max-rss-mib (in builds without a sanitizer, whose
//     quarantine and shadow memory make RSS meaningless).
// Inputs under control/<kind>/ are the well-formed bases the generator
// mutates; they must load, so that each hostile input is refused for its own
// defect and not for a mistake of the generator.
//
//   hostile-check [--max-rss-mib=N] [--max-message=N] [--min-inputs=N] [-v] CORPUS_DIR
//
// --min-inputs: fewer hostile inputs than this is a failure (a corpus that
// went missing must not pass).
//
// Folders (the first component under CORPUS_DIR, or under control/):
//   zip                       loaded as a torch.save file and as a
//                             TorchScript archive: both must refuse it
//   torch_save                loaded as a torch.save file
//   archive                   imported as a TorchScript archive
//   pickle                    unpickled, storages of up to 64 elements
//                             available (zeroed)
//   source                    CompilationUnit::define
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/archive/archive_import.h"
#include "compiler/frontend/compilation_unit.h"
#include "compiler/serialization/torch_save.h"
#include "compiler/serialization/unpickler.h"
#include "runtime/ops/register_all.h"
#include "runtime/support/error.h"

// Sanitizers keep freed memory in quarantine and add shadow memory, so RSS
// says nothing about the loaders there: the bound is checked in plain builds.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HOSTILE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define HOSTILE_SANITIZED 1
#endif
#endif
#ifndef HOSTILE_SANITIZED
#define HOSTILE_SANITIZED 0
#endif

namespace fs = std::filesystem;
using namespace jitserve;

namespace {

struct Outcome {
  const char* loader;
  absl::Status status;
};

long peakRssKiB() {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;  // KiB on Linux
}

std::vector<Outcome> load(const std::string& kind, const std::string& bytes, const std::string& name) {
  std::vector<Outcome> out;
  try {
    if (kind == "zip" || kind == "torch_save") {
      out.push_back({"torch.save", loadTorchSaveBytes(bytes, {}, name).status()});
    }
    if (kind == "zip" || kind == "archive") {
      out.push_back({"archive", importModuleBytes(bytes, name).status()});
    } else if (kind == "pickle") {
      UnpicklerOptions options;
      options.sourceName = name;
      options.loadStorage = [](const StorageRecordRef& ref) -> Storage {
        const size_t numel = static_cast<size_t>(std::min<int64_t>(ref.numel, 64));
        Storage s = Storage::allocate(numel * elementSize(ref.dtype) + 1);
        std::memset(s.data(), 0, s.nbytes());
        return s;
      };
      out.push_back({"unpickle", unpickle(bytes, options).status()});
    } else if (kind == "source") {
      frontend::CompilationUnit cu;
      out.push_back({"define", cu.define(bytes)});
    }
  } catch (const std::exception& e) {
    out.push_back({"(escaped exception)", absl::InternalError(std::string("exception escaped the loader: ") + e.what())});
  }
  return out;
}

std::string oneLine(std::string_view s, size_t max = 240) {
  std::string out;
  for (char c : s.substr(0, max)) out.push_back(c == '\n' ? '|' : c);
  if (s.size() > max) out += "...";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  long maxRssMiB = 256;
  int minInputs = 1;
  size_t maxMessage = 4096;
  bool verbose = false;
  fs::path root;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--max-rss-mib=", 0) == 0) maxRssMiB = std::stol(a.substr(14));
    else if (a.rfind("--max-message=", 0) == 0) maxMessage = std::stoul(a.substr(14));
    else if (a.rfind("--min-inputs=", 0) == 0) minInputs = std::stoi(a.substr(13));
    else if (a == "-v") verbose = true;
    else if (a.rfind("-", 0) == 0 || !root.empty()) {
      std::fprintf(stderr, "usage: hostile-check [--max-rss-mib=N] [--max-message=N] [--min-inputs=N] [-v] CORPUS_DIR\n");
      return 2;
    } else root = a;
  }
  if (root.empty() || !fs::is_directory(root)) {
    std::fprintf(stderr, "hostile-check: no corpus folder given (or not a folder)\n");
    return 2;
  }
  ensureOperatorsRegistered();
  std::vector<fs::path> inputs;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().extension() != ".md") inputs.push_back(e.path());
  std::sort(inputs.begin(), inputs.end());

  const long baseKiB = peakRssKiB();
  int failures = 0, hostile = 0, controls = 0;
  for (const fs::path& p : inputs) {
    fs::path rel = fs::relative(p, root);
    auto it = rel.begin();
    bool control = *it == "control";
    if (control) ++it;
    const std::string kind = it->string();
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string bytes = ss.str();
    std::fprintf(stderr, "hostile-check: %s\n", rel.c_str());
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<Outcome> outcomes = load(kind, bytes, rel.filename().string());
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const long rssMiB = peakRssKiB() / 1024;
    if (outcomes.empty()) {
      std::printf("FAIL %s: no loader for folder '%s'\n", rel.c_str(), kind.c_str());
      ++failures;
      continue;
    }
    (control ? controls : hostile)++;
    for (const Outcome& o : outcomes) {
      const std::string msg(o.status.message());
      std::string problem;
      if (control) {
        if (!o.status.ok()) problem = "a control input must load";
      } else if (o.status.ok()) {
        problem = "accepted";
      } else if (o.status.code() == absl::StatusCode::kInternal || o.status.code() == absl::StatusCode::kUnknown) {
        problem = "non-user error code";
      } else if (msg.find("internal error (a jitserve bug)") != std::string::npos) {
        problem = "internal assert";
      } else if (msg.empty()) {
        problem = "empty message";
      } else if (msg.size() > maxMessage) {
        problem = "message of " + std::to_string(msg.size()) + " bytes, more than " + std::to_string(maxMessage);
      }
      if (!problem.empty()) ++failures;
      if (!problem.empty() || verbose) {
        std::printf("%s %s [%s] %.2fs rss=%ldMiB: %s: %s\n", problem.empty() ? "ok  " : "FAIL", rel.c_str(),
                    o.loader, secs, rssMiB, problem.empty() ? absl::StatusCodeToString(o.status.code()).c_str()
                                                            : problem.c_str(),
                    oneLine(o.status.ToString()).c_str());
      }
    }
    if (!HOSTILE_SANITIZED && rssMiB > maxRssMiB) {
      std::printf("FAIL %s: peak RSS %ld MiB after it, more than the bound of %ld MiB\n", rel.c_str(), rssMiB,
                  maxRssMiB);
      ++failures;
    }
  }
  if (hostile < minInputs) {
    std::printf("FAIL: %d hostile input(s), fewer than --min-inputs=%d\n", hostile, minInputs);
    ++failures;
  }
  std::printf("hostile-check: %d hostile input(s), %d control(s), %d failure(s); peak RSS %ld MiB (%ld MiB at start, "
              "bound %ld MiB%s)\n",
              hostile, controls, failures, peakRssKiB() / 1024, baseKiB / 1024, maxRssMiB,
              HOSTILE_SANITIZED ? ", not checked in a sanitizer build" : "");
  return failures == 0 ? 0 : 1;
}
