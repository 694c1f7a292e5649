#include "compiler/serialization/pickle_globals.h"

#include "absl/strings/str_cat.h"

namespace jitserve {

namespace {

struct Entry {
  std::string_view module;
  std::string_view name;
  PickleGlobalKind kind;
};

// Fixed-behaviour globals (storage classes, dtypes and classes are matched by
// pattern below).
constexpr Entry kAllowed[] = {
    {"torch._utils", "_rebuild_tensor_v2", PickleGlobalKind::RebuildTensorV2},
    {"torch._utils", "_rebuild_parameter", PickleGlobalKind::RebuildParameter},
    {"torch._utils", "_rebuild_parameter_with_state", PickleGlobalKind::RebuildParameterWithState},
    {"collections", "OrderedDict", PickleGlobalKind::OrderedDict},
    {"torch", "device", PickleGlobalKind::Device},
    {"builtins", "complex", PickleGlobalKind::Complex},
    {"__builtin__", "complex", PickleGlobalKind::Complex},  // protocol 2 (torch.save) names it so
    {"torch", "Size", PickleGlobalKind::Size},
    {"torch.jit._pickle", "build_intlist", PickleGlobalKind::BuildIntList},
    {"torch.jit._pickle", "build_doublelist", PickleGlobalKind::BuildDoubleList},
    {"torch.jit._pickle", "build_boollist", PickleGlobalKind::BuildBoolList},
    {"torch.jit._pickle", "build_tensorlist", PickleGlobalKind::BuildTensorList},
    {"torch.jit._pickle", "build_genericlist", PickleGlobalKind::BuildGenericList},
    {"torch.jit._pickle", "restore_type_tag", PickleGlobalKind::RestoreTypeTag},
};

// Recognised but unsupported: a specific message beats "forbidden global".
struct Refusal {
  std::string_view module;
  std::string_view name;
  std::string_view why;
};
constexpr Refusal kRefused[] = {
    {"torch._utils", "_rebuild_qtensor", "quantized tensors are not supported"},
    {"torch._utils", "_rebuild_sparse_tensor", "sparse tensors are not supported"},
    {"torch._utils", "_rebuild_sparse_csr_tensor", "sparse tensors are not supported"},
    {"torch._utils", "_rebuild_meta_tensor_no_storage", "meta tensors are not supported"},
    {"torch._utils", "_rebuild_device_tensor_from_numpy", "numpy-backed tensors are not supported"},
    {"torch._utils", "_rebuild_wrapper_subclass", "tensor subclasses are not supported"},
    {"torch._tensor", "_rebuild_from_type_v2", "tensor subclasses are not supported"},
    {"torch._tensor", "_rebuild_from_type", "tensor subclasses are not supported"},
    {"torch._utils", "_rebuild_tensor", "legacy (pre-1.x) tensors are not supported"},
};

bool isIdentifier(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
    if (!ok) return false;
  }
  return true;
}

bool isQuantized(ScalarType t) {
  return t == ScalarType::QInt8 || t == ScalarType::QUInt8 || t == ScalarType::QInt32;
}

}  // namespace

std::optional<PickleGlobal> resolvePickleGlobal(std::string_view module, std::string_view name,
                                                std::string* whyNot) {
  // Names are shown in errors; keep hostile bytes out of them.
  // Length first: a name from STACK_GLOBAL may be a huge memoized string.
  if (module.size() > 512 || name.size() > 512 || !isIdentifier(module) || !isIdentifier(name)) {
    *whyNot = "malformed global name";
    return std::nullopt;
  }
  std::string qualified = absl::StrCat(std::string(module), ".", std::string(name));
  for (const Entry& e : kAllowed) {
    if (e.module == module && e.name == name) return PickleGlobal{e.kind, ScalarType::Undefined, qualified};
  }
  for (const Refusal& r : kRefused) {
    if (r.module == module && r.name == name) {
      *whyNot = absl::StrCat(std::string(r.why), " (", qualified, ")");
      return std::nullopt;
    }
  }
  if (module == "torch") {
    if (auto t = scalarTypeFromStorageName(name)) {
      if (isQuantized(*t)) {
        *whyNot = absl::StrCat("quantized tensors are not supported (", qualified, ")");
        return std::nullopt;
      }
      return PickleGlobal{PickleGlobalKind::StorageClass, *t, qualified};
    }
    if (auto t = scalarTypeFromTorchName(name)) {
      return PickleGlobal{PickleGlobalKind::Dtype, *t, qualified};
    }
  }
  // TorchScript classes: "__torch__" or "__torch__.pkg.mod", name "Cls".
  if (module == "__torch__" || module.substr(0, 10) == "__torch__.") {
    return PickleGlobal{PickleGlobalKind::TorchScriptClass, ScalarType::Undefined, qualified};
  }
  *whyNot = absl::StrCat("forbidden global ", qualified);
  return std::nullopt;
}

const char* pickleGlobalKindName(PickleGlobalKind kind) {
  switch (kind) {
    case PickleGlobalKind::RebuildTensorV2: return "torch._utils._rebuild_tensor_v2";
    case PickleGlobalKind::RebuildParameter: return "torch._utils._rebuild_parameter";
    case PickleGlobalKind::RebuildParameterWithState: return "torch._utils._rebuild_parameter_with_state";
    case PickleGlobalKind::OrderedDict: return "collections.OrderedDict";
    case PickleGlobalKind::StorageClass: return "a torch storage class";
    case PickleGlobalKind::Dtype: return "a torch dtype";
    case PickleGlobalKind::Device: return "torch.device";
    case PickleGlobalKind::Complex: return "builtins.complex";
    case PickleGlobalKind::Size: return "torch.Size";
    case PickleGlobalKind::BuildIntList: return "torch.jit._pickle.build_intlist";
    case PickleGlobalKind::BuildDoubleList: return "torch.jit._pickle.build_doublelist";
    case PickleGlobalKind::BuildBoolList: return "torch.jit._pickle.build_boollist";
    case PickleGlobalKind::BuildTensorList: return "torch.jit._pickle.build_tensorlist";
    case PickleGlobalKind::BuildGenericList: return "torch.jit._pickle.build_genericlist";
    case PickleGlobalKind::RestoreTypeTag: return "torch.jit._pickle.restore_type_tag";
    case PickleGlobalKind::TorchScriptClass: return "a TorchScript class";
  }
  return "?";
}

}  // namespace jitserve
