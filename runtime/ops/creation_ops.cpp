// Tensor factories and conversions: zeros/ones/full/empty and their _like
// and new_ forms, arange/linspace/logspace/eye, torch.tensor from (nested)
// lists, dtype conversions (to, type_as), fill_/zero_/copy_, and
// tensor -> number conversions (item, Int, Float, Bool).
//
// Only CPU tensors exist here: a factory asked for another device fails with
// a clear error instead of silently allocating on the CPU.
#include "runtime/ops/creation_ops.h"

#include <cmath>

#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_args.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/dispatch.h"

namespace jitserve::ops {
namespace {

void checkCpu(const Args& a, size_t device_slot) {
  if (a.isNone(device_slot)) return;
  const IValue& v = a.at(device_slot);
  if (v.isDevice())
    JS_CHECK(v.toDevice().isCPU(), "device ", v.toDevice().str(), " is not available: jitserve runs on the CPU");
}

// Factory argument blocks: `first` is the slot of dtype, followed by layout,
// device, pin_memory (and memory_format for the _like forms).
ScalarType dtypeOr(const Args& a, size_t first, ScalarType dflt) {
  checkCpu(a, first + 2);
  return a.optScalarType(first).value_or(dflt);
}

Tensor fullOf(IntArrayRef size, const Scalar& v, ScalarType dt) {
  for (int64_t s : size) JS_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", shapeToString(size));
  return full(size, v, dt);
}

void k_zeros(Stack& s) {
  Args a(s, 5);
  a.ret(fullOf(a.intList(0), 0, dtypeOr(a, 1, kDefaultDtype)));
}
void k_ones(Stack& s) {
  Args a(s, 5);
  a.ret(fullOf(a.intList(0), 1, dtypeOr(a, 1, kDefaultDtype)));
}
void k_empty(Stack& s) {
  Args a(s, 6);
  std::vector<int64_t> size = a.intList(0);
  for (int64_t d : size) JS_CHECK(d >= 0, "Trying to create tensor with negative dimension ", d, ": ", shapeToString(size));
  a.ret(empty(size, dtypeOr(a, 1, kDefaultDtype)));
}
void k_full(Stack& s) {
  Args a(s, 6);
  checkCpu(a, 4);
  const Scalar v = a.scalar(1);
  // dtype unset: inferred from the fill value (int -> Long, bool -> Bool, float -> Float).
  a.ret(full(a.intList(0), v, a.optScalarType(2)));
}
void k_zeros_like(Stack& s) {
  Args a(s, 6);
  a.ret(zeros_like(a.tensor(0), a.optScalarType(1)));
}
void k_ones_like(Stack& s) {
  Args a(s, 6);
  a.ret(ones_like(a.tensor(0), a.optScalarType(1)));
}
void k_empty_like(Stack& s) {
  Args a(s, 6);
  // Uninitialized memory would make results irreproducible; zeros cost little.
  a.ret(zeros_like(a.tensor(0), a.optScalarType(1)));
}
void k_full_like(Stack& s) {
  Args a(s, 7);
  const Tensor& t = a.tensor(0);
  a.ret(full_like(t, a.scalar(1), a.optScalarType(2).value_or(t.dtype())));
}
template <int Fill>
void k_new_const(Stack& s) {
  Args a(s, 6);
  const Tensor& t = a.tensor(0);
  a.ret(fullOf(a.intList(1), Fill, a.optScalarType(2).value_or(t.dtype())));
}
void k_new_full(Stack& s) {
  Args a(s, 7);
  const Tensor& t = a.tensor(0);
  a.ret(fullOf(a.intList(1), a.scalar(2), a.optScalarType(3).value_or(t.dtype())));
}

void checkArange(double start, double end, double step) {
  JS_CHECK(step != 0, "step must be nonzero");
  JS_CHECK(std::isfinite(start) && std::isfinite(end), "unsupported range: ", start, " -> ", end);
  JS_CHECK((step > 0 && end >= start) || (step < 0 && end <= start), "upper bound and larger bound inconsistent with "
           "step sign");
}
void k_arange(Stack& s) {
  Args a(s, 5);
  checkArange(0, a.scalar(0).toDouble(), 1);
  a.ret(arange(a.scalar(0), a.optScalarType(1)));
}
void k_arange_start(Stack& s) {
  Args a(s, 6);
  checkArange(a.scalar(0).toDouble(), a.scalar(1).toDouble(), 1);
  a.ret(arange(a.scalar(0), a.scalar(1), 1, a.optScalarType(2)));
}
void k_arange_start_step(Stack& s) {
  Args a(s, 7);
  checkArange(a.scalar(0).toDouble(), a.scalar(1).toDouble(), a.scalar(2).toDouble());
  a.ret(arange(a.scalar(0), a.scalar(1), a.scalar(2), a.optScalarType(3)));
}

// torch.range (deprecated, still in old models): like arange but the end is
// included, and the dtype is the default float one unless given.
Tensor rangeInclusive(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<ScalarType> dtype) {
  const double a = start.toDouble(), b = end.toDouble(), d = step.toDouble();
  JS_CHECK(d != 0, "step must be nonzero");
  JS_CHECK(std::isfinite(a) && std::isfinite(b), "unsupported range: ", a, " -> ", b);
  JS_CHECK((d > 0 && b >= a) || (d < 0 && b <= a), "upper bound and larger bound inconsistent with step sign");
  const auto n = static_cast<int64_t>(std::floor((b - a) / d)) + 1;
  Tensor out = empty({n}, ScalarType::Double);
  double* p = out.data<double>();
  for (int64_t i = 0; i < n; ++i) p[i] = a + static_cast<double>(i) * d;
  const ScalarType dt = dtype.value_or(kDefaultDtype);
  return dt == ScalarType::Double ? out : out.to(dt);
}
void k_range(Stack& s) {
  Args a(s, 6);
  checkCpu(a, 4);
  a.ret(rangeInclusive(a.scalar(0), a.scalar(1), 1, a.optScalarType(2)));
}
void k_range_step(Stack& s) {
  Args a(s, 7);
  checkCpu(a, 5);
  a.ret(rangeInclusive(a.scalar(0), a.scalar(1), a.scalar(2), a.optScalarType(3)));
}

// empty_strided / new_empty_strided: storage for the furthest element the
// strides reach, viewed with them.
Tensor emptyStrided(const std::vector<int64_t>& size, const std::vector<int64_t>& stride, ScalarType dtype) {
  JS_CHECK(size.size() == stride.size(), "mismatch in length of strides and shape");
  int64_t extent = 1;
  for (size_t i = 0; i < size.size(); ++i) {
    JS_CHECK(size[i] >= 0, "Trying to create tensor with negative dimension ", size[i], ": ", shapeToString(size));
    JS_CHECK(stride[i] >= 0, "as_strided: Negative strides are not supported at the moment, got strides: ",
             shapeToString(stride));
    if (size[i] == 0) extent = 0;
  }
  if (extent != 0)
    for (size_t i = 0; i < size.size(); ++i) extent += (size[i] - 1) * stride[i];
  return empty({extent}, dtype).as_strided(size, stride, 0);
}
void k_empty_strided(Stack& s) {
  Args a(s, 6);
  a.ret(emptyStrided(a.intList(0), a.intList(1), dtypeOr(a, 2, kDefaultDtype)));
}

// linspace/logspace: the first half steps up from start and the second half
// down from end, as PyTorch does, so both endpoints are exact; one step is
// start (PyTorch: linspace(2, 5, 1) is [2.]).
Tensor spaced(const Scalar& start, const Scalar& end, int64_t steps, std::optional<ScalarType> dtype,
              std::optional<double> log_base) {
  JS_CHECK(steps >= 0, "number of steps must be non-negative");
  const ScalarType dt = dtype.value_or(kDefaultDtype);
  Tensor out = empty({steps}, dt);
  const double a = start.toDouble(), b = end.toDouble();
  const double step = steps > 1 ? (b - a) / static_cast<double>(steps - 1) : 0;
  const int64_t half = steps / 2;
  JS_DISPATCH_ALL_TYPES(dt, "linspace", [&] {
    scalar_t* p = out.data<scalar_t>();
    for (int64_t i = 0; i < steps; ++i) {
      double v = steps == 1 ? a : i < half ? a + step * static_cast<double>(i) : b - step * static_cast<double>(steps - 1 - i);
      if (log_base) v = std::pow(*log_base, v);
      if constexpr (std::is_integral_v<scalar_t>) p[i] = static_cast<scalar_t>(static_cast<int64_t>(v));
      else p[i] = static_cast<scalar_t>(v);
    }
  });
  return out;
}
void k_linspace(Stack& s) {
  Args a(s, 7);
  a.ret(spaced(a.scalar(0), a.scalar(1), a.toInt(2), a.optScalarType(3), std::nullopt));
}
void k_logspace(Stack& s) {
  Args a(s, 8);
  a.ret(spaced(a.scalar(0), a.scalar(1), a.toInt(2), a.optScalarType(4), a.toDouble(3)));
}

Tensor eye(int64_t n, int64_t m, ScalarType dt) {
  JS_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  JS_CHECK(m >= 0, "m must be greater or equal to 0, got ", m);
  Tensor out = zeros({n, m}, dt);
  out.diagonal().fill_(1);
  return out;
}
void k_eye(Stack& s) {
  Args a(s, 5);
  a.ret(eye(a.toInt(0), a.toInt(0), dtypeOr(a, 1, kDefaultDtype)));
}
void k_eye_m(Stack& s) {
  Args a(s, 6);
  a.ret(eye(a.toInt(0), a.toInt(1), dtypeOr(a, 2, kDefaultDtype)));
}
// triu_indices / tril_indices: the (row, col) pairs of the upper (col - row
// >= offset) or lower (col - row <= offset) triangle of a row x col matrix,
// row-major, as a 2 x N tensor.
Tensor triangleIndices(int64_t row, int64_t col, int64_t offset, ScalarType dt, bool upper) {
  JS_CHECK(row >= 0, "row must be non-negative, got", row);
  JS_CHECK(col >= 0, "col must be non-negative, got", col);
  JS_CHECK(dt == ScalarType::Long || dt == ScalarType::Int, "\"", upper ? "triu" : "tril",
           "_indices\" not implemented for '", scalarTypeName(dt), "'");
  std::vector<int64_t> rows, cols;
  for (int64_t i = 0; i < row; ++i)
    for (int64_t j = 0; j < col; ++j)
      if (upper ? j - i >= offset : j - i <= offset) {
        rows.push_back(i);
        cols.push_back(j);
      }
  const int64_t n = static_cast<int64_t>(rows.size());
  Tensor out = empty({2, n}, ScalarType::Long);
  int64_t* o = out.data<int64_t>();
  std::copy(rows.begin(), rows.end(), o);
  std::copy(cols.begin(), cols.end(), o + n);
  return dt == ScalarType::Long ? out : out.to(dt);
}
template <bool Upper>
void k_triangle_indices(Stack& s) {
  Args a(s, 7);
  a.ret(triangleIndices(a.toInt(0), a.toInt(1), a.toInt(2), dtypeOr(a, 3, ScalarType::Long), Upper));
}
void k_scalar_tensor(Stack& s) {
  Args a(s, 5);
  a.ret(scalar_tensor(a.scalar(0), a.optScalarType(1).value_or(kDefaultDtype)));
}

// ---- torch.tensor from nested lists ----

void inferShape(const IValue& v, DimVector& shape, size_t depth) {
  if (!v.isList()) return;
  const auto& el = v.toListRef().elements;
  if (depth == shape.size()) shape.push_back(static_cast<int64_t>(el.size()));
  if (!el.empty()) inferShape(el[0], shape, depth + 1);
}

void flatten(const IValue& v, const DimVector& shape, size_t depth, std::vector<Scalar>& out, ScalarType& kind) {
  if (depth == shape.size()) {
    JS_CHECK(!v.isList(), "Expected a scalar at depth ", depth, " of the nested list");
    if (v.isTensor()) {
      const Tensor& t = v.toTensor();
      JS_CHECK(t.numel() == 1, "Only one element tensors can be converted to Python scalars");
      out.push_back(t.item());
      kind = promoteTypes(kind, t.dtype());
      return;
    }
    const Scalar s = v.toScalar();
    kind = kind == ScalarType::Undefined ? (s.isFloatingPoint() ? kDefaultDtype : s.type())
                                         : promoteTypes(kind, s.isFloatingPoint() ? kDefaultDtype : s.type());
    out.push_back(s);
    return;
  }
  JS_CHECK(v.isList(), "Expected sequence of length ", shape[depth], " at dim ", depth, " (got a scalar)");
  const auto& el = v.toListRef().elements;
  JS_CHECK(static_cast<int64_t>(el.size()) == shape[depth], "Expected sequence of length ", shape[depth], " at dim ",
           depth, " (got ", el.size(), ")");
  for (const IValue& e : el) flatten(e, shape, depth + 1, out, kind);
}

Tensor tensorFromValue(const IValue& data, std::optional<ScalarType> dtype) {
  DimVector shape;
  inferShape(data, shape, 0);
  std::vector<Scalar> vals;
  ScalarType kind = ScalarType::Undefined;
  flatten(data, shape, 0, vals, kind);
  if (kind == ScalarType::Undefined) kind = kDefaultDtype;  // empty list
  const ScalarType dt = dtype.value_or(kind);
  Tensor out = empty(shape, dt);
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(dt, "tensor", [&] {
    scalar_t* p = out.data<scalar_t>();
    for (size_t i = 0; i < vals.size(); ++i) {
      // Python numbers convert like a C cast here (torch.tensor([1.7], dtype=int) is 1).
      if constexpr (std::is_same_v<scalar_t, bool>) p[i] = vals[i].toBool();
      else if constexpr (std::is_integral_v<scalar_t>) p[i] = static_cast<scalar_t>(vals[i].isFloatingPoint() ? static_cast<int64_t>(vals[i].toDouble()) : vals[i].toLong());
      else if constexpr (std::is_same_v<scalar_t, std::complex<float>> || std::is_same_v<scalar_t, std::complex<double>>) p[i] = vals[i].to<scalar_t>();
      else p[i] = static_cast<scalar_t>(vals[i].toDouble());
    }
  });
  return out;
}
void k_tensor(Stack& s) {
  Args a(s, 4);
  checkCpu(a, 2);
  a.ret(tensorFromValue(a.at(0), a.optScalarType(1)));
}
void k_as_tensor_list(Stack& s) {
  Args a(s, 3);
  checkCpu(a, 2);
  a.ret(tensorFromValue(a.at(0), a.optScalarType(1)));
}
void k_as_tensor(Stack& s) {
  Args a(s, 3);
  checkCpu(a, 2);
  const Tensor& t = a.tensor(0);
  std::optional<ScalarType> dt = a.optScalarType(1);
  a.ret(dt && *dt != t.dtype() ? t.to(*dt) : t);
}

// ---- conversions ----

Tensor toDtype(const Tensor& t, ScalarType dt, bool copy) { return t.to(dt, copy); }

void k_to_dtype(Stack& s) {
  Args a(s, 5);
  a.ret(toDtype(a.tensor(0), a.at(1).toScalarType(), a.toBool(3)));
}
// t in dtype on device d (t's own when unset). The dtype conversion runs on
// the host: before the move when t is on the host, after it otherwise.
Tensor convert(const Tensor& t, std::optional<Device> d, ScalarType dtype, bool copy) {
  const Device from = t.device();
  if (!d || (d->type == from.type && (d->index < 0 || d->index == std::max<int8_t>(from.index, 0))))
    return toDtype(t, dtype, copy);
  if (from.isCPU()) return toDevice(toDtype(t, dtype, false), *d);
  Tensor moved = toDevice(t, *d);
  return moved.dtype() == dtype ? moved : toDtype(moved, dtype, false);
}
Tensor toDeviceOp(const Tensor& self, Device device, ScalarType dtype, bool /*non_blocking*/, bool copy,
                  std::optional<int64_t> /*memory_format*/) {
  return convert(self, device, dtype, copy);
}
void k_to_other(Stack& s) {
  Args a(s, 5);
  a.ret(toDtype(a.tensor(0), a.tensor(1).dtype(), a.toBool(3)));
}
Tensor toPrimDevice(const Tensor& self, std::optional<Device> device, std::optional<ScalarType> dtype,
                    bool /*non_blocking*/, bool copy) {
  return convert(self, device, dtype.value_or(self.dtype()), copy);
}
void k_to_prim_dtype(Stack& s) {
  Args a(s, 4);
  const Tensor& t = a.tensor(0);
  a.ret(toDtype(t, a.isNone(1) ? t.dtype() : a.at(1).toScalarType(), a.toBool(3)));
}
void k_to_prim_other(Stack& s) {
  Args a(s, 3);
  const Tensor& t = a.tensor(0);
  a.ret(a.toBool(2) ? t.clone() : t);
}
Tensor toCopy(const Tensor& self, std::optional<ScalarType> dtype, std::optional<int64_t> /*layout*/,
              std::optional<Device> device, std::optional<bool> /*pin_memory*/, bool /*non_blocking*/,
              std::optional<int64_t> /*memory_format*/) {
  return convert(self, device, dtype.value_or(self.dtype()), /*copy=*/true);
}
void k_type_as(Stack& s) {
  Args a(s, 2);
  a.ret(a.tensor(0).to(a.tensor(1).dtype()));
}

void checkOneElement(const Tensor& t) {
  JS_CHECK(t.numel() == 1, "a Tensor with ", t.numel(), " elements cannot be converted to Scalar");
}
void k_item(Stack& s) {
  Args a(s, 1);
  checkOneElement(a.tensor(0));
  a.ret(IValue(a.tensor(0).item()));
}
void k_int_tensor(Stack& s) {
  Args a(s, 1);
  checkOneElement(a.tensor(0));
  const Scalar v = a.tensor(0).item();
  if (v.isFloatingPoint()) {
    // NaN, inf and anything past int64 are errors here, as in PyTorch (whose
    // int(float) instead gives INT64_MIN; aten::Int.float does the same).
    const double d = v.toDouble();
    JS_CHECK(d >= -9223372036854775808.0 && d < 9223372036854775808.0,
             "value cannot be converted to type int64_t without overflow");
    a.ret(static_cast<int64_t>(d));
    return;
  }
  a.ret(v.toLong());
}
void k_float_tensor(Stack& s) {
  Args a(s, 1);
  checkOneElement(a.tensor(0));
  a.ret(a.tensor(0).item().toDouble());
}
void k_bool_tensor(Stack& s) {
  Args a(s, 1);
  checkOneElement(a.tensor(0));
  a.ret(a.tensor(0).item().toBool());
}
void k_int_implicit(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  JS_CHECK(t.dim() == 0, "Cannot input a tensor of dimension other than 0 as a scalar argument");
  JS_CHECK(isIntegralType(t.dtype(), false), "Cannot input a tensor of type ", scalarTypeName(t.dtype()),
           " as an integral argument");
  a.ret(t.item().toLong());
}
void k_float_implicit(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  JS_CHECK(t.dim() == 0, "Cannot input a tensor of dimension other than 0 as a scalar argument");
  a.ret(t.item().toDouble());
}
void k_scalar_implicit(Stack& s) {
  Args a(s, 1);
  const Tensor& t = a.tensor(0);
  JS_CHECK(t.dim() == 0, "Cannot input a tensor of dimension other than 0 as a scalar argument");
  a.ret(IValue(t.item()));
}

// ---- in-place fills and copies ----

void k_fill_scalar(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  self.fill_(a.scalar(1));
  a.ret(std::move(self));
}
void k_fill_tensor(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  const Tensor& v = a.tensor(1);
  JS_CHECK(v.dim() == 0, "fill_ only supports 0-dimension value tensor but got tensor with ", v.dim(),
           " dimensions.");
  self.fill_(v.item());
  a.ret(std::move(self));
}
void k_zero_(Stack& s) {
  Args a(s, 1);
  Tensor self = a.tensor(0);
  self.zero_();
  a.ret(std::move(self));
}
void k_copy_(Stack& s) {
  Args a(s, 3);
  Tensor self = a.tensor(0);
  self.copy_(a.tensor(1));
  a.ret(std::move(self));
}
void k_copy_tensor(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  self.copy_(a.tensor(1));
  a.ret(std::move(self));
}
void k_copy_number(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  self.fill_(a.scalar(1));
  a.ret(std::move(self));
}
void k_detach_(Stack& s) {
  Args a(s, 1);
  Tensor self = a.tensor(0);
  self.set_requires_grad(false);
  a.ret(std::move(self));
}
void k_element_size(Stack& s) {
  Args a(s, 1);
  a.ret(static_cast<int64_t>(a.tensor(0).element_size()));
}
void k_is_same_size(Stack& s) {
  Args a(s, 2);
  a.ret(IntArrayRef(a.tensor(0).sizes()) == IntArrayRef(a.tensor(1).sizes()));
}
void k_resize_as_(Stack& s) {
  Args a(s, 3);
  Tensor self = a.tensor(0);
  self.resize_(a.tensor(1).sizes());
  a.ret(std::move(self));
}

void k_resize_(Stack& s) {
  Args a(s, 3);
  Tensor self = a.tensor(0);
  const std::vector<int64_t> size = a.intList(1);
  for (int64_t d : size) JS_CHECK(d >= 0, "Trying to create tensor with negative dimension ", d, ": ", shapeToString(size));
  self.resize_(size);
  a.ret(std::move(self));
}
// Autograd state in model code: there is no autograd here, so requires_grad
// is a flag, every tensor a leaf, grad mode a no-op.
void k_requires_grad_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  self.set_requires_grad(a.toBool(1));
  a.ret(std::move(self));
}
void k_is_leaf(Stack& s) {
  Args a(s, 1);
  a.ret(true);
}
void k_output_nr(Stack& s) {
  Args a(s, 1);
  a.ret(int64_t{0});
}
void k_false_query(Stack& s) {  // is_conj, is_neg: conjugation is never lazy here
  Args a(s, 1);
  a.ret(false);
}
void k_set_grad_enabled(Stack& s) {
  Args a(s, 1);
  a.ret();
}
void k_size_list(Stack& s) {  // torch.Size(list): the list itself
  (void)s;
}
// zero / fill: the functional forms of zero_ and fill_.
void k_zero(Stack& s) {
  Args a(s, 1);
  a.ret(full(a.tensor(0).sizes(), Scalar(int64_t{0}), a.tensor(0).dtype()));
}
void k_fill_functional(Stack& s) {
  Args a(s, 2);
  const Tensor& self = a.tensor(0);
  Tensor out = empty(self.sizes(), self.dtype());
  if (a.at(1).isTensor()) {
    const Tensor& v = a.tensor(1);
    JS_CHECK(v.dim() == 0, "fill only supports 0-dimension value tensor but got tensor with ", v.dim(), " dimensions.");
    out.fill_(v.item());
  } else {
    out.fill_(a.scalar(1));
  }
  a.ret(std::move(out));
}
void k_new_empty_strided(Stack& s) {
  Args a(s, 7);
  a.ret(emptyStrided(a.intList(1), a.intList(2), dtypeOr(a, 3, a.tensor(0).dtype())));
}

#define FACTORY_TAIL "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"
#define LIKE_TAIL FACTORY_TAIL ", MemoryFormat? memory_format=None"

const OpEntry kCreationOps[] = {
    {"aten::zeros(SymInt[] size, *, " FACTORY_TAIL ") -> Tensor", k_zeros, "A tensor of zeros."},
    {"aten::ones(SymInt[] size, *, " FACTORY_TAIL ") -> Tensor", k_ones, "A tensor of ones."},
    {"aten::empty.memory_format(SymInt[] size, *, " LIKE_TAIL ") -> Tensor", k_empty,
     "A new tensor (zero-filled here)."},
    {"aten::full(SymInt[] size, Scalar fill_value, *, " FACTORY_TAIL ") -> Tensor", k_full,
     "A tensor filled with a value (dtype inferred from it)."},
    {"aten::zeros_like(Tensor self, *, " LIKE_TAIL ") -> Tensor", k_zeros_like, "Zeros shaped like self."},
    {"aten::ones_like(Tensor self, *, " LIKE_TAIL ") -> Tensor", k_ones_like, "Ones shaped like self."},
    {"aten::empty_like(Tensor self, *, " LIKE_TAIL ") -> Tensor", k_empty_like,
     "A new tensor shaped like self (zero-filled here)."},
    {"aten::full_like(Tensor self, Scalar fill_value, *, " LIKE_TAIL ") -> Tensor", k_full_like,
     "A tensor shaped like self filled with a value."},
    {"aten::new_zeros(Tensor self, SymInt[] size, *, " FACTORY_TAIL ") -> Tensor", k_new_const<0>,
     "Zeros with self's dtype."},
    {"aten::new_ones(Tensor self, SymInt[] size, *, " FACTORY_TAIL ") -> Tensor", k_new_const<1>,
     "Ones with self's dtype."},
    {"aten::new_empty(Tensor self, SymInt[] size, *, " FACTORY_TAIL ") -> Tensor", k_new_const<0>,
     "A new tensor with self's dtype (zero-filled here)."},
    {"aten::new_full(Tensor self, SymInt[] size, Scalar fill_value, *, " FACTORY_TAIL ") -> Tensor", k_new_full,
     "A filled tensor with self's dtype."},
    {"aten::arange(Scalar end, *, " FACTORY_TAIL ") -> Tensor", k_arange, "0, 1, ... up to end (exclusive)."},
    {"aten::arange.start(Scalar start, Scalar end, *, " FACTORY_TAIL ") -> Tensor", k_arange_start,
     "start, start+1, ... up to end (exclusive)."},
    {"aten::range(Scalar start, Scalar end, *, " FACTORY_TAIL ") -> Tensor", k_range,
     "start..end inclusive, step 1 (deprecated torch.range)."},
    {"aten::range.step(Scalar start, Scalar end, Scalar step=1, *, " FACTORY_TAIL ") -> Tensor", k_range_step,
     "start..end inclusive (deprecated torch.range)."},
    {"aten::empty_strided(SymInt[] size, SymInt[] stride, *, " FACTORY_TAIL ") -> Tensor", k_empty_strided,
     "An uninitialized tensor with the given strides."},
    {"aten::arange.start_step(Scalar start, Scalar end, Scalar step=1, *, " FACTORY_TAIL ") -> Tensor",
     k_arange_start_step, "start, start+step, ... up to end (exclusive)."},
    {"aten::linspace(Scalar start, Scalar end, int steps, *, " FACTORY_TAIL ") -> Tensor", k_linspace,
     "steps evenly spaced values from start to end."},
    {"aten::logspace(Scalar start, Scalar end, int steps, float base=10., *, " FACTORY_TAIL ") -> Tensor", k_logspace,
     "base ** linspace(start, end, steps)."},
    {"aten::eye(int n, *, " FACTORY_TAIL ") -> Tensor", k_eye, "n x n identity matrix."},
    {"aten::triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? "
     "device=None, bool? pin_memory=None) -> Tensor",
     k_triangle_indices<true>, "2 x N (row, col) indices of the upper triangle (col - row >= offset)."},
    {"aten::tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? "
     "device=None, bool? pin_memory=None) -> Tensor",
     k_triangle_indices<false>, "2 x N (row, col) indices of the lower triangle (col - row <= offset)."},
    {"aten::eye.m(int n, int m, *, " FACTORY_TAIL ") -> Tensor", k_eye_m, "n x m identity matrix."},
    {"aten::scalar_tensor(Scalar s, *, " FACTORY_TAIL ") -> Tensor", k_scalar_tensor, "A 0-dim tensor."},
    {"aten::tensor(t[] data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
     k_tensor, "A tensor from a (nested) list."},
    {"aten::tensor.int(int t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
     k_tensor, "A 0-dim int64 tensor."},
    {"aten::tensor.float(float t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
     k_tensor, "A 0-dim float tensor."},
    {"aten::tensor.bool(bool t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
     k_tensor, "A 0-dim bool tensor."},
    {"aten::as_tensor.list(t[] data, *, ScalarType? dtype=None, Device? device=None) -> Tensor", k_as_tensor_list,
     "A tensor from a (nested) list."},
    {"aten::as_tensor(Tensor(a) data, *, ScalarType? dtype=None, Device? device=None) -> Tensor(b|a)", k_as_tensor,
     "The tensor itself, converted when a dtype is given."},
    {"aten::to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, MemoryFormat? "
     "memory_format=None) -> Tensor(a)",
     k_to_dtype, "Converts to a dtype (self when it already matches and !copy)."},
    op<toDeviceOp>("aten::to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False, bool copy=False, "
     "MemoryFormat? memory_format=None) -> Tensor(a)",
       "Converts to a device and dtype."),
    {"aten::to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False, MemoryFormat? "
     "memory_format=None) -> Tensor(a)",
     k_to_other, "Converts to other's dtype."},
    op<toPrimDevice>("aten::to.prim_Device(Tensor(a) self, Device? device, int? dtype=None, bool non_blocking=False, bool copy=False) "
     "-> Tensor(b|a)",
       "Converts to an optional device and dtype."),
    {"aten::to.prim_dtype(Tensor(a) self, int? dtype=None, bool non_blocking=False, bool copy=False) -> Tensor(b|a)",
     k_to_prim_dtype, "Converts to an optional dtype."},
    {"aten::to.prim_other(Tensor(a) self, bool non_blocking=False, bool copy=False) -> Tensor(b|a)", k_to_prim_other,
     "Self, or a copy when copy is set."},
    op<toCopy>("aten::_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? "
     "pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor",
       "A converted copy (dtype, device)."),
    {"aten::type_as(Tensor self, Tensor other) -> Tensor", k_type_as, "Converts to other's dtype."},
    {"aten::item(Tensor self) -> Scalar", k_item, "The value of a one-element tensor."},
    {"aten::Int.Tensor(Tensor a) -> int", k_int_tensor, "int() of a one-element tensor."},
    {"aten::Float.Tensor(Tensor a) -> float", k_float_tensor, "float() of a one-element tensor."},
    {"aten::Bool.Tensor(Tensor a) -> bool", k_bool_tensor, "bool() of a one-element tensor."},
    {"aten::IntImplicit(Tensor a) -> int", k_int_implicit, "A 0-dim integer tensor used as an int argument."},
    {"aten::FloatImplicit(Tensor a) -> float", k_float_implicit, "A 0-dim tensor used as a float argument."},
    {"aten::ScalarImplicit(Tensor a) -> Scalar", k_scalar_implicit, "A 0-dim tensor used as a Scalar argument."},
    {"aten::fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)", k_fill_scalar, "Fills self with a value."},
    {"aten::fill_.Tensor(Tensor(a!) self, Tensor value) -> Tensor(a!)", k_fill_tensor,
     "Fills self with a 0-dim tensor's value."},
    {"aten::zero_(Tensor(a!) self) -> Tensor(a!)", k_zero_, "Fills self with zeros."},
    {"aten::copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)", k_copy_,
     "Copies src (broadcast, converted) into self."},
    {"aten::copy_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_copy_tensor, "Copies other into self."},
    {"aten::copy_.int(Tensor(a!) self, int other) -> Tensor(a!)", k_copy_number, "Fills self with an int."},
    {"aten::copy_.float(Tensor(a!) self, float other) -> Tensor(a!)", k_copy_number, "Fills self with a float."},
    {"aten::detach_(Tensor(a!) self) -> Tensor(a!)", k_detach_, "Detaches self in place (no autograd here)."},
    {"aten::element_size(Tensor self) -> int", k_element_size, "Bytes per element."},
    {"aten::is_same_size(Tensor self, Tensor other) -> bool", k_is_same_size, "Whether the shapes are equal."},
    {"aten::resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)", k_resize_,
     "Resizes self (contents kept where the storage allows)."},
    {"aten::requires_grad_(Tensor(a!) self, bool requires_grad=True) -> Tensor(a!)", k_requires_grad_,
     "Sets the requires_grad flag."},
    {"aten::is_leaf(Tensor self) -> bool", k_is_leaf, "True: no autograd graph here."},
    {"aten::output_nr(Tensor self) -> int", k_output_nr, "0: no autograd graph here."},
    {"aten::is_conj(Tensor self) -> bool", k_false_query, "False: conjugation is never lazy here."},
    {"aten::is_neg(Tensor self) -> bool", k_false_query, "False: negation is never lazy here."},
    {"aten::set_grad_enabled(bool val) -> ()", k_set_grad_enabled, "No-op: no autograd here."},
    {"aten::Size(int[] sizes) -> int[]", k_size_list, "torch.Size(list): the list."},
    {"aten::zero(Tensor self) -> Tensor", k_zero, "Zeros shaped like self."},
    {"aten::fill.Scalar(Tensor self, Scalar value) -> Tensor", k_fill_functional, "A copy of self's shape filled."},
    {"aten::fill.Tensor(Tensor self, Tensor value) -> Tensor", k_fill_functional,
     "A copy of self's shape filled with a 0-dim tensor's value."},
    {"aten::new_empty_strided(Tensor self, SymInt[] size, SymInt[] stride, *, " FACTORY_TAIL ") -> Tensor",
     k_new_empty_strided, "An uninitialized tensor with the given strides and self's dtype."},
    {"aten::resize_as_(Tensor(a!) self, Tensor the_template, *, MemoryFormat? memory_format=None) -> Tensor(a!)",
     k_resize_as_, "Resizes self to the template's shape."},
};

#undef FACTORY_TAIL
#undef LIKE_TAIL

}  // namespace

void registerCreationOps(OperatorRegistry& registry) { registerOpEntries(registry, kCreationOps); }

}  // namespace jitserve::ops
