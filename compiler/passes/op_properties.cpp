#include "compiler/passes/op_properties.h"

#include <string_view>

#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"

namespace jitserve {

const Operator* findOperatorFor(const Node* n) {
  const Symbol k = n->kind();
  if (k == prim::Constant || k == prim::If || k == prim::Loop || k == prim::Param || k == prim::Return) return nullptr;
  std::vector<TypePtr> in, out;
  in.reserve(n->inputs().size());
  for (const Value* v : n->inputs()) in.push_back(v->type());
  for (const Value* v : n->outputs()) out.push_back(v->type());
  return currentOperatorRegistry().findMatchingOperator(k.toQualString(), in, out);
}

bool isNondeterministic(const Node* n) {
  const std::string_view name = n->kind().toUnqualString();
  static constexpr std::string_view kPrefixes[] = {"rand", "bernoulli", "multinomial", "normal", "poisson",
                                                   "uniform", "exponential", "geometric", "cauchy", "log_normal",
                                                   "dropout", "feature_dropout", "alpha_dropout",
                                                   "feature_alpha_dropout", "rrelu", "_standard_gamma",
                                                   "_sample_dirichlet", "binomial", "seed", "manual_seed"};
  for (std::string_view p : kPrefixes)
    if (name.substr(0, p.size()) == p) return true;
  return name == "uuid4" || name == "time";
}

bool hasSideEffects(const Node* n) {
  const Symbol k = n->kind();
  if (k == prim::Print || k == prim::RaiseException || k == prim::CallFunction || k == prim::CallMethod ||
      k == prim::fork || k == aten::wait || k == prim::Enter || k == prim::Exit || k == prim::SetAttr ||
      k == aten::warn || k == prim::profile || k == prim::Guard || k == prim::BailOut || k == prim::Store ||
      k == prim::Drop) {
    return true;
  }
  if (k.toQualString().starts_with("prim::fork")) return true;  // prim::fork_0 from parsed IR
  const std::string_view name = k.toUnqualString();
  return name == "manual_seed" || name == "seed" || name == "_assert" || name == "record_function_enter" ||
         name == "set_num_threads" || name == "_set_grad_enabled";
}

bool isMutableType(const TypePtr& t) {
  switch (t->kind()) {
    case TypeKind::TensorType:
    case TypeKind::ListType:
    case TypeKind::DictType:
    case TypeKind::ClassType:
    case TypeKind::InterfaceType:
    case TypeKind::FutureType:
    case TypeKind::RRefType:
    case TypeKind::AnyType:
    case TypeKind::AnyListType:
    case TypeKind::AnyClassType:
    case TypeKind::StorageType:
    case TypeKind::CapsuleType:
    case TypeKind::GeneratorType:
    case TypeKind::AnyTupleType:
    case TypeKind::VarType:
      return true;
    case TypeKind::OptionalType:
    case TypeKind::UnionType:
    case TypeKind::TupleType:
      for (const TypePtr& c : t->containedTypes())
        if (isMutableType(c)) return true;
      return false;
    default:
      return false;
  }
}

}  // namespace jitserve

#include <sstream>

#include "runtime/ir/ir_printer.h"

namespace jitserve {

std::string attributesKey(const Node* n) {
  std::ostringstream ss;
  for (const Attribute& a : n->attributes()) {
    ss << a.name.toQualString() << ':' << attributeKindName(a.kind) << '=';
    switch (a.kind) {
      case AttributeKind::f:
        ss << formatIRFloat(std::get<double>(a.value));
        break;
      case AttributeKind::fs:
        for (double d : std::get<std::vector<double>>(a.value)) ss << formatIRFloat(d) << ',';
        break;
      case AttributeKind::i:
        ss << std::get<int64_t>(a.value);
        break;
      case AttributeKind::is:
        for (int64_t i : std::get<std::vector<int64_t>>(a.value)) ss << i << ',';
        break;
      case AttributeKind::s:
        ss << quoteString(std::get<std::string>(a.value));
        break;
      case AttributeKind::ss:
        for (const std::string& s : std::get<std::vector<std::string>>(a.value)) ss << quoteString(s) << ',';
        break;
      case AttributeKind::ty:
        ss << std::get<TypePtr>(a.value)->str();
        break;
      case AttributeKind::tys:
        for (const TypePtr& t : std::get<std::vector<TypePtr>>(a.value)) ss << t->str() << ',';
        break;
      case AttributeKind::ival: {
        const OpaqueConstantPtr& c = std::get<OpaqueConstantPtr>(a.value);
        std::string r = c ? c->repr() : "";
        if (r.find("Tensor") != std::string::npos || r.find('{') != std::string::npos ||
            r.find('<') != std::string::npos) {
          ss << "@" << static_cast<const void*>(c.get());
        } else {
          ss << r;
        }
        break;
      }
      case AttributeKind::t:
        ss << "@" << static_cast<const void*>(std::get<OpaqueConstantPtr>(a.value).get());
        break;
      case AttributeKind::g:
        ss << "@" << static_cast<const void*>(std::get<GraphPtr>(a.value).get());
        break;
      case AttributeKind::gs:
        for (const GraphPtr& g : std::get<std::vector<GraphPtr>>(a.value)) ss << "@" << static_cast<const void*>(g.get());
        break;
    }
    ss << ';';
  }
  return ss.str();
}

}  // namespace jitserve
