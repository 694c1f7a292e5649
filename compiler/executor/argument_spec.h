// ArgumentSpec: the properties of a call's inputs that a plan is specialized
// on, as a compact key for the GraphExecutor's plan cache.
//
// For every Tensor among the inputs, directly or nested in tuples (at any
// depth), it records: defined, dtype, rank, requires_grad and device. Every
// other input contributes only its kind (None, int, list, ...), and tuples
// their arity, so an Optional[Tensor] that is None and one that holds a
// tensor get different specs. Sizes are not recorded: a plan serves every
// shape of the same rank.
//
// Representation: one 64-bit word per leaf or tuple, packed, with a hash
// computed once at construction. Inputs up to 8 words need no allocation.
// Equality compares the words; hashing returns the cached hash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "absl/container/inlined_vector.h"
#include "runtime/core/ivalue.h"

namespace jitserve {

class ArgumentSpec {
 public:
  // What one word describes.
  enum class Kind : uint8_t { Tensor, Tuple, None, Int, Double, Bool, String, List, Dict, Object, Other };

  struct TensorInfo {
    bool defined;
    ScalarType dtype;
    uint32_t dim;
    bool requiresGrad;
    Device device;
  };

  ArgumentSpec() = default;
  // The spec of these call inputs.
  static ArgumentSpec compute(std::span<const IValue> inputs);

  size_t hash() const { return hash_; }
  size_t numWords() const { return words_.size(); }
  Kind kindAt(size_t i) const { return static_cast<Kind>(words_[i] & 0xff); }
  // Arity of the tuple word i.
  size_t tupleSizeAt(size_t i) const { return static_cast<size_t>(words_[i] >> 8); }
  TensorInfo tensorAt(size_t i) const;
  // The tensors in input order (tuples flattened depth-first).
  size_t numTensors() const { return numTensors_; }

  // "[Float(dim=2, cpu), (int, Tensor(undefined)), None]", for stats and logs.
  std::string str() const;

  friend bool operator==(const ArgumentSpec& a, const ArgumentSpec& b) {
    return a.hash_ == b.hash_ && a.words_ == b.words_;
  }
  friend bool operator!=(const ArgumentSpec& a, const ArgumentSpec& b) { return !(a == b); }

  template <typename H>
  friend H AbslHashValue(H h, const ArgumentSpec& s) {
    return H::combine(std::move(h), s.hash_);
  }

 private:
  void add(const IValue& v);
  absl::InlinedVector<uint64_t, 8> words_;
  size_t hash_ = 0;
  size_t numTensors_ = 0;
};

struct ArgumentSpecHash {
  size_t operator()(const ArgumentSpec& s) const { return s.hash(); }
};

// The input type a plan's graph gets for a value described by spec words
// starting at `word` (advanced past it): a refined TensorType for tensors,
// a tuple of refined types for tuples, and `declared` otherwise.
TypePtr refinedInputType(const ArgumentSpec& spec, size_t& word, const TypePtr& declared);

}  // namespace jitserve
