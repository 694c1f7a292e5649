// Schema matching: binding the arguments of a call written in TorchScript
// source to the parameters of a FunctionSchema, as the IR emitter does for
// every builtin operator, method and user-function call.
//
//   torch.add(x, 2, alpha=3)        aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1)
//   x.view(2, 3)                    aten::view(Tensor(a) self, int[] size)  -> size = [2, 3]
//
// A call has positional values (self first for methods), keyword values and
// a source range. Matching one schema:
//  - positionals fill the non-kwarg-only parameters in order; a vararg
//    schema ("...") takes any extra positionals as they are;
//  - when the last positional parameter is a List (not int[N], not t[]) and
//    the value given for it is not a list, all remaining positionals are
//    packed into that list ("varargs as list": x.view(2, 3), x.permute(1, 0));
//  - keywords fill parameters by name; a keyword for a parameter that is
//    already given, or for no parameter, fails the match;
//  - parameters still missing take the schema's default as a prim::Constant;
//    with no default the match fails ("Argument other not provided.");
//  - each value must be a subtype of its parameter's type, after these
//    implicit conversions (TorchScript's, for builtins and user functions):
//      Tensor or Scalar -> float/int/Scalar via aten::FloatImplicit /
//        IntImplicit / ScalarImplicit (only from a Tensor for Scalar),
//      str -> Device via aten::device,
//      a tuple whose elements fit the element type -> a List,
//      one int/float -> int[N]/float[N] (broadcast to N copies);
//  - type variables (t, t1, ...) bind to the first type they meet and later
//    uses must unify with it; return types are the schema's returns with the
//    variables substituted; a variable left unbound fails the match.
// Nodes a failed attempt inserted (conversions, defaults) are removed again,
// so trying several overloads leaves the graph as it was.
//
// matchSchemas tries overloads in order and takes the first that matches
// without conversions, else the first that matches with them (PyTorch's two
// rounds). When none matches, the error lists every candidate schema with the
// reason it was rejected, for the caller to wrap with the source location.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/ir/ir.h"
#include "runtime/core/function_schema.h"

namespace jitserve::frontend {

// One argument at a call site: positional when name is empty.
struct NamedValue {
  NamedValue() = default;
  NamedValue(Value* v) : value(v) {}  // NOLINT: positional from a Value
  NamedValue(std::string n, Value* v) : name(std::move(n)), value(v) {}
  std::string name;
  Value* value = nullptr;
  SourceRange range;  // where the argument is written, if known
};

// The inputs of the node to create, in schema order with defaults filled in,
// and the (type-variable-substituted) return types.
struct MatchedSchema {
  const FunctionSchema* schema = nullptr;
  size_t index = 0;  // which candidate matched
  std::vector<Value*> inputs;
  std::vector<TypePtr> returnTypes;
};

// Tries one schema. Inserts conversions and defaults at the graph's insertion
// point; on failure removes them again and returns nullopt with the reason in
// *why (e.g. "Expected a value of type 'int' for argument 'dim' but instead
// found type 'str'.").
std::optional<MatchedSchema> tryMatchSchema(const FunctionSchema& schema, Graph& graph, const SourceRange& loc,
                                            std::span<const NamedValue> args, std::span<const NamedValue> kwargs,
                                            bool allowConversions, std::string* why);

// The outcome of overload resolution: a match, or the full error text
// (candidate list included) without the source highlight.
struct SchemaMatchResult {
  std::optional<MatchedSchema> match;
  std::string error;
};

SchemaMatchResult matchSchemas(std::span<const FunctionSchema* const> schemas, Graph& graph, const SourceRange& loc,
                               std::span<const NamedValue> args, std::span<const NamedValue> kwargs);

// Inserts `kind` with the matched inputs and typed outputs at the insertion
// point. Returns the node.
Node* emitMatchedNode(Graph& graph, Symbol kind, const MatchedSchema& m, const SourceRange& loc);

// Type-variable environment helpers, shared with the emitter (it types list
// literals and user-function returns the same way).
using TypeVarEnv = std::vector<std::pair<std::string, TypePtr>>;
// True if `actual` can be passed where `formal` is expected, binding the
// type variables of `formal` in env.
bool matchTypeVariables(const TypePtr& formal, const TypePtr& actual, TypeVarEnv& env);
// formal with its variables replaced; nullptr if one is unbound.
TypePtr substituteTypeVariables(const TypePtr& formal, const TypeVarEnv& env);

}  // namespace jitserve::frontend
