// kserve_tensor: KServe datatypes, inputs decoded for typed arguments, and
// results encoded as outputs.
#include "server/kserve_tensor.h"

#include <cstring>

#include <gtest/gtest.h>

#include "runtime/core/ivalue_containers.h"

namespace jitserve::server {
namespace {

using Input = inference::ModelInferRequest::InferInputTensor;

Input input(const char* name, const char* datatype, std::vector<int64_t> shape) {
  Input in;
  in.set_name(name);
  in.set_datatype(datatype);
  for (int64_t s : shape) in.add_shape(s);
  return in;
}

std::string bytesElements(const std::vector<std::string>& strs) {
  std::string out;
  for (const auto& s : strs) {
    const uint32_t n = static_cast<uint32_t>(s.size());
    out.append(reinterpret_cast<const char*>(&n), 4);
    out += s;
  }
  return out;
}

TEST(KServeTensor, DatatypeNames) {
  EXPECT_EQ(scalarTypeFromKServe("FP16"), ScalarType::Half);
  EXPECT_EQ(scalarTypeFromKServe("BF16"), ScalarType::BFloat16);
  EXPECT_EQ(scalarTypeFromKServe("UINT16"), std::nullopt);
  EXPECT_EQ(kserveDatatypeOf(ScalarType::Long), "INT64");
  EXPECT_EQ(kserveDatatypeOf(ScalarType::ComplexFloat), "");
}

TEST(KServeTensor, MetadataForArgumentTypes) {
  std::string dt;
  std::vector<int64_t> shape;
  ASSERT_TRUE(kserveMetadataFor(ListType::ofInts(), &dt, &shape));
  EXPECT_EQ(dt, "INT64");
  EXPECT_EQ(shape, (std::vector<int64_t>{-1}));
  ASSERT_TRUE(kserveMetadataFor(OptionalType::create(FloatType::get()), &dt, &shape));
  EXPECT_EQ(dt, "FP64");
  EXPECT_EQ(shape, (std::vector<int64_t>{1}));
  EXPECT_FALSE(kserveMetadataFor(DictType::create(StringType::get(), IntType::get()), &dt, &shape));
}

TEST(KServeTensor, ScalarsAndListsFromOneElementAndOneDimInputs) {
  Input n = input("n", "INT32", {1});
  n.mutable_contents()->add_int_contents(7);
  auto iv = kserveInputToIValue(n, nullptr, IntType::get(), {});
  ASSERT_TRUE(iv.ok()) << iv.status();
  EXPECT_EQ(iv->toInt(), 7);

  Input f = input("f", "FP64", {3});
  for (double x : {1.5, 2.5, 3.5}) f.mutable_contents()->add_fp64_contents(x);
  auto list = kserveInputToIValue(f, nullptr, ListType::create(FloatType::get()), {});
  ASSERT_TRUE(list.ok()) << list.status();
  EXPECT_EQ(list->toDoubleVector(), (std::vector<double>{1.5, 2.5, 3.5}));

  auto notScalar = kserveInputToIValue(f, nullptr, FloatType::get(), {});
  ASSERT_FALSE(notScalar.ok());
  EXPECT_NE(std::string(notScalar.status().message()).find("takes one element"), std::string::npos);

  auto wrongKind = kserveInputToIValue(f, nullptr, IntType::get(), {});
  EXPECT_EQ(wrongKind.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(KServeTensor, BytesInputsRawAndTyped) {
  Input s = input("s", "BYTES", {2});
  const std::string raw = bytesElements({"ab", ""});
  auto strs = kserveInputToIValue(s, &raw, ListType::create(StringType::get()), {});
  ASSERT_TRUE(strs.ok()) << strs.status();
  ASSERT_EQ(strs->toListRef().size(), 2u);
  EXPECT_EQ(strs->toListRef().elements[0].toStringRef(), "ab");

  const std::string truncated = raw.substr(0, 5);
  EXPECT_EQ(kserveInputToIValue(s, &truncated, ListType::create(StringType::get()), {}).status().code(),
            absl::StatusCode::kInvalidArgument);

  Input one = input("s", "BYTES", {1});
  one.mutable_contents()->add_bytes_contents("hello");
  auto str = kserveInputToIValue(one, nullptr, StringType::get(), {});
  ASSERT_TRUE(str.ok()) << str.status();
  EXPECT_EQ(str->toStringRef(), "hello");
}

TEST(KServeTensor, TypedContentsCountMustMatchTheShape) {
  Input x = input("x", "FP32", {2, 2});
  x.mutable_contents()->add_fp32_contents(1.0f);
  auto t = kserveInputToIValue(x, nullptr, TensorType::get(), {});
  ASSERT_FALSE(t.ok());
  EXPECT_NE(std::string(t.status().message()).find("shape needs 4 elements, fp32_contents has 1"), std::string::npos)
      << t.status();
  Input h = input("h", "FP16", {1});
  EXPECT_NE(std::string(kserveInputToIValue(h, nullptr, TensorType::get(), {}).status().message())
                .find("raw_input_contents"),
            std::string::npos);
}

TEST(KServeTensor, OutputsForResults) {
  inference::ModelInferResponse resp;
  ASSERT_TRUE(appendKServeOutput("output__0", IValue(int64_t{5}), &resp).ok());
  ASSERT_TRUE(appendKServeOutput("output__1", IValue::doubleList({1.0, 2.0}), &resp).ok());
  ASSERT_TRUE(appendKServeOutput("output__2", IValue("hi"), &resp).ok());
  ASSERT_EQ(resp.outputs_size(), 3);
  EXPECT_EQ(resp.outputs(0).datatype(), "INT64");
  int64_t five;
  std::memcpy(&five, resp.raw_output_contents(0).data(), 8);
  EXPECT_EQ(five, 5);
  EXPECT_EQ(resp.outputs(1).datatype(), "FP64");
  EXPECT_EQ(resp.outputs(1).shape(0), 2);
  EXPECT_EQ(resp.raw_output_contents(1).size(), 16u);
  EXPECT_EQ(resp.outputs(2).datatype(), "BYTES");
  EXPECT_EQ(resp.raw_output_contents(2), bytesElements({"hi"}));
  auto dict = IValue(DictImpl::create(StringType::get(), IntType::get()));
  EXPECT_EQ(appendKServeOutput("output__3", dict, &resp).code(), absl::StatusCode::kUnimplemented);
}

}  // namespace
}  // namespace jitserve::server
