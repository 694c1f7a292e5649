#include "runtime/ops/random_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <numbers>
#include <random>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/op_args.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/broadcasting.h"
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

void checkNoGenerator(const Args& a, size_t slot) {
  JS_CHECK(a.isNone(slot), "explicit Generator arguments are not supported; pass None");
}
void checkCpu(const Args& a, size_t slot) {
  if (!a.isNone(slot) && a.at(slot).isDevice())
    JS_CHECK(a.at(slot).toDevice().isCPU(), "device ", a.at(slot).toDevice().str(),
             " is not available: jitserve runs on the CPU");
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

Tensor uniformTensor(IntArrayRef size, ScalarType dtype, const char* op) {
  JS_CHECK(isFloatingType(dtype), op, " expects a floating point dtype, got ", scalarTypeName(dtype));
  checkSizes(size);
  Tensor probe = empty(size, ScalarType::Bool);
  return fromDoubles(size, uniformSamples(probe.numel()), dtype);
}
Tensor normalTensor(IntArrayRef size, ScalarType dtype, const char* op) {
  JS_CHECK(isFloatingType(dtype), op, " expects a floating point dtype, got ", scalarTypeName(dtype));
  checkSizes(size);
  Tensor probe = empty(size, ScalarType::Bool);
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

// rand / randn(int[] size, *, dtype, layout, device, pin_memory)
template <bool Normal>
void k_rand(Stack& s) {
  Args a(s, 5);
  checkCpu(a, 3);
  const ScalarType dt = a.optScalarType(1).value_or(kDefaultDtype);
  const std::vector<int64_t> size = a.intList(0);
  a.ret(Normal ? normalTensor(size, dt, "randn") : uniformTensor(size, dt, "rand"));
}
// rand_like / randn_like(self, *, dtype, layout, device, pin_memory, memory_format)
template <bool Normal>
void k_rand_like(Stack& s) {
  Args a(s, 6);
  checkCpu(a, 3);
  const Tensor& self = a.tensor(0);
  const ScalarType dt = a.optScalarType(1).value_or(self.dtype());
  a.ret(Normal ? normalTensor(self.sizes(), dt, "randn_like") : uniformTensor(self.sizes(), dt, "rand_like"));
}
// randint_like(self, high, *, ...) and randint_like.low_dtype(self, low, high, *, ...)
template <bool Low>
void k_randint_like(Stack& s) {
  Args a(s, Low ? 8 : 7);
  const size_t f = Low ? 3 : 2;
  checkCpu(a, f + 2);
  const Tensor& self = a.tensor(0);
  const int64_t low = Low ? a.toInt(1) : 0;
  const int64_t high = a.toInt(Low ? 2 : 1);
  a.ret(randintTensor(low, high, self.sizes(), a.optScalarType(f).value_or(self.dtype())));
}
// randint(high, size, *, ...) and randint.low(low, high, size, *, ...)
template <bool Low>
void k_randint(Stack& s) {
  Args a(s, Low ? 7 : 6);
  const size_t f = Low ? 3 : 2;
  checkCpu(a, f + 2);
  const int64_t low = Low ? a.toInt(0) : 0;
  const int64_t high = a.toInt(Low ? 1 : 0);
  a.ret(randintTensor(low, high, a.intList(Low ? 2 : 1), a.optScalarType(f).value_or(ScalarType::Long)));
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
void k_bernoulli(Stack& s) {
  Args a(s, 2);
  checkNoGenerator(a, 1);
  a.ret(bernoulliFrom(a.tensor(0), a.tensor(0)));
}
void k_bernoulli_p(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  const double p = a.toDouble(1);
  JS_CHECK(p >= 0 && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=", p);
  const Tensor& self = a.tensor(0);
  a.ret(bernoulliFrom(self, full(self.sizes(), p, ScalarType::Double)));
}

// multinomial(self, num_samples, replacement, generator): indices drawn with
// probability proportional to each row's non-negative weights; without
// replacement a drawn category's weight drops to zero.
void k_multinomial(Stack& s) {
  Args a(s, 4);
  checkNoGenerator(a, 3);
  const Tensor& self = a.tensor(0);
  const int64_t k = a.toInt(1);
  const bool replacement = a.toBool(2);
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
  a.ret(self.dim() == 1 ? out.view({k}) : out);
}

// In-place samplers (x.normal_(), x.uniform_(), ...; diffusion and VAE
// models draw noise this way): self's floating tensor overwritten with
// draws of `transform(u)` for uniforms u, or of a normal.
Tensor& fillFrom(Tensor& self, const std::vector<double>& values, const char* op) {
  JS_CHECK(isFloatingType(self.dtype()), op, " expects a floating point tensor, got ", scalarTypeName(self.dtype()));
  self.copy_(fromDoubles(self.sizes(), values, self.dtype()));
  return self;
}
void k_normal_(Stack& s) {
  Args a(s, 4);
  checkNoGenerator(a, 3);
  Tensor self = a.tensor(0);
  const double mean = a.toDouble(1), std = a.toDouble(2);
  JS_CHECK(std >= 0, "normal expects std >= 0.0, but found std ", std);
  std::vector<double> z = normalSamples(self.numel());
  for (double& v : z) v = mean + std * v;
  fillFrom(self, z, "normal_");
  a.ret(std::move(self));
}
void k_uniform_(Stack& s) {
  Args a(s, 4);
  checkNoGenerator(a, 3);
  Tensor self = a.tensor(0);
  const double lo = a.toDouble(1), hi = a.toDouble(2);
  JS_CHECK(lo <= hi, "uniform_ expects to return a [from, to) range, but found from=", lo, " > to=", hi);
  std::vector<double> u = uniformSamples(self.numel());
  for (double& v : u) v = lo + (hi - lo) * v;
  fillFrom(self, u, "uniform_");
  a.ret(std::move(self));
}
void k_exponential_(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  Tensor self = a.tensor(0);
  const double lambda = a.toDouble(1);
  JS_CHECK(lambda > 0, "exponential_ expects lambda > 0.0, but found lambda=", lambda);
  std::vector<double> u = uniformSamples(self.numel());
  for (double& v : u) v = -std::log1p(-v) / lambda;
  fillFrom(self, u, "exponential_");
  a.ret(std::move(self));
}
void k_bernoulli_float_(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  Tensor self = a.tensor(0);
  const double p = a.toDouble(1);
  JS_CHECK(p >= 0 && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=", p);
  self.copy_(bernoulliFrom(self, full(self.sizes(), p, ScalarType::Double)));
  a.ret(std::move(self));
}
void k_bernoulli_tensor_(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  Tensor self = a.tensor(0);
  self.copy_(bernoulliFrom(self, a.tensor(1).expand(self.sizes())));
  a.ret(std::move(self));
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
void k_normal_tensor_float(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  a.ret(normalLike(a.tensor(0), full({}, a.toDouble(1), ScalarType::Double)));
}
void k_normal_float_tensor(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  const Tensor& sd = a.tensor(1);
  a.ret(normalLike(full({}, a.toDouble(0), sd.dtype()), sd));
}
void k_normal_tensor_tensor(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  a.ret(normalLike(a.tensor(0), a.tensor(1)));
}
void k_normal_float_float(Stack& s) {
  Args a(s, 8);
  checkNoGenerator(a, 3);
  checkCpu(a, 6);
  const double mean = a.toDouble(0), std = a.toDouble(1);
  JS_CHECK(std >= 0, "normal expects std >= 0.0, but found std ", std);
  Tensor z = normalTensor(a.intList(2), ScalarType::Double, "normal");
  Tensor r = add(full({}, mean, ScalarType::Double), mul(full({}, std, ScalarType::Double), z));
  a.ret(r.to(a.optScalarType(4).value_or(kDefaultDtype)));
}
void k_cauchy_(Stack& s) {
  Args a(s, 4);
  checkNoGenerator(a, 3);
  Tensor self = a.tensor(0);
  const double median = a.toDouble(1), sigma = a.toDouble(2);
  JS_CHECK(sigma > 0, "cauchy_ expects sigma > 0.0, but found sigma=", sigma);
  std::vector<double> u = uniformSamples(self.numel());
  for (double& v : u) v = median + sigma * std::tan(std::numbers::pi * (v - 0.5));
  fillFrom(self, u, "cauchy_");
  a.ret(std::move(self));
}
void k_log_normal_(Stack& s) {
  Args a(s, 4);
  checkNoGenerator(a, 3);
  Tensor self = a.tensor(0);
  const double mean = a.toDouble(1), std = a.toDouble(2);
  JS_CHECK(std > 0, "log_normal_ expects std > 0.0, but found std=", std);
  std::vector<double> z = normalSamples(self.numel());
  for (double& v : z) v = std::exp(mean + std * v);
  fillFrom(self, z, "log_normal_");
  a.ret(std::move(self));
}
// geometric_: the number of Bernoulli(p) trials up to the first success.
void k_geometric_(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  Tensor self = a.tensor(0);
  const double p = a.toDouble(1);
  JS_CHECK(p > 0 && p < 1, "geometric_ expects p to be in (0, 1), but got p=", p);
  std::vector<double> u = uniformSamples(self.numel());
  for (double& v : u) v = std::max(1.0, std::ceil(std::log1p(-v) / std::log1p(-p)));
  self.copy_(fromDoubles(self.sizes(), u, ScalarType::Double));
  a.ret(std::move(self));
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
Tensor& randomInto(Tensor& self, int64_t from, std::optional<int64_t> to) {
  const int64_t hi = to.value_or(randomUpperBound(self.dtype()));
  JS_CHECK(from < hi, "random_ expects 'from' to be less than 'to', but got from=", from, " >= to=", hi);
  self.copy_(randintTensor(from, hi, self.sizes(), ScalarType::Long));
  return self;
}
void k_random_(Stack& s) {
  Args a(s, 2);
  checkNoGenerator(a, 1);
  Tensor self = a.tensor(0);
  randomInto(self, 0, std::nullopt);
  a.ret(std::move(self));
}
void k_random_to(Stack& s) {
  Args a(s, 3);
  checkNoGenerator(a, 2);
  Tensor self = a.tensor(0);
  randomInto(self, 0, a.toInt(1));
  a.ret(std::move(self));
}
void k_random_from(Stack& s) {
  Args a(s, 4);
  checkNoGenerator(a, 3);
  Tensor self = a.tensor(0);
  randomInto(self, a.toInt(1), a.optInt(2));
  a.ret(std::move(self));
}

// torch.manual_seed inside a scripted program reseeds the default generator.
void k_manual_seed(Stack& s) {
  Args a(s, 1);
  const int64_t seed = a.toInt(0);
  {
    DefaultGenerator& g = generator();
    std::lock_guard<std::mutex> lock(g.mu);
    g.engine.seed(static_cast<uint64_t>(seed));
  }
  a.ret();
}

// randperm(n, *, dtype=Long, ...): Fisher-Yates.
void k_randperm(Stack& s) {
  Args a(s, 5);
  checkCpu(a, 3);
  const int64_t n = a.toInt(0);
  JS_CHECK(n >= 0, "n must be non-negative, got", n);
  std::vector<double> u = uniformSamples(n);
  std::vector<double> perm(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) perm[static_cast<size_t>(i)] = static_cast<double>(i);
  for (int64_t i = n - 1; i > 0; --i) {
    const auto j = static_cast<size_t>(std::min<int64_t>(i, static_cast<int64_t>(u[static_cast<size_t>(i)] * (i + 1))));
    std::swap(perm[static_cast<size_t>(i)], perm[j]);
  }
  a.ret(fromDoubles({n}, perm, a.optScalarType(1).value_or(ScalarType::Long)));
}

#define JS_FACTORY_TAIL "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"
#define JS_LIKE_TAIL JS_FACTORY_TAIL ", MemoryFormat? memory_format=None"

const OpEntry kRandomOps[] = {
    {"aten::rand(int[] size, *, " JS_FACTORY_TAIL ") -> Tensor", k_rand<false>, "Uniform samples on [0, 1)."},
    {"aten::randn(int[] size, *, " JS_FACTORY_TAIL ") -> Tensor", k_rand<true>, "Standard normal samples."},
    {"aten::rand_like(Tensor self, *, " JS_LIKE_TAIL ") -> Tensor", k_rand_like<false>,
     "Uniform samples on [0, 1) shaped like self."},
    {"aten::randn_like(Tensor self, *, " JS_LIKE_TAIL ") -> Tensor", k_rand_like<true>,
     "Standard normal samples shaped like self."},
    {"aten::randint_like(Tensor self, int high, *, " JS_LIKE_TAIL ") -> Tensor", k_randint_like<false>,
     "Integers uniform on [0, high) shaped like self."},
    {"aten::randint_like.low_dtype(Tensor self, int low, int high, *, " JS_LIKE_TAIL ") -> Tensor",
     k_randint_like<true>, "Integers uniform on [low, high) shaped like self."},
    {"aten::randint(int high, int[] size, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, "
     "bool? pin_memory=None) -> Tensor",
     k_randint<false>, "Integers uniform on [0, high)."},
    {"aten::randint.low(int low, int high, int[] size, *, ScalarType? dtype=4, Layout? layout=None, "
     "Device? device=None, bool? pin_memory=None) -> Tensor",
     k_randint<true>, "Integers uniform on [low, high)."},
    {"aten::randperm(int n, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, "
     "bool? pin_memory=None) -> Tensor",
     k_randperm, "A random permutation of 0..n-1."},
    {"aten::normal_(Tensor(a!) self, float mean=0., float std=1., *, Generator? generator=None) -> Tensor(a!)",
     k_normal_, "Fills self with normal samples."},
    {"aten::uniform_(Tensor(a!) self, float from=0., float to=1., *, Generator? generator=None) -> Tensor(a!)",
     k_uniform_, "Fills self with uniform samples on [from, to)."},
    {"aten::exponential_(Tensor(a!) self, float lambd=1., *, Generator? generator=None) -> Tensor(a!)",
     k_exponential_, "Fills self with exponential samples."},
    {"aten::bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)",
     k_bernoulli_float_, "Fills self with 0/1 draws of probability p."},
    {"aten::bernoulli_.Tensor(Tensor(a!) self, Tensor p, *, Generator? generator=None) -> Tensor(a!)",
     k_bernoulli_tensor_, "Fills self with 0/1 draws of probabilities p."},
    {"aten::normal.Tensor_float(Tensor mean, float std=1., *, Generator? generator=None) -> Tensor",
     k_normal_tensor_float, "Normal samples around each mean."},
    {"aten::normal.float_Tensor(float mean, Tensor std, *, Generator? generator=None) -> Tensor",
     k_normal_float_tensor, "Normal samples with each std."},
    {"aten::normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator=None) -> Tensor",
     k_normal_tensor_tensor, "Normal samples of each mean and std."},
    {"aten::normal.float_float(float mean, float std, int[] size, *, Generator? generator=None, " JS_FACTORY_TAIL
     ") -> Tensor",
     k_normal_float_float, "Normal samples of the given size."},
    {"aten::manual_seed(int seed) -> ()", k_manual_seed, "Reseeds the default generator."},
    {"aten::cauchy_(Tensor(a!) self, float median=0., float sigma=1., *, Generator? generator=None) -> Tensor(a!)",
     k_cauchy_, "Fills self with Cauchy samples."},
    {"aten::log_normal_(Tensor(a!) self, float mean=1., float std=2., *, Generator? generator=None) -> Tensor(a!)",
     k_log_normal_, "Fills self with log-normal samples."},
    {"aten::geometric_(Tensor(a!) self, float p, *, Generator? generator=None) -> Tensor(a!)", k_geometric_,
     "Fills self with geometric samples (trials to the first success)."},
    {"aten::random_(Tensor(a!) self, *, Generator? generator=None) -> Tensor(a!)", k_random_,
     "Fills self with integers in [0, the dtype's exact maximum]."},
    {"aten::random_.to(Tensor(a!) self, int to, *, Generator? generator=None) -> Tensor(a!)", k_random_to,
     "Fills self with integers in [0, to)."},
    {"aten::random_.from(Tensor(a!) self, int from, int? to, *, Generator? generator=None) -> Tensor(a!)",
     k_random_from, "Fills self with integers in [from, to)."},
    {"aten::bernoulli(Tensor self, *, Generator? generator=None) -> Tensor", k_bernoulli,
     "1 with probability self (elementwise), else 0."},
    {"aten::bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor", k_bernoulli_p,
     "1 with probability p, else 0, shaped like self."},
    {"aten::multinomial(Tensor self, int num_samples, bool replacement=False, *, Generator? generator=None) -> Tensor",
     k_multinomial, "Category indices drawn from each row's weights."},
};

#undef JS_FACTORY_TAIL
#undef JS_LIKE_TAIL

}  // namespace

std::vector<double> uniformSamples(int64_t n) {
  std::vector<double> u(static_cast<size_t>(std::max<int64_t>(n, 0)));
  DefaultGenerator& g = generator();
  std::lock_guard<std::mutex> lock(g.mu);
  for (double& v : u) v = toUnit(g.engine());
  return u;
}

void registerRandomOps(OperatorRegistry& registry) { registerOpEntries(registry, kRandomOps); }

}  // namespace jitserve::ops
