// jit-opbench: times single operators through the operator registry (the path
// the interpreter takes: look up an overload by name, run its kernel on a
// Stack) beside PyTorch 1.13 timing the same overloads (torch.ops.aten.*) in
// the same run, plus two machine references: memory-copy bandwidth and FP32
// FMA peak, so elementwise ops and GEMM can be judged against the hardware.
//
//   jit-opbench [--threads N] [--filter REGEX] [--json OUT] [--no-torch]
//               [--min-seconds S]
//
// Each case is an operator overload plus argument specs (JSON). The same
// specs go to torch_op_bench.py, which builds equal-shaped inputs and times
// torch.ops.aten.<name>.<overload>, so both sides run the same schema with
// the same shapes, dtypes and thread count. A time is the median per-call
// time of batches of calls after a warm-up. Sizes: small = 1K elements,
// medium = 64K, large = 4M (2^22); matmul/conv use shape tiers instead.
//
// Bandwidth: bytes read + written by the op (logical tensor bytes) over its
// time, as a percentage of a vectorized copy of one 4M-float tensor on the
// same threads (%copy; 32 MiB of traffic, which a large L3 partly holds) and
// of the same copy over arrays 4x the last-level cache (%mem: memory, by
// STREAM's sizing rule), both timed just before and after each 4M case. Peak: a register-blocked AVX2 FMA loop (independent
// accumulators) on every thread; GEMM is aten::mm 1024x1024x1024 float32
// against it. Both are also given per CPU-second (process CPU time instead
// of wall time), which stays meaningful when the machine is shared: wall
// time counts the time spent waiting for a core, CPU time does not.
#include <immintrin.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/core/ivalue_containers.h"
#include "runtime/core/operator_registry.h"
#include "runtime/ops/register_all.h"
#include "runtime/support/cpu_caches.h"
#include "runtime/tensor/parallel.h"
#include "runtime/tensor/tensor.h"

// OpenBLAS reads its thread count at load time; the bench sets it to the
// intra-op pool size so GEMM uses the same threads as everything else.
extern "C" void openblas_set_num_threads(int) __attribute__((weak));

using namespace jitserve;
using json = nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// CPU seconds used by all threads of this process. On a shared machine wall
// time includes waiting for a core; CPU time does not, so rates per CPU
// second compare kernels with the hardware even under load.
double processCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------

struct Case {
  std::string name;      // "add/large"
  std::string op;        // display name, "add"
  std::string size;      // small | medium | large
  std::string overload;  // "aten::add.Tensor"
  json args;             // argument specs, see makeArg
  double bytes = 0;      // logical bytes read + written (0: not bandwidth-bound)
  double flops = 0;      // for matmul / conv
  bool elementwise = false;
};

json T(std::vector<int64_t> shape, std::string init = "randn", std::string dtype = "float32") {
  return json{{"t", shape}, {"init", init}, {"dtype", dtype}};
}
json Ti(std::vector<int64_t> shape, int64_t hi) { return json{{"t", shape}, {"init", "randint"}, {"hi", hi}, {"dtype", "int64"}}; }
json Tt(std::vector<int64_t> shape) { return json{{"t", shape}, {"init", "randn"}, {"dtype", "float32"}, {"transpose", true}}; }
json I(int64_t v) { return json{{"i", v}}; }
json F(double v) { return json{{"f", v}}; }
json B(bool v) { return json{{"b", v}}; }
json Ints(std::vector<int64_t> v) { return json{{"ints", v}}; }
json Tensors(std::vector<json> ts) { return json{{"tensors", ts}}; }

int64_t numel(const std::vector<int64_t>& s) {
  int64_t n = 1;
  for (auto d : s) n *= d;
  return n;
}

std::vector<Case> allCases() {
  std::vector<Case> cs;
  auto add = [&](std::string op, std::string size, std::string overload, json args, double bytes = 0,
                 bool ew = false, double flops = 0) {
    cs.push_back(Case{op + "/" + size, op, size, overload, std::move(args), bytes, flops, ew});
  };
  struct Sz {
    std::string name;
    int64_t r, c;                // 2-D shape
    std::vector<int64_t> nchw;   // 4-D shape with the same element count
  };
  const std::vector<Sz> sizes = {
      {"small", 32, 32, {1, 16, 8, 8}},
      {"medium", 256, 256, {1, 64, 32, 32}},
      {"large", 2048, 2048, {4, 64, 128, 128}},
  };
  for (const auto& s : sizes) {
    const double n = double(s.r) * s.c, f4 = 4;
    const std::vector<int64_t> x = {s.r, s.c}, row = {1, s.c};
    for (const char* b : {"add", "sub", "mul", "div"}) {
      std::string ov = std::string("aten::") + b + ".Tensor";
      add(b, s.name, ov, {T(x), T(x, std::string(b) == "div" ? "pos" : "randn")}, 3 * n * f4, true);
    }
    add("add_bcast", s.name, "aten::add.Tensor", {T(x), T(row)}, (2 * n + s.c) * f4, true);
    add("mul_bcast", s.name, "aten::mul.Tensor", {T(x), T(row)}, (2 * n + s.c) * f4, true);
    for (const char* u : {"relu", "sigmoid", "tanh", "gelu", "exp", "abs", "neg"})
      add(u, s.name, std::string("aten::") + u, {T(x)}, 2 * n * f4, true);
    add("log", s.name, "aten::log", {T(x, "pos")}, 2 * n * f4, true);
    add("sqrt", s.name, "aten::sqrt", {T(x, "pos")}, 2 * n * f4, true);
    add("clamp", s.name, "aten::clamp", {T(x), F(-0.5), F(0.5)}, 2 * n * f4, true);
    add("pow_2", s.name, "aten::pow.Tensor_Scalar", {T(x), F(2.0)}, 2 * n * f4, true);
    add("pow_2.5", s.name, "aten::pow.Tensor_Scalar", {T(x, "pos"), F(2.5)}, 2 * n * f4, true);
    add("where", s.name, "aten::where.self", {T(x, "rand", "bool"), T(x), T(x)}, n + 3 * n * f4, true);
    add("contiguous(t)", s.name, "aten::contiguous", {Tt({s.c, s.r})}, 2 * n * f4);
    // Reductions and row-wise ops over the last dim.
    add("sum", s.name, "aten::sum", {T(x)}, n * f4);
    add("sum_dim0", s.name, "aten::sum.dim_IntList", {T(x), Ints({0})}, n * f4);
    add("mean_dim", s.name, "aten::mean.dim", {T(x), Ints({-1})}, n * f4);
    add("amax", s.name, "aten::amax", {T(x), Ints({-1})}, n * f4);
    add("argmax", s.name, "aten::argmax", {T(x), I(-1)}, n * f4);
    add("softmax", s.name, "aten::softmax.int", {T(x), I(-1)}, 2 * n * f4);
    add("log_softmax", s.name, "aten::log_softmax.int", {T(x), I(-1)}, 2 * n * f4);
    add("cumsum", s.name, "aten::cumsum", {T(x), I(-1)}, 2 * n * f4);
    add("layer_norm", s.name, "aten::layer_norm", {T(x), Ints({s.c}), T({s.c}), T({s.c}), F(1e-5), B(true)},
        2 * n * f4);
    const auto& q = s.nchw;
    const int64_t ch = q[1];
    add("batch_norm", s.name, "aten::batch_norm",
        {T(q), T({ch}), T({ch}), T({ch}), T({ch}, "pos"), B(false), F(0.1), F(1e-5), B(true)}, 2 * n * f4);
    add("cat", s.name, "aten::cat", {Tensors({T({s.r, s.c / 2}), T({s.r, s.c / 2})}), I(1)}, 2 * n * f4);
    add("index_select", s.name, "aten::index_select", {T(x), I(0), Ti({s.r}, s.r)}, 2 * n * f4);
    add("gather", s.name, "aten::gather", {T(x), I(1), Ti(x, s.c)}, (2 * f4 + 8) * n);
    add("topk10", s.name, "aten::topk", {T(x), I(10)});
    add("sort", s.name, "aten::sort", {T(x), I(-1)});
    add("max_pool2d", s.name, "aten::max_pool2d", {T(q), Ints({3, 3}), Ints({2, 2}), Ints({1, 1})});
    add("avg_pool2d", s.name, "aten::avg_pool2d", {T(q), Ints({2, 2}), Ints({2, 2})});
    add("adaptive_avg_pool2d", s.name, "aten::adaptive_avg_pool2d", {T(q), Ints({1, 1})}, n * f4);
    // embedding: r lookups of c-wide rows, so the output has the size's element count.
    add("embedding", s.name, "aten::embedding", {T({8192, s.c}), Ti({s.r}, 8192)});
  }
  // Matmul family and convolution: shape tiers.
  auto mm = [&](std::string op, std::string size, int64_t m, int64_t k, int64_t n) {
    add(op, size, "aten::mm", {T({m, k}), T({k, n})}, 0, false, 2.0 * m * k * n);
  };
  mm("mm", "small", 32, 32, 32);
  mm("mm", "medium", 256, 256, 256);
  mm("mm", "large", 1024, 1024, 1024);
  mm("mm_skinny", "small", 1, 512, 512);
  mm("mm_skinny", "medium", 16, 1024, 1024);
  mm("mm_skinny", "large", 4096, 64, 1024);
  auto matmul = [&](std::string size, int64_t b, int64_t m, int64_t k, int64_t n) {
    add("matmul", size, "aten::matmul", {T({b, m, k}), T({k, n})}, 0, false, 2.0 * b * m * k * n);
  };
  matmul("small", 4, 16, 64, 64);
  matmul("medium", 8, 128, 256, 256);
  matmul("large", 8, 128, 512, 512);
  auto linear = [&](std::string size, int64_t b, int64_t in, int64_t out) {
    add("linear", size, "aten::linear", {T({b, in}), T({out, in}), T({out})}, 0, false, 2.0 * b * in * out);
    add("addmm", size, "aten::addmm", {T({out}), T({b, in}), T({in, out})}, 0, false, 2.0 * b * in * out);
  };
  linear("small", 1, 256, 256);
  linear("medium", 64, 512, 512);
  linear("large", 512, 1024, 1024);
  auto bmm = [&](std::string size, int64_t b, int64_t m) {
    add("bmm", size, "aten::bmm", {T({b, m, m}), T({b, m, m})}, 0, false, 2.0 * b * m * m * m);
  };
  bmm("small", 8, 16);
  bmm("medium", 16, 64);
  bmm("large", 32, 128);
  auto conv = [&](std::string op, std::string size, int64_t n, int64_t ci, int64_t co, int64_t hw, int64_t k) {
    int64_t pad = k / 2;
    add(op, size, "aten::conv2d",
        {T({n, ci, hw, hw}), T({co, ci, k, k}), T({co}), Ints({1, 1}), Ints({pad, pad})}, 0, false,
        2.0 * n * co * ci * k * k * hw * hw);
  };
  conv("conv3x3", "small", 1, 16, 16, 16, 3);
  conv("conv3x3", "medium", 1, 64, 64, 28, 3);
  conv("conv3x3", "large", 8, 64, 64, 28, 3);
  conv("conv1x1", "small", 1, 64, 64, 16, 1);
  conv("conv1x1", "medium", 1, 256, 64, 28, 1);
  conv("conv1x1", "large", 8, 256, 64, 28, 1);
  return cs;
}

// ---------------------------------------------------------------------------
// Inputs and timing (ours)
// ---------------------------------------------------------------------------

Tensor makeTensor(const json& s, std::mt19937& rng) {
  std::vector<int64_t> shape = s["t"].get<std::vector<int64_t>>();
  std::string init = s["init"], dtype = s["dtype"];
  const int64_t n = numel(shape);
  Tensor t;
  if (dtype == "int64") {
    t = empty(shape, ScalarType::Long);
    std::uniform_int_distribution<int64_t> d(0, s["hi"].get<int64_t>() - 1);
    auto* p = static_cast<int64_t*>(t.data_ptr());
    for (int64_t i = 0; i < n; ++i) p[i] = d(rng);
  } else if (dtype == "bool") {
    t = empty(shape, ScalarType::Bool);
    auto* p = static_cast<bool*>(t.data_ptr());
    for (int64_t i = 0; i < n; ++i) p[i] = (rng() & 1) != 0;
  } else {
    t = empty(shape, ScalarType::Float);
    std::uniform_real_distribution<float> d(init == "pos" ? 0.1f : -2.0f, 2.0f);
    auto* p = static_cast<float*>(t.data_ptr());
    for (int64_t i = 0; i < n; ++i) p[i] = d(rng);
  }
  if (s.value("transpose", false)) t = t.transpose(0, 1);
  return t;
}

IValue makeArg(const json& a, std::mt19937& rng) {
  if (a.contains("t")) return IValue(makeTensor(a, rng));
  if (a.contains("i")) return IValue(a["i"].get<int64_t>());
  if (a.contains("f")) return IValue(a["f"].get<double>());
  if (a.contains("b")) return IValue(a["b"].get<bool>());
  if (a.contains("s")) return IValue(a["s"].get<std::string>());
  if (a.contains("ints")) return IValue::intList(a["ints"].get<std::vector<int64_t>>());
  if (a.contains("tensors")) {
    std::vector<Tensor> ts;
    for (const auto& t : a["tensors"]) ts.push_back(makeTensor(t, rng));
    return IValue::tensorList(std::move(ts));
  }
  return IValue();
}

// Median per-call seconds of `fn`: a warm-up, then batches sized so one batch
// takes ~0.5 ms or more, until minSeconds have passed and 5+ batches ran.
// With `cpu`, also the process CPU seconds per call over the timed batches.
template <typename F>
double medianPerCall(const F& fn, double minSeconds, double* best = nullptr, double* cpu = nullptr) {
  auto t0 = Clock::now();
  int warm = 0;
  while (warm < 3 || (secondsSince(t0) < 0.02 && warm < 1000)) fn(), ++warm;
  const double est = secondsSince(t0) / warm;
  const int batch = std::max(1, int(std::min(1000.0, 5e-4 / std::max(est, 1e-9))));
  std::vector<double> samples;
  auto start = Clock::now();
  const double cpu0 = processCpuSeconds();
  while (samples.size() < 5 || (secondsSince(start) < minSeconds && samples.size() < 200)) {
    auto b0 = Clock::now();
    for (int i = 0; i < batch; ++i) fn();
    samples.push_back(secondsSince(b0) / batch);
  }
  if (cpu) *cpu = (processCpuSeconds() - cpu0) / double(samples.size() * batch);
  std::sort(samples.begin(), samples.end());
  if (best) *best = samples.front();
  return samples[samples.size() / 2];
}

// Runs the overload the way the interpreter does: arguments (with schema
// defaults filled in) on a Stack, op->run(stack), outputs left on it.
double timeOurs(const Case& c, double minSeconds, std::string* error, double* best = nullptr,
                double* cpu = nullptr) {
  const Operator* op = globalOperatorRegistry().findByName(c.overload);
  if (!op) {
    *error = "no operator " + c.overload;
    return -1;
  }
  std::mt19937 rng(42);
  Stack inputs;
  for (const auto& a : c.args) inputs.push_back(makeArg(a, rng));
  const auto& params = op->schema().arguments;
  for (size_t i = inputs.size(); i < params.size(); ++i) {
    if (!params[i].defaultValue) {
      *error = "argument " + params[i].name + " has no default";
      return -1;
    }
    inputs.push_back(*params[i].defaultValue);
  }
  Stack stack;
  stack.reserve(inputs.size() + 2);
  try {
    return medianPerCall(
        [&] {
          stack = inputs;
          op->run(stack);
          stack.clear();
        },
        minSeconds, best, cpu);
  } catch (const std::exception& e) {
    *error = e.what();
    return -1;
  }
}

// ---------------------------------------------------------------------------
// Machine references
// ---------------------------------------------------------------------------

// A plain vectorized copy (8-float loads and stores, the same store path an
// elementwise kernel takes; glibc's memcpy switches to non-temporal stores at
// this size, which an op writing a fresh output does not), split over the
// pool. Returns GB/s counting bytes read + written.
__attribute__((target("avx2"), noinline)) void copyFloats(const float* src, float* dst, int64_t n) {
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m256 a = _mm256_loadu_ps(src + i), b = _mm256_loadu_ps(src + i + 8), c = _mm256_loadu_ps(src + i + 16),
           d = _mm256_loadu_ps(src + i + 24);
    _mm256_storeu_ps(dst + i, a);
    _mm256_storeu_ps(dst + i + 8, b);
    _mm256_storeu_ps(dst + i + 16, c);
    _mm256_storeu_ps(dst + i + 24, d);
  }
  for (; i < n; ++i) dst[i] = src[i];
}

double copyBandwidthGBs(std::vector<float>& src, std::vector<float>& dst, double minSeconds, double* perCpu,
                        double* bestGBs = nullptr) {
  const int64_t floats = static_cast<int64_t>(src.size());
  double cpu = 0, best = 0;
  double s = medianPerCall(
      [&] {
        parallel_for(0, floats, kGrainSize, [&](int64_t b, int64_t e) {
          copyFloats(src.data() + b, dst.data() + b, e - b);
        });
      },
      minSeconds, &best, &cpu);
  *perCpu = 2.0 * 4.0 * double(floats) / cpu / 1e9;
  if (bestGBs) *bestGBs = 2.0 * 4.0 * double(floats) / best / 1e9;
  return 2.0 * 4.0 * double(floats) / s / 1e9;
}

double copyBandwidthGBs(int64_t floats, double minSeconds, double* perCpu, double* bestGBs = nullptr) {
  std::vector<float> src(floats, 1.0f), dst(floats, 0.0f);
  return copyBandwidthGBs(src, dst, minSeconds, perCpu, bestGBs);
}

// The memory-copy reference: the same copy over arrays of 4x the last-level
// cache each (at least 64 MiB), STREAM's sizing rule, so it measures DRAM
// rather than the cache. On this kind of VM a 4M-float (16 MiB) array pair
// fits in the 32 MiB L3 and copies at ~2x the DRAM rate.
int64_t memoryCopyFloats() {
  const size_t bytes = std::max<size_t>(4 * lastLevelCacheBytes(), size_t(64) << 20);
  return static_cast<int64_t>(bytes / sizeof(float));
}

// Ten independent 8-wide FMA chains: enough to cover FMA latency x ports on
// current x86 cores, so the loop runs at the FMA throughput limit.
__attribute__((target("avx2,fma"), noinline)) float fmaLoop(int64_t iters, float seed) {
  __m256 a0 = _mm256_set1_ps(seed), a1 = _mm256_set1_ps(seed + 1), a2 = _mm256_set1_ps(seed + 2),
         a3 = _mm256_set1_ps(seed + 3), a4 = _mm256_set1_ps(seed + 4), a5 = _mm256_set1_ps(seed + 5),
         a6 = _mm256_set1_ps(seed + 6), a7 = _mm256_set1_ps(seed + 7), a8 = _mm256_set1_ps(seed + 8),
         a9 = _mm256_set1_ps(seed + 9);
  const __m256 m = _mm256_set1_ps(0.999999f), c = _mm256_set1_ps(1e-7f);
  for (int64_t i = 0; i < iters; ++i) {
    a0 = _mm256_fmadd_ps(a0, m, c);
    a1 = _mm256_fmadd_ps(a1, m, c);
    a2 = _mm256_fmadd_ps(a2, m, c);
    a3 = _mm256_fmadd_ps(a3, m, c);
    a4 = _mm256_fmadd_ps(a4, m, c);
    a5 = _mm256_fmadd_ps(a5, m, c);
    a6 = _mm256_fmadd_ps(a6, m, c);
    a7 = _mm256_fmadd_ps(a7, m, c);
    a8 = _mm256_fmadd_ps(a8, m, c);
    a9 = _mm256_fmadd_ps(a9, m, c);
  }
  __m256 s = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)),
                           _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(a4, a5), _mm256_add_ps(a6, a7)),
                                         _mm256_add_ps(a8, a9)));
  float out[8];
  _mm256_storeu_ps(out, s);
  return out[0];
}

// Best-of-trials FP32 GFLOP/s over all pool threads (each thread runs the
// loop). Trials are short (~5 ms) and many, so on a busy machine some of them
// run unpreempted: the best one is the hardware's rate, not the share we got.
// *perCpu: the best trial's GFLOP per CPU second (one core's peak, whatever
// the load).
double measurePeakGflops(double seconds, double* perCpu) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return -1;
  const int threads = get_num_threads();
  const int64_t iters = 2'000'000;  // 320 MFLOP per thread
  volatile float sink = 0;
  double best = 0;
  *perCpu = 0;
  auto start = Clock::now();
  for (int t = 0; t < 10 || secondsSince(start) < seconds; ++t) {
    auto t0 = Clock::now();
    const double c0 = processCpuSeconds();
    parallel_for(0, threads, 1, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) sink = sink + fmaLoop(iters, float(i));
    });
    double s = secondsSince(t0);
    const double flops = double(threads) * iters * 10 * 8 * 2;
    best = std::max(best, flops / s / 1e9);
    *perCpu = std::max(*perCpu, flops / (processCpuSeconds() - c0) / 1e9);
  }
  return best;
}

// ---------------------------------------------------------------------------
// PyTorch side
// ---------------------------------------------------------------------------

// PyTorch's side: torch_op_bench.py --serve as a child process, sent one
// case name at a time on its stdin, answering one JSON line each, so its
// cases interleave with ours.
class TorchServer {
 public:
  // Starts the child; false (with a message) when it cannot run or torch is
  // missing. floorUs: its per-call Python floor.
  bool start(const std::vector<Case>& cs, int threads, double minSeconds, double* floorUs) {
    char tmpl[] = "/tmp/jit-opbench-XXXXXX";
    int fd = ::mkstemp(tmpl);
    if (fd < 0) return fail("cannot create a temporary file");
    ::close(fd);
    spec_ = tmpl;
    json spec = json::array();
    for (const auto& c : cs) spec.push_back({{"name", c.name}, {"overload", c.overload}, {"args", c.args}});
    std::ofstream(spec_) << spec.dump();
    int toChild[2], fromChild[2];
    if (::pipe(toChild) != 0) return fail("pipe failed");
    if (::pipe(fromChild) != 0) {
      ::close(toChild[0]);
      ::close(toChild[1]);
      return fail("pipe failed");
    }
    const std::string script = std::string(JITSERVE_BENCH_DIR) + "/torch_op_bench.py";
    const std::string th = std::to_string(threads), ms = std::to_string(minSeconds);
    pid_ = ::fork();
    if (pid_ < 0) return fail("fork failed");
    if (pid_ == 0) {
      ::dup2(toChild[0], 0);
      ::dup2(fromChild[1], 1);
      ::close(toChild[0]);
      ::close(toChild[1]);
      ::close(fromChild[0]);
      ::close(fromChild[1]);
      ::execl("/usr/bin/python3", "python3", script.c_str(), "--threads", th.c_str(), "--min-seconds", ms.c_str(),
              "--serve", spec_.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(toChild[0]);
    ::close(fromChild[1]);
    in_ = ::fdopen(toChild[1], "w");
    out_ = ::fdopen(fromChild[0], "r");
    std::optional<json> first = readLine();
    if (!first || !first->contains("floor_us")) return fail("torch_op_bench.py did not start (is python3-torch installed?)");
    *floorUs = (*first)["floor_us"].get<double>();
    return true;
  }

  // The case's {"us", "best_us", "cpu_us"}, or nullopt (the error printed).
  std::optional<json> run(const std::string& name) {
    if (!in_) return std::nullopt;
    std::fprintf(in_, "%s\n", name.c_str());
    std::fflush(in_);
    std::optional<json> j = readLine();
    if (!j) {
      fail("torch_op_bench.py stopped");
      return std::nullopt;
    }
    if (j->contains("error")) {
      std::fprintf(stderr, "torch %s: %s\n", name.c_str(), (*j)["error"].get<std::string>().c_str());
      return std::nullopt;
    }
    return j;
  }

  ~TorchServer() { stop(); }

 private:
  std::optional<json> readLine() {
    char line[8192];
    while (out_ && std::fgets(line, sizeof line, out_)) {
      try {
        return json::parse(line);
      } catch (const std::exception&) {
        std::fprintf(stderr, "jit-opbench: unexpected output from torch_op_bench.py: %s", line);
      }
    }
    return std::nullopt;
  }
  bool fail(const std::string& why) {
    std::fprintf(stderr, "jit-opbench: %s; no PyTorch times\n", why.c_str());
    stop();
    return false;
  }
  void stop() {
    if (in_) std::fclose(in_);  // EOF on its stdin: the child exits
    if (out_) std::fclose(out_);
    in_ = out_ = nullptr;
    if (pid_ > 0) {
      int status = 0;
      ::waitpid(pid_, &status, 0);
      pid_ = -1;
    }
    if (!spec_.empty()) std::filesystem::remove(spec_);
    spec_.clear();
  }

  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
  std::string spec_;
};

int usage(const std::string& msg) {
  if (!msg.empty()) std::fprintf(stderr, "jit-opbench: %s\n", msg.c_str());
  std::fprintf(stderr,
               "usage: jit-opbench [--threads N] [--filter REGEX] [--json OUT] [--no-torch] [--min-seconds S]\n");
  return 2;
}

double geomean(const std::vector<double>& v) {
  if (v.empty()) return 0;
  double s = 0;
  for (double x : v) s += std::log(x);
  return std::exp(s / double(v.size()));
}

}  // namespace

int main(int argc, char** argv) {
  int threads = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  std::string filter, jsonOut;
  bool torch = true;
  double minSeconds = 0.1;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-h" || a == "--help") return usage(""), 0;
    if (a == "--no-torch") torch = false;
    else if (a == "--threads" || a == "--filter" || a == "--json" || a == "--min-seconds") {
      if (i + 1 >= argc) return usage(a + " needs a value");
      std::string v = argv[++i];
      if (a == "--threads") threads = std::atoi(v.c_str());
      else if (a == "--filter") filter = v;
      else if (a == "--json") jsonOut = v;
      else minSeconds = std::atof(v.c_str());
      if (threads < 1 || minSeconds <= 0) return usage("bad value for " + a);
    } else return usage("unknown argument " + a);
  }
  std::vector<Case> cases;
  try {
    std::regex re(filter.empty() ? ".*" : filter);
    for (auto& c : allCases())
      if (std::regex_search(c.name, re)) cases.push_back(std::move(c));
  } catch (const std::regex_error& e) {
    return usage("bad --filter: " + std::string(e.what()));
  }
  if (cases.empty()) return usage("no case matches the filter");

  set_num_threads(threads);
  if (openblas_set_num_threads) openblas_set_num_threads(threads);
  ensureOperatorsRegistered();
  double load[3] = {0, 0, 0};
  if (getloadavg(load, 3) < 0) load[0] = -1;
  std::printf("jit-opbench: %zu case(s), %d thread(s), %ld online CPU(s), load average %.2f\n", cases.size(),
              threads, sysconf(_SC_NPROCESSORS_ONLN), load[0]);
  std::fflush(stdout);

  // One 4M-element float tensor (16 MiB) copied, before and after the ops;
  // the higher of the two is the reference (the conservative choice).
  const int64_t copyFloatsN = int64_t(1) << 22;
  double cpuBefore = 0, cpuAfter = 0;
  double copyBeforeBest = 0, copyAfterBest = 0;
  const double copyBefore = copyBandwidthGBs(copyFloatsN, std::max(minSeconds, 0.2), &cpuBefore, &copyBeforeBest);
  double peakPerCpu = 0;
  const double peak = measurePeakGflops(1.0, &peakPerCpu);
  std::printf("copy bandwidth (4M floats, read+written, %d thread(s)): %.1f GB/s\n", threads, copyBefore);
  const int64_t memFloatsN = memoryCopyFloats();
  std::vector<float> memSrc(memFloatsN, 1.0f), memDst(memFloatsN, 0.0f);
  double memCpuBefore = 0, memBestBefore = 0;
  const double memBefore = copyBandwidthGBs(memSrc, memDst, std::max(minSeconds, 0.2), &memCpuBefore, &memBestBefore);
  std::printf("memory copy bandwidth (2 x %lld MiB arrays, 4x the last-level cache, %d thread(s)): %.1f GB/s\n",
              static_cast<long long>(memFloatsN * 4 >> 20), threads, memBefore);
  if (peak > 0)
    std::printf("FP32 peak (AVX2 FMA loop, %d thread(s)): %.1f GFLOP/s wall (best trial), %.1f GFLOP per CPU-second\n",
                threads, peak, peakPerCpu);
  std::fflush(stdout);

  // Case by case: a copy of the same size just before each large case with
  // a byte count (its %copy reference), ours, then PyTorch's. A shared
  // machine's bandwidth drifts by 2x over minutes; adjacent measurements see
  // the same machine, the run-wide reference (the best copy) is printed too.
  // GEMM gets more samples (gemm1024, the last case).
  Case gemm{"gemm1024", "gemm1024", "-", "aten::mm", {T({1024, 1024}), T({1024, 1024})}, 0, 2.0 * (1 << 30), false};
  std::map<std::string, double> theirs, theirsBest, theirsCpu;
  double floorUs = -1;
  TorchServer server;
  if (torch) {
    std::vector<Case> withGemm = cases;
    withGemm.push_back(gemm);
    torch = server.start(withGemm, threads, minSeconds, &floorUs);
  }
  auto timeTorch = [&](const Case& c) {
    if (!torch) return;
    if (std::optional<json> j = server.run(c.name)) {
      theirs[c.name] = (*j)["us"].get<double>();
      theirsBest[c.name] = (*j)["best_us"].get<double>();
      theirsCpu[c.name] = (*j)["cpu_us"].get<double>();
    }
  };
  // A large case's %copy compares best samples, as STREAM reports best
  // rates: its fastest call against the fastest copy timed just before or
  // just after it (contention only ever slows either down).
  std::vector<double> ours(cases.size(), -1), oursBest(cases.size(), -1), oursCpu(cases.size(), -1);
  std::vector<double> localCopy(cases.size(), -1), localCopyCpu(cases.size(), -1);
  std::vector<double> localMem(cases.size(), -1), localMemCpu(cases.size(), -1);
  for (size_t i = 0; i < cases.size(); ++i) {
    const bool large = cases[i].size == "large" && cases[i].bytes > 0;
    double cpuA = 0, cpuB = 0, bestA = 0, bestB = 0, memCpuA = 0, memCpuB = 0, memA = 0, memB = 0;
    if (large) {
      copyBandwidthGBs(memSrc, memDst, std::max(minSeconds, 0.2), &memCpuA, &memA);
      copyBandwidthGBs(copyFloatsN, std::max(minSeconds, 0.2), &cpuA, &bestA);
    }
    std::string err;
    ours[i] = timeOurs(cases[i], minSeconds, &err, &oursBest[i], &oursCpu[i]);
    if (ours[i] < 0) std::printf("%s: ours failed: %s\n", cases[i].name.c_str(), err.c_str());
    if (large) {
      copyBandwidthGBs(copyFloatsN, std::max(minSeconds, 0.2), &cpuB, &bestB);
      copyBandwidthGBs(memSrc, memDst, std::max(minSeconds, 0.2), &memCpuB, &memB);
      localCopy[i] = std::max(bestA, bestB);
      localCopyCpu[i] = std::max(cpuA, cpuB);
      localMem[i] = std::max(memA, memB);
      localMemCpu[i] = std::max(memCpuA, memCpuB);
    }
    timeTorch(cases[i]);
  }
  // GEMM bar: aten::mm 1024^3 with more samples.
  std::string gemmErr;
  // Contention on a shared machine only ever slows a run down, so the bar
  // compares best samples: best GEMM against the best FMA-loop trial.
  // Under load a 30 ms GEMM is always preempted, so the GFLOP per CPU-second
  // against the FMA loop's (per core) is printed too.
  double gemmOursBest = -1, gemmOursCpu = -1;
  const double gemmOurs = timeOurs(gemm, std::max(minSeconds, 2.0), &gemmErr, &gemmOursBest, &gemmOursCpu);
  timeTorch(gemm);

  const double copyAfter = copyBandwidthGBs(copyFloatsN, std::max(minSeconds, 0.2), &cpuAfter, &copyAfterBest);
  double copyGBs = std::max(copyBeforeBest, copyAfterBest), copyPerCpu = std::max(cpuBefore, cpuAfter);
  for (size_t i = 0; i < cases.size(); ++i) {
    copyGBs = std::max(copyGBs, localCopy[i]);
    copyPerCpu = std::max(copyPerCpu, localCopyCpu[i]);
  }
  std::printf("copy bandwidth after the ops: %.1f GB/s (median); best sample of the run %.1f GB/s wall, %.1f GB per "
              "CPU-second\n",
              copyAfter, copyGBs, copyPerCpu);

  std::printf("\n%-20s %-7s %11s %11s %7s %7s %9s %6s %6s %6s\n", "op", "size", "ours(us)", "torch(us)", "ratio",
              "cpu-r", "GB/s", "%copy", "%cpu", "%mem");
  std::map<std::string, std::vector<double>> ratios, cpuRatios;  // by size, and "all"
  json results = json::array();
  std::vector<double> ewPct, ewCpuPct, ewBestPct, ewMemPct, ewMemCpuPct;
  int ewBelow = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    if (ours[i] < 0) continue;
    const double o = ours[i] * 1e6;
    const bool haveT = theirs.count(c.name) > 0;
    const double t = haveT ? theirs[c.name] : -1;
    char tbuf[32] = "-", rbuf[32] = "-", crbuf[32] = "-", gbuf[32] = "", pbuf[32] = "", cpbuf[32] = "", mbuf[32] = "";
    json r = {{"name", c.name}, {"op", c.op}, {"size", c.size}, {"overload", c.overload}, {"ours_us", o}};
    if (haveT) {
      std::snprintf(tbuf, sizeof tbuf, "%.2f", t);
      std::snprintf(rbuf, sizeof rbuf, "%.3f", o / t);
      ratios[c.size].push_back(o / t);
      ratios["all"].push_back(o / t);
      r["torch_us"] = t;
      r["ratio"] = o / t;
      if (theirsCpu.count(c.name) && theirsCpu[c.name] > 0 && oursCpu[i] > 0) {
        const double cr = oursCpu[i] * 1e6 / theirsCpu[c.name];
        std::snprintf(crbuf, sizeof crbuf, "%.3f", cr);
        cpuRatios[c.size].push_back(cr);
        cpuRatios["all"].push_back(cr);
        r["cpu_ratio"] = cr;
      }
    }
    r["ours_cpu_us"] = oursCpu[i] * 1e6;
    if (c.bytes > 0) {
      const double gbs = c.bytes / ours[i] / 1e9;
      std::snprintf(gbuf, sizeof gbuf, "%.1f", gbs);
      r["gb_s"] = gbs;
      if (c.size == "large" && localCopy[i] > 0) {
        const double pct = 100 * (c.bytes / oursBest[i] / 1e9) / localCopy[i];
        std::snprintf(pbuf, sizeof pbuf, "%.0f%%", pct);
        r["copy_gb_s"] = localCopy[i];
        r["pct_copy"] = pct;
        r["pct_best_copy"] = 100 * (c.bytes / oursBest[i] / 1e9) / copyGBs;
        // Per CPU-second: the share of a core we got cancels out.
        const double cpuPct = 100 * (c.bytes / oursCpu[i] / 1e9) / localCopyCpu[i];
        std::snprintf(cpbuf, sizeof cpbuf, "%.0f%%", cpuPct);
        r["pct_copy_cpu"] = cpuPct;
        const double memPct = 100 * (c.bytes / oursBest[i] / 1e9) / localMem[i];
        const double memCpuPct = 100 * (c.bytes / oursCpu[i] / 1e9) / localMemCpu[i];
        std::snprintf(mbuf, sizeof mbuf, "%.0f%%", memPct);
        r["mem_copy_gb_s"] = localMem[i];
        r["pct_mem"] = memPct;
        r["pct_mem_cpu"] = memCpuPct;
        if (c.elementwise) {
          ewMemPct.push_back(memPct);
          ewMemCpuPct.push_back(memCpuPct);
          ewPct.push_back(pct);
          ewCpuPct.push_back(cpuPct);
          ewBestPct.push_back(100 * (c.bytes / oursBest[i] / 1e9) / copyGBs);
          if (pct < 70) ++ewBelow;
        }
      }
    }
    if (c.flops > 0) {
      std::snprintf(gbuf, sizeof gbuf, "%.1fGF", c.flops / ours[i] / 1e9);
      r["gflop_s"] = c.flops / ours[i] / 1e9;
    }
    std::printf("%-20s %-7s %11.2f %11s %7s %7s %9s %6s %6s %6s%s\n", c.op.c_str(), c.size.c_str(), o, tbuf, rbuf,
                crbuf, gbuf, pbuf, cpbuf, mbuf, haveT && o / t > 1.3 ? "  <-- slower" : "");
    results.push_back(r);
  }

  std::printf("\n");
  if (floorUs > 0) std::printf("torch per-call Python floor (aten::alias): %.2f us (included in torch times)\n", floorUs);
  for (const char* s : {"small", "medium", "large", "all"}) {
    if (ratios.count(s))
      std::printf("geomean ratio ours/torch [%s]: %.3f wall, %.3f CPU time, over %zu ops\n", s, geomean(ratios[s]),
                  geomean(cpuRatios[s]), ratios[s].size());
  }
  if (!ewPct.empty()) {
    std::sort(ewPct.begin(), ewPct.end());
    std::printf("elementwise 4M ops: %% of the copy measured beside each: min %.0f%%, median %.0f%%, max %.0f%%; %d of "
                "%zu below 70%%\n",
                ewPct.front(), ewPct[ewPct.size() / 2], ewPct.back(), ewBelow, ewPct.size());
    std::sort(ewBestPct.begin(), ewBestPct.end());
    int bestBelow = 0;
    for (double p : ewBestPct) bestBelow += p < 70;
    std::printf("  of the run's best copy (%.1f GB/s): min %.0f%%, median %.0f%%, max %.0f%%; %d of %zu below 70%%\n",
                copyGBs, ewBestPct.front(), ewBestPct[ewBestPct.size() / 2], ewBestPct.back(), bestBelow,
                ewBestPct.size());
    std::sort(ewCpuPct.begin(), ewCpuPct.end());
    int cpuBelow = 0;
    for (double p : ewCpuPct) cpuBelow += p < 70;
    std::printf("  per CPU-second: min %.0f%%, median %.0f%%, max %.0f%%; %d of %zu below 70%%\n", ewCpuPct.front(),
                ewCpuPct[ewCpuPct.size() / 2], ewCpuPct.back(), cpuBelow, ewCpuPct.size());
    auto below70 = [](const std::vector<double>& v) { return std::count_if(v.begin(), v.end(), [](double p) { return p < 70; }); };
    std::sort(ewMemPct.begin(), ewMemPct.end());
    std::sort(ewMemCpuPct.begin(), ewMemCpuPct.end());
    std::printf("elementwise 4M ops: %% of the memory copy (%lld MiB arrays) measured beside each: min %.0f%%, median "
                "%.0f%%, max %.0f%%; %td of %zu below 70%% (per CPU-second: min %.0f%%, %td below 70%%)\n",
                static_cast<long long>(memFloatsN * 4 >> 20), ewMemPct.front(), ewMemPct[ewMemPct.size() / 2],
                ewMemPct.back(), below70(ewMemPct), ewMemPct.size(), ewMemCpuPct.front(), below70(ewMemCpuPct));
  }
  double memGBs = memBestBefore;
  for (double m : localMem) memGBs = std::max(memGBs, m);
  json summary = {{"threads", threads},     {"load_avg", load[0]},           {"copy_gb_s", copyGBs},
                  {"mem_copy_gb_s", memGBs},
                  {"copy_gb_per_cpu_s", copyPerCpu}, {"peak_gflop_s", peak}};
  if (gemmOurs > 0) {
    const double g = gemm.flops / gemmOursBest / 1e9, gMed = gemm.flops / gemmOurs / 1e9;
    std::printf("GEMM 1024x1024x1024 f32 (aten::mm): ours %.1f GFLOP/s best (%.1f median) = %.0f%% of measured peak "
                "%.1f GFLOP/s",
                g, gMed, peak > 0 ? 100 * g / peak : 0.0, peak);
    summary["gemm_gflop_s"] = g;
    summary["gemm_gflop_s_median"] = gMed;
    summary["gemm_pct_peak"] = peak > 0 ? 100 * g / peak : 0.0;
    if (theirsBest.count("gemm1024")) {
      const double tg = gemm.flops / (theirsBest["gemm1024"] * 1e-6) / 1e9;
      const double tgMed = gemm.flops / (theirs["gemm1024"] * 1e-6) / 1e9;
      std::printf("; torch %.1f GFLOP/s best (%.1f median) = %.0f%%", tg, tgMed, peak > 0 ? 100 * tg / peak : 0.0);
      summary["torch_gemm_gflop_s"] = tg;
    }
    const double gCpu = gemm.flops / gemmOursCpu / 1e9;
    std::printf("\n  per CPU-second: ours %.1f GFLOP = %.0f%% of the FMA loop's %.1f", gCpu,
                peakPerCpu > 0 ? 100 * gCpu / peakPerCpu : 0.0, peakPerCpu);
    summary["gemm_gflop_per_cpu_s"] = gCpu;
    summary["gemm_pct_peak_cpu"] = peakPerCpu > 0 ? 100 * gCpu / peakPerCpu : 0.0;
    summary["peak_gflop_per_cpu_s"] = peakPerCpu;
    if (theirsCpu.count("gemm1024")) {
      const double tCpu = gemm.flops / (theirsCpu["gemm1024"] * 1e-6) / 1e9;
      std::printf("; torch %.1f GFLOP = %.0f%%", tCpu, peakPerCpu > 0 ? 100 * tCpu / peakPerCpu : 0.0);
      summary["torch_gemm_gflop_per_cpu_s"] = tCpu;
    }
    std::printf("\n");
  } else {
    std::printf("GEMM: ours failed: %s\n", gemmErr.c_str());
  }
  for (const char* s : {"small", "medium", "large", "all"})
    if (ratios.count(s)) {
      summary[std::string("geomean_") + s] = geomean(ratios[s]);
      summary[std::string("geomean_cpu_") + s] = geomean(cpuRatios[s]);
    }
  if (!jsonOut.empty()) {
    std::ofstream(jsonOut) << json{{"summary", summary}, {"results", results}}.dump(1) << "\n";
  }
  return 0;
}
