#include "runtime/tensor/scalar.h"

#include <cmath>
#include <cstdio>

namespace jitserve {

namespace detail {
void throwScalarOverflow(const char* type_name) {
  JS_ERROR("value cannot be converted to type ", type_name, " without overflow");
}
}  // namespace detail

Scalar Scalar::operator-() const {
  switch (kind_) {
    case Kind::Bool: JS_ERROR("Negation, the `-` operator, on a bool is not supported.");
    case Kind::Int: return Scalar(static_cast<int64_t>(0ULL - static_cast<uint64_t>(v_.i)));
    case Kind::Double: return Scalar(-v_.d);
    case Kind::ComplexDouble: return Scalar(std::complex<double>(-v_.z[0], -v_.z[1]));
  }
  return *this;
}

bool Scalar::equal(const Scalar& o) const {
  if (kind_ != o.kind_) return false;
  switch (kind_) {
    case Kind::Double: return v_.d == o.v_.d;
    case Kind::ComplexDouble: return v_.z[0] == o.v_.z[0] && v_.z[1] == o.v_.z[1];
    default: return v_.i == o.v_.i;
  }
}

namespace {
// Python's repr of a float: shortest round-trip digits, always with a '.'
// or exponent ("2.0", "1e-05", "inf", "nan").
std::string pyFloat(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  char buf[32];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  std::string s = buf;
  // %g uses e-05; Python too ("1e-05"), but Python switches to exponent
  // form only at >= 1e16 or < 1e-4, as %g does with enough precision.
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}
}  // namespace

std::string Scalar::toString() const {
  switch (kind_) {
    case Kind::Bool: return v_.i ? "True" : "False";
    case Kind::Int: return std::to_string(v_.i);
    case Kind::Double: return pyFloat(v_.d);
    case Kind::ComplexDouble: {
      std::string re = pyFloat(v_.z[0]), im = pyFloat(std::abs(v_.z[1]));
      return "(" + re + (v_.z[1] < 0 || std::signbit(v_.z[1]) ? "-" : "+") + im + "j)";
    }
  }
  return "?";
}

}  // namespace jitserve
