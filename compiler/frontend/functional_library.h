// The functional library: what PyTorch writes in Python rather than as
// operators (torch.nn.functional.interpolate, torch.functional.unique, ...),
// written by us as TorchScript source (compiler/frontend/functional/*.py,
// embedded in the binary) and compiled once, on first use, by this frontend.
//
// The emitter consults it when a call names `F.x`, `torch.nn.functional.x`
// or `torch.x`; a library function is matched by its schema (Python's
// argument names and defaults) and inlined at the call site, so graphs
// contain only operators, as PyTorch's do.
//
// Library functions are named by their Python qualified name:
// "torch.nn.functional.interpolate", "torch.unique". Inside the library
// source, a def's name is the qualified name with dots as `__`
// (`def torch__nn__functional__interpolate(...)`), and private helpers start
// with `_`; helpers are inlined too. The files, by area: common.py (helpers:
// int-or-list arguments, reduction strings), nn_functional.py (activations,
// dropout), normalization.py, loss.py, pooling.py, vision.py (interpolate),
// torch_functional.py (torch.unique, lu, cdist, norm).
//
// Not here yet: functions whose return type PyTorch picks by a constant
// flag at compile time (max_pool*/adaptive_max_pool* with return_indices).
// torch.unique/unique_consecutive/lu are here but return `Any` until the
// emitter can make that choice.
#pragma once

#include <string_view>

#include "runtime/interpreter/graph_function.h"

namespace jitserve::frontend {

// The library function for a qualified Python name, or nullptr. Thread-safe;
// the first call compiles the library. While the library itself compiles,
// returns nullptr (its source calls operators, never the library by
// qualified name).
const GraphFunction* findLibraryFunction(std::string_view qualifiedName);

// The library function that a prim::CallFunction inside a library graph
// calls (a helper), or nullptr: used to inline helpers.
const GraphFunction* findLibraryHelper(std::string_view name);

}  // namespace jitserve::frontend
