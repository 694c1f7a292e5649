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
// dropout, embedding), normalization.py, loss.py, pooling.py, vision.py
// (interpolate, fold, grid_sample), torch_functional.py (torch.unique, lu,
// cdist, norm, stft, tensordot), rnn.py (torch.nn.utils.rnn: PackedSequence,
// pack/pad functions; compiled apart with its own qualifier, so its defs
// keep plain names and its NamedTuple PyTorch's qualified name). Library source may only use what both the
// committed emitter and the registered operators support; see
// libraryOmissions() for the latter.
//
// Boolean dispatch. Some Python functions return a different type
// depending on a bool argument (F.max_pool2d(..., return_indices=True) is a
// tuple); PyTorch makes them a compile-time choice between two typed
// functions by that argument, which must then be a constant (or omitted:
// its default). findLibraryDispatch describes such names; each branch is
// the qualified name of a library function (findLibraryFunction) or of
// another dispatch. The emitter follows them (sugared_value.cpp,
// resolveDispatch) for fractional_max_pool*, torch.unique,
// torch.unique_consecutive and torch.lu; the max_pool*/adaptive_max_pool*
// branches have no library function: the emitter maps those calls onto
// the operators itself.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/interpreter/graph_function.h"

namespace jitserve::frontend {

struct NamedTupleDef;

// The library function for a qualified Python name, or nullptr. Thread-safe;
// the first call compiles the library. While the library itself compiles,
// returns nullptr (its source calls operators, never the library by
// qualified name).
const GraphFunction* findLibraryFunction(std::string_view qualifiedName);

// The library's NamedTuple of a qualified Python name
// ("torch.nn.utils.rnn.PackedSequence"), or nullptr.
const NamedTupleDef* findLibraryNamedTuple(std::string_view qualifiedName);

struct LibraryDispatch {
  std::string_view argName;  // the deciding bool argument
  size_t argIndex;           // its position
  bool defaultValue;         // its value when the call omits it
  std::string_view ifTrue;   // qualified names: a function or a dispatch
  std::string_view ifFalse;
};

// The dispatch a qualified Python name stands for, or nullptr.
const LibraryDispatch* findLibraryDispatch(std::string_view qualifiedName);

// A library function left out of this build because it calls an operator
// the build does not register (or a function left out): the library is
// compiled against whatever operators exist, so a missing one costs only
// the functions that call it. `def` is the def's name in the library
// source, `reason` the compiler's message.
struct LibraryOmission {
  std::string def;
  std::string reason;
};
const std::vector<LibraryOmission>& libraryOmissions();

// The library function that a prim::CallFunction inside a library graph
// calls (a helper), or nullptr: used to inline helpers.
const GraphFunction* findLibraryHelper(std::string_view name);

}  // namespace jitserve::frontend
