// Freezing: a module method's graph with the module's attributes folded into
// constants, its submodule calls inlined and, when nothing reads it any
// more, `self` dropped from its inputs (PyTorch's torch.jit.freeze).
//
//   graph(%self : __torch__.M, %x : Tensor):          graph(%x : Tensor):
//     %conv : __torch__.Conv = prim::GetAttr[name="conv"](%self)
//     %y : Tensor = prim::CallMethod[name="forward"](%conv, %x)   -->
//                                                       %w : Tensor = prim::Constant[value=<Tensor>]()
//                                                       %y : Tensor = aten::conv2d(%x, %w, ...)
//
// An attribute folds only when freezing can prove its value is the one the
// graph would read on every call:
//  - no prim::SetAttr of that attribute on that class anywhere: in the
//    frozen graphs or in any method of any class in the module's object tree;
//  - for mutable values (tensors, lists, tuples holding them): nothing in the
//    frozen graphs may write them (AliasDb: attributes alias the wildcard,
//    so a write to any graph input or attribute blocks every mutable fold);
//    ops whose schema hides a write (batch_norm / instance_norm updating
//    running statistics when training is not a constant false) count too;
//  - every object in the chain self.a.b reached the same way.
// Objects never become constants: they are only followed. When a module
// object (or any object) escapes to something freezing cannot see through (a
// call it could not inline, a fork, a container), nothing is folded in that
// graph, and the mutable attributes of the others stay too.
//
// Methods frozen together (FreezeModuleMethods) share one write analysis:
// an attribute any of them writes stays an attribute in all of them, which
// is what a server serving several methods of one module needs. Methods of
// the module that are not frozen are covered for SetAttr only (scanned), not
// for in-place tensor writes: freeze every method that will run.
//
// Folded tensor constants that nothing in the graph writes and that do not
// reach the graph's outputs have their storage marked frozen
// (StorageImpl::markFrozen), which lets kernels cache data derived from them
// (the oneDNN convolution keeps its reordered weights).
#pragma once

#include <span>

#include "runtime/ir/ir.h"
#include "compiler/passes/inliner.h"
#include "runtime/core/ivalue.h"

namespace jitserve {

struct FreezeResult {
  bool changed = false;
  // The graph no longer reads self and its first input was removed: callers
  // pass the method's arguments without the module.
  bool selfDropped = false;
};

// Freezes `graph`, a method of `self`'s class whose first input is self, in
// place. `lookup` resolves prim::CallFunction names (the module's
// compilation unit), as for the inliner.
FreezeResult FreezeModule(Graph& graph, const IValue& self, const GraphLookup& lookup = {});

// Several methods of one module, frozen with one write analysis (see above).
std::vector<FreezeResult> FreezeModuleMethods(std::span<Graph* const> graphs, const IValue& self,
                                              const GraphLookup& lookup = {});

// Marks the storage of tensor constants in `graph` frozen where nothing in
// the graph writes them and they do not reach its outputs. Returns how many.
int MarkConstantTensorsFrozen(Graph& graph);

}  // namespace jitserve
