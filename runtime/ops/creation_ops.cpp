// Tensor factories and conversions: zeros/ones/full/empty and their _like
// and new_ forms, arange/linspace/logspace/eye, torch.tensor from (nested)
// lists, dtype conversions (to, type_as), fill_/zero_/copy_, and
// tensor -> number conversions (item, Int, Float, Bool).
//
// A factory asked for another device builds its values here and moves them
// there through the device's backend (placed()); a device this machine
// lacks is toDevice's clear error, never a silent CPU tensor.
#include "runtime/ops/op_tables.h"

#include <cmath>

#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/dispatch.h"

namespace jitserve::ops {
namespace {

void checkSizes(IntArrayRef size) {
  for (int64_t s : size)
    JS_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", shapeToString(size));
}

Tensor fullOf(IntArrayRef size, const Scalar& v, ScalarType dt) {
  checkSizes(size);
  return full(size, v, dt);
}

void checkArange(double start, double end, double step) {
  JS_CHECK(step != 0, "step must be nonzero");
  JS_CHECK(std::isfinite(start) && std::isfinite(end), "unsupported range: ", start, " -> ", end);
  JS_CHECK((step > 0 && end >= start) || (step < 0 && end <= start), "upper bound and larger bound inconsistent with "
           "step sign");
}

// torch.range (deprecated, still in old models): like arange but the end is
// included, and the dtype is the default float one unless given.
Tensor rangeInclusive(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<ScalarType> dtype) {
  const double a = start.toDouble(), b = end.toDouble(), d = step.toDouble();
  checkArange(a, b, d);
  const auto n = static_cast<int64_t>(std::floor((b - a) / d)) + 1;
  Tensor out = empty({n}, ScalarType::Double);
  double* p = out.data<double>();
  for (int64_t i = 0; i < n; ++i) p[i] = a + static_cast<double>(i) * d;
  const ScalarType dt = dtype.value_or(kDefaultDtype);
  return dt == ScalarType::Double ? out : out.to(dt);
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

Tensor eye(int64_t n, int64_t m, ScalarType dt) {
  JS_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  JS_CHECK(m >= 0, "m must be greater or equal to 0, got ", m);
  Tensor out = zeros({n, m}, dt);
  out.diagonal().fill_(1);
  return out;
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
    // Python floats and complexes take the default dtypes of their kinds.
    const ScalarType st = s.isFloatingPoint() ? kDefaultDtype : s.isComplex() ? ScalarType::ComplexFloat : s.type();
    kind = kind == ScalarType::Undefined ? st : promoteTypes(kind, st);
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

// ---- conversions ----

Tensor toDtype(const Tensor& t, ScalarType dt, bool copy) { return t.to(dt, copy); }

// t in dtype on device d (t's own when unset). The dtype conversion runs on
// the host: before the move when t is on the host, after it otherwise.
Tensor convert(const Tensor& t, std::optional<Device> d, ScalarType dtype, bool copy) {
  const Device from = t.device();
  if (!d || isOnDevice(t, *d)) return toDtype(t, dtype, copy);
  if (from.isCPU()) return toDevice(toDtype(t, dtype, false), *d);
  Tensor moved = toDevice(t, *d);
  return moved.dtype() == dtype ? moved : toDtype(moved, dtype, false);
}
Tensor toDeviceOp(const Tensor& self, Device device, ScalarType dtype, bool /*non_blocking*/, bool copy,
                  std::optional<int64_t> /*memory_format*/) {
  return convert(self, device, dtype, copy);
}
Tensor toPrimDevice(const Tensor& self, std::optional<Device> device, std::optional<ScalarType> dtype,
                    bool /*non_blocking*/, bool copy) {
  return convert(self, device, dtype.value_or(self.dtype()), copy);
}
// Tensor.to(dtype=, layout=, device=, ...) as keywords: what traced code
// prints for a .to() whose arguments were all keywords.
Tensor toDtypeLayout(const Tensor& self, std::optional<ScalarType> dtype, std::optional<int64_t> /*layout*/,
                     std::optional<Device> device, std::optional<bool> /*pin_memory*/, bool /*non_blocking*/,
                     bool copy, std::optional<int64_t> /*memory_format*/) {
  return convert(self, device, dtype.value_or(self.dtype()), copy);
}
Tensor toCopy(const Tensor& self, std::optional<ScalarType> dtype, std::optional<int64_t> /*layout*/,
              std::optional<Device> device, std::optional<bool> /*pin_memory*/, bool /*non_blocking*/,
              std::optional<int64_t> /*memory_format*/) {
  return convert(self, device, dtype.value_or(self.dtype()), /*copy=*/true);
}

void checkOneElement(const Tensor& t) {
  JS_CHECK(t.numel() == 1, "a Tensor with ", t.numel(), " elements cannot be converted to Scalar");
}

// ---- kernels: typed, one parameter per schema argument ----

// The factory tail (FACTORY_TAIL below): dtype, layout, device, pin_memory;
// the _like forms add memory_format (LIKE_TAIL). Layout, pin_memory and
// memory_format change nothing here.
using OptDtype = std::optional<ScalarType>;
using OptInt = std::optional<int64_t>;  // Layout? and MemoryFormat?
using OptDevice = std::optional<Device>;
using OptBool = std::optional<bool>;

// Factories build on the host and move the result to `device` (one copy):
// one definition of each factory's values serves every device with a
// backend, and device= naming a device this machine lacks is toDevice's
// clear error. (A device-side fill would save the copy for large outputs.)
Tensor placed(Tensor t, const OptDevice& device) {
  return device && !device->isCPU() ? toDevice(t, *device) : t;
}
void checkCpu(const OptDevice& device) {
  if (device)
    JS_CHECK(device->isCPU(), "device ", device->str(), " is not supported for this factory (its strides are ",
             "given); create it on the CPU and move it with .to()");
}
ScalarType dtypeOr(const OptDtype& dtype, ScalarType dflt) { return dtype.value_or(dflt); }

// zeros (Fill 0) and ones (Fill 1).
template <int Fill>
Tensor filled(std::vector<int64_t> size, OptDtype dtype, OptInt /*layout*/, OptDevice device, OptBool /*pin_memory*/) {
  return placed(fullOf(size, Fill, dtypeOr(dtype, kDefaultDtype)), device);
}
Tensor emptyOp(std::vector<int64_t> size, OptDtype dtype, OptInt /*layout*/, OptDevice device, OptBool /*pin_memory*/,
               OptInt /*memory_format*/) {
  checkSizes(size);
  if (device && !device->isCPU()) return emptyOnDevice(size, dtypeOr(dtype, kDefaultDtype), *device);
  return empty(size, dtypeOr(dtype, kDefaultDtype));
}
Tensor fullOp(std::vector<int64_t> size, const Scalar& fill_value, OptDtype dtype, OptInt /*layout*/, OptDevice device,
              OptBool /*pin_memory*/) {
  // dtype unset: inferred from the fill value (int -> Long, bool -> Bool, float -> Float).
  return placed(full(size, fill_value, dtype), device);
}
// zeros_like and empty_like (Fill 0: uninitialized memory would make
// results irreproducible; zeros cost little), ones_like (Fill 1).
// The _like and new_ factories default to self's device.
template <int Fill>
Tensor filledLike(const Tensor& self, OptDtype dtype, OptInt /*layout*/, OptDevice device, OptBool /*pin_memory*/,
                  OptInt /*memory_format*/) {
  const Device to = device.value_or(self.device());
  if (to.isCPU() && self.device().isCPU()) return Fill == 0 ? zeros_like(self, dtype) : ones_like(self, dtype);
  return placed(fullOf(self.sizes(), Fill, dtype.value_or(self.dtype())), to);
}
Tensor fullLike(const Tensor& self, const Scalar& fill_value, OptDtype dtype, OptInt /*layout*/, OptDevice device,
                OptBool /*pin_memory*/, OptInt /*memory_format*/) {
  const Device to = device.value_or(self.device());
  if (to.isCPU() && self.device().isCPU()) return full_like(self, fill_value, dtype.value_or(self.dtype()));
  return placed(fullOf(self.sizes(), fill_value, dtype.value_or(self.dtype())), to);
}
Tensor newFull(const Tensor& self, std::vector<int64_t> size, const Scalar& fill_value, OptDtype dtype,
               OptInt /*layout*/, OptDevice device, OptBool /*pin_memory*/) {
  return placed(fullOf(size, fill_value, dtype.value_or(self.dtype())), device.value_or(self.device()));
}
// new_zeros and new_empty (Fill 0), new_ones (Fill 1).
template <int Fill>
Tensor newFilled(const Tensor& self, std::vector<int64_t> size, OptDtype dtype, OptInt layout, OptDevice device,
                 OptBool pin_memory) {
  return newFull(self, std::move(size), Fill, dtype, layout, device, pin_memory);
}

Tensor arangeEnd(const Scalar& end, OptDtype dtype, OptInt /*layout*/, OptDevice device, OptBool /*pin_memory*/) {
  checkArange(0, end.toDouble(), 1);
  return placed(arange(end, dtype), device);
}
Tensor arangeStartStep(const Scalar& start, const Scalar& end, const Scalar& step, OptDtype dtype, OptInt /*layout*/,
                       OptDevice device, OptBool /*pin_memory*/) {
  checkArange(start.toDouble(), end.toDouble(), step.toDouble());
  return placed(arange(start, end, step, dtype), device);
}
Tensor arangeStart(const Scalar& start, const Scalar& end, OptDtype dtype, OptInt layout, OptDevice device,
                   OptBool pin_memory) {
  return arangeStartStep(start, end, 1, dtype, layout, device, pin_memory);
}
Tensor rangeStep(const Scalar& start, const Scalar& end, const Scalar& step, OptDtype dtype, OptInt /*layout*/,
                 OptDevice device, OptBool /*pin_memory*/) {
  return placed(rangeInclusive(start, end, step, dtype), device);
}
Tensor range(const Scalar& start, const Scalar& end, OptDtype dtype, OptInt layout, OptDevice device,
             OptBool pin_memory) {
  return rangeStep(start, end, 1, dtype, layout, device, pin_memory);
}
Tensor emptyStridedOp(std::vector<int64_t> size, std::vector<int64_t> stride, OptDtype dtype, OptInt /*layout*/,
                      OptDevice device, OptBool /*pin_memory*/) {
  checkCpu(device);
  return emptyStrided(size, stride, dtypeOr(dtype, kDefaultDtype));
}
Tensor newEmptyStrided(const Tensor& self, std::vector<int64_t> size, std::vector<int64_t> stride, OptDtype dtype,
                       OptInt /*layout*/, OptDevice device, OptBool /*pin_memory*/) {
  checkCpu(device.value_or(self.device()));
  return emptyStrided(size, stride, dtypeOr(dtype, self.dtype()));
}
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, OptDtype dtype, OptInt /*layout*/,
                OptDevice device, OptBool /*pin_memory*/) {
  return placed(spaced(start, end, steps, dtype, std::nullopt), device);
}
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, OptDtype dtype, OptInt /*layout*/,
                OptDevice device, OptBool /*pin_memory*/) {
  return placed(spaced(start, end, steps, dtype, base), device);
}
Tensor eyeM(int64_t n, int64_t m, OptDtype dtype, OptInt /*layout*/, OptDevice device, OptBool /*pin_memory*/) {
  return placed(eye(n, m, dtypeOr(dtype, kDefaultDtype)), device);
}
Tensor eyeN(int64_t n, OptDtype dtype, OptInt layout, OptDevice device, OptBool pin_memory) {
  return eyeM(n, n, dtype, layout, device, pin_memory);
}
template <bool Upper>
Tensor triangleIndicesOp(int64_t row, int64_t col, int64_t offset, OptDtype dtype, OptInt /*layout*/,
                         OptDevice device, OptBool /*pin_memory*/) {
  return placed(triangleIndices(row, col, offset, dtypeOr(dtype, ScalarType::Long), Upper), device);
}
Tensor scalarTensor(const Scalar& s, OptDtype dtype, OptInt /*layout*/, OptDevice device, OptBool /*pin_memory*/) {
  return placed(scalar_tensor(s, dtype.value_or(kDefaultDtype)), device);
}

// torch.tensor of a (nested) list or a number.
Tensor tensorOp(const IValue& data, OptDtype dtype, OptDevice device, bool /*requires_grad*/) {
  return placed(tensorFromValue(data, dtype), device);
}
Tensor asTensorList(const IValue& data, OptDtype dtype, OptDevice device) {
  return placed(tensorFromValue(data, dtype), device);
}
Tensor asTensor(const Tensor& data, OptDtype dtype, OptDevice device) {
  return convert(data, device, dtype.value_or(data.dtype()), /*copy=*/false);
}

Tensor toDtypeOp(const Tensor& self, ScalarType dtype, bool /*non_blocking*/, bool copy, OptInt /*memory_format*/) {
  return toDtype(self, dtype, copy);
}
// other's dtype and device, as PyTorch's Tensor.to(other).
Tensor toOther(const Tensor& self, const Tensor& other, bool /*non_blocking*/, bool copy, OptInt /*memory_format*/) {
  return convert(self, other.device(), other.dtype(), copy);
}
Tensor toPrimDtype(const Tensor& self, OptDtype dtype, bool /*non_blocking*/, bool copy) {
  return toDtype(self, dtype.value_or(self.dtype()), copy);
}
Tensor toPrimOther(const Tensor& self, bool /*non_blocking*/, bool copy) { return copy ? self.clone() : self; }

Scalar item(const Tensor& self) {
  checkOneElement(self);
  return self.item();
}
int64_t intOf(const Tensor& self) {
  checkOneElement(self);
  const Scalar v = self.item();
  if (v.isFloatingPoint()) {
    // NaN, inf and anything past int64 are errors here, as in PyTorch (whose
    // int(float) instead gives INT64_MIN; aten::Int.float does the same).
    const double d = v.toDouble();
    JS_CHECK(d >= -9223372036854775808.0 && d < 9223372036854775808.0,
             "value cannot be converted to type int64_t without overflow");
    return static_cast<int64_t>(d);
  }
  return v.toLong();
}
double floatOf(const Tensor& self) {
  checkOneElement(self);
  return self.item().toDouble();
}
bool boolOf(const Tensor& self) {
  checkOneElement(self);
  return self.item().toBool();
}
// IntImplicit, FloatImplicit, ScalarImplicit: a 0-dim tensor passed where
// the schema takes a number.
Scalar implicitScalar(const Tensor& self) {
  JS_CHECK(self.dim() == 0, "Cannot input a tensor of dimension other than 0 as a scalar argument");
  return self.item();
}
int64_t intImplicit(const Tensor& self) {
  JS_CHECK(self.dim() == 0, "Cannot input a tensor of dimension other than 0 as a scalar argument");
  JS_CHECK(isIntegralType(self.dtype(), false), "Cannot input a tensor of type ", scalarTypeName(self.dtype()),
           " as an integral argument");
  return self.item().toLong();
}

// ---- fills and copies ----

// The fill value of fill / fill_ (`op` names it in the error): a number, or
// a 0-dim tensor's value.
Scalar fillValue(const Scalar& value, const char* /*op*/) { return value; }
Scalar fillValue(const Tensor& value, const char* op) {
  JS_CHECK(value.dim() == 0, op, " only supports 0-dimension value tensor but got tensor with ", value.dim(),
           " dimensions.");
  return value.item();
}
// fill_ (V Scalar or const Tensor&) and copy_.int / copy_.float (int64_t, double).
template <typename V>
Tensor fillInplace(Tensor self, V value) {
  self.fill_(fillValue(value, "fill_"));
  return self;
}
template <typename V>
Tensor fillCopy(const Tensor& self, V value) {
  Tensor out = empty(self.sizes(), self.dtype());
  out.fill_(fillValue(value, "fill"));
  return out;
}
Tensor copyFrom(Tensor self, const Tensor& src) {
  self.copy_(src);
  return self;
}
Tensor resize_(Tensor self, std::vector<int64_t> size, OptInt /*memory_format*/) {
  checkSizes(size);
  self.resize_(size);
  return self;
}
// Autograd state in model code: there is no autograd here, so requires_grad
// is a flag, every tensor a leaf, grad mode a no-op.
Tensor requiresGrad_(Tensor self, bool requires_grad) {
  self.set_requires_grad(requires_grad);
  return self;
}
bool alwaysFalse(const Tensor& /*self*/) { return false; }  // is_conj, is_neg: conjugation is never lazy here

#define FACTORY_TAIL "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"
#define LIKE_TAIL FACTORY_TAIL ", MemoryFormat? memory_format=None"

}  // namespace

const OpTable kCreationOps = {
    op<filled<0>>("aten::zeros(SymInt[] size, *, " FACTORY_TAIL ") -> Tensor", "A tensor of zeros."),
    op<filled<1>>("aten::ones(SymInt[] size, *, " FACTORY_TAIL ") -> Tensor", "A tensor of ones."),
    op<emptyOp>("aten::empty.memory_format(SymInt[] size, *, " LIKE_TAIL ") -> Tensor",
                "A new tensor (zero-filled here)."),
    op<fullOp>("aten::full(SymInt[] size, Scalar fill_value, *, " FACTORY_TAIL ") -> Tensor",
               "A tensor filled with a value (dtype inferred from it)."),
    op<filledLike<0>>("aten::zeros_like(Tensor self, *, " LIKE_TAIL ") -> Tensor", "Zeros shaped like self.", kAnyDevice),
    op<filledLike<1>>("aten::ones_like(Tensor self, *, " LIKE_TAIL ") -> Tensor", "Ones shaped like self.", kAnyDevice),
    op<filledLike<0>>("aten::empty_like(Tensor self, *, " LIKE_TAIL ") -> Tensor",
                      "A new tensor shaped like self (zero-filled here).", kAnyDevice),
    op<fullLike>("aten::full_like(Tensor self, Scalar fill_value, *, " LIKE_TAIL ") -> Tensor",
                 "A tensor shaped like self filled with a value.", kAnyDevice),
    op<newFilled<0>>("aten::new_zeros(Tensor self, SymInt[] size, *, " FACTORY_TAIL ") -> Tensor",
                     "Zeros with self's dtype.", kAnyDevice),
    op<newFilled<1>>("aten::new_ones(Tensor self, SymInt[] size, *, " FACTORY_TAIL ") -> Tensor",
                     "Ones with self's dtype.", kAnyDevice),
    op<newFilled<0>>("aten::new_empty(Tensor self, SymInt[] size, *, " FACTORY_TAIL ") -> Tensor",
                     "A new tensor with self's dtype (zero-filled here).", kAnyDevice),
    op<newFull>("aten::new_full(Tensor self, SymInt[] size, Scalar fill_value, *, " FACTORY_TAIL ") -> Tensor",
                "A filled tensor with self's dtype.", kAnyDevice),
    op<arangeEnd>("aten::arange(Scalar end, *, " FACTORY_TAIL ") -> Tensor", "0, 1, ... up to end (exclusive)."),
    op<arangeStart>("aten::arange.start(Scalar start, Scalar end, *, " FACTORY_TAIL ") -> Tensor",
                    "start, start+1, ... up to end (exclusive)."),
    op<range>("aten::range(Scalar start, Scalar end, *, " FACTORY_TAIL ") -> Tensor",
              "start..end inclusive, step 1 (deprecated torch.range)."),
    op<rangeStep>("aten::range.step(Scalar start, Scalar end, Scalar step=1, *, " FACTORY_TAIL ") -> Tensor",
                  "start..end inclusive (deprecated torch.range)."),
    op<emptyStridedOp>("aten::empty_strided(SymInt[] size, SymInt[] stride, *, " FACTORY_TAIL ") -> Tensor",
                       "An uninitialized tensor with the given strides."),
    op<arangeStartStep>("aten::arange.start_step(Scalar start, Scalar end, Scalar step=1, *, " FACTORY_TAIL
                        ") -> Tensor",
                        "start, start+step, ... up to end (exclusive)."),
    op<linspace>("aten::linspace(Scalar start, Scalar end, int steps, *, " FACTORY_TAIL ") -> Tensor",
                 "steps evenly spaced values from start to end."),
    op<logspace>("aten::logspace(Scalar start, Scalar end, int steps, float base=10., *, " FACTORY_TAIL ") -> Tensor",
                 "base ** linspace(start, end, steps)."),
    op<eyeN>("aten::eye(int n, *, " FACTORY_TAIL ") -> Tensor", "n x n identity matrix."),
    op<triangleIndicesOp<true>>(
        "aten::triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? "
        "device=None, bool? pin_memory=None) -> Tensor",
        "2 x N (row, col) indices of the upper triangle (col - row >= offset)."),
    op<triangleIndicesOp<false>>(
        "aten::tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? "
        "device=None, bool? pin_memory=None) -> Tensor",
        "2 x N (row, col) indices of the lower triangle (col - row <= offset)."),
    op<eyeM>("aten::eye.m(int n, int m, *, " FACTORY_TAIL ") -> Tensor", "n x m identity matrix."),
    op<scalarTensor>("aten::scalar_tensor(Scalar s, *, " FACTORY_TAIL ") -> Tensor", "A 0-dim tensor."),
    op<tensorOp>("aten::tensor(t[] data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> "
                 "Tensor",
                 "A tensor from a (nested) list."),
    op<tensorOp>("aten::tensor.int(int t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> "
                 "Tensor",
                 "A 0-dim int64 tensor."),
    op<tensorOp>("aten::tensor.float(float t, *, ScalarType? dtype=None, Device? device=None, bool "
                 "requires_grad=False) -> Tensor",
                 "A 0-dim float tensor."),
    op<tensorOp>("aten::tensor.bool(bool t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) "
                 "-> Tensor",
                 "A 0-dim bool tensor."),
    op<tensorOp>("aten::tensor.complex(complex t, *, ScalarType? dtype=None, Device? device=None, bool "
                 "requires_grad=False) -> Tensor",
                 "A 0-dim complex64 tensor."),
    op<asTensorList>("aten::as_tensor.list(t[] data, *, ScalarType? dtype=None, Device? device=None) -> Tensor",
                     "A tensor from a (nested) list."),
    op<asTensor>("aten::as_tensor(Tensor(a) data, *, ScalarType? dtype=None, Device? device=None) -> Tensor(b|a)",
                 "The tensor itself, converted when a dtype is given."),
    op<toDtypeOp>("aten::to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, "
                  "MemoryFormat? memory_format=None) -> Tensor(a)",
                  "Converts to a dtype (self when it already matches and !copy)."),
    op<toDeviceOp>("aten::to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False, bool "
                   "copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
                   "Converts to a device and dtype."),
    op<toOther>("aten::to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False, MemoryFormat? "
                "memory_format=None) -> Tensor(a)",
                "Converts to other's dtype and device."),
    op<toDtypeLayout>("aten::to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout? layout=None, "
                      "Device? device=None, bool? pin_memory=None, bool non_blocking=False, bool copy=False, "
                      "MemoryFormat? memory_format=None) -> Tensor(a)",
                      "Converts to the dtype and device given as keywords."),
    op<toPrimDevice>("aten::to.prim_Device(Tensor(a) self, Device? device, int? dtype=None, bool non_blocking=False, "
                     "bool copy=False) -> Tensor(b|a)",
                     "Converts to an optional device and dtype."),
    op<toPrimDtype>("aten::to.prim_dtype(Tensor(a) self, int? dtype=None, bool non_blocking=False, bool copy=False) -> "
                    "Tensor(b|a)",
                    "Converts to an optional dtype."),
    op<toPrimOther>("aten::to.prim_other(Tensor(a) self, bool non_blocking=False, bool copy=False) -> Tensor(b|a)",
                    "Self, or a copy when copy is set."),
    op<toCopy>("aten::_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? "
               "pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor",
               "A converted copy (dtype, device)."),
    op<[](const Tensor& self, const Tensor& other) { return convert(self, other.device(), other.dtype(), false); }>(
        "aten::type_as(Tensor self, Tensor other) -> Tensor", "Converts to other's dtype and device."),
    op<item>("aten::item(Tensor self) -> Scalar", "The value of a one-element tensor.", kAnyDevice),
    op<intOf>("aten::Int.Tensor(Tensor a) -> int", "int() of a one-element tensor.", kAnyDevice),
    op<floatOf>("aten::Float.Tensor(Tensor a) -> float", "float() of a one-element tensor.", kAnyDevice),
    op<boolOf>("aten::Bool.Tensor(Tensor a) -> bool", "bool() of a one-element tensor.", kAnyDevice),
    op<intImplicit>("aten::IntImplicit(Tensor a) -> int", "A 0-dim integer tensor used as an int argument.", kAnyDevice),
    op<[](const Tensor& a) { return implicitScalar(a).toDouble(); }>("aten::FloatImplicit(Tensor a) -> float",
                                                                     "A 0-dim tensor used as a float argument.", kAnyDevice),
    op<implicitScalar>("aten::ScalarImplicit(Tensor a) -> Scalar", "A 0-dim tensor used as a Scalar argument.", kAnyDevice),
    op<[](const Tensor& a) { return IValue(implicitScalar(a).toComplexDouble()); }>(
        "aten::ComplexImplicit(Tensor a) -> complex", "A 0-dim tensor used as a complex argument.", kAnyDevice),
    // Traced code wraps sizes as tensors (x.size(1) -> NumToTensor); the
    // number's own type picks the dtype (int64, double, bool), as PyTorch's.
    op<[](const Scalar& a) { return scalar_tensor(a); }>("prim::NumToTensor.Scalar(Scalar a) -> Tensor",
                                                          "A number as a 0-dim tensor of its type."),
    op<[](bool a) { return scalar_tensor(Scalar(a)); }>("prim::NumToTensor.bool(bool a) -> Tensor",
                                                       "A bool as a 0-dim bool tensor."),
    op<fillInplace<Scalar>>("aten::fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)",
                            "Fills self with a value."),
    op<fillInplace<const Tensor&>>("aten::fill_.Tensor(Tensor(a!) self, Tensor value) -> Tensor(a!)",
                                   "Fills self with a 0-dim tensor's value."),
    op<[](Tensor self) {
      self.zero_();
      return self;
    }>("aten::zero_(Tensor(a!) self) -> Tensor(a!)", "Fills self with zeros."),
    op<[](Tensor self, const Tensor& src, bool /*non_blocking*/) { return copyFrom(std::move(self), src); }>(
        "aten::copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)",
        "Copies src (broadcast, converted) into self."),
    op<copyFrom>("aten::copy_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "Copies other into self."),
    op<fillInplace<int64_t>>("aten::copy_.int(Tensor(a!) self, int other) -> Tensor(a!)", "Fills self with an int."),
    op<fillInplace<double>>("aten::copy_.float(Tensor(a!) self, float other) -> Tensor(a!)",
                            "Fills self with a float."),
    op<[](Tensor self) { return requiresGrad_(std::move(self), false); }>(
        "aten::detach_(Tensor(a!) self) -> Tensor(a!)", "Detaches self in place (no autograd here).", kAnyDevice),
    op<[](const Tensor& self) { return static_cast<int64_t>(self.element_size()); }>(
        "aten::element_size(Tensor self) -> int", "Bytes per element.", kAnyDevice),
    op<[](const Tensor& self, const Tensor& other) { return IntArrayRef(self.sizes()) == IntArrayRef(other.sizes()); }>(
        "aten::is_same_size(Tensor self, Tensor other) -> bool", "Whether the shapes are equal.", kAnyDevice),
    op<resize_>("aten::resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)",
                "Resizes self (contents kept where the storage allows)."),
    op<requiresGrad_>("aten::requires_grad_(Tensor(a!) self, bool requires_grad=True) -> Tensor(a!)",
                      "Sets the requires_grad flag.", kAnyDevice),
    op<[](const Tensor& /*self*/) { return true; }>("aten::is_leaf(Tensor self) -> bool",
                                                    "True: no autograd graph here.", kAnyDevice),
    op<[](const Tensor& /*self*/) { return int64_t{0}; }>("aten::output_nr(Tensor self) -> int",
                                                          "0: no autograd graph here.", kAnyDevice),
    op<alwaysFalse>("aten::is_conj(Tensor self) -> bool", "False: conjugation is never lazy here.", kAnyDevice),
    op<alwaysFalse>("aten::is_neg(Tensor self) -> bool", "False: negation is never lazy here.", kAnyDevice),
    op<[](bool /*val*/) {}>("aten::set_grad_enabled(bool val) -> ()", "No-op: no autograd here.", kAnyDevice),
    // The list object itself (not a copy): lists are mutable and shared.
    op<[](const IValue& sizes) { return IValue(sizes); }>("aten::Size(int[] sizes) -> int[]",
                                                          "torch.Size(list): the list.", kAnyDevice),
    op<[](const Tensor& self) { return full(self.sizes(), Scalar(int64_t{0}), self.dtype()); }>(
        "aten::zero(Tensor self) -> Tensor", "Zeros shaped like self."),
    op<fillCopy<Scalar>>("aten::fill.Scalar(Tensor self, Scalar value) -> Tensor", "A copy of self's shape filled."),
    op<fillCopy<const Tensor&>>("aten::fill.Tensor(Tensor self, Tensor value) -> Tensor",
                                "A copy of self's shape filled with a 0-dim tensor's value."),
    op<newEmptyStrided>("aten::new_empty_strided(Tensor self, SymInt[] size, SymInt[] stride, *, " FACTORY_TAIL
                        ") -> Tensor",
                        "An uninitialized tensor with the given strides and self's dtype."),
    op<[](Tensor self, const Tensor& the_template, OptInt /*memory_format*/) {
      self.resize_(the_template.sizes());
      return self;
    }>("aten::resize_as_(Tensor(a!) self, Tensor the_template, *, MemoryFormat? memory_format=None) -> Tensor(a!)",
       "Resizes self to the template's shape."),
};
#undef FACTORY_TAIL
#undef LIKE_TAIL

}  // namespace jitserve::ops
