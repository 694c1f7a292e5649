#include "compiler/serialization/zip_storage_loader.h"

#include "runtime/support/error.h"

namespace jitserve {

Storage ZipStorageLoader::load(const StorageRecordRef& ref) {
  uint64_t need = 0;
  JS_CHECK(ref.numel >= 0 && !__builtin_mul_overflow(static_cast<uint64_t>(ref.numel), elementSize(ref.dtype), &need),
           "storage '", ref.key, "': bad element count ", ref.numel);
  auto it = cache_.find(ref.key);
  if (it == cache_.end()) {
    const std::string record = folder_ + ref.key;
    const ZipEntryInfo* entry = reader_.findRecord(record);
    JS_CHECK(entry != nullptr, "storage record '", reader_.prefix(), record, "' is missing from archive '",
             reader_.displayName(), "'");
    // Refuse a short record before reading it.
    JS_CHECK(entry->size >= need, "storage record '", entry->name, "' holds ", entry->size, " bytes, fewer than the ",
             need, " that ", ref.numel, " ", scalarTypeName(ref.dtype), " elements need");
    absl::StatusOr<AlignedBuffer> buf = reader_.readEntry(*entry);
    if (!buf.ok()) throw Error(std::string(buf.status().message()), buf.status().code());
    const size_t nbytes = buf->size();
    void* data = buf->release();
    // An empty record has no memory; the Storage is then empty but defined.
    Storage s = Storage::wrap(DataPtr(data, data, data ? &AlignedBuffer::freeFn : nullptr, Device::cpu()), nbytes);
    it = cache_.emplace(ref.key, std::move(s)).first;
  }
  JS_CHECK(it->second.nbytes() >= need, "storage record '", reader_.prefix(), folder_, ref.key, "' holds ",
           it->second.nbytes(), " bytes, fewer than the ", need, " that ", ref.numel, " ",
           scalarTypeName(ref.dtype), " elements need");
  return it->second;
}

}  // namespace jitserve
