// Printing of alias annotations in PyTorch's schema spelling.
#include "runtime/core/alias_info.h"

namespace jitserve {

namespace {
std::string joinSets(const std::set<std::string>& sets) {
  std::string out;
  for (const auto& s : sets) {
    if (!out.empty()) out += "|";
    out += s;
  }
  return out;
}
}  // namespace

std::string AliasInfo::str() const {
  std::string out = "(" + joinSets(beforeSets);
  if (isWrite) out += "!";
  // The parser copies the before sets into the after sets when there is no
  // arrow, so an arrow is printed only when the sets really change.
  if (!afterSets.empty() && afterSets != beforeSets) out += " -> " + joinSets(afterSets);
  return out + ")";
}

}  // namespace jitserve
