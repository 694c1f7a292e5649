// OperatorRegistry: every operator overload the runtime can run, by name.
//
// Lifecycle: start-up code creates (or takes the global) registry and calls
// the explicit registration functions (registerAllOps hands it every kernel
// file's table); no static initializer registers anything. After that the
// registry is read-mostly: lookups take a shared lock and are safe from any
// thread; adding later is allowed (tests, plugins) and takes an exclusive
// lock. Operators are never removed, so the `const Operator*` a lookup returns stays valid for the registry's life.
//
// Lookups:
//   - by qualified name ("aten::add") -> all overloads, in registration order;
//   - by "name.overload" ("aten::add.Tensor", "aten::add" for the default one);
//   - by schema string (compared in canonical form);
//   - by overload resolution over static types (the IR's node input/output
//     types) or over runtime values (see operator_matching.h for the rules).
#pragma once

#include <memory>
#include <shared_mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "runtime/core/operator.h"

namespace jitserve {

class OperatorRegistry {
 public:
  OperatorRegistry() = default;
  OperatorRegistry(const OperatorRegistry&) = delete;
  OperatorRegistry& operator=(const OperatorRegistry&) = delete;

  // Parses def.schema and adds the operator, its kernel in def.device's
  // slot. An overload already registered with the same schema takes the
  // kernel into that device's slot (a second device is a new slot). Fails
  // with InvalidArgument on a malformed schema, a missing kernel, or a typed
  // kernel whose signature does not match the schema; with AlreadyExists on
  // a slot already filled (naming the schema and device) or an overload
  // name registered with another schema.
  absl::Status add(const OperatorDef& def);
  // Adds all; stops at and returns the first failure.
  absl::Status addAll(std::span<const OperatorDef> defs);

  // All overloads of "aten::add", in registration order (empty if none).
  std::vector<const Operator*> lookup(std::string_view qualifiedName) const;
  // "aten::add.Tensor", or "aten::add" for the overload without a name.
  const Operator* findByName(std::string_view nameDotOverload) const;
  // By schema string; `schema` is parsed and compared in canonical form.
  const Operator* findBySchema(std::string_view schema) const;

  // The best overload of `name` whose schema accepts values of these static
  // types (and, if outputTypes is non-empty, produces that many compatible
  // outputs); nullptr if none does.
  const Operator* findMatchingOperator(std::string_view name, std::span<const TypePtr> inputTypes,
                                       std::span<const TypePtr> outputTypes = {}) const;
  // The best overload of `name` accepting these runtime values.
  const Operator* findMatchingOperatorForValues(std::string_view name, std::span<const IValue> inputs) const;

  // The operators with a kernel for device type t (their own, or a
  // device-generic one): what that device's backend supports.
  std::vector<const Operator*> operatorsFor(DeviceType t) const;

  size_t size() const;
  // Every operator, in registration order.
  std::vector<const Operator*> all() const;

 private:
  mutable std::shared_mutex mu_;
  std::vector<std::unique_ptr<Operator>> operators_;
  absl::flat_hash_map<std::string, std::vector<const Operator*>> byName_;
  absl::flat_hash_map<std::string, Operator*> byOverload_;  // "aten::add.Tensor"
  absl::flat_hash_map<std::string, const Operator*> bySchema_;    // canonical schema string
};

// The process-wide registry, empty until start-up code registers into it.
OperatorRegistry& globalOperatorRegistry();

}  // namespace jitserve
