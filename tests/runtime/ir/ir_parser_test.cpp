// The IR parser on its own: literal spellings, value ids, fork subgraphs,
// classes, and malformed input that must fail with a clear line:column error.
#include <gtest/gtest.h>

#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ir_printer.h"
#include "runtime/ir/verifier.h"

namespace jitserve {
namespace {

std::unique_ptr<Graph> parseOk(std::string_view text) {
  auto g = parseIR(text);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return std::make_unique<Graph>();
  EXPECT_TRUE(verifyGraph(**g).ok());
  EXPECT_EQ(graphToString(**g), text);
  return std::move(*g);
}

TEST(IRParser, ConstantSpellingsRoundTrip) {
  auto g = parseOk(R"IR(graph():
  %0 : float = prim::Constant[value=1.]()
  %1 : float = prim::Constant[value=1.0000000000000001e-05]()
  %2 : float = prim::Constant[value=-inf]()
  %3 : float = prim::Constant[value=nan]()
  %4 : float = prim::Constant[value=-0.]()
  %5 : str = prim::Constant[value="it\'s \"q\"\n\t\\ \303\251"]()
  %6 : int[] = prim::Constant[value=[1, -2]]()
  %7 : int[] = prim::Constant[value=annotate(List[int], [])]()
  %8 : (float, float) = prim::Constant[value=(0., 0.)]()
  %9 : Tensor = prim::Constant[value={1.5}]()
  %10 : Tensor = prim::Constant[value=-0.0280 -0.1027 [ CPUFloatType{2} ]]() # :0:0
  %11 : Device = prim::Constant[value="cpu"]()
  %12 : Function = prim::Constant[name="bsearch"]()
  %13 : int = prim::Constant[value=9223372036854775807]()
  %14 : float[] = prim::Constant[value=[0.5, 2.]]()
  %15 : str[] = prim::Constant[value=["a", "b,]"]]()
  %16 : bool = prim::isinstance[types=[Dict(str, int), float]](%13)
  return (%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16)
)IR");
  std::vector<Node*> ns(g->nodes().begin(), g->nodes().end());
  EXPECT_EQ(ns[0]->f(attr::value), 1.0);
  EXPECT_EQ(ns[1]->f(attr::value), 1e-05);
  EXPECT_TRUE(std::isinf(ns[2]->f(attr::value)));
  EXPECT_TRUE(std::signbit(ns[4]->f(attr::value)));
  EXPECT_EQ(ns[5]->s(attr::value), "it's \"q\"\n\t\\ \xc3\xa9");
  EXPECT_EQ(ns[6]->is(attr::value), (std::vector<int64_t>{1, -2}));
  EXPECT_EQ(ns[7]->attributeKind(attr::value), AttributeKind::ival);
  EXPECT_EQ(ns[9]->attributeKind(attr::value), AttributeKind::t);
  EXPECT_EQ(ns[10]->attributeKind(attr::value), AttributeKind::t);
  EXPECT_EQ(ns[10]->sourceRange().fileLineCol()->filename, "");
  EXPECT_EQ(ns[13]->i(attr::value), INT64_MAX);
  EXPECT_EQ(ns[15]->ss(attr::value)[1], "b,]");
  EXPECT_EQ(ns[16]->tys(attr::types).size(), 2u);
}

TEST(IRParser, ValueIdsAreKeptAndNewIdsDoNotCollide) {
  auto g = parseOk(R"IR(graph(%x.1 : int):
  %7 : int = aten::add(%x.1, %x.1)
  return (%7)
)IR");
  EXPECT_EQ(g->outputs()[0]->unique(), 7u);
  Node* n = g->create(prim::Constant);
  EXPECT_GT(n->output()->unique(), 7u);
  n->destroy();
}

TEST(IRParser, ForkSubgraphsAttachToTheirNodes) {
  auto g = parseOk(R"IR(graph(%xs.1 : int[]):
  %f.1 : Future[(int, int)] = prim::fork_0(%xs.1) # <string>:6:8
  %2 : (int, int) = aten::wait(%f.1) # <string>:7:13
  %g.1 : Future[int] = prim::fork_1(%xs.1)
  %4 : int = aten::wait(%g.1)
  return (%2, %4)
with prim::fork_0 = graph(%xs.1 : int[]):
  %1 : Function = prim::Constant[name="stats"]()
  %2 : (int, int) = prim::CallFunction(%1, %xs.1) # <string>:6:8
  return (%2)
with prim::fork_1 = graph(%xs.1 : int[]):
  %h.1 : Future[int] = prim::fork_0(%xs.1)
  %2 : int = aten::wait(%h.1)
  return (%2)
with prim::fork_0 = graph(%xs.1 : int[]):
  %1 : int = aten::len(%xs.1)
  return (%1)
)IR");
  Node* fork = g->nodes().front();
  EXPECT_EQ(fork->kind(), prim::fork);
  const Graph& sub = *fork->g(attr::Subgraph);
  EXPECT_EQ(sub.nodes().back()->kind(), prim::CallFunction);
  Node* fork1 = fork->next()->next();
  EXPECT_EQ(fork1->kind(), prim::fork);
  // The nested fork belongs to fork_1's subgraph, not to the top graph.
  const Graph& sub1 = *fork1->g(attr::Subgraph);
  EXPECT_EQ(sub1.nodes().front()->kind(), prim::fork);
  EXPECT_EQ(sub1.nodes().front()->g(attr::Subgraph)->nodes().front()->kind(), aten::len);
}

TEST(IRParser, ClassesBecomeOpenTypes) {
  auto g = parseOk(R"IR(graph(%self.1 : __torch__.Model,
      %c : Enum<__torch__.Color>):
  %w : Tensor = prim::GetAttr[name="weight"](%self.1)
  %sub : __torch__.torch.nn.modules.conv.___torch_mangle_3.Conv2d = prim::GetAttr[name="conv"](%self.1)
  %v : Enum<__torch__.Color> = prim::Constant[value=__torch__.Color.RED]() # /tmp/x.py:7:12
  return (%w)
)IR");
  const auto* cls = g->inputs()[0]->type()->cast<ClassType>();
  ASSERT_NE(cls, nullptr);
  EXPECT_TRUE(cls->isOpen());
  EXPECT_EQ(cls->name(), "__torch__.Model");
  EXPECT_EQ(g->inputs()[1]->type()->kind(), TypeKind::EnumType);
  // The same name resolves to the same class everywhere in the graph.
  auto again = parseIR("graph(%a : __torch__.A, %b : __torch__.A):\n  return (%a)\n");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ((*again)->inputs()[0]->type().get(), (*again)->inputs()[1]->type().get());
}

TEST(IRParser, FillsAGivenGraphOnlyIfEmpty) {
  Graph g;
  ASSERT_TRUE(parseIR("graph(%a : int):\n  return (%a)\n", g).ok());
  EXPECT_EQ(g.inputs().size(), 1u);
  EXPECT_FALSE(parseIR("graph(%a : int):\n  return (%a)\n", g).ok());
}

struct BadCase {
  const char* text;
  const char* where;  // "line:col"
  const char* what;
};

TEST(IRParser, MalformedInputGivesPositionedErrors) {
  const BadCase cases[] = {
      {"graph(%a : int):\n  %b : int = aten::add(%a, %x)\n  return (%b)\n", "2:28", "unknown value %x"},
      {"graph(%a : int):\n  return (%b)\n", "2:11", "unknown value %b"},
      {"graph(%a : int):\n  %a : int = aten::neg(%a)\n  return (%a)\n", "2:3", "defined more than once"},
      {"graph(%a : Wat):\n  return (%a)\n", "1:12", "unknown type 'Wat'"},
      {"graph(%a : int[):\n  return (%a)\n", "1:16", "expected ']'"},
      {"graph(%a : int):\n  %b : int = aten::add(%a, %a\n  return (%b)\n", "3:3", "expected ')'"},
      {"graph(%a : int):\n  %b : int = aten::add(%a, %a))\n  return (%b)\n", "2:31", "expected a node or 'return'"},
      {"graph(%a : int):\n  %b : int = prim::Constant[value=1(]()\n  return (%b)\n", "2:37", "mismatched ']'"},
      {"graph(%a : int):\n  %b : int = prim::Constant[value=]()\n  return (%b)\n", "2:35", "empty attribute value"},
      {"graph(%a : int):\n  %b : str = prim::Constant[value=\"abc]()\n  return (%b)\n", "2:35", "unterminated string"},
      {"graph(%a : int):\n  %b : str = prim::Constant[value=\"a\\qb\"]()\n  return (%b)\n", "2:37", "unknown escape"},
      {"graph(%a : int):\n  %b : int = prim::Constant[value=1, value=2]()\n  return (%b)\n", "2:38", "given twice"},
      {"graph(%a : int):\n  %b : int = add(%a)\n  return (%b)\n", "2:14", "expected a node kind"},
      {"graph(%a : int):\n  %b : int = aten::neg(%a) # nowhere\n  return (%b)\n", "2:28", "malformed source location"},
      {"graph(%a : bool):\n  %b : int = prim::If(%a)\n    block1():\n      -> (%a)\n  return (%b)\n", "3:5", "expected block0"},
      {"graph(%a : bool):\n  %b : int = prim::If(%a)\n    block0():\n      %c : int = aten::neg(%a)\n  return (%b)\n",
       "5:3", "ending block0"},
      {"graph(%a : int):\n  return (%a)\nwith prim::fork_0 = graph():\n  return ()\n", "3:1", "'with' section"},
      {"graph(%a : int):\n  return (%a)\n  %c : int = aten::neg(%a)\n", "3:3", "unexpected text after the graph"},
      {"graph(%a : int):\n  %b : int = prim::Constant[value=99999999999999999999]()\n  return (%b)\n", "2:35",
       "out of range"},
      {"graph(%a : int)\n  return (%a)\n", "2:3", "expected ':'"},
      {"grph(%a : int):\n  return (%a)\n", "1:1", "expected 'graph'"},
      {"graph(%a : int):\n  %1x : int = aten::neg(%a)\n  return (%1x)\n", "", ""},  // valid: names may start with digits
  };
  for (const BadCase& c : cases) {
    auto g = parseIR(c.text);
    if (std::string(c.where).empty()) {
      EXPECT_TRUE(g.ok()) << c.text << "\n" << g.status();
      continue;
    }
    ASSERT_FALSE(g.ok()) << "accepted:\n" << c.text;
    std::string msg(g.status().message());
    EXPECT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument) << msg;
    EXPECT_NE(msg.find(std::string("IR parse error at ") + c.where + ":"), std::string::npos)
        << "want position " << c.where << " in:\n" << msg;
    EXPECT_NE(msg.find(c.what), std::string::npos) << "want '" << c.what << "' in:\n" << msg;
  }
}

TEST(IRParser, ErrorShowsTheLineAndACaret) {
  auto g = parseIR("graph(%a : int):\n  %b : int = aten::add(%a, %zz)\n  return (%b)\n");
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(std::string(g.status().message()),
            "IR parse error at 2:28: unknown value %zz (used before it is defined)\n"
            "    %b : int = aten::add(%a, %zz)\n"
            "                             ^");
}

}  // namespace
}  // namespace jitserve
