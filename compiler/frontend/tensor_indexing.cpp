#include "compiler/frontend/tensor_indexing.h"

#include <vector>

#include "compiler/frontend/builtin_functions.h"
#include "compiler/frontend/error_report.h"
#include "runtime/ir/ivalue_constant.h"

namespace jitserve::frontend {

namespace {

Value* constant(Emitter& e, const IValue& v) { return insertConstant(e.graph(), v); }

// Applies the basic (view) indexing and returns the view; tensor indices
// are collected into *indices (a Tensor?[] list) for index / index_put_.
Value* emitTensorIndexingParts(Emitter& e, Value* base, const List<Expr>& subs, const SourceRange& r, Value** indices) {
  std::vector<Expr> items = subs.vec();
  if (items.size() == 1 && items[0].kind() == TK_TUPLE_LITERAL) items = TupleLiteral(items[0]).inputs().vec();
  Value* cur = base;
  int64_t dim = 0;
  std::vector<std::pair<int64_t, Value*>> tensorIdx;
  size_t ellipsisAt = items.size();
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].kind() == TK_ELLIPSIS) ellipsisAt = i;
  bool afterEllipsis = false;
  // After an ellipsis, dims count from the end: an index that consumes a
  // dim (int, slice, tensor) with `remaining` such indices left, itself
  // included, is at dim -remaining; a None there goes in front of those
  // (unsqueeze at -remaining - 1). x[..., 1, None] on [2, 3, 4] selects in
  // the last dim and appends one: [2, 3, 1].
  int64_t remaining = 0;
  for (size_t i = ellipsisAt + 1; i < items.size() && ellipsisAt < items.size(); ++i)
    remaining += items[i].kind() != TK_NONE;
  for (size_t i = 0; i < items.size(); ++i) {
    const Expr& it = items[i];
    if (it.kind() == TK_ELLIPSIS) {
      afterEllipsis = true;
      continue;
    }
    const bool isNone = it.kind() == TK_NONE;
    const int64_t at = afterEllipsis ? (isNone ? -remaining - 1 : -remaining) : dim;
    Value* d = constant(e, IValue(at));
    // Moves past this index: the next dim from the start, or one fewer left
    // after the ellipsis.
    auto consumed = [&](bool keepsDim) {
      if (afterEllipsis) --remaining;
      else if (keepsDim) ++dim;
    };
    if (isNone) {
      cur = e.callBuiltin("aten::unsqueeze", {cur, d}, {}, r);
      if (!afterEllipsis) ++dim;
      continue;
    }
    if (it.kind() == TK_SLICE_EXPR) {
      SliceExpr se(it);
      Value* start = se.start().present() ? e.emitExpr(se.start().get()) : constant(e, IValue());
      Value* end = se.end().present() ? e.emitExpr(se.end().get()) : constant(e, IValue());
      Value* step = se.step().present() ? e.emitExpr(se.step().get()) : constant(e, IValue(int64_t{1}));
      cur = e.callBuiltin("aten::slice", {cur, d, start, end, step}, {}, r);
      consumed(true);
      continue;
    }
    Value* iv = e.emitExpr(it);
    if (isSliceObject(iv)) {  // x[s] with s = slice(...)
      auto [start, end, step] = sliceObjectParts(e, iv, r);
      cur = e.callBuiltin("aten::slice", {cur, d, start, end, step}, {}, r);
      consumed(true);
      continue;
    }
    if (iv->type()->kind() == TypeKind::IntType) {
      cur = e.callBuiltin("aten::select", {cur, d, iv}, {}, r);
      consumed(false);
      continue;
    }
    // A list indexes as a long tensor, as PyTorch converts it: floats
    // truncate, bools are 0/1 positions (not a mask), and an empty List[int]
    // is not a float tensor.
    if (iv->type()->kind() == TypeKind::ListType)
      iv = e.callBuiltin("aten::tensor", {iv}, {NamedValue("dtype", constant(e, IValue(int64_t{4})))}, r);
    if (iv->type()->kind() == TypeKind::TensorType) {
      tensorIdx.emplace_back(at, iv);
      consumed(true);
      continue;
    }
    throw ErrorReport(it.range()) << "Unsupported operation: indexing tensor with unsupported index type '"
                                  << iv->type()->annotationStr() << "'";
  }
  for (auto& [dd, v] : tensorIdx)
    if (dd < 0) throw ErrorReport(r) << "tensor indices after an ellipsis are not supported";
  if (!tensorIdx.empty()) {
    std::vector<Value*> idxs(static_cast<size_t>(tensorIdx.back().first + 1), nullptr);
    for (auto& [dd, v] : tensorIdx) idxs[static_cast<size_t>(dd)] = v;
    for (auto& v : idxs)
      if (!v) v = constant(e, IValue());
    Node* ln = e.graph().create(prim::ListConstruct, idxs, 1);
    ln->output()->setType(ListType::create(OptionalType::create(TensorType::get())));
    e.graph().insertNode(ln);
    *indices = ln->output();
  }
  return cur;
}

}  // namespace

// x[i, 1:3, None, ...]: select / slice / unsqueeze per dimension, and
// aten::index for tensor (or list) indices.
Value* emitTensorIndexing(Emitter& e, Value* base, const List<Expr>& subs, const SourceRange& r) {
  Value* indices = nullptr;
  Value* view = emitTensorIndexingParts(e, base, subs, r, &indices);
  if (!indices) return view;
  return e.callBuiltin("aten::index", {view, indices}, {}, r);
}

// x[...] = v: copy into the view, or index_put_ for tensor indices.
void emitTensorAssign(Emitter& e, Value* base, const List<Expr>& subs, Value* v, const SourceRange& r) {
  Value* indices = nullptr;
  Value* view = emitTensorIndexingParts(e, base, subs, r, &indices);
  if (indices) {
    if (v->type()->kind() != TypeKind::TensorType) {
      Value* dt = e.callBuiltin("prim::dtype", {base}, {}, r);
      Value* dev = e.callBuiltin("prim::device", {base}, {}, r);
      v = e.callBuiltin("aten::tensor", {v}, {NamedValue("dtype", dt), NamedValue("device", dev)}, r);
    }
    e.callBuiltin("aten::index_put_", {view, indices, v, constant(e, IValue(false))}, {}, r);
    return;
  }
  if (v->type()->kind() == TypeKind::TensorType) {
    e.callBuiltin("aten::copy_", {view, v}, {}, r);
  } else {
    e.callBuiltin("aten::fill_", {view, v}, {}, r);
  }
}

}  // namespace jitserve::frontend
