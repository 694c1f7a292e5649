// Micro-benchmarks for the tensor runtime's hot paths: per-op overhead on tiny
// tensors (the interpreter's common case), elementwise loops through
// TensorIterator, dtype conversion, transposed copies and view creation.
// Run: build-*/bin/jitserve_tensor_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include "runtime/tensor/cpu_loops.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/tensor_iterator.h"

namespace jitserve {
namespace {

Tensor add(const Tensor& a, const Tensor& b) {
  Tensor out;
  TensorIterator iter = TensorIterator::binary_op(out, a, b, "add");
  JS_DISPATCH_ALL_TYPES(iter.common_dtype(), "add", [&] {
    cpu_kernel(iter, [](scalar_t x, scalar_t y) -> scalar_t { return static_cast<scalar_t>(x + y); });
  });
  return out;
}

void BM_AddContiguous(benchmark::State& state) {
  Tensor a = ones({state.range(0)}), b = ones({state.range(0)});
  for (auto _ : state) benchmark::DoNotOptimize(add(a, b));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_AddContiguous)->Arg(4)->Arg(1 << 10)->Arg(1 << 20);

void BM_AddWrappedScalar(benchmark::State& state) {
  Tensor a = ones({state.range(0)});
  for (auto _ : state) benchmark::DoNotOptimize(add(a, wrapped_scalar_tensor(2)));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_AddWrappedScalar)->Arg(4)->Arg(1 << 20);

void BM_AddBroadcastStrided(benchmark::State& state) {
  Tensor a = ones({1024, 1024}).t(), b = ones({1024});
  for (auto _ : state) benchmark::DoNotOptimize(add(a, b));
  state.SetItemsProcessed(state.iterations() * (1 << 20));
}
BENCHMARK(BM_AddBroadcastStrided);

void BM_ToDouble(benchmark::State& state) {
  Tensor a = ones({1 << 20});
  for (auto _ : state) benchmark::DoNotOptimize(a.to(ScalarType::Double));
  state.SetBytesProcessed(state.iterations() * (1 << 20) * 4);
}
BENCHMARK(BM_ToDouble);

void BM_TransposeContiguous(benchmark::State& state) {
  Tensor a = ones({1024, 1024});
  for (auto _ : state) benchmark::DoNotOptimize(a.t().contiguous());
  state.SetBytesProcessed(state.iterations() * (1 << 20) * 4);
}
BENCHMARK(BM_TransposeContiguous);

void BM_ViewOps(benchmark::State& state) {
  Tensor a = ones({8, 16, 32});
  for (auto _ : state) {
    benchmark::DoNotOptimize(a.view({128, -1}));
    benchmark::DoNotOptimize(a.slice(1, 2, 10));
    benchmark::DoNotOptimize(a.transpose(0, 2));
  }
}
BENCHMARK(BM_ViewOps);

}  // namespace
}  // namespace jitserve

BENCHMARK_MAIN();
