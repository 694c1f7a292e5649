#include "runtime/tensor/tensor_iterator.h"

#include <algorithm>

#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve {

// ---------------------------------------------------------------- config

TensorIteratorConfig& TensorIteratorConfig::add_output(const Tensor& out) {
  JS_INTERNAL_ASSERT(!inputs_started_, "TensorIterator: add outputs before inputs");
  tensors_.push_back(out);
  ++noutputs_;
  return *this;
}

TensorIteratorConfig& TensorIteratorConfig::add_input(const Tensor& in) {
  JS_CHECK(in.defined(), name_, ": input ", tensors_.size() - noutputs_, " is an undefined tensor");
  inputs_started_ = true;
  tensors_.push_back(in);
  return *this;
}

TensorIterator TensorIteratorConfig::build() {
  TensorIterator it;
  it.build(*this);
  return it;
}

// ---------------------------------------------------------------- build

void TensorIterator::build(TensorIteratorConfig& config) {
  ntensors_ = static_cast<int>(config.tensors_.size());
  noutputs_ = config.noutputs_;
  reduction_ = config.reduction_;
  JS_INTERNAL_ASSERT(ntensors_ <= kMaxOperands, "TensorIterator: too many operands (", ntensors_, ")");
  JS_INTERNAL_ASSERT(noutputs_ >= 1, "TensorIterator: needs an output");
  operands_.resize(ntensors_);
  for (int k = 0; k < ntensors_; ++k) {
    operands_[k].tensor = config.tensors_[k];
    operands_[k].is_output = k < noutputs_;
  }
  for (int k = 0; k < ntensors_; ++k)
    JS_CHECK(!operands_[k].tensor.defined() || operands_[k].tensor.is_cpu(), config.name_,
             ": expected CPU tensors, got a tensor on ", operands_[k].tensor.device().str());
  compute_shape(config);
  compute_dtypes(config);
  compute_strides_and_order(config);
  if (config.check_overlap_) check_overlap(config);
  for (auto& op : operands_) op.data = static_cast<char*>(op.tensor.data_ptr());
  coalesce();
}

void TensorIterator::compute_shape(TensorIteratorConfig& config) {
  const int nin = ntensors_ - noutputs_;
  if (reduction_) {
    JS_INTERNAL_ASSERT(nin == 1 && noutputs_ >= 1, "reductions take one input");
    const Tensor& in = operands_[noutputs_].tensor;
    shape_.assign(in.sizes().begin(), in.sizes().end());
    for (int k = 0; k < noutputs_; ++k) {
      const Tensor& out = operands_[k].tensor;
      JS_INTERNAL_ASSERT(out.defined(), "reduction outputs must be allocated (make_reduction_output)");
      JS_INTERNAL_ASSERT(out.dim() == in.dim() && is_expandable_to(out.sizes(), shape_), "reduction output shape ",
                         shapeToString(out.sizes()), " vs input ", shapeToString(shape_));
    }
  } else if (nin == 0) {
    const Tensor& out = operands_[0].tensor;
    JS_INTERNAL_ASSERT(out.defined(), "TensorIterator without inputs needs a defined output");
    shape_.assign(out.sizes().begin(), out.sizes().end());
  } else {
    // Outputs that cannot be resized (in-place, or resize_outputs off) take
    // part in the broadcast and must come out with their own shape.
    auto fixed = [&](int k) {
      const Tensor& out = operands_[k].tensor;
      if (!out.defined()) return false;
      if (!config.resize_outputs_) return true;
      for (int j = noutputs_; j < ntensors_; ++j)
        if (operands_[j].tensor.is_same(out)) return true;
      return false;
    };
    shape_.assign(operands_[noutputs_].tensor.sizes().begin(), operands_[noutputs_].tensor.sizes().end());
    for (int k = noutputs_ + 1; k < ntensors_; ++k) {
      IntArrayRef s = operands_[k].tensor.sizes();
      if (IntArrayRef(shape_) != s) shape_ = infer_size(shape_, s);
    }
    for (int k = 0; k < noutputs_; ++k) {
      Tensor& out = operands_[k].tensor;
      if (!out.defined() || IntArrayRef(out.sizes()) == IntArrayRef(shape_)) continue;
      if (fixed(k)) {
        const DimVector b = infer_size(out.sizes(), shape_);
        JS_CHECK(IntArrayRef(b) == IntArrayRef(out.sizes()), "output with shape ", shapeToString(out.sizes()),
                 " doesn't match the broadcast shape ", shapeToString(b));
        shape_ = b;
      }
    }
    for (int k = 0; k < noutputs_; ++k) {
      Tensor& out = operands_[k].tensor;
      if (out.defined() && IntArrayRef(out.sizes()) != IntArrayRef(shape_)) {
        JS_CHECK(!fixed(k), "output with shape ", shapeToString(out.sizes()), " doesn't match the broadcast shape ",
                 shapeToString(shape_));
        out.resize_(shape_);
      }
    }
  }
  numel_ = 1;
  for (int64_t s : shape_) numel_ *= s;
}

void TensorIterator::compute_dtypes(TensorIteratorConfig& config) {
  const char* name = config.name_;
  const int nin = ntensors_ - noutputs_;
  ScalarType common;
  if (config.static_dtype_) {
    common = *config.static_dtype_;
  } else if (config.promote_inputs_ && nin > 0) {
    ResultTypeState st;
    for (int k = noutputs_; k < ntensors_; ++k) st = update_result_type_state(operands_[k].tensor, st);
    common = result_type(st);
  } else if (nin > 0) {
    common = operands_[noutputs_].tensor.dtype();
  } else {
    common = operands_[0].tensor.dtype();
  }
  if (config.int_to_float_ && isIntegralType(common, true)) common = kDefaultDtype;
  common_dtype_ = common;

  const bool cast_inputs = config.promote_inputs_ || (config.static_dtype_ && !config.check_same_dtype_);
  for (int k = noutputs_; k < ntensors_ && (config.cast_inputs_ || !config.promote_inputs_); ++k) {
    Tensor& t = operands_[k].tensor;
    if (t.dtype() == common) continue;
    if (cast_inputs) {
      t = t.to(common);
    } else if (config.check_same_dtype_ || config.static_dtype_) {
      JS_ERROR(name, ": expected all tensors to have the same dtype, but got ", scalarTypeName(common), " and ",
               scalarTypeName(t.dtype()));
    }
  }

  const bool dtype_free_outputs = !config.check_same_dtype_ && !config.promote_inputs_ && !config.static_dtype_;
  for (int k = 0; k < noutputs_; ++k) {
    Operand& op = operands_[k];
    const ScalarType want = config.output_dtype_.value_or(common);
    if (!op.tensor.defined()) continue;  // allocated with `want` later
    if (reduction_) continue;            // the kernel allocated it with the dtype it accumulates in
    if (op.tensor.dtype() == want || dtype_free_outputs) continue;
    JS_CHECK(config.cast_to_outputs_, name, ": expected the output to have dtype ", scalarTypeName(want),
             " but got ", scalarTypeName(op.tensor.dtype()));
    JS_CHECK(!config.safe_cast_ || canCast(want, op.tensor.dtype()), "result type ", scalarTypeName(want),
             " can't be cast to the desired output type ", scalarTypeName(op.tensor.dtype()));
    // Compute into a temporary of `want`, copied back in finish().
    op.original = op.tensor;
    op.needs_writeback = true;
    op.tensor = Tensor();
  }
}

void TensorIterator::compute_strides_and_order(TensorIteratorConfig& config) {
  const int64_t n = static_cast<int64_t>(shape_.size());
  const int nt = ntensors_;
  // Byte strides of each defined operand in the broadcast shape.
  strides_.assign(static_cast<size_t>(std::max<int64_t>(n, 1) * nt), 0);
  auto operand_strides = [&](int k) {
    const Tensor& t = operands_[k].tensor;
    const int64_t off = n - t.dim();
    const int64_t item = static_cast<int64_t>(t.itemsize());
    for (int64_t d = 0; d < n; ++d) {
      int64_t s = 0;
      if (d >= off) {
        const int64_t td = d - off;
        if (!(t.sizes()[td] == 1 && shape_[d] != 1)) s = t.strides()[td] * item;
      }
      strides_[d * nt + k] = s;  // indexed by original dim for now
    }
  };
  for (int k = 0; k < nt; ++k)
    if (operands_[k].tensor.defined()) operand_strides(k);

  // Iteration order, innermost first: reversed dims, then stably sorted by
  // strides so the loop walks memory forward when inputs are permuted.
  perm_.resize(n);
  for (int64_t i = 0; i < n; ++i) perm_[i] = n - 1 - i;
  bool all_contiguous = true;
  for (int k = 0; k < nt; ++k)
    if (operands_[k].tensor.defined() && !operands_[k].tensor.is_contiguous()) all_contiguous = false;
  if (!all_contiguous && n > 1) {
    // -1: d0 should stay inner of d1; 1: swap; 0: no opinion.
    auto cmp = [&](int64_t d0, int64_t d1) -> int {
      for (int k = 0; k < nt; ++k) {
        if (!operands_[k].tensor.defined()) continue;
        const int64_t s0 = strides_[d0 * nt + k], s1 = strides_[d1 * nt + k];
        if (s0 == 0 || s1 == 0) continue;
        if (s0 < s1) return -1;
        if (s0 > s1) return 1;
        if (shape_[d0] > shape_[d1]) return 1;
      }
      return 0;
    };
    for (int64_t i = 1; i < n; ++i) {
      int64_t d1 = i;
      for (int64_t d0 = i - 1; d0 >= 0; --d0) {
        const int c = cmp(perm_[d0], perm_[d1]);
        if (c > 0) {
          std::swap(perm_[d0], perm_[d1]);
          d1 = d0;
        } else if (c < 0) {
          break;
        }
      }
    }
  }

  // Allocate missing outputs dense in iteration order (row-major when the
  // inputs are), so `t.t() + 1` comes out transposed like in PyTorch.
  bool identity = true;
  for (int64_t i = 0; i < n; ++i) identity &= perm_[i] == n - 1 - i;
  for (int k = 0; k < noutputs_; ++k) {
    Operand& op = operands_[k];
    if (op.tensor.defined()) continue;
    const ScalarType dt = config.output_dtype_.value_or(common_dtype_);
    if (identity) {
      op.tensor = empty(shape_, dt);
    } else {
      DimVector st(n);
      int64_t s = 1;
      for (int64_t i = 0; i < n; ++i) {
        st[perm_[i]] = s;
        s *= std::max<int64_t>(shape_[perm_[i]], 1);
      }
      op.tensor = empty_strided(shape_, st, dt);
    }
    operand_strides(k);
  }

  // Permute everything into iteration order.
  iter_shape_.resize(n);
  absl::InlinedVector<int64_t, 4 * kInlineDims> permuted(strides_.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    iter_shape_[i] = shape_[perm_[i]];
    for (int k = 0; k < nt; ++k) permuted[i * nt + k] = strides_[perm_[i] * nt + k];
  }
  strides_ = std::move(permuted);
}

void TensorIterator::coalesce() {
  const int nt = ntensors_;
  const int64_t n = static_cast<int64_t>(iter_shape_.size());
  if (n <= 1) return;
  auto can_merge = [&](int64_t d0, int64_t d1) {
    if (iter_shape_[d0] == 1 || iter_shape_[d1] == 1) return true;
    for (int k = 0; k < nt; ++k)
      if (iter_shape_[d0] * strides_[d0 * nt + k] != strides_[d1 * nt + k]) return false;
    return true;
  };
  int64_t prev = 0;
  for (int64_t d = 1; d < n; ++d) {
    if (can_merge(prev, d)) {
      if (iter_shape_[prev] == 1)
        for (int k = 0; k < nt; ++k) strides_[prev * nt + k] = strides_[d * nt + k];
      iter_shape_[prev] *= iter_shape_[d];
    } else {
      ++prev;
      if (prev != d) {
        iter_shape_[prev] = iter_shape_[d];
        for (int k = 0; k < nt; ++k) strides_[prev * nt + k] = strides_[d * nt + k];
      }
    }
  }
  iter_shape_.resize(prev + 1);
  strides_.resize((prev + 1) * nt);
}

namespace {
// [lo, hi) byte range an operand touches; empty when it has no elements.
std::pair<uintptr_t, uintptr_t> memRange(const Tensor& t) {
  if (t.numel() == 0) return {0, 0};
  int64_t last = 0;
  for (int64_t d = 0; d < t.dim(); ++d) last += (t.sizes()[d] - 1) * t.strides()[d];
  const uintptr_t lo = reinterpret_cast<uintptr_t>(t.data_ptr());
  return {lo, lo + static_cast<uintptr_t>((last + 1) * static_cast<int64_t>(t.itemsize()))};
}
}  // namespace

void TensorIterator::check_overlap(TensorIteratorConfig& config) const {
  for (int k = 0; k < noutputs_; ++k) {
    const Tensor& out = operands_[k].original.defined() ? operands_[k].original : operands_[k].tensor;
    if (!reduction_) {
      for (int64_t d = 0; d < out.dim(); ++d)
        JS_CHECK(!(out.strides()[d] == 0 && out.sizes()[d] > 1),
                 "unsupported operation: more than one element of the written-to tensor refers to a single memory "
                 "location. Please clone() the tensor before performing the operation.");
    }
    const auto [olo, ohi] = memRange(out);
    for (int j = noutputs_; j < ntensors_; ++j) {
      const Tensor& in = operands_[j].tensor;
      if (!in.storage().is_same(out.storage())) continue;
      const bool same_view = in.data_ptr() == out.data_ptr() && IntArrayRef(in.sizes()) == IntArrayRef(out.sizes()) &&
                             IntArrayRef(in.strides()) == IntArrayRef(out.strides());
      if (same_view) continue;  // in-place: each element reads then writes itself
      const auto [ilo, ihi] = memRange(in);
      JS_CHECK(ihi <= olo || ohi <= ilo,
               "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
               "single memory location. Please clone() the tensor before performing the operation.");
    }
  }
}

// ---------------------------------------------------------------- running

bool TensorIterator::is_contiguous() const {
  if (iter_shape_.size() > 1) return false;
  if (iter_shape_.empty()) return true;
  for (int k = 0; k < ntensors_; ++k)
    if (strides_[k] != static_cast<int64_t>(operands_[k].tensor.itemsize())) return false;
  return true;
}

bool TensorIterator::is_scalar(int k) const {
  for (size_t d = 0; d < iter_shape_.size(); ++d)
    if (iter_shape_[d] != 1 && strides_[d * ntensors_ + k] != 0) return false;
  return true;
}

void TensorIterator::serial_for_each(loop_t loop, int64_t begin, int64_t end) const {
  const int nt = ntensors_;
  char* ptrs[kMaxOperands];
  const int64_t n = static_cast<int64_t>(iter_shape_.size());
  if (begin >= end) return;
  if (n == 0) {
    const int64_t zeros[kMaxOperands] = {};
    for (int k = 0; k < nt; ++k) ptrs[k] = operands_[k].data;
    loop(ptrs, zeros, 1);
    return;
  }
  const int64_t* inner = strides_.data();
  if (n == 1) {
    for (int k = 0; k < nt; ++k) ptrs[k] = operands_[k].data + begin * inner[k];
    loop(ptrs, inner, end - begin);
    return;
  }
  int64_t counter[64];
  JS_INTERNAL_ASSERT(n <= 64, "too many dims");
  int64_t idx = begin;
  for (int64_t d = 0; d < n; ++d) {
    counter[d] = idx % iter_shape_[d];
    idx /= iter_shape_[d];
  }
  while (begin < end) {
    const int64_t len = std::min(iter_shape_[0] - counter[0], end - begin);
    for (int k = 0; k < nt; ++k) {
      char* p = operands_[k].data;
      for (int64_t d = 0; d < n; ++d) p += counter[d] * strides_[d * nt + k];
      ptrs[k] = p;
    }
    loop(ptrs, inner, len);
    begin += len;
    counter[0] += len;
    for (int64_t d = 0; d < n - 1 && counter[d] == iter_shape_[d]; ++d) {
      counter[d] = 0;
      ++counter[d + 1];
    }
  }
}

void TensorIterator::for_each(loop_t loop, int64_t grain, void (*chunk_end)()) {
  auto run = [&](int64_t b, int64_t e) {
    serial_for_each(loop, b, e);
    if (chunk_end) chunk_end();
  };
  if (numel_ > 0) {
    if (numel_ < grain || get_num_threads() <= 1 || in_parallel_region()) {
      run(0, numel_);
    } else if (!reduction_) {
      parallel_for(0, numel_, grain, run);
    } else {
      // Split only along the outermost dim, and only when it is not reduced,
      // so each output element is written by one thread.
      const int64_t outer = static_cast<int64_t>(iter_shape_.size()) - 1;
      bool outer_reduced = false;
      for (int k = 0; k < noutputs_; ++k) outer_reduced |= strides_[outer * ntensors_ + k] == 0;
      const int64_t outer_size = iter_shape_[outer];
      if (outer_reduced || outer_size < 2 || outer == 0) {
        run(0, numel_);
      } else {
        const int64_t inner = numel_ / outer_size;
        parallel_for(0, outer_size, std::max<int64_t>(1, grain / inner),
                     [&](int64_t b, int64_t e) { run(b * inner, e * inner); });
      }
    }
  }
  finish();
}

void TensorIterator::finish() {
  if (finished_) return;
  finished_ = true;
  for (int k = 0; k < noutputs_; ++k) {
    Operand& op = operands_[k];
    if (op.needs_writeback) {
      op.original.copy_(op.tensor);
      op.needs_writeback = false;
    }
  }
}

// ---------------------------------------------------------------- presets

TensorIterator TensorIterator::binary_op(Tensor& out, const Tensor& a, const Tensor& b, const char* name) {
  TensorIterator it = TensorIteratorConfig()
                          .name(name)
                          .add_output(out)
                          .add_input(a)
                          .add_input(b)
                          .promote_inputs_to_common_dtype(true)
                          .cast_common_dtype_to_outputs(true)
                          .build();
  if (!out.defined()) out = it.output();
  return it;
}

TensorIterator TensorIterator::binary_float_op(Tensor& out, const Tensor& a, const Tensor& b, const char* name) {
  TensorIterator it = TensorIteratorConfig()
                          .name(name)
                          .add_output(out)
                          .add_input(a)
                          .add_input(b)
                          .promote_inputs_to_common_dtype(true)
                          .promote_integer_inputs_to_float(true)
                          .cast_common_dtype_to_outputs(true)
                          .build();
  if (!out.defined()) out = it.output();
  return it;
}

TensorIterator TensorIterator::comparison_op(Tensor& out, const Tensor& a, const Tensor& b, const char* name) {
  TensorIteratorConfig cfg;
  cfg.name(name)
      .add_output(out)
      .add_input(a)
      .add_input(b)
      .promote_inputs_to_common_dtype(true)
      .cast_common_dtype_to_outputs(true)
      .enforce_safe_casting_to_output(false)
      .set_output_dtype(ScalarType::Bool);
  TensorIterator it = cfg.build();
  if (!out.defined()) out = it.output();
  return it;
}

TensorIterator TensorIterator::unary_op(Tensor& out, const Tensor& a, const char* name) {
  TensorIterator it = TensorIteratorConfig()
                          .name(name)
                          .add_output(out)
                          .add_input(a)
                          .cast_common_dtype_to_outputs(true)
                          .build();
  if (!out.defined()) out = it.output();
  return it;
}

TensorIterator TensorIterator::unary_float_op(Tensor& out, const Tensor& a, const char* name) {
  TensorIterator it = TensorIteratorConfig()
                          .name(name)
                          .add_output(out)
                          .add_input(a)
                          .promote_inputs_to_common_dtype(true)
                          .promote_integer_inputs_to_float(true)
                          .cast_common_dtype_to_outputs(true)
                          .build();
  if (!out.defined()) out = it.output();
  return it;
}

// ---------------------------------------------------------------- reductions

DimVector reduction_output_shape(IntArrayRef input_sizes, IntArrayRef dims) {
  const int64_t n = static_cast<int64_t>(input_sizes.size());
  DimVector shape(input_sizes.begin(), input_sizes.end());
  if (dims.empty()) {
    for (auto& s : shape) s = 1;
    return shape;
  }
  uint64_t seen = 0;
  for (int64_t d : dims) {
    const int64_t w = maybe_wrap_dim(d, n);
    JS_CHECK(n == 0 || !((seen >> w) & 1), "dim ", w, " appears multiple times in the list of dims");
    if (n > 0) {
      seen |= uint64_t{1} << w;
      shape[w] = 1;
    }
  }
  return shape;
}

Tensor make_reduction_output(const Tensor& input, IntArrayRef dims, bool keepdim, ScalarType dtype, Tensor& result) {
  JS_CHECK(input.dim() <= 64, "reduction: too many dimensions (", input.dim(), ")");
  DimVector keep = reduction_output_shape(input.sizes(), dims);
  Tensor out = empty(keep, dtype);
  if (keepdim) {
    result = out;
  } else {
    DimVector squeezed;
    const int64_t n = input.dim();
    uint64_t reduced = 0;
    if (dims.empty()) {
      reduced = ~uint64_t{0};
    } else {
      for (int64_t d : dims)
        if (n > 0) reduced |= uint64_t{1} << maybe_wrap_dim(d, n);
    }
    for (int64_t d = 0; d < n; ++d)
      if (!((reduced >> d) & 1)) squeezed.push_back(keep[d]);
    result = out.view(squeezed);
  }
  return out;
}

}  // namespace jitserve
