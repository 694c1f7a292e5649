// Node attributes: compile-time data attached to a node by name, e.g. the
// value of a prim::Constant or the attribute name of a prim::GetAttr.
//
// An attribute has a name (an attr:: Symbol), a kind, and a payload of the
// matching C++ type. Kinds follow PyTorch: i/is (int64 and lists), f/fs
// (double), s/ss (string), ty/tys (types), g/gs (subgraphs), t (tensor) and
// ival (any other constant: tuples, typed empty lists, enum values ...).
//
// Tensors and IValues are not known to the IR layer; they are held through
// the small OpaqueConstant interface so that a constant built by the frontend
// (an IValue) and one parsed from printed IR (its literal text) print alike.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "runtime/ir/symbol.h"
#include "runtime/core/type.h"

namespace jitserve {

class Graph;

enum class AttributeKind { f, fs, i, is, s, ss, t, g, gs, ty, tys, ival };
std::string_view attributeKindName(AttributeKind k);

// A constant the IR holds without interpreting it: a tensor or an IValue.
class OpaqueConstant {
 public:
  virtual ~OpaqueConstant() = default;
  // The form the IR printer writes inside "[value=...]", e.g. "(0., 0.)",
  // "annotate(List[int], [])", "<Tensor>".
  virtual std::string repr() const = 0;
};

// What the IR parser produces for tensor and IValue constants: the printed
// literal, kept verbatim so the graph prints back unchanged. A later stage
// that needs the value itself (the interpreter) must get it from the
// frontend or an archive, not from printed text.
class LiteralConstant final : public OpaqueConstant {
 public:
  explicit LiteralConstant(std::string text) : text_(std::move(text)) {}
  std::string repr() const override { return text_; }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

using OpaqueConstantPtr = std::shared_ptr<const OpaqueConstant>;
using GraphPtr = std::shared_ptr<Graph>;

struct Attribute {
  using Payload = std::variant<double, std::vector<double>, int64_t, std::vector<int64_t>, std::string,
                               std::vector<std::string>, OpaqueConstantPtr, GraphPtr, std::vector<GraphPtr>,
                               TypePtr, std::vector<TypePtr>>;
  Symbol name;
  AttributeKind kind;
  Payload value;
};

}  // namespace jitserve
