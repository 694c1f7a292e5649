#include "runtime/ops/nested_tensor.h"

#include <mutex>

#include "absl/container/flat_hash_map.h"
#include "runtime/core/op_call.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/support/error.h"

namespace jitserve::ops {

namespace {

// Lengths by the address of a nested tensor's memory. An entry is erased
// when that memory's storage dies, before the memory is freed, so an address
// is never reused while its entry exists.
struct Registry {
  std::mutex mu;
  absl::flat_hash_map<const void*, std::shared_ptr<const std::vector<int64_t>>> lengths;
};

Registry& registry() {
  static Registry* r = new Registry();  // outlives every tensor
  return *r;
}

}  // namespace

namespace {
// (B, S, 1, ...) Bool, true at the positions past each sequence's length.
Tensor paddingPositions(const Tensor& padded, const std::vector<int64_t>& lengths) {
  DimVector shape(static_cast<size_t>(padded.dim()), 1);
  shape[0] = padded.size(0);
  shape[1] = padded.size(1);
  Tensor mask = zeros(shape, ScalarType::Bool);
  bool* m = mask.data<bool>();
  for (size_t b = 0; b < lengths.size(); ++b) {
    for (int64_t j = lengths[b]; j < padded.size(1); ++j) m[static_cast<int64_t>(b) * padded.size(1) + j] = true;
  }
  return mask;
}
}  // namespace

Tensor makeNested(const Tensor& padded, std::vector<int64_t> lengths) {
  JS_CHECK(padded.dim() >= 2, "a nested tensor needs (batch, sequence, ...) data, got ", padded.dim(), "-D");
  JS_CHECK(static_cast<int64_t>(lengths.size()) == padded.size(0), "nested tensor: ", lengths.size(),
           " lengths for a batch of ", padded.size(0));
  for (size_t b = 0; b < lengths.size(); ++b) {
    JS_CHECK(lengths[b] >= 0 && lengths[b] <= padded.size(1), "nested tensor: sequence length ", lengths[b],
             " outside [0, ", padded.size(1), "]");
  }
  Tensor data;
  if (padded.is_cpu()) {
    data = padded.contiguous().clone();
    for (size_t b = 0; b < lengths.size(); ++b) {
      if (lengths[b] < padded.size(1))
        data.select(0, static_cast<int64_t>(b)).narrow(0, lengths[b], padded.size(1) - lengths[b]).zero_();
    }
  } else {
    // On a device: the padding positions as a host mask, zeroed there by the
    // device's masked_fill (its result is fresh and contiguous).
    const Tensor positions = toDevice(paddingPositions(padded, lengths), padded.device());
    data = callOp<"aten::masked_fill.Scalar", Tensor>(padded, positions, IValue(Scalar(int64_t{0})));
  }
  Storage inner = data.storage();
  void* address = inner.data();
  // The wrapping storage keeps `inner` (the memory) alive and unregisters
  // the address when it dies.
  Storage nested = Storage::wrap(DataPtr::withCleanup(
                                     address,
                                     [inner, address]() mutable {
                                       {
                                         std::lock_guard<std::mutex> lock(registry().mu);
                                         registry().lengths.erase(address);
                                       }
                                       inner = Storage();
                                     },
                                     inner.device()),
                                 inner.nbytes());
  {
    std::lock_guard<std::mutex> lock(registry().mu);
    registry().lengths[address] = std::make_shared<const std::vector<int64_t>>(std::move(lengths));
  }
  return Tensor::fromStorage(nested, data.dtype(), data.sizes(), data.strides(), 0);
}

std::shared_ptr<const std::vector<int64_t>> nestedLengths(const Tensor& t) {
  if (!t.defined() || t.dim() < 2 || t.storage_offset() != 0) return nullptr;
  const void* address = t.storage().data();
  if (!address) return nullptr;
  std::lock_guard<std::mutex> lock(registry().mu);
  auto it = registry().lengths.find(address);
  if (it == registry().lengths.end() || static_cast<int64_t>(it->second->size()) != t.size(0)) return nullptr;
  return it->second;
}

}  // namespace jitserve::ops
