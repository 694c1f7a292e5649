#include "compiler/passes/pass_registry.h"

#include <mutex>
#include <optional>

#include "runtime/ir/ir.h"
#include "runtime/ir/verifier.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/common_subexpression_elimination.h"
#include "compiler/passes/constant_pooling.h"
#include "compiler/passes/constant_propagation.h"
#include "compiler/passes/conv_channels_last.h"
#include "compiler/passes/dead_code_elimination.h"
#include "compiler/passes/fold_conv_arithmetic.h"
#include "compiler/passes/fold_conv_batch_norm.h"
#include "compiler/passes/fold_linear_batch_norm.h"
#include "compiler/passes/fuse_conv_add.h"
#include "compiler/passes/fuse_conv_clamp.h"
#include "compiler/passes/guard_elimination.h"
#include "compiler/passes/inliner.h"
#include "compiler/passes/insert_fork.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/loop_unrolling.h"
#include "compiler/passes/lower_tuples.h"
#include "compiler/passes/peephole.h"
#include "compiler/passes/remove_dropout.h"
#include "compiler/passes/remove_mutation.h"
#include "compiler/passes/tensor_type_propagation.h"
#include "runtime/support/error.h"

namespace jitserve {

absl::Status PassRegistry::add(std::string name, PassFn fn, const char* doc) {
  if (fn == nullptr) return absl::InvalidArgumentError("pass '" + name + "' has no function");
  if (find(name) != nullptr) return absl::AlreadyExistsError("pass '" + name + "' is already registered");
  passes_.push_back(PassInfo{std::move(name), fn, doc ? doc : ""});
  return absl::OkStatus();
}

const PassInfo* PassRegistry::find(std::string_view name) const {
  for (const PassInfo& p : passes_)
    if (p.name == name) return &p;
  return nullptr;
}

std::vector<std::string> PassRegistry::names() const {
  std::vector<std::string> out;
  out.reserve(passes_.size());
  for (const PassInfo& p : passes_) out.push_back(p.name);
  return out;
}

namespace {
// The AliasDb as a pass: builds it and logs it (GRAPH_DEBUG in
// alias_analysis), changing nothing. Useful from jit-opt.
bool AliasAnalysisPass(Graph& g) {
  AliasDb db(g);
  GRAPH_DUMP("alias analysis of", g);
  return false;
}
}  // namespace

absl::Status registerBuiltinPasses(PassRegistry& r) {
  struct Entry {
    const char* name;
    PassFn fn;
    const char* doc;
  };
  static constexpr Entry kPasses[] = {
      {"alias_analysis", AliasAnalysisPass, "builds the AliasDb (for logging); changes nothing"},
      {"inline", Inline, "inlines prim::CallFunction / prim::CallMethod of known graph functions"},
      {"constant_propagation", ConstantPropagation,
       "runs deterministic, side-effect-free nodes whose inputs are constants; folds constant ifs and zero-trip loops"},
      {"constant_pooling", ConstantPooling, "merges equal constants and hoists them to the top block"},
      {"peephole", Peephole, "local algebraic and container rewrites (x + 0, len([a, b]), TupleIndex(TupleConstruct))"},
      {"common_subexpression_elimination", EliminateCommonSubexpression,
       "reuses the first of identical pure nodes when no write can intervene"},
      {"dead_code_elimination", EliminateDeadCode, "removes nodes whose results are unused and that have no effects"},
      {"loop_unrolling", UnrollLoops, "unrolls constant-trip loops fully when small, else by a factor"},
      {"lower_tuples", LowerTuples, "splits tuple-typed if outputs and loop-carried values into their elements"},
      {"propagate_tensor_types", PropagateTensorTypes,
       "refines Tensor outputs (dtype, rank, sizes, device) from refined inputs where the rule is exact"},
      {"eliminate_guards", EliminateGuards,
       "removes profiling guards whose check type propagation proved, or whose refinement nobody reads"},
      {"remove_mutation", RemoveMutation, "rewrites in-place ops on private fresh tensors into functional ops"},
      {"insert_fork", InsertFork,
       "forks independent heavy branches where the AliasDb proves it safe and the cost model says it pays (opt-in)"},
      {"remove_dropout", RemoveDropout, "removes dropout (and in-place forms) with a constant train=False"},
      {"fold_conv_batch_norm", FoldConvBatchNorm,
       "folds eval-mode batch_norm with constant statistics into the preceding conv's constant weight and bias"},
      {"fold_linear_batch_norm", FoldLinearBatchNorm,
       "folds eval-mode batch_norm into the preceding linear's constant weight and bias (rank-2 inputs)"},
      {"fold_conv_arithmetic", FoldConvArithmetic,
       "folds a per-channel constant add/sub/mul/div of a conv's result into its weight and bias"},
      {"fuse_conv_add", FuseConvAdd,
       "fuses conv2d + add (a residual sum) into jitserve::conv2d_add (oneDNN sum post-op into the preloaded output)"},
      {"fuse_conv_clamp", FuseConvClamp,
       "fuses conv2d + relu/relu6/hardtanh/clamp with constant bounds into jitserve::conv2d_clamp (oneDNN post-op)"},
      {"conv_channels_last", ConvChannelsLast,
       "frozen convs whose readers take NHWC at full speed write channels-last results (no reorders between convs)"},
  };
  for (const Entry& e : kPasses) {
    if (absl::Status s = r.add(e.name, e.fn, e.doc); !s.ok()) return s;
  }
  return absl::OkStatus();
}

PassRegistry& globalPassRegistry() {
  static PassRegistry* registry = new PassRegistry();
  return *registry;
}

void ensurePassesRegistered() {
  static std::once_flag once;
  std::call_once(once, [] {
    jitlog::initFromEnvironment();
    absl::Status s = registerBuiltinPasses(globalPassRegistry());
    JS_INTERNAL_ASSERT(s.ok(), "registering passes: ", s.message());
  });
}

absl::StatusOr<bool> runPasses(Graph& graph, std::span<const std::string> names, const RunPassesOptions& options) {
  if (options.registry == nullptr) ensurePassesRegistered();
  const PassRegistry& registry = options.registry ? *options.registry : globalPassRegistry();
  std::vector<const PassInfo*> passes;
  for (const std::string& n : names) {
    const PassInfo* p = registry.find(n);
    if (p == nullptr) {
      std::string known;
      for (const std::string& k : registry.names()) known += (known.empty() ? "" : ", ") + k;
      return absl::NotFoundError("unknown pass '" + n + "' (known: " + known + ")");
    }
    passes.push_back(p);
  }
  std::optional<InlineLookupScope> lookup;
  if (options.inlineLookup) lookup.emplace(options.inlineLookup);
  bool changed = false;
  for (const PassInfo* p : passes) {
    try {
      changed |= p->fn(graph);
    } catch (const std::exception& e) {
      return absl::InternalError("pass " + p->name + " failed: " + e.what());
    }
    if (options.verify) {
      absl::Status s = verifyGraph(graph);
      if (!s.ok()) return absl::InternalError("graph broken after pass " + p->name + ": " + std::string(s.message()));
    }
  }
  return changed;
}

const std::vector<std::string>& specializedPipeline() {
  static const std::vector<std::string> kPipeline = [] {
    // eliminate_guards before anything folds what a guard's type says: a
    // guard it drops as unread must not have fed a rewrite.
    std::vector<std::string> p{"propagate_tensor_types", "eliminate_guards"};
    for (const std::string& n : standardPipeline()) p.push_back(n);
    return p;
  }();
  return kPipeline;
}

absl::StatusOr<std::function<void(Graph&)>> makePassPipeline(std::vector<std::string> names,
                                                             RunPassesOptions options) {
  if (options.registry == nullptr) ensurePassesRegistered();
  const PassRegistry& registry = options.registry ? *options.registry : globalPassRegistry();
  for (const std::string& n : names)
    if (registry.find(n) == nullptr) return absl::NotFoundError("unknown pass '" + n + "'");
  return std::function<void(Graph&)>([names = std::move(names), options](Graph& g) {
    absl::StatusOr<bool> r = runPasses(g, names, options);
    JS_CHECK(r.ok(), "optimization pipeline failed: ", r.status().message());
  });
}

const std::vector<std::string>& frozenPipeline() {
  static const std::vector<std::string> kPipeline = [] {
    // Constant propagation first: folded attributes make the training
    // branches and the Optional checks around the convs constant.
    // fuse_conv_add and fuse_conv_clamp after the folds: a folded
    // batch_norm or per-channel arithmetic no longer stands between a conv
    // and its residual add or relu; the clamp after the add (ResNet's relu)
    // folds into the conv2d_add; conv_channels_last after them: it looks at
    // what reads each conv.
    std::vector<std::string> p{"constant_propagation",   "remove_dropout",  "fold_conv_batch_norm",
                               "fold_conv_arithmetic",   "fold_linear_batch_norm",
                               "fuse_conv_add",          "fuse_conv_clamp", "conv_channels_last"};
    for (const std::string& n : standardPipeline()) p.push_back(n);
    return p;
  }();
  return kPipeline;
}

const std::vector<std::string>& standardPipeline() {
  static const std::vector<std::string> kPipeline = {
      "inline", "constant_propagation", "constant_pooling", "peephole", "common_subexpression_elimination",
      "dead_code_elimination"};
  return kPipeline;
}

}  // namespace jitserve
