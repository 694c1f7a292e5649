// The non-tensor builtins against Python/PyTorch semantics, plus a check
// that every registered schema is one PyTorch 1.13 really declares.
#include "runtime/ops/builtins/builtins.h"

#include <cmath>
#include <fstream>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "runtime/core/operator_registry.h"
#include "runtime/core/schema_parser.h"

namespace jitserve {
namespace {

class BuiltinsTest : public ::testing::Test {
 protected:
  static OperatorRegistry& registry() {
    static OperatorRegistry* r = [] {
      auto* reg = new OperatorRegistry();
      registerBuiltinOps(*reg);
      return reg;
    }();
    return *r;
  }

  // Runs the overload named "ns::name.overload" and returns its outputs.
  static std::vector<IValue> run(const char* op, std::vector<IValue> args) {
    const Operator* o = registry().findByName(op);
    EXPECT_NE(o, nullptr) << op;
    if (!o) return {};
    Stack s;
    s.push_back(IValue(int64_t{12345}));  // a sentinel below the arguments
    const size_t n = args.size();
    for (auto& a : args) s.push_back(std::move(a));
    if (o->schema().isVararg) s.push_back(IValue(static_cast<int64_t>(n)));
    o->run(s);
    EXPECT_GE(s.size(), 1u);
    EXPECT_TRUE(s[0].isInt() && s[0].toInt() == 12345) << op << " disturbed the stack below its arguments";
    return std::vector<IValue>(s.begin() + 1, s.end());
  }
  static IValue run1(const char* op, std::vector<IValue> args) {
    auto out = run(op, std::move(args));
    EXPECT_EQ(out.size(), 1u) << op;
    return out.empty() ? IValue() : out[0];
  }
  static std::string errorOf(const char* op, std::vector<IValue> args) {
    try {
      run(op, std::move(args));
    } catch (const Error& e) {
      return e.message();
    }
    return "<no error>";
  }
};

IValue ints(std::vector<int64_t> v) { return IValue::intList(std::move(v)); }
IValue strs(std::vector<std::string> v) { return IValue::stringList(v); }

TEST_F(BuiltinsTest, EverySchemaIsARealPyTorchSchema) {
  // PyTorch 1.13's schemas, and those 2.x added that we serve.
  std::set<std::string> real;
  for (const char* file : {"all_schemas.txt", "torch2_schemas.txt"}) {
    std::ifstream in(std::string(JITSERVE_SOURCE_DIR) + "/tests/runtime/core/data/" + file);
    ASSERT_TRUE(in) << file;
    std::string line;
    while (std::getline(in, line)) {
      auto s = parseSchema(line);
      if (s.ok()) real.insert(s->str());
    }
  }
  size_t n = 0;
  for (const Operator* op : registry().all()) {
    EXPECT_TRUE(real.count(op->schemaString())) << "not a PyTorch schema: " << op->schemaString();
    EXPECT_NE(std::string(op->doc()), "") << op->schemaString();
    ++n;
  }
  EXPECT_GT(n, 300u);
}

TEST_F(BuiltinsTest, IntArithmeticFollowsPython) {
  EXPECT_EQ(run1("aten::floordiv.int", {-7, 2}).toInt(), -4);
  EXPECT_EQ(run1("aten::floordiv.int", {7, -2}).toInt(), -4);
  EXPECT_EQ(run1("aten::floordiv.int", {-7, -2}).toInt(), 3);
  EXPECT_EQ(run1("aten::remainder.int", {-7, 3}).toInt(), 2);
  EXPECT_EQ(run1("aten::remainder.int", {7, -3}).toInt(), -2);
  EXPECT_EQ(run1("aten::remainder.int", {-6, 3}).toInt(), 0);
  EXPECT_EQ(errorOf("aten::floordiv.int", {1, 0}), "division by 0");
  EXPECT_EQ(errorOf("aten::remainder.int", {1, 0}), "division by 0");
  EXPECT_EQ(run1("aten::div.int", {7, 2}).toDouble(), 3.5);
  EXPECT_TRUE(std::isinf(run1("aten::div.int", {1, 0}).toDouble()));  // PyTorch: inf, no error
  EXPECT_EQ(run1("aten::add.int", {INT64_MAX, 1}).toInt(), INT64_MIN);  // wraps, no UB
  EXPECT_EQ(run1("aten::mul.int", {6, 7}).toInt(), 42);
  EXPECT_EQ(run1("aten::neg.int", {5}).toInt(), -5);
  EXPECT_EQ(run1("aten::__lshift__.int", {1, 4}).toInt(), 16);
  EXPECT_EQ(run1("aten::__rshift__.int", {-8, 1}).toInt(), -4);
  EXPECT_EQ(errorOf("aten::__lshift__.int", {1, -1}), "negative shift count");
  auto dm = run("aten::divmod.int", {-7, 2});
  ASSERT_EQ(dm.size(), 2u);
  EXPECT_EQ(dm[0].toInt(), -4);
  EXPECT_EQ(dm[1].toInt(), 1);
  EXPECT_EQ(errorOf("aten::divmod.int", {1, 0}), "ZeroDivisionError: integer division or modulo by zero");
}

TEST_F(BuiltinsTest, FloatArithmeticFollowsPython) {
  EXPECT_EQ(run1("aten::floordiv.float", {7.5, -2.0}).toDouble(), -4.0);
  EXPECT_EQ(run1("aten::remainder.float", {7.0, -3.0}).toDouble(), -2.0);
  EXPECT_EQ(run1("aten::remainder.float_int", {-7.5, 2}).toDouble(), 0.5);
  EXPECT_TRUE(std::isnan(run1("aten::remainder.float", {5.0, 0.0}).toDouble()));
  EXPECT_EQ(run1("aten::add.int_float", {1, 0.5}).toDouble(), 1.5);
  EXPECT_EQ(run1("aten::fmod.int", {-7, 3}).toDouble(), -1.0);
  auto dm = run("aten::divmod.float", {-7.5, 2.0});
  EXPECT_EQ(dm[0].toDouble(), -4.0);
  EXPECT_EQ(dm[1].toDouble(), 0.5);
}

TEST_F(BuiltinsTest, PowAndScalarOverloads) {
  EXPECT_EQ(run1("aten::pow.int", {2, -1}).toDouble(), 0.5);
  EXPECT_EQ(run1("aten::pow.int_to_int", {3, 4}).toInt(), 81);
  EXPECT_EQ(errorOf("aten::pow.int", {0, -1}), "0.0 cannot be raised to a negative power");
  EXPECT_EQ(run1("aten::pow.float_int", {2.0, 3}).toDouble(), 8.0);
  // Scalar overloads stay int for ints and become float otherwise.
  IValue r = run1("aten::add", {2, 3});
  EXPECT_TRUE(r.isInt());
  EXPECT_EQ(r.toInt(), 5);
  EXPECT_TRUE(run1("aten::add", {2, 0.5}).isDouble());
  EXPECT_TRUE(run1("aten::div", {4, 2}).isDouble());
}

TEST_F(BuiltinsTest, ComparisonsMinMaxAndConversions) {
  EXPECT_TRUE(run1("aten::lt.int_float", {1, 1.5}).toBool());
  EXPECT_TRUE(run1("aten::eq.float_int", {2.0, 2}).toBool());
  EXPECT_TRUE(run1("aten::lt.str", {"abc", "abd"}).toBool());
  EXPECT_TRUE(run1("aten::eq", {true, 1}).toBool());
  EXPECT_EQ(run1("prim::min.int", {3, -2}).toInt(), -2);
  EXPECT_TRUE(std::isnan(run1("prim::min.float", {1.0, NAN}).toDouble()));  // as PyTorch
  EXPECT_EQ(run1("prim::max.float", {NAN, 1.0}).toDouble(), 1.0);
  EXPECT_EQ(run1("prim::max.self_int", {ints({3, 9, 2})}).toInt(), 9);
  EXPECT_EQ(errorOf("prim::min.self_int", {ints({})}), "min() arg is an empty sequence");
  EXPECT_EQ(run1("aten::Int.float", {-2.7}).toInt(), -2);
  // TorchScript's int(str)/float(str), not Python's (PyTorch 1.13 checked):
  // leading spaces only, no underscores.
  EXPECT_EQ(run1("aten::Int.str", {" -1000"}).toInt(), -1000);
  EXPECT_EQ(errorOf("aten::Int.str", {"-1000 "}), "invalid literal for int() with base 10: '-1000 '");
  EXPECT_EQ(errorOf("aten::Int.str", {"1_000"}), "invalid literal for int() with base 10: '1_000'");
  EXPECT_EQ(run1("aten::Float.str", {" 1.5"}).toDouble(), 1.5);
  EXPECT_EQ(errorOf("aten::Float.str", {"1.5 "}), "could not convert string to float: '1.5 '");
  EXPECT_TRUE(run1("aten::isidentifier", {"a1"}).toBool());
  EXPECT_FALSE(run1("aten::isidentifier", {"Abc_1"}).toBool());  // PyTorch's rule: no underscores
  EXPECT_EQ(errorOf("aten::Int.str", {"12abc"}), "invalid literal for int() with base 10: '12abc'");
  EXPECT_TRUE(std::isinf(run1("aten::Float.str", {"-inf"}).toDouble()));
  EXPECT_EQ(run1("aten::floor.float", {-2.5}).toInt(), -3);
  EXPECT_EQ(errorOf("aten::ceil.float", {INFINITY}), "Cannot convert float inf to integer");
  EXPECT_EQ(run1("aten::round.float", {2.5}).toDouble(), 2.0);  // halves to even
  EXPECT_EQ(run1("aten::gcd.int", {-4, 6}).toInt(), 2);
  EXPECT_EQ(run1("aten::factorial.int", {5}).toInt(), 120);
  EXPECT_EQ(errorOf("aten::factorial.int", {-1}), "factorial() not defined for negative values");
}

TEST_F(BuiltinsTest, StrOfValuesUsesTorchScriptFormat) {
  EXPECT_EQ(run1("aten::str", {1.0}).toStringRef(), "1.");
  EXPECT_EQ(run1("aten::str", {0.1}).toStringRef(), "0.10000000000000001");
  EXPECT_EQ(run1("aten::str", {IValue::doubleList({2.5, 3.0})}).toStringRef(), "[2.5, 3.]");
  EXPECT_EQ(run1("aten::str", {strs({"a", "it's"})}).toStringRef(), "[a, it's]");
  EXPECT_EQ(run1("aten::str", {IValue::tuple({IValue(1)})}).toStringRef(), "(1,)");
  EXPECT_EQ(run1("aten::str", {IValue()}).toStringRef(), "None");
  EXPECT_EQ(run1("aten::hex", {-255}).toStringRef(), "-0xff");
  EXPECT_EQ(run1("aten::oct", {8}).toStringRef(), "0o10");
  EXPECT_EQ(run1("aten::bin", {-5}).toStringRef(), "-0b101");
  EXPECT_EQ(run1("aten::format", {"{}: n={} x={}", "a", 3, 2.5}).toStringRef(), "a: n=3 x=2.5");
  EXPECT_EQ(run1("aten::percentFormat", {"%s scored %d points", IValue::tuple({IValue("bob"), IValue(65)})})
                .toStringRef(),
            "bob scored 65 points");
  EXPECT_EQ(run1("aten::percentFormat", {"%f|%e|%c|%%", IValue::tuple({IValue(2.5), IValue(2.5), IValue(65)})})
                .toStringRef(),
            "2.500000|2.500000e+00|A|%");
}

TEST_F(BuiltinsTest, StringMethods) {
  auto parts = run1("aten::split.str", {"  a b  c ", IValue(), -1}).toListRef().elements;
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[2].toStringRef(), "c");
  parts = run1("aten::split.str", {"a,b,,c", ",", 2}).toListRef().elements;
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[2].toStringRef(), ",c");
  EXPECT_EQ(errorOf("aten::split.str", {"ab", "", -1}), "ValueError: empty separator");
  EXPECT_EQ(run1("aten::rsplit", {"a,b,c", ",", 1}).toListRef().elements[0].toStringRef(), "a,b");
  EXPECT_EQ(run1("aten::strip", {"  hi\n", " \n\t\f\v"}).toStringRef(), "hi");
  EXPECT_EQ(run1("aten::lstrip", {"xxhix", "x"}).toStringRef(), "hix");
  EXPECT_EQ(run1("aten::find", {"hello", "l", 0, -1}).toInt(), 2);
  EXPECT_EQ(run1("aten::rfind", {"hello", "l", 0, -1}).toInt(), 3);
  EXPECT_EQ(run1("aten::find", {"hello", "z", 0, -1}).toInt(), -1);
  EXPECT_EQ(errorOf("aten::index.str", {"ab", "z", 0, -1}), "ValueError: substring not found");
  EXPECT_EQ(run1("aten::count", {"aaaa", "aa", 0, -1}).toInt(), 2);
  EXPECT_EQ(run1("aten::replace", {"a-b-c", "-", "+", 1}).toStringRef(), "a+b-c");
  EXPECT_TRUE(run1("aten::startswith", {"hello", "he", 0, -1}).toBool());
  EXPECT_TRUE(run1("aten::endswith", {"hello", "lo", 0, -1}).toBool());
  EXPECT_EQ(run1("aten::join", {"-", strs({"a", "b"})}).toStringRef(), "a-b");
  EXPECT_EQ(run1("aten::upper", {"aB1"}).toStringRef(), "AB1");
  EXPECT_EQ(run1("aten::title", {"hello world"}).toStringRef(), "Hello World");
  EXPECT_TRUE(run1("aten::istitle", {"Hello World"}).toBool());
  EXPECT_FALSE(run1("aten::isupper", {"123"}).toBool());
  EXPECT_TRUE(run1("aten::isdigit", {"123"}).toBool());
  EXPECT_FALSE(run1("aten::isdigit", {""}).toBool());
  EXPECT_EQ(run1("aten::center", {"ab", 5, "*"}).toStringRef(), "**ab*");
  // TorchScript pads before the sign (Python would give "-0042").
  EXPECT_EQ(run1("aten::zfill", {"-42", 5}).toStringRef(), "00-42");
  EXPECT_EQ(run1("aten::__getitem__.str", {"abc", -1}).toStringRef(), "c");
  EXPECT_EQ(errorOf("aten::__getitem__.str", {"abc", 3}), "string index out of range");
  EXPECT_EQ(run1("aten::slice.str", {"abcdef", IValue(), IValue(), -2}).toStringRef(), "fdb");
  EXPECT_EQ(run1("aten::ord", {"A"}).toInt(), 65);
  EXPECT_EQ(run1("aten::chr", {97}).toStringRef(), "a");
  auto p = run("aten::partition", {"a=b=c", "="});
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[2].toStringRef(), "b=c");
}

TEST_F(BuiltinsTest, ListMethods) {
  IValue l = ints({1, 2, 3});
  EXPECT_EQ(run1("aten::__getitem__.t", {l, -1}).toInt(), 3);
  EXPECT_EQ(errorOf("aten::__getitem__.t", {l, 3}), "list index out of range");
  EXPECT_EQ(errorOf("aten::__getitem__.t", {l, -4}), "list index out of range");
  run1("aten::append.t", {l, 4});  // returns the list itself, mutated
  EXPECT_EQ(l.toIntVector(), (std::vector<int64_t>{1, 2, 3, 4}));
  run("aten::insert.t", {l, -100, 0});
  run("aten::insert.t", {l, 100, 9});
  EXPECT_EQ(l.toIntVector(), (std::vector<int64_t>{0, 1, 2, 3, 4, 9}));
  EXPECT_EQ(run1("aten::pop.t", {l, -1}).toInt(), 9);
  EXPECT_EQ(errorOf("aten::pop.t", {ints({}), -1}), "pop from empty list");
  run("aten::remove.int", {l, 0});
  EXPECT_EQ(errorOf("aten::remove.int", {l, 42}), "list.remove(x): x not in list");
  EXPECT_EQ(errorOf("aten::index.list_int", {l, 42}), "'42' is not in list");
  EXPECT_EQ(run1("aten::slice.t", {l, IValue(), IValue(), -1}).toIntVector(), (std::vector<int64_t>{4, 3, 2, 1}));
  EXPECT_EQ(run1("aten::slice.t", {l, 1, -1, 1}).toIntVector(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(run1("aten::mul.left_t", {l, 2}).toListRef().size(), 8u);
  EXPECT_EQ(run1("aten::mul.left_t", {l, -1}).toListRef().size(), 0u);
  IValue words = strs({"b", "a", "c"});
  run("aten::sort.str", {words, true});
  EXPECT_EQ(words.toListRef().elements[0].toStringRef(), "c");
  EXPECT_EQ(run1("aten::sorted.int", {ints({3, 1, 2})}).toIntVector(), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_TRUE(run1("aten::eq.int_list", {ints({1, 2}), ints({1, 2})}).toBool());
  EXPECT_TRUE(run1("aten::__contains__.int_list", {l, 3}).toBool());
  EXPECT_EQ(run1("aten::__range_length", {0, 10, 3}).toInt(), 4);
  EXPECT_EQ(run1("aten::__range_length", {10, 0, -3}).toInt(), 4);
  EXPECT_EQ(run1("aten::__range_length", {5, 0, 1}).toInt(), 0);
  EXPECT_EQ(run1("aten::__derive_index", {2, 10, -3}).toInt(), 4);
  EXPECT_EQ(run1("aten::sum.bool", {IValue::boolList({true, false, true})}).toInt(), 2);
  IValue self = ints({1, 2});
  run("aten::extend.t", {self, self});  // reads what it grows
  EXPECT_EQ(self.toIntVector(), (std::vector<int64_t>{1, 2, 1, 2}));
}

TEST_F(BuiltinsTest, DictMethods) {
  IValue d(DictImpl::create(StringType::get(), IntType::get()));
  run("aten::_set_item.str", {d, "a", 1});
  run("aten::_set_item.str", {d, "b", 2});
  run("aten::_set_item.str", {d, "a", 3});  // keeps its position
  EXPECT_EQ(d.str(), "{a: 3, b: 2}");
  EXPECT_EQ(run1("aten::__getitem__.Dict_str", {d, "b"}).toInt(), 2);
  EXPECT_EQ(errorOf("aten::__getitem__.Dict_str", {d, "zz"}), "KeyError: zz");
  EXPECT_TRUE(run1("aten::get.str", {d, "zz"}).isNone());
  EXPECT_EQ(run1("aten::get.default_str", {d, "zz", 7}).toInt(), 7);
  EXPECT_EQ(run1("aten::setdefault.str", {d, "c", 5}).toInt(), 5);
  EXPECT_EQ(run1("aten::setdefault.str", {d, "c", 6}).toInt(), 5);
  EXPECT_EQ(run1("aten::keys.str", {d}).str(), "[a, b, c]");
  IValue items = run1("aten::items.str", {d});
  EXPECT_EQ(items.str(), "[(a, 3), (b, 2), (c, 5)]");
  EXPECT_EQ(items.type()->str(), "(str, int)[]");
  EXPECT_EQ(run1("aten::pop.Dict_str", {d, "a"}).toInt(), 3);
  EXPECT_EQ(errorOf("aten::pop.Dict_str", {d, "a"}), "KeyError: a");
  IValue first = run1("aten::popitem.str", {d});  // PyTorch pops from the front
  EXPECT_EQ(first.str(), "(b, 2)");
  EXPECT_EQ(run1("aten::len.Dict_str", {d}).toInt(), 1);
  IValue e(DictImpl::create(StringType::get(), IntType::get()));
  EXPECT_EQ(errorOf("aten::popitem.str", {e}), "popitem(): dictionary is empty");
  EXPECT_EQ(errorOf("aten::Delete.Dict_str", {e, "x"}), "KeyError: x");
  IValue ki(DictImpl::create(IntType::get(), IntType::get()));
  EXPECT_EQ(errorOf("aten::__getitem__.Dict_int", {ki, -3}), "KeyError: -3");
}

TEST_F(BuiltinsTest, EnumsAndMetadata) {
  auto et = std::make_shared<EnumType>("__torch__.Color", IntType::get(), std::vector<std::string>{"RED"});
  IValue e(make_intrusive<EnumHolder>(et, "RED", IValue(1)));
  EXPECT_EQ(run1("prim::EnumName", {e}).toStringRef(), "RED");
  EXPECT_EQ(run1("prim::EnumValue.int", {e}).toInt(), 1);
  EXPECT_TRUE(run1("aten::eq.enum", {e, e}).toBool());
  EXPECT_EQ(run1("prim::dtype", {IValue(zeros({2}))}).toInt(), 6);
  EXPECT_EQ(run1("prim::device", {IValue(zeros({2}))}).toDevice(), Device::cpu());
  EXPECT_EQ(run1("aten::device", {"cuda:1"}).toDevice(), Device(DeviceType::CUDA, 1));
  EXPECT_NE(errorOf("aten::device", {"gpu"}).find("device string"), std::string::npos);
  EXPECT_TRUE(run1("aten::is_scripting", {}).toBool());
  EXPECT_EQ(errorOf("prim::dtype", {IValue(Tensor())}), "prim::dtype: expected a defined tensor but got None");
  // device.type / device.index (2.x's nn.MultiheadAttention reads the type).
  EXPECT_EQ(run1("prim::type", {IValue(Device(DeviceType::CUDA, 1))}).toStringRef(), "cuda");
  EXPECT_EQ(run1("prim::type", {IValue(Device::cpu())}).toStringRef(), "cpu");
  EXPECT_EQ(run1("prim::index", {IValue(Device(DeviceType::CUDA, 1))}).toInt(), 1);
  EXPECT_TRUE(run1("prim::index", {IValue(Device::cpu())}).isNone());
  EXPECT_EQ(run1("prim::itemsize", {IValue(zeros({2}, ScalarType::Double))}).toInt(), 8);
  EXPECT_EQ(run1("prim::nbytes", {IValue(zeros({2, 3}, ScalarType::Double))}).toInt(), 48);
  EXPECT_FALSE(run1("prim::grad", {IValue(zeros({2}))}).toTensor().defined());
  // An undefined tensor is None to `is`, as in PyTorch.
  EXPECT_TRUE(run1("aten::__is__", {IValue(Tensor()), IValue()}).toBool());
  EXPECT_FALSE(run1("aten::__is__", {IValue(zeros({1})), IValue()}).toBool());
}

TEST_F(BuiltinsTest, OverloadResolution) {
  auto& r = registry();
  auto pick = [&](const char* name, std::vector<TypePtr> in) {
    const Operator* op = r.findMatchingOperator(name, in);
    return op ? op->schema().operatorName() : std::string("<none>");
  };
  const TypePtr i = IntType::get(), f = FloatType::get(), s = StringType::get(), n = NumberType::get();
  EXPECT_EQ(pick("aten::add", {i, i}), "aten::add.int");
  EXPECT_EQ(pick("aten::add", {f, i}), "aten::add.float_int");
  EXPECT_EQ(pick("aten::add", {s, s}), "aten::add.str");
  EXPECT_EQ(pick("aten::add", {ListType::ofInts(), ListType::ofInts()}), "aten::add.t");
  EXPECT_EQ(pick("aten::add", {n, i}), "aten::add");
  EXPECT_EQ(pick("aten::add", {s, i}), "<none>");
  EXPECT_EQ(pick("aten::__getitem__", {ListType::ofTensors(), i}), "aten::__getitem__.t");
  EXPECT_EQ(pick("aten::__getitem__", {DictType::create(s, i), s}), "aten::__getitem__.Dict_str");
  EXPECT_EQ(pick("aten::__getitem__", {s, i}), "aten::__getitem__.str");
  EXPECT_EQ(pick("aten::len", {ListType::ofInts()}), "aten::len.t");
  // len(Tensor) is a tensor op (shape_ops), not in this builtins-only registry.
  EXPECT_EQ(pick("aten::len", {TensorType::get()}), "<none>");
  EXPECT_EQ(pick("aten::format", {s, i, f, ListType::ofInts()}), "aten::format");
  EXPECT_EQ(pick("aten::split", {s, NoneType::get(), i}), "aten::split.str");
  EXPECT_EQ(pick("aten::split", {s, OptionalType::create(s), i}), "aten::split.str");
  // Type variables bind consistently: append(t[] self, t el).
  EXPECT_EQ(pick("aten::append", {ListType::ofInts(), i}), "aten::append.t");
  EXPECT_EQ(pick("aten::append", {ListType::ofInts(), s}), "<none>");

  std::vector<IValue> vals{IValue(1), IValue(2)};
  const Operator* op = r.findMatchingOperatorForValues("aten::add", vals);
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->schema().operatorName(), "aten::add.int");
  vals = {IValue(1.5), IValue(2)};
  EXPECT_EQ(r.findMatchingOperatorForValues("aten::add", vals)->schema().operatorName(), "aten::add.float_int");
}

}  // namespace
}  // namespace jitserve
