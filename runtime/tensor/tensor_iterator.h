// TensorIterator: the loop engine elementwise and reduction kernels run on.
//
// Given outputs (possibly undefined) and inputs, build():
//  1. broadcasts all inputs to one shape;
//  2. settles dtypes: the common dtype by type promotion (or a declared one),
//     casting inputs to it when asked; undefined outputs are allocated with
//     the broadcast shape (keeping the inputs' memory order, as PyTorch does)
//     and the output dtype; a defined output of another dtype gets a
//     temporary that is copied back after the loop;
//  3. orders dimensions so the innermost has the smallest strides and merges
//     dimensions that are contiguous with each other (a contiguous [8, 16, 32]
//     problem becomes one loop of 4096).
// for_each(loop) then calls
//     loop(char** data, const int64_t* strides, int64_t n)
// over chunks of the innermost dimension: data[k] points at operand k's first
// element of the chunk, strides[k] is its step in BYTES, n the chunk length.
// Operands are numbered outputs first, then inputs. Above kGrainSize
// elements the chunks run on the intra-op pool, so loop must only write
// elementwise through data (no shared accumulators).
//
// Reductions: mark the config is_reduction(true) and pass a defined output
// whose shape is the input's with size 1 in the reduced dims (see
// reduction_output_shape / make_reduction_output). The output is then
// broadcast with stride 0 along reduced dims; the kernel loop does
// `out[i*s0] = combine(out[i*s0], in[i*s1])` after filling the output with
// the identity. for_each never lets two threads write one output element:
// it splits only the outermost iteration dim, and only when that dim is not
// reduced (otherwise the reduction runs on the calling thread; kernels that
// need a parallel full reduction split the input themselves).
//
// Typed loops with a vectorizable contiguous fast path are in cpu_loops.h.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "runtime/support/function_ref.h"
#include "runtime/tensor/int_array_ref.h"
#include "runtime/tensor/parallel.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

class TensorIterator;

class TensorIteratorConfig {
 public:
  // Order matters: all outputs must be added before inputs. An undefined
  // output is allocated by build().
  TensorIteratorConfig& add_output(const Tensor& out);
  TensorIteratorConfig& add_input(const Tensor& in);
  // Compute the common dtype of the inputs by type promotion and cast inputs
  // that differ to it (default false: all operands must share one dtype).
  TensorIteratorConfig& promote_inputs_to_common_dtype(bool v) { promote_inputs_ = v; return *this; }
  // With promotion: false computes common_dtype() but leaves inputs in their
  // own dtypes, for kernels that convert while loading (default true).
  TensorIteratorConfig& cast_inputs_to_common_dtype(bool v) { cast_inputs_ = v; return *this; }
  // With promotion: an integral/bool common dtype becomes the default float
  // dtype (true division, sqrt, ...).
  TensorIteratorConfig& promote_integer_inputs_to_float(bool v) { int_to_float_ = v; return *this; }
  // A defined output whose dtype differs from the computed one gets a
  // temporary and a copy back, instead of an error.
  TensorIteratorConfig& cast_common_dtype_to_outputs(bool v) { cast_to_outputs_ = v; return *this; }
  // With cast_common_dtype_to_outputs: reject casts that lower the category
  // ("result type Float can't be cast to the desired output type Long").
  // Default true.
  TensorIteratorConfig& enforce_safe_casting_to_output(bool v) { safe_cast_ = v; return *this; }
  // Fixes the computing dtype: inputs of another dtype are cast (or rejected
  // when not promoting). Skips type promotion.
  TensorIteratorConfig& declare_static_dtype(ScalarType t) { static_dtype_ = t; return *this; }
  // Dtype for allocated outputs when it differs from the common dtype (e.g.
  // Bool for comparisons).
  TensorIteratorConfig& set_output_dtype(ScalarType t) { output_dtype_ = t; return *this; }
  // A defined output of the wrong shape is resized (out= semantics) unless it
  // aliases an input. Default true; false makes it an error.
  TensorIteratorConfig& resize_outputs(bool v) { resize_outputs_ = v; return *this; }
  // Reject outputs with internally overlapping elements and outputs that
  // partially overlap an input. Default true.
  TensorIteratorConfig& check_mem_overlap(bool v) { check_overlap_ = v; return *this; }
  TensorIteratorConfig& is_reduction(bool v) { reduction_ = v; return *this; }
  // Without promotion, require all operands to share one dtype (default
  // true). False lets operands keep their own dtypes (copy_ converts in its
  // loop); undefined outputs then get set_output_dtype or the first input's.
  TensorIteratorConfig& check_all_same_dtype(bool v) { check_same_dtype_ = v; return *this; }
  // Name used in error messages ("add: ...").
  TensorIteratorConfig& name(const char* n) { name_ = n; return *this; }

  TensorIterator build();

 private:
  friend class TensorIterator;
  absl::InlinedVector<Tensor, 4> tensors_;
  int noutputs_ = 0;
  bool inputs_started_ = false;
  bool promote_inputs_ = false;
  bool cast_inputs_ = true;
  bool int_to_float_ = false;
  bool cast_to_outputs_ = false;
  bool safe_cast_ = true;
  bool resize_outputs_ = true;
  bool check_overlap_ = true;
  bool reduction_ = false;
  bool check_same_dtype_ = true;
  std::optional<ScalarType> static_dtype_;
  std::optional<ScalarType> output_dtype_;
  const char* name_ = "TensorIterator";
};

class TensorIterator {
 public:
  using loop_t = FunctionRef<void(char** data, const int64_t* strides, int64_t n)>;
  static constexpr int kMaxOperands = 8;

  // Common configurations.
  // out = f(a, b) with promotion; out may be undefined (allocated).
  static TensorIterator binary_op(Tensor& out, const Tensor& a, const Tensor& b, const char* name = "binary op");
  // Like binary_op, with integer inputs promoted to float (true division).
  static TensorIterator binary_float_op(Tensor& out, const Tensor& a, const Tensor& b, const char* name = "binary op");
  // out (Bool unless given) = cmp(a, b) computed in the common dtype.
  static TensorIterator comparison_op(Tensor& out, const Tensor& a, const Tensor& b, const char* name = "comparison op");
  // out = f(a) in a's dtype.
  static TensorIterator unary_op(Tensor& out, const Tensor& a, const char* name = "unary op");
  // out = f(a) in float (integer inputs promoted), e.g. exp, sqrt.
  static TensorIterator unary_float_op(Tensor& out, const Tensor& a, const char* name = "unary op");

  int ntensors() const { return ntensors_; }
  int noutputs() const { return noutputs_; }
  int ninputs() const { return ntensors_ - noutputs_; }
  // Tensors as seen by the loop (possibly temporaries / cast copies).
  const Tensor& tensor(int k) const { return operands_[k].tensor; }
  // The user's output (the one passed in or allocated), after for_each.
  const Tensor& output(int k = 0) const { return operands_[k].original.defined() ? operands_[k].original : operands_[k].tensor; }
  const Tensor& input(int k = 0) const { return operands_[noutputs_ + k].tensor; }
  ScalarType dtype(int k = 0) const { return operands_[k].tensor.dtype(); }
  ScalarType input_dtype(int k = 0) const { return dtype(noutputs_ + k); }
  ScalarType common_dtype() const { return common_dtype_; }

  // Broadcast shape in the tensors' dim order (before reordering).
  IntArrayRef shape() const { return shape_; }
  int64_t numel() const { return numel_; }
  // Dims after coalescing (innermost first).
  int ndim() const { return static_cast<int>(iter_shape_.size()); }
  // Size of iteration dim d (0 = innermost) and the byte strides of every
  // operand along it (ntensors() values), for kernels with their own tiling.
  int64_t iter_size(int d) const { return iter_shape_[d]; }
  const int64_t* iter_strides(int d) const { return strides_.data() + static_cast<size_t>(d) * ntensors_; }
  // Address of operand k's first element.
  char* data_ptr(int k) const { return operands_[k].data; }
  // True when every operand is contiguous in iteration order: one loop of
  // numel() with strides equal to the element sizes (or 0 for broadcast
  // scalars) covers everything.
  bool is_contiguous() const;
  // Operand k is a single element broadcast everywhere (all strides 0).
  bool is_scalar(int k) const;

  // Runs loop over all elements, in parallel above `grain` elements, then
  // writes temporaries back into the user's outputs. `chunk_end`, when
  // given, runs on each thread after its share (a store fence after
  // streaming stores, once per thread rather than once per loop call).
  void for_each(loop_t loop, int64_t grain = kGrainSize, void (*chunk_end)() = nullptr);
  // Runs loop over the linear element range [begin, end) on this thread (no
  // write-back).
  void serial_for_each(loop_t loop, int64_t begin, int64_t end) const;
  // Copies output temporaries back; for_each calls it. Idempotent.
  void finish();

 private:
  friend class TensorIteratorConfig;
  struct Operand {
    Tensor tensor;    // what the loop reads/writes
    Tensor original;  // the user's output when `tensor` is a temporary
    char* data = nullptr;
    bool is_output = false;
    bool needs_writeback = false;
  };

  void build(TensorIteratorConfig& config);
  void compute_shape(TensorIteratorConfig& config);
  void compute_dtypes(TensorIteratorConfig& config);
  void compute_strides_and_order(TensorIteratorConfig& config);
  void allocate_outputs(TensorIteratorConfig& config);
  void coalesce();
  void check_overlap(TensorIteratorConfig& config) const;

  absl::InlinedVector<Operand, 4> operands_;
  int ntensors_ = 0;
  int noutputs_ = 0;
  bool reduction_ = false;
  bool finished_ = false;
  ScalarType common_dtype_ = ScalarType::Undefined;
  DimVector shape_;       // broadcast shape, original dim order
  int64_t numel_ = 0;
  DimVector perm_;        // iteration dim i (innermost first) -> original dim
  DimVector iter_shape_;  // sizes in iteration order, after coalescing
  // strides_[d * ntensors_ + k]: byte stride of operand k in iteration dim d.
  absl::InlinedVector<int64_t, 4 * kInlineDims> strides_;
};

// Reduction helpers: the keepdim shape of reducing `input_sizes` over `dims`
// (empty dims = all), and an output tensor of that shape (or with the dims
// removed when !keepdim, returned as `result` viewing the same storage).
DimVector reduction_output_shape(IntArrayRef input_sizes, IntArrayRef dims);
// Returns the keepdim-shaped tensor to pass to TensorIterator; `result` is set
// to the user-visible result (same storage, reduced dims squeezed if !keepdim).
Tensor make_reduction_output(const Tensor& input, IntArrayRef dims, bool keepdim, ScalarType dtype, Tensor& result);

}  // namespace jitserve
