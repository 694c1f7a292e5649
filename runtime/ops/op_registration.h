// Operator tables: each kernel file lists its overloads as OpEntry rows (the
// schema string exactly as PyTorch declares it, the kernel, one line of doc)
// in one OpTable, which op_tables.h declares and registerAllTensorOps hands
// to the registry.
//
// Rows are written from typed C++ functions (runtime/core/boxing.h), so the
// argument count and types live in the signature and the registry checks
// them against the schema:
//
//   Tensor view(const Tensor& self, std::vector<int64_t> size) { ... }
//   const OpTable kShapeOps = {
//       op<view>("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)", "A view with a new shape.",
//                kAnyDevice),
//   };
//
// In-place and out= overloads that PyTorch derives from the functional op
// come from the same function: op<inplaceFrom<F>>(...) computes F and
// assigns the result into self with the in-place rules (assignInplace);
// op<outFrom<F>>(...) computes F and copies it into `out` (resized, any
// dtype: copyToOut). Ops whose out= form checks dtypes or writes in place
// keep their own kernels (out_variants.h says which rule is whose).
//
// A kernel that must see the raw stack (vararg schemas, generic list and
// dict ops) is a hand-boxed `void(Stack&)` row: {schema, kernel, doc}.
// Every row is registered in the CPU slot; registering an overload twice is
// an error (the registry names the schema), never a silent drop.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>

#include "runtime/core/boxing.h"
#include "runtime/core/operator.h"
#include "runtime/core/stack.h"
#include "runtime/ops/out_variants.h"

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

using KernelFn = Kernel;  // a hand-boxed kernel (operator.h)

struct OpEntry {
  const char* schema;
  KernelFn kernel;
  const char* doc;
  const KernelSignature* signature = nullptr;  // typed rows: checked against the schema
  uint8_t flags = kNoFlags;                    // OperatorFlags
};

// A file's rows. A namespace-scope `const OpTable kXOps = {...}` is
// constant-initialized (op() is constexpr) and its array lives as long as
// the program, so the table can be declared extern and registered from
// another file without a register function per kernel file.
using OpTable = std::initializer_list<OpEntry>;

// A row for the typed kernel F.
template <auto F>
constexpr OpEntry op(const char* schema, const char* doc, uint8_t flags = kNoFlags) {
  return OpEntry{schema, &boxed<F>, doc, &kernelSignatureOf<F>, flags};
}

template <auto F, typename Sig = std::remove_cv_t<decltype(+F)>>
struct InplaceFrom;
template <auto F, typename R, typename Self, typename... A>
struct InplaceFrom<F, R (*)(Self, A...)> {
  static Tensor call(Tensor self, A... a) {
    Tensor result = F(self, std::forward<A>(a)...);
    assignInplace(self, result);
    return self;
  }
};
template <auto F>
inline constexpr auto inplaceFrom = &InplaceFrom<F>::call;

template <auto F, typename Sig = std::remove_cv_t<decltype(+F)>>
struct OutFrom;
template <auto F, typename R, typename... A>
struct OutFrom<F, R (*)(A...)> {
  static Tensor call(A... a, Tensor out) {
    copyToOut(out, F(std::forward<A>(a)...));
    return out;
  }
};
template <auto F>
inline constexpr auto outFrom = &OutFrom<F>::call;

// Registers every row in `device`'s slot (the CPU unless a backend registers
// its own table); a row the registry refuses is our bug and stops start-up
// with the registry's message.
void registerOpEntries(OperatorRegistry& registry, std::span<const OpEntry> entries,
                       DeviceType device = DeviceType::CPU);

}  // namespace jitserve::ops
