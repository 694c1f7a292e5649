// jitctl check's report (server/core/archive_check.h): it says "will run"
// exactly when the load succeeds, on every public archive and on archives
// crafted to need an unknown operator, class or file format version, and
// otherwise names what is missing.
#include "server/core/archive_check.h"

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "compiler/serialization/zip_reader.h"
#include "compiler/serialization/zip_writer.h"
#include "runtime/ops/register_all.h"

namespace jitserve::server {
namespace {

namespace fs = std::filesystem;

std::string readBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const fs::path kCorpus(JITSERVE_CONFORMANCE_DIR);

// The archive with each record passed through `edit` (record name relative
// to the archive's folder, its bytes) -> new bytes, or nullopt to drop it.
std::string rewrite(const std::string& bytes,
                    const std::function<std::optional<std::string>(const std::string&, std::string)>& edit) {
  auto reader = ZipArchiveReader::openBytes(bytes, "in.pt");
  EXPECT_TRUE(reader.ok()) << reader.status();
  ZipArchiveWriter writer;
  const std::string prefix = (*reader)->prefix();
  for (const ZipEntryInfo& e : (*reader)->entries()) {
    if (e.isDirectory()) continue;
    const std::string rel = e.name.substr(prefix.size());
    auto data = (*reader)->readRecordAsString(rel);
    EXPECT_TRUE(data.ok()) << data.status();
    std::optional<std::string> out = edit(rel, *data);
    if (out) {
      EXPECT_TRUE(writer.addRecord(e.name, *out).ok());
    }
  }
  auto out = writer.finish();
  EXPECT_TRUE(out.ok()) << out.status();
  return *out;
}

class ArchiveCheck : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ensureOperatorsRegistered(); }
  static std::string lstm() { return readBytes(kCorpus / "models_torch2" / "lstm" / "model.pt"); }
};

TEST_F(ArchiveCheck, AgreesWithLoadingOnEveryPublicArchive) {
  size_t checked = 0;
  for (const char* suite : {"models", "models_torch2"}) {
    if (!fs::is_directory(kCorpus / suite)) GTEST_SKIP() << "no corpus at " << kCorpus;
    for (const auto& e : fs::directory_iterator(kCorpus / suite)) {
      if (!fs::exists(e.path() / "model.pt")) continue;
      const std::string bytes = readBytes(e.path() / "model.pt");
      auto loaded = Model::fromArchive("m", "1", bytes);
      ArchiveReport r = checkArchive(bytes);
      EXPECT_EQ(r.willRun, loaded.ok()) << e.path() << ": " << r.loadError;
      if (r.willRun) {
        EXPECT_TRUE(r.missing.empty()) << e.path() << ": " << absl::StrJoin(r.missing, "; ");
        EXPECT_FALSE(r.operators.empty()) << e.path();
        for (const OperatorUse& u : r.operators) EXPECT_TRUE(u.registered && u.cpu) << e.path() << " " << u.name;
      } else {
        EXPECT_FALSE(r.missing.empty()) << e.path();
      }
      EXPECT_GE(r.fileFormatVersion, 3) << e.path();
      EXPECT_FALSE(r.classes.empty()) << e.path();
      ++checked;
    }
  }
  EXPECT_GE(checked, 29u);
}

TEST_F(ArchiveCheck, NamesThePyTorchThatWroteIt) {
  ArchiveReport v2 = checkArchive(lstm());
  EXPECT_TRUE(absl::StrContains(v2.producer, "2.1 or later")) << v2.producer;
  ArchiveReport v1 = checkArchive(readBytes(kCorpus / "models" / "control_flow" / "model.pt"));
  EXPECT_TRUE(absl::StrContains(v1.producer, "1.x or 2.0")) << v1.producer;
  EXPECT_EQ(v1.savedDevices, std::vector<std::string>{"cpu"});
  const std::string text = formatArchiveReport(v2);
  EXPECT_TRUE(absl::StrContains(text, "will run on cpu")) << text;
  EXPECT_TRUE(absl::StrContains(text, "__torch__.torch.nn.modules.rnn.LSTM")) << text;
  EXPECT_TRUE(absl::StrContains(text, "aten::lstm")) << text;
}

TEST_F(ArchiveCheck, NamesEveryUnknownOperatorNotOnlyTheFirst) {
  std::string crafted = rewrite(lstm(), [](const std::string& rel, std::string data) -> std::optional<std::string> {
    if (rel == "code/__torch__/torch/nn/modules/rnn.py") {
      data = absl::StrReplaceAll(data, {{"torch.squeeze(", "torch.frobnicate("}, {"torch.unsqueeze(", "ops.mylib.widget("}});
    }
    return data;
  });
  ASSERT_FALSE(Model::fromArchive("m", "1", crafted).ok());
  ArchiveReport r = checkArchive(crafted);
  EXPECT_FALSE(r.willRun);
  const std::string missing = absl::StrJoin(r.missing, "\n");
  EXPECT_TRUE(absl::StrContains(missing, "operator aten::frobnicate: not implemented here")) << missing;
  EXPECT_TRUE(absl::StrContains(missing, "operator mylib::widget: not implemented here")) << missing;
  EXPECT_TRUE(absl::StrContains(formatArchiveReport(r), "will NOT run")) << formatArchiveReport(r);
}

TEST_F(ArchiveCheck, NamesAMissingClass) {
  std::string crafted = rewrite(lstm(), [](const std::string& rel, std::string data) -> std::optional<std::string> {
    if (rel == "code/__torch__/torch/nn/utils/rnn.py") return std::nullopt;
    return data;
  });
  auto loaded = Model::fromArchive("m", "1", crafted);
  ASSERT_FALSE(loaded.ok());
  ArchiveReport r = checkArchive(crafted);
  EXPECT_FALSE(r.willRun);
  const std::string missing = absl::StrJoin(r.missing, "\n");
  EXPECT_TRUE(absl::StrContains(missing, "PackedSequence")) << missing;
}

TEST_F(ArchiveCheck, NamesAnUnsupportedFileFormatVersion) {
  std::string crafted = rewrite(lstm(), [](const std::string& rel, std::string data) -> std::optional<std::string> {
    return rel == "version" ? std::string("99\n") : data;
  });
  ASSERT_FALSE(Model::fromArchive("m", "1", crafted).ok());
  ArchiveReport r = checkArchive(crafted);
  EXPECT_FALSE(r.willRun);
  EXPECT_EQ(r.fileFormatVersion, 99);
  const std::string missing = absl::StrJoin(r.missing, "\n");
  EXPECT_TRUE(absl::StrContains(missing, "file format version 99 is not supported")) << missing;
}

TEST_F(ArchiveCheck, NotAnArchiveIsAReportNotACrash) {
  ArchiveReport r = checkArchive("this is not a zip file");
  EXPECT_FALSE(r.willRun);
  EXPECT_FALSE(r.loadError.empty());
  EXPECT_FALSE(r.missing.empty());
  EXPECT_TRUE(absl::StrContains(formatArchiveReport(r), "will NOT run"));
}

}  // namespace
}  // namespace jitserve::server
