// Signal windows (torch.hann_window, hamming, blackman, bartlett, kaiser),
// as audio front ends build them for stft. A periodic window of length L is
// the symmetric one of length L + 1 without its last point; length 0 is
// empty and length 1 is [1]. Computed in double, stored in the requested
// floating dtype (float by default).
#include "runtime/ops/window_ops.h"

#include <cmath>
#include <vector>

#include "runtime/ops/op_args.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/scalar_math.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Hann is the Hamming formula with alpha = beta = 0.5.
enum class Window { Hann, Hamming, Blackman, Bartlett, Kaiser };

struct WindowArgs {
  int64_t length = 0;
  bool periodic = true;
  double alpha = 0, beta = 0;  // hamming: alpha - beta cos; kaiser: beta
};

Tensor makeWindow(const char* name, Window kind, const WindowArgs& w, std::optional<ScalarType> dtype,
                  const Args& a, size_t deviceSlot) {
  JS_CHECK(w.length >= 0, name, " requires non-negative window_length, got window_length=", w.length);
  const ScalarType dt = dtype.value_or(kDefaultDtype);
  JS_CHECK(isFloatingType(dt), name, " expects floating point dtypes, got: ", scalarTypeName(dt));
  if (!a.isNone(deviceSlot) && a.at(deviceSlot).isDevice())
    JS_CHECK(a.at(deviceSlot).toDevice().isCPU(), "device ", a.at(deviceSlot).toDevice().str(),
             " is not available: jitserve runs on the CPU");
  std::vector<double> v(static_cast<size_t>(w.length), 1.0);
  if (w.length > 1) {
    const int64_t n = w.periodic ? w.length + 1 : w.length;
    const double m = static_cast<double>(n - 1);
    for (int64_t i = 0; i < w.length; ++i) {
      const double x = static_cast<double>(i);
      double r = 0;
      switch (kind) {
        case Window::Hann:
        case Window::Hamming: r = w.alpha - w.beta * std::cos(2 * kPi * x / m); break;
        case Window::Blackman: r = 0.42 - 0.5 * std::cos(2 * kPi * x / m) + 0.08 * std::cos(4 * kPi * x / m); break;
        case Window::Bartlett: r = 1 - std::abs(2 * x / m - 1); break;
        case Window::Kaiser: {
          const double t = (x - m / 2) / (m / 2);
          r = math::i0(w.beta * std::sqrt(std::max(0.0, 1 - t * t))) / math::i0(w.beta);
          break;
        }
      }
      v[static_cast<size_t>(i)] = r;
    }
  }
  Tensor out = empty({w.length}, ScalarType::Double);
  double* p = out.data<double>();
  for (size_t i = 0; i < v.size(); ++i) p[i] = v[i];
  return dt == ScalarType::Double ? out : out.to(dt);
}

// Each overload: its leading arguments, then the factory block (dtype at
// `dtypeSlot`, device two after it).
template <Window kind, int Leading>
void k_window(Stack& s) {
  Args a(s, Leading + 4);
  WindowArgs w;
  w.length = a.toInt(0);
  if (Leading >= 2) w.periodic = a.toBool(1);
  const char* name = "hann_window";
  switch (kind) {
    case Window::Hann: w.alpha = w.beta = 0.5; break;
    case Window::Hamming:
      w.alpha = Leading >= 3 ? a.toDouble(2) : 0.54;
      w.beta = Leading >= 4 ? a.toDouble(3) : 0.46;
      name = "hamming_window";
      break;
    case Window::Blackman: name = "blackman_window"; break;
    case Window::Bartlett: name = "bartlett_window"; break;
    case Window::Kaiser:
      w.beta = Leading >= 3 ? a.toDouble(2) : 12.0;
      name = "kaiser_window";
      break;
  }
  a.ret(makeWindow(name, kind, w, a.optScalarType(Leading), a, Leading + 2));
}

#define JS_FACTORY "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"

const OpEntry kWindowOps[] = {
    {"aten::hann_window(int window_length, *, " JS_FACTORY ") -> Tensor", k_window<Window::Hann, 1>,
     "Hann window (periodic)."},
    {"aten::hann_window.periodic(int window_length, bool periodic, *, " JS_FACTORY ") -> Tensor",
     k_window<Window::Hann, 2>, "Hann window."},
    {"aten::hamming_window(int window_length, *, " JS_FACTORY ") -> Tensor", k_window<Window::Hamming, 1>,
     "Hamming window (periodic)."},
    {"aten::hamming_window.periodic(int window_length, bool periodic, *, " JS_FACTORY ") -> Tensor",
     k_window<Window::Hamming, 2>, "Hamming window."},
    {"aten::hamming_window.periodic_alpha(int window_length, bool periodic, float alpha, *, " JS_FACTORY
     ") -> Tensor",
     k_window<Window::Hamming, 3>, "alpha - 0.46 cos(2 pi n / (N - 1))."},
    {"aten::hamming_window.periodic_alpha_beta(int window_length, bool periodic, float alpha, float beta, *, " JS_FACTORY
     ") -> Tensor",
     k_window<Window::Hamming, 4>, "alpha - beta cos(2 pi n / (N - 1))."},
    {"aten::blackman_window(int window_length, *, " JS_FACTORY ") -> Tensor", k_window<Window::Blackman, 1>,
     "Blackman window (periodic)."},
    {"aten::blackman_window.periodic(int window_length, bool periodic, *, " JS_FACTORY ") -> Tensor",
     k_window<Window::Blackman, 2>, "Blackman window."},
    {"aten::bartlett_window(int window_length, *, " JS_FACTORY ") -> Tensor", k_window<Window::Bartlett, 1>,
     "Bartlett (triangular) window (periodic)."},
    {"aten::bartlett_window.periodic(int window_length, bool periodic, *, " JS_FACTORY ") -> Tensor",
     k_window<Window::Bartlett, 2>, "Bartlett (triangular) window."},
    {"aten::kaiser_window(int window_length, *, " JS_FACTORY ") -> Tensor", k_window<Window::Kaiser, 1>,
     "Kaiser window, beta 12 (periodic)."},
    {"aten::kaiser_window.periodic(int window_length, bool periodic, *, " JS_FACTORY ") -> Tensor",
     k_window<Window::Kaiser, 2>, "Kaiser window, beta 12."},
    {"aten::kaiser_window.beta(int window_length, bool periodic, float beta, *, " JS_FACTORY ") -> Tensor",
     k_window<Window::Kaiser, 3>, "Kaiser window."},
};

#undef JS_FACTORY

}  // namespace

void registerWindowOps(OperatorRegistry& registry) { registerOpEntries(registry, kWindowOps); }

}  // namespace jitserve::ops
