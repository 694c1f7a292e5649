#include "compiler/archive/source_importer.h"
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "compiler/archive/import_resolver.h"
#include "compiler/archive/upgraders.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/support/error.h"

namespace jitserve::archive {

SourceImporter::SourceImporter(std::shared_ptr<frontend::CompilationUnit> cu, std::map<std::string, std::string> files,
                               std::map<std::string, std::string> fileNames, std::vector<IValue> constants,
                               int version)
    : cu_(std::move(cu)),
      files_(std::move(files)),
      fileNames_(std::move(fileNames)),
      constants_(std::move(constants)),
      version_(version) {
  if (version_ < 5) {
    JS_CHECK(!files_.count(kUpgradersQualifier), "the archive has a code file named like jitserve's upgraders (",
             kUpgradersQualifier, ")");
    files_[kUpgradersQualifier] = upgradersSource();
    fileNames_[kUpgradersQualifier] = "<jitserve upgraders>";
  }
}

GraphFunction* SourceImporter::upgrader(const std::string& name) {
  auto d = lookup(std::string(kUpgradersQualifier) + "." + name);
  JS_INTERNAL_ASSERT(d && d->function, "no upgrader ", name);
  return d->function;
}

std::string SourceImporter::fileOf(const std::string& qualifiedName) const {
  // The definition is the last component; the file is everything before it.
  size_t dot = qualifiedName.rfind('.');
  if (dot == std::string::npos) return "";
  std::string file = qualifiedName.substr(0, dot);
  return files_.count(file) ? file : "";
}

bool SourceImporter::isNamespace(const std::string& prefix) const {
  auto it = files_.lower_bound(prefix);
  if (it == files_.end()) return false;
  return it->first == prefix || (it->first.size() > prefix.size() && it->first.compare(0, prefix.size(), prefix) == 0 &&
                                 it->first[prefix.size()] == '.');
}

void SourceImporter::importFile(const std::string& qualifier) {
  if (imported_.count(qualifier)) return;
  const std::string& record = fileNames_.at(qualifier);
  for (const std::string& f : importing_) {
    if (f == qualifier) {
      std::vector<std::string> chain;
      for (const std::string& g : importing_) chain.push_back(fileNames_.at(g));
      chain.push_back(record);
      throw Error(absl::StrCat("the archive's code files depend on each other in a cycle: ",
                               absl::StrJoin(chain, " -> ")));
    }
  }
  importing_.push_back(qualifier);
  frontend::DefineOptions opts;
  opts.filename = record;
  opts.qualifier = qualifier;
  opts.archiveSource = true;
  opts.deferBodies = true;
  // The upgraders' own calls mean today's operators.
  opts.resolver = makeImportResolver(*this, qualifier == kUpgradersQualifier ? kLatestVersion : version_);
  absl::Status st = cu_->define(files_.at(qualifier), opts);
  importing_.pop_back();
  if (!st.ok()) {
    // A nested import already said which file failed; say it once.
    std::string msg(st.message());
    if (msg.rfind("in ", 0) != 0) msg = absl::StrCat("in ", record, ": ", msg);
    throw Error(msg, st.code());
  }
  imported_.insert(qualifier);
}

std::optional<SourceImporter::Definition> SourceImporter::lookup(const std::string& qualifiedName) {
  std::string file = fileOf(qualifiedName);
  if (file.empty()) return std::nullopt;
  // A file being compiled already declared its classes (they are what a
  // nested file may be asking about); its functions are not ready.
  bool inProgress = std::find(importing_.begin(), importing_.end(), file) != importing_.end();
  if (!inProgress) importFile(file);
  Definition d;
  if ((d.cls = cu_->findClass(qualifiedName))) return d;
  if ((d.namedTuple = cu_->findNamedTuple(qualifiedName))) return d;
  if ((d.iface = cu_->findInterface(qualifiedName))) return d;
  std::string name = qualifiedName.substr(file.size() + 1);
  std::string key = file == "__torch__" ? name : qualifiedName;
  if ((d.function = cu_->findFunction(key))) return d;
  if (!inProgress && (d.function = cu_->compileDeferredFunction(file, name, SourceRange()))) return d;
  if ((d.enumType = cu_->findEnum(qualifiedName))) return d;
  if (inProgress)
    throw Error(absl::StrCat("'", qualifiedName, "' is used before ", fileNames_.at(file),
                             " finished compiling (the archive's files depend on each other in a cycle)"));
  return std::nullopt;
}

void SourceImporter::compileAll() {
  absl::Status st = cu_->compileDeferred();
  if (!st.ok()) throw Error(std::string(st.message()), st.code());
}

ClassTypePtr SourceImporter::importClass(const std::string& qualifiedName) {
  auto d = lookup(qualifiedName);
  if (!d || !d->cls) {
    std::string file = fileOf(qualifiedName);
    throw Error(file.empty() ? absl::StrCat("class '", qualifiedName, "' is not defined: the archive has no code file for it")
                             : absl::StrCat("class '", qualifiedName, "' is not defined in ", fileNames_.at(file)));
  }
  return d->cls;
}

TypePtr SourceImporter::importType(const std::string& qualifiedName) {
  auto d = lookup(qualifiedName);
  if (!d) return nullptr;
  if (d->cls) return d->cls;
  if (d->namedTuple) return d->namedTuple->type;
  if (d->enumType) return std::const_pointer_cast<EnumType>(d->enumType);
  if (d->iface) return std::const_pointer_cast<InterfaceType>(d->iface);
  return nullptr;
}

}  // namespace jitserve::archive
