// The unpickler on the pickles inside the corpus's TorchScript archives
// (model.pt: data.pkl with the module tree, constants.pkl with tensor
// constants), with the hooks the archive importer will supply: a class
// resolver and a state setter. Here classes are created on first sight and
// learn their attributes from the state, standing in for classes compiled
// from the archive's code/.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "compiler/serialization/unpickler.h"
#include "compiler/serialization/zip_reader.h"
#include "compiler/serialization/zip_storage_loader.h"

namespace jitserve {
namespace {

struct OpenClasses {
  std::map<std::string, std::shared_ptr<ClassType>> byName;

  ClassResolver resolver() {
    return [this](const std::string& name) -> std::shared_ptr<const ClassType> {
      auto& c = byName[name];
      if (!c) c = ClassType::create(name, /*isModule=*/true);
      return c;
    };
  }
  static ObjectStateSetter setter() {
    return [](const intrusive_ptr<ObjectImpl>& obj, IValue state) {
      JS_CHECK(state.isDict(), "expected dict state");
      for (const auto& e : state.toDictRef().entries()) {
        const std::string& name = e.key.toStringRef();
        if (!obj->type->findAttributeSlot(name)) obj->type->addAttribute(name, e.value.type());
        obj->setAttr(name, e.value);
      }
    };
  }
};

size_t countTensors(const IValue& v) {
  switch (v.tag()) {
    case IValue::Tag::Tensor: return 1;
    case IValue::Tag::List: {
      size_t n = 0;
      for (const IValue& e : v.toListRef().elements) n += countTensors(e);
      return n;
    }
    case IValue::Tag::Tuple: {
      size_t n = 0;
      for (const IValue& e : v.toTupleRef().elements) n += countTensors(e);
      return n;
    }
    case IValue::Tag::Dict: {
      size_t n = 0;
      for (const auto& e : v.toDictRef().entries()) n += countTensors(e.value);
      return n;
    }
    case IValue::Tag::Object: {
      size_t n = 0;
      for (const IValue& e : v.toObjectRef().slots) n += countTensors(e);
      return n;
    }
    default: return 0;
  }
}

TEST(TorchScriptPickles, CorpusArchivesUnpickle) {
  std::filesystem::path root(JITSERVE_CONFORMANCE_DIR);
  if (!std::filesystem::exists(root)) GTEST_SKIP() << "no conformance corpus";
  size_t archives = 0, pickles = 0, tensors = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || e.path().filename() != "model.pt") continue;
    ++archives;
    auto reader = ZipArchiveReader::openFile(e.path().string());
    ASSERT_TRUE(reader.ok()) << reader.status();
    ZipArchiveReader& zip = **reader;
    ASSERT_FALSE(zip.prefix().empty()) << e.path();
    OpenClasses classes;
    for (const auto& [pkl, folder] : {std::pair<std::string, std::string>{"data.pkl", "data/"},
                                      std::pair<std::string, std::string>{"constants.pkl", "constants/"}}) {
      if (!zip.hasRecord(pkl)) continue;
      auto bytes = zip.readRecordAsString(pkl);
      ASSERT_TRUE(bytes.ok()) << bytes.status();
      ZipStorageLoader storages(zip, folder);
      UnpicklerOptions opts;
      opts.sourceName = e.path().string() + ": " + pkl;
      opts.loadStorage = storages.callback();
      opts.resolveClass = classes.resolver();
      opts.setState = OpenClasses::setter();
      absl::StatusOr<IValue> v = unpickle(*bytes, opts);
      ASSERT_TRUE(v.ok()) << v.status();
      ++pickles;
      tensors += countTensors(*v);
      if (pkl == "data.pkl") {
        EXPECT_TRUE(v->isObject()) << e.path() << ": the root module";
      } else {
        EXPECT_TRUE(v->isTuple()) << e.path() << ": constants are a tuple";
      }
    }
  }
  if (archives == 0) GTEST_SKIP() << "no archives in the corpus";
  std::printf("%zu archives, %zu pickles, %zu tensors\n", archives, pickles, tensors);
  EXPECT_GT(tensors, 100u);
}

}  // namespace
}  // namespace jitserve
