#include "runtime/ops/onednn_conv.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "runtime/support/error.h"
#include "runtime/support/sanitizers.h"
#include "runtime/tensor/parallel.h"

#if JITSERVE_HAVE_DNNL
#include <oneapi/dnnl/dnnl.hpp>

#include <array>
#include <condition_variable>
#include <deque>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>

// libgomp's; declared here so the file needs no -fopenmp (or omp.h, which
// clang without libomp-dev lacks). libdnnl runs its parallel regions on it.
extern "C" void omp_set_num_threads(int);
#endif

namespace jitserve::ops {
namespace {

std::atomic<bool>& enabledFlag() {
  static std::atomic<bool> on{[] {
    const char* env = std::getenv("JITSERVE_ONEDNN");
    return !(env && std::strcmp(env, "0") == 0);
  }()};
  return on;
}

}  // namespace

bool onednnConvEnabled() { return onednnAvailable() && enabledFlag().load(std::memory_order_relaxed); }
void setOnednnConvEnabled(bool on) { enabledFlag().store(on, std::memory_order_relaxed); }

bool isChannelsLast(const Tensor& t) {
  if (t.dim() != 4) return false;
  const int64_t C = t.size(1), H = t.size(2), W = t.size(3);
  auto ok = [&](int d, int64_t want) { return t.size(d) == 1 || t.stride(d) == want; };
  return ok(1, 1) && ok(3, C) && ok(2, W * C) && ok(0, H * W * C);
}

#if !JITSERVE_HAVE_DNNL

bool onednnAvailable() { return false; }
void onednnWaitForWeightPacks() {}
bool onednnConv2d(const Tensor&, const Tensor&, const std::optional<Tensor>&, const Conv2dParams&, Tensor&,
                  const ConvClamp*, bool, const ConvSum*) {
  return false;
}

#else

bool onednnAvailable() { return true; }

namespace {

using dnnl::memory;
using tag = memory::format_tag;
using dt = memory::data_type;

dnnl::engine& cpuEngine() {
  static dnnl::engine e(dnnl::engine::kind::cpu, 0);
  return e;
}

// Everything a primitive depends on. `threads` is in it because oneDNN fixes
// the team size of a primitive's parallel regions when it is created.
struct Key {
  int64_t n, c, h, w, o, kh, kw, sh, sw, ph, pw, dh, dw, groups;
  bool bias;
  int threads;
  // The post-ops: when `sum`, dst = conv + sumScale * (what dst held); then
  // 0 none, 1 relu, 2 clip(lo, hi) (infinite for an open bound).
  bool sum;
  double sumScale;
  int post;
  double lo, hi;
  // Channels-last activations: the primitive reads and writes NHWC; srcNchw
  // when the input came NCHW (reordered into NHWC first), dstNchw when the
  // result goes back to NCHW. blockedPrim: the activations are NHWC but the
  // primitive picks its own (blocked) layout, reordered to and from.
  bool nhwc, srcNchw, dstNchw, blockedPrim;
  bool wino;
  bool operator==(const Key& k) const { return std::memcmp(this, &k, sizeof(Key)) == 0; }
};

struct KeyHash {
  size_t operator()(const Key& k) const {
    // FNV-1a over the bytes (the struct is zero-initialized before filling,
    // so padding bytes compare and hash equal).
    const auto* p = reinterpret_cast<const unsigned char*>(&k);
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < sizeof(Key); ++i) h = (h ^ p[i]) * 1099511628211ull;
    return static_cast<size_t>(h);
  }
};

// A primitive with plain NCHW src/dst takes oneDNN's im2col + GEMM
// implementation (gemm:jit); its direct convolutions (jit:avx512_core or
// jit:avx2, and the depthwise jit:uni_dw) want channel-blocked src/dst
// (nChw16c / nChw8c). A plan lets the primitive pick (format `any`) and
// reorders around it where it chose a layout other than plain.
struct Plan {
  dnnl::convolution_forward conv;
  memory::desc src_md, dst_md, bias_md, scratch_md;   // src_md/dst_md: plain NCHW (ours)
  memory::desc src_prim_md, dst_prim_md;              // what conv reads and writes
  memory::desc w_user_md, w_md;  // plain oihw / goihw, and what conv wants
  std::optional<dnnl::reorder> src_reorder, dst_reorder, w_reorder;
  // With a sum post-op in another layout: the preloaded output into it.
  std::optional<dnnl::reorder> sum_reorder;
  bool winograd = false;  // the primitive is a Winograd one
};


std::shared_ptr<Plan> makePlan(const Key& k) {
  const memory::dims src_dims{k.n, k.c, k.h, k.w};
  const int64_t ho = (k.h + 2 * k.ph - k.dh * (k.kh - 1) - 1) / k.sh + 1;
  const int64_t wo = (k.w + 2 * k.pw - k.dw * (k.kw - 1) - 1) / k.sw + 1;
  const memory::dims dst_dims{k.n, k.o, ho, wo};
  memory::dims w_dims;
  tag w_tag;
  if (k.groups == 1) {
    w_dims = {k.o, k.c, k.kh, k.kw};
    w_tag = tag::oihw;
  } else {
    w_dims = {k.groups, k.o / k.groups, k.c / k.groups, k.kh, k.kw};
    w_tag = tag::goihw;
  }
  auto p = std::make_shared<Plan>();
  p->src_md = memory::desc(src_dims, dt::f32, k.nhwc && !k.srcNchw ? tag::nhwc : tag::nchw);
  p->dst_md = memory::desc(dst_dims, dt::f32, k.nhwc && !k.dstNchw ? tag::nhwc : tag::nchw);
  p->w_user_md = memory::desc(w_dims, dt::f32, w_tag);
  const memory::desc w_any(w_dims, dt::f32, tag::any);
  p->bias_md = k.bias ? memory::desc({k.o}, dt::f32, tag::x) : memory::desc();
  // oneDNN's padding_r makes (h + pl + pr - extent) / stride + 1 the output
  // size; PyTorch's symmetric padding with floor division gives the same.
  const memory::dims strides{k.sh, k.sw}, dil{k.dh - 1, k.dw - 1}, pad{k.ph, k.pw};
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  if (k.post != 0 || k.sum) {
    dnnl::post_ops ops;
    if (k.sum) ops.append_sum(static_cast<float>(k.sumScale));
    if (k.post == 1)
      ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_relu, 0.0f, 0.0f);
    else if (k.post == 2)
      ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_clip, static_cast<float>(k.lo), static_cast<float>(k.hi));
    attr.set_post_ops(ops);
  }
  // Winograd (oneDNN's jit_wino_4x3 / jit_fp32_wino_2x3 on AVX-512) computes
  // a 3x3 stride-1 convolution with 2 to 4 times fewer multiplications, in
  // its own blocked layouts. Where no implementation takes the shape (no
  // AVX-512, channel counts it does not block), the direct one runs.
  auto winograd = [&]() -> std::optional<dnnl::convolution_forward::primitive_desc> {
    if (!k.wino) return std::nullopt;
    const memory::desc src_any(src_dims, dt::f32, tag::any), dst_any(dst_dims, dt::f32, tag::any);
    try {
      dnnl::convolution_forward::desc d(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_winograd,
                                        src_any, w_any, p->bias_md, dst_any, strides, dil, pad, pad);
      return dnnl::convolution_forward::primitive_desc(d, attr, cpuEngine());
    } catch (const dnnl::error&) {
      return std::nullopt;
    }
  };
  auto direct = [&] {
    const bool nhwcPrim = k.nhwc && !k.blockedPrim;
    const memory::desc src_any(src_dims, dt::f32, nhwcPrim ? tag::nhwc : tag::any);
    const memory::desc dst_any(dst_dims, dt::f32, nhwcPrim ? tag::nhwc : tag::any);
    // forward_training, as PyTorch asks for, although nothing is trained: for
    // inference oneDNN 2.6 on AVX-512 prefers brgconv with NHWC activations
    // and Acdb32a weights, whose per-call reorders cost more than its faster
    // convolution saves (resnet18 at batch 1: 43 ms of conv + reorders against
    // 38 ms with jit:avx512_core and nChw16c; the depthwise convolutions of
    // mobilenet_v2: 8.8 ms against 3.9 ms).
    dnnl::convolution_forward::desc d(dnnl::prop_kind::forward_training, dnnl::algorithm::convolution_direct,
                                      src_any, w_any, p->bias_md, dst_any, strides, dil, pad, pad);
    return dnnl::convolution_forward::primitive_desc(d, attr, cpuEngine());
  };
  std::optional<dnnl::convolution_forward::primitive_desc> wino = winograd();
  const dnnl::convolution_forward::primitive_desc pd = wino ? *wino : direct();
  p->winograd = wino.has_value();
  p->w_md = pd.weights_desc();
  p->src_prim_md = pd.src_desc();
  p->dst_prim_md = pd.dst_desc();
  if (p->src_prim_md != p->src_md)
    p->src_reorder.emplace(dnnl::reorder::primitive_desc(cpuEngine(), p->src_md, cpuEngine(), p->src_prim_md));
  if (p->dst_prim_md != p->dst_md) {
    p->dst_reorder.emplace(dnnl::reorder::primitive_desc(cpuEngine(), p->dst_prim_md, cpuEngine(), p->dst_md));
    if (k.sum) p->sum_reorder.emplace(dnnl::reorder::primitive_desc(cpuEngine(), p->dst_md, cpuEngine(), p->dst_prim_md));
  }
  p->scratch_md = pd.scratchpad_desc();
  if (p->w_md != p->w_user_md) p->w_reorder.emplace(dnnl::reorder::primitive_desc(cpuEngine(), p->w_user_md,
                                                                                  cpuEngine(), p->w_md));
  p->conv = dnnl::convolution_forward(pd);
  return p;
}

// A small LRU of plans. Shapes seen by one model number in the tens; the
// bound only keeps a server that sees endless new shapes from growing.
class PlanCache {
 public:
  std::shared_ptr<Plan> get(const Key& k) {
    {
      std::lock_guard<std::mutex> g(mu_);
      auto it = map_.find(k);
      if (it != map_.end()) {
        lru_.splice(lru_.begin(), lru_, it->second);
        return it->second->second;
      }
    }
    std::shared_ptr<Plan> p = makePlan(k);  // outside the lock: can take ~ms
    std::lock_guard<std::mutex> g(mu_);
    auto it = map_.find(k);
    if (it != map_.end()) return it->second->second;
    lru_.emplace_front(k, p);
    map_[k] = lru_.begin();
    if (map_.size() > kCapacity) {
      map_.erase(lru_.back().first);
      lru_.pop_back();
    }
    return p;
  }

 private:
  static constexpr size_t kCapacity = 512;
  std::mutex mu_;
  std::list<std::pair<Key, std::shared_ptr<Plan>>> lru_;
  std::unordered_map<Key, std::list<std::pair<Key, std::shared_ptr<Plan>>>::iterator, KeyHash> map_;
};

PlanCache& planCache() {
  static PlanCache* c = new PlanCache();  // leaked: used by threads that may outlive statics
  return *c;
}

// The OpenMP thread count is a per-thread setting; remember what this
// thread last asked for.
void setOmpThreads(int n) {
  if (kThreadSanitizer) n = 1;  // libgomp is not TSan-aware (runtime/support/sanitizers.h)
  thread_local int current = 0;
  if (current != n) {
    omp_set_num_threads(n);
    current = n;
  }
}

// The reordered input, output, weights and oneDNN's scratchpad of one call
// live in one block per thread, kept between calls (up to kKeepBytes) so a
// model's steady state does not map and fault in fresh pages every call.
class Workspace {
 public:
  static constexpr size_t kKeepBytes = size_t{64} << 20;
  // Returns 4 pointers into one block (nullptr for a zero size).
  std::array<void*, 4> get(const std::array<size_t, 4>& sizes) {
    std::array<size_t, 4> off{};
    size_t total = 0;
    for (size_t i = 0; i < 4; ++i) {
      off[i] = total;
      total += (sizes[i] + 63) & ~size_t{63};
    }
    if (total > cap_ || (cap_ > kKeepBytes && total <= kKeepBytes)) {
      Tensor t = empty({static_cast<int64_t>(total)}, ScalarType::Byte);
      block_ = t;
      cap_ = total;
    }
    std::array<void*, 4> p{};
    for (size_t i = 0; i < 4; ++i)
      p[i] = sizes[i] ? static_cast<char*>(block_.data_ptr()) + off[i] : nullptr;
    return p;
  }
  // Drops a block too large to keep, once the call is done.
  void trim() {
    if (cap_ > kKeepBytes) {
      block_ = Tensor();
      cap_ = 0;
    }
  }

 private:
  Tensor block_;
  size_t cap_ = 0;
};

// What a packed weight was derived from: the view of the storage (offset,
// sizes, strides, dtype) and the layout the primitive wants.
std::string packedWeightKey(const Tensor& weight, const memory::desc& layout) {
  std::string key = "onednn_conv_weight:";
  auto put = [&](const void* p, size_t n) { key.append(static_cast<const char*>(p), n); };
  const int64_t offset = weight.storage_offset();
  const ScalarType dtype = weight.dtype();
  put(&offset, sizeof offset);
  put(&dtype, sizeof dtype);
  for (int64_t d : weight.sizes()) put(&d, sizeof d);
  for (int64_t d : weight.strides()) put(&d, sizeof d);
  put(&layout.data, sizeof layout.data);
  return key;
}

// The weight (contiguous float32) reordered into the plan's layout, in a
// tensor of its own.
std::shared_ptr<const void> packWeight(const Plan& plan, const Tensor& w) {
  auto out = std::make_shared<Tensor>(empty({static_cast<int64_t>(plan.w_md.get_size())}, ScalarType::Byte));
  dnnl::engine& eng = cpuEngine();
  dnnl::stream stream(eng);
  memory src(plan.w_user_md, eng, w.data_ptr());
  memory dst(plan.w_md, eng, out->data_ptr());
  plan.w_reorder->execute(stream, src, dst);
  stream.wait();
  return out;
}

// Winograd weight transforms run here, one at a time, off the calling
// thread: oneDNN's takes ~50 ms for a 512x512x3x3 weight (resnet18's ~0.2 s
// in all), which would make a frozen model's first call ~9x its steady
// state. Until a weight's transform is kept, calls run the direct
// convolution (its reorder takes about a millisecond).
class PackQueue;
PackQueue& packQueue();

class PackQueue {
 public:
  // Queues packing `weight` for `plan` under `key` of its storage, unless
  // it is queued, running, or failed before. Once kept, the value under
  // `supersedes` (the direct kernel's pack, if any) is dropped: only a call
  // already running still uses it.
  void enqueue(std::string key, std::string supersedes, Tensor weight, std::shared_ptr<Plan> plan) {
    std::string id = storageId(weight) + key;
    std::lock_guard<std::mutex> g(mu_);
    if (!seen_.insert(id).second) return;
    jobs_.push_back(Job{std::move(key), std::move(supersedes), std::move(id), std::move(weight), std::move(plan)});
    if (!started_) {
      started_ = true;
      std::thread([this] { run(); }).detach();
      // At exit, the queued transforms are dropped and a running one is
      // waited for: it must not run on while oneDNN's statics go away.
      std::atexit([] { packQueue().stop(); });
    }
    cv_.notify_one();
  }
  void stop();
  // Blocks until the queue is empty and nothing runs.
  void wait() {
    std::unique_lock<std::mutex> g(mu_);
    idle_.wait(g, [&] { return jobs_.empty() && !busy_; });
  }

 private:
  struct Job {
    std::string key, supersedes, id;
    Tensor weight;
    std::shared_ptr<Plan> plan;
  };
  static std::string storageId(const Tensor& t) {
    const auto p = reinterpret_cast<uintptr_t>(t.storage().unsafeGetStorageImpl());
    return std::string(reinterpret_cast<const char*>(&p), sizeof p);
  }
  void run() {
    setOmpThreads(1);  // in the background: leave the cores to the requests
    std::unique_lock<std::mutex> g(mu_);
    for (;;) {
      cv_.wait(g, [&] { return !jobs_.empty(); });
      Job job = std::move(jobs_.front());
      jobs_.pop_front();
      busy_ = true;
      g.unlock();
      bool ok = true;
      try {
        std::shared_ptr<const void> packed = packWeight(*job.plan, job.weight.contiguous());
        StorageImpl* storage = job.weight.storage().unsafeGetStorageImpl();
        storage->addDerived(std::move(job.key), std::move(packed));
        if (!job.supersedes.empty()) storage->removeDerived(job.supersedes);
      } catch (const std::exception&) {
        ok = false;  // stays in seen_: that weight keeps the direct kernels
      }
      const std::string id = std::move(job.id);
      job = Job{};  // drops the weight before the next wait
      g.lock();
      if (ok) seen_.erase(id);
      busy_ = false;
      if (jobs_.empty()) idle_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::deque<Job> jobs_;
  std::unordered_set<std::string> seen_;
  bool busy_ = false, started_ = false;
};

PackQueue& packQueue() {
  static PackQueue* q = new PackQueue();  // leaked: its thread outlives statics
  return *q;
}

void PackQueue::stop() {
  std::unique_lock<std::mutex> g(mu_);
  jobs_.clear();
  idle_.wait(g, [&] { return !busy_; });
}

// True unless the variable is set to "0": the switches below are on by
// default and read once.
bool envNotZero(const char* name) {
  const char* env = std::getenv(name);
  return !(env && std::strcmp(env, "0") == 0);
}

// On unless JITSERVE_ONEDNN_NHWC=0 (to compare with the blocked path).
bool nhwcEnabled() {
  static const bool on = envNotZero("JITSERVE_ONEDNN_NHWC");
  return on;
}

// On unless JITSERVE_ONEDNN_BLOCKED_SMALL=0 (to compare).
bool blockedSmallImages() {
  static const bool on = envNotZero("JITSERVE_ONEDNN_BLOCKED_SMALL");
  return on;
}

// On unless JITSERVE_ONEDNN_WINOGRAD=0 (to compare with the direct kernels).
bool winogradEnabled() {
  static const bool on = envNotZero("JITSERVE_ONEDNN_WINOGRAD");
  return on;
}

}  // namespace

void onednnWaitForWeightPacks() { packQueue().wait(); }

bool onednnConv2d(const Tensor& input_in, const Tensor& weight, const std::optional<Tensor>& bias,
                  const Conv2dParams& cp, Tensor& out, const ConvClamp* clamp, bool channelsLastOut,
                  const ConvSum* sum) {
  if (!onednnConvEnabled() || input_in.dtype() != ScalarType::Float || weight.dtype() != ScalarType::Float) return false;
  if (input_in.numel() == 0 || weight.numel() == 0) return false;
  JS_INTERNAL_ASSERT(input_in.dim() == 4 && (input_in.is_contiguous() || isChannelsLast(input_in)),
                     "onednnConv2d: expected a contiguous NCHW or NHWC input");
  StorageImpl* wStorage = weight.storage().unsafeGetStorageImpl();
  const bool frozenWeight = wStorage != nullptr && wStorage->frozen();
  const bool nhwc = frozenWeight && nhwcEnabled();
  // An NHWC input to an NCHW primitive (a weight that is not frozen) is copied.
  const Tensor input = nhwc || input_in.is_contiguous() ? input_in : input_in.contiguous();
  const int threads = in_parallel_region() ? 1 : get_num_threads();
  Key k;
  std::memset(&k, 0, sizeof k);
  k.n = input.size(0);
  k.c = input.size(1);
  k.h = input.size(2);
  k.w = input.size(3);
  k.o = weight.size(0);
  k.kh = weight.size(2);
  k.kw = weight.size(3);
  k.sh = cp.sh;
  k.sw = cp.sw;
  k.ph = cp.ph;
  k.pw = cp.pw;
  k.dh = cp.dh;
  k.dw = cp.dw;
  k.groups = cp.groups;
  k.bias = bias.has_value();
  k.threads = threads;
  k.nhwc = nhwc;
  k.srcNchw = k.nhwc && !isChannelsLast(input);
  k.dstNchw = k.nhwc && !channelsLastOut;
  // On small images with many channels and a batch, oneDNN's NHWC kernel
  // (brgconv) loses to its blocked direct one by more than reordering the
  // activations to and from its layout costs (resnet18 at batch 8, 512
  // channels at 7x7: 17.2 ms against 13.9 + 0.3; at 14x14 the two are even,
  // at 28x28 and up NHWC wins). At batch 1 NHWC wins at 7x7 too (2.3 ms
  // against 2.9).
  {
    const int64_t ho = (k.h + 2 * k.ph - k.dh * (k.kh - 1) - 1) / k.sh + 1;
    const int64_t wo = (k.w + 2 * k.pw - k.dw * (k.kw - 1) - 1) / k.sw + 1;
    k.blockedPrim = k.nhwc && blockedSmallImages() && k.groups == 1 && k.n >= 4 && k.c >= 64 && k.o >= 64 &&
                    ho * wo <= 64;
  }
  // Winograd for frozen 3x3 stride-1 convolutions (not for a weight that is
  // not frozen: its transform, several ms for 512 channels, would run every
  // call). Against the direct kernels at one thread: resnet18 at batch 8,
  // 64 channels at 56x56, 16.0 -> 6.2 ms; 512 at 7x7, 13.6 -> 7.8 ms; at
  // batch 1 1.95 -> 1.01 and 1.92 -> 1.53 ms; squeezenet's 16 -> 64 at
  // 55x55 0.50 -> 0.32 ms. Its results stay as close to PyTorch's as the
  // direct ones (resnet18 in the corpus: max abs diff 2.65e-6 against
  // 2.68e-6).
  k.wino = winogradEnabled() && k.nhwc && k.groups == 1 && k.kh == 3 && k.kw == 3 && k.sh == 1 && k.sw == 1 &&
           k.dh == 1 && k.dw == 1 && k.c >= 16 && k.o >= 16;
  if (sum != nullptr) {
    k.sum = true;
    k.sumScale = sum->scale;
  }
  if (clamp != nullptr) {
    const bool relu = clamp->lo == 0.0 && !clamp->hi;
    k.post = relu ? 1 : 2;
    k.lo = relu ? 0.0 : clamp->lo.value_or(-std::numeric_limits<double>::infinity());
    k.hi = relu ? 0.0 : clamp->hi.value_or(std::numeric_limits<double>::infinity());
  }
  // Before the plan: oneDNN sizes a primitive's thread team when it creates it.
  setOmpThreads(threads);
  std::shared_ptr<Plan> plan;
  try {
    plan = planCache().get(k);
  } catch (const dnnl::error&) {
    return false;  // a case no implementation takes: the reference path runs it
  }
  // A frozen weight (a graph constant nothing writes) is reordered once and
  // kept with its storage; the key names the view and the layout.
  std::shared_ptr<const void> packed;
  if (plan->w_reorder && frozenWeight) {
    std::string key = packedWeightKey(weight, plan->w_md);
    packed = wStorage->findDerived(key);
    if (!packed && plan->winograd) {
      // Transformed in the background (PackQueue); the direct plan meanwhile.
      std::shared_ptr<Plan> winoPlan = std::move(plan);
      std::string winoKey = std::move(key);
      k.wino = false;
      try {
        plan = planCache().get(k);
      } catch (const dnnl::error&) {
        return false;
      }
      key = plan->w_reorder ? packedWeightKey(weight, plan->w_md) : std::string();
      // Queued once the direct pack is kept, so the transform, when it
      // lands, finds that pack to drop.
      if (plan->w_reorder) {
        packed = wStorage->findDerived(key);
        if (!packed) packed = wStorage->addDerived(key, packWeight(*plan, weight.contiguous()));
      }
      packQueue().enqueue(std::move(winoKey), std::move(key), weight, std::move(winoPlan));
    } else if (!packed) {
      packed = wStorage->addDerived(std::move(key), packWeight(*plan, weight.contiguous()));
    }
  }
  Tensor w = packed ? weight : weight.contiguous();
  Tensor b = bias ? bias->to(ScalarType::Float).contiguous() : Tensor();
  const int64_t ho = plan->dst_md.dims()[2], wo = plan->dst_md.dims()[3];
  out = k.nhwc && !k.dstNchw ? empty({k.n, ho, wo, k.o}, ScalarType::Float).permute({0, 3, 1, 2})
               : empty({k.n, k.o, ho, wo}, ScalarType::Float);
  if (sum != nullptr) {
    JS_INTERNAL_ASSERT(std::ranges::equal(sum->other->sizes(), out.sizes()) && sum->other->dtype() == ScalarType::Float,
                       "onednnConv2d: the sum operand must have the result's sizes and be float32");
    out.copy_(*sum->other);  // the sum post-op accumulates into what dst holds
  }
  dnnl::engine& eng = cpuEngine();
  dnnl::stream stream(eng);
  memory src_m(plan->src_md, eng, input.data_ptr());
  memory dst_m(plan->dst_md, eng, out.data_ptr());
  memory w_user(plan->w_user_md, eng, w.data_ptr());
  thread_local Workspace ws;
  const auto buf = ws.get({plan->src_reorder ? plan->src_prim_md.get_size() : 0,
                           plan->dst_reorder ? plan->dst_prim_md.get_size() : 0,
                           plan->w_reorder && !packed ? plan->w_md.get_size() : 0, plan->scratch_md.get_size()});
  memory src_p = src_m, dst_p = dst_m, w_m = w_user;
  if (plan->src_reorder) {
    src_p = memory(plan->src_prim_md, eng, buf[0]);
    plan->src_reorder->execute(stream, src_m, src_p);
  }
  if (plan->dst_reorder) {
    dst_p = memory(plan->dst_prim_md, eng, buf[1]);
    // The primitive's layout differs from ours: the preloaded sum operand
    // goes into it first.
    if (plan->sum_reorder) plan->sum_reorder->execute(stream, dst_m, dst_p);
  }
  if (packed) {
    w_m = memory(plan->w_md, eng, static_cast<const Tensor*>(packed.get())->data_ptr());
  } else if (plan->w_reorder) {
    w_m = memory(plan->w_md, eng, buf[2]);
    plan->w_reorder->execute(stream, w_user, w_m);
  }
  std::unordered_map<int, memory> args{{DNNL_ARG_SRC, src_p}, {DNNL_ARG_WEIGHTS, w_m}, {DNNL_ARG_DST, dst_p}};
  if (bias) args.emplace(DNNL_ARG_BIAS, memory(plan->bias_md, eng, b.data_ptr()));
  if (buf[3]) args.emplace(DNNL_ARG_SCRATCHPAD, memory(plan->scratch_md, eng, buf[3]));
  try {
    plan->conv.execute(stream, args);
    if (plan->dst_reorder) plan->dst_reorder->execute(stream, dst_p, dst_m);
    stream.wait();
  } catch (const dnnl::error& e) {
    JS_ERROR("conv2d: oneDNN failed: ", e.what());
  }
  ws.trim();
  return true;
}

#endif  // JITSERVE_HAVE_DNNL

}  // namespace jitserve::ops
