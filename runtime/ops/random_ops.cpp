#include "runtime/ops/random_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <mutex>
#include <numbers>
#include <random>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/dispatch.h"

namespace jitserve::ops {
namespace {

struct DefaultGenerator {
  std::mutex mu;
  std::mt19937_64 engine{std::random_device{}()};
};
DefaultGenerator& generator() {
  static DefaultGenerator* g = new DefaultGenerator();  // never destroyed: usable during exit
  return *g;
}

double toUnit(uint64_t bits) { return static_cast<double>(bits >> 11) * 0x1.0p-53; }

std::vector<double> normalSamples(int64_t n) {
  // Box-Muller on pairs of uniforms; 1 - u keeps the log argument in (0, 1].
  std::vector<double> u = uniformSamples(n + (n & 1));
  std::vector<double> z(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; i += 2) {
    const double r = std::sqrt(-2.0 * std::log(1.0 - u[static_cast<size_t>(i)]));
    const double th = 2.0 * std::numbers::pi * u[static_cast<size_t>(i + 1)];
    z[static_cast<size_t>(i)] = r * std::cos(th);
    if (i + 1 < n) z[static_cast<size_t>(i + 1)] = r * std::sin(th);
  }
  return z;
}

// A `Generator? generator` argument: only None (the default generator).
void checkNoGenerator(const IValue& generator) {
  JS_CHECK(generator.isNone(), "explicit Generator arguments are not supported; pass None");
}
// Random factories draw from the one host generator (manual_seed's) and a
// device= result moves there (one copy), as the other factories do
// (creation_ops.cpp, placed()): no backend has a generator of its own, and
// one stream of numbers gives a seed the same values on every device. A
// device this machine lacks is toDevice's error naming it.
Tensor placed(Tensor t, const std::optional<Device>& device) {
  return device && !device->isCPU() ? toDevice(t, *device) : t;
}
void checkSizes(IntArrayRef size) {
  for (int64_t s : size) JS_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", shapeToString(size));
}

// A contiguous tensor of `dtype` with values[i] converted from double.
Tensor fromDoubles(IntArrayRef size, const std::vector<double>& v, ScalarType dtype) {
  Tensor d = empty(size, ScalarType::Double);
  std::copy(v.begin(), v.end(), d.data<double>());
  return d.to(dtype);
}

// A complex tensor of `dtype` whose element i is (v[2i], v[2i+1]) * scale.
Tensor complexFromDoubles(IntArrayRef size, const std::vector<double>& v, double scale, ScalarType dtype) {
  Tensor d = empty(size, ScalarType::ComplexDouble);
  auto* p = d.data<std::complex<double>>();
  for (int64_t i = 0, n = d.numel(); i < n; ++i)
    p[i] = {v[static_cast<size_t>(2 * i)] * scale, v[static_cast<size_t>(2 * i + 1)] * scale};
  return d.to(dtype);
}

void checkSampleDtype(ScalarType dtype, const char* op) {
  JS_CHECK(isFloatingType(dtype) || dtype == ScalarType::ComplexFloat || dtype == ScalarType::ComplexDouble, op,
           " expects a floating point or complex dtype, got ", scalarTypeName(dtype));
}

// Complex samples draw their real and imaginary parts independently.
Tensor uniformTensor(IntArrayRef size, ScalarType dtype, const char* op) {
  checkSampleDtype(dtype, op);
  checkSizes(size);
  Tensor probe = empty(size, ScalarType::Bool);
  if (isComplexType(dtype)) return complexFromDoubles(size, uniformSamples(2 * probe.numel()), 1.0, dtype);
  return fromDoubles(size, uniformSamples(probe.numel()), dtype);
}
// Complex normals have parts of variance 1/2, so that E|z|^2 is 1.
Tensor normalTensor(IntArrayRef size, ScalarType dtype, const char* op) {
  checkSampleDtype(dtype, op);
  checkSizes(size);
  Tensor probe = empty(size, ScalarType::Bool);
  if (isComplexType(dtype)) return complexFromDoubles(size, normalSamples(2 * probe.numel()), std::sqrt(0.5), dtype);
  return fromDoubles(size, normalSamples(probe.numel()), dtype);
}
Tensor randintTensor(int64_t low, int64_t high, IntArrayRef size, ScalarType dtype) {
  JS_CHECK(low < high, "random_ expects 'from' to be less than 'to', but got from=", low, " >= to=", high);
  checkSizes(size);
  Tensor out = empty(size, ScalarType::Long);
  int64_t* p = out.data<int64_t>();
  const uint64_t range = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
  {
    DefaultGenerator& g = generator();
    std::lock_guard<std::mutex> lock(g.mu);
    std::uniform_int_distribution<uint64_t> dist(0, range - 1);
    for (int64_t i = 0, n = out.numel(); i < n; ++i) p[i] = low + static_cast<int64_t>(dist(g.engine));
  }
  return out.to(dtype);
}

// ---- kernels ----

// The factories' trailing arguments are dtype, layout, device and
// pin_memory (and memory_format for the _like forms); layout, pin_memory and
// memory_format have one value here and are ignored.
using Layout = std::optional<int64_t>;
using PinMemory = std::optional<bool>;
using MemoryFormat = std::optional<int64_t>;

template <bool Normal>
Tensor rand(std::vector<int64_t> size, std::optional<ScalarType> dtype, Layout /*layout*/,
            std::optional<Device> device, PinMemory /*pin_memory*/) {
  const ScalarType dt = dtype.value_or(kDefaultDtype);
  return placed(Normal ? normalTensor(size, dt, "randn") : uniformTensor(size, dt, "rand"), device);
}
template <bool Normal>
Tensor randLike(const Tensor& self, std::optional<ScalarType> dtype, Layout /*layout*/, std::optional<Device> device,
                PinMemory /*pin_memory*/, MemoryFormat /*memory_format*/) {
  const ScalarType dt = dtype.value_or(self.dtype());
  return placed(Normal ? normalTensor(self.sizes(), dt, "randn_like") : uniformTensor(self.sizes(), dt, "rand_like"),
                device.value_or(self.device()));
}
Tensor randintLikeLow(const Tensor& self, int64_t low, int64_t high, std::optional<ScalarType> dtype,
                      Layout /*layout*/, std::optional<Device> device, PinMemory /*pin_memory*/,
                      MemoryFormat /*memory_format*/) {
  return placed(randintTensor(low, high, self.sizes(), dtype.value_or(self.dtype())), device.value_or(self.device()));
}
Tensor randintLike(const Tensor& self, int64_t high, std::optional<ScalarType> dtype, Layout layout,
                   std::optional<Device> device, PinMemory pin_memory, MemoryFormat memory_format) {
  return randintLikeLow(self, 0, high, dtype, layout, device, pin_memory, memory_format);
}
Tensor randintLow(int64_t low, int64_t high, std::vector<int64_t> size, std::optional<ScalarType> dtype,
                  Layout /*layout*/, std::optional<Device> device, PinMemory /*pin_memory*/) {
  return placed(randintTensor(low, high, size, dtype.value_or(ScalarType::Long)), device);
}
Tensor randint(int64_t high, std::vector<int64_t> size, std::optional<ScalarType> dtype, Layout layout,
               std::optional<Device> device, PinMemory pin_memory) {
  return randintLow(0, high, std::move(size), dtype, layout, device, pin_memory);
}

Tensor bernoulliFrom(const Tensor& self, const Tensor& probs) {
  JS_CHECK(isFloatingType(self.dtype()) || self.dtype() == ScalarType::Bool || isIntegralType(self.dtype(), false),
           "bernoulli: unsupported dtype ", scalarTypeName(self.dtype()));
  Tensor p = probs.to(ScalarType::Double).contiguous();
  const double* pp = p.data<double>();
  const int64_t n = p.numel();
  for (int64_t i = 0; i < n; ++i)
    JS_CHECK(pp[i] >= 0 && pp[i] <= 1, "bernoulli_ expects all elements of p to be in [0, 1], got ", pp[i]);
  std::vector<double> u = uniformSamples(n);
  for (int64_t i = 0; i < n; ++i) u[static_cast<size_t>(i)] = u[static_cast<size_t>(i)] < pp[i] ? 1.0 : 0.0;
  return fromDoubles(p.sizes(), u, self.dtype());
}
Tensor bernoulli(const Tensor& self, const IValue& generator) {
  checkNoGenerator(generator);
  return bernoulliFrom(self, self);
}
// Draws shaped like self with one probability p.
Tensor bernoulliP(const Tensor& self, double p, const IValue& generator) {
  checkNoGenerator(generator);
  JS_CHECK(p >= 0 && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=", p);
  return bernoulliFrom(self, full(self.sizes(), p, ScalarType::Double));
}

// multinomial(self, num_samples, replacement, generator): indices drawn with
// probability proportional to each row's non-negative weights; without
// replacement a drawn category's weight drops to zero.
Tensor multinomial(const Tensor& self, int64_t k, bool replacement, const IValue& generator) {
  checkNoGenerator(generator);
  JS_CHECK(self.dim() == 1 || self.dim() == 2, "prob_dist must be 1 or 2 dim");
  JS_CHECK(isFloatingType(self.dtype()), "multinomial only supports floating-point dtypes for input, got: ",
           scalarTypeName(self.dtype()));
  JS_CHECK(k > 0, "cannot sample n_sample <= 0 samples");
  const int64_t cats = self.size(-1);
  JS_CHECK(replacement || k <= cats, "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  Tensor w = self.reshape({-1, cats}).to(ScalarType::Double, true).contiguous();
  const int64_t rows = w.size(0);
  Tensor out = empty({rows, k}, ScalarType::Long);
  int64_t* op = out.data<int64_t>();
  double* wp = w.data<double>();
  for (int64_t r = 0; r < rows; ++r) {
    double* row = wp + r * cats;
    double total = 0;
    for (int64_t c = 0; c < cats; ++c) {
      JS_CHECK(std::isfinite(row[c]) && row[c] >= 0, "probability tensor contains either `inf`, `nan` or element < 0");
      total += row[c];
    }
    JS_CHECK(total > 0, "invalid multinomial distribution (sum of probabilities <= 0)");
    std::vector<double> u = uniformSamples(k);
    for (int64_t j = 0; j < k; ++j) {
      JS_CHECK(total > 0, "invalid multinomial distribution (with replacement=False, not enough non-negative "
                          "category to sample)");
      const double target = u[static_cast<size_t>(j)] * total;
      double acc = 0;
      int64_t pick = -1;
      for (int64_t c = 0; c < cats; ++c) {
        if (row[c] <= 0) continue;
        acc += row[c];
        pick = c;
        if (target < acc) break;
      }
      op[r * k + j] = pick;
      if (!replacement) {
        total -= row[pick];
        row[pick] = 0;
      }
    }
  }
  return self.dim() == 1 ? out.view({k}) : out;
}

// In-place samplers (x.normal_(), x.uniform_(), ...; diffusion and VAE
// models draw noise this way): self's floating tensor overwritten with
// draws of `transform(u)` for uniforms u, or of a normal.
Tensor fillFrom(Tensor self, const std::vector<double>& values, const char* op) {
  JS_CHECK(isFloatingType(self.dtype()), op, " expects a floating point tensor, got ", scalarTypeName(self.dtype()));
  self.copy_(fromDoubles(self.sizes(), values, self.dtype()));
  return self;
}
// self's elements as `transform(u)` of uniforms u on [0, 1).
template <typename F>
Tensor fillUniform(Tensor self, const char* op, const F& transform) {
  std::vector<double> u = uniformSamples(self.numel());
  for (double& v : u) v = transform(v);
  return fillFrom(std::move(self), u, op);
}
Tensor normal_(Tensor self, double mean, double std, const IValue& generator) {
  checkNoGenerator(generator);
  JS_CHECK(std >= 0, "normal expects std >= 0.0, but found std ", std);
  std::vector<double> z = normalSamples(self.numel());
  for (double& v : z) v = mean + std * v;
  return fillFrom(std::move(self), z, "normal_");
}
Tensor uniform_(Tensor self, double lo, double hi, const IValue& generator) {
  checkNoGenerator(generator);
  JS_CHECK(lo <= hi, "uniform_ expects to return a [from, to) range, but found from=", lo, " > to=", hi);
  return fillUniform(std::move(self), "uniform_", [=](double v) { return lo + (hi - lo) * v; });
}
Tensor exponential_(Tensor self, double lambda, const IValue& generator) {
  checkNoGenerator(generator);
  JS_CHECK(lambda > 0, "exponential_ expects lambda > 0.0, but found lambda=", lambda);
  return fillUniform(std::move(self), "exponential_", [=](double v) { return -std::log1p(-v) / lambda; });
}
Tensor bernoulliFloat_(Tensor self, double p, const IValue& generator) {
  self.copy_(bernoulliP(self, p, generator));
  return self;
}
Tensor bernoulliTensor_(Tensor self, const Tensor& p, const IValue& generator) {
  checkNoGenerator(generator);
  self.copy_(bernoulliFrom(self, p.expand(self.sizes())));
  return self;
}
// normal(mean, std) with tensor arguments: one draw per element of their
// broadcast shape.
Tensor normalLike(const Tensor& mean, const Tensor& std) {
  JS_CHECK(isFloatingType(mean.dtype()) || isFloatingType(std.dtype()), "normal expects floating point mean or std");
  const Tensor m = mean.to(ScalarType::Double), sd = std.to(ScalarType::Double).contiguous();
  const double* sp = sd.data<double>();
  for (int64_t i = 0; i < sd.numel(); ++i) JS_CHECK(sp[i] >= 0, "normal expects all elements of std >= 0.0");
  const DimVector shape = infer_size(m.sizes(), sd.sizes());
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  const Tensor z = fromDoubles(shape, normalSamples(n), ScalarType::Double);
  return add(m, mul(sd, z)).to(isFloatingType(mean.dtype()) ? mean.dtype() : std.dtype());
}
Tensor normalTensorFloat(const Tensor& mean, double std, const IValue& generator) {
  checkNoGenerator(generator);
  return normalLike(mean, full({}, std, ScalarType::Double));
}
Tensor normalFloatTensor(double mean, const Tensor& std, const IValue& generator) {
  checkNoGenerator(generator);
  return normalLike(full({}, mean, std.dtype()), std);
}
Tensor normalTensorTensor(const Tensor& mean, const Tensor& std, const IValue& generator) {
  checkNoGenerator(generator);
  return normalLike(mean, std);
}
Tensor normalFloatFloat(double mean, double std, std::vector<int64_t> size, const IValue& generator,
                        std::optional<ScalarType> dtype, Layout /*layout*/, std::optional<Device> device,
                        PinMemory /*pin_memory*/) {
  checkNoGenerator(generator);
  JS_CHECK(std >= 0, "normal expects std >= 0.0, but found std ", std);
  Tensor z = normalTensor(size, ScalarType::Double, "normal");
  Tensor r = add(full({}, mean, ScalarType::Double), mul(full({}, std, ScalarType::Double), z));
  return placed(r.to(dtype.value_or(kDefaultDtype)), device);
}
Tensor cauchy_(Tensor self, double median, double sigma, const IValue& generator) {
  checkNoGenerator(generator);
  JS_CHECK(sigma > 0, "cauchy_ expects sigma > 0.0, but found sigma=", sigma);
  return fillUniform(std::move(self), "cauchy_",
                     [=](double v) { return median + sigma * std::tan(std::numbers::pi * (v - 0.5)); });
}
Tensor logNormal_(Tensor self, double mean, double std, const IValue& generator) {
  checkNoGenerator(generator);
  JS_CHECK(std > 0, "log_normal_ expects std > 0.0, but found std=", std);
  std::vector<double> z = normalSamples(self.numel());
  for (double& v : z) v = std::exp(mean + std * v);
  return fillFrom(std::move(self), z, "log_normal_");
}
// geometric_: the number of Bernoulli(p) trials up to the first success.
Tensor geometric_(Tensor self, double p, const IValue& generator) {
  checkNoGenerator(generator);
  JS_CHECK(p > 0 && p < 1, "geometric_ expects p to be in (0, 1), but got p=", p);
  std::vector<double> u = uniformSamples(self.numel());
  for (double& v : u) v = std::max(1.0, std::ceil(std::log1p(-v) / std::log1p(-p)));
  self.copy_(fromDoubles(self.sizes(), u, ScalarType::Double));
  return self;
}
// random_: integers drawn uniformly from [from, to); without `to`, up to the
// largest value the dtype holds exactly (2^24 for float, 2^53 for double).
int64_t randomUpperBound(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return 2;
    case ScalarType::Byte: return 256;
    case ScalarType::Char: return 128;
    case ScalarType::Short: return int64_t{1} << 15;
    case ScalarType::Int: return int64_t{1} << 31;
    case ScalarType::Long: return std::numeric_limits<int64_t>::max();
    case ScalarType::Half: return (int64_t{1} << 11) + 1;
    case ScalarType::BFloat16: return (int64_t{1} << 8) + 1;
    case ScalarType::Float: return (int64_t{1} << 24) + 1;
    case ScalarType::Double: return (int64_t{1} << 53) + 1;
    default: JS_ERROR("random_: unsupported dtype ", scalarTypeName(t));
  }
}
Tensor randomFrom_(Tensor self, int64_t from, std::optional<int64_t> to, const IValue& generator) {
  checkNoGenerator(generator);
  const int64_t hi = to.value_or(randomUpperBound(self.dtype()));
  JS_CHECK(from < hi, "random_ expects 'from' to be less than 'to', but got from=", from, " >= to=", hi);
  self.copy_(randintTensor(from, hi, self.sizes(), ScalarType::Long));
  return self;
}
Tensor randomTo_(Tensor self, int64_t to, const IValue& generator) {
  return randomFrom_(std::move(self), 0, to, generator);
}
Tensor random_(Tensor self, const IValue& generator) {
  return randomFrom_(std::move(self), 0, std::nullopt, generator);
}

// torch.manual_seed inside a scripted program reseeds the default generator.
void manualSeed(int64_t seed) {
  DefaultGenerator& g = generator();
  std::lock_guard<std::mutex> lock(g.mu);
  g.engine.seed(static_cast<uint64_t>(seed));
}

// randperm(n, *, dtype=Long, ...): Fisher-Yates.
Tensor randperm(int64_t n, std::optional<ScalarType> dtype, Layout /*layout*/, std::optional<Device> device,
                PinMemory /*pin_memory*/) {
  JS_CHECK(n >= 0, "n must be non-negative, got", n);
  std::vector<double> u = uniformSamples(n);
  std::vector<double> perm(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) perm[static_cast<size_t>(i)] = static_cast<double>(i);
  for (int64_t i = n - 1; i > 0; --i) {
    const auto j = static_cast<size_t>(std::min<int64_t>(i, static_cast<int64_t>(u[static_cast<size_t>(i)] * (i + 1))));
    std::swap(perm[static_cast<size_t>(i)], perm[j]);
  }
  return placed(fromDoubles({n}, perm, dtype.value_or(ScalarType::Long)), device);
}

#define JS_FACTORY_TAIL "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"
#define JS_LIKE_TAIL JS_FACTORY_TAIL ", MemoryFormat? memory_format=None"

}  // namespace

std::vector<double> uniformSamples(int64_t n) {
  std::vector<double> u(static_cast<size_t>(std::max<int64_t>(n, 0)));
  DefaultGenerator& g = generator();
  std::lock_guard<std::mutex> lock(g.mu);
  for (double& v : u) v = toUnit(g.engine());
  return u;
}

// The _like factories read only self's sizes, dtype and device (kAnyDevice):
// drawn on the host, their result goes to self's device unless device= says
// otherwise, as in PyTorch.
const OpTable kRandomOps = {
    op<rand<false>>("aten::rand(int[] size, *, " JS_FACTORY_TAIL ") -> Tensor", "Uniform samples on [0, 1)."),
    op<rand<true>>("aten::randn(int[] size, *, " JS_FACTORY_TAIL ") -> Tensor", "Standard normal samples."),
    op<randLike<false>>("aten::rand_like(Tensor self, *, " JS_LIKE_TAIL ") -> Tensor",
                        "Uniform samples on [0, 1) shaped like self.", kAnyDevice),
    op<randLike<true>>("aten::randn_like(Tensor self, *, " JS_LIKE_TAIL ") -> Tensor",
                       "Standard normal samples shaped like self.", kAnyDevice),
    op<randintLike>("aten::randint_like(Tensor self, int high, *, " JS_LIKE_TAIL ") -> Tensor",
                    "Integers uniform on [0, high) shaped like self.", kAnyDevice),
    op<randintLikeLow>("aten::randint_like.low_dtype(Tensor self, int low, int high, *, " JS_LIKE_TAIL ") -> Tensor",
                       "Integers uniform on [low, high) shaped like self.", kAnyDevice),
    op<randint>("aten::randint(int high, int[] size, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, "
                "bool? pin_memory=None) -> Tensor",
                "Integers uniform on [0, high)."),
    op<randintLow>("aten::randint.low(int low, int high, int[] size, *, ScalarType? dtype=4, Layout? layout=None, "
                   "Device? device=None, bool? pin_memory=None) -> Tensor",
                   "Integers uniform on [low, high)."),
    op<randperm>("aten::randperm(int n, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, bool? "
                 "pin_memory=None) -> Tensor",
                 "A random permutation of 0..n-1."),
    op<normal_>("aten::normal_(Tensor(a!) self, float mean=0., float std=1., *, Generator? generator=None) -> "
                "Tensor(a!)",
                "Fills self with normal samples."),
    op<uniform_>("aten::uniform_(Tensor(a!) self, float from=0., float to=1., *, Generator? generator=None) -> "
                 "Tensor(a!)",
                 "Fills self with uniform samples on [from, to)."),
    op<exponential_>("aten::exponential_(Tensor(a!) self, float lambd=1., *, Generator? generator=None) -> Tensor(a!)",
                     "Fills self with exponential samples."),
    op<bernoulliFloat_>("aten::bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> "
                        "Tensor(a!)",
                        "Fills self with 0/1 draws of probability p."),
    op<bernoulliTensor_>("aten::bernoulli_.Tensor(Tensor(a!) self, Tensor p, *, Generator? generator=None) -> "
                         "Tensor(a!)",
                         "Fills self with 0/1 draws of probabilities p."),
    op<normalTensorFloat>("aten::normal.Tensor_float(Tensor mean, float std=1., *, Generator? generator=None) -> "
                          "Tensor",
                          "Normal samples around each mean."),
    op<normalFloatTensor>("aten::normal.float_Tensor(float mean, Tensor std, *, Generator? generator=None) -> Tensor",
                          "Normal samples with each std."),
    op<normalTensorTensor>("aten::normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator=None) -> "
                           "Tensor",
                           "Normal samples of each mean and std."),
    op<normalFloatFloat>("aten::normal.float_float(float mean, float std, int[] size, *, Generator? generator=None, "
                         JS_FACTORY_TAIL ") -> Tensor",
                         "Normal samples of the given size."),
    op<manualSeed>("aten::manual_seed(int seed) -> ()", "Reseeds the default generator.", kAnyDevice),
    op<cauchy_>("aten::cauchy_(Tensor(a!) self, float median=0., float sigma=1., *, Generator? generator=None) -> "
                "Tensor(a!)",
                "Fills self with Cauchy samples."),
    op<logNormal_>("aten::log_normal_(Tensor(a!) self, float mean=1., float std=2., *, Generator? generator=None) -> "
                   "Tensor(a!)",
                   "Fills self with log-normal samples."),
    op<geometric_>("aten::geometric_(Tensor(a!) self, float p, *, Generator? generator=None) -> Tensor(a!)",
                   "Fills self with geometric samples (trials to the first success)."),
    op<random_>("aten::random_(Tensor(a!) self, *, Generator? generator=None) -> Tensor(a!)",
                "Fills self with integers in [0, the dtype's exact maximum]."),
    op<randomTo_>("aten::random_.to(Tensor(a!) self, int to, *, Generator? generator=None) -> Tensor(a!)",
                  "Fills self with integers in [0, to)."),
    op<randomFrom_>("aten::random_.from(Tensor(a!) self, int from, int? to, *, Generator? generator=None) -> "
                    "Tensor(a!)",
                    "Fills self with integers in [from, to)."),
    op<bernoulli>("aten::bernoulli(Tensor self, *, Generator? generator=None) -> Tensor",
                  "1 with probability self (elementwise), else 0."),
    op<bernoulliP>("aten::bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor",
                   "1 with probability p, else 0, shaped like self."),
    op<multinomial>("aten::multinomial(Tensor self, int num_samples, bool replacement=False, *, Generator? "
                    "generator=None) -> Tensor",
                    "Category indices drawn from each row's weights."),
};
#undef JS_FACTORY_TAIL
#undef JS_LIKE_TAIL

}  // namespace jitserve::ops
