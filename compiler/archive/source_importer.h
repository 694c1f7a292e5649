// SourceImporter: the code/ folder of a TorchScript archive, compiled on
// demand into one CompilationUnit.
//
// torch.jit.save writes one Python-syntax file per Python module that defined
// something the saved module uses: code/__torch__/torch/nn/modules/conv.py
// defines the classes and functions qualified
// "__torch__.torch.nn.modules.conv.<Name>". A qualified name is found through
// the longest prefix that names a file; that file is compiled (define() with
// its qualifier, archiveSource set) the first time any of its names is
// needed: by the unpickler (the class of an object in data.pkl), by a type
// annotation, or by a call in another file. Inside these files a free name
// means, besides Python's builtins (import_resolver.h):
//   torch.X            the operator aten::X (PyTorch prints aten ops so)
//   ops.NS.X           the operator NS::X
//   CONSTANTS.cN       the archive's Nth constant (constants.pkl)
//   __torch__.a.b.C    a class, NamedTuple or function of file a/b.py
//   uninitialized(T), unchecked_cast(T, x)   the printer's primitives
//
// Errors (a file that does not compile, a name no file defines, a cycle
// between files) throw jitserve::Error whose message names the archive file
// and, for compile errors, the line.
//
// Not thread-safe: used by one import at a time.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"

namespace jitserve {

class GraphFunction;

namespace archive {

class SourceImporter {
 public:
  // files: qualifier ("__torch__.torch.nn.functional") -> source text;
  // fileNames: qualifier -> the record's name, for messages.
  // version: the archive's file format version; below 5 the importer adds
  // the upgraders (upgraders.h) as one more file.
  SourceImporter(std::shared_ptr<frontend::CompilationUnit> cu, std::map<std::string, std::string> files,
                 std::map<std::string, std::string> fileNames, std::vector<IValue> constants,
                 int version = kLatestVersion);

  static constexpr int kLatestVersion = 10;
  int version() const { return version_; }
  // An upgrader function by name ("div_Tensor_0_3"); throws if missing.
  GraphFunction* upgrader(const std::string& name);

  // A class of the archive; throws when no file defines it.
  ClassTypePtr importClass(const std::string& qualifiedName);
  // A class, NamedTuple or Enum type, or nullptr when no file defines one
  // of that name. Throws when the defining file does not compile.
  TypePtr importType(const std::string& qualifiedName);

  // What a qualified name denotes, compiling its file if needed.
  struct Definition {
    ClassTypePtr cls;
    GraphFunction* function = nullptr;
    const frontend::NamedTupleDef* namedTuple = nullptr;
    std::shared_ptr<const EnumType> enumType;
    std::shared_ptr<const InterfaceType> iface;
  };
  // nullopt when no file defines the name.
  std::optional<Definition> lookup(const std::string& qualifiedName);
  // Whether some file's qualifier equals or extends `prefix`
  // ("__torch__.torch" for "__torch__.torch.nn.functional").
  bool isNamespace(const std::string& prefix) const;

  // Compiles the bodies of every file imported so far (files are declared
  // first, compiled together: they refer to each other).
  void compileAll();

  const std::vector<IValue>& constants() const { return constants_; }
  frontend::CompilationUnit& unit() { return *cu_; }

 private:
  // The file defining `qualifiedName` (its qualifier), or "" if none.
  std::string fileOf(const std::string& qualifiedName) const;
  void importFile(const std::string& qualifier);

  std::shared_ptr<frontend::CompilationUnit> cu_;
  std::map<std::string, std::string> files_;
  std::map<std::string, std::string> fileNames_;
  std::vector<IValue> constants_;
  int version_;
  std::set<std::string> imported_;
  std::vector<std::string> importing_;  // files being compiled, outermost first
};

}  // namespace archive
}  // namespace jitserve
