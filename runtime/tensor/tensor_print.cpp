// Human-readable tensors for error messages and the jit-run CLI, and the
// text TorchScript's str()/print() give a tensor.
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>
#include <tuple>
#include <vector>

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

// torchScriptString: libtorch's printing, reproduced for its observable
// text. Values are read as doubles in row-major order.
namespace {

constexpr int64_t kLineSize = 80;

// Chooses the stream format (fixed, scientific or default) and the column
// width for a set of values, and a scale factor printed once ("1e+06 *")
// when the values are large or small but close in magnitude. As libtorch
// does, the largest magnitude only counts values that are positive.
std::tuple<double, int64_t> printFormat(std::ostream& os, const double* v, int64_t n) {
  if (n == 0) return {1., 0};
  bool intMode = true;
  for (int64_t i = 0; i < n; ++i)
    if (std::isfinite(v[i]) && v[i] != std::ceil(v[i])) {
      intMode = false;
      break;
    }
  int64_t offset = 0;
  while (offset < n && !std::isfinite(v[offset])) ++offset;
  double expMin = 1, expMax = 1;
  if (offset != n) {
    expMin = expMax = std::fabs(v[offset]);
    for (int64_t i = offset; i < n; ++i) {
      const double z = std::fabs(v[i]);
      if (!std::isfinite(z)) continue;
      if (z < expMin) expMin = z;
      if (v[i] > expMax) expMax = z;
    }
    expMin = expMin != 0 ? std::floor(std::log10(expMin)) + 1 : 1;
    expMax = expMax != 0 ? std::floor(std::log10(expMax)) + 1 : 1;
  }
  double scale = 1;
  int64_t sz;
  if (intMode) {
    if (expMax > 9) {
      sz = 11;
      os << std::scientific << std::setprecision(4);
    } else {
      sz = static_cast<int64_t>(expMax) + 1;
      os << std::defaultfloat;
    }
  } else if (expMax - expMin > 4) {
    sz = 11;
    if (std::fabs(expMax) > 99 || std::fabs(expMin) > 99) ++sz;
    os << std::scientific << std::setprecision(4);
  } else {
    if (expMax > 5 || expMax < 0) {
      sz = 7;
      scale = std::pow(10, expMax - 1);
    } else {
      sz = expMax == 0 ? 7 : static_cast<int64_t>(expMax) + 6;
    }
    os << std::fixed << std::setprecision(4);
  }
  return {scale, sz};
}

void printScale(std::ostream& os, double scale) {
  const auto flags = os.flags();
  os << std::defaultfloat << scale << " *\n";
  os.flags(flags);
}

void printIndent(std::ostream& os, int64_t indent) {
  for (int64_t i = 0; i < indent; ++i) os << ' ';
}

// A rows x cols matrix, in blocks of columns that fit the line.
void printMatrix(std::ostream& os, const double* v, int64_t rows, int64_t cols, int64_t indent) {
  auto [scale, sz] = printFormat(os, v, rows * cols);
  printIndent(os, indent);
  const int64_t perLine = std::max<int64_t>((kLineSize - indent) / (sz + 1), 1);
  for (int64_t first = 0; first < cols;) {
    const int64_t last = first + perLine <= cols ? first + perLine - 1 : cols - 1;
    if (perLine < cols) {
      if (first != 0) os << '\n';
      os << "Columns " << first + 1 << " to " << last + 1;
      printIndent(os, indent);
    }
    if (scale != 1) {
      printScale(os, scale);
      printIndent(os, indent);
    }
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = first; c <= last; ++c) {
        os << std::setw(static_cast<int>(sz)) << v[r * cols + c] / scale;
        if (c == last) {
          os << '\n';
          if (r != rows - 1) {
            printIndent(os, indent);
            if (scale != 1) os << ' ';
          }
        } else {
          os << ' ';
        }
      }
    }
    first = last + 1;
  }
}

// Three or more dims: each trailing matrix under its "(i,j,.,.) = " header,
// in libtorch's order, where the first index varies fastest.
void printSlices(std::ostream& os, const double* v, const std::vector<int64_t>& sizes) {
  const size_t outer = sizes.size() - 2;
  std::vector<int64_t> stride(outer);
  int64_t count = 1;
  for (size_t i = outer; i-- > 0;) {
    stride[i] = (i + 1 < outer ? stride[i + 1] * sizes[i + 1] : sizes[outer] * sizes[outer + 1]);
    count *= sizes[i];
  }
  std::vector<int64_t> counter(outer, 0);
  for (int64_t k = 0; k < count; ++k) {
    if (k) os << '\n';
    os << '(';
    int64_t off = 0;
    for (size_t i = 0; i < outer; ++i) {
      os << counter[i] + 1 << ',';
      off += counter[i] * stride[i];
    }
    os << ".,.) = \n";
    printMatrix(os, v + off, sizes[outer], sizes[outer + 1], 1);
    for (size_t i = 0; i < outer; ++i) {
      if (++counter[i] < sizes[i]) break;
      counter[i] = 0;
    }
  }
}

}  // namespace

std::string torchScriptString(const Tensor& t) {
  if (!t.defined()) return "[ Tensor (undefined) ]";
  if (!t.is_cpu() || isComplexType(t.dtype())) return toString(t);
  const std::vector<int64_t> sizes(t.sizes().begin(), t.sizes().end());
  std::vector<double> v;
  v.reserve(static_cast<size_t>(t.numel()));
  JS_DISPATCH_ALL_TYPES_AND_BOOL(t.dtype(), "torchScriptString", [&] {
    std::vector<int64_t> idx(sizes.size(), 0);
    const char* base = static_cast<const char*>(t.data_ptr());
    for (int64_t n = 0; n < t.numel(); ++n) {
      int64_t off = 0;
      for (size_t d = 0; d < sizes.size(); ++d) off += idx[d] * t.strides()[d];
      v.push_back(static_cast<double>(*reinterpret_cast<const scalar_t*>(base + off * static_cast<int64_t>(sizeof(scalar_t)))));
      for (size_t d = sizes.size(); d-- > 0;) {
        if (++idx[d] < sizes[d]) break;
        idx[d] = 0;
      }
    }
  });
  std::ostringstream os;
  const std::string type = "CPU" + std::string(scalarTypeName(t.dtype())) + "Type";
  if (sizes.empty()) {
    os << v[0] << '\n' << "[ " << type << "{}";
  } else {
    if (sizes.size() == 1 && !v.empty()) {
      auto [scale, sz] = printFormat(os, v.data(), static_cast<int64_t>(v.size()));
      if (scale != 1) printScale(os, scale);
      for (double x : v) os << std::setw(static_cast<int>(sz)) << x / scale << '\n';
    } else if (sizes.size() == 2 && !v.empty()) {
      printMatrix(os, v.data(), sizes[0], sizes[1], 0);
    } else if (!v.empty()) {
      printSlices(os, v.data(), sizes);
    }
    os << "[ " << type << "{";
    for (size_t i = 0; i < sizes.size(); ++i) os << (i ? "," : "") << sizes[i];
    os << "}";
  }
  os << " ]";
  return os.str();
}

}  // namespace jitserve
