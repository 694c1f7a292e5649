#include "tools/conform/compare.h"

#include <cmath>
#include <complex>
#include <sstream>

#include "runtime/core/ivalue_containers.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::conform {
namespace {

std::string shapeStr(std::span<const int64_t> s) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
  os << "]";
  return os.str();
}

bool close(double e, double a, const Tolerance& tol) {
  if (std::isnan(e) || std::isnan(a)) return std::isnan(e) && std::isnan(a);
  if (std::isinf(e) || std::isinf(a)) return e == a;
  return std::fabs(a - e) <= tol.atol + tol.rtol * std::fabs(e);
}

std::string indexStr(int64_t flat, std::span<const int64_t> sizes) {
  std::vector<int64_t> idx(sizes.size());
  for (size_t d = sizes.size(); d-- > 0;) {
    idx[d] = sizes[d] ? flat % sizes[d] : 0;
    flat = sizes[d] ? flat / sizes[d] : 0;
  }
  return shapeStr(idx);
}

// Complex values are close when |a - e| <= atol + rtol * |e| (moduli, as
// torch.testing does); a NaN in either part must be matched by a NaN in the
// same part, and infinite parts must be equal.
bool closeComplex(std::complex<double> e, std::complex<double> a, const Tolerance& tol) {
  const bool nan_e_re = std::isnan(e.real()), nan_e_im = std::isnan(e.imag());
  if (nan_e_re || nan_e_im || std::isnan(a.real()) || std::isnan(a.imag()))
    return nan_e_re == std::isnan(a.real()) && nan_e_im == std::isnan(a.imag()) &&
           (nan_e_re || close(e.real(), a.real(), tol)) && (nan_e_im || close(e.imag(), a.imag(), tol));
  if (std::isinf(e.real()) || std::isinf(e.imag()) || std::isinf(a.real()) || std::isinf(a.imag()))
    return e == a;
  return std::abs(a - e) <= tol.atol + tol.rtol * std::abs(e);
}

std::optional<std::string> compareComplex(const Tensor& e, const Tensor& a, const Tolerance& tol) {
  using C = std::complex<double>;
  Tensor ec = e.to(ScalarType::ComplexDouble).contiguous(), ac = a.to(ScalarType::ComplexDouble).contiguous();
  const C* ep = ec.data<C>();
  const C* ap = ac.data<C>();
  const int64_t n = e.numel();
  int64_t bad = 0, first = -1;
  double worst = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (closeComplex(ep[i], ap[i], tol)) continue;
    if (first < 0) first = i;
    ++bad;
    const double d = std::abs(ap[i] - ep[i]);
    if (std::isfinite(d)) worst = std::max(worst, d);
  }
  if (!bad) return std::nullopt;
  std::ostringstream os;
  os.precision(9);
  os << bad << " of " << n << " values differ; first at " << indexStr(first, e.sizes()) << ": expected "
     << ep[first].real() << (ep[first].imag() < 0 ? "" : "+") << ep[first].imag() << "j, got " << ap[first].real()
     << (ap[first].imag() < 0 ? "" : "+") << ap[first].imag() << "j (max abs diff " << worst << ", rtol "
     << tol.rtol << ", atol " << tol.atol << ")";
  return os.str();
}

std::optional<std::string> compareTensors(const Tensor& e, const Tensor& a, const Tolerance& tol) {
  if (!e.defined() || !a.defined()) {
    if (e.defined() == a.defined()) return std::nullopt;
    return std::string("expected ") + (e.defined() ? "a tensor" : "an undefined tensor") + ", got " +
           (a.defined() ? "a tensor" : "an undefined tensor");
  }
  if (e.dtype() != a.dtype())
    return "dtype mismatch: expected " + std::string(scalarTypeName(e.dtype())) + ", got " +
           std::string(scalarTypeName(a.dtype()));
  if (!std::equal(e.sizes().begin(), e.sizes().end(), a.sizes().begin(), a.sizes().end()))
    return "shape mismatch: expected " + shapeStr(e.sizes()) + ", got " + shapeStr(a.sizes());
  if (!a.is_cpu()) return std::string("result is not on the CPU");
  const int64_t n = e.numel();
  if (n == 0) return std::nullopt;
  if (isComplexType(e.dtype())) return compareComplex(e, a, tol);
  if (isFloatingType(e.dtype())) {
    Tensor ed = e.to(ScalarType::Double).contiguous(), ad = a.to(ScalarType::Double).contiguous();
    const double* ep = ed.data<double>();
    const double* ap = ad.data<double>();
    int64_t bad = 0, first = -1;
    double worst = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (!close(ep[i], ap[i], tol)) {
        if (first < 0) first = i;
        ++bad;
        if (std::isfinite(ep[i]) && std::isfinite(ap[i])) worst = std::max(worst, std::fabs(ap[i] - ep[i]));
      }
    }
    if (!bad) return std::nullopt;
    std::ostringstream os;
    os.precision(9);
    os << bad << " of " << n << " values differ; first at " << indexStr(first, e.sizes()) << ": expected "
       << ep[first] << ", got " << ap[first] << " (max abs diff " << worst << ", rtol " << tol.rtol << ", atol "
       << tol.atol << ")";
    return os.str();
  }
  Tensor el = e.to(ScalarType::Long).contiguous(), al = a.to(ScalarType::Long).contiguous();
  const int64_t* ep = el.data<int64_t>();
  const int64_t* ap = al.data<int64_t>();
  for (int64_t i = 0; i < n; ++i) {
    if (ep[i] != ap[i]) {
      std::ostringstream os;
      os << "values differ at " << indexStr(i, e.sizes()) << ": expected " << ep[i] << ", got " << ap[i];
      return os.str();
    }
  }
  return std::nullopt;
}

std::optional<std::string> compareAt(const std::string& path, const IValue& e, const IValue& a,
                                     const Tolerance& tol) {
  auto fail = [&](const std::string& msg) { return std::optional<std::string>(path + ": " + msg); };
  auto kinds = [&] { return std::string("expected ") + e.tagKind() + ", got " + a.tagKind(); };

  if (e.isNone()) return a.isNone() ? std::nullopt : fail(kinds());
  if (e.isTensor()) {
    if (!a.isTensor()) return fail(kinds());
    if (auto m = compareTensors(e.toTensor(), a.toTensor(), tol)) return fail(*m);
    return std::nullopt;
  }
  if (e.isBool()) {
    if (!a.isBool()) return fail(kinds());
    return e.toBool() == a.toBool() ? std::nullopt : fail("expected " + e.repr() + ", got " + a.repr());
  }
  if (e.isInt()) {
    if (!a.isInt()) return fail(kinds());
    return e.toInt() == a.toInt() ? std::nullopt : fail("expected " + e.repr() + ", got " + a.repr());
  }
  if (e.isDouble()) {
    if (!a.isDouble()) return fail(kinds());
    return close(e.toDouble(), a.toDouble(), tol) ? std::nullopt
                                                  : fail("expected " + e.repr() + ", got " + a.repr());
  }
  if (e.isComplexDouble()) {
    if (!a.isComplexDouble()) return fail(kinds());
    const std::complex<double> x = e.toComplexDouble(), y = a.toComplexDouble();
    return close(x.real(), y.real(), tol) && close(x.imag(), y.imag(), tol)
               ? std::nullopt
               : fail("expected " + e.repr() + ", got " + a.repr());
  }
  if (e.isString()) {
    if (!a.isString()) return fail(kinds());
    return e.toStringRef() == a.toStringRef() ? std::nullopt : fail("expected " + e.repr() + ", got " + a.repr());
  }
  if (e.isDevice()) {
    if (!a.isDevice()) return fail(kinds());
    return e.toDevice() == a.toDevice() ? std::nullopt : fail("expected " + e.repr() + ", got " + a.repr());
  }
  if (e.isList() || e.isTuple()) {
    // torch.save writes tuples and lists distinctly; keep the distinction.
    if (e.isList() != a.isList() || e.isTuple() != a.isTuple()) return fail(kinds());
    const std::vector<IValue>& ev = e.isList() ? e.toList()->elements : e.toTuple()->elements;
    const std::vector<IValue>& av = a.isList() ? a.toList()->elements : a.toTuple()->elements;
    if (ev.size() != av.size())
      return fail("length mismatch: expected " + std::to_string(ev.size()) + ", got " + std::to_string(av.size()));
    for (size_t i = 0; i < ev.size(); ++i)
      if (auto m = compareAt(path + "[" + std::to_string(i) + "]", ev[i], av[i], tol)) return m;
    return std::nullopt;
  }
  if (e.isDict()) {
    if (!a.isDict()) return fail(kinds());
    auto ed = e.toDict(), ad = a.toDict();
    if (ed->size() != ad->size())
      return fail("dict size mismatch: expected " + std::to_string(ed->size()) + ", got " +
                  std::to_string(ad->size()));
    for (size_t i = 0; i < ed->size(); ++i) {
      const auto& ee = ed->entries()[i];
      const auto& ae = ad->entries()[i];
      if (auto m = compareAt(path + ".keys()[" + std::to_string(i) + "]", ee.key, ae.key, tol)) return m;
      if (auto m = compareAt(path + "[" + ee.key.repr() + "]", ee.value, ae.value, tol)) return m;
    }
    return std::nullopt;
  }
  return fail(std::string("cannot compare values of kind ") + e.tagKind());
}

}  // namespace

std::optional<std::string> compareValues(const IValue& expected, const IValue& actual, const Tolerance& tol) {
  return compareAt("output", expected, actual, tol);
}

}  // namespace jitserve::conform
