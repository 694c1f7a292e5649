// Pickler: IValue -> pickle protocol 2, in the shape torch.save writes, so
// Python's torch.load (and our unpickler) read the result.
//
// Tensors become torch._utils._rebuild_tensor_v2 calls over persistent ids
// ('storage', <dtype>Storage, key, 'cpu', numel); the pickler only names the
// storages (keys "0", "1", ... in first-use order, one per distinct
// StorageImpl so views stay views) and the caller writes their bytes as
// records. Containers are memoized by identity, so a list referenced twice
// is loaded as one list. Lists and dicts are written in batches of 1000
// items as Python does, keeping the reader's stack small.
//
// Supported: None, bool, int, float, str, Tensor (CPU, non-quantized),
// Device, and lists, tuples and dicts of those. Anything else (objects,
// futures, enums...) is an error naming the value's type; so is nesting
// deeper than kMaxPickleDepth (which also stops cyclic values).
//
// With PicklerOptions::torchScript (data.pkl and constants.pkl of a
// torch.jit.save archive) containers carry their TorchScript types, as
// PyTorch's TorchScript pickler writes them: lists of int/float/bool/Tensor
// through torch.jit._pickle.build_{int,double,bool,tensor}list, other lists
// and dicts through torch.jit._pickle.restore_type_tag(value, "List[str]");
// and objects of TorchScript classes are written as GLOBAL `__torch__...`
// NEWOBJ with BUILD state (getState's, else a dict of their attributes).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "runtime/core/ivalue.h"
#include "runtime/tensor/storage.h"

namespace jitserve {

inline constexpr size_t kMaxPickleDepth = 1000;

struct PicklerOptions {
  bool torchScript = false;
  // The state BUILD gets for an object: null, or returning nullopt, means a
  // dict {attribute: value}; a class with __getstate__ returns its result.
  std::function<std::optional<IValue>(const intrusive_ptr<ObjectImpl>&)> getState;
};

class Pickler {
 public:
  struct StorageRecord {
    std::string key;
    Storage storage;
  };

  explicit Pickler(PicklerOptions options = {});
  // Writes one value (call once, then finish()). Throws jitserve::Error.
  void push(const IValue& v);
  // Appends STOP and returns the pickle.
  std::string finish();
  // The storages the pickle names, in key order.
  const std::vector<StorageRecord>& storages() const { return storages_; }

 private:
  void pushValue(const IValue& v, size_t depth);
  void pushTensor(const Tensor& t);
  void pushList(const IValue& v, size_t depth);
  void pushDict(const IValue& v, size_t depth);
  void pushObject(const IValue& v, size_t depth);
  void pushInt(int64_t v);
  void pushDouble(double d);
  void pushString(std::string_view s);
  void pushGlobal(std::string_view module, std::string_view name);
  void op(uint8_t c) { out_.push_back(static_cast<char>(c)); }
  void put32(uint32_t v);
  // Emits a memo PUT for the value just written.
  void memoize(const void* identity);
  bool memoGet(const void* identity);

  PicklerOptions options_;
  std::string out_;
  absl::flat_hash_map<const void*, uint32_t> memo_;
  uint32_t nextMemo_ = 0;
  absl::flat_hash_map<const StorageImpl*, std::string> storageKeys_;
  std::vector<StorageRecord> storages_;
};

}  // namespace jitserve
