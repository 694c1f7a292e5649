#include "compiler/executor/serving_executor.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "compiler/passes/device_placement.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/ops/onednn_conv.h"
#include "runtime/support/error.h"

namespace jitserve {

RunPassesOptions servingPassOptions(const ServingExecutorConfig& config) {
  RunPassesOptions passOptions;
  if (config.functionResolver) {
    passOptions.inlineLookup = [resolve = config.functionResolver](std::string_view name) -> const Graph* {
      auto* f = dynamic_cast<GraphFunction*>(resolve(name));
      return f ? &f->graph() : nullptr;
    };
  }
  return passOptions;
}

GraphExecutorOptions servingExecutorOptions(const ServingExecutorConfig& config) {
  GraphExecutorOptions opts;
  opts.code.functionResolver = config.functionResolver;
  opts.code.planMemory = config.optimize && config.planMemory;
  if (config.optimize) {
    absl::StatusOr<std::function<void(Graph&)>> passes =
        makePassPipeline(specializedPipeline(), servingPassOptions(config));
    JS_INTERNAL_ASSERT(passes.ok(), "the specialized pipeline names an unknown pass: ", passes.status().message());
    opts.pipeline = std::move(*passes);
  }
  if (!config.device.isCPU()) {
    // Last, on the graph the plan runs: the passes may have replaced nodes.
    DevicePlacementOptions placement;
    placement.device = config.device;
    placement.cpuFallback = config.cpuFallback;
    opts.pipeline = [passes = std::move(opts.pipeline), placement](Graph& g) {
      if (passes) passes(g);
      absl::StatusOr<bool> placed = PlaceOnDevice(g, placement);
      if (!placed.ok()) throw Error(std::string(placed.status().message()), placed.status().code());
    };
  }
  // The profiling executor: a plan's first run records its types, then the
  // plan is rebuilt with guards on them (docs/pipeline.md).
  opts.profiling.enabled = config.optimize;
  opts.compileInBackground = config.backgroundCompile;
  return opts;
}

std::shared_ptr<GraphExecutor> makeServingExecutor(std::shared_ptr<Graph> graph,
                                                   const ServingExecutorConfig& config) {
  auto executor = std::make_shared<GraphExecutor>(std::move(graph), servingExecutorOptions(config));
  if (config.backgroundCompile) {
    try {
      executor->warmup();
    } catch (const std::exception&) {
      // Reported by the first call, which builds the generic plan again.
    }
  }
  return executor;
}

absl::Status buildGenericPlan(GraphExecutor& executor) {
  try {
    executor.warmup();
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
  return absl::OkStatus();
}

absl::Status warmUpServingExecutor(GraphExecutor& executor, std::span<const Stack> samples) {
  for (size_t i = 0; i < samples.size(); ++i) {
    InterpreterOptions run;
    run.deadline = InterpreterOptions::Clock::now() + kWarmupSampleTimeout;
    absl::Status s = executor.warmup(samples.subspan(i, 1), run);
    if (!s.ok()) {
      return absl::Status(s.code(),
                          absl::StrCat("warm-up sample ", i, ": ", absl::StripPrefix(s.message(), "warm-up sample 0: ")));
    }
  }
  // The runs queued the frozen convolutions' Winograd weight transforms;
  // the warm-up ends when they are kept.
  if (!samples.empty()) ops::onednnWaitForWeightPacks();
  return absl::OkStatus();
}

}  // namespace jitserve
