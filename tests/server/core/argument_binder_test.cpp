// The one argument binder: both matchings, defaults, and every error with
// the wording each API has always given.
#include "server/core/argument_binder.h"

#include <gtest/gtest.h>

#include "runtime/core/schema_parser.h"

namespace jitserve::server {
namespace {

// A function's schema as a TorchScript function has it: an unqualified
// name (the parser wants a namespace, so it is dropped).
FunctionSchema schemaOf(const std::string& text) {
  auto s = parseSchema("m::" + text);
  EXPECT_TRUE(s.ok()) << s.status();
  FunctionSchema schema = *s;
  schema.name = schema.name.substr(3);
  return schema;
}

// Inputs whose decoded value is their index, recording which argument each
// was decoded for.
struct Bound {
  absl::StatusOr<Stack> stack;
  std::vector<std::string> decodedFor;  // argument name per input
};

Bound bind(const FunctionSchema& schema, ArgumentMatching matching, std::vector<std::string_view> names) {
  Bound b;
  b.decodedFor.resize(names.size());
  RequestInputs in;
  in.matching = matching;
  in.names = names;
  in.decode = [&](size_t i, const Argument& a) -> absl::StatusOr<IValue> {
    b.decodedFor[i] = a.name;
    if (a.name == "bad") return absl::InvalidArgumentError("input 'bad': cannot decode");
    return IValue(static_cast<int64_t>(100 + i));
  };
  b.stack = bindInputs(schema, "m", in);
  return b;
}

std::string message(const Bound& b) { return std::string(b.stack.status().message()); }

TEST(ArgumentBinder, CallBindsPositionalThenNamedThenDefaults) {
  FunctionSchema f = schemaOf("f(int a, int b, int c=7) -> int");
  Bound b = bind(f, ArgumentMatching::kCall, {"", "c", "b"});
  ASSERT_TRUE(b.stack.ok()) << b.stack.status();
  ASSERT_EQ(b.stack->size(), 3u);
  EXPECT_EQ((*b.stack)[0].toInt(), 100);
  EXPECT_EQ((*b.stack)[1].toInt(), 102);
  EXPECT_EQ((*b.stack)[2].toInt(), 101);
  EXPECT_EQ(b.decodedFor, (std::vector<std::string>{"a", "c", "b"}));

  Bound d = bind(f, ArgumentMatching::kCall, {"", ""});
  ASSERT_TRUE(d.stack.ok());
  EXPECT_EQ((*d.stack)[2].toInt(), 7);
}

TEST(ArgumentBinder, CallErrors) {
  FunctionSchema f = schemaOf("f(int a, int b=1) -> int");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kCall, {"", "", ""})), "f() takes 2 positional arguments but 3 were given");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kCall, {"z"})), "f() got an unexpected argument 'z'");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kCall, {"", "a"})), "f() got multiple values for argument 'a'");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kCall, {"b", "b"})), "f() got multiple values for argument 'b'");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kCall, {})), "f() is missing argument 'a' (int)");
  FunctionSchema g = schemaOf("g(int a, *, int k) -> int");
  EXPECT_EQ(message(bind(g, ArgumentMatching::kCall, {"", ""})), "g() takes 1 positional arguments but 2 were given");
  EXPECT_TRUE(bind(g, ArgumentMatching::kCall, {"", "k"}).stack.ok());
  // A decoder's error is the answer, as it is.
  FunctionSchema h = schemaOf("h(int bad) -> int");
  Bound bad = bind(h, ArgumentMatching::kCall, {""});
  EXPECT_EQ(bad.stack.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(message(bad), "input 'bad': cannot decode");
}

TEST(ArgumentBinder, ModelInputsMatchByNameWhenAllNamesMatchElseByPosition) {
  FunctionSchema f = schemaOf("forward(int x, int y=5) -> int");
  Bound byName = bind(f, ArgumentMatching::kModelInputs, {"y", "x"});
  ASSERT_TRUE(byName.stack.ok());
  EXPECT_EQ((*byName.stack)[0].toInt(), 101);
  EXPECT_EQ((*byName.stack)[1].toInt(), 100);
  Bound byPosition = bind(f, ArgumentMatching::kModelInputs, {"INPUT0", "x"});
  ASSERT_TRUE(byPosition.stack.ok());
  EXPECT_EQ((*byPosition.stack)[0].toInt(), 100);
  EXPECT_EQ(byPosition.decodedFor, (std::vector<std::string>{"x", "y"}));
  Bound defaults = bind(f, ArgumentMatching::kModelInputs, {"x"});
  ASSERT_TRUE(defaults.stack.ok());
  EXPECT_EQ((*defaults.stack)[1].toInt(), 5);
}

TEST(ArgumentBinder, ModelInputsErrors) {
  FunctionSchema f = schemaOf("forward(int x, int y) -> int");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kModelInputs, {"a", "b", "c"})), "model 'm' takes 2 inputs, got 3");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kModelInputs, {"x", "x"})), "two inputs are given for argument 'x'");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kModelInputs, {"y"})), "missing input 'x' (int) of model 'm'");
  EXPECT_EQ(message(bind(f, ArgumentMatching::kModelInputs, {"INPUT0"})), "missing input 'y' (int) of model 'm'");
}

}  // namespace
}  // namespace jitserve::server
