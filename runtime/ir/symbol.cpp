// The process-wide symbol table behind Symbol.
#include "runtime/ir/symbol.h"

#include <deque>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include "runtime/support/error.h"

namespace jitserve {

namespace {

struct Entry {
  std::string qual;  // "aten::add"
  size_t sep;        // offset of "::"
};

class SymbolTable {
 public:
  SymbolTable() {
#define JS_SYMBOL_INTERN(ns, n) internLocked(#ns "::" #n);
    JITSERVE_FORALL_BUILTIN_SYMBOLS(JS_SYMBOL_INTERN)
#undef JS_SYMBOL_INTERN
  }

  uint32_t intern(std::string_view qual) {
    {
      std::shared_lock lock(mu_);
      auto it = ids_.find(qual);
      if (it != ids_.end()) return it->second;
    }
    std::unique_lock lock(mu_);
    return internLocked(qual);
  }

  // Entries live in a deque and are never removed, so references stay valid
  // without holding the lock.
  const Entry& entry(uint32_t id) {
    std::shared_lock lock(mu_);
    JS_INTERNAL_ASSERT(id < entries_.size(), "bad symbol id ", id);
    return entries_[id];
  }

 private:
  uint32_t internLocked(std::string_view qual) {
    auto it = ids_.find(qual);
    if (it != ids_.end()) return it->second;
    entries_.push_back(Entry{std::string(qual), qual.find("::")});
    uint32_t id = static_cast<uint32_t>(entries_.size() - 1);
    ids_.emplace(std::string_view(entries_.back().qual), id);
    return id;
  }

  std::shared_mutex mu_;
  std::deque<Entry> entries_;
  std::unordered_map<std::string_view, uint32_t> ids_;
};

SymbolTable& table() {
  static SymbolTable* t = new SymbolTable();  // never destroyed: symbols outlive statics
  return *t;
}

}  // namespace

Symbol Symbol::fromQualString(std::string_view qual) {
  size_t sep = qual.find("::");
  JS_CHECK(sep != std::string_view::npos && sep > 0 && sep + 2 < qual.size(),
           "'", qual, "' is not a qualified symbol (expected namespace::name)");
  Symbol s;
  s.id_ = table().intern(qual);
  return s;
}

Symbol Symbol::fromNamespaceAndName(std::string_view ns, std::string_view name) {
  std::string qual;
  qual.reserve(ns.size() + 2 + name.size());
  qual.append(ns).append("::").append(name);
  return fromQualString(qual);
}

std::string_view Symbol::toQualString() const {
  JS_INTERNAL_ASSERT(valid(), "toQualString on an invalid Symbol");
  return table().entry(id_).qual;
}

std::string_view Symbol::toUnqualString() const {
  JS_INTERNAL_ASSERT(valid(), "toUnqualString on an invalid Symbol");
  const Entry& e = table().entry(id_);
  return std::string_view(e.qual).substr(e.sep + 2);
}

std::string_view Symbol::ns() const {
  JS_INTERNAL_ASSERT(valid(), "ns on an invalid Symbol");
  const Entry& e = table().entry(id_);
  return std::string_view(e.qual).substr(0, e.sep);
}

}  // namespace jitserve
