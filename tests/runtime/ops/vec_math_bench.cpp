// Micro-benchmarks for vec_math's float kernels, per table (avx2, avx512):
// 4K floats (L1-resident: the kernel's compute cost per element) and 4M
// floats (what jit-opbench's elementwise bar measures, memory included).
// Run: build/bin/vec_math_bench [--benchmark_filter=sigmoid]
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <vector>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/unary_ops.h"
#include "runtime/ops/vec_math.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops::vec {
namespace {

std::vector<float> randomFloats(int64_t n, float lo, float hi) {
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = d(gen);
  return v;
}

void runUnary(benchmark::State& state, const char* isa, UnaryArrayFn FloatKernels::*fn, float lo, float hi) {
  const FloatKernels* k = floatKernelsFor(isa);
  if (!k) {
    state.SkipWithError("table not available on this CPU/build");
    return;
  }
  const int64_t n = state.range(0);
  std::vector<float> in = randomFloats(n, lo, hi), out(n);
  for (auto _ : state) {
    (k->*fn)(in.data(), out.data(), n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * n * 8);
}

void whereBench(benchmark::State& state, const char* isa) {
  const FloatKernels* k = floatKernelsFor(isa);
  if (!k) {
    state.SkipWithError("table not available on this CPU/build");
    return;
  }
  const int64_t n = state.range(0);
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1), out(n);
  std::vector<char> m(n);
  for (int64_t i = 0; i < n; ++i) m[i] = x[i] > 0;
  for (auto _ : state) {
    k->where(reinterpret_cast<const bool*>(m.data()), x.data(), y.data(), out.data(), n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * n * 13);
}

// The reference: a plain copy of the same arrays (memcpy).
void copyBench(benchmark::State& state) {
  const int64_t n = state.range(0);
  std::vector<float> in = randomFloats(n, -1, 1), out(n);
  for (auto _ : state) {
    std::memcpy(out.data(), in.data(), sizeof(float) * n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * n * 8);
}
BENCHMARK(copyBench)->Arg(4096)->Arg(1 << 22);

#define JS_UNARY_BENCH(isa, name, lo, hi)                                                          \
  BENCHMARK_CAPTURE(runUnary, name##_##isa, #isa, &FloatKernels::name, lo, hi)->Arg(4096)->Arg(1 << 22)
#define JS_ISA_BENCHES(isa)                                                   \
  JS_UNARY_BENCH(isa, exp, -10.0f, 10.0f);                                    \
  JS_UNARY_BENCH(isa, log, 0.001f, 100.0f);                                   \
  JS_UNARY_BENCH(isa, tanh, -5.0f, 5.0f);                                     \
  JS_UNARY_BENCH(isa, sigmoid, -10.0f, 10.0f);                                \
  JS_UNARY_BENCH(isa, silu, -10.0f, 10.0f);                                   \
  JS_UNARY_BENCH(isa, gelu, -5.0f, 5.0f);                                     \
  JS_UNARY_BENCH(isa, sqrt, 0.0f, 100.0f);                                    \
  BENCHMARK_CAPTURE(whereBench, where_##isa, #isa)->Arg(4096)->Arg(1 << 22)

// Whole ops at 2048 x 2048 (what jit-opbench's 4M rows run): an output
// allocated per call, the TensorIterator, the loop.
void opBench(benchmark::State& state, int which) {
  const Tensor x = full({2048, 2048}, 0.5), y = full({2048, 2048}, -1.5), row = full({1, 2048}, 2.0);
  for (auto _ : state) {
    Tensor r = which == 0 ? neg(x) : which == 1 ? add(x, row) : which == 2 ? add(x, y) : mul(x, row);
    benchmark::DoNotOptimize(r.data_ptr());
  }
  state.SetBytesProcessed(state.iterations() * int64_t{2048} * 2048 * (which == 2 ? 12 : 8));
}
BENCHMARK_CAPTURE(opBench, neg, 0);
BENCHMARK_CAPTURE(opBench, add_bcast, 1);
BENCHMARK_CAPTURE(opBench, add, 2);
BENCHMARK_CAPTURE(opBench, mul_bcast, 3);
void bcastOffset(benchmark::State& state) {
  const Tensor x = full({2048, 2048}, 0.5), big = full({1, 4096}, 2.0);
  const Tensor row = big.narrow(1, state.range(0), 2048);
  for (auto _ : state) {
    Tensor r = add(x, row);
    benchmark::DoNotOptimize(r.data_ptr());
  }
  state.SetBytesProcessed(state.iterations() * int64_t{2048} * 2048 * 8);
}
BENCHMARK(bcastOffset)->Arg(0)->Arg(16)->Arg(256)->Arg(512)->Arg(768)->Arg(1024);
void bcastShape(benchmark::State& state) {
  const int64_t c = state.range(0), r = (int64_t{1} << 22) / c;
  const Tensor x = full({r, c}, 0.5), row = full({1, c}, 2.0);
  for (auto _ : state) {
    Tensor o = add(x, row);
    benchmark::DoNotOptimize(o.data_ptr());
  }
  state.SetBytesProcessed(state.iterations() * int64_t{2048} * 2048 * 8);
}
BENCHMARK(bcastShape)->Arg(256)->Arg(2048)->Arg(16384)->Arg(1 << 20);

JS_ISA_BENCHES(avx2);
JS_ISA_BENCHES(avx512);

}  // namespace
}  // namespace jitserve::ops::vec

BENCHMARK_MAIN();
