// FunctionSchema: the signature of an operator or function, as written in a
// schema string:
//
//   aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//   ^name     ^overload  arguments (kwarg-only after '*')       returns
//
// The schema string is the single source of truth for an operator: the
// registry parses it (schema_parser.h), overload resolution matches argument
// types against it, alias analysis reads its annotations (Tensor(a!)), and
// str() prints it back exactly in PyTorch's syntax, so
// parseSchema(s)->str() == s for every schema PyTorch itself prints.
//
// Invariants: kwarg-only arguments come after all positional ones; a vararg
// schema ("...") has no arguments after the "...".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/core/alias_info.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"

namespace jitserve {

struct Argument {
  std::string name;  // may be empty for returns
  TypePtr type;
  // Fixed list size from "int[2]"; a default of a single int for such a list
  // is stored expanded (int[2] stride=1 -> [1, 1]).
  std::optional<int32_t> N;
  std::optional<IValue> defaultValue;
  bool kwargOnly = false;
  std::optional<AliasInfo> alias;

  bool isWrite() const { return alias && alias->isWrite; }
  // "out=" arguments: kwarg-only and written to.
  bool isOut() const { return kwargOnly && isWrite(); }
  // "Tensor(a!) self", "int[2] stride=1"; returns print without a name when
  // they have none.
  std::string str() const;
  // The type as written in a schema: "int[2]", "Tensor(a!)", "Tensor(a)[]", "t(*)?".
  std::string typeStr() const;
};

struct FunctionSchema {
  std::string name;      // qualified: "aten::add"
  std::string overload;  // "Tensor", or "" for the default overload
  std::vector<Argument> arguments;
  std::vector<Argument> returns;
  bool isVararg = false;  // "..." after the arguments
  bool isVarret = false;  // "..." in the returns

  // "aten::add.Tensor" (or just the name when there is no overload name).
  std::string operatorName() const;
  // Exactly PyTorch's schema syntax.
  std::string str() const;
  // True if any argument is written (an alias annotation with '!').
  bool isMutable() const;
  std::optional<size_t> argumentIndexWithName(std::string_view argName) const;
  // "aten" for "aten::add".
  std::string_view ns() const;
  // "add" for "aten::add".
  std::string_view baseName() const;
};

}  // namespace jitserve
