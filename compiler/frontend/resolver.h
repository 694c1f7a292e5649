// Resolver: what the names a source file uses but does not define mean.
//
// The emitter resolves a free name in this order: a variable of the
// function, a definition of the file (unit_definitions.h), then the
// Resolver. The default one (builtinResolver) knows the modules torch,
// math and F (torch.nn.functional) and the Python builtins (typing names
// such as List or Optional are parsed as annotations without asking). The
// archive importer supplies its own resolver for the names archives use
// (`ops.aten.*`, `CONSTANTS.c0`, `__torch__.*` classes of other files),
// usually delegating the rest to builtinResolver(); tests/compiler/
// frontend/resolver_test.cpp shows one.
//
// Resolvers are called only while a unit compiles, on its thread.
#pragma once

#include <memory>
#include <string>

#include "compiler/frontend/sugared_value.h"

namespace jitserve::frontend {

class Resolver {
 public:
  virtual ~Resolver() = default;
  // The meaning of `name` used as a value, or nullptr if unknown.
  virtual SugaredValuePtr resolveValue(const std::string& name, const SourceRange& r) = 0;
  // The type `name` denotes in an annotation ("__torch__.a.Foo"), or
  // nullptr if unknown (builtin type names are parsed without asking).
  virtual TypePtr resolveType(const std::string& name, const SourceRange& r) = 0;
};

// torch, math, F, the Python builtins; knows no types.
std::shared_ptr<Resolver> builtinResolver();

}  // namespace jitserve::frontend
