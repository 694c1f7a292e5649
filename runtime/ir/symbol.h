// Symbol: an interned "namespace::name" string, used for node kinds
// (aten::add, prim::If) and attribute names (attr::value).
//
// A Symbol is a 32-bit handle into a process-wide table that only grows, so
// comparing and hashing kinds is an integer operation and the strings a
// Symbol returns stay valid for the life of the process. The builtin symbols
// below have fixed ids and are constexpr; anything else is interned on first
// use by fromQualString (thread-safe).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace jitserve {

// The kinds and attribute names the IR, the parser and the interpreter refer to
// by name. Order is irrelevant except that it fixes the ids.
#define JITSERVE_FORALL_BUILTIN_SYMBOLS(_) \
  _(prim, Constant)                        \
  _(prim, If)                              \
  _(prim, Loop)                            \
  _(prim, Return)                          \
  _(prim, Param)                           \
  _(prim, ListConstruct)                   \
  _(prim, ListUnpack)                      \
  _(prim, TupleConstruct)                  \
  _(prim, TupleUnpack)                     \
  _(prim, TupleIndex)                      \
  _(prim, TupleSlice)                      \
  _(prim, DictConstruct)                   \
  _(prim, GetAttr)                         \
  _(prim, SetAttr)                         \
  _(prim, CallFunction)                    \
  _(prim, CallMethod)                      \
  _(prim, Uninitialized)                   \
  _(prim, RaiseException)                  \
  _(prim, Print)                           \
  _(prim, isinstance)                      \
  _(prim, unchecked_cast)                  \
  _(prim, CreateObject)                    \
  _(prim, Enter)                           \
  _(prim, Exit)                            \
  _(prim, fork)                            \
  _(prim, profile)                         \
  _(prim, Guard)                           \
  _(prim, BailOut)                         \
  _(prim, TypeCheck)                       \
  _(prim, FusionGroup)                     \
  _(prim, DifferentiableGraph)             \
  _(prim, Closure)                         \
  _(prim, EnumValue)                       \
  _(prim, EnumName)                        \
  _(prim, device)                          \
  _(prim, dtype)                           \
  _(prim, requires_grad)                   \
  _(prim, is_cuda)                         \
  _(prim, min)                             \
  _(prim, max)                             \
  _(prim, AutogradZero)                    \
  _(prim, AutogradAdd)                     \
  _(prim, BroadcastSizes)                  \
  _(prim, ConstantChunk)                   \
  _(prim, MMTreeReduce)                    \
  _(prim, Store)                           \
  _(prim, Load)                            \
  _(prim, Drop)                            \
  _(prim, TypeCheckFallback)               \
  _(aten, wait)                            \
  _(aten, add)                             \
  _(aten, sub)                             \
  _(aten, mul)                             \
  _(aten, div)                             \
  _(aten, append)                          \
  _(aten, len)                             \
  _(aten, format)                          \
  _(aten, __getitem__)                     \
  _(aten, __is__)                          \
  _(aten, __isnot__)                       \
  _(aten, eq)                              \
  _(aten, ne)                              \
  _(aten, warn)                            \
  _(attr, value)                           \
  _(attr, name)                            \
  _(attr, types)                           \
  _(attr, Subgraph)                        \
  _(attr, warn_id)                         \
  _(attr, profiled_type)

class Symbol {
 public:
  enum class Builtin : uint32_t {
#define JS_SYMBOL_ENUM(ns, n) ns##_##n,
    JITSERVE_FORALL_BUILTIN_SYMBOLS(JS_SYMBOL_ENUM)
#undef JS_SYMBOL_ENUM
        kNumBuiltins
  };

  constexpr Symbol() : id_(kInvalid) {}
  constexpr explicit Symbol(Builtin b) : id_(static_cast<uint32_t>(b)) {}

  // "aten::add" -> Symbol. Throws jitserve::Error if there is no "::" or
  // either side is empty.
  static Symbol fromQualString(std::string_view qual);
  // Builds "ns::name".
  static Symbol fromNamespaceAndName(std::string_view ns, std::string_view name);
  static Symbol attr(std::string_view name) { return fromNamespaceAndName("attr", name); }
  static Symbol aten(std::string_view name) { return fromNamespaceAndName("aten", name); }
  static Symbol prim(std::string_view name) { return fromNamespaceAndName("prim", name); }

  bool valid() const { return id_ != kInvalid; }
  uint32_t id() const { return id_; }
  std::string_view toQualString() const;   // "aten::add"
  std::string_view toUnqualString() const; // "add"
  std::string_view ns() const;             // "aten"
  bool isAten() const { return ns() == "aten"; }
  bool isPrim() const { return ns() == "prim"; }
  bool isAttr() const { return ns() == "attr"; }

  friend constexpr bool operator==(Symbol a, Symbol b) { return a.id_ == b.id_; }
  friend constexpr bool operator!=(Symbol a, Symbol b) { return a.id_ != b.id_; }
  friend constexpr bool operator<(Symbol a, Symbol b) { return a.id_ < b.id_; }

 private:
  static constexpr uint32_t kInvalid = 0xffffffffu;
  uint32_t id_;
};

#define JS_SYMBOL_CONST(ns, n) \
  namespace ns {               \
  inline constexpr Symbol n{Symbol::Builtin::ns##_##n}; \
  }
JITSERVE_FORALL_BUILTIN_SYMBOLS(JS_SYMBOL_CONST)
#undef JS_SYMBOL_CONST

}  // namespace jitserve

template <>
struct std::hash<jitserve::Symbol> {
  size_t operator()(jitserve::Symbol s) const noexcept { return std::hash<uint32_t>()(s.id()); }
};
