// The restricted unpickler: pickle bytes (protocol 2, as torch.save and
// torch.jit.save write them) -> IValue, for untrusted input.
//
// A pickle is a small stack-machine program. Python's unpickler will call any
// global it names; this one resolves only the allow-list in pickle_globals.h,
// and maps each to fixed C++ behaviour: tensors are rebuilt over storages the
// caller loads (persistent ids), OrderedDict becomes a dict, torch.jit._pickle
// helpers type their lists, and `__torch__` classes become ObjectImpls through
// a caller-supplied resolver and state setter (the archive importer's hooks).
//
// Guarantees, whatever the input:
//   - no global outside the allow-list is ever resolved or called;
//   - memory is bounded: the value stack, memo, mark stack, container nesting
//     and the number of values created are capped by UnpicklerLimits, and a
//     length prefix is checked against the bytes remaining before anything is
//     allocated for it;
//   - the result is acyclic and nested at most maxNestingDepth deep: a
//     container may not be modified once it has been placed inside another
//     (torch never does that; self-references need it), so recursive code
//     walking the result cannot overflow the stack;
//   - every tensor lies inside its storage (Tensor::fromStorage checks);
//   - a malformed stream is an error naming the source, the byte offset and
//     the opcode ("forbidden global os.system in inputs/data.pkl at byte 12
//     (GLOBAL)"), never a crash.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"
#include "runtime/core/type_parser.h"
#include "runtime/tensor/storage.h"

namespace jitserve {

struct UnpicklerLimits {
  // Values on the stack at once (including those between marks).
  size_t maxStackSize = size_t{1} << 20;
  // Open MARKs at once.
  size_t maxMarkDepth = 4096;
  // Memo entries.
  size_t maxMemoSize = size_t{1} << 20;
  // Containers (lists, dicts, tuples, objects) inside each other.
  size_t maxNestingDepth = 512;
  // Values created plus container elements inserted, containers and tensors
  // counting 8 (they cost more), long dict keys more: bounds the memory and
  // work one input byte can cause (~16 bytes per unit).
  uint64_t maxValues = uint64_t{1} << 23;
  // Dimensions of one tensor.
  size_t maxTensorDims = 64;
};

// A persistent id of the standard form ('storage', <StorageClass>, key,
// location, numel), already checked by the unpickler.
struct StorageRecordRef {
  ScalarType dtype;
  std::string key;       // names the record: data/<key> in torch.save files
  std::string location;  // "cpu", "cuda:0": where it was saved (we load on CPU)
  int64_t numel;         // elements the storage holds (>= 0)
};

// Loads a storage; throws jitserve::Error when it cannot (missing or short
// record). Its nbytes() must be at least numel * elementSize(dtype); the
// unpickler checks. The same key may be asked for more than once (tensors
// sharing a storage); the loader should return the same Storage then.
using StorageLoader = std::function<Storage(const StorageRecordRef&)>;

// Maps a `__torch__` qualified name to its class, or nullptr when unknown.
using ClassResolver = std::function<std::shared_ptr<const ClassType>(const std::string& qualifiedName)>;

// Applies BUILD's state to a freshly created object (__setstate__). Throws
// jitserve::Error to refuse the state.
using ObjectStateSetter = std::function<void(const intrusive_ptr<ObjectImpl>& obj, IValue state)>;

struct UnpicklerOptions {
  // Names the pickle in errors, e.g. "inputs.pt: inputs/data.pkl".
  std::string sourceName = "<pickle>";
  UnpicklerLimits limits;
  // Null: persistent ids (tensor storages) are refused.
  StorageLoader loadStorage;
  // Null: every `__torch__` class is refused (torch.save files have none).
  ClassResolver resolveClass;
  // Null: the default, which takes a dict {attribute name: value} and sets
  // each attribute (what torch.jit.save writes for modules without
  // __getstate__).
  ObjectStateSetter setState;
  // Resolves class names inside restore_type_tag's type strings (Python
  // annotation syntax, see annotation_type_parser.h); null: classes refused.
  TypeResolver resolveType;
};

// Runs the pickle. The error status carries the message described above.
absl::StatusOr<IValue> unpickle(std::string_view data, const UnpicklerOptions& options);

// Same, throwing jitserve::Error; for callers that are themselves inside a
// throwing layer (the archive importer).
IValue unpickleOrThrow(std::string_view data, const UnpicklerOptions& options);

// The default ObjectStateSetter (exposed so a custom one can fall back on it).
void setObjectStateFromDict(const intrusive_ptr<ObjectImpl>& obj, IValue state);

}  // namespace jitserve
