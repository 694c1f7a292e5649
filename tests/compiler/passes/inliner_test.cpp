// Inliner cases IR text cannot express: methods of a class (GraphFunctions
// attached to a ClassType) and the thread's InlineLookupScope.
#include <gtest/gtest.h>

#include "runtime/ir/ir_parser.h"
#include "runtime/ir/verifier.h"
#include "compiler/passes/inliner.h"
#include "compiler/passes/pass_registry.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/ops/register_all.h"

namespace jitserve {
namespace {

std::unique_ptr<Graph> parseWith(const char* text, const TypeResolver& resolver) {
  IRParseOptions options;
  options.resolver = &resolver;
  auto g = parseIR(text, options);
  EXPECT_TRUE(g.ok()) << g.status().message();
  return g.ok() ? std::move(*g) : nullptr;
}

TEST(Inliner, CallMethodOfKnownClass) {
  ensureOperatorsRegistered();
  std::shared_ptr<ClassType> cls = ClassType::create("__torch__.Scale");
  TypeResolver resolver = [&](std::string_view name) -> TypePtr {
    return name == "__torch__.Scale" ? cls : nullptr;
  };
  std::shared_ptr<Graph> body = parseWith(R"IR(graph(%self : __torch__.Scale, %x : int):
  %2 : int = prim::Constant[value=2]()
  %y : int = aten::mul(%x, %2)
  return (%y)
)IR", resolver);
  GraphFunction method("__torch__.Scale.double", body);
  cls->addMethod(&method);
  std::unique_ptr<Graph> caller = parseWith(R"IR(graph(%m : __torch__.Scale, %x : int):
  %r : int = prim::CallMethod[name="double"](%m, %x)
  %s : int = prim::CallMethod[name="triple"](%m, %r)
  return (%s)
)IR", resolver);
  ASSERT_TRUE(Inline(*caller));
  EXPECT_TRUE(verifyGraph(*caller).ok());
  const std::string printed = caller->toString(false);
  EXPECT_NE(printed.find("aten::mul(%x, "), std::string::npos) << printed;
  EXPECT_EQ(printed.find("name=\"double\""), std::string::npos) << printed;
  // An unknown method stays a call.
  EXPECT_NE(printed.find("prim::CallMethod[name=\"triple\"]"), std::string::npos) << printed;
  EXPECT_FALSE(Inline(*caller));
}

TEST(Inliner, LookupScopeServesTheRegisteredPass) {
  ensureOperatorsRegistered();
  ensurePassesRegistered();
  auto callee = parseIR(R"IR(graph(%a : int):
  %1 : int = prim::Constant[value=1]()
  %b : int = aten::add(%a, %1)
  return (%b)
)IR");
  ASSERT_TRUE(callee.ok());
  const char* callerText = R"IR(graph(%x : int):
  %f : Function = prim::Constant[name="inc"]()
  %y : int = prim::CallFunction(%f, %x)
  return (%y)
)IR";
  {
    auto caller = parseIR(callerText);
    ASSERT_TRUE(caller.ok());
    std::vector<std::string> passes{"inline"};
    // No lookup installed: nothing to resolve the name with.
    EXPECT_FALSE(*runPasses(**caller, passes));
    InlineLookupScope scope([&](std::string_view name) -> const Graph* {
      return name == "inc" ? callee->get() : nullptr;
    });
    EXPECT_TRUE(*runPasses(**caller, passes));
    EXPECT_EQ((*caller)->toString(false).find("CallFunction"), std::string::npos);
    EXPECT_EQ((*caller)->toString(false).find("Function ="), std::string::npos);  // the constant went too
  }
  {
    // RunPassesOptions::inlineLookup installs the scope for one run (the
    // GraphExecutor hook from makePassPipeline included), and only for it.
    RunPassesOptions options;
    options.inlineLookup = [&](std::string_view name) -> const Graph* { return name == "inc" ? callee->get() : nullptr; };
    auto caller = parseIR(callerText);
    ASSERT_TRUE(caller.ok());
    std::vector<std::string> passes{"inline"};
    EXPECT_TRUE(*runPasses(**caller, passes, options));
    EXPECT_EQ((*caller)->toString(false).find("CallFunction"), std::string::npos);
    auto again = parseIR(callerText);
    ASSERT_TRUE(again.ok());
    EXPECT_FALSE(*runPasses(**again, passes));  // no lookup left behind
    auto hook = makePassPipeline(passes, options);
    ASSERT_TRUE(hook.ok());
    (*hook)(**again);
    EXPECT_EQ((*again)->toString(false).find("CallFunction"), std::string::npos);
  }
}

}  // namespace
}  // namespace jitserve
