#include "compiler/frontend/environment.h"

#include "compiler/frontend/convert_to_ssa.h"
#include "compiler/frontend/error_report.h"

namespace jitserve::frontend {

Frame Environment::popFrame() {
  Frame f = std::move(frames_.back());
  frames_.pop_back();
  return f;
}

TypePtr Environment::lookupType(const std::string& name) const {
  for (auto f = frames_.rbegin(); f != frames_.rend(); ++f) {
    auto it = f->vars.find(name);
    if (it != f->vars.end()) return it->second;
    if (f->deleted.count(name)) return nullptr;
  }
  return nullptr;
}

void Environment::set(const std::string& name, Value* v, TypePtr declared, const SourceRange& r) {
  TypePtr t = declared ? declared : v->type();
  if (declared) {
    if (!v->type()->isSubtypeOf(*declared))
      throw ErrorReport(r) << "Variable '" << name << "' is annotated with type " << declared->annotationStr()
                           << " but is being assigned to a value of type " << v->type()->annotationStr();
    declared_[name] = declared;
  } else if (auto d = declared_.find(name); d != declared_.end()) {
    if (!v->type()->isSubtypeOf(*d->second))
      throw ErrorReport(r) << "Variable '" << name << "' is annotated with type " << d->second->annotationStr()
                           << " but is being assigned to a value of type " << v->type()->annotationStr();
    t = d->second;
    declared = d->second;
  }
  poisoned_.erase(name);
  Node* s = insertStore(graph_, name, v, declared);
  s->setSourceRange(r);
  frames_.back().vars[name] = t;
  frames_.back().assigned.insert(name);
  frames_.back().deleted.erase(name);
}

Value* Environment::read(const std::string& name, const SourceRange& r) {
  TypePtr t = lookupType(name);
  if (!t) return nullptr;
  Value* v = insertLoad(graph_, name, t);
  v->node()->setSourceRange(r);
  return v;
}

void Environment::refine(const std::string& name, Value* v, const TypePtr& t) {
  Node* s = insertStore(graph_, name, v);
  s->i_(Symbol::attr("refinement"), 1);
  frames_.back().vars[name] = t;
}

void Environment::remove(const std::string& name) {
  frames_.back().vars.erase(name);
  frames_.back().assigned.erase(name);
  frames_.back().deleted.insert(name);
  poisoned_[name] = "undefined value " + name;
}

const std::string* Environment::undefinedReason(const std::string& name) const {
  auto it = poisoned_.find(name);
  return it == poisoned_.end() ? nullptr : &it->second;
}

void Environment::mergeBranches(const Frame& t, const Frame& f) {
  Frame& cur = frames_.back();
  if (t.exited && f.exited) {
    cur.exited = true;
    return;
  }
  // A variable deleted on a path that goes on is undefined after the If.
  for (const Frame* b : {&t, &f}) {
    if (b->exited) continue;
    for (const auto& name : b->deleted) {
      cur.vars.erase(name);
      cur.assigned.erase(name);
      cur.deleted.insert(name);
    }
  }
  std::set<std::string> names;
  for (auto& k : t.assigned) names.insert(k);
  for (auto& k : f.assigned) names.insert(k);
  for (const auto& name : names) {
    TypePtr outer = lookupType(name);
    auto ti = t.assigned.count(name) ? t.vars.find(name) : t.vars.end();
    auto fi = f.assigned.count(name) ? f.vars.find(name) : f.vars.end();
    // A branch that did not assign the variable contributes its type
    // there, which a refinement may have narrowed.
    if (ti == t.vars.end()) ti = t.vars.find(name);
    if (fi == f.vars.end()) fi = f.vars.find(name);
    TypePtr tt = ti != t.vars.end() ? ti->second : (t.exited ? nullptr : outer);
    TypePtr ft = fi != f.vars.end() ? fi->second : (f.exited ? nullptr : outer);
    if (t.exited) tt = nullptr;
    if (f.exited) ft = nullptr;
    if (!tt && !ft) continue;
    if (tt && ft) {
      auto u = unifyTypes(tt, ft);
      if (!u) {
        poisoned_[name] = "Type mismatch: " + name + " is set to type " + tt->annotationStr() +
                          " in the true branch and type " + ft->annotationStr() + " in the false branch";
        cur.vars.erase(name);
        continue;
      }
      cur.vars[name] = *u;
      cur.assigned.insert(name);
    } else if ((tt && f.exited) || (ft && t.exited)) {
      cur.vars[name] = tt ? tt : ft;
      cur.assigned.insert(name);
    } else if (!outer) {
      // Defined on one path only.
      poisoned_[name] = name + " is not defined in the " + (tt ? "false" : "true") + " branch";
    }
  }
}

}  // namespace jitserve::frontend
