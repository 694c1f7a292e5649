// AliasDb unit tests: the seed's examples ("Alias Analysis in the IR"),
// containers, control flow, unknown calls, and node motion.
#include <gtest/gtest.h>

#include "runtime/ir/ir_parser.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/op_properties.h"
#include "runtime/core/operator.h"
#include "runtime/core/operator_registry.h"
#include "runtime/ops/register_all.h"

namespace jitserve {
namespace {

class AliasDbTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }

  Graph& parse(const char* text) {
    auto g = parseIR(text);
    EXPECT_TRUE(g.ok()) << g.status().message();
    graph_ = std::move(*g);
    return *graph_;
  }
  Value* v(const char* name) {
    Value* r = graph_->findValueByName(name);
    EXPECT_NE(r, nullptr) << name;
    return r;
  }
  Node* n(const char* outputName) { return v(outputName)->node(); }
  // Node kinds of the top block, in order.
  std::string order() {
    std::string s;
    for (Node* node : graph_->nodes())
      if (node->kind() != prim::Constant)
        s += (node->outputs().empty() ? std::string(node->kind().toUnqualString()) : node->output(0)->debugName()) +
             " ";
    return s;
  }

  std::unique_ptr<Graph> graph_;
};

// The seed's example:
//   def foo(a, b):
//     c = 2 * b
//     a += 1
//     if a.max() > 4: r = a[0]
//     else: r = b[0]
//     return c, r
TEST_F(AliasDbTest, SeedExample) {
  parse(R"IR(graph(%a.1 : Tensor, %b.1 : Tensor):
  %2 : int = prim::Constant[value=2]()
  %1 : int = prim::Constant[value=1]()
  %4 : int = prim::Constant[value=4]()
  %0 : int = prim::Constant[value=0]()
  %c.1 : Tensor = aten::mul(%b.1, %2)
  %a.3 : Tensor = aten::add_(%a.1, %1, %1)
  %m : Tensor = aten::max(%a.3)
  %g : Tensor = aten::gt(%m, %4)
  %cond : bool = aten::Bool(%g)
  %r : Tensor = prim::If(%cond)
    block0():
      %r.1 : Tensor = aten::select(%a.3, %0, %0)
      -> (%r.1)
    block1():
      %r.2 : Tensor = aten::select(%b.1, %0, %0)
      -> (%r.2)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%c.1, %r)
  return (%t)
)IR");
  for (const char* name : {"c.1", "a.3", "m", "g", "r.1"}) ASSERT_NE(findOperatorFor(n(name)), nullptr) << name;
  AliasDb db(*graph_);
  // Graph inputs may alias each other: both point to the wildcard.
  EXPECT_TRUE(db.mayAlias(v("a.1"), v("b.1")));
  // c is fresh (2 * b is pure).
  EXPECT_FALSE(db.mayAlias(v("c.1"), v("a.1")));
  EXPECT_FALSE(db.mayAlias(v("c.1"), v("b.1")));
  // add_ returns its argument; select returns a view.
  EXPECT_TRUE(db.mayAlias(v("a.3"), v("a.1")));
  EXPECT_TRUE(db.mayAlias(v("r.1"), v("a.1")));
  // r may point to either a or b.
  EXPECT_TRUE(db.mayAlias(v("r"), v("a.3")));
  EXPECT_TRUE(db.mayAlias(v("r"), v("b.1")));
  EXPECT_FALSE(db.mayAlias(v("r"), v("c.1")));
  // a += 1 writes a, which b may be; nothing writes c or m.
  EXPECT_TRUE(db.hasWriters(v("a.1")));
  EXPECT_TRUE(db.hasWriters(v("b.1")));
  EXPECT_FALSE(db.hasWriters(v("c.1")));
  EXPECT_FALSE(db.hasWriters(v("m")));
  EXPECT_TRUE(db.hasWrites(n("a.3")));
  EXPECT_TRUE(db.writesEscapingMemory(n("a.3")));
  EXPECT_FALSE(db.hasWrites(n("c.1")));
  // Values of immutable types never alias.
  EXPECT_FALSE(db.isMutable(v("cond")));
  EXPECT_FALSE(db.mayAlias(v("cond"), v("cond")));
  // The tuple contains c and r.
  EXPECT_TRUE(db.mayContainAlias(v("t"), v("c.1")));
  EXPECT_TRUE(db.escapes(v("c.1")));
}

TEST_F(AliasDbTest, FreshValuesAndViews) {
  parse(R"IR(graph(%in : Tensor):
  %0 : int = prim::Constant[value=0]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %v : Tensor = aten::select(%x, %0, %0)
  %w : Tensor = aten::select(%v, %0, %0)
  %z : Tensor = aten::relu(%w)
  return (%z)
)IR");
  AliasDb db(*graph_);
  EXPECT_FALSE(db.mayAlias(v("x"), v("y")));
  EXPECT_FALSE(db.mayAlias(v("x"), v("in")));
  EXPECT_TRUE(db.mayAlias(v("v"), v("x")));
  EXPECT_TRUE(db.mayAlias(v("w"), v("x")));  // a view of a view
  EXPECT_FALSE(db.mayAlias(v("w"), v("y")));
  EXPECT_FALSE(db.mayAlias(v("z"), v("x")));
  EXPECT_FALSE(db.escapes(v("x")));
  EXPECT_TRUE(db.escapes(v("z")));
  EXPECT_FALSE(db.hasWriters(v("x")));
}

TEST_F(AliasDbTest, InPlaceWriteThroughView) {
  parse(R"IR(graph(%in : Tensor):
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %v : Tensor = aten::select(%x, %0, %0)
  %w : Tensor = aten::add_(%v, %1, %1)
  return (%y)
)IR");
  AliasDb db(*graph_);
  EXPECT_TRUE(db.hasWriters(v("x")));  // written through its view
  EXPECT_FALSE(db.hasWriters(v("y")));
  EXPECT_FALSE(db.hasWriters(v("in")));
  Value* xs[] = {v("x")};
  Value* ys[] = {v("y")};
  EXPECT_TRUE(db.writesToAlias(n("w"), xs));
  EXPECT_FALSE(db.writesToAlias(n("w"), ys));
  EXPECT_FALSE(db.writesEscapingMemory(n("w")));
}

TEST_F(AliasDbTest, ListsAreWildcardContainers) {
  parse(R"IR(graph(%in : Tensor):
  %0 : int = prim::Constant[value=0]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %l : Tensor[] = prim::ListConstruct(%x)
  %g : Tensor = aten::__getitem__(%l, %0)
  %n : int = aten::len(%l)
  return (%g)
)IR");
  AliasDb db(*graph_);
  // What comes out of a list may be anything that went into a list.
  EXPECT_TRUE(db.mayAlias(v("g"), v("x")));
  EXPECT_FALSE(db.mayAlias(v("g"), v("y")));
  EXPECT_TRUE(db.mayContainAlias(v("l"), v("x")));
  EXPECT_FALSE(db.mayContainAlias(v("l"), v("y")));
  EXPECT_FALSE(db.mayAlias(v("l"), v("x")));  // the list itself is fresh memory
  // x went into a container: the graph can no longer see all its aliases.
  EXPECT_TRUE(db.escapes(v("x")));
}

TEST_F(AliasDbTest, AppendWritesListAndEnclosesElement) {
  parse(R"IR(graph(%in : Tensor):
  %x : Tensor = aten::mul(%in, %in)
  %l : Tensor[] = prim::ListConstruct()
  %l2 : Tensor[] = aten::append(%l, %x)
  %m : Tensor[] = prim::ListConstruct()
  return (%m)
)IR");
  AliasDb db(*graph_);
  EXPECT_TRUE(db.hasWriters(v("l")));
  EXPECT_TRUE(db.mayAlias(v("l2"), v("l")));  // append returns self (a!)
  EXPECT_FALSE(db.hasWriters(v("m")));
  EXPECT_FALSE(db.mayAlias(v("l"), v("m")));
  EXPECT_TRUE(db.mayContainAlias(v("l"), v("x")));  // (c -> *): x entered the wildcard
}

TEST_F(AliasDbTest, TuplesBuiltHereArePrecise) {
  parse(R"IR(graph(%in : Tensor):
  %1 : int = prim::Constant[value=1]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%x, %y)
  %a : Tensor = prim::TupleIndex(%t, %1)
  %p : Tensor, %q : Tensor = prim::TupleUnpack(%t)
  return (%a)
)IR");
  AliasDb db(*graph_);
  EXPECT_TRUE(db.mayAlias(v("a"), v("y")));
  EXPECT_TRUE(db.mayAlias(v("p"), v("x")));
  EXPECT_TRUE(db.mayAlias(v("q"), v("y")));
  // x and y went into a container, so they share the wildcard with anything
  // taken out of one; an exact index still says a is y.
  EXPECT_TRUE(db.mayContainAlias(v("t"), v("x")));
}

TEST_F(AliasDbTest, ChunkSendsInputToWildcard) {
  parse(R"IR(graph(%in : Tensor):
  %4 : int = prim::Constant[value=2]()
  %1 : int = prim::Constant[value=1]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %cs : Tensor[] = aten::chunk(%x, %4, %1)
  %c0 : Tensor, %c1 : Tensor = prim::ListUnpack(%cs)
  return (%c0)
)IR");
  AliasDb db(*graph_);
  EXPECT_TRUE(db.mayAlias(v("c0"), v("x")));
  EXPECT_TRUE(db.mayAlias(v("c1"), v("x")));
  EXPECT_FALSE(db.mayAlias(v("c0"), v("y")));
}

TEST_F(AliasDbTest, LoopCarriedValues) {
  parse(R"IR(graph(%in : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %out : Tensor = prim::Loop(%n, %true, %x)
    block0(%i : int, %cur : Tensor):
      %v : Tensor = aten::select(%cur, %0, %0)
      %w : Tensor = aten::add_(%v, %1, %1)
      -> (%true, %v)
  return (%out)
)IR");
  AliasDb db(*graph_);
  EXPECT_TRUE(db.mayAlias(v("cur"), v("x")));
  EXPECT_TRUE(db.mayAlias(v("out"), v("x")));
  EXPECT_TRUE(db.mayAlias(v("cur"), v("v")));  // the back edge
  EXPECT_FALSE(db.mayAlias(v("out"), v("y")));
  EXPECT_TRUE(db.hasWriters(v("x")));
  EXPECT_FALSE(db.hasWriters(v("y")));
  // The loop node does what its body does.
  EXPECT_TRUE(db.hasWrites(n("out")));
  Value* xs[] = {v("x")};
  EXPECT_TRUE(db.writesToAlias(n("out"), xs));
}

TEST_F(AliasDbTest, UnknownCallsAreConservative) {
  parse(R"IR(graph(%in : Tensor):
  %f : Function = prim::Constant[name="f"]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %r : Tensor = prim::CallFunction(%f, %x)
  return (%r)
)IR");
  AliasDb db(*graph_);
  EXPECT_TRUE(db.mayAlias(v("r"), v("x")));
  EXPECT_TRUE(db.mayAlias(v("r"), v("in")));
  EXPECT_FALSE(db.mayAlias(v("r"), v("y")));
  EXPECT_TRUE(db.hasWriters(v("x")));
  EXPECT_TRUE(db.hasSideEffects(n("r")));
}

TEST_F(AliasDbTest, MoveAcrossIndependentNodes) {
  parse(R"IR(graph(%in : Tensor):
  %a : Tensor = aten::relu(%in)
  %b : Tensor = aten::sigmoid(%in)
  %c : Tensor = aten::tanh(%a)
  %d : Tensor = aten::exp(%b)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%c, %d)
  return (%t)
)IR");
  AliasDb db(*graph_);
  EXPECT_EQ(order(), "a b c d t ");
  // d depends only on b: it can go right after b.
  EXPECT_TRUE(db.moveAfterTopologicallyValid(n("d"), n("b")));
  EXPECT_EQ(order(), "a b d c t ");
  // c needs a: it cannot go before a, and nothing moves.
  EXPECT_FALSE(db.moveBeforeTopologicallyValid(n("c"), n("a")));
  EXPECT_EQ(order(), "a b d c t ");
  // a cannot go after t: t uses c, which uses a.
  EXPECT_FALSE(db.moveAfterTopologicallyValid(n("a"), n("t")));
  // Moving b after c drags d (b's user) along.
  EXPECT_TRUE(db.moveAfterTopologicallyValid(n("b"), n("c")));
  EXPECT_EQ(order(), "a c b d t ");
}

TEST_F(AliasDbTest, NoMoveAcrossConflictingWrites) {
  parse(R"IR(graph(%in : Tensor):
  %1 : int = prim::Constant[value=1]()
  %x : Tensor = aten::mul(%in, %in)
  %r : Tensor = aten::relu(%x)
  %w : Tensor = aten::add_(%x, %1, %1)
  %s : Tensor = aten::sigmoid(%in)
  %e : Tensor = aten::exp(%x)
  %t : (Tensor, Tensor, Tensor) = prim::TupleConstruct(%r, %s, %e)
  return (%t)
)IR");
  AliasDb db(*graph_);
  // The read of x may not move after its write, nor the later read before it.
  EXPECT_FALSE(db.couldMoveAfterTopologically(n("r"), n("w")));
  EXPECT_FALSE(db.moveBeforeTopologicallyValid(n("e"), n("w")));
  EXPECT_EQ(order(), "x r w s e t ");
  // s touches nothing x shares: it moves freely.
  EXPECT_TRUE(db.moveBeforeTopologicallyValid(n("s"), n("r")));
  EXPECT_EQ(order(), "x s r w e t ");
  // Moving e to right after r makes w come along (e reads what w writes).
  EXPECT_TRUE(db.moveAfterTopologicallyValid(n("e"), n("r")));
  EXPECT_EQ(order(), "x s r w e t ");
}

TEST_F(AliasDbTest, SideEffectsKeepTheirOrder) {
  parse(R"IR(graph(%in : Tensor, %k : int):
  %a : Tensor = aten::relu(%in)
   = prim::Print(%k)
  %b : Tensor = aten::sigmoid(%in)
   = prim::Print(%in)
  return (%a)
)IR");
  AliasDb db(*graph_);
  Node* print1 = n("a")->next();
  Node* print2 = n("b")->next();
  ASSERT_EQ(print1->kind(), prim::Print);
  EXPECT_FALSE(db.moveBeforeTopologicallyValid(print2, print1));
  // A pure node may cross a print.
  EXPECT_TRUE(db.moveBeforeTopologicallyValid(n("b"), print1));
  EXPECT_EQ(order(), "a b Print Print ");
}


TEST_F(AliasDbTest, NodesWithBlocksMoveWithWhatTheyContain) {
  parse(R"IR(graph(%in : Tensor, %c : bool):
  %1 : int = prim::Constant[value=1]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %r : Tensor = aten::relu(%x)
   = prim::If(%c)
    block0():
      %w : Tensor = aten::add_(%x, %1, %1)
      -> ()
    block1():
      -> ()
  %s : Tensor = aten::sigmoid(%y)
  %u : Tensor = prim::If(%c)
    block0():
      %e : Tensor = aten::exp(%s)
      -> (%e)
    block1():
      -> (%s)
  %t : (Tensor, Tensor, Tensor) = prim::TupleConstruct(%r, %u, %x)
  return (%t)
)IR");
  AliasDb db(*graph_);
  Node* writer = n("r")->next();
  ASSERT_EQ(writer->kind(), prim::If);
  EXPECT_TRUE(db.hasWrites(writer));
  Value* xs[] = {v("x")};
  EXPECT_TRUE(db.writesToAlias(writer, xs));
  // The read of x cannot pass the if that writes x inside a branch.
  EXPECT_FALSE(db.couldMoveAfterTopologically(n("r"), writer));
  // The second if uses %s only inside its block: it cannot go before %s...
  EXPECT_FALSE(db.moveBeforeTopologicallyValid(n("u"), n("s")));
  // ...but %s (reading y, untouched by the first if) can go before that if.
  EXPECT_TRUE(db.moveBeforeTopologicallyValid(n("s"), writer));
  EXPECT_EQ(order(), "x y r s If u t ");
}

TEST_F(AliasDbTest, DictValuesAreWildcards) {
  parse(R"IR(graph(%in : Tensor):
  %k : str = prim::Constant[value="a"]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %d : Dict(str, Tensor) = prim::DictConstruct(%k, %x)
  %g : Tensor = aten::__getitem__(%d, %k)
  return (%g)
)IR");
  AliasDb db(*graph_);
  EXPECT_TRUE(db.mayAlias(v("g"), v("x")));
  EXPECT_FALSE(db.mayAlias(v("g"), v("y")));
  EXPECT_TRUE(db.mayContainAlias(v("d"), v("x")));
}

TEST_F(AliasDbTest, TuplesThroughControlFlowStayPrecise) {
  parse(R"IR(graph(%in : Tensor, %c : bool):
  %0 : int = prim::Constant[value=0]()
  %x : Tensor = aten::mul(%in, %in)
  %y : Tensor = aten::mul(%in, %in)
  %z : Tensor = aten::mul(%in, %in)
  %t1 : (Tensor, Tensor) = prim::TupleConstruct(%x, %z)
  %t2 : (Tensor, Tensor) = prim::TupleConstruct(%y, %z)
  %t : (Tensor, Tensor) = prim::If(%c)
    block0():
      -> (%t1)
    block1():
      -> (%t2)
  %a : Tensor = prim::TupleIndex(%t, %0)
  %l : (Tensor, Tensor)[] = prim::ListConstruct(%t2)
  return (%a)
)IR");
  AliasDb db(*graph_);
  EXPECT_TRUE(db.mayAlias(v("a"), v("x")));
  EXPECT_TRUE(db.mayAlias(v("a"), v("y")));
  EXPECT_TRUE(db.mayAlias(v("a"), v("z")));  // index 0 is not known per tuple: all contents
  // t2 went into a list: its contents escaped, t1's did not. So a (maybe y)
  // may now be anything from outside, x may not.
  EXPECT_TRUE(db.mayAlias(v("a"), v("in")));
  EXPECT_FALSE(db.mayAlias(v("x"), v("in")));
  EXPECT_TRUE(db.mayAliasWildcard(v("y")));
  EXPECT_FALSE(db.mayAliasWildcard(v("x")));
}


// AliasDb trusts schemas: an in-place operator (trailing underscore) that
// does not declare its write would let passes drop or reorder it.
TEST_F(AliasDbTest, InPlaceOperatorsDeclareTheirWrites) {
  std::vector<std::string> missing;
  size_t inPlace = 0;
  for (const Operator* op : globalOperatorRegistry().all()) {
    const FunctionSchema& s = op->schema();
    const std::string_view base = s.baseName();
    if (s.ns() != "aten" || !base.ends_with("_") || base.ends_with("__") || base.starts_with("_")) continue;
    ++inPlace;
    bool writes = false;
    for (const Argument& a : s.arguments) writes |= a.isWrite() || (a.alias && !a.alias->containedTypes.empty() &&
                                                                     a.alias->containedTypes[0].isWrite);
    if (!writes) missing.push_back(op->schemaString());
  }
  EXPECT_GT(inPlace, 50u);
  EXPECT_TRUE(missing.empty()) << missing.size() << " in-place schemas without (a!), e.g. " << missing.front();
}

}  // namespace
}  // namespace jitserve
