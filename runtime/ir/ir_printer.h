// The textual form of a Graph, byte-identical to what PyTorch 1.13 prints:
//
//   graph(%x.1 : Tensor,
//         %n : int):
//     %2 : int = prim::Constant[value=1]() # <string>:3:8
//     %3 : bool = aten::lt(%n, %2)
//     %y : Tensor = prim::If(%3)
//       block0():
//         -> (%x.1)
//       block1():
//         ...
//     return (%y)
//   with prim::fork_0 = graph(...):      <- subgraphs of nodes with attr::Subgraph
//
// ir_parser.h reads this form back.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "runtime/ir/ir.h"

namespace jitserve {

struct IRPrintOptions {
  bool sourceLocations = true;  // the " # file:line:col" comments
};

void printGraph(std::ostream& out, const Graph& g, const IRPrintOptions& options = {});
std::string graphToString(const Graph& g, const IRPrintOptions& options = {});
inline std::ostream& operator<<(std::ostream& out, const Graph& g) {
  printGraph(out, g);
  return out;
}
// One node and its blocks, at the given indentation level (2 spaces each).
std::string nodeToString(const Node& n, size_t level = 1, const IRPrintOptions& options = {});

// Literal spellings shared with the IR parser and IValue printing:
// 1.0 -> "1.", 0.1 -> "0.10000000000000001", inf, -inf, nan.
std::string formatIRFloat(double d);
// Double-quoted with PyTorch's escapes (\\ \' \" \n \t ..., others as \ooo).
std::string quoteString(std::string_view s);

}  // namespace jitserve
