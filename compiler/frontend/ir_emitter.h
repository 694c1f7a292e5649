// The IR emitter: syntax trees of a TorchScript file to Graphs.
//
// emitDefinitions compiles the top-level definitions of a parsed file into
// the compilation unit: functions, classes (their methods, __init__ first),
// Enum classes and NamedTuples (unit_definitions.h). For each function or
// method it
//  1. adds graph inputs for the parameters (annotated types; Tensor when
//     unannotated) and stores them into variables;
//  2. emits the statements in load/store form (convert_to_ssa.h): each
//     assignment is a prim::Store, each read a typed prim::Load, control
//     flow is prim::If / prim::Loop with empty outputs, and return / break /
//     continue are marker nodes;
//  3. runs the exit transform and SSA conversion.
// Names resolve in this order: a variable (environment.h), a definition of
// the file (unit_definitions.h: functions, classes, Enums, NamedTuples),
// then the Resolver (resolver.h: torch, math, F, Python builtins). What a
// name denotes is a SugaredValue (sugared_value.h) that the emitter asks to
// be an attribute base, a callee, an iterable or a value; Python builtins
// are in builtin_functions.h. Operator overloads are chosen by
// schema_matching.h.
//
// Every user mistake throws frontend::ErrorReport at the offending range.
#pragma once

#include <string>

#include "compiler/frontend/tree_views.h"

namespace jitserve::frontend {

class CompilationUnit;

class Resolver;

// resolver: for the names the file does not define (null: builtinResolver());
// classes are named qualifier + "." + name; archiveSource: see DefineOptions.
void emitDefinitions(CompilationUnit& cu, const List<Stmt>& stmts, Resolver* resolver = nullptr,
                     const std::string& qualifier = "__torch__", bool archiveSource = false);

}  // namespace jitserve::frontend
