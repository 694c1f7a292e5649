// The IR the emitter writes before SSA, and the pass that makes it SSA.
//
// The emitter does not build phi-like block outputs itself. It writes
// variables as named loads and stores, and early exits as markers:
//
//   prim::Store[name="x"](%v)            x = v    (optional attr `declared`:
//                                                  the annotated type of x)
//   %x = prim::Load[name="x"]()           read x   (typed by the emitter)
//   prim::ReturnStmt(%v) / ()             return v / return
//   prim::BreakStmt()  prim::ContinueStmt()
//   %c = prim::LoopCond()                 last node of a prim::Loop body, whose
//     block0(): ... -> (%cond)            block computes the loop condition for
//                                          the next iteration; the body returns %c
//
// runExitTransform (exit_transform.h) removes the three exit markers and the
// LoopCond, still in load/store form. convertToSSA then:
//  1. adds block outputs: a variable stored in a branch of an If and defined
//     before it, or stored in both branches, becomes an output of the If
//     (prim::Uninitialized stands in on a branch where it is undefined, which
//     the emitter only allows when that branch exits); a variable stored in a
//     Loop body and defined before the loop becomes loop-carried (a Loop input,
//     a body input and a body output, and a Loop output);
//  2. replaces every Load with the value last stored along the structured
//     path to it, and deletes all Stores and Loads;
//  3. drops prim::Constant and prim::Uninitialized nodes left without uses.
// Values stored to a plain variable name take its name as debug name.
//
// Errors (thrown as frontend::ErrorReport at the offending node's range):
// a loop-carried variable whose type changes in the body, and an If output
// whose branches give types that do not unify.
#pragma once

#include <string>

#include "runtime/ir/ir.h"

namespace jitserve::frontend {

// Marker kinds (interned on first use).
Symbol storeSymbol();       // prim::Store
Symbol loadSymbol();        // prim::Load
Symbol returnStmtSymbol();  // prim::ReturnStmt
Symbol breakStmtSymbol();   // prim::BreakStmt
Symbol continueStmtSymbol();  // prim::ContinueStmt
Symbol loopCondSymbol();    // prim::LoopCond
Symbol declaredAttr();      // attr::declared on a Store

// Builders at the graph's insertion point.
Node* insertStore(Graph& g, const std::string& name, Value* v, TypePtr declared = nullptr);
Value* insertLoad(Graph& g, const std::string& name, TypePtr type);

void convertToSSA(Graph& g);

}  // namespace jitserve::frontend
