// Constants held as IValues in node attributes.
//
// The frontend and the archive importer build prim::Constant nodes from
// IValues; the interpreter reads the values back. PyTorch keeps simple
// constants in typed attributes (i, f, s, is, fs, ss), tensors in t and
// everything else (tuples, typed empty lists, enums, dicts, None) in ival;
// setConstantAttribute picks the same kind so graphs print as PyTorch's do.
// A graph parsed from text holds LiteralConstant text instead of an IValue
// for t/ival attributes; constantAttributeValue reports those as unknown.
#pragma once

#include <optional>
#include <string>

#include "runtime/ir/ir.h"
#include "runtime/core/ivalue.h"

namespace jitserve {

class IValueConstant final : public OpaqueConstant {
 public:
  explicit IValueConstant(IValue v) : value_(std::move(v)) {}
  const IValue& value() const { return value_; }
  std::string repr() const override;

 private:
  IValue value_;
};

// How PyTorch's graph printer spells a constant: 1., "abc" (double quotes,
// its escapes), [1, 2], (0., 0.), annotate(List[int], []), {1.5} for a
// one-element tensor, <Tensor> for larger ones, __torch__.Color.RED.
std::string irConstantRepr(const IValue& v);

// Stores v as attribute `name` of n with the kind PyTorch uses for it.
Node* setConstantAttribute(Node* n, Symbol name, const IValue& v);

// Inserts a prim::Constant holding v at g's insertion point; its output has
// v's type (IValue::type()). Returns the output.
Value* insertConstant(Graph& g, const IValue& v, SourceRange range = {});

// The attribute as an IValue: nullopt if n has no such attribute or it holds
// parsed literal text or a subgraph.
std::optional<IValue> constantAttributeValue(const Node& n, Symbol name);

// The value of a prim::Constant node: None for one without attributes whose
// output is NoneType, else its `value` attribute as above; nullopt for other
// nodes and for constants the IR holds only as text or by name (Function).
std::optional<IValue> constantNodeValue(const Node& n);

}  // namespace jitserve
