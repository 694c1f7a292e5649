// Each slice along `dim` becomes a row of doubles compared lexicographically;
// the output gathers the first row of each group from the original tensor
// with index_select, so values and dtype are preserved exactly.
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <numeric>

#include "runtime/ops/index_ops.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

struct Rows {
  Tensor data;  // (n, width) double
  int64_t n, width;
  const double* row(int64_t i) const { return data.data<double>() + i * width; }
};

Rows rowsAlong(const Tensor& x, int64_t dim) {
  // Complex numbers have no order to sort them by (PyTorch refuses them too).
  JS_CHECK(!x.is_complex(), "\"unique\" not implemented for '", scalarTypeName(x.dtype()), "'");
  std::vector<int64_t> perm{dim};
  for (int64_t i = 0; i < x.dim(); ++i)
    if (i != dim) perm.push_back(i);
  const int64_t n = x.size(dim);
  const int64_t width = n == 0 ? 0 : x.numel() / n;
  return {x.permute(perm).to(ScalarType::Double).contiguous().reshape({n, width}), n, width};
}

int64_t wrapDim(int64_t d, const Tensor& x) {
  const int64_t nd = std::max<int64_t>(x.dim(), 1);
  JS_CHECK(d >= -nd && d < nd, "Dimension out of range (expected to be in range of [", -nd, ", ", nd - 1,
           "], but got ", d, ")");
  return d < 0 ? d + nd : d;
}

// Groups rows visited in `order` into runs of equal rows: first row index of
// each run, run lengths, and the run of every row.
void groupRuns(const Rows& r, const std::vector<int64_t>& order, std::vector<int64_t>& firsts,
               std::vector<int64_t>& counts, std::vector<int64_t>& inverse) {
  inverse.assign(static_cast<size_t>(r.n), 0);
  for (size_t k = 0; k < order.size(); ++k) {
    const int64_t i = order[k];
    const bool same = k > 0 && std::equal(r.row(i), r.row(i) + r.width, r.row(order[k - 1]));
    if (!same) {
      firsts.push_back(i);
      counts.push_back(0);
    }
    ++counts.back();
    inverse[i] = static_cast<int64_t>(firsts.size()) - 1;
  }
}

std::tuple<Tensor, Tensor, Tensor> uniqueConsecutive(const Tensor& self, bool want_inverse, bool want_counts,
                                                     std::optional<int64_t> dim_arg) {
  const Tensor x = dim_arg ? self : self.reshape({-1});
  const int64_t dim = dim_arg ? wrapDim(*dim_arg, self) : 0;
  JS_CHECK(x.dim() > 0, "unique_consecutive: cannot deduplicate along dim of a 0-d tensor");
  Rows r = rowsAlong(x, dim);
  std::vector<int64_t> order(static_cast<size_t>(r.n)), firsts, counts, inverse;
  std::iota(order.begin(), order.end(), 0);
  groupRuns(r, order, firsts, counts, inverse);
  Tensor out = index_select(x, dim, from_vector(firsts));
  // Without dim, PyTorch only fills inverse/counts when asked.
  Tensor inv = (want_inverse || dim_arg) ? from_vector(inverse).reshape(dim_arg ? DimVector{r.n}
                                                                                 : DimVector(self.sizes().begin(),
                                                                                             self.sizes().end()))
                                         : empty({0}, ScalarType::Long);
  Tensor cnt = (want_counts || dim_arg) ? from_vector(counts) : empty({0}, ScalarType::Long);
  return {std::move(out), std::move(inv), std::move(cnt)};
}

std::tuple<Tensor, Tensor, Tensor> uniqueDim(const Tensor& x, int64_t dim_arg, bool /*sorted*/, bool /*return_inverse*/,
                                             bool /*return_counts*/) {
  // sorted is always honoured: the groups come out in ascending lexicographic order.
  JS_CHECK(x.dim() > 0, "unique_dim: cannot deduplicate along dim of a 0-d tensor");
  const int64_t dim = wrapDim(dim_arg, x);
  Rows r = rowsAlong(x, dim);
  std::vector<int64_t> order(static_cast<size_t>(r.n)), firsts, counts, inverse;
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) {
    return std::lexicographical_compare(r.row(i), r.row(i) + r.width, r.row(j), r.row(j) + r.width);
  });
  groupRuns(r, order, firsts, counts, inverse);
  return {index_select(x, dim, from_vector(firsts)), from_vector(inverse), from_vector(counts)};
}

// torch.unique without dim: distinct elements in ascending order (also for
// sorted=False, whose order PyTorch leaves unspecified); inverse and counts
// only when asked.
std::tuple<Tensor, Tensor, Tensor> unique2(const Tensor& self, bool /*sorted*/, bool return_inverse,
                                           bool return_counts) {
  const Tensor x = self.reshape({-1});
  Rows r = rowsAlong(x, 0);
  std::vector<int64_t> order(static_cast<size_t>(r.n)), firsts, counts, inverse;
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) { return *r.row(i) < *r.row(j); });
  groupRuns(r, order, firsts, counts, inverse);
  Tensor inv = return_inverse ? from_vector(inverse).reshape(self.sizes()) : empty({0}, ScalarType::Long);
  Tensor cnt = return_counts ? from_vector(counts) : empty({0}, ScalarType::Long);
  return {index_select(x, 0, from_vector(firsts)), std::move(inv), std::move(cnt)};
}

}  // namespace

const OpTable kUniqueOps = {
    op<unique2>("aten::_unique2(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> "
                "(Tensor, Tensor, Tensor)",
                "Distinct elements of the flattened input, ascending."),
    op<uniqueConsecutive>("aten::unique_consecutive(Tensor self, bool return_inverse=False, bool return_counts=False, "
                          "int? dim=None) -> (Tensor, Tensor, Tensor)",
                          "Collapses runs of equal consecutive elements (or slices along dim)."),
    op<uniqueDim>("aten::unique_dim(Tensor self, int dim, bool sorted=True, bool return_inverse=False, bool "
                  "return_counts=False) -> (Tensor, Tensor, Tensor)",
                  "Sorted distinct slices along dim, with inverse indices and counts."),
};

}  // namespace jitserve::ops
