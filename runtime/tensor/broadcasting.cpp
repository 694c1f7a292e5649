#include "runtime/tensor/broadcasting.h"

#include <algorithm>

#include "runtime/support/error.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

DimVector infer_size(IntArrayRef a, IntArrayRef b) {
  const size_t na = a.size(), nb = b.size(), n = std::max(na, nb);
  DimVector out(n);
  for (size_t i = n; i-- > 0;) {
    // Align from the right: dim i of the result is dim i - (n - na) of a.
    const int64_t da = i + na >= n ? a[i + na - n] : 1;
    const int64_t db = i + nb >= n ? b[i + nb - n] : 1;
    JS_CHECK(da == db || da == 1 || db == 1, "The size of tensor a (", da, ") must match the size of tensor b (", db,
             ") at non-singleton dimension ", i);
    out[i] = da == 1 ? db : da;
  }
  return out;
}

DimVector broadcastShapes(std::span<const IntArrayRef> shapes) {
  DimVector out;
  for (const IntArrayRef& s : shapes) out = infer_size(out, s);
  return out;
}

bool is_expandable_to(IntArrayRef shape, IntArrayRef target) {
  if (shape.size() > target.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t s = shape[shape.size() - 1 - i], t = target[target.size() - 1 - i];
    if (s != t && s != 1) return false;
  }
  return true;
}

std::vector<Tensor> broadcast_tensors(std::span<const Tensor> tensors) {
  DimVector shape;
  for (const Tensor& t : tensors) shape = infer_size(shape, t.sizes());
  std::vector<Tensor> out;
  out.reserve(tensors.size());
  for (const Tensor& t : tensors) out.push_back(IntArrayRef(t.sizes()) == IntArrayRef(shape) ? t : t.expand(shape));
  return out;
}

}  // namespace jitserve
