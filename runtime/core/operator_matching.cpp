#include "runtime/core/operator_matching.h"

#include <string>

#include "absl/container/flat_hash_map.h"

namespace jitserve {
namespace {

using TypeEnv = absl::flat_hash_map<std::string, TypePtr>;

constexpr int kCostSubtype = 1;   // refined tensor, Optional wrapping, union member
constexpr int kCostNumber = 2;    // int/float/bool passed as Scalar
constexpr int kCostVar = 2;       // bound through a type variable
constexpr int kCostAny = 4;       // Any accepts everything

bool isNumberLike(TypeKind k) {
  return k == TypeKind::IntType || k == TypeKind::FloatType || k == TypeKind::BoolType ||
         k == TypeKind::NumberType || k == TypeKind::ComplexType;
}

// Adds to cost and returns true if `actual` can be passed where `formal` is
// declared, binding type variables in env.
bool matchType(const Type& formal, const TypePtr& actual, TypeEnv& env, int& cost) {
  switch (formal.kind()) {
    case TypeKind::AnyType:
      cost += actual->kind() == TypeKind::AnyType ? 0 : kCostAny;
      return true;
    case TypeKind::VarType: {
      const auto& name = formal.expect<VarType>().name();
      auto it = env.find(name);
      cost += kCostVar;
      if (it == env.end()) {
        env.emplace(name, actual);
        return true;
      }
      if (actual->isSubtypeOf(*it->second)) return true;
      // A later, wider use (t bound to int, now float?) does not match; but a
      // first binding to NoneType widens to the new type's Optional.
      if (it->second->isSubtypeOf(*actual)) {
        it->second = actual;
        return true;
      }
      return false;
    }
    case TypeKind::NumberType:
      if (!isNumberLike(actual->kind())) return false;
      cost += actual->kind() == TypeKind::NumberType ? 0 : kCostNumber;
      return true;
    case TypeKind::OptionalType: {
      const auto& elem = *formal.expect<OptionalType>().elementType();
      if (actual->kind() == TypeKind::NoneType) {
        cost += kCostSubtype;
        return true;
      }
      if (auto* o = actual->cast<OptionalType>()) return matchType(elem, o->elementType(), env, cost);
      cost += kCostSubtype;
      return matchType(elem, actual, env, cost);
    }
    case TypeKind::ListType: {
      auto* l = actual->cast<ListType>();
      if (!l) return false;
      return matchType(*formal.expect<ListType>().elementType(), l->elementType(), env, cost);
    }
    case TypeKind::DictType: {
      auto* d = actual->cast<DictType>();
      if (!d) return false;
      const auto& f = formal.expect<DictType>();
      return matchType(*f.keyType(), d->keyType(), env, cost) && matchType(*f.valueType(), d->valueType(), env, cost);
    }
    case TypeKind::TupleType: {
      auto* t = actual->cast<TupleType>();
      if (!t) return false;
      const auto& f = formal.expect<TupleType>();
      if (f.elements().size() != t->elements().size()) return false;
      for (size_t i = 0; i < f.elements().size(); ++i) {
        if (!matchType(*f.elements()[i], t->elements()[i], env, cost)) return false;
      }
      return true;
    }
    case TypeKind::FutureType: {
      auto* t = actual->cast<FutureType>();
      if (!t) return false;
      return matchType(*formal.expect<FutureType>().elementType(), t->elementType(), env, cost);
    }
    default:
      if (formal.equals(*actual)) return true;
      if (actual->isSubtypeOf(formal)) {
        cost += kCostSubtype;
        return true;
      }
      return false;
  }
}

// Outputs only need to be compatible in one direction or the other: a
// schema returning Scalar may feed an int-typed IR value, and a return of
// `t` is whatever t bound to.
bool outputCompatible(const Type& ret, const TypePtr& out) {
  if (ret.hasFreeVariables() || ret.kind() == TypeKind::AnyType || out->kind() == TypeKind::AnyType) return true;
  return out->isSubtypeOf(ret) || ret.isSubtypeOf(*out) ||
         (ret.kind() == TypeKind::NumberType && isNumberLike(out->kind()));
}

// Matching a runtime value: the same rules, with the value's dynamic type
// checked by isInstanceOf (which knows e.g. that an Any-typed list of ints is
// a List[int]).
bool matchValue(const Type& formal, const IValue& v, TypeEnv& env, int& cost) {
  switch (formal.kind()) {
    case TypeKind::AnyType:
      cost += kCostAny;
      return true;
    case TypeKind::VarType: {
      const auto& name = formal.expect<VarType>().name();
      cost += kCostVar;
      auto it = env.find(name);
      if (it == env.end()) {
        env.emplace(name, v.type());
        return true;
      }
      return isInstanceOf(v, *it->second);
    }
    case TypeKind::NumberType:
      if (!v.isNumber()) return false;
      cost += kCostNumber;
      return true;
    case TypeKind::OptionalType:
      if (v.isNone()) {
        cost += kCostSubtype;
        return true;
      }
      return matchValue(*formal.expect<OptionalType>().elementType(), v, env, cost);
    case TypeKind::ListType: {
      if (!v.isList()) return false;
      const auto& elem = *formal.expect<ListType>().elementType();
      if (!elem.hasFreeVariables()) return isInstanceOf(v, formal);
      // t[]: bind t to the list's element type.
      return matchType(elem, v.toListRef().elementType, env, cost);
    }
    case TypeKind::DictType: {
      if (!v.isDict()) return false;
      const auto& f = formal.expect<DictType>();
      if (!formal.hasFreeVariables()) return isInstanceOf(v, formal);
      const auto& d = v.toDictRef();
      return matchType(*f.keyType(), d.keyType, env, cost) && matchType(*f.valueType(), d.valueType, env, cost);
    }
    default:
      if (formal.hasFreeVariables()) return matchType(formal, v.type(), env, cost);
      return isInstanceOf(v, formal);
  }
}

bool countsMatch(const FunctionSchema& schema, size_t n) {
  return schema.isVararg ? n >= schema.arguments.size() : n == schema.arguments.size();
}

}  // namespace

std::optional<int> matchSchemaToTypes(const FunctionSchema& schema, std::span<const TypePtr> inputTypes,
                                      std::span<const TypePtr> outputTypes) {
  if (!countsMatch(schema, inputTypes.size())) return std::nullopt;
  TypeEnv env;
  int cost = 0;
  for (size_t i = 0; i < schema.arguments.size(); ++i) {
    if (!matchType(*schema.arguments[i].type, inputTypes[i], env, cost)) return std::nullopt;
  }
  if (!outputTypes.empty() && !schema.isVarret) {
    if (outputTypes.size() != schema.returns.size()) return std::nullopt;
    for (size_t i = 0; i < outputTypes.size(); ++i) {
      if (!outputCompatible(*schema.returns[i].type, outputTypes[i])) return std::nullopt;
    }
  }
  return cost;
}

std::optional<int> matchSchemaToValues(const FunctionSchema& schema, std::span<const IValue> inputs) {
  if (!countsMatch(schema, inputs.size())) return std::nullopt;
  TypeEnv env;
  int cost = 0;
  for (size_t i = 0; i < schema.arguments.size(); ++i) {
    // Exact dynamic types cost nothing, conversions a little, so that
    // add.int beats add(Scalar, Scalar) for two ints.
    if (!matchValue(*schema.arguments[i].type, inputs[i], env, cost)) return std::nullopt;
  }
  return cost;
}

}  // namespace jitserve
