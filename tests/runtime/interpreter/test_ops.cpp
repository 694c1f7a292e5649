#include "tests/runtime/interpreter/test_ops.h"

#include <gtest/gtest.h>


namespace jitserve::testing {

namespace {

void addInt(Stack& s) {
  const int64_t b = pop(s).toInt();
  const int64_t a = pop(s).toInt();
  s.emplace_back(a + b);
}
void subInt(Stack& s) {
  const int64_t b = pop(s).toInt();
  const int64_t a = pop(s).toInt();
  s.emplace_back(a - b);
}
void mulInt(Stack& s) {
  const int64_t b = pop(s).toInt();
  const int64_t a = pop(s).toInt();
  s.emplace_back(a * b);
}
void ltInt(Stack& s) {
  const int64_t b = pop(s).toInt();
  const int64_t a = pop(s).toInt();
  s.emplace_back(a < b);
}
void gtInt(Stack& s) {
  const int64_t b = pop(s).toInt();
  const int64_t a = pop(s).toInt();
  s.emplace_back(a > b);
}
void eqInt(Stack& s) {
  const int64_t b = pop(s).toInt();
  const int64_t a = pop(s).toInt();
  s.emplace_back(a == b);
}
void andBool(Stack& s) {
  const bool b = pop(s).toBool();
  const bool a = pop(s).toBool();
  s.emplace_back(a && b);
}
void notBool(Stack& s) { s.back() = IValue(!s.back().toBool()); }
void lenList(Stack& s) { s.back() = IValue(static_cast<int64_t>(s.back().toListRef().size())); }
void appendList(Stack& s) {
  IValue el = pop(s);
  s.back().toListRef().elements.push_back(std::move(el));
}
void getItemList(Stack& s) {
  const int64_t i = pop(s).toInt();
  IValue list = pop(s);
  ListImpl& l = list.toListRef();
  s.push_back(l.elements[l.normalizeIndex(i)]);
}
void getItemDict(Stack& s) {
  IValue key = pop(s);
  IValue d = pop(s);
  const IValue* v = d.toDictRef().find(key);
  JS_CHECK(v != nullptr, "KeyError: ", key.str());
  s.push_back(*v);
}
// aten::format(str self, ...): the interpreter pushes the input count last.
void format(Stack& s) {
  const int64_t n = pop(s).toInt();
  std::vector<IValue> args = last(s, static_cast<size_t>(n));
  const std::string& fmt = args[0].toStringRef();
  std::string out;
  size_t next = 1;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt.compare(i, 2, "{}") == 0 && next < args.size()) {
      out += args[next++].str();
      ++i;
    } else {
      out += fmt[i];
    }
  }
  s.emplace_back(out);
}
// test::refcount(Tensor self) -> int: the reference count of the tensor as
// the kernel received it (1 when the interpreter moved its last use).
void refcount(Stack& s) {
  IValue t = pop(s);
  s.emplace_back(static_cast<int64_t>(t.internalPointer()->refcount()));
}
// test::tensor_ref_add_(Tensor(a!) self, int x) -> Tensor(a!): returns self;
// stands in for an in-place op.
void identityInplace(Stack& s) {
  pop(s);
}

OperatorRegistry* build() {
  auto* r = new OperatorRegistry();
  const OperatorDef defs[] = {
      {"aten::add.int(int a, int b) -> int", addInt, "a + b"},
      {"aten::sub.int(int a, int b) -> int", subInt, "a - b"},
      {"aten::mul.int(int a, int b) -> int", mulInt, "a * b"},
      {"aten::lt.int(int a, int b) -> bool", ltInt, "a < b"},
      {"aten::gt.int(int a, int b) -> bool", gtInt, "a > b"},
      {"aten::eq.int(int a, int b) -> bool", eqInt, "a == b"},
      {"aten::__and__.bool(bool a, bool b) -> bool", andBool, "a and b"},
      {"aten::__not__(bool self) -> bool", notBool, "not a"},
      {"aten::len.t(t[] a) -> int", lenList, "len(list)"},
      {"aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)", appendList, "list.append"},
      {"aten::__getitem__.t(t[](a) list, int idx) -> t(*)", getItemList, "list[i]"},
      {"aten::__getitem__.Dict_str(Dict(str, t) self, str key) -> t(*)", getItemDict, "dict[key]"},
      {"aten::format(str self, ...) -> str", format, "str.format"},
      {"test::refcount(Tensor self) -> int", refcount, "reference count seen by a kernel"},
      {"test::inplace_(Tensor(a!) self, int x) -> Tensor(a!)", identityInplace, "in-place stand-in"},
  };
  for (const OperatorDef& d : defs) {
    absl::Status st = r->add(d);
    if (!st.ok()) {
      ADD_FAILURE() << "registering " << d.schema << ": " << st;
    }
  }
  return r;
}

}  // namespace

const OperatorRegistry& testRegistry() {
  static const OperatorRegistry* r = build();
  return *r;
}

std::shared_ptr<Graph> parseGraph(std::string_view ir) {
  auto g = parseIR(ir);
  if (!g.ok()) {
    ADD_FAILURE() << "IR parse failed: " << g.status();
    return std::make_shared<Graph>();
  }
  return std::shared_ptr<Graph>(std::move(*g));
}

absl::StatusOr<Stack> runIR(std::string_view ir, Stack inputs, RunOptions options) {
  auto g = parseIR(ir);
  if (!g.ok()) return g.status();
  options.code.registry = &testRegistry();
  return runGraph(**g, std::move(inputs), options);
}

}  // namespace jitserve::testing
