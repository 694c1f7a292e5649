#include "runtime/core/operator_registry.h"

#include <mutex>

#include "runtime/core/boxing.h"
#include "runtime/core/operator_matching.h"
#include "runtime/core/schema_parser.h"

namespace jitserve {

absl::Status OperatorRegistry::add(const OperatorDef& def) {
  auto parsed = parseSchema(def.schema);
  if (!parsed.ok()) return parsed.status();
  if ((def.kernel == nullptr) == (def.kernelWithCtx == nullptr)) {
    return absl::InvalidArgumentError("operator " + parsed->operatorName() +
                                      ": exactly one of kernel and kernelWithCtx must be set");
  }
  if (def.signature) {
    if (absl::Status st = checkKernelSignature(*parsed, *def.signature); !st.ok()) return st;
  }
  const std::string overloadKey = parsed->operatorName();
  std::unique_lock lock(mu_);
  if (auto it = byOverload_.find(overloadKey); it != byOverload_.end()) {
    // The same overload again: a kernel for another device fills that
    // device's slot of the one record; anything else is a mistake.
    Operator* existing = it->second;
    if (existing->schemaString() != parsed->str()) {
      return absl::AlreadyExistsError("operator " + overloadKey + " is already registered as '" +
                                      existing->schemaString() + "'; cannot add '" + def.schema + "'");
    }
    if (existing->slots_[static_cast<size_t>(def.device)]) {
      return absl::AlreadyExistsError("operator " + existing->schemaString() + " already has a " +
                                      std::string(deviceTypeName(def.device)) + " kernel");
    }
    if (def.flags != kNoFlags && def.flags != existing->flags_) {
      return absl::InvalidArgumentError("operator " + overloadKey +
                                        ": a second device's kernel cannot change the operator's flags");
    }
    existing->setKernel(def.device, def.slot());
    return absl::OkStatus();
  }
  auto op = std::make_unique<Operator>(std::move(*parsed), def);
  Operator* raw = op.get();
  byOverload_.emplace(overloadKey, raw);
  bySchema_.emplace(raw->schemaString(), raw);
  byName_[raw->schema().name].push_back(raw);
  operators_.push_back(std::move(op));
  return absl::OkStatus();
}

absl::Status OperatorRegistry::addAll(std::span<const OperatorDef> defs) {
  for (const auto& d : defs) {
    auto s = add(d);
    if (!s.ok()) return s;
  }
  return absl::OkStatus();
}

std::vector<const Operator*> OperatorRegistry::lookup(std::string_view qualifiedName) const {
  std::shared_lock lock(mu_);
  auto it = byName_.find(std::string(qualifiedName));
  return it == byName_.end() ? std::vector<const Operator*>{} : it->second;
}

const Operator* OperatorRegistry::findByName(std::string_view nameDotOverload) const {
  std::shared_lock lock(mu_);
  auto it = byOverload_.find(std::string(nameDotOverload));
  return it == byOverload_.end() ? nullptr : it->second;
}

const Operator* OperatorRegistry::findBySchema(std::string_view schema) const {
  auto parsed = parseSchema(schema);
  if (!parsed.ok()) return nullptr;
  std::shared_lock lock(mu_);
  auto it = bySchema_.find(parsed->str());
  return it == bySchema_.end() ? nullptr : it->second;
}

const Operator* OperatorRegistry::findMatchingOperator(std::string_view name, std::span<const TypePtr> inputTypes,
                                                       std::span<const TypePtr> outputTypes) const {
  const Operator* best = nullptr;
  int bestCost = 0;
  for (const Operator* op : lookup(name)) {
    auto cost = matchSchemaToTypes(op->schema(), inputTypes, outputTypes);
    if (cost && (!best || *cost < bestCost)) {
      best = op;
      bestCost = *cost;
    }
  }
  return best;
}

const Operator* OperatorRegistry::findMatchingOperatorForValues(std::string_view name,
                                                                std::span<const IValue> inputs) const {
  const Operator* best = nullptr;
  int bestCost = 0;
  for (const Operator* op : lookup(name)) {
    auto cost = matchSchemaToValues(op->schema(), inputs);
    if (cost && (!best || *cost < bestCost)) {
      best = op;
      bestCost = *cost;
    }
  }
  return best;
}

size_t OperatorRegistry::size() const {
  std::shared_lock lock(mu_);
  return operators_.size();
}

std::vector<const Operator*> OperatorRegistry::all() const {
  std::shared_lock lock(mu_);
  std::vector<const Operator*> out;
  out.reserve(operators_.size());
  for (const auto& op : operators_) out.push_back(op.get());
  return out;
}

std::vector<const Operator*> OperatorRegistry::operatorsFor(DeviceType t) const {
  std::shared_lock lock(mu_);
  std::vector<const Operator*> out;
  for (const auto& op : operators_) {
    if (op->hasKernelFor(t)) out.push_back(op.get());
  }
  return out;
}

OperatorRegistry& globalOperatorRegistry() {
  // Constructed on first use (not a static initializer); never destroyed, so
  // operators stay valid during shutdown of other statics.
  static OperatorRegistry* registry = new OperatorRegistry();
  return *registry;
}

}  // namespace jitserve
