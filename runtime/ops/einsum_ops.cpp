// aten::einsum: Einstein summation over labelled dimensions.
//
// The equation is parsed into one label list per operand (letters; "..."
// stands for the broadcast dims, right-aligned across operands) and the
// output's (explicit after "->", else every label used once, alphabetical,
// after "..."). A label repeated within an operand takes the diagonal (one
// strided view). Operands are then contracted left to right, two at a time:
// labels neither the output nor a later operand needs are summed out of an
// operand first; the shared ones become the batch (kept) and contracted
// (summed) dims of one bmm, each side permuted and reshaped to
// (batch, own, contracted). Sizes of 1 broadcast against the other side.
#include "runtime/ops/einsum_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/support/error.h"

namespace jitserve::ops {
namespace {

constexpr int kLetters = 52;  // a-z, A-Z
// Label ids: 0..51 letters, kEllipsisBase + k the k-th broadcast dim.
constexpr int kEllipsisBase = kLetters;

int letterId(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return 26 + (c - 'A');
  return -1;
}
char letterOf(int id) { return static_cast<char>(id < 26 ? 'a' + id : 'A' + id - 26); }

// One operand's subscripts: label ids, with -1 marking where "..." stood.
struct Subscripts {
  std::vector<int> labels;
  bool ellipsis = false;
};

Subscripts parseSubscripts(std::string_view s, std::string_view equation) {
  Subscripts out;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ' ') continue;
    if (c == '.') {
      JS_CHECK(s.substr(i, 3) == "...", "einsum(): found '.' that is not part of an ellipsis in equation '",
               equation, "'");
      JS_CHECK(!out.ellipsis, "einsum(): found more than one ellipsis (\"...\") in one subscript of '", equation, "'");
      out.ellipsis = true;
      out.labels.push_back(-1);
      i += 2;
      continue;
    }
    const int id = letterId(c);
    JS_CHECK(id >= 0, "einsum(): invalid subscript given in equation '", equation,
             "': subscripts must be letters in [a-zA-Z]");
    out.labels.push_back(id);
  }
  return out;
}

// The operand as a view with one dim per distinct label (diagonals taken),
// in order of first appearance; `ids` receives the labels.
Tensor labelledView(const Tensor& t, const Subscripts& sub, int64_t ellipsisDims, int64_t maxEllipsis,
                    std::vector<int>* ids, size_t operand) {
  const int64_t named = static_cast<int64_t>(sub.labels.size()) - (sub.ellipsis ? 1 : 0);
  JS_CHECK(sub.ellipsis ? t.dim() >= named : t.dim() == named, "einsum(): the number of subscripts in the equation (",
           named, ") ", sub.ellipsis ? "is more than" : "does not match", " the number of dimensions (", t.dim(),
           ") for operand ", operand, sub.ellipsis ? "" : " and no ellipsis was given");
  std::vector<int> perDim;  // label of each dim of t
  for (int l : sub.labels) {
    if (l >= 0) {
      perDim.push_back(l);
      continue;
    }
    // Right-aligned: this operand's broadcast dims are the last ones.
    for (int64_t k = 0; k < ellipsisDims; ++k) perDim.push_back(kEllipsisBase + static_cast<int>(maxEllipsis - ellipsisDims + k));
  }
  std::vector<int64_t> sizes, strides;
  ids->clear();
  for (size_t d = 0; d < perDim.size(); ++d) {
    auto it = std::find(ids->begin(), ids->end(), perDim[d]);
    const int64_t dd = static_cast<int64_t>(d);
    if (it == ids->end()) {
      ids->push_back(perDim[d]);
      sizes.push_back(t.size(dd));
      strides.push_back(t.stride(dd));
      continue;
    }
    const size_t k = static_cast<size_t>(it - ids->begin());
    JS_CHECK(sizes[k] == t.size(dd), "einsum(): subscript ", letterOf(perDim[d]),
             " is repeated for operand ", operand, " but the sizes don't match, ", sizes[k], " != ", t.size(dd));
    strides[k] += t.stride(dd);  // the diagonal
  }
  return t.as_strided(sizes, strides, t.storage_offset());
}

// A tensor whose dims carry labels.
struct Labelled {
  Tensor t;
  std::vector<int> ids;
};

// Sums out the labels of `x` that are not in `keep`.
Labelled sumOut(Labelled x, const std::array<bool, kEllipsisBase + 64>& keep) {
  std::vector<int64_t> dims;
  std::vector<int> rest;
  for (size_t d = 0; d < x.ids.size(); ++d) {
    if (keep[static_cast<size_t>(x.ids[d])]) rest.push_back(x.ids[d]);
    else dims.push_back(static_cast<int64_t>(d));
  }
  if (dims.empty()) return x;
  return {sum(x.t, dims, false), rest};
}

int64_t sizeOf(const Labelled& x, int id) {
  auto it = std::find(x.ids.begin(), x.ids.end(), id);
  return it == x.ids.end() ? 1 : x.t.size(static_cast<int64_t>(it - x.ids.begin()));
}

// a (x) b over their shared labels: those in `keep` stay (batch), the others
// are summed (contracted).
Labelled contract(const Labelled& a, const Labelled& b, const std::array<bool, kEllipsisBase + 64>& keep) {
  std::vector<int> batch, contracted, left, right;
  for (int id : a.ids) {
    const bool shared = std::find(b.ids.begin(), b.ids.end(), id) != b.ids.end();
    if (shared) (keep[static_cast<size_t>(id)] ? batch : contracted).push_back(id);
    else left.push_back(id);
  }
  for (int id : b.ids)
    if (std::find(a.ids.begin(), a.ids.end(), id) == a.ids.end()) right.push_back(id);
  // Broadcast sizes of shared labels (1 against n).
  auto sharedSize = [&](int id) {
    const int64_t x = sizeOf(a, id), y = sizeOf(b, id);
    JS_CHECK(x == y || x == 1 || y == 1, "einsum(): operands do not broadcast with remapped shapes (original->remapped)");
    return std::max(x, y);
  };
  // x permuted to the groups' order and expanded to the shared sizes.
  auto arrange = [&](const Labelled& x, std::initializer_list<const std::vector<int>*> groups) {
    std::vector<int64_t> perm, full;
    for (const std::vector<int>* g : groups) {
      const bool shared = g == &batch || g == &contracted;
      for (int id : *g) {
        perm.push_back(static_cast<int64_t>(std::find(x.ids.begin(), x.ids.end(), id) - x.ids.begin()));
        full.push_back(shared ? sharedSize(id) : sizeOf(x, id));
      }
    }
    return x.t.permute(perm).expand(full);
  };
  int64_t nb = 1, nl = 1, nr = 1, nk = 1;
  std::vector<int64_t> outSizes;
  for (int id : batch) {
    nb *= sharedSize(id);
    outSizes.push_back(sharedSize(id));
  }
  for (int id : left) {
    nl *= sizeOf(a, id);
    outSizes.push_back(sizeOf(a, id));
  }
  for (int id : right) {
    nr *= sizeOf(b, id);
    outSizes.push_back(sizeOf(b, id));
  }
  for (int id : contracted) nk *= sharedSize(id);
  Tensor la = arrange(a, {&batch, &left, &contracted}).reshape({nb, nl, nk});
  Tensor rb = arrange(b, {&batch, &contracted, &right}).reshape({nb, nk, nr});
  Labelled out;
  out.t = bmm(la, rb).reshape(outSizes);
  out.ids = batch;
  out.ids.insert(out.ids.end(), left.begin(), left.end());
  out.ids.insert(out.ids.end(), right.begin(), right.end());
  return out;
}

}  // namespace

Tensor einsum(std::string_view equation, const std::vector<Tensor>& operands) {
  JS_CHECK(!operands.empty(), "einsum(): must provide at least one operand");
  const size_t arrow = equation.find("->");
  const std::string_view lhs = equation.substr(0, arrow);
  std::vector<Subscripts> subs;
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    subs.push_back(parseSubscripts(lhs.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start), equation));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  JS_CHECK(subs.size() == operands.size(), "einsum(): more operands were provided than specified in the equation");
  int64_t maxEllipsis = 0;
  std::vector<int64_t> ellipsisDims(subs.size(), 0);
  for (size_t i = 0; i < subs.size(); ++i) {
    if (!subs[i].ellipsis) continue;
    // Negative when the operand has too few dims: labelledView says so.
    ellipsisDims[i] = operands[i].dim() - (static_cast<int64_t>(subs[i].labels.size()) - 1);
    maxEllipsis = std::max(maxEllipsis, ellipsisDims[i]);
  }
  JS_CHECK(maxEllipsis <= 64, "einsum(): too many broadcast dimensions");
  // The output's labels.
  std::vector<int> outIds;
  std::array<int, kEllipsisBase + 64> uses{};
  for (const Subscripts& s : subs)
    for (int l : s.labels)
      if (l >= 0) ++uses[static_cast<size_t>(l)];
  if (arrow != std::string_view::npos) {
    Subscripts o = parseSubscripts(equation.substr(arrow + 2), equation);
    for (int l : o.labels) {
      if (l < 0) {
        for (int64_t k = 0; k < maxEllipsis; ++k) outIds.push_back(kEllipsisBase + static_cast<int>(k));
        continue;
      }
      JS_CHECK(std::find(outIds.begin(), outIds.end(), l) == outIds.end(), "einsum(): output subscript ",
               equation.substr(arrow + 2), " appears more than once in the output");
      JS_CHECK(uses[static_cast<size_t>(l)] > 0, "einsum(): output subscript ",
               letterOf(l), " does not appear in the equation for any input operand");
      outIds.push_back(l);
    }
  } else {
    for (int64_t k = 0; k < maxEllipsis; ++k) outIds.push_back(kEllipsisBase + static_cast<int>(k));
    for (int l = 0; l < kLetters; ++l)
      if (uses[static_cast<size_t>(l)] == 1) outIds.push_back(l);
  }
  // Labelled views, then left-to-right contraction.
  std::vector<Labelled> xs(operands.size());
  for (size_t i = 0; i < operands.size(); ++i)
    xs[i].t = labelledView(operands[i], subs[i], ellipsisDims[i], maxEllipsis, &xs[i].ids, i);
  auto keepFor = [&](size_t from) {  // labels the output or operands from `from` on need
    std::array<bool, kEllipsisBase + 64> keep{};
    for (int id : outIds) keep[static_cast<size_t>(id)] = true;
    for (size_t j = from; j < xs.size(); ++j)
      for (int id : xs[j].ids) keep[static_cast<size_t>(id)] = true;
    return keep;
  };
  Labelled acc = sumOut(xs[0], keepFor(1));
  for (size_t i = 1; i < xs.size(); ++i) {
    std::array<bool, kEllipsisBase + 64> keep = keepFor(i + 1);
    // Labels only this operand has and nobody needs go first.
    std::array<bool, kEllipsisBase + 64> keepHere = keep;
    for (int id : acc.ids) keepHere[static_cast<size_t>(id)] = true;
    Labelled x = sumOut(xs[i], keepHere);
    acc = contract(acc, x, keep);
  }
  // Broadcast dims only some operand had, and the output's order.
  std::vector<int64_t> perm, sizes;
  for (int id : outIds) {
    auto it = std::find(acc.ids.begin(), acc.ids.end(), id);
    if (it == acc.ids.end()) {
      acc.t = acc.t.unsqueeze(acc.t.dim());
      acc.ids.push_back(id);
      it = acc.ids.end() - 1;
    }
    perm.push_back(static_cast<int64_t>(it - acc.ids.begin()));
  }
  JS_INTERNAL_ASSERT(perm.size() == acc.ids.size(), "einsum: labels left over after contraction");
  return acc.t.permute(perm).contiguous();
}

namespace {

}  // namespace

const OpTable kEinsumOps = {
    op<[](std::string_view equation, std::vector<Tensor> tensors, std::optional<std::vector<int64_t>> /*path*/) {
      return einsum(equation, tensors);
    }>("aten::einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor",
       "Einstein summation: diagonals by strided views, contractions by bmm (path ignored: left to right)."),
};

}  // namespace jitserve::ops
