// jit-filecheck: checks standard input (or --input-file) against the
// directives in CHECKFILE; see tools/filecheck/filecheck.h for what they mean.
//
//   jit-opt --passes=dce f.ir | jit-filecheck f.ir
//   jit-filecheck --check-prefix=OPT f.ir --input-file=out.txt
//
// Exit status: 0 when every directive holds, 1 when one fails (the reason on
// stderr), 2 for a usage or I/O error.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "tools/filecheck/filecheck.h"

namespace {

constexpr const char* kUsage =
    "usage: jit-filecheck [options] CHECKFILE < input\n"
    "  --check-prefix=P      use P instead of CHECK (repeatable)\n"
    "  --check-prefixes=A,B  several prefixes at once\n"
    "  --input-file=F        read the input from F instead of stdin\n"
    "  --dump-input=fail|never  print the annotated input on failure (default fail)\n";

bool readFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  jitserve::filecheck::Options options;
  std::vector<std::string> prefixes;
  std::string checkPath, inputPath;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](std::string_view flag) { return arg.substr(flag.size()); };
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (arg.rfind("--check-prefix=", 0) == 0) {
      prefixes.push_back(value("--check-prefix="));
    } else if (arg.rfind("--check-prefixes=", 0) == 0) {
      std::stringstream list(value("--check-prefixes="));
      for (std::string p; std::getline(list, p, ',');) prefixes.push_back(p);
    } else if (arg.rfind("--input-file=", 0) == 0) {
      inputPath = value("--input-file=");
    } else if (arg == "--dump-input=fail") {
      options.dumpInput = true;
    } else if (arg == "--dump-input=never") {
      options.dumpInput = false;
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << "jit-filecheck: unknown option '" << arg << "'\n" << kUsage;
      return 2;
    } else if (checkPath.empty()) {
      checkPath = arg;
    } else {
      std::cerr << "jit-filecheck: more than one check file given\n" << kUsage;
      return 2;
    }
  }
  if (checkPath.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  if (!prefixes.empty()) options.prefixes = prefixes;
  std::string checks, input;
  if (!readFile(checkPath, checks)) {
    std::cerr << "jit-filecheck: cannot read check file '" << checkPath << "'\n";
    return 2;
  }
  if (inputPath.empty()) {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    input = ss.str();
    options.inputName = "<stdin>";
  } else {
    if (!readFile(inputPath, input)) {
      std::cerr << "jit-filecheck: cannot read input file '" << inputPath << "'\n";
      return 2;
    }
    options.inputName = inputPath;
  }
  options.checkFileName = checkPath;
  auto checkFile = jitserve::filecheck::CheckFile::parse(checks, options);
  if (!checkFile.error().empty()) {
    std::cerr << checkFile.error();
    return 2;
  }
  jitserve::filecheck::Result result = checkFile.check(input);
  if (!result) {
    std::cerr << result.message;
    return 1;
  }
  return 0;
}
