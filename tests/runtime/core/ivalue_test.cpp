// IValue: layout, tags, reference counting and move semantics, containers,
// printing, equality, isinstance, and futures across threads.
#include "runtime/core/ivalue.h"

#include <atomic>
#include <thread>

#include "gtest/gtest.h"
#include "runtime/core/stack.h"

namespace jitserve {
namespace {

TEST(IValue, LayoutIsTwoWords) {
  EXPECT_EQ(sizeof(IValue), 16u);
  EXPECT_TRUE(std::is_nothrow_move_constructible_v<IValue>);
}

TEST(IValue, ScalarsAndTags) {
  EXPECT_TRUE(IValue().isNone());
  EXPECT_EQ(IValue(int64_t{5}).toInt(), 5);
  EXPECT_EQ(IValue(3).toInt(), 3);
  EXPECT_EQ(IValue(2.5).toDouble(), 2.5);
  EXPECT_TRUE(IValue(true).toBool());
  EXPECT_EQ(IValue(ScalarType::Float).toInt(), 6);
  EXPECT_EQ(IValue(Device(DeviceType::CUDA, 1)).toDevice(), Device(DeviceType::CUDA, 1));
  EXPECT_EQ(IValue("abc").toStringRef(), "abc");
  EXPECT_TRUE(IValue(Scalar(true)).isBool());
  EXPECT_TRUE(IValue(Scalar(int64_t{2})).isInt());
  EXPECT_STREQ(IValue(1.0).tagKind(), "Double");
}

// complex numbers are refcounted (two words do not fit the payload), print
// as TorchScript's str() does and compare with real numbers as Python does.
TEST(IValue, ComplexNumbers) {
  const IValue z(std::complex<double>(1, -2));
  EXPECT_TRUE(z.isComplexDouble());
  EXPECT_TRUE(z.isNumber());
  EXPECT_FALSE(z.isScalar());
  EXPECT_EQ(z.toComplexDouble(), std::complex<double>(1, -2));
  EXPECT_EQ(z.type()->kind(), TypeKind::ComplexType);
  EXPECT_EQ(z.str(), "1.-2.j");
  EXPECT_EQ(IValue(std::complex<double>(0, 2.5)).str(), "0.+2.5j");
  EXPECT_TRUE(IValue(Scalar(std::complex<double>(0, 1))).isComplexDouble());
  EXPECT_EQ(z.toScalar().toComplexDouble(), std::complex<double>(1, -2));
  EXPECT_TRUE(ivaluesEqual(IValue(std::complex<double>(3, 0)), IValue(3)));
  EXPECT_FALSE(ivaluesEqual(z, IValue(1.0)));
  EXPECT_TRUE(isInstanceOf(z, *NumberType::get()));
  EXPECT_TRUE(isInstanceOf(z, *ComplexType::get()));
  EXPECT_FALSE(isInstanceOf(IValue(1.0), *ComplexType::get()));
  EXPECT_THROW(z.toDouble(), Error);
}

TEST(IValue, WrongTagIsAClearError) {
  IValue t(zeros({2}));
  try {
    t.toInt();
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.message(), "expected int but got Tensor");
  }
  EXPECT_THROW(IValue(1).toStringRef(), Error);
  EXPECT_THROW(IValue("x").toListRef(), Error);
}

TEST(IValue, CopyCountsAndMoveDoesNot) {
  Tensor t = zeros({3});
  const TensorImpl* impl = t.unsafeGetImpl();
  // IValue stores the impl pointer itself; Tensor's one word must alias it.
  EXPECT_EQ(static_cast<const void*>(static_cast<const Refcounted*>(impl)), static_cast<const void*>(impl));
  IValue a(t);
  EXPECT_EQ(t.getIntrusivePtr().use_count(), 2u);
  {
    IValue b = a;
    EXPECT_EQ(t.getIntrusivePtr().use_count(), 3u);
    IValue c = std::move(b);
    EXPECT_EQ(t.getIntrusivePtr().use_count(), 3u);
    EXPECT_TRUE(b.isNone());
    EXPECT_EQ(c.toTensor().unsafeGetImpl(), impl);
  }
  EXPECT_EQ(t.getIntrusivePtr().use_count(), 2u);
  Tensor out = std::move(a).toTensor();
  EXPECT_TRUE(a.isNone());
  EXPECT_EQ(t.getIntrusivePtr().use_count(), 2u);
  a = IValue(1);
  EXPECT_EQ(t.getIntrusivePtr().use_count(), 2u);
  IValue undefined{Tensor()};
  EXPECT_TRUE(undefined.isTensor());
  EXPECT_FALSE(undefined.toTensor().defined());
  IValue copy = undefined;  // no count to touch
  EXPECT_TRUE(copy.is(undefined));
}

TEST(IValue, StackHelpers) {
  Stack s;
  push(s, IValue(1), IValue("a"), IValue(2.5));
  EXPECT_EQ(peek(s, 1, 3).toStringRef(), "a");
  EXPECT_EQ(pop(s).toDouble(), 2.5);
  auto rest = last(s, 2);
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(rest[0].toInt(), 1);
  push(s, IValue(1), IValue(2));
  drop(s, 2);
  EXPECT_TRUE(s.empty());
}

TEST(IValue, ListsAliasAndHaveTypedAccessors) {
  IValue l = IValue::intList({1, 2, 3});
  IValue alias = l;
  alias.toListRef().elements.push_back(IValue(4));
  EXPECT_EQ(l.toIntVector(), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_TRUE(l.isIntList());
  EXPECT_EQ(l.type()->str(), "int[]");
  EXPECT_EQ(IValue::doubleList({0.5}).toDoubleVector(), std::vector<double>{0.5});
  EXPECT_EQ(IValue::tensorList({zeros({1}), ones({2})}).toTensorVector().size(), 2u);
  EXPECT_THROW(IValue::stringList({"a"}).toIntVector(), Error);
  EXPECT_EQ(l.toListRef().normalizeIndex(-1), 3u);
  EXPECT_THROW(l.toListRef().normalizeIndex(4), Error);
}

TEST(IValue, PrintsLikeTorchScript) {
  EXPECT_EQ(IValue(1).str(), "1");
  EXPECT_EQ(IValue(1.5).str(), "1.5");
  EXPECT_EQ(IValue(1.0).str(), "1.");
  EXPECT_EQ(IValue(1e20).str(), "1e+20");
  EXPECT_EQ(IValue(1e17).str(), "100000000000000000.");
  EXPECT_EQ(IValue(123456789012345678.0).str(), "123456789012345680.");
  EXPECT_EQ(IValue(-0.0).str(), "0.");
  EXPECT_EQ(IValue(-1e-20).str(), "-9.9999999999999995e-21");
  EXPECT_EQ(IValue(1e-5).str(), "1.0000000000000001e-05");
  EXPECT_EQ(IValue(std::numeric_limits<double>::infinity()).str(), "inf");
  EXPECT_EQ(IValue(true).str(), "True");
  EXPECT_EQ(IValue().str(), "None");
  EXPECT_EQ(IValue::intList({1, 2}).str(), "[1, 2]");
  EXPECT_EQ(IValue::tuple({IValue(1), IValue("a")}).str(), "(1, a)");
  EXPECT_EQ(IValue::tuple({IValue(1), IValue("a")}).repr(), "(1, 'a')");
  EXPECT_EQ(IValue::tuple({IValue(1)}).str(), "(1,)");
  EXPECT_EQ(IValue::tuple({}).str(), "()");
  auto d = DictImpl::create(StringType::get(), IntType::get());
  d->insertOrAssign(IValue("a"), IValue(1));
  EXPECT_EQ(IValue(d).str(), "{a: 1}");
  EXPECT_EQ(IValue(d).repr(), "{'a': 1}");
  EXPECT_EQ(IValue("it's").repr(), "\"it's\"");
  EXPECT_EQ(IValue(Device::cpu()).str(), "cpu");
}

TEST(IValue, EqualityFollowsPython) {
  EXPECT_TRUE(ivaluesEqual(IValue(1), IValue(1.0)));
  EXPECT_TRUE(ivaluesEqual(IValue(true), IValue(1)));
  EXPECT_FALSE(ivaluesEqual(IValue(1), IValue("1")));
  EXPECT_TRUE(ivaluesEqual(IValue("ab"), IValue("ab")));
  EXPECT_TRUE(ivaluesEqual(IValue(), IValue()));
  EXPECT_TRUE(ivaluesEqual(IValue::intList({1, 2}), IValue::doubleList({1.0, 2.0})));
  EXPECT_FALSE(ivaluesEqual(IValue::intList({1, 2}), IValue::intList({1})));
  EXPECT_TRUE(ivaluesEqual(IValue::tuple({IValue(1), IValue("a")}), IValue::tuple({IValue(1), IValue("a")})));
  auto a = DictImpl::create(StringType::get(), IntType::get());
  auto b = DictImpl::create(StringType::get(), IntType::get());
  a->insertOrAssign(IValue("x"), IValue(1));
  a->insertOrAssign(IValue("y"), IValue(2));
  b->insertOrAssign(IValue("y"), IValue(2));
  b->insertOrAssign(IValue("x"), IValue(1));
  EXPECT_TRUE(ivaluesEqual(IValue(a), IValue(b)));
  Tensor t = zeros({1});
  EXPECT_TRUE(ivaluesEqual(IValue(t), IValue(t)));
  EXPECT_FALSE(ivaluesEqual(IValue(t), IValue(zeros({1}))));  // identity for tensors
  EXPECT_TRUE(IValue(t).is(IValue(t)));
  EXPECT_FALSE(IValue::intList({1}).is(IValue::intList({1})));
}

TEST(IValue, DictKeepsInsertionOrderAndHashesKeys) {
  auto d = DictImpl::create(IntType::get(), StringType::get());
  for (int64_t k : {5, 1, 3}) d->insertOrAssign(IValue(k), IValue(std::to_string(k)));
  d->insertOrAssign(IValue(1), IValue("one"));
  EXPECT_EQ(IValue(d).str(), "{5: 5, 1: one, 3: 3}");
  ASSERT_TRUE(d->erase(IValue(5)).has_value());
  EXPECT_FALSE(d->erase(IValue(5)).has_value());
  EXPECT_EQ(IValue(d).str(), "{1: one, 3: 3}");
  EXPECT_EQ(d->find(IValue(3))->toStringRef(), "3");
  auto e = d->popLast();
  EXPECT_EQ(e.key.toInt(), 3);
  EXPECT_EQ(d->insertIfAbsent(IValue(1), IValue("x")).toStringRef(), "one");
  auto copy = d->copy();
  copy->clear();
  EXPECT_EQ(d->size(), 1u);
  // Tensor keys hash by identity; -0.0 and 0.0 are one key.
  auto f = DictImpl::create(FloatType::get(), IntType::get());
  f->insertOrAssign(IValue(0.0), IValue(1));
  f->insertOrAssign(IValue(-0.0), IValue(2));
  EXPECT_EQ(f->size(), 1u);
  EXPECT_FALSE(isHashableKey(IValue::intList({})));
  EXPECT_THROW(hashKey(IValue::intList({})), Error);
}

TEST(IValue, DynamicTypeAndIsInstance) {
  EXPECT_EQ(IValue(1).type()->str(), "int");
  EXPECT_EQ(IValue::tuple({IValue(1), IValue("a")}).type()->str(), "(int, str)");
  const TypePtr optInt = OptionalType::create(IntType::get());
  EXPECT_TRUE(isInstanceOf(IValue(), *optInt));
  EXPECT_TRUE(isInstanceOf(IValue(3), *optInt));
  EXPECT_FALSE(isInstanceOf(IValue(3.0), *optInt));
  EXPECT_TRUE(isInstanceOf(IValue(3.0), *NumberType::get()));
  EXPECT_TRUE(isInstanceOf(IValue::intList({1}), *ListType::ofInts()));
  EXPECT_FALSE(isInstanceOf(IValue::intList({1}), *ListType::ofFloats()));
  // A list whose element type was not recorded is judged by its elements.
  IValue anyList = IValue::list(AnyType::get(), {IValue(1), IValue(2)});
  EXPECT_TRUE(isInstanceOf(anyList, *ListType::ofInts()));
  EXPECT_TRUE(isInstanceOf(IValue::tuple({IValue(1)}), *TupleType::create({NumberType::get()})));
  EXPECT_TRUE(isInstanceOf(IValue(zeros({2})), *TensorType::get()));
  EXPECT_TRUE(isInstanceOf(IValue("s"), *UnionType::create({IntType::get(), StringType::get()})));
  EXPECT_TRUE(isInstanceOf(IValue(zeros({2})), *AnyType::get()));

  auto cls = ClassType::create("__torch__.Foo");
  cls->addAttribute("x", IntType::get());
  auto obj = ObjectImpl::create(cls);
  obj->setAttr("x", IValue(4));
  IValue o(obj);
  EXPECT_EQ(o.toObjectRef().getAttr("x").toInt(), 4);
  EXPECT_TRUE(isInstanceOf(o, *cls));
  EXPECT_FALSE(isInstanceOf(o, *ClassType::create("__torch__.Bar")));
  EXPECT_THROW(obj->getAttr("y"), Error);
  // Open classes grow slots after the object exists.
  cls->addAttribute("y", StringType::get());
  obj->setAttr("y", IValue("late"));
  EXPECT_EQ(obj->getAttr("y").toStringRef(), "late");
}

TEST(Future, CompletesOnceAndRunsCallbacksOnTheCompletingThread) {
  auto fut = FutureImpl::create(IntType::get());
  std::atomic<int> calls{0};
  std::thread::id ranOn;
  fut->addCallback([&](FutureImpl& f) {
    EXPECT_EQ(f.value().toInt(), 42);
    ranOn = std::this_thread::get_id();
    ++calls;
  });
  EXPECT_FALSE(fut->completed());
  std::thread::id completer;
  std::thread t([&] {
    completer = std::this_thread::get_id();
    fut->markCompleted(IValue(42));
  });
  fut->wait();
  t.join();
  EXPECT_EQ(calls.load(), 1);
  EXPECT_EQ(ranOn, completer);
  // A callback added after completion runs at once, on this thread.
  fut->addCallback([&](FutureImpl&) { ++calls; });
  EXPECT_EQ(calls.load(), 2);
  EXPECT_THROW(fut->markCompleted(IValue(1)), Error);
  EXPECT_EQ(IValue(fut).type()->str(), "Future(int)");
}

TEST(Future, CarriesErrors) {
  auto fut = FutureImpl::create(IntType::get());
  fut->setErrorMessage("boom");
  EXPECT_TRUE(fut->hasError());
  EXPECT_EQ(fut->errorMessage(), "boom");
  EXPECT_THROW(fut->value(), Error);
}

}  // namespace
}  // namespace jitserve
