#include "compiler/archive/archive_export.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "compiler/archive/python_printer.h"
#include "compiler/frontend/compilation_unit.h"
#include "compiler/serialization/pickler.h"
#include "compiler/serialization/zip_writer.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/support/error.h"

namespace jitserve {

namespace {

// "__torch__.a.b.C" -> "__torch__.a.b".
std::string qualifierOf(const std::string& name) {
  size_t dot = name.rfind('.');
  JS_CHECK(dot != std::string::npos, "cannot export '", name, "': it has no module qualifier");
  return name.substr(0, dot);
}

std::string codeRecord(const std::string& qualifier) {
  std::string path = qualifier;
  for (char& c : path)
    if (c == '.') c = '/';
  return "code/" + path + ".py";
}

// The classes of every object reachable from v.
void collectClasses(const IValue& v, std::map<std::string, std::shared_ptr<const ClassType>>& out, int depth) {
  JS_CHECK(depth < 1000, "cannot export: values nested more than 1000 deep");
  if (v.isObject()) {
    const ObjectImpl& o = v.toObjectRef();
    if (out.emplace(o.type->name(), o.type).second)
      for (const IValue& s : o.slots) collectClasses(s, out, depth + 1);
    else
      for (const IValue& s : o.slots) collectClasses(s, out, depth + 1);
  } else if (v.isList()) {
    for (const IValue& e : v.toListRef().elements) collectClasses(e, out, depth + 1);
  } else if (v.isTuple()) {
    for (const IValue& e : v.toTupleRef().elements) collectClasses(e, out, depth + 1);
  } else if (v.isDict()) {
    for (const auto& e : v.toDictRef().entries()) {
      collectClasses(e.key, out, depth + 1);
      collectClasses(e.value, out, depth + 1);
    }
  }
}

struct Exported {
  std::map<std::string, std::string> code;  // record -> source
  std::vector<IValue> constants;
  int version = 3;
};

Exported printModule(const Module& module) {
  Exported ex;
  const frontend::CompilationUnit& cu = *module.unit();
  std::map<std::string, std::unique_ptr<archive::PythonPrinter>> files;  // qualifier -> printer
  auto printerFor = [&](const std::string& qualifier) -> archive::PythonPrinter& {
    auto& p = files[qualifier];
    if (!p) {
      p = std::make_unique<archive::PythonPrinter>(ex.constants);
      p->resolveFunction = [&cu](const std::string& key) -> const GraphFunction* { return cu.findFunction(key); };
    }
    return *p;
  };

  std::map<std::string, std::shared_ptr<const ClassType>> objectClasses;
  collectClasses(module.asIValue(), objectClasses, 0);
  // Worklists of names still to print; `done` holds what was printed.
  std::set<std::string> classes, functions, tuples, done;
  for (const auto& [name, cls] : objectClasses) classes.insert(name);
  auto absorb = [&](const archive::PythonPrinter& p) {
    for (const auto& c : p.referencedClasses())
      if (!done.count("class " + c)) classes.insert(c);
    for (const auto& f : p.referencedFunctions())
      if (!done.count("def " + f)) functions.insert(f);
    for (const auto& t : p.referencedNamedTuples())
      if (!done.count("tuple " + t)) tuples.insert(t);
  };
  while (!classes.empty() || !functions.empty() || !tuples.empty()) {
    if (!tuples.empty()) {
      std::string t = *tuples.begin();
      tuples.erase(tuples.begin());
      if (!done.insert("tuple " + t).second) continue;
      const frontend::NamedTupleDef* def = cu.findNamedTuple(t);
      JS_CHECK(def != nullptr, "cannot export NamedTuple '", t, "': the module's unit does not define it");
      auto& p = printerFor(qualifierOf(t));
      p.printNamedTuple(def->type->expect<TupleType>());
      absorb(p);
      continue;
    }
    if (!classes.empty()) {
      std::string c = *classes.begin();
      classes.erase(classes.begin());
      if (!done.insert("class " + c).second) continue;
      if (auto iface = cu.findInterface(c)) {
        auto& p = printerFor(qualifierOf(c));
        p.printInterface(*iface, cu.interfaceMethods(c));
        absorb(p);
        continue;
      }
      std::shared_ptr<const ClassType> cls = cu.findClass(c);
      if (!cls) {
        auto it = objectClasses.find(c);
        if (it != objectClasses.end()) cls = it->second;
      }
      JS_CHECK(cls != nullptr, "cannot export class '", c, "': the module's unit does not define it",
               cu.findEnum(c) ? " (Enum classes are not exported yet)" : "");
      auto& p = printerFor(qualifierOf(c));
      p.printClass(*cls, cu.classConstants(c));
      absorb(p);
      continue;
    }
    std::string key = *functions.begin();
    functions.erase(functions.begin());
    if (!done.insert("def " + key).second) continue;
    const GraphFunction* fn = cu.findFunction(key);
    JS_CHECK(fn != nullptr, "cannot export function '", key, "': the module's unit does not define it");
    std::string name = archive::PythonPrinter::functionName(key);
    auto& p = printerFor(qualifierOf(name));
    p.printFunction(*fn, name.substr(name.rfind('.') + 1));
    absorb(p);
  }
  for (const auto& [qualifier, p] : files) {
    ex.code[codeRecord(qualifier)] = p->source();
    ex.version = std::max(ex.version, p->formatVersion());
  }
  return ex;
}

// A class with __getstate__ saves what it returns.
std::optional<IValue> stateOf(const intrusive_ptr<ObjectImpl>& obj) {
  Function* get = obj->type->findMethod("__getstate__");
  if (!get) return std::nullopt;
  Stack s{IValue(obj)};
  get->run(s);
  return std::move(s.back());
}

}  // namespace

absl::StatusOr<std::map<std::string, std::string>> exportedCode(const Module& module) {
  try {
    return printModule(module).code;
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
}

absl::StatusOr<std::string> exportModuleBytes(const Module& module, const ExportOptions& options) {
  const std::string& root = options.archiveName;
  if (root.empty() || root.find('/') != std::string::npos || root == "." || root == "..")
    return absl::InvalidArgumentError(absl::StrCat("bad archive name '", root, "'"));
  try {
    Exported ex = printModule(module);
    ZipArchiveWriter zip;
    auto add = [&](const std::string& name, std::string_view bytes) {
      absl::Status st = zip.addRecord(root + "/" + name, bytes);
      if (!st.ok()) throw Error(std::string(st.message()), st.code());
    };
    auto addStorages = [&](const Pickler& p, const std::string& folder) {
      for (const Pickler::StorageRecord& r : p.storages()) {
        absl::Status st = zip.addRecord(root + "/" + folder + r.key, r.storage.nbytes() ? r.storage.data() : "",
                                        r.storage.nbytes());
        if (!st.ok()) throw Error(std::string(st.message()), st.code());
      }
    };
    PicklerOptions po;
    po.torchScript = true;
    po.getState = stateOf;
    Pickler data(po);
    data.push(module.asIValue());
    add("data.pkl", data.finish());
    for (const auto& [record, source] : ex.code) add(record, source);
    Pickler constants(po);
    constants.push(IValue::tuple(ex.constants));
    add("constants.pkl", constants.finish());
    addStorages(constants, "constants/");
    addStorages(data, "data/");
    add("version", std::to_string(ex.version) + "\n");
    return zip.finish();
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
}

absl::Status exportModuleFile(const Module& module, const std::string& path, const ExportOptions& options) {
  absl::StatusOr<std::string> bytes = exportModuleBytes(module, options);
  if (!bytes.ok()) return bytes.status();
  return writeArchiveFile(path, *bytes);
}

}  // namespace jitserve
