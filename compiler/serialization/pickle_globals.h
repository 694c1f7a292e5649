// The allow-list of Python globals the restricted unpickler resolves.
//
// A pickle names callables with GLOBAL "module name" and invokes them with
// REDUCE/NEWOBJ; in Python that is arbitrary code execution. jitserve
// resolves only the names torch.save and torch.jit.save emit, each to a fixed
// C++ behaviour, and refuses everything else by name. `__torch__.*` names are
// TorchScript classes, resolved by the caller (the archive importer); torch
// storage classes carry their dtype; a few torch names that we recognise but
// do not support (quantized and sparse tensors) get a specific refusal.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "runtime/tensor/dtype.h"

namespace jitserve {

enum class PickleGlobalKind {
  RebuildTensorV2,            // torch._utils._rebuild_tensor_v2
  RebuildParameter,           // torch._utils._rebuild_parameter
  RebuildParameterWithState,  // torch._utils._rebuild_parameter_with_state
  OrderedDict,                // collections.OrderedDict
  StorageClass,               // torch.FloatStorage, ... (dtype set)
  Dtype,                      // torch.float32, ... (dtype set): pickled dtype objects
  Device,                     // torch.device
  Complex,                    // builtins.complex: a Python complex (re, im)
  Size,                       // torch.Size
  BuildIntList,               // torch.jit._pickle.build_intlist
  BuildDoubleList,            // ... build_doublelist
  BuildBoolList,              // ... build_boollist
  BuildTensorList,            // ... build_tensorlist
  BuildGenericList,           // ... build_genericlist
  RestoreTypeTag,             // ... restore_type_tag
  TorchScriptClass,           // __torch__.* (qualifiedName set)
};

struct PickleGlobal {
  PickleGlobalKind kind;
  ScalarType dtype = ScalarType::Undefined;  // StorageClass, Dtype
  std::string qualifiedName;                 // "module.name", for messages and classes
};

// Resolves GLOBAL `module` `name`. Returns nullopt and sets *whyNot to a short
// reason when the global is not allowed ("forbidden global os.system",
// "quantized tensors are not supported (torch._utils._rebuild_qtensor)").
std::optional<PickleGlobal> resolvePickleGlobal(std::string_view module, std::string_view name,
                                                std::string* whyNot);

const char* pickleGlobalKindName(PickleGlobalKind kind);

}  // namespace jitserve
