// value_codec: proto Values <-> IValues, tensors <-> raw bytes, and the
// checks on untrusted shapes and bytes.
#include "proto/codec/value_codec.h"

#include <cstring>

#include <gtest/gtest.h>

#include "runtime/core/ivalue_containers.h"

namespace jitserve::codec {
namespace {

namespace pb = ::jitserve::v1;

pb::Value tensorValue(pb::DType dtype, std::vector<int64_t> shape, std::string data) {
  pb::Value v;
  auto* t = v.mutable_tensor();
  t->set_dtype(dtype);
  for (int64_t s : shape) t->add_shape(s);
  t->set_data(std::move(data));
  return v;
}

std::string bytesOf(const std::vector<float>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}

TEST(ValueCodec, TensorRoundTrip) {
  const std::vector<float> data = {1, 2, 3, 4, 5, 6};
  auto iv = valueToIValue(tensorValue(pb::DTYPE_FLOAT32, {2, 3}, bytesOf(data)), TensorType::get(), "x");
  ASSERT_TRUE(iv.ok()) << iv.status();
  const Tensor& t = iv->toTensor();
  EXPECT_EQ(t.dtype(), ScalarType::Float);
  EXPECT_EQ(t.dim(), 2);
  EXPECT_EQ(t.sizes()[1], 3);
  pb::Value back;
  ASSERT_TRUE(ivalueToValue(*iv, &back).ok());
  EXPECT_EQ(back.tensor().dtype(), pb::DTYPE_FLOAT32);
  EXPECT_EQ(back.tensor().shape_size(), 2);
  EXPECT_EQ(back.tensor().data(), bytesOf(data));
}

TEST(ValueCodec, ZeroDimAndEmptyTensors) {
  int64_t one = 7;
  auto scalar = valueToIValue(tensorValue(pb::DTYPE_INT64, {}, std::string(reinterpret_cast<char*>(&one), 8)),
                              nullptr, "s");
  ASSERT_TRUE(scalar.ok()) << scalar.status();
  EXPECT_EQ(scalar->toTensor().dim(), 0);
  auto empty = valueToIValue(tensorValue(pb::DTYPE_FLOAT32, {0, 1000000}, ""), nullptr, "e");
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_EQ(empty->toTensor().numel(), 0);
}

TEST(ValueCodec, UntrustedShapesAndBytesAreInvalidArgument) {
  struct Case {
    pb::Value v;
    const char* message;
  };
  const std::vector<Case> cases = {
      {tensorValue(pb::DTYPE_FLOAT32, {2, 2}, "abc"), "x: a float32 tensor of shape [2, 2] needs 16 bytes of data, got 3"},
      {tensorValue(pb::DTYPE_FLOAT32, {-1, 2}, ""), "negative dimension"},
      {tensorValue(pb::DTYPE_FLOAT32, {int64_t{1} << 62, 4}, ""), "too large"},
      {tensorValue(pb::DTYPE_UINT8, {int64_t{1} << 31, int64_t{1} << 31, 4}, ""), "too large"},
      {tensorValue(pb::DTYPE_UNSPECIFIED, {1}, "a"), "dtype is not set"},
      {tensorValue(static_cast<pb::DType>(42), {1}, "a"), "unknown tensor dtype 42"},
  };
  for (const Case& c : cases) {
    auto iv = valueToIValue(c.v, TensorType::get(), "x");
    ASSERT_FALSE(iv.ok());
    EXPECT_EQ(iv.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(std::string(iv.status().message()).find(c.message), std::string::npos) << iv.status();
  }
  // The byte limit is checked from the shape, before anything is allocated.
  CodecLimits small;
  small.maxTensorBytes = 64;
  auto iv = valueToIValue(tensorValue(pb::DTYPE_FLOAT32, {17}, std::string(68, '\0')), nullptr, "x", small);
  EXPECT_EQ(iv.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(ValueCodec, TypeDirectedDecoding) {
  pb::Value list;
  list.mutable_list()->add_items()->set_int_value(1);
  list.mutable_list()->add_items()->set_int_value(2);
  auto ints = valueToIValue(list, ListType::ofInts(), "l");
  ASSERT_TRUE(ints.ok());
  EXPECT_EQ(ints->toIntVector(), (std::vector<int64_t>{1, 2}));
  // Ints are accepted where floats are expected.
  auto floats = valueToIValue(list, ListType::create(FloatType::get()), "l");
  ASSERT_TRUE(floats.ok());
  EXPECT_EQ(floats->toDoubleVector(), (std::vector<double>{1.0, 2.0}));
  // None for an Optional.
  pb::Value none;
  none.mutable_none();
  auto opt = valueToIValue(none, OptionalType::create(IntType::get()), "o");
  ASSERT_TRUE(opt.ok());
  EXPECT_TRUE(opt->isNone());
  // A mismatch names the slot, the expected type and what came.
  pb::Value s;
  s.set_string_value("hi");
  auto bad = valueToIValue(s, ListType::ofInts(), "argument 'l'");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "argument 'l': expected a value of type List[int], got str");
  auto badElem = valueToIValue(list, ListType::create(StringType::get()), "l");
  EXPECT_EQ(badElem.status().message(), "l[0]: expected a value of type str, got int");
  // Tuple arity.
  pb::Value tup;
  tup.mutable_tuple()->add_items()->set_int_value(1);
  auto badTuple = valueToIValue(tup, TupleType::create({IntType::get(), IntType::get()}), "t");
  EXPECT_EQ(badTuple.status().code(), absl::StatusCode::kInvalidArgument);
  // An empty Value.
  EXPECT_EQ(valueToIValue(pb::Value(), IntType::get(), "v").status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(valueToIValue(pb::Value(), nullptr, "v").status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(ValueCodec, DictsAndInference) {
  pb::Value d;
  auto* e = d.mutable_dict()->add_entries();
  e->mutable_key()->set_string_value("a");
  e->mutable_value()->set_float_value(1.5);
  auto typed = valueToIValue(d, DictType::create(StringType::get(), FloatType::get()), "d");
  ASSERT_TRUE(typed.ok());
  EXPECT_EQ(typed->toDictRef().size(), 1u);
  auto inferred = valueToIValue(d, nullptr, "d");
  ASSERT_TRUE(inferred.ok());
  pb::Value back;
  ASSERT_TRUE(ivalueToValue(*inferred, &back).ok());
  ASSERT_EQ(back.dict().entries_size(), 1);
  EXPECT_EQ(back.dict().entries(0).key().string_value(), "a");
  EXPECT_EQ(back.dict().entries(0).value().float_value(), 1.5);
  // A list key is refused.
  pb::Value bad;
  bad.mutable_dict()->add_entries()->mutable_key()->mutable_list();
  EXPECT_EQ(valueToIValue(bad, nullptr, "d").status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(ValueCodec, NestingIsBounded) {
  pb::Value v;
  pb::Value* cur = &v;
  for (int i = 0; i < 80; ++i) cur = cur->mutable_list()->add_items();
  cur->set_int_value(1);
  auto iv = valueToIValue(v, nullptr, "v");
  ASSERT_FALSE(iv.ok());
  EXPECT_NE(std::string(iv.status().message()).find("nest deeper"), std::string::npos);
}

TEST(ValueCodec, EncodesScalarsTuplesAndHalfTensors) {
  IValue tup = IValue::tuple({IValue(int64_t{3}), IValue(2.5), IValue(true), IValue("s"), IValue()});
  pb::Value out;
  ASSERT_TRUE(ivalueToValue(tup, &out).ok());
  ASSERT_EQ(out.tuple().items_size(), 5);
  EXPECT_EQ(out.tuple().items(0).int_value(), 3);
  EXPECT_EQ(out.tuple().items(1).float_value(), 2.5);
  EXPECT_TRUE(out.tuple().items(2).bool_value());
  EXPECT_EQ(out.tuple().items(3).string_value(), "s");
  EXPECT_TRUE(out.tuple().items(4).has_none());

  auto half = valueToIValue(tensorValue(pb::DTYPE_FLOAT16, {2}, std::string("\x00\x3c\x00\x40", 4)), nullptr, "h");
  ASSERT_TRUE(half.ok()) << half.status();
  EXPECT_EQ(half->toTensor().dtype(), ScalarType::Half);
  pb::Value back;
  ASSERT_TRUE(ivalueToValue(*half, &back).ok());
  EXPECT_EQ(back.tensor().dtype(), pb::DTYPE_FLOAT16);
  EXPECT_EQ(back.tensor().data(), std::string("\x00\x3c\x00\x40", 4));
}

TEST(ValueCodec, DtypeMappingIsABijection) {
  for (int d = pb::DTYPE_BOOL; d <= pb::DTYPE_FLOAT64; ++d) {
    auto t = scalarTypeFromProto(d);
    ASSERT_TRUE(t.ok());
    EXPECT_EQ(scalarTypeToProto(*t), d);
  }
  EXPECT_EQ(scalarTypeToProto(ScalarType::ComplexFloat), pb::DTYPE_UNSPECIFIED);
}

}  // namespace
}  // namespace jitserve::codec
