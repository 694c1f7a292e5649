#include "compiler/frontend/tensor_indexing.h"

#include <vector>

#include "compiler/frontend/error_report.h"
#include "compiler/ir/ivalue_constant.h"

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
  // Dims after an ellipsis count from the end.
  int64_t negDim = 0;
  if (ellipsisAt < items.size()) negDim = -static_cast<int64_t>(items.size() - ellipsisAt - 1);
  for (size_t i = 0; i < items.size(); ++i) {
    const Expr& it = items[i];
    if (it.kind() == TK_ELLIPSIS) {
      afterEllipsis = true;
      dim = negDim;
      continue;
    }
    Value* d = constant(e, IValue(dim));
    if (it.kind() == TK_NONE) {
      cur = e.callBuiltin("aten::unsqueeze", {cur, d}, {}, r);
      ++dim;
      continue;
    }
    if (it.kind() == TK_SLICE_EXPR) {
      SliceExpr se(it);
      Value* start = se.start().present() ? e.emitExpr(se.start().get()) : constant(e, IValue());
      Value* end = se.end().present() ? e.emitExpr(se.end().get()) : constant(e, IValue());
      Value* step = se.step().present() ? e.emitExpr(se.step().get()) : constant(e, IValue(int64_t{1}));
      cur = e.callBuiltin("aten::slice", {cur, d, start, end, step}, {}, r);
      ++dim;
      continue;
    }
    Value* iv = e.emitExpr(it);
    if (iv->type()->kind() == TypeKind::IntType) {
      cur = e.callBuiltin("aten::select", {cur, d, iv}, {}, r);
      if (afterEllipsis) ++dim;
      continue;
    }
    if (iv->type()->kind() == TypeKind::ListType) iv = e.callBuiltin("aten::tensor", {iv}, {}, r);
    if (iv->type()->kind() == TypeKind::TensorType) {
      tensorIdx.emplace_back(dim, iv);
      ++dim;
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
