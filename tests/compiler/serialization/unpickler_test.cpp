#include "compiler/serialization/unpickler.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "compiler/serialization/pickler.h"
#include "compiler/serialization/torch_save.h"
#include "tests/compiler/serialization/pickle_test_util.h"

namespace jitserve {
namespace {

using testing::makeTorchSave;
using testing::PickleWriter;
using testing::rawBytes;

// A byte string from a literal that may hold NULs.
template <size_t N>
std::string B(const char (&s)[N]) {
  return std::string(s, N - 1);
}

absl::StatusOr<IValue> run(const std::string& pickle, UnpicklerOptions opts = {}) {
  opts.sourceName = "test.pkl";
  return unpickle(pickle, opts);
}

IValue runOk(const std::string& pickle, UnpicklerOptions opts = {}) {
  absl::StatusOr<IValue> v = run(pickle, std::move(opts));
  EXPECT_TRUE(v.ok()) << v.status();
  return v.ok() ? *v : IValue();
}

// The error must name the problem and where it happened.
void expectError(const absl::StatusOr<IValue>& v, const std::string& fragment) {
  ASSERT_FALSE(v.ok()) << "unexpectedly loaded: " << *v;
  std::string msg(v.status().message());
  EXPECT_NE(msg.find(fragment), std::string::npos) << msg;
  EXPECT_NE(msg.find(" at byte "), std::string::npos) << msg;
}

// ---------------------------------------------------------------- values

TEST(Unpickler, Scalars) {
  IValue v = runOk(PickleWriter()
                       .proto()
                       .mark()
                       .integer(7)
                       .integer(-5)
                       .integer(300)
                       .integer(int64_t{1} << 40)
                       .integer(-(int64_t{1} << 62))
                       .floating(2.5)
                       .str("héllo")
                       .none()
                       .boolean(true)
                       .boolean(false)
                       .tuple()
                       .stop());
  ASSERT_TRUE(v.isTuple());
  const auto& e = v.toTupleRef().elements;
  ASSERT_EQ(e.size(), 10u);
  EXPECT_EQ(e[0].toInt(), 7);
  EXPECT_EQ(e[1].toInt(), -5);
  EXPECT_EQ(e[2].toInt(), 300);
  EXPECT_EQ(e[3].toInt(), int64_t{1} << 40);
  EXPECT_EQ(e[4].toInt(), -(int64_t{1} << 62));
  EXPECT_EQ(e[5].toDouble(), 2.5);
  EXPECT_EQ(e[6].toStringRef(), "héllo");
  EXPECT_TRUE(e[7].isNone());
  EXPECT_TRUE(e[8].toBool());
  EXPECT_FALSE(e[9].toBool());
}

// A complex number, as our pickler writes it (builtins.complex(re, im)) and
// as torch.save's protocol 2 names the class (__builtin__.complex).
TEST(Unpickler, ComplexNumbers) {
  Pickler p;
  p.push(IValue(std::complex<double>(1.5, -2)));
  IValue v = runOk(p.finish());
  ASSERT_TRUE(v.isComplexDouble());
  EXPECT_EQ(v.toComplexDouble(), std::complex<double>(1.5, -2));
  IValue w = runOk(
      PickleWriter().proto().global("__builtin__", "complex").mark().floating(0).floating(3).tuple().reduce().stop());
  EXPECT_EQ(w.toComplexDouble(), std::complex<double>(0, 3));
}

TEST(Unpickler, LongEncodings) {
  // LONG1 with 0, 1, 2 bytes; LONG4.
  std::string p = PickleWriter()
                      .proto()
                      .mark()
                      .raw(B("\x8a\x00"))
                      .raw("\x8a\x01\xff")
                      .raw(B("\x8a\x02\x00\x80"))
                      .raw(B("\x8b\x02\x00\x00\x00\x34\x12"))
                      .tuple()
                      .stop();
  IValue v = runOk(p);
  const auto& e = v.toTupleRef().elements;
  EXPECT_EQ(e[0].toInt(), 0);
  EXPECT_EQ(e[1].toInt(), -1);
  EXPECT_EQ(e[2].toInt(), -32768);
  EXPECT_EQ(e[3].toInt(), 0x1234);
}

TEST(Unpickler, ContainersAndMemo) {
  // {'a': [1, 2, 3], 'b': ([1, 2, 3],)} with the list shared through the memo.
  std::string p = PickleWriter()
                      .proto()
                      .emptyDict()
                      .put(0)
                      .mark()
                      .str("a")
                      .emptyList()
                      .put(1)
                      .mark()
                      .integer(1)
                      .integer(2)
                      .integer(3)
                      .appends()
                      .str("b")
                      .get(1)
                      .op('\x85')  // TUPLE1
                      .setitems()
                      .stop();
  IValue v = runOk(p);
  ASSERT_TRUE(v.isDict());
  const DictImpl& d = v.toDictRef();
  ASSERT_EQ(d.size(), 2u);
  const IValue* a = d.find(IValue("a"));
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->isIntList()) << "element type inferred from the contents";
  EXPECT_EQ(a->toIntVector(), (std::vector<int64_t>{1, 2, 3}));
  const IValue* b = d.find(IValue("b"));
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(b->toTupleRef().elements[0].is(*a)) << "memo keeps identity";
  EXPECT_EQ(d.keyType->kind(), TypeKind::StringType);
}

TEST(Unpickler, MixedListIsAny) {
  IValue v = runOk(PickleWriter().proto().emptyList().mark().integer(1).str("x").integer(2).appends().stop());
  EXPECT_EQ(v.toListRef().elementType->kind(), TypeKind::AnyType);
}

TEST(Unpickler, TypedListHelpers) {
  std::string p = PickleWriter()
                      .proto()
                      .global("torch.jit._pickle", "build_intlist")
                      .mark()
                      .emptyList()
                      .mark()
                      .integer(4)
                      .integer(5)
                      .appends()
                      .tuple()
                      .reduce()
                      .stop();
  EXPECT_TRUE(runOk(p).isIntList());
  std::string bad = PickleWriter()
                        .proto()
                        .global("torch.jit._pickle", "build_intlist")
                        .mark()
                        .emptyList()
                        .mark()
                        .str("x")
                        .appends()
                        .tuple()
                        .reduce()
                        .stop();
  expectError(run(bad), "list element of type str where int expected");
  std::string tagged = PickleWriter()
                           .proto()
                           .global("torch.jit._pickle", "restore_type_tag")
                           .mark()
                           .emptyDict()
                           .str("Dict[str, int]")
                           .tuple()
                           .reduce()
                           .stop();
  IValue d = runOk(tagged);
  EXPECT_EQ(d.toDictRef().valueType->kind(), TypeKind::IntType);
  std::string deepTag;
  for (int i = 0; i < 100; ++i) deepTag += "List[";
  deepTag += "int" + std::string(100, ']');
  expectError(run(PickleWriter()
                      .proto()
                      .global("torch.jit._pickle", "restore_type_tag")
                      .mark()
                      .emptyList()
                      .str(deepTag)
                      .tuple()
                      .reduce()
                      .stop()),
              "nested too deeply");
  expectError(run(PickleWriter()
                      .proto()
                      .global("torch.jit._pickle", "restore_type_tag")
                      .mark()
                      .emptyList()
                      .mark()
                      .integer(1)
                      .appends()
                      .str("List[str]")
                      .tuple()
                      .reduce()
                      .stop()),
              "does not match type tag List[str]");
}

TEST(Unpickler, DtypeAndDeviceGlobals) {
  std::string p = PickleWriter()
                      .proto()
                      .mark()
                      .global("torch", "float64")
                      .global("torch", "device")
                      .mark()
                      .str("cuda")
                      .integer(1)
                      .tuple()
                      .reduce()
                      .global("torch", "Size")
                      .mark()
                      .ints({2, 3})
                      .tuple()
                      .reduce()
                      .tuple()
                      .stop();
  IValue v = runOk(p);
  const auto& e = v.toTupleRef().elements;
  EXPECT_EQ(e[0].toInt(), static_cast<int64_t>(ScalarType::Double));
  EXPECT_EQ(e[1].toDevice(), Device(DeviceType::CUDA, 1));
  EXPECT_EQ(e[2].toTupleRef().elements.size(), 2u);
}

// ---------------------------------------------------------------- objects

std::shared_ptr<ClassType> makeFooClass() {
  auto cls = ClassType::create("__torch__.Foo");
  cls->addAttribute("x", IntType::get());
  cls->addAttribute("child", AnyType::get());
  return cls;
}

TEST(Unpickler, TorchScriptObjects) {
  auto cls = makeFooClass();
  UnpicklerOptions opts;
  opts.resolveClass = [&](const std::string& name) -> std::shared_ptr<const ClassType> {
    return name == "__torch__.Foo" ? cls : nullptr;
  };
  std::string p = PickleWriter()
                      .proto()
                      .global("__torch__", "Foo")
                      .put(0)
                      .emptyTuple()
                      .newobj()
                      .emptyDict()
                      .mark()
                      .str("x")
                      .integer(42)
                      .str("child")
                      .none()
                      .setitems()
                      .build()
                      .stop();
  IValue v = runOk(p, opts);
  ASSERT_TRUE(v.isObject());
  EXPECT_EQ(v.toObjectRef().getAttr("x").toInt(), 42);

  // Unknown attribute: the default setter refuses it.
  std::string badAttr = PickleWriter()
                            .proto()
                            .global("__torch__", "Foo")
                            .emptyTuple()
                            .newobj()
                            .emptyDict()
                            .str("nope")
                            .integer(1)
                            .setitem()
                            .build()
                            .stop();
  expectError(run(badAttr, opts), "has no attribute 'nope'");
  // Unknown class.
  expectError(run(PickleWriter().proto().global("__torch__", "Bar").stop(), opts), "unknown TorchScript class");
  // A custom setter sees the state.
  int calls = 0;
  opts.setState = [&](const intrusive_ptr<ObjectImpl>& obj, IValue state) {
    ++calls;
    obj->setAttr("x", IValue(state.toTupleRef().elements[0].toInt() * 2));
  };
  std::string tupleState =
      PickleWriter().proto().global("__torch__", "Foo").emptyTuple().newobj().integer(21).op('\x85').build().stop();
  IValue w = runOk(tupleState, opts);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(w.toObjectRef().getAttr("x").toInt(), 42);
}

// ---------------------------------------------------------------- hostile

TEST(UnpicklerHostile, ForbiddenGlobals) {
  auto v = run(PickleWriter().proto().global("os", "system").mark().str("rm -rf /").tuple().reduce().stop());
  expectError(v, "forbidden global os.system in test.pkl at byte 2 (GLOBAL)");
  expectError(run(PickleWriter().proto().global("builtins", "eval").stop()), "forbidden global builtins.eval");
  expectError(run(PickleWriter().proto().global("torch", "load").stop()), "forbidden global torch.load");
  expectError(run(PickleWriter().proto().global("__builtin__", "getattr").stop()), "forbidden global");
  expectError(run(PickleWriter().proto().global("torch._utils", "_rebuild_qtensor").stop()),
              "quantized tensors are not supported");
  expectError(run(PickleWriter().proto().global("torch", "QInt8Storage").stop()), "quantized");
  expectError(run(PickleWriter().proto().global("os\x01", "x").stop()), "malformed global name");
  // TorchScript classes are refused without a resolver (torch.save files).
  expectError(run(PickleWriter().proto().global("__torch__.evil", "Mod").stop()),
              "forbidden global __torch__.evil.Mod");
  // STACK_GLOBAL goes through the same allow-list.
  expectError(run(PickleWriter().proto().str("subprocess").str("Popen").op('\x93').stop()),
              "forbidden global subprocess.Popen");
}

TEST(UnpicklerHostile, ReduceOfNonCallable) {
  expectError(run(PickleWriter().proto().global("torch", "FloatStorage").emptyTuple().reduce().stop()),
              "torch.FloatStorage cannot be called with REDUCE");
  expectError(run(PickleWriter().proto().emptyList().emptyTuple().reduce().stop()), "REDUCE: List is not callable");
  expectError(run(PickleWriter().proto().global("collections", "OrderedDict").integer(3).reduce().stop()),
              "arguments must be a tuple");
  // A global may not escape into the result.
  expectError(run(PickleWriter().proto().global("collections", "OrderedDict").stop()),
              "cannot be the result of a pickle");
  expectError(run(PickleWriter().proto().emptyList().global("collections", "OrderedDict").append().stop()),
              "cannot be stored in a List");
}

TEST(UnpicklerHostile, BuildOnNonObject) {
  expectError(run(PickleWriter().proto().emptyList().emptyDict().build().stop()), "BUILD on List");
  expectError(run(PickleWriter().proto().integer(1).emptyDict().build().stop()), "BUILD on int");
}

TEST(UnpicklerHostile, StackAndMemoErrors) {
  expectError(run(PickleWriter().proto().pop().stop()), "pickle stack underflow");
  expectError(run(PickleWriter().proto().append().stop()), "pickle stack underflow");
  expectError(run(PickleWriter().proto().mark().tuple().tuple().stop()), "no MARK");
  expectError(run(PickleWriter().proto().mark().pop().stop()), "pickle stack underflow");
  expectError(run(PickleWriter().proto().get(5).stop()), "memo index 5 is undefined");
  expectError(run(PickleWriter().proto().longGet(0xffffffffu).stop()), "memo index 4294967295 is undefined");
  expectError(run(PickleWriter().proto().integer(1).integer(2).stop()), "STOP with 2 values");
  expectError(run(PickleWriter().proto().mark().integer(1).stop()), "unclosed MARK");
  expectError(run(PickleWriter().proto().stop()), "STOP with 0 values");
  expectError(run(PickleWriter().proto().integer(1).stop() + "junk"), "trailing bytes after STOP");
}

TEST(UnpicklerHostile, Truncated) {
  std::string full = PickleWriter().proto().emptyList().mark().integer(1).str("abc").appends().stop();
  for (size_t cut = 0; cut < full.size(); ++cut) {
    SCOPED_TRACE(cut);
    auto v = run(full.substr(0, cut));
    ASSERT_FALSE(v.ok());
  }
  expectError(run(PickleWriter().proto().integer(1).bytes()), "no STOP opcode");
  expectError(run(PickleWriter().proto().raw(B("X\x05\x00\x00\x00" "ab")).bytes()), "needs 5 bytes but only 2 remain");
}

TEST(UnpicklerHostile, HugeDeclaredLengths) {
  // Never allocated: each is checked against the bytes that remain.
  expectError(run(PickleWriter().proto().raw("X\xff\xff\xff\xff").stop()), "needs 4294967295 bytes");
  expectError(run(PickleWriter().proto().raw("\x8d\xff\xff\xff\xff\xff\xff\xff\x7f").stop()),
              "needs 9223372036854775807 bytes");
  expectError(run(PickleWriter().proto().raw("B\xff\xff\xff\x7f").stop()), "needs 2147483647 bytes");
  expectError(run(PickleWriter().proto().raw("\x8b\xff\xff\xff\x7f").stop()), "does not fit in 64 bits");
  expectError(run(PickleWriter().proto().raw("\x8b\xff\xff\xff\xff").stop()), "negative length");
  expectError(run(PickleWriter().proto().raw("\x8a\x09").raw(std::string(9, '\x01')).stop()),
              "does not fit in 64 bits");
  expectError(run(PickleWriter().proto().raw(B("\x95\xff\xff\xff\xff\x00\x00\x00\x00")).stop()), "FRAME of");
}

TEST(UnpicklerHostile, BadOpcodesAndProtocols) {
  expectError(run(PickleWriter().proto().op('I').raw("1\n").stop()), "unsupported pickle opcode 0x49");
  expectError(run(PickleWriter().proto().op('\xff').stop()), "unsupported pickle opcode 0xff");
  expectError(run(PickleWriter().proto(9).integer(1).stop()), "unsupported pickle protocol 9");
  expectError(run(PickleWriter().proto().raw(B("X\x02\x00\x00\x00\xc3\x28")).stop()), "not valid UTF-8");
  expectError(run(""), "empty pickle");
}

TEST(UnpicklerHostile, DeepNestingThroughMemo) {
  // [[[[...]]]] a million deep with a constant-size stack: each step wraps the
  // previous list (kept in memo 0) in a new one.
  PickleWriter w;
  w.proto().emptyList().put(0);
  for (int i = 0; i < 1000000; ++i) w.emptyList().get(0).append().put(0).pop();
  auto v = run(w.get(0).stop());
  expectError(v, "nested deeper than the limit of 512");
}

TEST(UnpicklerHostile, DeepNestingOnTheStack) {
  PickleWriter w;
  w.proto();
  for (int i = 0; i < 100000; ++i) w.emptyList();
  for (int i = 0; i < 99999; ++i) w.append();
  expectError(run(w.stop()), "nested deeper than the limit");
  // A million lists are refused before nesting matters: containers count 8
  // against maxValues.
  PickleWriter million;
  million.proto();
  for (int i = 0; i < 1000000; ++i) million.emptyList();
  expectError(run(million.stop()), "more than the limit of 8388608 values");
  UnpicklerOptions small;
  small.limits.maxStackSize = 1000;
  expectError(run(w.stop(), small), "pickle stack exceeds the limit of 1000");
  PickleWriter marks;
  marks.proto();
  for (int i = 0; i < 100000; ++i) marks.mark();
  expectError(run(marks.stop()), "open MARKs");
}

TEST(UnpicklerHostile, NoCycles) {
  // l.append(l)
  expectError(run(PickleWriter().proto().emptyList().put(0).get(0).append().stop()), "cannot contain itself");
  // a = []; b = [a]; a.append(b)
  expectError(run(PickleWriter()
                      .proto()
                      .emptyList()
                      .put(0)
                      .pop()
                      .emptyList()
                      .get(0)
                      .append()
                      .put(1)
                      .pop()
                      .get(0)
                      .get(1)
                      .append()
                      .stop()),
              "already inside another container");
  // d = {}; d['k'] = d
  expectError(run(PickleWriter().proto().emptyDict().put(0).str("k").get(0).setitem().stop()),
              "cannot contain itself");
}

TEST(UnpicklerHostile, ValueLimit) {
  UnpicklerOptions opts;
  opts.limits.maxValues = 100;
  PickleWriter w;
  w.proto().emptyList().put(0).pop();
  for (int i = 0; i < 200; ++i) w.get(0).integer(1).append().pop();
  expectError(run(w.get(0).stop(), opts), "more than the limit of 100 values");
  UnpicklerOptions memo;
  memo.limits.maxMemoSize = 10;
  PickleWriter m;
  m.proto().integer(1);
  for (int i = 0; i < 20; ++i) m.put(static_cast<uint8_t>(i));
  expectError(run(m.stop(), memo), "memo exceeds the limit of 10");
}

// Memo references make one input byte reach a large value again and again;
// none of these may cost more than a constant per opcode.
TEST(UnpicklerHostile, RepeatedReferencesStayCheap) {
  // Retyping the same list through the memo.
  expectError(run(PickleWriter()
                      .proto()
                      .emptyList()
                      .put(0)
                      .pop()
                      .global("torch.jit._pickle", "build_intlist")
                      .put(1)
                      .get(0)
                      .op('\x85')
                      .reduce()
                      .pop()
                      .get(1)
                      .get(0)
                      .op('\x85')
                      .reduce()
                      .stop()),
              "given a type twice");
  // A 1 MiB dict key inserted again and again is charged by its length.
  PickleWriter keys;
  keys.proto().str(std::string(1 << 20, 'k')).put(0).pop().emptyDict();
  for (int i = 0; i < 100000; ++i) keys.get(0).none().setitem();
  expectError(run(keys.stop()), "more than the limit of 8388608 values");
  // A huge memoized string as a global's name is refused before it is scanned.
  PickleWriter names;
  names.proto().str(std::string(1 << 20, 'a')).put(0).pop();
  for (int i = 0; i < 1000; ++i) names.get(0).get(0).op('\x93').pop();
  expectError(run(names.stop()), "malformed global name");
  // Two structurally equal 1000-element tuples appended alternately: element
  // type inference gives up on large types instead of comparing them each time.
  PickleWriter tuples;
  tuples.proto().mark();
  for (int i = 0; i < 1000; ++i) tuples.integer(i);
  tuples.tuple().put(0).pop().mark();
  for (int i = 0; i < 1000; ++i) tuples.integer(i);
  tuples.tuple().put(1).pop().emptyList();
  for (int i = 0; i < 200000; ++i) tuples.get(static_cast<uint8_t>(i % 2)).append();
  IValue v = runOk(tuples.stop());
  EXPECT_EQ(v.toListRef().size(), 200000u);
  // A device string is parsed only when short.
  expectError(run(PickleWriter()
                      .proto()
                      .global("torch", "device")
                      .str(std::string(10000, 'c'))
                      .op('\x85')
                      .reduce()
                      .stop()),
              "torch.device takes");
}

TEST(UnpicklerHostile, UnhashableKey) {
  expectError(run(PickleWriter().proto().emptyDict().emptyList().integer(1).setitem().stop()),
              "unhashable dict key of type List");
  expectError(run(PickleWriter().proto().emptyDict().mark().integer(1).setitems().stop()), "odd number");
}

TEST(UnpicklerHostile, PersistentIdsNeedALoader) {
  std::string p = PickleWriter().proto().tensor("FloatStorage", "0", 4, 0, {4}, {1}).stop();
  expectError(run(p), "persistent ids (tensor storages) are not allowed here");
}

// ---------------------------------------------------------------- tensors

Storage bytesStorage(const std::string& bytes) {
  Storage s = Storage::allocate(bytes.size());
  if (!bytes.empty()) std::memcpy(s.data(), bytes.data(), bytes.size());
  return s;
}

UnpicklerOptions withStorage(const std::string& bytes, int* loads = nullptr) {
  UnpicklerOptions opts;
  Storage s = bytesStorage(bytes);
  opts.loadStorage = [s, loads](const StorageRecordRef& ref) {
    if (loads) ++*loads;
    return s;
  };
  return opts;
}

TEST(UnpicklerTensors, RebuildsStridedViews) {
  std::string data = rawBytes<float>({0, 1, 2, 3, 4, 5});
  // The transpose of a 2x3 tensor, and a view at offset 2, sharing one storage.
  std::string p = PickleWriter()
                      .proto()
                      .mark()
                      .tensor("FloatStorage", "0", 6, 0, {3, 2}, {1, 3})
                      .tensor("FloatStorage", "0", 6, 2, {2}, {2})
                      .tuple()
                      .stop();
  int loads = 0;
  IValue v = runOk(p, withStorage(data, &loads));
  const auto& e = v.toTupleRef().elements;
  const Tensor& t = e[0].toTensor();
  EXPECT_EQ(t.dtype(), ScalarType::Float);
  EXPECT_EQ(std::vector<int64_t>(t.sizes().begin(), t.sizes().end()), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(std::vector<int64_t>(t.strides().begin(), t.strides().end()), (std::vector<int64_t>{1, 3}));
  const Tensor& u = e[1].toTensor();
  EXPECT_EQ(u.storage_offset(), 2);
  EXPECT_TRUE(t.is_alias_of(u));
  EXPECT_EQ(loads, 2);
}

TEST(UnpicklerTensors, TensorPastItsStorage) {
  std::string data = rawBytes<float>({0, 1, 2, 3, 4, 5});
  auto run6 = [&](const std::string& p) { return run(p, withStorage(data)); };
  expectError(run6(PickleWriter().proto().tensor("FloatStorage", "0", 6, 0, {3, 3}, {3, 1}).stop()),
              "out of bounds for storage");
  expectError(run6(PickleWriter().proto().tensor("FloatStorage", "0", 6, 5, {2}, {1}).stop()),
              "out of bounds for storage");
  expectError(run6(PickleWriter().proto().tensor("FloatStorage", "0", 6, 0, {2}, {-1}).stop()), "negative stride");
  expectError(run6(PickleWriter().proto().tensor("FloatStorage", "0", 6, -1, {1}, {1}).stop()),
              "negative storage offset");
  expectError(run6(PickleWriter().proto().tensor("FloatStorage", "0", 6, 0, {-2}, {1}).stop()), "fromStorage");
  expectError(run6(PickleWriter()
                       .proto()
                       .tensor("FloatStorage", "0", 6, 0, {int64_t{1} << 62, int64_t{1} << 62}, {1, 1})
                       .stop()),
              "fromStorage");
  expectError(run6(PickleWriter().proto().tensor("FloatStorage", "0", 6, 0, {2, 3}, {3}).stop()), "differ in length");
  // A huge stride on a size-1 dimension is harmless only if nothing reaches past.
  expectError(run6(PickleWriter().proto().tensor("FloatStorage", "0", 6, 0, {2}, {int64_t{1} << 61}).stop()),
              "out of bounds for storage");
}

TEST(UnpicklerTensors, StorageShorterThanDeclared) {
  std::string data = rawBytes<float>({0, 1});
  expectError(run(PickleWriter().proto().tensor("FloatStorage", "0", 100, 0, {2}, {1}).stop(), withStorage(data)),
              "fewer than the 400");
  expectError(run(PickleWriter().proto().tensor("FloatStorage", "0", int64_t{1} << 62, 0, {2}, {1}).stop(),
                  withStorage(data)),
              "overflows");
  expectError(run(PickleWriter().proto().tensor("FloatStorage", "0", -1, 0, {2}, {1}).stop(), withStorage(data)),
              "negative numel");
  expectError(run(PickleWriter().proto().tensor("FloatStorage", "../../etc/passwd", 1, 0, {1}, {1}).stop(),
                  withStorage(data)),
              "storage key must be");
}

TEST(UnpicklerTensors, RebuildArgumentsChecked) {
  std::string data = rawBytes<float>({0, 1});
  expectError(run(PickleWriter()
                      .proto()
                      .global("torch._utils", "_rebuild_tensor_v2")
                      .mark()
                      .integer(1)
                      .tuple()
                      .reduce()
                      .stop(),
                  withStorage(data)),
              "takes 6 or 7 arguments");
  expectError(run(PickleWriter()
                      .proto()
                      .global("torch._utils", "_rebuild_tensor_v2")
                      .mark()
                      .emptyList()
                      .integer(0)
                      .ints({1})
                      .ints({1})
                      .boolean(false)
                      .emptyDict()
                      .tuple()
                      .reduce()
                      .stop(),
                  withStorage(data)),
              "first argument must be a storage");
  // A bare storage may not be the result.
  expectError(run(PickleWriter()
                      .proto()
                      .mark()
                      .str("storage")
                      .global("torch", "FloatStorage")
                      .str("0")
                      .str("cpu")
                      .integer(2)
                      .tuple()
                      .persid()
                      .stop(),
                  withStorage(data)),
              "a storage cannot be the result");
}

TEST(UnpicklerTensors, Parameters) {
  std::string data = rawBytes<float>({0, 1});
  std::string p = PickleWriter()
                      .proto()
                      .global("torch._utils", "_rebuild_parameter")
                      .mark()
                      .tensor("FloatStorage", "0", 2, 0, {2}, {1})
                      .boolean(true)
                      .global("collections", "OrderedDict")
                      .emptyTuple()
                      .reduce()
                      .tuple()
                      .reduce()
                      .stop();
  IValue v = runOk(p, withStorage(data));
  EXPECT_TRUE(v.toTensor().requires_grad());
}

// Random programs built from opcode snippets reach deeper into the machine
// than byte flips do. Each must load or fail with an error; under ASan this
// is the memory-safety check. JITSERVE_FUZZ_ITERATIONS scales it up.
TEST(UnpicklerHostile, RandomOpcodePrograms) {
  const char* env = std::getenv("JITSERVE_FUZZ_ITERATIONS");
  const int iterations = env ? std::atoi(env) : 20000;
  auto cls = makeFooClass();
  UnpicklerOptions opts = withStorage(rawBytes<float>({0, 1, 2, 3, 4, 5, 6, 7}));
  opts.resolveClass = [&](const std::string&) -> std::shared_ptr<const ClassType> { return cls; };
  opts.limits.maxValues = 100000;
  const std::vector<std::string> snippets = {
      PickleWriter().mark().bytes(),
      PickleWriter().emptyList().bytes(),
      PickleWriter().emptyDict().bytes(),
      PickleWriter().emptyTuple().bytes(),
      PickleWriter().append().bytes(),
      PickleWriter().appends().bytes(),
      PickleWriter().setitem().bytes(),
      PickleWriter().setitems().bytes(),
      PickleWriter().tuple().bytes(),
      PickleWriter().op('\x85').bytes(),
      PickleWriter().op('\x86').bytes(),
      PickleWriter().op('\x87').bytes(),
      PickleWriter().put(0).bytes(),
      PickleWriter().put(1).bytes(),
      PickleWriter().get(0).bytes(),
      PickleWriter().get(1).bytes(),
      PickleWriter().op('\x94').bytes(),
      PickleWriter().integer(0).bytes(),
      PickleWriter().integer(3).bytes(),
      PickleWriter().integer(-1).bytes(),
      PickleWriter().integer(int64_t{1} << 62).bytes(),
      PickleWriter().floating(1.5).bytes(),
      PickleWriter().str("x").bytes(),
      PickleWriter().str("storage").bytes(),
      PickleWriter().str("0").bytes(),
      PickleWriter().str("cpu").bytes(),
      PickleWriter().str("List[int]").bytes(),
      PickleWriter().none().bytes(),
      PickleWriter().boolean(true).bytes(),
      PickleWriter().pop().bytes(),
      PickleWriter().op('1').bytes(),
      PickleWriter().op('2').bytes(),
      PickleWriter().reduce().bytes(),
      PickleWriter().build().bytes(),
      PickleWriter().newobj().bytes(),
      PickleWriter().persid().bytes(),
      PickleWriter().global("torch._utils", "_rebuild_tensor_v2").bytes(),
      PickleWriter().global("torch._utils", "_rebuild_parameter").bytes(),
      PickleWriter().global("collections", "OrderedDict").bytes(),
      PickleWriter().global("torch", "FloatStorage").bytes(),
      PickleWriter().global("torch", "LongStorage").bytes(),
      PickleWriter().global("torch", "device").bytes(),
      PickleWriter().global("torch", "Size").bytes(),
      PickleWriter().global("torch.jit._pickle", "build_intlist").bytes(),
      PickleWriter().global("torch.jit._pickle", "restore_type_tag").bytes(),
      PickleWriter().global("__torch__", "Foo").bytes(),
      PickleWriter().tensor("FloatStorage", "0", 8, 0, {2, 2}, {2, 1}).bytes(),
      PickleWriter().tensor("FloatStorage", "0", 8, 1, {2, 4}, {4, 1}).bytes(),
      PickleWriter().ints({2, 3}).bytes(),
      std::string("."),
  };
  std::mt19937 rng(777);
  size_t ok = 0, failed = 0;
  for (int i = 0; i < iterations; ++i) {
    std::string p = PickleWriter().proto().bytes();
    int n = 1 + static_cast<int>(rng() % 60);
    for (int k = 0; k < n; ++k) p += snippets[rng() % snippets.size()];
    if (rng() % 2) p += ".";
    absl::StatusOr<IValue> v = run(p, opts);
    (v.ok() ? ok : failed)++;
  }
  std::printf("random programs: %zu loaded, %zu rejected\n", ok, failed);
  EXPECT_GT(failed, 0u);
}

}  // namespace
}  // namespace jitserve
