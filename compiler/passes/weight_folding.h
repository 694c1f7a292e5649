// Weight folding: the arithmetic the freezing rewrites share (conv or linear
// followed by batch_norm, or by a per-channel add/mul of a constant).
//
// Every rewrite is y[o, ...] = scale[o] * (W[o, ...] * x + b[o]) + shift[o]
// turned into W'[o, ...] = scale[o] * W[o, ...], b'[o] = scale[o] * b[o] +
// shift[o]. The new weights are computed in float64 from the originals and
// cast back to the weight's dtype once, so the folded model differs from
// the unfolded one by a rounding or two, as PyTorch's folding does. The
// inputs are never modified (they may be a module's parameters).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "runtime/ir/ir.h"
#include "runtime/core/ivalue.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

// The per-output-channel affine map folded into a weight.
struct ChannelAffine {
  std::vector<double> scale, shift;
};

// A constant node's tensor, when `v` is a prim::Constant holding a defined
// CPU tensor (nullopt otherwise, including tensors the IR holds as text).
std::optional<Tensor> constantTensor(const Value* v);
// True when `v` is a constant None.
bool isConstantNone(const Value* v);
// An Optional[Tensor] constant: sets `out` to the tensor, or to nullopt for
// None; false when `v` is neither.
bool optionalConstantTensor(const Value* v, std::optional<Tensor>& out);
// The constant's int / float / bool value as a double.
std::optional<double> constantNumber(const Value* v);
std::optional<bool> constantBool(const Value* v);

// 1, 2 or 3 for aten::conv1d / conv2d / conv3d (any padding overload: 7
// inputs, one output); 0 for anything else.
int convSpatialDims(const Node* n);

// Whether `user` is the only node that reads `v`'s elements: every other
// use only reads metadata the rewrites keep (dim, size, numel, dtype,
// device), as BatchNorm's `_check_input_dim` does with the conv's result.
bool onlyValueUse(const Value* v, const Node* user);

// The tensor's elements as float64 (any floating or integral dtype).
std::vector<double> toDoubles(const Tensor& t);

// The affine map of batch_norm in eval mode over `channels` channels:
// scale = gamma / sqrt(var + eps), shift = beta - mean * scale (gamma 1 and
// beta 0 when absent). nullopt if a statistic has the wrong size.
std::optional<ChannelAffine> batchNormAffine(const std::optional<Tensor>& gamma, const std::optional<Tensor>& beta,
                                             const Tensor& mean, const Tensor& var, double eps, int64_t channels);

// W' and b' as above. `weight` has the output channel first; `bias`, if
// given, has weight.size(0) elements. Both results have weight's dtype.
std::pair<Tensor, Tensor> foldAffine(const Tensor& weight, const std::optional<Tensor>& bias,
                                     const ChannelAffine& affine);

// Whether a weight / bias / statistic tensor can be folded: defined, CPU,
// floating point.
bool isFoldableFloat(const Tensor& t);

// The weight and bias `producer` (a conv or linear whose constant weight,
// input 1, has `weightDim` dims and whose bias, input 2, is a constant or
// None) gets when `bn`, an aten::batch_norm in eval mode with constant
// statistics reading its output, is folded into it; nullopt when anything
// is not so. The caller logs and rewrites (its file names the pass in JIT
// logs and opt limits).
std::optional<std::pair<Tensor, Tensor>> batchNormFold(const Node* producer, const Node* bn, int64_t weightDim);

// Gives `producer` the folded weight (when given) and bias as new constants,
// makes `consumer`'s users read `producer` instead and deletes `consumer`.
void rewriteWeightAndBias(Node* producer, const Tensor* weight, const Tensor& bias, Node* consumer);

// Runs `fold` on every node of `b` and its nested blocks; whether any fired.
bool foldEachNode(Block* b, bool (*fold)(Node*));

}  // namespace jitserve
