// Signal windows (torch.hann_window, hamming, blackman, bartlett, kaiser),
// as audio front ends build them for stft. A periodic window of length L is
// the symmetric one of length L + 1 without its last point; length 0 is
// empty and length 1 is [1]. Computed in double, stored in the requested
// floating dtype (float by default).
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <vector>

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
                  const std::optional<Device>& device) {
  JS_CHECK(w.length >= 0, name, " requires non-negative window_length, got window_length=", w.length);
  const ScalarType dt = dtype.value_or(kDefaultDtype);
  JS_CHECK(isFloatingType(dt), name, " expects floating point dtypes, got: ", scalarTypeName(dt));
  if (device) JS_CHECK(device->isCPU(), "device ", device->str(), " is not available: jitserve runs on the CPU");
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

// The parameters of a window from an overload's leading arguments:
// window_length[, periodic[, p0[, p1]]] (hamming: alpha, beta; kaiser: beta).
template <Window kind>
WindowArgs windowArgs(int64_t length, bool periodic = true, std::optional<double> p0 = std::nullopt,
                      std::optional<double> p1 = std::nullopt) {
  WindowArgs w;
  w.length = length;
  w.periodic = periodic;
  if (kind == Window::Hann) w.alpha = w.beta = 0.5;
  if (kind == Window::Hamming) {
    w.alpha = p0.value_or(0.54);
    w.beta = p1.value_or(0.46);
  }
  if (kind == Window::Kaiser) w.beta = p0.value_or(12.0);
  return w;
}

constexpr const char* windowName(Window kind) {
  switch (kind) {
    case Window::Hann: return "hann_window";
    case Window::Hamming: return "hamming_window";
    case Window::Blackman: return "blackman_window";
    case Window::Bartlett: return "bartlett_window";
    case Window::Kaiser: return "kaiser_window";
  }
  return "";
}

// Each overload: window_length and its Leading arguments, then the factory
// block (layout and pin_memory do not matter on the CPU).
template <Window kind, typename... Leading>
Tensor window(int64_t window_length, Leading... leading, std::optional<ScalarType> dtype,
              std::optional<int64_t> /*layout*/, std::optional<Device> device, std::optional<bool> /*pin_memory*/) {
  return makeWindow(windowName(kind), kind, windowArgs<kind>(window_length, leading...), dtype, device);
}

#define JS_FACTORY "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"

}  // namespace

const OpTable kWindowOps = {
    op<window<Window::Hann>>("aten::hann_window(int window_length, *, " JS_FACTORY ") -> Tensor",
                             "Hann window (periodic)."),
    op<window<Window::Hann, bool>>(
        "aten::hann_window.periodic(int window_length, bool periodic, *, " JS_FACTORY ") -> Tensor", "Hann window."),
    op<window<Window::Hamming>>("aten::hamming_window(int window_length, *, " JS_FACTORY ") -> Tensor",
                                "Hamming window (periodic)."),
    op<window<Window::Hamming, bool>>("aten::hamming_window.periodic(int window_length, bool periodic, *, " JS_FACTORY
                                      ") -> Tensor",
                                      "Hamming window."),
    op<window<Window::Hamming, bool, double>>(
        "aten::hamming_window.periodic_alpha(int window_length, bool periodic, float alpha, *, " JS_FACTORY
        ") -> Tensor",
        "alpha - 0.46 cos(2 pi n / (N - 1))."),
    op<window<Window::Hamming, bool, double, double>>("aten::hamming_window.periodic_alpha_beta(int window_length, "
                                                      "bool periodic, float alpha, float beta, *, " JS_FACTORY
                                                      ") -> Tensor",
                                                      "alpha - beta cos(2 pi n / (N - 1))."),
    op<window<Window::Blackman>>("aten::blackman_window(int window_length, *, " JS_FACTORY ") -> Tensor",
                                 "Blackman window (periodic)."),
    op<window<Window::Blackman, bool>>("aten::blackman_window.periodic(int window_length, bool periodic, *, " JS_FACTORY
                                       ") -> Tensor",
                                       "Blackman window."),
    op<window<Window::Bartlett>>("aten::bartlett_window(int window_length, *, " JS_FACTORY ") -> Tensor",
                                 "Bartlett (triangular) window (periodic)."),
    op<window<Window::Bartlett, bool>>("aten::bartlett_window.periodic(int window_length, bool periodic, *, " JS_FACTORY
                                       ") -> Tensor",
                                       "Bartlett (triangular) window."),
    op<window<Window::Kaiser>>("aten::kaiser_window(int window_length, *, " JS_FACTORY ") -> Tensor",
                               "Kaiser window, beta 12 (periodic)."),
    op<window<Window::Kaiser, bool>>("aten::kaiser_window.periodic(int window_length, bool periodic, *, " JS_FACTORY
                                     ") -> Tensor",
                                     "Kaiser window, beta 12."),
    op<window<Window::Kaiser, bool, double>>(
        "aten::kaiser_window.beta(int window_length, bool periodic, float beta, *, " JS_FACTORY ") -> Tensor",
        "Kaiser window."),
};
#undef JS_FACTORY

}  // namespace jitserve::ops
