// Small builtins that read metadata rather than compute: enum members'
// names and values, a tensor's device/dtype/flags, and the interpreter's
// environment queries (is_scripting, is_grad_enabled).
//
// jitserve runs inference only (as the conformance references were made,
// under torch.no_grad()), so grad mode is off and no tensor requires grad.
#include <functional>
#include <string>

#include "runtime/core/operator_registry.h"
#include "runtime/ops/builtins/builtin_utils.h"
#include "runtime/ops/builtins/builtins.h"
#include "runtime/ops/op_registration.h"

namespace jitserve {
namespace builtins {
namespace {

void enumName(Stack& s) {
  std::string name = s.back().toEnumRef().name;
  s.back() = IValue(std::move(name));
}
void enumValue(Stack& s) {
  IValue v = s.back().toEnumRef().value;
  s.back() = std::move(v);
}

const Tensor& definedTensor(const IValue& v, const char* op) {
  const Tensor& t = v.toTensor();
  JS_CHECK(t.defined(), op, ": expected a defined tensor but got None");
  return t;
}
void tensorDevice(Stack& s) { s.back() = IValue(definedTensor(s.back(), "prim::device").device()); }
void tensorDtype(Stack& s) { s.back() = IValue(definedTensor(s.back(), "prim::dtype").dtype()); }
void tensorIsCpu(Stack& s) { s.back() = IValue(definedTensor(s.back(), "prim::is_cpu").device().isCPU()); }
void tensorIsCuda(Stack& s) { s.back() = IValue(definedTensor(s.back(), "prim::is_cuda").device().isCUDA()); }
void tensorIsMeta(Stack& s) {
  s.back() = IValue(definedTensor(s.back(), "prim::is_meta").device().type == DeviceType::Meta);
}
void alwaysFalseForTensor(Stack& s) {
  (void)definedTensor(s.back(), "tensor flag");
  s.back() = IValue(false);
}
void tensorRequiresGrad(Stack& s) {
  s.back() = IValue(definedTensor(s.back(), "prim::requires_grad").requires_grad());
}
// x.grad: nothing records gradients here, so always the undefined tensor
// (None to `is None` and to the caller), as for a PyTorch inference tensor.
void tensorGrad(Stack& s) {
  (void)definedTensor(s.back(), "prim::grad");
  s.back() = IValue(Tensor());
}
void tensorData(Stack& s) { (void)definedTensor(s.back(), "prim::data"); }
void tensorItemsize(Stack& s) {
  s.back() = IValue(static_cast<int64_t>(definedTensor(s.back(), "prim::itemsize").itemsize()));
}
void tensorNbytes(Stack& s) {
  s.back() = IValue(static_cast<int64_t>(definedTensor(s.back(), "prim::nbytes").nbytes()));
}
// Named tensors are not supported: every tensor's name is None.
void tensorName(Stack& s) {
  (void)definedTensor(s.back(), "prim::name");
  s.back() = IValue();
}
void stridedLayout(Stack& s) {
  (void)definedTensor(s.back(), "prim::layout");
  s.back() = IValue(int64_t{0});  // torch.strided
}

void deviceFromStr(Stack& s) {
  const std::string& str = s.back().toStringRef();
  auto d = Device::parse(str);
  JS_CHECK(d.has_value(), "Expected one of cpu, cuda, meta device type at start of device string: ", str);
  s.back() = IValue(*d);
}

// device.type: "cpu", "cuda", "meta" (2.x's nn.MultiheadAttention checks
// where its weights live before taking the fast path).
void deviceType(Stack& s) { s.back() = IValue(std::string(deviceTypeName(s.back().toDevice().type))); }
// device.index: None for a device without one (torch.device("cuda")).
void deviceIndex(Stack& s) {
  Device d = s.back().toDevice();
  s.back() = d.index < 0 ? IValue() : IValue(static_cast<int64_t>(d.index));
}

// hash(v): the values C++'s std::hash gives (what PyTorch's TorchScript
// returns on the same standard library): ints hash to themselves, strings
// and floats by their bytes; a tensor by identity; tuples combine their
// elements. Objects, lists and dicts are unhashable, as in PyTorch.
uint64_t hashValue(const IValue& v) {
  if (v.isInt()) return std::hash<int64_t>{}(v.toInt());
  if (v.isDouble()) return std::hash<double>{}(v.toDouble());
  if (v.isBool()) return std::hash<bool>{}(v.toBool());
  if (v.isString()) return std::hash<std::string>{}(v.toStringRef());
  if (v.isNone()) return 0;
  if (v.isDevice()) return std::hash<std::string>{}(v.toDevice().str());
  if (v.isTensor()) return std::hash<const void*>{}(v.toTensor().unsafeGetImpl());
  if (v.isTuple()) {
    uint64_t seed = 0;
    for (const IValue& e : v.toTupleRef().elements)
      seed ^= hashValue(e) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
    return seed;
  }
  JS_ERROR("Can't hash IValues of type '", v.type()->annotationStr(), "'");
}
void hashOf(Stack& s) { s.back() = IValue(static_cast<int64_t>(hashValue(s.back()))); }

void pushTrue(Stack& s) { s.emplace_back(true); }
void pushFalse(Stack& s) { s.emplace_back(false); }
// Warnings are dropped: a serving process has no user to show them to.
void dropWarning(Stack& s) { drop(s, 2); }

}  // namespace

const ops::OpTable kMiscOps = {
    {"prim::EnumName(AnyEnumType enum) -> str", enumName, "the member's name"},
    {"prim::EnumValue.int(AnyEnumType enum) -> int", enumValue, "the member's value"},
    {"prim::EnumValue.float(AnyEnumType enum) -> float", enumValue, "the member's value"},
    {"prim::EnumValue.str(AnyEnumType enum) -> str", enumValue, "the member's value"},
    {"prim::device(Tensor a) -> Device", tensorDevice, "a.device", nullptr, kAnyDevice},
    {"prim::dtype(Tensor a) -> int", tensorDtype, "a.dtype as its ScalarType code", nullptr, kAnyDevice},
    {"prim::is_cpu(Tensor a) -> bool", tensorIsCpu, "a.is_cpu", nullptr, kAnyDevice},
    {"prim::is_cuda(Tensor a) -> bool", tensorIsCuda, "a.is_cuda", nullptr, kAnyDevice},
    {"prim::is_meta(Tensor a) -> bool", tensorIsMeta, "a.is_meta", nullptr, kAnyDevice},
    {"prim::is_sparse(Tensor a) -> bool", alwaysFalseForTensor, "a.is_sparse (always dense here)", nullptr, kAnyDevice},
    {"prim::is_quantized(Tensor a) -> bool", alwaysFalseForTensor, "a.is_quantized (never here)", nullptr, kAnyDevice},
    {"prim::is_mkldnn(Tensor a) -> bool", alwaysFalseForTensor, "a.is_mkldnn (never here)", nullptr, kAnyDevice},
    {"prim::is_sparse_csr(Tensor a) -> bool", alwaysFalseForTensor, "a.is_sparse_csr (always dense here)", nullptr, kAnyDevice},
    {"prim::is_xla(Tensor a) -> bool", alwaysFalseForTensor, "a.is_xla (no XLA devices)", nullptr, kAnyDevice},
    {"prim::is_xpu(Tensor a) -> bool", alwaysFalseForTensor, "a.is_xpu (no XPU devices)", nullptr, kAnyDevice},
    {"prim::is_mps(Tensor a) -> bool", alwaysFalseForTensor, "a.is_mps (no MPS devices)", nullptr, kAnyDevice},
    {"prim::is_mtia(Tensor a) -> bool", alwaysFalseForTensor, "a.is_mtia (no MTIA devices)", nullptr, kAnyDevice},
    {"prim::is_maia(Tensor a) -> bool", alwaysFalseForTensor, "a.is_maia (no MAIA devices)", nullptr, kAnyDevice},
    {"prim::is_vulkan(Tensor a) -> bool", alwaysFalseForTensor, "a.is_vulkan (no Vulkan devices)", nullptr, kAnyDevice},
    {"prim::is_ipu(Tensor a) -> bool", alwaysFalseForTensor, "a.is_ipu (no IPU devices)", nullptr, kAnyDevice},
    {"prim::is_ort(Tensor a) -> bool", alwaysFalseForTensor, "a.is_ort (no ORT devices)", nullptr, kAnyDevice},
    {"aten::retains_grad(Tensor self) -> bool", alwaysFalseForTensor, "a.retains_grad (nothing records gradients)", nullptr, kAnyDevice},
    {"prim::grad(Tensor a) -> Tensor(*)", tensorGrad, "a.grad: None (nothing records gradients)", nullptr, kAnyDevice},
    {"prim::data(Tensor(a) a) -> Tensor(a)", tensorData, "a.data: a itself (nothing records gradients)", nullptr, kAnyDevice},
    {"prim::itemsize(Tensor a) -> int", tensorItemsize, "a.itemsize: bytes per element", nullptr, kAnyDevice},
    {"prim::nbytes(Tensor a) -> int", tensorNbytes, "a.nbytes: bytes of its elements", nullptr, kAnyDevice},
    {"prim::name(Tensor a) -> str?", tensorName, "a.name: None (no named tensors)", nullptr, kAnyDevice},
    {"prim::requires_grad(Tensor a) -> bool", tensorRequiresGrad, "a.requires_grad (as loaded; nothing records gradients)", nullptr, kAnyDevice},
    {"prim::layout(Tensor a) -> Layout", stridedLayout, "a.layout (always strided)", nullptr, kAnyDevice},
    {"aten::hash.generic(t value) -> int", hashOf, "hash(v)"},
    {"aten::device(str a) -> Device", deviceFromStr, "torch.device(str)"},
    {"prim::type(Device self) -> str", deviceType, "device.type"},
    {"prim::index(Device self) -> int?", deviceIndex, "device.index (None when unset)"},
    {"aten::is_scripting() -> bool", pushTrue, "torch.jit.is_scripting()"},
    // Inference runs as under torch.no_grad(), so code that picks a path by
    // grad mode (nn.TransformerEncoder's fast path) picks the one PyTorch
    // picks when serving: the corpus references are computed so.
    {"aten::is_grad_enabled() -> bool", pushFalse, "torch.is_grad_enabled(): False (inference)"},
    {"aten::is_autocast_enabled() -> bool", pushFalse, "torch.is_autocast_enabled(): no autocast here"},
    {"aten::_get_tracing_state() -> bool", pushFalse, "not tracing"},
    {"aten::warn(str message, int stacklevel=2) -> ()", dropWarning, "warnings.warn: dropped"},
};

}  // namespace builtins

}  // namespace jitserve
