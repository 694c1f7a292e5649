// The IR emitter: syntax trees of a TorchScript file to Graphs.
//
// emitDefinitions compiles every top-level `def` of a parsed file into the
// compilation unit. For each function it
//  1. adds graph inputs for the parameters (annotated types; Tensor when
//     unannotated) and stores them into variables;
//  2. emits the statements in load/store form (convert_to_ssa.h): each
//     assignment is a prim::Store, each read a typed prim::Load, control
//     flow is prim::If / prim::Loop with empty outputs, and return / break /
//     continue are marker nodes;
//  3. runs the exit transform and SSA conversion.
// Calls resolve in this order: a local variable, a user function of the
// unit, a builtin (len, range, int, ...), a module (torch, math, F) member
// resolved to an aten:: operator by name, a method on a value (x.size(),
// lst.append(v)) resolved to the aten:: operator with the value as self.
// Operator overloads are chosen by schema_matching.h.
//
// The Environment (a stack of frames, one per block) tracks which variables
// are defined and with which type, so reading a variable that is not defined
// on every path is reported where it is read ("undefined value x"), not left
// to the SSA pass.
//
// Every user mistake throws frontend::ErrorReport at the offending range.
#pragma once

#include "compiler/frontend/tree_views.h"

namespace jitserve::frontend {

class CompilationUnit;

void emitDefinitions(CompilationUnit& cu, const List<Stmt>& stmts);

}  // namespace jitserve::frontend
