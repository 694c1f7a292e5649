#include "runtime/core/boxing.h"

#include <string>

namespace jitserve {
namespace {

// The kind a schema type asks of a typed kernel's parameter, or nullopt
// when no typed form exists (a tuple, a dict, a type variable...: the kernel
// takes `const IValue&`).
std::optional<KernelArgKind> kindOf(const Type& t) {
  auto list = [](const Type& e) -> std::optional<KernelArgKind> {
    switch (e.kind()) {
      case TypeKind::TensorType: return KernelArgKind::TensorList;
      case TypeKind::IntType: return KernelArgKind::IntList;
      case TypeKind::FloatType: return KernelArgKind::FloatList;
      case TypeKind::BoolType: return KernelArgKind::BoolList;
      case TypeKind::OptionalType:
        if (e.expect<OptionalType>().elementType()->kind() == TypeKind::TensorType)
          return KernelArgKind::OptTensorList;
        return std::nullopt;
      default: return std::nullopt;
    }
  };
  switch (t.kind()) {
    case TypeKind::TensorType: return KernelArgKind::Tensor;
    case TypeKind::NumberType: return KernelArgKind::Scalar;
    case TypeKind::IntType: return KernelArgKind::Int;
    case TypeKind::FloatType: return KernelArgKind::Float;
    case TypeKind::BoolType: return KernelArgKind::Bool;
    case TypeKind::StringType: return KernelArgKind::Str;
    case TypeKind::DeviceObjType: return KernelArgKind::Device;
    case TypeKind::ListType: return list(*t.expect<ListType>().elementType());
    case TypeKind::OptionalType: {
      auto inner = kindOf(*t.expect<OptionalType>().elementType());
      if (!inner) return std::nullopt;
      const KernelArgKind k = optionalKindOf(*inner);
      if (k == KernelArgKind::Any) return std::nullopt;
      return k;
    }
    default: return std::nullopt;
  }
}

bool accepts(KernelArgKind k, const Type& t) {
  if (k == KernelArgKind::Any) return true;
  auto want = kindOf(t);
  return want && *want == k;
}

absl::Status mismatch(const FunctionSchema& schema, std::string_view what) {
  return absl::InvalidArgumentError("typed kernel for '" + schema.str() + "' does not match its schema: " +
                                    std::string(what));
}

}  // namespace

std::string_view kernelArgKindName(KernelArgKind k) {
  switch (k) {
    case KernelArgKind::Tensor: return "Tensor";
    case KernelArgKind::OptTensor: return "std::optional<Tensor>";
    case KernelArgKind::TensorList: return "std::vector<Tensor>";
    case KernelArgKind::OptTensorList: return "OptionalTensorList";
    case KernelArgKind::Scalar: return "Scalar";
    case KernelArgKind::OptScalar: return "std::optional<Scalar>";
    case KernelArgKind::Int: return "int64_t";
    case KernelArgKind::OptInt: return "std::optional<int64_t>";
    case KernelArgKind::Float: return "double";
    case KernelArgKind::OptFloat: return "std::optional<double>";
    case KernelArgKind::Bool: return "bool";
    case KernelArgKind::OptBool: return "std::optional<bool>";
    case KernelArgKind::Str: return "std::string_view";
    case KernelArgKind::OptStr: return "std::optional<std::string>";
    case KernelArgKind::Device: return "Device";
    case KernelArgKind::OptDevice: return "std::optional<Device>";
    case KernelArgKind::IntList: return "std::vector<int64_t>";
    case KernelArgKind::OptIntList: return "std::optional<std::vector<int64_t>>";
    case KernelArgKind::FloatList: return "std::vector<double>";
    case KernelArgKind::BoolList: return "std::vector<bool>";
    case KernelArgKind::Any: return "IValue";
  }
  return "?";
}

absl::Status checkKernelSignature(const FunctionSchema& schema, const KernelSignature& sig) {
  if (schema.isVararg) return mismatch(schema, "a vararg schema needs a hand-boxed kernel");
  if (sig.arguments.size() != schema.arguments.size()) {
    return mismatch(schema, "the kernel takes " + std::to_string(sig.arguments.size()) + " parameters, the schema " +
                                std::to_string(schema.arguments.size()) + " arguments");
  }
  for (size_t i = 0; i < sig.arguments.size(); ++i) {
    const Argument& a = schema.arguments[i];
    if (!accepts(sig.arguments[i], *a.type)) {
      return mismatch(schema, "parameter " + std::to_string(i) + " is " +
                                  std::string(kernelArgKindName(sig.arguments[i])) + " but argument '" + a.name +
                                  "' is " + a.typeStr());
    }
  }
  if (schema.isVarret) return absl::OkStatus();
  // A typed kernel pushes one value per return, or nothing for "-> ()".
  if (sig.returns.size() != schema.returns.size()) {
    return mismatch(schema, "the kernel returns " + std::to_string(sig.returns.size()) + " values, the schema " +
                                std::to_string(schema.returns.size()));
  }
  for (size_t i = 0; i < sig.returns.size(); ++i) {
    if (!accepts(sig.returns[i], *schema.returns[i].type)) {
      return mismatch(schema, "return " + std::to_string(i) + " is " + std::string(kernelArgKindName(sig.returns[i])) +
                                  " but the schema returns " + schema.returns[i].typeStr());
    }
  }
  return absl::OkStatus();
}

}  // namespace jitserve
