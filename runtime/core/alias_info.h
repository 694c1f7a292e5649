// AliasInfo: the alias annotation on a schema argument or return.
//
//   Tensor(a)      -> beforeSets {a}, afterSets {a}, not a write
//   Tensor(a!)     -> beforeSets {a}, afterSets {a}, isWrite
//                     (without an arrow the after sets equal the before sets)
//   Tensor(a -> *) -> beforeSets {a}, afterSets {*} (enters the wildcard set)
//   Tensor(a)[]    -> the list is annotated on the outer type; containedTypes
//                     carries the element annotation
// AliasDb (issue 7) reads these to decide what a node may read, write or alias.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace jitserve {

struct AliasInfo {
  std::set<std::string> beforeSets;
  std::set<std::string> afterSets;
  bool isWrite = false;
  std::vector<AliasInfo> containedTypes;  // annotations on element types

  static constexpr const char* kWildcard = "*";
  bool isWildcardBefore() const { return beforeSets.count(kWildcard) != 0; }
  bool isWildcardAfter() const { return afterSets.count(kWildcard) != 0; }
  std::string str() const;  // "(a!)", "(a -> *)"
  friend bool operator==(const AliasInfo& a, const AliasInfo& b) {
    return a.beforeSets == b.beforeSets && a.afterSets == b.afterSets && a.isWrite == b.isWrite &&
           a.containedTypes == b.containedTypes;
  }
};

}  // namespace jitserve
