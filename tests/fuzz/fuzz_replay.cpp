// fuzz-replay: runs saved inputs through the frontend fuzz targets without
// libFuzzer, so any compiler's build can replay them (ctest does, over
// tests/fuzz/regressions/).
//
//   fuzz-replay [--target=parser|compile|all|unpickle|zip] PATH...
//
// parser, compile and all (both) take TorchScript source; unpickle takes a
// pickle (data.pkl) and zip a zip file (an archive or torch.save file).
//
// A PATH that is a folder is walked recursively (files ending in .md are
// notes, not inputs). Each input is named on stderr before it runs, so when
// a target aborts the last name printed is the culprit. Exit status 0 when
// every input passed; a finding aborts (or a sanitizer reports) as under
// libFuzzer.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_targets.h"

namespace fs = std::filesystem;

namespace {

void collect(const fs::path& p, std::vector<fs::path>& out) {
  if (fs::is_directory(p)) {
    std::vector<fs::path> here;
    for (const auto& e : fs::recursive_directory_iterator(p))
      if (e.is_regular_file() && e.path().extension() != ".md") here.push_back(e.path());
    std::sort(here.begin(), here.end());
    out.insert(out.end(), here.begin(), here.end());
  } else {
    out.push_back(p);
  }
}

}  // namespace

int main(int argc, char** argv) {
  bool parser = true, compile = true, unpickle = false, zip = false;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--target=parser") compile = false;
    else if (a == "--target=compile") parser = false;
    else if (a == "--target=all") parser = compile = true;
    else if (a == "--target=unpickle") { parser = compile = false; unpickle = true; }
    else if (a == "--target=zip") { parser = compile = false; zip = true; }
    else if (a.rfind("-", 0) == 0) {
      std::fprintf(stderr, "usage: fuzz-replay [--target=parser|compile|all|unpickle|zip] PATH...\n");
      return 2;
    } else if (!fs::exists(a)) {
      std::fprintf(stderr, "fuzz-replay: no such file or folder: %s\n", a.c_str());
      return 2;
    } else {
      collect(a, inputs);
    }
  }
  for (const auto& p : inputs) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string bytes = ss.str();
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    std::fprintf(stderr, "fuzz-replay: %s\n", p.c_str());
    if (parser) jitserve::fuzz::frontendParserTarget(data, bytes.size());
    if (compile) jitserve::fuzz::frontendCompileTarget(data, bytes.size());
    if (unpickle) jitserve::fuzz::unpicklerTarget(data, bytes.size());
    if (zip) jitserve::fuzz::zipArchiveTarget(data, bytes.size());
  }
  std::fprintf(stderr, "fuzz-replay: %zu input(s) passed\n", inputs.size());
  return 0;
}
