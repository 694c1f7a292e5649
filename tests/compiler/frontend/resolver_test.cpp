// The Resolver seam: a unit compiled with its own resolver (as the archive
// importer will: CONSTANTS.c0, ops.aten.*, classes of other files by
// qualified name) and a qualifier for its classes.
#include <gtest/gtest.h>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/resolver.h"
#include "runtime/ir/ivalue_constant.h"
#include "runtime/ops/register_all.h"

namespace jitserve::frontend {
namespace {

// CONSTANTS.cN is the constant N * 10.
class ConstantsValue : public SugaredValue {
 public:
  std::string kind() const override { return "CONSTANTS"; }
  SugaredValuePtr attr(const SourceRange& r, Emitter& e, const std::string& field) override {
    int64_t n = std::stoll(field.substr(1));
    return std::make_shared<SimpleValue>(insertConstant(e.graph(), IValue(n * 10), r));
  }
};

// ops.aten.add -> a BuiltinFunction, which calls aten::add.
class OpsValue : public SugaredValue {
 public:
  explicit OpsValue(std::string prefix) : prefix_(std::move(prefix)) {}
  std::string kind() const override { return "'" + prefix_ + "'"; }
  SugaredValuePtr attr(const SourceRange&, Emitter&, const std::string& field) override {
    if (prefix_ == "ops") return std::make_shared<OpsValue>("ops." + field);
    return std::make_shared<BuiltinFunction>(prefix_ + "." + field);
  }

 private:
  std::string prefix_;
};

class ArchiveLikeResolver : public Resolver {
 public:
  explicit ArchiveLikeResolver(ClassTypePtr other) : other_(std::move(other)) {}
  SugaredValuePtr resolveValue(const std::string& name, const SourceRange& r) override {
    if (name == "CONSTANTS") return std::make_shared<ConstantsValue>();
    if (name == "ops") return std::make_shared<OpsValue>("ops");
    return builtinResolver()->resolveValue(name, r);
  }
  TypePtr resolveType(const std::string& name, const SourceRange&) override {
    return name == other_->name() ? other_ : nullptr;
  }

 private:
  ClassTypePtr other_;
};

TEST(ResolverTest, CustomResolverAndQualifiedClassNames) {
  ensureOperatorsRegistered();
  ClassTypePtr other = ClassType::create("__torch__.other.Thing");
  CompilationUnit cu;
  DefineOptions opts;
  opts.resolver = std::make_shared<ArchiveLikeResolver>(other);
  opts.qualifier = "__torch__.a.b";
  absl::Status st = cu.define(
      "class Foo:\n"
      "    def __init__(self, x: int):\n"
      "        self.x = x\n"
      "def f(n: int, t: Optional[__torch__.other.Thing]) -> int:\n"
      "    return ops.aten.add(Foo(n).x, CONSTANTS.c4)\n",
      opts);
  ASSERT_TRUE(st.ok()) << st.message();
  ClassTypePtr foo = cu.findClass("__torch__.a.b.Foo");
  ASSERT_NE(foo, nullptr);
  EXPECT_EQ(cu.classes().size(), 1u);
  // Functions of a unit with its own qualifier are qualified too (archive
  // files may define functions of the same name).
  EXPECT_EQ(cu.findFunction("f"), nullptr);
  GraphFunction* f = cu.findFunction("__torch__.a.b.f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->schema().arguments[1].type->annotationStr(), "Optional[__torch__.other.Thing]");
  Stack s{IValue(int64_t{2}), IValue()};
  f->run(s);
  EXPECT_EQ(s.back().toInt(), 42);
}

TEST(ResolverTest, UnknownNameIsAnErrorNotACrash) {
  ensureOperatorsRegistered();
  CompilationUnit cu;
  DefineOptions opts;
  opts.resolver = std::make_shared<ArchiveLikeResolver>(ClassType::create("__torch__.X"));
  absl::Status st = cu.define("def f() -> int:\n    return nothing.here\n", opts);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(std::string(st.message()).find("undefined value nothing"), std::string::npos) << st.message();
}

// `__torch__.a.Foo` as an archive spells a class of another file: the
// resolver walks the qualified name to the class the unit already has.
class QualifiedNameValue : public SugaredValue {
 public:
  QualifiedNameValue(const CompilationUnit& cu, std::string prefix) : cu_(cu), prefix_(std::move(prefix)) {}
  std::string kind() const override { return "'" + prefix_ + "'"; }
  SugaredValuePtr attr(const SourceRange&, Emitter&, const std::string& field) override {
    std::string name = prefix_ + "." + field;
    if (ClassTypePtr cls = cu_.findClass(name)) return std::make_shared<ClassValue>(cls);
    return std::make_shared<QualifiedNameValue>(cu_, name);
  }

 private:
  const CompilationUnit& cu_;
  std::string prefix_;
};

class OtherFilesResolver : public Resolver {
 public:
  explicit OtherFilesResolver(const CompilationUnit& cu) : cu_(cu) {}
  SugaredValuePtr resolveValue(const std::string& name, const SourceRange& r) override {
    if (name == "__torch__") return std::make_shared<QualifiedNameValue>(cu_, name);
    return builtinResolver()->resolveValue(name, r);
  }
  TypePtr resolveType(const std::string& name, const SourceRange&) override { return cu_.findClass(name); }

 private:
  const CompilationUnit& cu_;
};

TEST(ResolverTest, ClassesOfAnEarlierDefineByQualifiedName) {
  ensureOperatorsRegistered();
  CompilationUnit cu;
  DefineOptions first;
  first.qualifier = "__torch__.a";
  ASSERT_TRUE(cu.define(
                    "class Foo:\n"
                    "    def __init__(self, x: int):\n"
                    "        self.x = x\n"
                    "    def twice(self) -> int:\n"
                    "        return self.x * 2\n",
                    first)
                  .ok());
  DefineOptions second;
  second.qualifier = "__torch__.b";
  second.resolver = std::make_shared<OtherFilesResolver>(cu);
  absl::Status st = cu.define(
      "def g(n: int) -> int:\n"
      "    foo = __torch__.a.Foo(n)\n"
      "    return h(foo) + foo.x\n"
      "def h(f: __torch__.a.Foo) -> int:\n"
      "    return f.twice()\n",
      second);
  ASSERT_TRUE(st.ok()) << st.message();
  Stack s{IValue(int64_t{5})};
  GraphFunction* g = cu.findFunction("__torch__.b.g");
  ASSERT_NE(g, nullptr);
  g->run(s);
  EXPECT_EQ(s.back().toInt(), 15);
}

}  // namespace
}  // namespace jitserve::frontend
