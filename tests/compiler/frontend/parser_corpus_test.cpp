// Every TorchScript source in the conformance corpus parses, and so does the
// printed code (code/__torch__/...py) inside every corpus archive. Cases that
// expect a compile error may fail to parse, but only with an ErrorReport.
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "compiler/frontend/parser.h"
#include "compiler/serialization/zip_reader.h"

namespace jitserve::frontend {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<fs::path> casesWith(const std::string& file) {
  std::vector<fs::path> out;
  fs::path root(JITSERVE_CONFORMANCE_DIR);
  if (!fs::exists(root)) return out;
  for (const auto& suite : fs::directory_iterator(root)) {
    if (!suite.is_directory()) continue;
    for (const auto& c : fs::directory_iterator(suite.path()))
      if (fs::exists(c.path() / file)) out.push_back(c.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ParserCorpus, EverySourceParses) {
  auto cases = casesWith("source.py");
  if (cases.empty()) GTEST_SKIP() << "no conformance corpus at " << JITSERVE_CONFORMANCE_DIR;
  size_t ok = 0, expectedErrors = 0, stmts = 0, bytes = 0;
  std::vector<std::pair<std::string, std::shared_ptr<const Source>>> sources;
  std::vector<bool> compileErrors;
  for (const auto& c : cases) {
    compileErrors.push_back(readFile(c / "case.json").find("\"compile_error\"") != std::string::npos);
    sources.emplace_back(c.string(), std::make_shared<const Source>(readFile(c / "source.py"),
                                                                    (c / "source.py").string()));
    bytes += sources.back().second->text().size();
  }
  auto t0 = std::chrono::steady_clock::now();
  for (size_t i = 0; i < cases.size(); ++i) {
    bool compileError = compileErrors[i];
    try {
      stmts += parseFile(sources[i].second).size();
      ++ok;
    } catch (const ErrorReport& e) {
      if (compileError) {
        ++expectedErrors;
        std::cout << "  rejected (expects compile_error): " << cases[i].filename().string() << ": "
                  << e.rawMessage() << "\n";
      } else {
        ADD_FAILURE() << cases[i] << ":\n" << e.what();
      }
    }
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  // Timing without the failure bookkeeping: best of 3 passes over the texts.
  // CPU time (std::clock), so a busy build machine does not inflate it much.
  double best = 1e9;
  for (int rep = 0; rep < 3; ++rep) {
    std::clock_t r0 = std::clock();
    for (size_t i = 0; i < cases.size(); ++i) {
      try {
        parseFile(sources[i].second);
      } catch (const ErrorReport&) {
      }
    }
    best = std::min(best, 1000.0 * static_cast<double>(std::clock() - r0) / CLOCKS_PER_SEC);
  }
  std::cout << "parse of all corpus sources: best CPU time " << best << " ms\n";
  std::cout << "parsed " << ok << " of " << cases.size() << " corpus sources (" << expectedErrors
            << " compile_error cases rejected by the parser), " << stmts << " top-level statements, " << bytes
            << " bytes in " << ms << " ms\n";
  EXPECT_GT(ok, 1500u);
}

TEST(ParserCorpus, EveryArchiveCodeFileParses) {
  auto cases = casesWith("model.pt");
  if (cases.empty()) GTEST_SKIP() << "no conformance archives";
  size_t files = 0;
  for (const auto& c : cases) {
    auto zip = ZipArchiveReader::openFile((c / "model.pt").string());
    ASSERT_TRUE(zip.ok()) << zip.status();
    for (const ZipEntryInfo& e : (*zip)->entries()) {
      if (e.name.find("/code/") == std::string::npos || e.name.size() < 3 ||
          e.name.compare(e.name.size() - 3, 3, ".py") != 0)
        continue;
      auto buf = (*zip)->readEntry(e);
      ASSERT_TRUE(buf.ok()) << buf.status();
      std::string text(reinterpret_cast<const char*>(buf->data()), buf->size());
      try {
        parseFile(text, e.name);
        ++files;
      } catch (const ErrorReport& err) {
        ADD_FAILURE() << c << " " << e.name << ":\n" << err.what();
      }
    }
  }
  std::cout << "parsed " << files << " code files from " << cases.size() << " archives\n";
  EXPECT_GT(files, 20u);
}

}  // namespace
}  // namespace jitserve::frontend
