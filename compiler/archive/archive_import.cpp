#include "compiler/archive/archive_import.h"

#include <cctype>
#include <map>
#include <set>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "compiler/archive/source_importer.h"
#include "compiler/frontend/compilation_unit.h"
#include "compiler/serialization/zip_storage_loader.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/support/error.h"

namespace jitserve {

namespace {

// File format versions we read. 1 and 2 (PyTorch before 1.4) kept the model
// in model.json and attributes.pkl; 3 onwards is code/ + data.pkl, with
// operator semantics that newer versions only extend (PyTorch 1.13 reads up
// to 10).
constexpr int kMinVersion = 3;
constexpr int kMaxVersion = 10;

bool isIdentifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

absl::Status invalid(const ZipArchiveReader& a, const std::string& msg) {
  return absl::InvalidArgumentError(absl::StrCat("'", a.displayName(), "': ", msg));
}

absl::StatusOr<int> readVersion(ZipArchiveReader& archive) {
  const char* record = archive.hasRecord("version") ? "version" : archive.hasRecord(".data/version") ? ".data/version" : nullptr;
  if (!record) return invalid(archive, "no version record: not a TorchScript archive");
  absl::StatusOr<std::string> text = archive.readRecordAsString(record);
  if (!text.ok()) return text.status();
  int v = 0;
  if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(*text), &v))
    return invalid(archive, absl::StrCat("bad version record '", absl::CEscape(text->substr(0, 16)), "'"));
  if (v < kMinVersion || v > kMaxVersion)
    return invalid(archive, absl::StrCat("file format version ", v, " is not supported (we read versions ", kMinVersion,
                                         " to ", kMaxVersion, ", as PyTorch 1.4 to 2.11 write them)"));
  return v;
}

// code/__torch__/torch/nn/functional.py -> "__torch__.torch.nn.functional".
absl::Status readCode(ZipArchiveReader& archive, const ArchiveLimits& limits, std::map<std::string, std::string>& files,
                      std::map<std::string, std::string>& names) {
  uint64_t total = 0;
  for (const std::string& rel : archive.recordsUnder("code/")) {
    if (rel.size() < 3 || rel.compare(rel.size() - 3, 3, ".py") != 0) continue;  // .debug_pkl and folders
    std::string path = rel.substr(5, rel.size() - 5 - 3);
    std::string qualifier;
    size_t start = 0;
    while (true) {
      size_t slash = path.find('/', start);
      std::string part = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
      if (!isIdentifier(part))
        return invalid(archive, absl::StrCat("code file '", rel, "': '", part, "' is not a Python module name"));
      absl::StrAppend(&qualifier, qualifier.empty() ? "" : ".", part);
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
    if (qualifier != "__torch__" && qualifier.rfind("__torch__.", 0) != 0)
      return invalid(archive, absl::StrCat("code file '", rel, "' is outside code/__torch__/ (", qualifier,
                                           " classes are not TorchScript code we can load)"));
    total += archive.findRecord(rel)->size;
    if (total > limits.maxCodeBytes)
      return invalid(archive, absl::StrCat("the code/ files exceed ", limits.maxCodeBytes, " bytes"));
    absl::StatusOr<std::string> text = archive.readRecordAsString(rel);
    if (!text.ok()) return text.status();
    files[qualifier] = std::move(*text);
    names[qualifier] = archive.prefix() + rel;
  }
  if (files.empty()) return invalid(archive, "no code/ files: not a TorchScript archive (a torch.save file?)");
  return absl::OkStatus();
}

// Storages of constants.pkl live in constants/<key>; archives written before
// that folder existed kept them in data/.
class ConstantStorages {
 public:
  explicit ConstantStorages(ZipArchiveReader& a) : archive_(a), constants_(a, "constants/"), data_(a, "data/") {}
  Storage load(const StorageRecordRef& ref) {
    return archive_.hasRecord("constants/" + ref.key) ? constants_.load(ref) : data_.load(ref);
  }

 private:
  ZipArchiveReader& archive_;
  ZipStorageLoader constants_, data_;
};

// Every declared attribute of every module object holds a value of its type.
absl::Status checkModuleTree(const ZipArchiveReader& archive, const frontend::CompilationUnit& unit,
                             const ObjectImpl& obj, const std::string& path, int depth) {
  if (depth > 256) return invalid(archive, "modules nested more than 256 deep");
  const auto& attrs = obj.type->attributes();
  if (obj.slots.size() < attrs.size())
    return invalid(archive, absl::StrCat("module ", path, " (", obj.type->name(), ") has no value for attribute '",
                                         attrs[obj.slots.size()].name, "'"));
  for (size_t i = 0; i < attrs.size(); ++i) {
    const IValue& v = obj.slots[i];
    if (attrs[i].type->kind() == TypeKind::InterfaceType) {
      // An interface attribute holds an object whose class has its methods.
      const auto& iface = attrs[i].type->expect<InterfaceType>();
      if (!v.isObject())
        return invalid(archive, absl::StrCat("data.pkl gives attribute '", attrs[i].name, "' of module ", path,
                                             " a value of type ", v.type()->annotationStr(), ", not an object of ",
                                             iface.name()));
      for (const FunctionSchema& m : unit.interfaceMethods(iface.name())) {
        Function* impl = v.toObjectRef().type->findMethod(m.name);
        if (!impl || impl->schema().arguments.size() != m.arguments.size() + 1)
          return invalid(archive, absl::StrCat("attribute '", attrs[i].name, "' of module ", path, " is a ",
                                               v.toObjectRef().type->name(), ", which does not implement ",
                                               iface.name(), ".", m.name, " (", m.arguments.size(), " arguments)"));
      }
    } else if (!isInstanceOf(v, *attrs[i].type))
      return invalid(archive, absl::StrCat("data.pkl gives attribute '", attrs[i].name, "' of module ", path, " (",
                                           obj.type->name(), ") a value of type ", v.type()->annotationStr(),
                                           " but the class declares ", attrs[i].type->annotationStr()));
    if (v.isObject() && v.toObjectRef().type->isModule()) {
      absl::Status st = checkModuleTree(archive, unit, v.toObjectRef(), path + "." + attrs[i].name, depth + 1);
      if (!st.ok()) return st;
    }
  }
  return absl::OkStatus();
}

}  // namespace

bool isTorchScriptArchive(const ZipArchiveReader& archive) {
  return archive.hasRecord("data.pkl") && !archive.recordsUnder("code/").empty();
}

absl::StatusOr<Module> importModule(ZipArchiveReader& archive, const ArchiveLimits& limits, ArchiveImportInfo* info) {
  if (archive.prefix().empty())
    return invalid(archive, "not a TorchScript archive: its entries do not share one top-level folder");
  if (!archive.hasRecord("data.pkl")) return invalid(archive, "not a TorchScript archive: no data.pkl");
  absl::StatusOr<int> version = readVersion(archive);
  if (!version.ok()) return version.status();
  if (info) info->fileFormatVersion = *version;

  std::map<std::string, std::string> files, names;
  if (absl::Status st = readCode(archive, limits, files, names); !st.ok()) return st;

  // constants.pkl: the tuple CONSTANTS.cN indexes.
  std::vector<IValue> constants;
  if (archive.hasRecord("constants.pkl")) {
    absl::StatusOr<std::string> pickle = archive.readRecordAsString("constants.pkl");
    if (!pickle.ok()) return pickle.status();
    ConstantStorages storages(archive);
    UnpicklerOptions opts;
    opts.sourceName = absl::StrCat(archive.displayName(), ": ", archive.prefix(), "constants.pkl");
    opts.limits = limits.pickle;
    opts.loadStorage = [&storages](const StorageRecordRef& ref) { return storages.load(ref); };
    absl::StatusOr<IValue> c = unpickle(*pickle, opts);
    if (!c.ok()) return c.status();
    if (!c->isTuple()) return invalid(archive, "constants.pkl does not hold a tuple");
    constants = c->toTupleRef().elements;
  }

  auto unit = std::make_shared<frontend::CompilationUnit>();
  archive::SourceImporter importer(unit, std::move(files), std::move(names), std::move(constants), *version);

  // data.pkl: the module tree. Classes are compiled as the unpickler meets
  // them; a compile error is reported as itself, not as a pickle error.
  absl::StatusOr<std::string> pickle = archive.readRecordAsString("data.pkl");
  if (!pickle.ok()) return pickle.status();
  ZipStorageLoader storages(archive, "data/");
  std::optional<absl::Status> importError;
  // The first compile/import error, kept so it is reported as itself rather
  // than wrapped in the unpickler's position message.
  auto noteImportError = [&](const Error& e) {
    if (!importError) importError = absl::Status(e.code(), absl::StrCat("'", archive.displayName(), "': ", e.message()));
  };
  UnpicklerOptions opts;
  opts.sourceName = absl::StrCat(archive.displayName(), ": ", archive.prefix(), "data.pkl");
  opts.limits = limits.pickle;
  std::set<std::string> locations;
  std::optional<InterpreterOptions::Clock::time_point> setStateDeadline;
  opts.loadStorage = [&](const StorageRecordRef& ref) {
    locations.insert(ref.location);
    return storages.load(ref);
  };
  opts.resolveClass = [&](const std::string& name) -> std::shared_ptr<const ClassType> {
    try {
      return importer.importClass(name);
    } catch (const Error& e) {
      noteImportError(e);
      throw;
    }
  };
  opts.resolveType = [&](std::string_view name) -> TypePtr {
    try {
      return importer.importType(std::string(name));
    } catch (const Error& e) {
      noteImportError(e);
      throw;
    }
  };
  // A class with __setstate__ restores itself from whatever __getstate__
  // returned; the others take a dict of attributes.
  opts.setState = [&](const intrusive_ptr<ObjectImpl>& obj, IValue state) {
    if (unit->hasDeferredMethod(obj->type.get(), "__setstate__")) {
      try {
        importer.compileAll();
      } catch (const Error& e) {
        noteImportError(e);
        throw;
      }
    }
    if (Function* set = obj->type->findMethod("__setstate__")) {
      Stack s{IValue(obj), std::move(state)};
      auto* graphFn = dynamic_cast<GraphFunction*>(set);
      if (graphFn == nullptr) {
        set->run(s);
        return;
      }
      InterpreterOptions run;
      if (!setStateDeadline) setStateDeadline = InterpreterOptions::Clock::now() + limits.maxSetStateTime;
      run.deadline = setStateDeadline;
      try {
        runCode(graphFn->code(), s, run);
      } catch (const Error& e) {
        if (e.code() != absl::StatusCode::kDeadlineExceeded) throw;
        throw Error(absl::StrCat(obj->type->name(), ".__setstate__ ran past the ", limits.maxSetStateTime.count(),
                                 " ms an archive's __setstate__ methods may take together while it loads"),
                    absl::StatusCode::kResourceExhausted);
      }
      return;
    }
    setObjectStateFromDict(obj, std::move(state));
  };
  absl::StatusOr<IValue> root = unpickle(*pickle, opts);
  if (!root.ok()) return importError ? *importError : root.status();
  if (absl::Status st = unit->compileDeferred(); !st.ok())
    return absl::Status(st.code(), absl::StrCat("'", archive.displayName(), "': ", st.message()));
  if (!root->isObject() || !root->toObjectRef().type->isModule())
    return invalid(archive, absl::StrCat("data.pkl holds a ", root->type()->annotationStr(), ", not a module"));
  if (absl::Status st = checkModuleTree(archive, *unit, root->toObjectRef(), "self", 0); !st.ok()) return st;
  if (info) info->storageLocations.assign(locations.begin(), locations.end());
  return Module(root->toObject(), std::move(unit));
}

absl::StatusOr<Module> importModuleFile(const std::string& path, const ArchiveLimits& limits) {
  absl::StatusOr<std::unique_ptr<ZipArchiveReader>> archive = ZipArchiveReader::openFile(path, limits.zip);
  if (!archive.ok()) return archive.status();
  return importModule(**archive, limits);
}

absl::StatusOr<Module> importModuleBytes(std::string bytes, std::string displayName, const ArchiveLimits& limits,
                                         ArchiveImportInfo* info) {
  absl::StatusOr<std::unique_ptr<ZipArchiveReader>> archive =
      ZipArchiveReader::openBytes(std::move(bytes), std::move(displayName), limits.zip);
  if (!archive.ok()) return archive.status();
  return importModule(**archive, limits, info);
}

}  // namespace jitserve
