// jit-forkbench: what fork/wait buys. An ensemble of 4 independent
// sub-models (chains of matmul + tanh, a few milliseconds each) forked in
// `forward` and waited for, against the same sub-models called one after the
// other, with the intra-op pool at 1 thread so only inter-op parallelism
// counts; and the serial program made parallel by the insert_fork pass
// (compiler/passes/insert_fork.h, after inlining). Prints per inter-op pool size
//   inter-op N: serial X ms, forked Y ms, speedup S, insert_fork Z ms, speedup T
// 1, 2 and 4 (up to the hardware threads; or --inter-op N only), after a
// ceiling line: the serial program on two plain threads at once against one
// at a time, i.e. how much parallelism the machine gives right now (2.0 on
// two idle cores; less when other processes share them).
//
//   jit-forkbench [--inter-op N] [--size D] [--depth K] [--kernel mm|pointwise]
//                 [--min-seconds S]
//
// --kernel pointwise swaps the matmuls for chains of elementwise kernels
// (ours, no BLAS), to tell the pool's parallelism from the BLAS library's.
// Times are medians of per-call wall times after a warm-up, the two programs
// called alternately; both run through a GraphExecutor, as the server runs
// them.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/passes/inliner.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/executor/graph_executor.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/parallel.h"
#include "runtime/tensor/tensor.h"

using namespace jitserve;

namespace {

constexpr const char* kSource = R"(
# SUB_MODEL is replaced by the --kernel's sub-model.
def sub_model(x: Tensor, w: Tensor, depth: int) -> Tensor:
    y = x
    for _ in range(depth):
        y = torch.tanh(torch.mm(y, w))
    return y

def sub_model_pointwise(x: Tensor, w: Tensor, depth: int) -> Tensor:
    y = x
    for _ in range(depth * 16):
        y = torch.tanh(y * w + 0.25)
    return y

def forked(x: Tensor, w0: Tensor, w1: Tensor, w2: Tensor, w3: Tensor, depth: int) -> Tensor:
    f0 = torch.jit.fork(SUB_MODEL, x, w0, depth)
    f1 = torch.jit.fork(SUB_MODEL, x, w1, depth)
    f2 = torch.jit.fork(SUB_MODEL, x, w2, depth)
    f3 = torch.jit.fork(SUB_MODEL, x, w3, depth)
    return torch.jit.wait(f0) + torch.jit.wait(f1) + torch.jit.wait(f2) + torch.jit.wait(f3)

def serial(x: Tensor, w0: Tensor, w1: Tensor, w2: Tensor, w3: Tensor, depth: int) -> Tensor:
    return SUB_MODEL(x, w0, depth) + SUB_MODEL(x, w1, depth) + SUB_MODEL(x, w2, depth) + SUB_MODEL(x, w3, depth)
)";

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median ms of each of two callables, called alternately (after a warm-up)
// so that load from other processes hits both alike.
template <typename A, typename B>
std::pair<double, double> medianMsInterleaved(A&& a, B&& b, double minSeconds) {
  for (int i = 0; i < 3; ++i) {
    a();
    b();
  }
  std::vector<double> sa, sb;
  auto timeOne = [](auto& fn, std::vector<double>& out) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    out.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  };
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < minSeconds ||
         sa.size() < 7) {
    timeOne(a, sa);
    timeOne(b, sb);
  }
  return {median(std::move(sa)), median(std::move(sb))};
}

int usage(const char* why) {
  std::fprintf(stderr, "jit-forkbench: %s\nusage: jit-forkbench [--inter-op N] [--size D] [--depth K] "
               "[--kernel mm|pointwise] [--min-seconds S]\n",
               why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int interOp = 0;  // 0: sweep 1..hardware threads
  int64_t size = 256;
  int64_t depth = 8;
  double minSeconds = 1.0;
  std::string kernel = "mm";  // or "pointwise": tanh(y * w + c) chains, no BLAS
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage(("missing value for " + a).c_str());
    const char* v = argv[++i];
    if (a == "--inter-op") interOp = std::atoi(v);
    else if (a == "--size") size = std::atoll(v);
    else if (a == "--depth") depth = std::atoll(v);
    else if (a == "--min-seconds") minSeconds = std::atof(v);
    else if (a == "--kernel") kernel = v;
    else return usage(("unknown flag " + a).c_str());
  }
  if (interOp < 0 || size < 1 || depth < 1 || minSeconds <= 0 || (kernel != "mm" && kernel != "pointwise")) {
    return usage("bad value");
  }

  std::string source = kSource;
  const std::string sub = kernel == "mm" ? "sub_model" : "sub_model_pointwise";
  for (size_t p; (p = source.find("SUB_MODEL")) != std::string::npos;) source.replace(p, 9, sub);

  ensureOperatorsRegistered();
  frontend::CompilationUnit cu;
  if (absl::Status st = cu.define(source); !st.ok()) {
    std::fprintf(stderr, "jit-forkbench: %s\n", std::string(st.message()).c_str());
    return 1;
  }
  GraphExecutorOptions options;
  options.code.functionResolver = [&cu](std::string_view name) { return cu.resolve(name); };
  GraphExecutor forked(cu.findFunction("forked")->graphPtr(), options);
  GraphExecutor serial(cu.findFunction("serial")->graphPtr(), options);
  // The serial program, inlined and cleaned up, then insert_fork.
  GraphExecutorOptions passOptions = options;
  std::vector<std::string> passes = standardPipeline();
  passes.emplace_back("insert_fork");
  passOptions.pipeline = [&cu, passes](Graph& g) {
    InlineLookupScope scope([&cu](std::string_view name) -> const Graph* {
      GraphFunction* f = cu.findFunction(name);
      return f ? &f->graph() : nullptr;
    });
    absl::StatusOr<bool> r = runPasses(g, passes);
    if (!r.ok()) {
      std::fprintf(stderr, "jit-forkbench: %s\n", std::string(r.status().message()).c_str());
      std::exit(1);
    }
  };
  GraphExecutor inserted(cu.findFunction("serial")->graphPtr(), passOptions);

  // Scaled so tanh stays out of saturation and the chains do real work.
  Stack inputs{IValue(full({size, size}, Scalar(0.5), ScalarType::Float))};
  for (int k = 0; k < 4; ++k) {
    inputs.emplace_back(full({size, size}, Scalar((k + 1) * 0.25 / static_cast<double>(size)), ScalarType::Float));
  }
  inputs.emplace_back(depth);

  auto runOnce = [&](GraphExecutor& ex) {
    Stack stack = inputs;
    if (absl::Status st = ex.runStatus(stack); !st.ok()) {
      std::fprintf(stderr, "jit-forkbench: %s\n", std::string(st.message()).c_str());
      std::exit(1);
    }
    return stack[0].toTensor();
  };
  // Same program, same answer.
  set_num_threads(1);
  const Tensor b = runOnce(serial);
  for (GraphExecutor* other : {&forked, &inserted}) {
    const Tensor a = runOnce(*other);
    bool same = a.numel() == b.numel() && a.is_contiguous() && b.is_contiguous();
    for (int64_t i = 0; same && i < a.numel(); ++i) {
      const float x = static_cast<const float*>(a.data_ptr())[i], y = static_cast<const float*>(b.data_ptr())[i];
      same = std::abs(x - y) <= 1e-5f * (1 + std::abs(y));
    }
    if (!same) {
      std::fprintf(stderr, "jit-forkbench: %s and serial results differ\n", other == &forked ? "forked" : "insert_fork");
      return 1;
    }
  }

  const int hw = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  std::printf("jit-forkbench: 4 sub-models of %s on %lldx%lld floats, intra-op 1 thread, %d hardware thread(s)\n",
              kernel == "mm" ? (std::to_string(depth) + " x (mm + tanh)").c_str()
                             : (std::to_string(16 * depth) + " x tanh(y * w + c)").c_str(),
              static_cast<long long>(size), static_cast<long long>(size), hw);
  std::vector<int> sizes;
  if (interOp > 0) {
    sizes.push_back(interOp);
  } else {
    // Four forks use at most four threads.
    for (int n : {1, 2, 4}) {
      if (n <= std::max(hw, 2)) sizes.push_back(n);
    }
  }
  // What the machine gives now: the serial program on two plain threads at
  // once against one at a time (2.0 on two idle cores; less when shared).
  {
    const auto [one, two] = medianMsInterleaved([&] { runOnce(serial); },
                                                [&] {
                                                  std::thread t([&] { runOnce(serial); });
                                                  runOnce(serial);
                                                  t.join();
                                                },
                                                minSeconds);
    std::printf("ceiling: 2 plain threads each running serial: %.2f ms vs %.2f ms alone, parallelism %.2f\n", two,
                one, 2 * one / two);
  }
  for (int n : sizes) {
    set_num_interop_threads(n);
    const auto [s, f] = medianMsInterleaved([&] { runOnce(serial); }, [&] { runOnce(forked); }, minSeconds);
    const auto [s2, p] = medianMsInterleaved([&] { runOnce(serial); }, [&] { runOnce(inserted); }, minSeconds);
    std::printf("inter-op %d: serial %.2f ms, forked %.2f ms, speedup %.2f; serial %.2f ms, insert_fork %.2f ms, "
                "speedup %.2f\n",
                n, s, f, s / f, s2, p, s2 / p);
  }
  return 0;
}
