// Human-readable tensors for error messages and the jit-run CLI.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

constexpr int64_t kEdgeItems = 3;      // shown at each end of a long dim
constexpr int64_t kSummarizeAbove = 1000;

std::string formatDouble(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", d);
  return buf;
}

template <typename T>
std::string formatElement(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "True" : "False";
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(static_cast<int64_t>(v));
  } else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    const double im = static_cast<double>(v.imag());
    return formatDouble(static_cast<double>(v.real())) + (im < 0 ? "-" : "+") + formatDouble(std::abs(im)) + "j";
  } else {
    return formatDouble(static_cast<double>(static_cast<float>(v)));
  }
}

template <>
std::string formatElement<double>(double v) {
  return formatDouble(v);
}

template <typename T>
void printDim(std::ostringstream& os, const Tensor& t, int64_t d, const char* base, bool summarize) {
  const int64_t size = t.sizes()[d];
  const int64_t stride = t.strides()[d] * static_cast<int64_t>(sizeof(T));
  os << '[';
  for (int64_t i = 0; i < size; ++i) {
    if (summarize && size > 2 * kEdgeItems && i == kEdgeItems) {
      os << "..., ";
      i = size - kEdgeItems - 1;
      continue;
    }
    const char* p = base + i * stride;
    if (d + 1 == t.dim()) os << formatElement(*reinterpret_cast<const T*>(p));
    else printDim<T>(os, t, d + 1, p, summarize);
    if (i + 1 < size) os << ", ";
  }
  os << ']';
}

}  // namespace

std::string describe(const Tensor& t) {
  if (!t.defined()) return "Tensor(undefined)";
  std::string s(scalarTypeName(t.dtype()));
  s += shapeToString(t.sizes());
  if (!t.is_cpu()) s += "{" + t.device().str() + "}";
  return s;
}

std::string toString(const Tensor& t) {
  std::string s = describe(t);
  if (!t.defined() || !t.is_cpu()) return s;
  std::ostringstream os;
  os << s << ' ';
  const bool summarize = t.numel() > kSummarizeAbove;
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(t.dtype(), "toString", [&] {
    if (t.dim() == 0) os << formatElement(*static_cast<const scalar_t*>(t.data_ptr()));
    else printDim<scalar_t>(os, t, 0, static_cast<const char*>(t.data_ptr()), summarize);
  });
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) { return os << toString(t); }

}  // namespace jitserve
