#include "runtime/ops/fft_args.h"

#include <cmath>

#include "runtime/support/error.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::ops {

void checkFftDtype(const Tensor& x, const char* op) {
  JS_CHECK(x.defined(), op, ": the tensor is undefined");
  const ScalarType t = x.dtype();
  JS_CHECK(t != ScalarType::Half && t != ScalarType::BFloat16 && t != ScalarType::ComplexHalf, op,
           ": unsupported dtype ", scalarTypeName(t));
}
bool isDoublePrecision(const Tensor& x) {
  return x.dtype() == ScalarType::Double || x.dtype() == ScalarType::ComplexDouble;
}
ScalarType complexResultType(const Tensor& x) {
  return isDoublePrecision(x) ? ScalarType::ComplexDouble : ScalarType::ComplexFloat;
}
ScalarType realResultType(const Tensor& x) { return isDoublePrecision(x) ? ScalarType::Double : ScalarType::Float; }

double normScale(const std::optional<std::string>& norm, bool forward, int64_t n) {
  const std::string mode = norm.value_or("backward");
  const double dn = static_cast<double>(n);
  if (mode == "backward") return forward ? 1.0 : 1.0 / dn;
  if (mode == "forward") return forward ? 1.0 / dn : 1.0;
  if (mode == "ortho") return 1.0 / std::sqrt(dn);
  JS_ERROR("Invalid normalization mode: \"", mode, "\"");
}

void checkPoints(int64_t n) { JS_CHECK(n >= 1, "Invalid number of data points (", n, ") specified"); }

FftShape canonicalize(const Tensor& x, const std::optional<std::vector<int64_t>>& s,
                      const std::optional<std::vector<int64_t>>& dim) {
  FftShape r;
  const int64_t nd = x.dim();
  if (dim) {
    for (int64_t d : *dim) {
      const int64_t w = maybe_wrap_dim(d, nd);
      for (int64_t e : r.dim) JS_CHECK(e != w, "FFT dims must be unique");
      r.dim.push_back(w);
    }
  }
  if (s) {
    if (dim) {
      JS_CHECK(s->size() == dim->size(), "When given, dim and shape arguments must have the same length");
    } else {
      JS_CHECK(static_cast<int64_t>(s->size()) <= nd, "Got shape with ", s->size(),
               " values but input tensor only has ", nd, " dimensions.");
      for (int64_t d = nd - static_cast<int64_t>(s->size()); d < nd; ++d) r.dim.push_back(d);
    }
    for (size_t i = 0; i < s->size(); ++i) {
      const int64_t n = (*s)[i] == -1 ? x.size(r.dim[i]) : (*s)[i];
      checkPoints(n);
      r.s.push_back(n);
    }
  } else {
    if (!dim)
      for (int64_t d = 0; d < nd; ++d) r.dim.push_back(d);
    for (int64_t d : r.dim) r.s.push_back(x.size(d));
  }
  return r;
}

FftShape oneDim(const Tensor& x, std::optional<int64_t> n, int64_t dim) {
  JS_CHECK(x.dim() >= 1, "Dimension specified as ", dim, " but tensor has no dimensions");
  std::optional<std::vector<int64_t>> s;
  if (n) s = std::vector<int64_t>{*n};
  return canonicalize(x, s, std::vector<int64_t>{dim});
}

int64_t product(const std::vector<int64_t>& v) {
  int64_t p = 1;
  for (int64_t x : v) p *= x;
  return p;
}

FftShape c2rShape(const Tensor& x, const std::optional<std::vector<int64_t>>& s,
                  const std::optional<std::vector<int64_t>>& dim) {
  FftShape sh = canonicalize(x, s, dim);
  if (!sh.dim.empty() && !(s && s->back() != -1)) {
    sh.s.back() = 2 * (x.size(sh.dim.back()) - 1);
    checkPoints(sh.s.back());
  }
  return sh;
}

FftShape c2rOneDim(const Tensor& x, std::optional<int64_t> n, int64_t dim) {
  FftShape sh = oneDim(x, n, dim);
  if (!n) {
    sh.s[0] = 2 * (x.size(sh.dim[0]) - 1);
    checkPoints(sh.s[0]);
  }
  return sh;
}

DimLayout layoutOf(const Tensor& t, int64_t dim) {
  DimLayout l;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (d < dim) l.outer *= t.size(d);
    else if (d > dim) l.inner *= t.size(d);
  }
  l.n = t.size(dim);
  return l;
}

}  // namespace jitserve::ops
