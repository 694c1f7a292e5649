// The Graph IR's mutation API: building, use lists, replaceAllUsesWith,
// moving, destroying, copying, names, ordering and insertion points.
#include <gtest/gtest.h>

#include <thread>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ir_printer.h"
#include "runtime/ir/verifier.h"
#include "runtime/support/error.h"

namespace jitserve {
namespace {

std::unique_ptr<Graph> parse(std::string_view text) {
  auto g = parseIR(text);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? std::move(*g) : std::make_unique<Graph>();
}

void expectValid(const Graph& g) {
  absl::Status s = verifyGraph(g);
  EXPECT_TRUE(s.ok()) << s << "\n" << g.toString();
}

Node* findNode(const Graph& g, std::string_view kind) {
  for (Node* n : g.nodes())
    if (n->kind().toQualString() == kind) return n;
  return nullptr;
}

TEST(Symbol, InterningAndBuiltins) {
  EXPECT_EQ(Symbol::fromQualString("prim::If"), prim::If);
  EXPECT_EQ(Symbol::fromQualString("aten::add"), aten::add);
  EXPECT_EQ(Symbol::attr("value"), attr::value);
  Symbol s = Symbol::fromQualString("custom::my_op");
  EXPECT_EQ(s, Symbol::fromNamespaceAndName("custom", "my_op"));
  EXPECT_EQ(s.toQualString(), "custom::my_op");
  EXPECT_EQ(s.toUnqualString(), "my_op");
  EXPECT_EQ(s.ns(), "custom");
  EXPECT_TRUE(prim::Loop.isPrim());
  EXPECT_FALSE(Symbol().valid());
  EXPECT_THROW(Symbol::fromQualString("noNamespace"), Error);
  EXPECT_THROW(Symbol::fromQualString("aten::"), Error);
}

TEST(Symbol, ConcurrentInterningAgrees) {
  // Threads interning overlapping names must agree on every id.
  constexpr int kThreads = 8, kNames = 500;
  std::vector<std::vector<Symbol>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &got] {
      for (int i = 0; i < kNames; ++i) {
        int k = (i * 7 + t * 13) % kNames;
        got[t].push_back(Symbol::fromQualString("conc::op" + std::to_string(k)));
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < kNames; ++i) {
      int k = (i * 7 + t * 13) % kNames;
      EXPECT_EQ(got[t][i], Symbol::fromQualString("conc::op" + std::to_string(k)));
      EXPECT_EQ(got[t][i].toUnqualString(), "op" + std::to_string(k));
    }
}

TEST(Graph, BuildAndPrint) {
  Graph g;
  Value* x = g.addInput("x.1");
  Value* n = g.addInput("n");
  n->setType(IntType::get());
  Node* c = g.insertNode(g.create(prim::Constant));
  c->output()->setType(IntType::get());
  c->i_(attr::value, 1);
  Node* add = g.insertNode(g.create(aten::add, {x, x, c->output()}));
  add->output()->setDebugName("y");
  add->setSourceRange(SourceRange::location("<string>", 2, 11));
  g.registerOutput(add->output());
  expectValid(g);
  EXPECT_EQ(g.toString(),
            "graph(%x.1 : Tensor,\n"
            "      %n : int):\n"
            "  %2 : int = prim::Constant[value=1]()\n"
            "  %y : Tensor = aten::add(%x.1, %x.1, %2) # <string>:2:11\n"
            "  return (%y)\n");
  EXPECT_EQ(x->uses().size(), 2u);
  EXPECT_EQ(x->uses()[1].offset, 1u);
  EXPECT_EQ(add->output()->uses()[0].user, g.returnNode());
}

TEST(Graph, ReplaceAllUsesWithAndDestroy) {
  auto g = parse(R"IR(graph(%a : Tensor, %b : Tensor):
  %c : Tensor = aten::mul(%a, %a)
  %d : Tensor = aten::mul(%c, %b)
  return (%d)
)IR");
  Value* a = g->inputs()[0];
  Value* b = g->inputs()[1];
  Node* c = findNode(*g, "aten::mul");
  c->output()->replaceAllUsesWith(b);
  EXPECT_FALSE(c->output()->hasUses());
  EXPECT_EQ(b->uses().size(), 2u);
  c->destroy();
  EXPECT_EQ(a->uses().size(), 0u);
  expectValid(*g);
  EXPECT_EQ(g->toString(), "graph(%a : Tensor,\n      %b : Tensor):\n  %d : Tensor = aten::mul(%b, %b)\n  return (%d)\n");
  // Destroying a node whose outputs are used is our bug, not the user's.
  EXPECT_THROW(findNode(*g, "aten::mul")->destroy(), InternalError);
}

TEST(Graph, InputEditingKeepsUseOffsets) {
  auto g = parse(R"IR(graph(%a : int, %b : int, %c : int):
  %l : int[] = prim::ListConstruct(%a, %b, %c)
  return (%l)
)IR");
  Node* l = findNode(*g, "prim::ListConstruct");
  Value *a = g->inputs()[0], *b = g->inputs()[1], *c = g->inputs()[2];
  l->removeInput(0);
  EXPECT_EQ(b->uses()[0].offset, 0u);
  EXPECT_EQ(c->uses()[0].offset, 1u);
  EXPECT_TRUE(a->uses().empty());
  l->insertInput(1, a);
  EXPECT_EQ(c->uses()[0].offset, 2u);
  EXPECT_EQ(l->replaceInput(2, b), c);
  EXPECT_EQ(b->uses().size(), 2u);
  l->replaceInputWith(b, c);
  EXPECT_EQ(c->uses().size(), 2u);
  expectValid(*g);
  EXPECT_EQ(nodeToString(*l, 1, {false}), "  %l : int[] = prim::ListConstruct(%c, %a, %c)\n");
  g->eraseInput(1);  // %b is unused now
  expectValid(*g);
  EXPECT_EQ(g->inputs().size(), 2u);
}

TEST(Graph, OutputsAndBlocks) {
  Graph g;
  Value* cond = g.addInput("cond");
  cond->setType(BoolType::get());
  Node* ifn = g.insertNode(g.create(prim::If, {cond}, 0));
  Value* r = ifn->addOutput()->setType(IntType::get());
  Block* t = ifn->addBlock();
  Block* f = ifn->addBlock();
  {
    WithInsertPoint guard(t);
    Node* one = g.insertNode(g.create(prim::Constant));
    one->i_(attr::value, 1)->output()->setType(IntType::get());
    t->registerOutput(one->output());
  }
  EXPECT_EQ(g.insertPoint(), g.returnNode());  // restored by the guard
  Node* two = g.create(prim::Constant);
  two->i_(attr::value, 2)->output()->setType(IntType::get());
  f->appendNode(two);
  f->registerOutput(two->output());
  g.registerOutput(r);
  expectValid(g);
  EXPECT_EQ(g.toString(),
            "graph(%cond : bool):\n"
            "  %1 : int = prim::If(%cond)\n"
            "    block0():\n"
            "      %2 : int = prim::Constant[value=1]()\n"
            "      -> (%2)\n"
            "    block1():\n"
            "      %3 : int = prim::Constant[value=2]()\n"
            "      -> (%3)\n"
            "  return (%1)\n");
  // An extra output the blocks do not return breaks If's arity.
  Value* extra = ifn->addOutput();
  EXPECT_FALSE(verifyGraph(g).ok());
  ifn->eraseOutput(extra->offset());
  expectValid(g);
  ifn->eraseBlock(1);
  absl::Status s = verifyGraph(g);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find("must have 2 blocks"), std::string::npos) << s;
}

constexpr const char* kChain = R"IR(graph(%x : Tensor):
  %a : Tensor = aten::relu(%x)
  %b : Tensor = aten::sigmoid(%x)
  %c : Tensor = aten::tanh(%x)
  %d : Tensor = aten::add(%a, %b, %c)
  return (%d)
)IR";

TEST(Graph, MoveAndOrder) {
  auto g = parse(kChain);
  std::vector<Node*> ns(g->nodes().begin(), g->nodes().end());
  ASSERT_EQ(ns.size(), 4u);
  Node *a = ns[0], *b = ns[1], *c = ns[2], *d = ns[3];
  EXPECT_TRUE(a->isBefore(b));
  EXPECT_TRUE(d->isAfter(a));
  EXPECT_FALSE(a->isBefore(a));
  c->moveBefore(a);
  EXPECT_TRUE(c->isBefore(a));
  EXPECT_EQ(g->nodes().front(), c);
  a->moveAfter(d);
  EXPECT_EQ(g->nodes().back(), a);
  // %d now uses %a before it is defined.
  absl::Status s = verifyGraph(*g);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find("%a used by aten::add"), std::string::npos) << s;
  a->moveBefore(d);
  expectValid(*g);
  EXPECT_EQ(g->toString(),
            "graph(%x : Tensor):\n"
            "  %c : Tensor = aten::tanh(%x)\n"
            "  %b : Tensor = aten::sigmoid(%x)\n"
            "  %a : Tensor = aten::relu(%x)\n"
            "  %d : Tensor = aten::add(%a, %b, %c)\n"
            "  return (%d)\n");
}

TEST(Graph, ManyInsertionsAtOnePointStayOrdered) {
  // Repeated insertion between the same two nodes exhausts the midpoints and
  // forces the block to renumber; the order must survive that.
  auto g = parse(kChain);
  Node* first = g->nodes().front();
  Node* second = first->next();
  std::vector<Node*> inserted;
  for (int i = 0; i < 200; ++i) {
    Node* n = g->create(prim::Constant);
    n->i_(attr::value, i)->output()->setType(IntType::get());
    n->insertBefore(second);
    inserted.push_back(n);
  }
  for (size_t i = 1; i < inserted.size(); ++i) EXPECT_TRUE(inserted[i - 1]->isBefore(inserted[i]));
  EXPECT_TRUE(first->isBefore(inserted.front()));
  EXPECT_TRUE(inserted.back()->isBefore(second));
  for (int i = 0; i < 200; ++i) {
    Node* n = g->create(prim::Constant);
    n->i_(attr::value, i)->output()->setType(IntType::get());
    n->insertAfter(g->paramNode());  // prepend
  }
  expectValid(*g);
}

TEST(Graph, NestedOrderAndReplaceAfter) {
  auto g = parse(R"IR(graph(%x : int, %c : bool):
  %y : int = aten::add(%x, %x)
  %r : int = prim::If(%c)
    block0():
      %z : int = aten::mul(%x, %y)
      -> (%z)
    block1():
      -> (%x)
  %w : int = aten::sub(%x, %r)
  return (%w)
)IR");
  Node* y = findNode(*g, "aten::add");
  Node* ifn = findNode(*g, "prim::If");
  Node* z = ifn->blocks()[0]->nodes().front();
  Node* w = findNode(*g, "aten::sub");
  EXPECT_TRUE(y->isBefore(z));
  EXPECT_TRUE(z->isBefore(w));
  EXPECT_TRUE(w->isAfter(z));
  Value* x = g->inputs()[0];
  x->replaceAllUsesAfterNodeWith(y, y->output());
  // Uses in y itself stay; later ones (inside the If too) move to %y.
  EXPECT_EQ(y->input(0), x);
  EXPECT_EQ(z->input(0), y->output());
  EXPECT_EQ(ifn->blocks()[1]->outputs()[0], y->output());
  EXPECT_EQ(w->input(0), y->output());
  expectValid(*g);
}

TEST(Graph, CopyIsDeepAndPrintsIdentically) {
  auto g = parse(R"IR(graph(%x.1 : int, %c : bool):
  %2 : int = prim::Constant[value=3]() # <string>:1:2
  %r : int = prim::If(%c)
    block0():
      %4 : int = aten::mul(%x.1, %2)
      -> (%4)
    block1():
      -> (%x.1)
  return (%r)
)IR");
  auto copy = g->copy();
  EXPECT_EQ(copy->toString(), g->toString());
  expectValid(*copy);
  // Editing the copy leaves the original alone.
  findNode(*copy, "prim::Constant")->i_(attr::value, 4);
  EXPECT_NE(copy->toString(), g->toString());
  EXPECT_EQ(findNode(*g, "prim::Constant")->i(attr::value), 3);
  // New values in the copy do not reuse ids.
  Node* n = copy->create(prim::Constant);
  EXPECT_GT(n->output()->unique(), 4u);
  n->destroy();
}

TEST(Value, DebugNamesAreUniqueLikePyTorch) {
  Graph g;
  Value* a = g.addInput("x");
  Value* b = g.addInput();
  b->setDebugName("x");  // takes the name; the old owner becomes x.1
  EXPECT_EQ(b->debugName(), "x");
  EXPECT_EQ(a->debugName(), "x.1");
  Value* c = g.addInput();
  c->setDebugName("x.1");  // suffixes continue past those used for the base
  EXPECT_EQ(c->debugName(), "x.1");
  EXPECT_EQ(a->debugName(), "x.3");
  EXPECT_EQ(g.findValueByName("x.3"), a);
  EXPECT_THROW(a->setDebugName("12"), Error);
  a->setDebugName("");
  EXPECT_EQ(a->debugName(), std::to_string(a->unique()));
  EXPECT_EQ(g.findValueByName("x.3"), nullptr);
  g.eraseInput(2);
  EXPECT_EQ(g.findValueByName("x.1"), nullptr);
  expectValid(g);
}

// Regression: copyMetadata passed from->name_ by reference into setDebugName,
// which renames `from` first, so the clone read the changed name and both
// values ended up named alike.
TEST(Value, CopyMetadataWithinOneGraphKeepsNamesDistinct) {
  Graph g;
  Value* x = g.addInput("x");
  Value* y = g.addInput();
  y->copyMetadata(x);
  EXPECT_EQ(y->debugName(), "x");
  EXPECT_NE(x->debugName(), y->debugName());
  EXPECT_EQ(g.findValueByName("x"), y);
  EXPECT_EQ(g.findValueByName(x->debugName()), x);
  y->setDebugName(y->debugName());  // renaming a value to its own name is a no-op
  EXPECT_EQ(y->debugName(), "x");
  expectValid(g);
}

TEST(Node, Attributes) {
  Graph g;
  Node* n = g.create(prim::Constant);
  n->s_(attr::name, "bsearch")->f_(attr::value, 0.5);
  EXPECT_EQ(n->s(attr::name), "bsearch");
  EXPECT_EQ(n->attributeKind(attr::value), AttributeKind::f);
  EXPECT_THROW(n->i(attr::value), Error);        // wrong kind
  EXPECT_THROW(n->i(attr::Subgraph), Error);     // missing
  n->i_(attr::value, 3);                         // overwrite keeps its place
  EXPECT_EQ(n->attributeNames()[1], attr::value);
  n->removeAttribute(attr::name);
  EXPECT_EQ(n->attributes().size(), 1u);
  EXPECT_THROW(n->removeAttribute(attr::name), Error);
  n->tys_(attr::types, {IntType::get(), ListType::ofInts()});
  n->ival_(Symbol::attr("tup"), std::make_shared<LiteralConstant>("(0., 0.)"));
  g.insertNode(n);
  EXPECT_EQ(nodeToString(*n, 0), "%0 : Tensor = prim::Constant[value=3, types=[int, int[]], tup=(0., 0.)]()\n");
}

TEST(Verifier, CatchesBrokenInvariants) {
  auto g = parse(kChain);
  Node* dangling = g->create(Symbol::aten("relu"), {g->inputs()[0]});
  absl::Status s = verifyGraph(*g);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find("dangling"), std::string::npos) << s;
  dangling->destroy();
  expectValid(*g);

  auto loop = parse(R"IR(graph(%n : int):
  %t : bool = prim::Constant[value=1]()
  %s : int = prim::Loop(%n, %t, %n)
    block0(%i : int, %acc : int):
      %next : int = aten::add(%acc, %i)
      -> (%t, %next)
  return (%s)
)IR");
  expectValid(*loop);
  Node* ln = findNode(*loop, "prim::Loop");
  ln->blocks()[0]->eraseOutput(1);
  s = verifyGraph(*loop);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find("returns 1 values, expected 2"), std::string::npos) << s;

  // A value used outside the block that defines it.
  auto scoped = parse(R"IR(graph(%c : bool):
  %r : int = prim::If(%c)
    block0():
      %one : int = prim::Constant[value=1]()
      -> (%one)
    block1():
      %two : int = prim::Constant[value=2]()
      -> (%two)
  %s : int = aten::add(%r, %r)
  return (%s)
)IR");
  Node* add = findNode(*scoped, "aten::add");
  Value* inner = findNode(*scoped, "prim::If")->blocks()[0]->outputs()[0];
  add->replaceInput(1, inner);
  s = verifyGraph(*scoped);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find("%one used by aten::add"), std::string::npos) << s;
}

TEST(SourceRange, HighlightAndLocation) {
  auto src = std::make_shared<Source>("def f(x):\n    y = x + z\n    return y\n", "<string>", 1);
  SourceRange r(src, 22, 23);  // the 'z'
  EXPECT_EQ(r.text(), "z");
  EXPECT_EQ(r.locationString(), "<string>:2:12");
  EXPECT_EQ(r.highlight(),
            "  File \"<string>\", line 2\n"
            "def f(x):\n"
            "    y = x + z\n"
            "            ~ <--- HERE\n"
            "    return y\n"
            "\n");
  SourceRange loc = SourceRange::location("model.py", 7, 3);
  EXPECT_EQ(loc.locationString(), "model.py:7:3");
  EXPECT_EQ(loc.highlight(), "  File \"model.py\", line 7\n");
  EXPECT_FALSE(SourceRange().valid());
  EXPECT_EQ(SourceRange().highlight(), "");
}

// What highlight() quotes is bounded whatever the source (error messages
// reach clients): a window of a long line around the range, with "..." over
// the cut ends, and the first and last lines of a long range.
TEST(SourceRange, HighlightBoundsLongLinesAndRanges) {
  std::string line = "    return " + std::string(100000, '(') + "x" + std::string(100000, ')');
  auto src = std::make_shared<Source>("def f(x):\n" + line + "\n", "<string>", 1);
  const size_t x = 10 + 11 + 100000;  // offset of the 'x'
  std::string h = SourceRange(src, x, x + 1).highlight();
  EXPECT_LT(h.size(), 500u) << h.size();
  EXPECT_NE(h.find("  File \"<string>\", line 2\n...\n...((((("), std::string::npos) << h;
  EXPECT_NE(h.find("((x)))"), std::string::npos) << h;
  // The marker stays under the x.
  size_t xl = h.find("((x)))");
  size_t lineStart = h.rfind('\n', xl) + 1;
  size_t marker = h.find('~', xl);
  size_t markerLineStart = h.rfind('\n', marker) + 1;
  EXPECT_EQ(xl + 2 - lineStart, marker - markerLineStart) << h;

  // A line that fits is shown whole, wherever the range is on it.
  std::string mid = "    y = " + std::string(100, 'a') + " + zz";
  auto src3 = std::make_shared<Source>(mid + "\n", "<string>", 1);
  EXPECT_EQ(SourceRange(src3, mid.size() - 2, mid.size()).highlight(),
            "  File \"<string>\", line 1\n" + mid + "\n" + std::string(mid.size() - 2, ' ') + "~~ <--- HERE\n\n");

  std::string body;
  for (int i = 0; i < 1000; ++i) body += "  y = " + std::to_string(i) + "\n";
  auto src2 = std::make_shared<Source>("def g():\n" + body, "<string>", 1);
  std::string h2 = SourceRange(src2, 0, src2->text().size()).highlight();
  EXPECT_LT(h2.size(), 500u) << h2;
  EXPECT_EQ(h2,
            "  File \"<string>\", line 1\n"
            "def g():\n~~~~~~~~\n"
            "  y = 0\n~~~~~~~\n"
            "... (997 lines not shown)\n"
            "  y = 998\n~~~~~~~~~\n"
            "  y = 999\n~~~~~~~~~ <--- HERE\n"
            "\n");  // the empty last line, as context
}

}  // namespace
}  // namespace jitserve
