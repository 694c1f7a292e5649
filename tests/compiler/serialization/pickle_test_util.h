// Test helper: writes pickle byte streams by hand, opcode by opcode, so tests
// can express both the well-formed streams torch.save writes and hostile ones.
#pragma once

#include <cstdint>
#include <string>

#include "tests/compiler/serialization/zip_test_util.h"

namespace jitserve::testing {

class PickleWriter {
 public:
  PickleWriter& raw(const std::string& bytes) {
    s_ += bytes;
    return *this;
  }
  PickleWriter& op(char c) {
    s_.push_back(c);
    return *this;
  }
  PickleWriter& proto(uint8_t p = 2) { return op('\x80').u8(p); }
  PickleWriter& global(const std::string& module, const std::string& name) {
    return op('c').raw(module + "\n" + name + "\n");
  }
  PickleWriter& mark() { return op('('); }
  PickleWriter& tuple() { return op('t'); }
  PickleWriter& emptyTuple() { return op(')'); }
  PickleWriter& emptyList() { return op(']'); }
  PickleWriter& emptyDict() { return op('}'); }
  PickleWriter& append() { return op('a'); }
  PickleWriter& appends() { return op('e'); }
  PickleWriter& setitem() { return op('s'); }
  PickleWriter& setitems() { return op('u'); }
  PickleWriter& reduce() { return op('R'); }
  PickleWriter& build() { return op('b'); }
  PickleWriter& newobj() { return op('\x81'); }
  PickleWriter& persid() { return op('Q'); }
  PickleWriter& none() { return op('N'); }
  PickleWriter& boolean(bool b) { return op(b ? '\x88' : '\x89'); }
  PickleWriter& put(uint8_t i) { return op('q').u8(i); }
  PickleWriter& get(uint8_t i) { return op('h').u8(i); }
  PickleWriter& longGet(uint32_t i) { return op('j').u32(i); }
  PickleWriter& pop() { return op('0'); }
  PickleWriter& integer(int64_t v) {
    if (v >= 0 && v < 256) return op('K').u8(static_cast<uint8_t>(v));
    if (v >= INT32_MIN && v <= INT32_MAX) return op('J').u32(static_cast<uint32_t>(v));
    op('\x8a').u8(8);
    for (int i = 0; i < 8; ++i) u8(static_cast<uint8_t>((static_cast<uint64_t>(v) >> (8 * i)) & 0xff));
    return *this;
  }
  PickleWriter& floating(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    op('G');
    for (int i = 7; i >= 0; --i) u8(static_cast<uint8_t>((bits >> (8 * i)) & 0xff));
    return *this;
  }
  PickleWriter& str(const std::string& s) { return op('X').u32(static_cast<uint32_t>(s.size())).raw(s); }
  PickleWriter& ints(std::initializer_list<int64_t> xs) {
    mark();
    for (int64_t x : xs) integer(x);
    return tuple();
  }
  PickleWriter& u8(uint8_t v) {
    s_.push_back(static_cast<char>(v));
    return *this;
  }
  PickleWriter& u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(static_cast<uint8_t>((v >> (8 * i)) & 0xff));
    return *this;
  }
  // A tensor as torch.save writes it: _rebuild_tensor_v2 over storage `key`.
  PickleWriter& tensor(const std::string& storageClass, const std::string& key, int64_t numel, int64_t offset,
                       std::initializer_list<int64_t> sizes, std::initializer_list<int64_t> strides) {
    global("torch._utils", "_rebuild_tensor_v2");
    mark();
    mark().str("storage").global("torch", storageClass).str(key).str("cpu").integer(numel).tuple().persid();
    integer(offset).ints(sizes).ints(strides).boolean(false);
    global("collections", "OrderedDict").emptyTuple().reduce();
    return tuple().reduce();
  }
  std::string stop() { return s_ + "."; }
  const std::string& bytes() const { return s_; }

 private:
  std::string s_;
};

// A torch.save archive holding `pickle` and the given storages (key -> bytes).
inline std::string makeTorchSave(const std::string& pickle,
                                 const std::vector<std::pair<std::string, std::string>>& storages = {}) {
  std::vector<ZipItem> items{{"archive/data.pkl", pickle}};
  for (const auto& [key, bytes] : storages) items.push_back({"archive/data/" + key, bytes});
  items.push_back({"archive/version", "3\n"});
  return makeZip(items);
}

template <typename T>
std::string rawBytes(std::initializer_list<T> values) {
  std::string s;
  for (T v : values) s.append(reinterpret_cast<const char*>(&v), sizeof(T));
  return s;
}

}  // namespace jitserve::testing
