// The forward (alpha) recursion in log space over the target extended with
// blanks (blank, l1, blank, l2, ..., blank), in double precision:
//   alpha_t(s) = logsumexp(alpha_t-1(s), alpha_t-1(s-1), alpha_t-1(s-2) when
//                l'_s is not blank and differs from l'_s-2) + log_probs[t, l'_s]
// loss = -logsumexp(alpha_T-1(2L), alpha_T-1(2L-1)).
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

double logAdd(double a, double b) {
  if (a == kNegInf) return b;
  if (b == kNegInf) return a;
  const double m = std::max(a, b);
  return m + std::log1p(std::exp(-std::abs(a - b)));
}

Tensor ctcLoss(const Tensor& log_probs_in, const Tensor& targets, const std::vector<int64_t>& input_lengths,
               const std::vector<int64_t>& target_lengths, int64_t blank, int64_t reduction, bool zero_infinity) {
  JS_CHECK(isFloatingType(log_probs_in.dtype()), "ctc_loss: expected floating point log_probs, got ",
           scalarTypeName(log_probs_in.dtype()));
  JS_CHECK(log_probs_in.dim() == 3 || log_probs_in.dim() == 2,
           "ctc_loss: expected log_probs to be 2-D (T, C) or 3-D (T, N, C), got ", log_probs_in.dim(), "-D");
  const bool batched = log_probs_in.dim() == 3;
  const Tensor lp_t = batched ? log_probs_in : log_probs_in.unsqueeze(1);
  const int64_t T = lp_t.size(0), N = lp_t.size(1), C = lp_t.size(2);
  JS_CHECK(blank >= 0 && blank < C, "blank must be in label range");
  JS_CHECK(static_cast<int64_t>(input_lengths.size()) == N, "input_lengths must be of size batch_size");
  JS_CHECK(static_cast<int64_t>(target_lengths.size()) == N, "target_lengths must be of size batch_size");
  JS_CHECK(isIntegralType(targets.dtype(), false), "ctc_loss: targets must be integral, got ",
           scalarTypeName(targets.dtype()));
  Tensor lp = lp_t.to(ScalarType::Double).contiguous();
  Tensor tg = targets.to(ScalarType::Long).contiguous();
  const double* lpp = lp.data<double>();
  const int64_t* tp = tg.data<int64_t>();
  // (N, S) padded targets, or all targets concatenated in one 1-D tensor.
  const bool padded = targets.dim() == 2;
  if (targets.dim() == 2) JS_CHECK(targets.size(0) == N, "ctc_loss: targets must have batch size ", N);
  std::vector<double> losses(static_cast<size_t>(N));
  int64_t flat_offset = 0;
  for (int64_t b = 0; b < N; ++b) {
    const int64_t Tb = input_lengths[static_cast<size_t>(b)], L = target_lengths[static_cast<size_t>(b)];
    JS_CHECK(Tb >= 0 && Tb <= T, "Expected input_lengths to have value at most ", T, ", but got value ", Tb,
             " (while checking arguments for ctc_loss_cpu)");
    JS_CHECK(L >= 0, "ctc_loss: target lengths must be non-negative, got ", L);
    const int64_t* tgt;
    if (padded) {
      JS_CHECK(L <= targets.size(1), "Expected tensor to have size at least ", L, " at dimension 1, but got size ",
               targets.size(1), " for argument #2 'targets' (while checking arguments for ctc_loss_cpu)");
      tgt = tp + b * targets.size(1);
    } else {
      JS_CHECK(flat_offset + L <= tg.numel(), "ctc_loss: targets are shorter than the sum of target_lengths");
      tgt = tp + flat_offset;
      flat_offset += L;
    }
    for (int64_t i = 0; i < L; ++i)
      JS_CHECK(tgt[i] >= 0 && tgt[i] < C, "ctc_loss: target label ", tgt[i], " is out of range [0, ", C, ")");
    const int64_t S = 2 * L + 1;
    auto label = [&](int64_t s) { return s % 2 == 0 ? blank : tgt[s / 2]; };
    auto logp = [&](int64_t t, int64_t c) { return lpp[(t * N + b) * C + c]; };
    double nll;
    if (Tb == 0) {
      nll = L == 0 ? 0.0 : std::numeric_limits<double>::infinity();
    } else {
      std::vector<double> alpha(static_cast<size_t>(S), kNegInf), next(static_cast<size_t>(S));
      alpha[0] = logp(0, blank);
      if (S > 1) alpha[1] = logp(0, label(1));
      for (int64_t t = 1; t < Tb; ++t) {
        for (int64_t s = 0; s < S; ++s) {
          double acc = alpha[static_cast<size_t>(s)];
          if (s >= 1) acc = logAdd(acc, alpha[static_cast<size_t>(s - 1)]);
          if (s >= 2 && label(s) != blank && label(s) != label(s - 2)) acc = logAdd(acc, alpha[static_cast<size_t>(s - 2)]);
          next[static_cast<size_t>(s)] = acc == kNegInf ? kNegInf : acc + logp(t, label(s));
        }
        alpha.swap(next);
      }
      double total = alpha[static_cast<size_t>(S - 1)];
      if (S > 1) total = logAdd(total, alpha[static_cast<size_t>(S - 2)]);
      nll = -total;
    }
    if (zero_infinity && std::isinf(nll)) nll = 0;
    losses[static_cast<size_t>(b)] = nll;
  }
  const ScalarType dt = log_probs_in.dtype();
  if (reduction == 0) {
    Tensor out = from_vector(losses).to(dt);
    return batched ? out : out.squeeze(0);
  }
  double acc = 0;
  for (int64_t b = 0; b < N; ++b) {
    const double l = losses[static_cast<size_t>(b)];
    acc += reduction == 1 ? l / static_cast<double>(std::max<int64_t>(target_lengths[static_cast<size_t>(b)], 1)) : l;
  }
  JS_CHECK(reduction == 1 || reduction == 2, "ctc_loss: unknown reduction ", reduction);
  if (reduction == 1) acc /= static_cast<double>(N);
  return scalar_tensor(acc, dt);
}

std::vector<int64_t> lengths(const Tensor& t, const char* what) {
  JS_CHECK(isIntegralType(t.dtype(), false), "ctc_loss: ", what, " must be integral");
  Tensor l = t.to(ScalarType::Long).contiguous().reshape({-1});
  return std::vector<int64_t>(l.data<int64_t>(), l.data<int64_t>() + l.numel());
}

// The lengths as ctc_loss.Tensor (Tensor) or ctc_loss.IntList (int[]) takes them.
std::vector<int64_t> lengthsOf(const Tensor& t, const char* what) { return lengths(t, what); }
std::vector<int64_t> lengthsOf(std::vector<int64_t> v, const char* /*what*/) { return v; }

// ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, reduction, zero_infinity)
template <typename Lengths>
Tensor ctcLossOp(const Tensor& log_probs, const Tensor& targets, Lengths input_lengths, Lengths target_lengths,
                 int64_t blank, int64_t reduction, bool zero_infinity) {
  return ctcLoss(log_probs, targets, lengthsOf(std::move(input_lengths), "input_lengths"),
                 lengthsOf(std::move(target_lengths), "target_lengths"), blank, reduction, zero_infinity);
}

}  // namespace

const OpTable kCtcLossOps = {
    op<ctcLossOp<const Tensor&>>("aten::ctc_loss.Tensor(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor "
                                 "target_lengths, int blank=0, int reduction=1, bool zero_infinity=False) -> Tensor",
                                 "CTC loss with lengths as tensors."),
    op<ctcLossOp<std::vector<int64_t>>>(
        "aten::ctc_loss.IntList(Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int "
        "blank=0, int reduction=1, bool zero_infinity=False) -> Tensor",
        "CTC loss with lengths as lists."),
};

}  // namespace jitserve::ops
