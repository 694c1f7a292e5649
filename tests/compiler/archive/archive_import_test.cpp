// Loading torch.jit.save archives: the module tree, running methods, and a
// clear error (never a crash) for each way an archive can be wrong. Hostile
// archives are variants of a real one (lang/module_final_constants) with one
// record changed.
#include "compiler/archive/archive_import.h"

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <map>
#include <string>

#include "compiler/serialization/zip_reader.h"
#include "compiler/serialization/zip_writer.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

std::string corpus(const std::string& rel) { return std::string(JITSERVE_CONFORMANCE_DIR) + "/" + rel; }

const char kFinalConst[] = "lang/module_final_constants/model.pt";

// The records of an archive, by full name, in order.
std::vector<std::pair<std::string, std::string>> readAll(const std::string& path) {
  auto reader = ZipArchiveReader::openFile(path);
  EXPECT_TRUE(reader.ok()) << reader.status();
  std::vector<std::pair<std::string, std::string>> out;
  for (const ZipEntryInfo& e : (*reader)->entries()) {
    auto buf = (*reader)->readEntry(e);
    EXPECT_TRUE(buf.ok()) << buf.status();
    out.emplace_back(e.name, std::string(buf->view()));
  }
  return out;
}

// A copy of the archive at `path` with edit applied to its records
// (name -> bytes; erase a name to drop the record).
std::string rewrite(const std::string& path, const std::function<void(std::map<std::string, std::string>&)>& edit) {
  auto records = readAll(path);
  std::map<std::string, std::string> byName(records.begin(), records.end());
  edit(byName);
  ZipArchiveWriter w;
  for (const auto& [name, bytes] : byName) EXPECT_TRUE(w.addRecord(name, bytes).ok());
  auto zip = w.finish();
  EXPECT_TRUE(zip.ok()) << zip.status();
  return *zip;
}

// data.pkl of FinalConstModule with `offset` pickled as the given opcodes.
std::string finalConstState(const std::string& offsetOpcodes, const std::string& cls = "FinalConstModule") {
  std::string p = "\x80\x02";
  p += "c__torch__\n" + cls + "\n";
  p += ")\x81}(";
  auto str = [](const std::string& s) {
    std::string o = "X";
    uint32_t n = static_cast<uint32_t>(s.size());
    o.append(reinterpret_cast<const char*>(&n), 4);
    return o + s;
  };
  p += str("training") + "\x88";
  p += str("_is_full_backward_hook") + "N";
  p += str("offset") + offsetOpcodes;
  p += "ub.";
  return p;
}

std::string binfloat(double v) {
  // BINFLOAT is big-endian.
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  std::string o = "G";
  for (int i = 7; i >= 0; --i) o += static_cast<char>((bits >> (8 * i)) & 0xff);
  return o;
}

std::string loadError(const std::string& bytes) {
  auto m = importModuleBytes(bytes, "test.pt");
  EXPECT_FALSE(m.ok());
  return m.ok() ? "" : std::string(m.status().message());
}

class ArchiveImportTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }
};

TEST_F(ArchiveImportTest, FinalConstantsModuleRuns) {
  auto m = importModuleFile(corpus(kFinalConst));
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->type().name(), "__torch__.FinalConstModule");
  EXPECT_TRUE(m->type().isModule());
  ASSERT_NE(m->findMethod("forward"), nullptr);
  EXPECT_EQ(m->findMethod("backward"), nullptr);
  EXPECT_DOUBLE_EQ(m->object()->getAttr("offset").toDouble(), 2.5);
  IValue out = m->run("forward", {IValue(full({2}, 1.0, ScalarType::Float))});
  ASSERT_TRUE(out.isTuple());
  const auto& elems = out.toTupleRef().elements;
  EXPECT_FLOAT_EQ(elems[0].toTensor().data<float>()[0], 5.5f);  // 1 * 3 + 2.5
  EXPECT_EQ(elems[1].toStringRef(), "cst3");
}

TEST_F(ArchiveImportTest, RunningAMissingMethodNamesTheOnesThereAre) {
  auto m = importModuleFile(corpus(kFinalConst));
  ASSERT_TRUE(m.ok()) << m.status();
  try {
    m->run("predict", {});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("has no method 'predict' (it has: forward)"), std::string::npos) << e.what();
  }
}

// Parameter and buffer counts and names as PyTorch's named_parameters() and
// named_buffers() report them.
TEST_F(ArchiveImportTest, ModuleTreeMatchesPyTorch) {
  struct Expect {
    const char* model;
    size_t params, buffers;
    const char *first, *last;
  };
  for (const Expect& x : {Expect{"resnet18", 62, 60, "conv1.weight", "fc.bias"},
                          Expect{"lstm", 8, 0, "lstm.weight_ih_l0", "lstm.bias_hh_l1"},
                          Expect{"transformer_encoder", 26, 0, "layers.0.self_attn.in_proj_weight", "norm.bias"},
                          Expect{"squeezenet1_1", 52, 0, "features.0.weight", "classifier.1.bias"}}) {
    auto m = importModuleFile(corpus(std::string("models/") + x.model + "/model.pt"));
    ASSERT_TRUE(m.ok()) << x.model << ": " << m.status();
    auto ps = m->namedParameters();
    ASSERT_EQ(ps.size(), x.params) << x.model;
    EXPECT_EQ(ps.front().first, x.first);
    EXPECT_EQ(ps.back().first, x.last);
    EXPECT_EQ(m->namedBuffers().size(), x.buffers) << x.model;
  }
}

TEST_F(ArchiveImportTest, UnsupportedVersions) {
  EXPECT_NE(loadError(rewrite(corpus(kFinalConst), [](auto& r) { r["model/version"] = "2\n"; }))
                .find("file format version 2 is not supported"),
            std::string::npos);
  EXPECT_NE(loadError(rewrite(corpus(kFinalConst), [](auto& r) { r["model/version"] = "11"; }))
                .find("file format version 11 is not supported"),
            std::string::npos);
  EXPECT_NE(loadError(rewrite(corpus(kFinalConst), [](auto& r) { r["model/version"] = "three"; }))
                .find("bad version record"),
            std::string::npos);
  EXPECT_NE(loadError(rewrite(corpus(kFinalConst), [](auto& r) { r.erase("model/version"); })).find("no version record"),
            std::string::npos);
}

TEST_F(ArchiveImportTest, ATorchSaveFileIsNotAnArchive) {
  std::string msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) {
    r.erase("model/code/__torch__.py");
    r.erase("model/code/__torch__.py.debug_pkl");
  }));
  EXPECT_NE(msg.find("no code/ files: not a TorchScript archive"), std::string::npos) << msg;
  msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) { r.erase("model/data.pkl"); }));
  EXPECT_NE(msg.find("no data.pkl"), std::string::npos) << msg;
}

TEST_F(ArchiveImportTest, CompileErrorsNameTheFileAndLine) {
  std::string msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) {
    std::string& code = r["model/code/__torch__.py"];
    code.replace(code.find("torch.mul(x, 3)"), 15, "torch.mul(x, 3")  // unbalanced paren
        ;
  }));
  EXPECT_NE(msg.find("model/code/__torch__.py"), std::string::npos) << msg;
  EXPECT_NE(msg.find("line "), std::string::npos) << msg;

  msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) {
    std::string& code = r["model/code/__torch__.py"];
    code.replace(code.find("torch.mul(x, 3)"), 15, "torch.not_an_op(x)");
  }));
  EXPECT_NE(msg.find("Unknown builtin op: aten::not_an_op"), std::string::npos) << msg;

  msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) {
    std::string& code = r["model/code/__torch__.py"];
    code.replace(code.find("torch.mul(x, 3)"), 15, "torch.mul(x, CONSTANTS.c9)");
  }));
  EXPECT_NE(msg.find("CONSTANTS.c9 does not exist: the archive's constants.pkl holds 0 constants"), std::string::npos)
      << msg;

  msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) {
    std::string& code = r["model/code/__torch__.py"];
    code.replace(code.find("torch.mul(x, 3)"), 15, "__torch__.nowhere.f(x)");
  }));
  EXPECT_NE(msg.find("'__torch__.nowhere' is not defined by any file"), std::string::npos) << msg;
}

TEST_F(ArchiveImportTest, BadCodeFileNames) {
  std::string msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) { r["model/code/__torch__/my-mod.py"] = ""; }));
  EXPECT_NE(msg.find("'my-mod' is not a Python module name"), std::string::npos) << msg;
  msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) { r["model/code/torch/evil.py"] = ""; }));
  EXPECT_NE(msg.find("is outside code/__torch__/"), std::string::npos) << msg;
}

TEST_F(ArchiveImportTest, DataPklMustMatchTheClasses) {
  // The original state, rebuilt, loads: the helper is right.
  auto ok = importModuleBytes(rewrite(corpus(kFinalConst), [](auto& r) { r["model/data.pkl"] = finalConstState(binfloat(2.5)); }));
  ASSERT_TRUE(ok.ok()) << ok.status();

  std::string msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) {
    r["model/data.pkl"] = finalConstState(std::string("X\x03\x00\x00\x00two", 8));
  }));
  EXPECT_NE(msg.find("gives attribute 'offset' of module self (__torch__.FinalConstModule) a value of type str but the "
                     "class declares float"),
            std::string::npos)
      << msg;

  msg = loadError(rewrite(corpus(kFinalConst),
                          [](auto& r) { r["model/data.pkl"] = finalConstState(binfloat(2.5), "Missing"); }));
  EXPECT_NE(msg.find("class '__torch__.Missing' is not defined in model/code/__torch__.py"), std::string::npos) << msg;

  msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) {
    std::string p = "\x80\x02" "cos\nsystem\n" "X\x02\x00\x00\x00ls" "\x85R.";
    r["model/data.pkl"] = p;
  }));
  EXPECT_NE(msg.find("forbidden global os.system"), std::string::npos) << msg;

  msg = loadError(rewrite(corpus(kFinalConst), [](auto& r) { r["model/data.pkl"] = "\x80\x02K\x05."; }));
  EXPECT_NE(msg.find("data.pkl holds a int, not a module"), std::string::npos) << msg;
}

// Code written for an older file format version keeps its meaning: integer
// division truncated before version 4, full() with an int fill and no dtype
// made floats before version 5, linspace/logspace's steps defaulted to 100
// before 8/9.
TEST_F(ArchiveImportTest, UpgradersKeepOldMeanings) {
  auto withCode = [](const std::string& version, const std::string& body) {
    return rewrite(corpus(kFinalConst), [&](auto& r) {
      r["model/version"] = version;
      std::string& code = r["model/code/__torch__.py"];
      code = code.substr(0, code.find("  def forward"));
      code += "  def forward(self: __torch__.FinalConstModule,\n    x: Tensor) -> Tuple[Tensor, str]:\n" + body;
    });
  };
  Tensor ints = empty({2}, ScalarType::Long);
  ints.data<int64_t>()[0] = 7;
  ints.data<int64_t>()[1] = -7;
  const std::string div = "    return (torch.div(x, torch.ones_like(x) * 2), \"\")\n";
  for (auto [version, want0, want1, dtype] :
       {std::tuple{"3", 3.0, -3.0, ScalarType::Long}, std::tuple{"4", 3.5, -3.5, ScalarType::Float}}) {
    auto m = importModuleBytes(withCode(version, div));
    ASSERT_TRUE(m.ok()) << m.status();
    Tensor out = m->run("forward", {IValue(ints)}).toTupleRef().elements[0].toTensor();
    EXPECT_EQ(out.dtype(), dtype) << "version " << version;
    Tensor d = out.to(ScalarType::Double);
    EXPECT_DOUBLE_EQ(d.data<double>()[0], want0) << "version " << version;
    EXPECT_DOUBLE_EQ(d.data<double>()[1], want1) << "version " << version;
  }
  const std::string full =
      "    return (torch.full([2], 1, dtype=None, layout=None, device=None, pin_memory=None), \"\")\n";
  for (auto [version, dtype] : {std::pair{"4", ScalarType::Float}, std::pair{"5", ScalarType::Long}}) {
    auto m = importModuleBytes(withCode(version, full));
    ASSERT_TRUE(m.ok()) << m.status();
    Tensor out = m->run("forward", {IValue(ints)}).toTupleRef().elements[0].toTensor();
    EXPECT_EQ(out.dtype(), dtype) << "version " << version;
  }
  // linspace / logspace took steps=None (100) before versions 8 / 9, given
  // as None or left out.
  for (const char* call : {"torch.linspace(0., 1., None, dtype=None, layout=None, device=None, pin_memory=None)",
                           "torch.linspace(0., 1.)", "torch.logspace(0., 1., None)",
                           "torch.logspace(0., 1., steps=None, base=2.)"}) {
    auto m = importModuleBytes(withCode("7", std::string("    return (") + call + ", \"\")\n"));
    ASSERT_TRUE(m.ok()) << call << ": " << m.status();
    Tensor out = m->run("forward", {IValue(ints)}).toTupleRef().elements[0].toTensor();
    EXPECT_EQ(out.numel(), 100) << call;
  }
  EXPECT_NE(loadError(withCode("8", "    return (torch.linspace(0., 1., None), \"\")\n")).find("linspace"),
            std::string::npos);
}

// An attribute typed by an interface (class I(ModuleInterface) in code/) is
// called through the interface; data.pkl must give it an object whose class
// implements the interface.
TEST_F(ArchiveImportTest, ModuleInterfaces) {
  const std::string path = std::string(JITSERVE_SOURCE_DIR) + "/tests/compiler/archive/data/module_interface/model.pt";
  auto m = importModuleFile(path);
  ASSERT_TRUE(m.ok()) << m.status();
  Tensor x = full({2}, 1.0, ScalarType::Float);
  Tensor out = m->run("forward", {IValue(x)}).toTensor();
  EXPECT_FLOAT_EQ(out.data<float>()[0], 6.0f);  // 1 * 2 + (1 + 3)

  std::string msg = loadError(rewrite(path, [](auto& r) {
    std::string& code = r["iface/code/__torch__.py"];
    const std::string double_fwd = "  def forward(self: __torch__.Double,";
    code.replace(code.find(double_fwd), double_fwd.size(), "  def forward2(self: __torch__.Double,");
  }));
  EXPECT_NE(msg.find("does not implement __torch__.OneInterface.forward"), std::string::npos) << msg;
}

TEST_F(ArchiveImportTest, TruncatedArchive) {
  auto records = readAll(corpus(kFinalConst));
  std::string bytes = rewrite(corpus(kFinalConst), [](auto&) {});
  auto m = importModuleBytes(bytes.substr(0, bytes.size() / 2), "half.pt");
  EXPECT_FALSE(m.ok());
}

// __setstate__ is the archive's own code, run while it loads: a loop that
// never ends must end the load with an error, not hang it
// (tests/hostile/corpus/archive/setstate_never_returns.zip).
TEST_F(ArchiveImportTest, SetStateThatNeverReturnsIsStopped) {
  auto archiveWith = [](const std::string& body) {
    std::string code =
        "class M(Module):\n"
        "  __parameters__ = []\n"
        "  __buffers__ = []\n"
        "  training : bool\n"
        "  def __getstate__(self: __torch__.M) -> bool:\n"
        "    return self.training\n"
        "  def __setstate__(self: __torch__.M, state: bool) -> None:\n" +
        body + "    self.training = state\n";
    ZipArchiveWriter w;
    EXPECT_TRUE(w.addRecord("m/data.pkl", std::string("\x80\x02" "c__torch__\nM\n)\x81\x88" "b.")).ok());
    EXPECT_TRUE(w.addRecord("m/code/__torch__.py", code).ok());
    EXPECT_TRUE(w.addRecord("m/version", "6\n").ok());
    auto zip = w.finish();
    EXPECT_TRUE(zip.ok()) << zip.status();
    return *zip;
  };
  ArchiveLimits limits;
  limits.maxSetStateTime = std::chrono::milliseconds(100);
  auto ok = importModuleBytes(archiveWith("    i = 0\n    while i < 10:\n      i = i + 1\n"), "ok.pt", limits);
  EXPECT_TRUE(ok.ok()) << ok.status();
  auto m = importModuleBytes(archiveWith("    i = 0\n    while True:\n      i = i + 1\n"), "loop.pt", limits);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kResourceExhausted) << m.status();
  EXPECT_NE(m.status().message().find("__torch__.M.__setstate__ ran past the 100 ms"), std::string::npos)
      << m.status();
}

}  // namespace
}  // namespace jitserve
