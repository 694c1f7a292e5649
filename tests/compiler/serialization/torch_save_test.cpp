// torch.save files: round trips through saveTorchSave*/loadTorchSave*, file-
// level hostile inputs, and a mutation sweep over corpus files (run it under
// ASan: every mutant must load or fail cleanly).
#include "compiler/serialization/torch_save.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "tests/compiler/serialization/ivalue_summary.h"
#include "tests/compiler/serialization/pickle_test_util.h"

namespace jitserve {
namespace {

using testing::describeIValue;
using testing::makeTorchSave;
using testing::makeZip;
using testing::PickleWriter;
using testing::rawBytes;

std::vector<std::string> describe(const IValue& v) {
  std::vector<std::string> out;
  describeIValue(v, "$", out);
  return out;
}

Tensor floatTensor(std::vector<float> values, std::vector<int64_t> sizes) {
  Storage s = Storage::allocate(values.size() * sizeof(float));
  std::memcpy(s.data(), values.data(), values.size() * sizeof(float));
  return Tensor::fromStorage(s, ScalarType::Float, sizes);
}

void expectLoadError(std::string bytes, const std::string& fragment) {
  absl::StatusOr<IValue> v = loadTorchSaveBytes(std::move(bytes), {}, "hostile.pt");
  ASSERT_FALSE(v.ok()) << "unexpectedly loaded: " << *v;
  EXPECT_NE(std::string(v.status().message()).find(fragment), std::string::npos) << v.status();
}

// ---------------------------------------------------------------- round trips

TEST(TorchSave, RoundTripsValues) {
  Tensor base = floatTensor({0, 1, 2, 3, 4, 5}, {2, 3});
  // A transposed view and an offset view of the same storage, a long tensor,
  // and plain values in containers.
  Storage ls = Storage::allocate(3 * sizeof(int64_t));
  int64_t longs[3] = {-1, 1LL << 40, 7};
  std::memcpy(ls.data(), longs, sizeof longs);
  Tensor lt = Tensor::fromStorage(ls, ScalarType::Long, {3});
  Tensor transposed = Tensor::fromStorage(base.storage(), ScalarType::Float, {3, 2}, {1, 3}, 0);
  Tensor offset = Tensor::fromStorage(base.storage(), ScalarType::Float, {2}, {2}, 1);

  auto dict = DictImpl::create(StringType::get(), AnyType::get());
  dict->insertOrAssign(IValue("w"), IValue(base));
  dict->insertOrAssign(IValue("n"), IValue(int64_t{-300000}));
  IValue shared = IValue::intList({1, 2, 3});
  IValue value = IValue::tuple({IValue(base), IValue(transposed), IValue(offset), IValue(lt), IValue(dict),
                                IValue(2.5), IValue("text ✓"), IValue(), IValue(true), shared, shared,
                                IValue(Device(DeviceType::CUDA, 1)), IValue(int64_t{1} << 50)});

  absl::StatusOr<std::string> bytes = saveTorchSaveBytes(value);
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  // Left behind for checking by hand with Python's torch.load.
  std::ofstream(::testing::TempDir() + "/jitserve_roundtrip.pt", std::ios::binary) << *bytes;
  absl::StatusOr<IValue> back = loadTorchSaveBytes(*bytes);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(describe(*back), describe(value));
  const auto& e = back->toTupleRef().elements;
  EXPECT_TRUE(e[0].toTensor().is_alias_of(e[1].toTensor())) << "views still share their storage";
  EXPECT_TRUE(e[0].toTensor().is_alias_of(e[2].toTensor()));
  EXPECT_TRUE(e[9].is(e[10])) << "a list referenced twice stays one list";
  EXPECT_EQ(reinterpret_cast<uintptr_t>(e[0].toTensor().storage().data()) % 64, 0u);
}

TEST(TorchSave, StoragesAreAlignedInTheFile) {
  absl::StatusOr<std::string> bytes =
      saveTorchSaveBytes(IValue::tuple({IValue(floatTensor({1, 2, 3}, {3})), IValue(floatTensor({4}, {1}))}),
                         TorchSaveOptions{"my_inputs"});
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  for (const char* name : {"my_inputs/data/0", "my_inputs/data/1"}) {
    size_t at = bytes->find(std::string(name));
    ASSERT_NE(at, std::string::npos) << name;
    ASSERT_GE(at, 30u);
    const unsigned char* hdr = reinterpret_cast<const unsigned char*>(bytes->data()) + at - 30;
    ASSERT_EQ(std::memcmp(hdr, "PK\x03\x04", 4), 0) << "local header of " << name;
    size_t extra = hdr[28] | (hdr[29] << 8);
    EXPECT_EQ((at + std::strlen(name) + extra) % 64, 0u) << name;
  }
  auto back = loadTorchSaveBytes(*bytes);
  ASSERT_TRUE(back.ok()) << back.status();
}

TEST(TorchSave, FileRoundTrip) {
  std::string path = ::testing::TempDir() + "/torch_save_test.pt";
  ASSERT_TRUE(saveTorchSaveFile(IValue::intList({4, 5}), path).ok());
  absl::StatusOr<IValue> v = loadTorchSaveFile(path);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->toIntVector(), (std::vector<int64_t>{4, 5}));
  EXPECT_FALSE(loadTorchSaveFile(path + ".missing").ok());
}

TEST(TorchSave, UnsupportedValuesAreErrors) {
  auto cls = ClassType::create("__torch__.M");
  absl::StatusOr<std::string> b = saveTorchSaveBytes(IValue(ObjectImpl::create(cls)));
  ASSERT_FALSE(b.ok());
  EXPECT_NE(std::string(b.status().message()).find("cannot pickle a value of type"), std::string::npos);
  // A list that contains itself.
  auto l = ListImpl::create(AnyType::get());
  l->elements.push_back(IValue(l));
  absl::StatusOr<std::string> cyc = saveTorchSaveBytes(IValue(l));
  if (cyc.ok()) {
    EXPECT_FALSE(loadTorchSaveBytes(*cyc).ok()) << "the reader refuses cycles";
  }
  l->elements.clear();  // break the cycle so the test does not leak
}

// ---------------------------------------------------------------- hostile files

TEST(TorchSaveHostile, NotATorchSaveFile) {
  expectLoadError("", "input is empty");
  expectLoadError(std::string("\x80\x02\x8a\x0a", 4) + "legacy", "legacy (pre-1.6, non-zip) torch.save format");
  expectLoadError(makeZip({{"archive/other.pkl", "x"}}), "no archive/data.pkl");
  expectLoadError(makeZip({{"a/data.pkl", "x"}, {"b/data/0", "y"}}), "do not share one top-level folder");
  expectLoadError(makeZip({{"archive/data.pkl", PickleWriter().proto().integer(1).stop()},
                           {"archive/byteorder", "big"}}),
                  "byte order 'big' is not supported");
  expectLoadError(makeZip({{"archive/data.pkl", PickleWriter().proto().integer(1).stop()},
                           {"archive/version", "x"}}),
                  "bad version record");
}

TEST(TorchSaveHostile, StorageRecords) {
  std::string p = PickleWriter().proto().tensor("FloatStorage", "0", 4, 0, {4}, {1}).stop();
  expectLoadError(makeTorchSave(p), "storage record 'archive/data/0' is missing");
  expectLoadError(makeTorchSave(p, {{"0", rawBytes<float>({1, 2})}}), "holds 8 bytes, fewer than the 16");
  std::string huge = PickleWriter().proto().tensor("FloatStorage", "0", int64_t{1} << 62, 0, {4}, {1}).stop();
  expectLoadError(makeTorchSave(huge, {{"0", rawBytes<float>({1, 2, 3, 4})}}), "overflows");
  std::string past = PickleWriter().proto().tensor("FloatStorage", "0", 4, 1, {2, 2}, {2, 1}).stop();
  expectLoadError(makeTorchSave(past, {{"0", rawBytes<float>({1, 2, 3, 4})}}), "out of bounds for storage");
  // The error says which file and record.
  expectLoadError(makeTorchSave(PickleWriter().proto().global("os", "system").stop()),
                  "forbidden global os.system in hostile.pt: archive/data.pkl at byte 2 (GLOBAL)");
}

TEST(TorchSaveHostile, TorchScriptClassesRefused) {
  std::string p = PickleWriter().proto().global("__torch__", "Evil").emptyTuple().newobj().stop();
  expectLoadError(makeTorchSave(p), "TorchScript classes are only allowed in TorchScript archives");
}

// ---------------------------------------------------------------- mutation sweep

std::vector<std::string> sampleCorpusFiles(size_t every) {
  std::vector<std::string> files;
  std::filesystem::path root(JITSERVE_CONFORMANCE_DIR);
  if (!std::filesystem::exists(root)) return files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    if (e.is_regular_file() && (e.path().filename() == "inputs.pt" || e.path().filename() == "expected.pt")) {
      files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  for (size_t i = 0; i < files.size(); i += every) out.push_back(files[i]);
  return out;
}

std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

TEST(TorchSaveHostile, MutatedCorpusFilesFailCleanly) {
  std::vector<std::string> files = sampleCorpusFiles(60);
  if (files.empty()) GTEST_SKIP() << "no conformance corpus";
  std::mt19937 rng(12345);
  size_t loaded = 0, rejected = 0;
  for (const std::string& path : files) {
    std::string original = readFile(path);
    auto reader = ZipArchiveReader::openBytes(original, path);
    ASSERT_TRUE(reader.ok()) << reader.status();
    // Re-zip with a mutated data.pkl, so the unpickler (not the CRC) sees the damage.
    std::vector<testing::ZipItem> items;
    std::string pickle;
    for (const ZipEntryInfo& e : (*reader)->entries()) {
      auto data = (*reader)->readEntry(e);
      ASSERT_TRUE(data.ok());
      items.push_back({e.name, std::string(data->view())});
      if (e.name.size() >= 8 && e.name.compare(e.name.size() - 8, 8, "data.pkl") == 0) pickle = items.back().data;
    }
    ASSERT_FALSE(pickle.empty());
    const char* env = std::getenv("JITSERVE_FUZZ_ITERATIONS");
    const int rounds = env ? std::max(40, std::atoi(env) / 100) : 40;
    for (int round = 0; round < rounds; ++round) {
      std::string mutant = pickle;
      int kind = round % 4;
      if (kind == 0) {
        mutant.resize(rng() % mutant.size());  // truncate
      } else {
        int flips = 1 + static_cast<int>(rng() % 4);
        for (int k = 0; k < flips; ++k) {
          size_t at = rng() % mutant.size();
          mutant[at] = kind == 1 ? static_cast<char>(rng()) : static_cast<char>(mutant[at] ^ (1 << (rng() % 8)));
        }
        if (kind == 3) {  // splice a chunk of itself somewhere else
          size_t from = rng() % mutant.size(), len = rng() % 32, to = rng() % mutant.size();
          mutant.insert(to, mutant.substr(from, len));
        }
      }
      std::vector<testing::ZipItem> mitems = items;
      for (auto& it : mitems) {
        if (it.data == pickle) it.data = mutant;
      }
      absl::StatusOr<IValue> v = loadTorchSaveBytes(makeZip(mitems), {}, "mutant.pt");
      (v.ok() ? loaded : rejected)++;
      if (!v.ok()) {
        EXPECT_NE(std::string(v.status().message()).find("mutant.pt"), std::string::npos) << v.status();
      }
    }
    // Raw byte flips in the zip itself.
    for (int round = 0; round < 20; ++round) {
      std::string mutant = original;
      for (int k = 0; k < 3; ++k) mutant[rng() % mutant.size()] ^= static_cast<char>(1 << (rng() % 8));
      absl::StatusOr<IValue> v = loadTorchSaveBytes(mutant, {}, "mutant.pt");
      (v.ok() ? loaded : rejected)++;
    }
  }
  std::printf("mutants: %zu loaded, %zu rejected\n", loaded, rejected);
  EXPECT_GT(rejected, loaded) << "most random damage must be detected";
}

}  // namespace
}  // namespace jitserve
