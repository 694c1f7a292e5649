// torch_save_inputs: Infer arguments from torch.save files (jitctl --inputs
// args.pt): lists and tuples spread into positional arguments, anything else
// is the only argument, bad files are errors naming the file.
#include "client/torch_save_inputs.h"

#include <cstring>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::client {
namespace {

std::string tempPath(const std::string& name) { return ::testing::TempDir() + "/torch_save_inputs_" + name; }

std::string saved(const IValue& v, const std::string& name) {
  const std::string path = tempPath(name);
  absl::Status s = saveTorchSaveFile(v, path);
  EXPECT_TRUE(s.ok()) << s;
  return path;
}

std::vector<float> floatsOf(const jitserve::v1::Tensor& t) {
  std::vector<float> out(t.data().size() / sizeof(float));
  std::memcpy(out.data(), t.data().data(), out.size() * sizeof(float));
  return out;
}

TEST(TorchSaveInputs, AListIsThePositionalArguments) {
  Tensor x = full({2, 2}, Scalar(1.5), ScalarType::Float);
  auto l = ListImpl::create(AnyType::get(), {IValue(x), IValue(int64_t{3}), IValue(std::string("s"))});
  auto args = argumentsFromTorchSave(saved(IValue(l), "list.pt"));
  ASSERT_TRUE(args.ok()) << args.status();
  ASSERT_EQ(args->size(), 3u);
  ASSERT_TRUE((*args)[0].has_tensor());
  EXPECT_EQ((*args)[0].tensor().dtype(), jitserve::v1::DTYPE_FLOAT32);
  EXPECT_EQ(std::vector<int64_t>((*args)[0].tensor().shape().begin(), (*args)[0].tensor().shape().end()),
            (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(floatsOf((*args)[0].tensor()), (std::vector<float>{1.5, 1.5, 1.5, 1.5}));
  EXPECT_EQ((*args)[1].int_value(), 3);
  EXPECT_EQ((*args)[2].string_value(), "s");
}

TEST(TorchSaveInputs, ATupleIsThePositionalArgumentsAndNestedListsStay) {
  auto inner = IValue::intList({4, 5});
  auto args = argumentsFromTorchSave(saved(IValue::tuple({inner, IValue(2.5)}), "tuple.pt"));
  ASSERT_TRUE(args.ok()) << args.status();
  ASSERT_EQ(args->size(), 2u);
  ASSERT_TRUE((*args)[0].has_list());
  ASSERT_EQ((*args)[0].list().items_size(), 2);
  EXPECT_EQ((*args)[0].list().items(1).int_value(), 5);
  EXPECT_EQ((*args)[1].float_value(), 2.5);
}

TEST(TorchSaveInputs, ASingleTensorIsTheOnlyArgument) {
  auto args = argumentsFromTorchSave(saved(IValue(zeros({3}, ScalarType::Long)), "tensor.pt"));
  ASSERT_TRUE(args.ok()) << args.status();
  ASSERT_EQ(args->size(), 1u);
  EXPECT_EQ((*args)[0].tensor().dtype(), jitserve::v1::DTYPE_INT64);
  EXPECT_EQ((*args)[0].tensor().data().size(), 3 * sizeof(int64_t));
}

TEST(TorchSaveInputs, AFileWrittenByPyTorch) {
  // The conformance corpus's inputs were written by torch.save (a list).
  const std::filesystem::path file = std::filesystem::path(JITSERVE_CONFORMANCE_DIR) / "ops" / "abs.0" / "inputs.pt";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " is missing";
  auto args = argumentsFromTorchSave(file.string());
  ASSERT_TRUE(args.ok()) << args.status();
  ASSERT_GE(args->size(), 1u);
  EXPECT_TRUE((*args)[0].has_tensor());
}

TEST(TorchSaveInputs, BadFilesAreErrorsNamingTheFile) {
  auto missing = argumentsFromTorchSave(tempPath("does-not-exist.pt"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("does-not-exist.pt"), std::string::npos) << missing.status();
  const std::string garbage = tempPath("garbage.pt");
  std::ofstream(garbage) << "this is not a zip file";
  auto bad = argumentsFromTorchSave(garbage);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("garbage.pt"), std::string::npos) << bad.status();
}

}  // namespace
}  // namespace jitserve::client
