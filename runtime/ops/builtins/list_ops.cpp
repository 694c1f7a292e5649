// List methods and operators: indexing, mutation, search, sorting,
// concatenation and repetition, slicing, reductions (sum/any/all), list
// equality, and the range helpers the frontend emits for `for i in range()`.
//
// Lists alias (mutation through one IValue is visible through all); the
// kernels that return "a new list" copy the element vector and keep the
// source's element type.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "runtime/core/operator_registry.h"
#include "runtime/ops/builtins/builtin_utils.h"
#include "runtime/ops/builtins/builtins.h"
#include "runtime/core/function.h"
#include "runtime/core/op_call.h"
#include "runtime/ops/op_registration.h"

namespace jitserve {
namespace builtins {
namespace {

constexpr const char* kListIndexError = "list index out of range";

intrusive_ptr<ListImpl> newListLike(const ListImpl& like, std::vector<IValue> elems = {}) {
  return ListImpl::create(like.elementType, std::move(elems));
}

// Python's ordering for sort/sorted/min/max over the types TorchScript can
// sort: numbers, bools, strings and tuples of them (lexicographic).
bool lessThan(const IValue& a, const IValue& b) {
  if (a.isScalar() && b.isScalar()) {
    if (isIntLike(a) && isIntLike(b)) return asInt(a) < asInt(b);
    return a.toNumberAsDouble() < b.toNumberAsDouble();
  }
  if (a.isString() && b.isString()) return a.toStringRef() < b.toStringRef();
  if (a.isTuple() && b.isTuple()) {
    const auto& x = a.toTupleRef().elements;
    const auto& y = b.toTupleRef().elements;
    for (size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
      if (lessThan(x[i], y[i])) return true;
      if (lessThan(y[i], x[i])) return false;
    }
    return x.size() < y.size();
  }
  if (a.isTensor() && b.isTensor()) {
    // As PyTorch sorts a List[Tensor]: a < b must be one element.
    Tensor lt = callOp<"aten::lt.Tensor", Tensor>(a.toTensor(), b.toTensor());
    JS_CHECK(lt.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
    return lt.item().toBool();
  }
  if (a.isObject() && b.isObject()) {
    // A class that defines __lt__ orders its objects by it.
    if (Function* lt = a.toObjectRef().type->findMethod("__lt__")) {
      Stack st{a, b};
      lt->run(st);
      return st.back().toBool();
    }
  }
  JS_ERROR("'<' not supported between instances of '", a.type()->annotationStr(), "' and '",
           b.type()->annotationStr(), "'");
}

// len / indexing -------------------------------------------------------------------

void lenList(Stack& s) { s.back() = IValue(static_cast<int64_t>(s.back().toListRef().size())); }

void getItem(Stack& s) {
  const int64_t idx = s.back().toInt();
  s.pop_back();
  const ListImpl& l = s.back().toListRef();
  IValue v = l.elements[normalizeIndex(idx, l.size(), kListIndexError)];
  s.back() = std::move(v);
}

void setItem(Stack& s) {
  IValue el = pop(s);
  const int64_t idx = pop(s).toInt();
  ListImpl& l = s.back().toListRef();
  l.elements[normalizeIndex(idx, l.size(), kListIndexError)] = std::move(el);
}

// Mutation -------------------------------------------------------------------------

// dst += src, where src may be dst itself (`l.extend(l)`).
void appendAll(std::vector<IValue>& dst, const std::vector<IValue>& src) {
  if (&dst == &src) {
    const std::vector<IValue> copy = src;
    dst.insert(dst.end(), copy.begin(), copy.end());
  } else {
    dst.insert(dst.end(), src.begin(), src.end());
  }
}

void append(Stack& s) {
  IValue el = pop(s);
  s.back().toListRef().elements.push_back(std::move(el));
}

void extend(Stack& s) {
  IValue other = pop(s);
  IValue self = pop(s);
  appendAll(self.toListRef().elements, other.toListRef().elements);
}

void insert(Stack& s) {
  IValue el = pop(s);
  int64_t idx = pop(s).toInt();
  IValue self = pop(s);
  auto& elems = self.toListRef().elements;
  const int64_t n = static_cast<int64_t>(elems.size());
  // Python clamps: insert(-100, x) prepends, insert(100, x) appends.
  if (idx < 0) idx = std::max<int64_t>(idx + n, 0);
  idx = std::min(idx, n);
  elems.insert(elems.begin() + idx, std::move(el));
}

void popList(Stack& s) {
  const int64_t idx = pop(s).toInt();
  IValue self = pop(s);
  auto& elems = self.toListRef().elements;
  JS_CHECK(!elems.empty(), "pop from empty list");
  const size_t i = normalizeIndex(idx, elems.size(), kListIndexError);
  IValue v = std::move(elems[i]);
  elems.erase(elems.begin() + static_cast<std::ptrdiff_t>(i));
  s.push_back(std::move(v));
}

void deleteItem(Stack& s) {
  const int64_t idx = pop(s).toInt();
  IValue self = pop(s);
  auto& elems = self.toListRef().elements;
  const size_t i = normalizeIndex(idx, elems.size(), kListIndexError);
  elems.erase(elems.begin() + static_cast<std::ptrdiff_t>(i));
}

// Element equality as Python's list methods see it: for tensors, bool(a == b),
// which only a one-element result has (PyTorch's List[Tensor] ==, index,
// count and remove do the same).
bool elementsEqual(const IValue& a, const IValue& b) {
  if (a.isTensor() && b.isTensor()) {
    Tensor eq = callOp<"aten::eq.Tensor", Tensor>(a.toTensor(), b.toTensor());
    JS_CHECK(eq.numel() != 0, "Boolean value of Tensor with no values is ambiguous");
    JS_CHECK(eq.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
    return eq.item().toBool();
  }
  return ivaluesEqual(a, b);
}

bool listsEqual(const IValue& a, const IValue& b) {
  const auto& x = a.toListRef().elements;
  const auto& y = b.toListRef().elements;
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (!elementsEqual(x[i], y[i])) return false;
  return true;
}

void removeValue(Stack& s) {
  IValue el = pop(s);
  IValue self = pop(s);
  auto& elems = self.toListRef().elements;
  auto it = std::find_if(elems.begin(), elems.end(), [&](const IValue& e) { return elementsEqual(e, el); });
  JS_CHECK(it != elems.end(), "list.remove(x): x not in list");
  elems.erase(it);
}

void clearList(Stack& s) { pop(s).toListRef().elements.clear(); }

void reverseList(Stack& s) {
  auto& elems = pop(s).toListRef().elements;
  std::reverse(elems.begin(), elems.end());
}

// Search ----------------------------------------------------------------------------

void indexOf(Stack& s) {
  IValue el = pop(s);
  const auto& elems = s.back().toListRef().elements;
  for (size_t i = 0; i < elems.size(); ++i) {
    if (elementsEqual(elems[i], el)) {
      s.back() = IValue(static_cast<int64_t>(i));
      return;
    }
  }
  if (el.isTensor()) JS_ERROR("list.index(x): x not in list");
  JS_ERROR("'", el.str(), "' is not in list");
}

void countOf(Stack& s) {
  IValue el = pop(s);
  const auto& elems = s.back().toListRef().elements;
  int64_t n = 0;
  for (const auto& e : elems) n += elementsEqual(e, el) ? 1 : 0;
  s.back() = IValue(n);
}

void containsList(Stack& s) {
  IValue el = pop(s);
  const auto& elems = s.back().toListRef().elements;
  bool found = false;
  for (const auto& e : elems) {
    if (ivaluesEqual(e, el)) {
      found = true;
      break;
    }
  }
  s.back() = IValue(found);
}

// Sorting -----------------------------------------------------------------------------

// Stable, like Python's; reverse keeps equal elements in their original order.
void sortElements(std::vector<IValue>& elems, bool reverse) {
  if (reverse) {
    std::stable_sort(elems.begin(), elems.end(), [](const IValue& a, const IValue& b) { return lessThan(b, a); });
  } else {
    std::stable_sort(elems.begin(), elems.end(), lessThan);
  }
}

// float lists sort as PyTorch sorts them: std::sort with its comparator
// (equal is never less, reverse flips '<'), which also decides where NaNs
// end up (sorted([3., nan, 1.]) is [1., 3., nan] there).
void sortFloats(std::vector<IValue>& elems, bool reverse) {
  std::sort(elems.begin(), elems.end(), [reverse](const IValue& x, const IValue& y) {
    const double a = x.toDouble(), b = y.toDouble();
    if (a == b) return false;
    return (a < b) != reverse;
  });
}
void sortFloatsInPlace(Stack& s) {
  const bool reverse = pop(s).toBool();
  IValue self = pop(s);
  sortFloats(self.toListRef().elements, reverse);
}
void sortedFloats(Stack& s) {
  const ListImpl& l = s.back().toListRef();
  auto out = newListLike(l, l.elements);
  sortFloats(out->elements, false);
  s.back() = IValue(std::move(out));
}

void sortInPlace(Stack& s) {
  const bool reverse = pop(s).toBool();
  IValue self = pop(s);
  sortElements(self.toListRef().elements, reverse);
}

void sortedCopy(Stack& s) {
  const ListImpl& l = s.back().toListRef();
  auto out = newListLike(l, l.elements);
  sortElements(out->elements, false);
  s.back() = IValue(std::move(out));
}

// New lists -----------------------------------------------------------------------------

void copyList(Stack& s) {
  const ListImpl& l = s.back().toListRef();
  s.back() = IValue(newListLike(l, l.elements));
}

void addLists(Stack& s) {
  IValue b = pop(s);
  const ListImpl& a = s.back().toListRef();
  std::vector<IValue> elems;
  elems.reserve(a.size() + b.toListRef().size());
  elems.insert(elems.end(), a.elements.begin(), a.elements.end());
  elems.insert(elems.end(), b.toListRef().elements.begin(), b.toListRef().elements.end());
  s.back() = IValue(newListLike(a, std::move(elems)));
}

void addListsInPlace(Stack& s) {
  IValue b = pop(s);
  appendAll(s.back().toListRef().elements, b.toListRef().elements);
}

std::vector<IValue> repeat(const std::vector<IValue>& elems, int64_t n) {
  std::vector<IValue> out;
  if (n <= 0) return out;  // Python: a non-positive count gives []
  out.reserve(elems.size() * static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), elems.begin(), elems.end());
  return out;
}

void mulListLeft(Stack& s) {
  const int64_t n = pop(s).toInt();
  const ListImpl& l = s.back().toListRef();
  s.back() = IValue(newListLike(l, repeat(l.elements, n)));
}

void mulListRight(Stack& s) {
  IValue list = pop(s);
  const int64_t n = s.back().toInt();
  const ListImpl& l = list.toListRef();
  s.back() = IValue(newListLike(l, repeat(l.elements, n)));
}

void mulListInPlace(Stack& s) {
  const int64_t n = pop(s).toInt();
  auto& elems = s.back().toListRef().elements;
  elems = repeat(elems, n);
}

void sliceList(Stack& s) {
  const int64_t step = pop(s).toInt();
  const auto end = optInt(s.back());
  s.pop_back();
  const auto start = optInt(s.back());
  s.pop_back();
  const ListImpl& l = s.back().toListRef();
  const SliceBounds b = resolveSlice(start, end, step, static_cast<int64_t>(l.size()));
  std::vector<IValue> out;
  out.reserve(static_cast<size_t>(b.count));
  for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) out.push_back(l.elements[static_cast<size_t>(j)]);
  s.back() = IValue(newListLike(l, std::move(out)));
}

// Equality ------------------------------------------------------------------------------

void listEq(Stack& s) {
  IValue b = pop(s);
  s.back() = IValue(listsEqual(s.back(), b));
}
void listNe(Stack& s) {
  IValue b = pop(s);
  s.back() = IValue(!listsEqual(s.back(), b));
}

// Reductions ----------------------------------------------------------------------------

void sumInt(Stack& s) {
  uint64_t r = 0;
  for (const auto& e : s.back().toListRef().elements) r += static_cast<uint64_t>(asInt(e));
  s.back() = IValue(static_cast<int64_t>(r));
}
void sumFloat(Stack& s) {
  double r = 0;
  for (const auto& e : s.back().toListRef().elements) r += e.toDouble();
  s.back() = IValue(r);
}
bool truthy(const IValue& v) {
  if (v.isString()) return !v.toStringRef().empty();
  return v.toNumberAsDouble() != 0;
}
void anyOf(Stack& s) {
  bool r = false;
  for (const auto& e : s.back().toListRef().elements) {
    if (truthy(e)) {
      r = true;
      break;
    }
  }
  s.back() = IValue(r);
}
void allOf(Stack& s) {
  bool r = true;
  for (const auto& e : s.back().toListRef().elements) {
    if (!truthy(e)) {
      r = false;
      break;
    }
  }
  s.back() = IValue(r);
}

// range helpers ---------------------------------------------------------------------------

// Number of iterations of range(lo, hi, step).
void rangeLength(Stack& s) {
  const int64_t step = pop(s).toInt();
  const int64_t hi = pop(s).toInt();
  const int64_t lo = s.back().toInt();
  JS_CHECK(step != 0, "range() arg 3 must not be zero");
  int64_t n = 0;
  if (step > 0 && lo < hi) {
    n = static_cast<int64_t>((static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) - 1) / static_cast<uint64_t>(step) + 1);
  } else if (step < 0 && lo > hi) {
    n = static_cast<int64_t>((static_cast<uint64_t>(lo) - static_cast<uint64_t>(hi) - 1) /
                                 (0 - static_cast<uint64_t>(step)) +
                             1);
  }
  s.back() = IValue(n);
}

// The loop variable of iteration `index` of range(start, _, step).
void deriveIndex(Stack& s) {
  const int64_t step = pop(s).toInt();
  const int64_t start = pop(s).toInt();
  const int64_t index = s.back().toInt();
  s.back() = IValue(static_cast<int64_t>(static_cast<uint64_t>(start) +
                                         static_cast<uint64_t>(index) * static_cast<uint64_t>(step)));
}

void unwrapOptional(Stack& s) { JS_CHECK(!s.back().isNone(), "Unwrapping null optional"); }

}  // namespace

const ops::OpTable kListOps = {
    {"aten::len.t(t[] a) -> int", lenList, "len(list)"},
    {"aten::len.any(Any[] a) -> int", lenList, "len(list)"},
    {"aten::__getitem__.t(t[](a) list, int idx) -> t(*)", getItem, "list[idx]"},
    {"aten::select.t(t[](a) list, int idx) -> t(*)", getItem, "list[idx]"},
    {"aten::_set_item.t(t[](a!) l, int idx, t(b -> *) el) -> t[](a!)", setItem, "list[idx] = el"},
    {"aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)", append, "list.append(el)"},
    {"aten::extend.t(t[](a!) self, t[] other) -> ()", extend, "list.extend(other)"},
    {"aten::insert.t(t[](a!) self, int idx, t(b -> *) el) -> ()", insert, "list.insert(idx, el)"},
    {"aten::pop.t(t[](a!) self, int idx=-1) -> t(*)", popList, "list.pop(idx)"},
    {"aten::Delete.t(t[](a!) self, int idx) -> ()", deleteItem, "del list[idx]"},
    {"aten::remove.int(int[](a!) self, int el) -> ()", removeValue, "list.remove(el)"},
    {"aten::remove.float(float[](a!) self, float el) -> ()", removeValue, "list.remove(el)"},
    {"aten::remove.bool(bool[](a!) self, bool el) -> ()", removeValue, "list.remove(el)"},
    {"aten::remove.str(str[](a!) self, str el) -> ()", removeValue, "list.remove(el)"},
    {"aten::remove.Tensor(Tensor[](a!) self, Tensor el) -> ()", removeValue, "list.remove(el): bool(x == el) finds it"},
    {"aten::clear.t(t[](a!) self) -> ()", clearList, "list.clear()"},
    {"aten::reverse.t(t[](a!) self) -> ()", reverseList, "list.reverse()"},
    {"aten::index.list_int(int[] self, int el) -> int", indexOf, "list.index(el)"},
    {"aten::index.list_float(float[] self, float el) -> int", indexOf, "list.index(el)"},
    {"aten::index.list_bool(bool[] self, bool el) -> int", indexOf, "list.index(el)"},
    {"aten::index.list_str(str[] self, str el) -> int", indexOf, "list.index(el)"},
    {"aten::index.list_Tensor(Tensor[] self, Tensor el) -> int", indexOf, "list.index(el): bool(x == el) finds it"},
    {"aten::count.int(int[] self, int el) -> int", countOf, "list.count(el)"},
    {"aten::count.float(float[] self, float el) -> int", countOf, "list.count(el)"},
    {"aten::count.bool(bool[] self, bool el) -> int", countOf, "list.count(el)"},
    {"aten::count.str(str[] self, str el) -> int", countOf, "list.count(el)"},
    {"aten::count.Tensor(Tensor[] self, Tensor el) -> int", countOf, "list.count(el): bool(x == el) counts"},
    {"aten::__contains__.int_list(int[] l, int item) -> bool", containsList, "item in list"},
    {"aten::__contains__.float_list(float[] l, float item) -> bool", containsList, "item in list"},
    {"aten::__contains__.str_list(str[] l, str item) -> bool", containsList, "item in list"},
    {"aten::sort.int(int[](a!) self, bool reverse=False) -> ()", sortInPlace, "list.sort()"},
    {"aten::sort.float(float[](a!) self, bool reverse=False) -> ()", sortFloatsInPlace, "list.sort()"},
    {"aten::sort.bool(bool[](a!) self, bool reverse=False) -> ()", sortInPlace, "list.sort()"},
    {"aten::sort.str(str[](a!) self, bool reverse=False) -> ()", sortInPlace, "list.sort()"},
    {"aten::sort.any(t[](a!) self, bool reverse=False) -> ()", sortInPlace, "list.sort() by '<'"},
    {"aten::sort.Tensor(Tensor[](a!) self, bool reverse=False) -> ()", sortInPlace, "list.sort() of 1-element tensors"},
    {"aten::sorted.int(int[](a) input) -> int[]", sortedCopy, "sorted(list)"},
    {"aten::sorted.float(float[](a) input) -> float[]", sortedFloats, "sorted(list)"},
    {"aten::sorted.bool(bool[](a) input) -> bool[]", sortedCopy, "sorted(list)"},
    {"aten::sorted.str(str[](a) input) -> str[]", sortedCopy, "sorted(list)"},
    {"aten::sorted.any(t[](a) self) -> t[]", sortedCopy, "sorted(list) by '<'"},
    {"aten::sorted.Tensor(Tensor[](a) input) -> Tensor[]", sortedCopy, "sorted(list) of 1-element tensors"},
    {"aten::copy.t(t[](a) self) -> t[]", copyList, "list.copy()"},
    {"aten::list.t(t[] l) -> t[]", copyList, "list(l): a shallow copy"},
    {"aten::add.t(t[] a, t[] b) -> t[]", addLists, "a + b (a new list)"},
    {"aten::add_.t(t[](a!) self, t[] b) -> t[]", addListsInPlace, "self += b"},
    {"aten::mul.left_t(t[] l, int n) -> t[]", mulListLeft, "l * n"},
    {"aten::mul.right_(int n, t[] l) -> t[]", mulListRight, "n * l"},
    {"aten::mul_.t(t[](a!) l, int n) -> t[](a!)", mulListInPlace, "l *= n"},
    {"aten::slice.t(t[] l, int? start=None, int? end=None, int step=1) -> t[]", sliceList, "l[start:end:step]"},
    {"aten::eq.int_list(int[] a, int[] b) -> bool", listEq, "a == b"},
    {"aten::eq.float_list(float[] a, float[] b) -> bool", listEq, "a == b"},
    {"aten::eq.bool_list(bool[] a, bool[] b) -> bool", listEq, "a == b"},
    {"aten::eq.str_list(str[] a, str[] b) -> bool", listEq, "a == b"},
    {"aten::eq.Tensor_list(Tensor[] a, Tensor[] b) -> bool", listEq, "a == b: bool(x == y) of each pair"},
    {"aten::ne.int_list(int[] a, int[] b) -> bool", listNe, "a != b"},
    {"aten::ne.float_list(float[] a, float[] b) -> bool", listNe, "a != b"},
    {"aten::ne.bool_list(bool[] a, bool[] b) -> bool", listNe, "a != b"},
    {"aten::ne.str_list(str[] a, str[] b) -> bool", listNe, "a != b"},
    {"aten::ne.Tensor_list(Tensor[] a, Tensor[] b) -> bool", listNe, "a != b: not (a == b)"},
    {"aten::sum.int(int[] self) -> int", sumInt, "sum(list)"},
    {"aten::sum.bool(bool[] self) -> int", sumInt, "sum(list): number of Trues"},
    {"aten::sum.float(float[] self) -> float", sumFloat, "sum(list)"},
    {"aten::any.int(int[] self) -> bool", anyOf, "any(list)"},
    {"aten::any.float(float[] self) -> bool", anyOf, "any(list)"},
    {"aten::any.bool(bool[] self) -> bool", anyOf, "any(list)"},
    {"aten::any.str(str[] self) -> bool", anyOf, "any(list): some string non-empty"},
    {"aten::all.int(int[] self) -> bool", allOf, "all(list)"},
    {"aten::all.float(float[] self) -> bool", allOf, "all(list)"},
    {"aten::all.bool(bool[] self) -> bool", allOf, "all(list)"},
    {"aten::__range_length(int lo, int hi, int step) -> int", rangeLength, "len(range(lo, hi, step))"},
    {"aten::__derive_index(int index, int start, int step) -> int", deriveIndex, "start + index * step"},
    {"aten::_unwrap_optional(t(a)? optional) -> t(a)", unwrapOptional, "the value; errors on None"},
};

}  // namespace builtins

}  // namespace jitserve
