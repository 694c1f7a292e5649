// The frontend, the passes and the interpreter against a registry that
// holds only the operators this test declares: nothing assumes the
// process-wide registry was filled (this binary does not link the operator
// library at all).
#include <gtest/gtest.h>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir_printer.h"
#include "compiler/passes/pass_registry.h"
#include "runtime/core/boxing.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/graph_function.h"

namespace jitserve {
namespace {

int g_adds = 0;
int64_t addInt(int64_t a, int64_t b) {
  ++g_adds;
  return a + b;
}
int64_t mulInt(int64_t a, int64_t b) { return a * b; }

OperatorDef typedDef(const char* schema, Kernel k, const KernelSignature* sig) {
  OperatorDef d(schema, k, "test");
  d.signature = sig;
  return d;
}

const OperatorRegistry& tinyRegistry() {
  static OperatorRegistry* r = [] {
    auto* reg = new OperatorRegistry();
    EXPECT_TRUE(reg->add(typedDef("aten::add.int(int a, int b) -> int", &boxed<addInt>,
                                  &kernelSignatureOf<addInt>))
                    .ok());
    EXPECT_TRUE(reg->add(typedDef("aten::mul.int(int a, int b) -> int", &boxed<mulInt>,
                                  &kernelSignatureOf<mulInt>))
                    .ok());
    return reg;
  }();
  return *r;
}

TEST(RegistryScope, CompilesOptimizesAndRunsWithOnlyTheDeclaredOperators) {
  EXPECT_EQ(globalOperatorRegistry().size(), 0u);
  OperatorRegistryScope scope(tinyRegistry());
  frontend::CompilationUnit cu;
  ASSERT_TRUE(cu.define(R"(
def f(x: int) -> int:
    k = 2 * 3
    return x * k + 1
)")
                  .ok());
  GraphFunction* f = cu.findFunction("f");
  ASSERT_NE(f, nullptr);
  ensurePassesRegistered();
  auto changed = runPasses(f->graph(), std::vector<std::string>{"constant_propagation", "dead_code_elimination"});
  ASSERT_TRUE(changed.ok()) << changed.status();
  // 2 * 3 was folded with the scope's kernel.
  EXPECT_NE(graphToString(f->graph()).find("value=6"), std::string::npos) << graphToString(f->graph());
  const int before = g_adds;
  Stack s{IValue(int64_t{5})};
  f->run(s);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].toInt(), 31);
  EXPECT_EQ(g_adds, before + 1);
}

TEST(RegistryScope, AnOperatorTheRegistryLacksIsACompileError) {
  OperatorRegistryScope scope(tinyRegistry());
  frontend::CompilationUnit cu;
  absl::Status st = cu.define(R"(
def g(x: int) -> int:
    return x - 1
)");
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("sub"), std::string_view::npos) << st;
}

TEST(RegistryScope, ScopesNestAndRestore) {
  OperatorRegistry other;
  EXPECT_EQ(&currentOperatorRegistry(), &globalOperatorRegistry());
  {
    OperatorRegistryScope a(tinyRegistry());
    EXPECT_EQ(&currentOperatorRegistry(), &tinyRegistry());
    {
      OperatorRegistryScope b(other);
      EXPECT_EQ(&currentOperatorRegistry(), &other);
    }
    EXPECT_EQ(&currentOperatorRegistry(), &tinyRegistry());
  }
  EXPECT_EQ(&currentOperatorRegistry(), &globalOperatorRegistry());
}

}  // namespace
}  // namespace jitserve
