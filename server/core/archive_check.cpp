#include "server/core/archive_check.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "compiler/archive/archive_import.h"
#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/lexer.h"
#include "compiler/executor/serving_executor.h"
#include "compiler/passes/device_placement.h"
#include "compiler/passes/op_properties.h"
#include "compiler/serialization/zip_reader.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/ir/ir.h"
#include "runtime/ir/source_range.h"

namespace jitserve::server {

namespace {

using frontend::Token;

// What the printed code names, read token by token. Printed code spells
// every operator as torch.NAME (aten::NAME) or ops.NS.NAME (NS::NAME), the
// way the archive importer resolves them (compiler/archive/import_resolver).
struct CodeScan {
  std::set<std::string> operators;
  std::set<std::string> classes;
  std::set<std::string> constructs;
  std::vector<std::string> unreadable;  // files the lexer rejects
};

bool isIdent(const Token& t, std::string_view text) { return t.kind == frontend::TK_IDENT && t.text == text; }
bool isChar(const Token& t, char c) { return t.kind == static_cast<unsigned char>(c); }

void scanFile(const std::string& qualifier, const std::string& path, std::string text, CodeScan& scan) {
  // Tokens view the source's text: it lives as long as they do.
  auto source = std::make_shared<Source>(std::move(text), path);
  std::vector<Token> toks;
  try {
    frontend::Lexer lexer(source);
    while (lexer.cur().kind != frontend::TK_EOF) toks.push_back(lexer.next());
  } catch (const std::exception& e) {
    scan.unreadable.push_back(absl::StrCat(path, ": ", e.what()));
    return;
  }
  auto at = [&](size_t i) -> const Token& {
    static const Token eof;
    return i < toks.size() ? toks[i] : eof;
  };
  for (size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    const bool attribute = i > 0 && isChar(at(i - 1), '.');
    switch (t.kind) {
      case frontend::TK_FOR:
      case frontend::TK_WHILE: scan.constructs.insert("loops"); continue;
      case frontend::TK_WITH: scan.constructs.insert("with statements"); continue;
      case frontend::TK_CLASS:
        if (at(i + 1).kind == frontend::TK_IDENT) {
          scan.classes.insert(absl::StrCat(qualifier, ".", std::string(at(i + 1).text)));
          if (isChar(at(i + 2), '(') && at(i + 3).kind == frontend::TK_IDENT) {
            const std::string base(at(i + 3).text);
            if (base == "Interface" || base == "ModuleInterface") scan.constructs.insert("interfaces");
            if (base == "Enum") scan.constructs.insert("enums");
            if (base == "NamedTuple") scan.constructs.insert("NamedTuples");
          }
        }
        continue;
      default: break;
    }
    if (t.kind != frontend::TK_IDENT || attribute) continue;
    if (t.text == "torch" && isChar(at(i + 1), '.') && at(i + 2).kind == frontend::TK_IDENT) {
      const std::string name(at(i + 2).text);
      if (name == "wait") {
        scan.constructs.insert("fork/wait");
      } else {
        scan.operators.insert(absl::StrCat("aten::", name));
      }
    } else if (t.text == "ops" && isChar(at(i + 1), '.') && at(i + 2).kind == frontend::TK_IDENT &&
               isChar(at(i + 3), '.') && at(i + 4).kind == frontend::TK_IDENT) {
      const std::string ns(at(i + 2).text), name(at(i + 4).text);
      if (ns == "prim" && name == "RaiseException") {
        scan.constructs.insert("exceptions (raise)");
      } else {
        scan.operators.insert(absl::StrCat(ns, "::", name));
      }
    } else if (t.text == "fork" && isChar(at(i + 1), '(')) {
      scan.constructs.insert("fork/wait");
    } else if (t.text == "__torch__" && isChar(at(i + 1), '.') && isIdent(at(i + 2), "torch") &&
               isChar(at(i + 3), '.') && isIdent(at(i + 4), "classes")) {
      scan.constructs.insert("custom C++ classes (torch.classes)");
    }
  }
}

// code/__torch__/torch/nn/functional.py -> "__torch__.torch.nn.functional".
std::string qualifierOf(const std::string& rel) {
  absl::string_view p = rel;
  absl::ConsumePrefix(&p, "code/");
  absl::ConsumeSuffix(&p, ".py");
  return absl::StrReplaceAll(p, {{"/", "."}});
}

// Every operator node of the unit's compiled graphs (functions and class
// methods), by name: the overloads the compiler chose.
std::map<std::string, std::set<std::string>> compiledOverloads(const Model& model) {
  std::map<std::string, std::set<std::string>> out;
  std::function<void(const Block&)> walk = [&](const Block& b) {
    for (const Node* n : b.nodes()) {
      if (const Operator* op = findOperatorFor(n)) {
        const FunctionSchema& s = op->schema();
        out[s.name].insert(s.overload.empty() ? s.name : absl::StrCat(s.name, ".", s.overload));
      }
      for (const Block* sub : n->blocks()) walk(*sub);
    }
  };
  auto walkFunction = [&](const Function* f) {
    if (const auto* g = dynamic_cast<const GraphFunction*>(f)) walk(*g->graph().block());
  };
  const frontend::CompilationUnit& unit = model.unit();
  for (const GraphFunction* f : unit.functions()) walkFunction(f);
  for (const ClassTypePtr& c : unit.classes())
    for (const Function* f : c->methods()) walkFunction(f);
  for (const Model::Method& m : model.methods()) walkFunction(m.function);
  return out;
}

// The operators that would run on CUDA without a kernel there, as the load
// onto a GPU would plan the model's methods (frozen, the serving pipeline,
// weights on the device): checked statically, so it holds on machines
// without a GPU too.
std::set<std::string> unservedOnCuda(const Model& model) {
  std::set<std::string> out;
  for (const Model::Method& m : model.methods()) {
    ServingExecutorConfig config;
    config.functionResolver = [](std::string_view) -> Function* { return nullptr; };
    GraphExecutorOptions exec = servingExecutorOptions(config);
    std::shared_ptr<Graph> g(m.function->graph().copy());
    try {
      exec.pipeline(*g);
    } catch (const std::exception&) {
      continue;  // the plan a request would build fails the same way on the CPU
    }
    DevicePlacementOptions placement;
    placement.device = Device(DeviceType::CUDA, 0);
    placement.tensorConstantsOnDevice = true;
    for (const UnservedOperator& u : FindUnservedOperators(*g, placement)) out.insert(u.op->schema().name);
  }
  return out;
}

bool takesTensors(const Operator& op) {
  for (const Argument& a : op.schema().arguments)
    if (a.type->kind() == TypeKind::TensorType || a.type->str().find("Tensor") != std::string::npos) return true;
  return false;
}

std::string producerOf(const std::vector<std::string>& records) {
  // The byteorder record came with PyTorch 2.1 (April 2023); PyTorch 1.x
  // and 2.0 wrote none.
  if (std::find(records.begin(), records.end(), "byteorder") != records.end())
    return "PyTorch 2.1 or later (it has a byteorder record)";
  return "PyTorch 1.x or 2.0 (no byteorder record)";
}

}  // namespace

ArchiveReport checkArchive(std::string bytes, const ArchiveCheckOptions& options) {
  ArchiveReport report;
  report.device = options.model.device.str();
  const OperatorRegistry& registry = currentOperatorRegistry();
  for (const Operator* op : registry.lookup("aten::add"))
    report.cudaBuild = report.cudaBuild || op->dispatchesByDevice();

  absl::StatusOr<std::unique_ptr<ZipArchiveReader>> zip = ZipArchiveReader::openBytes(bytes, "model.pt");
  CodeScan scan;
  if (zip.ok()) {
    ZipArchiveReader& archive = **zip;
    for (const char* r : {"version", ".data/version", "byteorder", ".data/serialization_id", "extra/producer_info.json"})
      if (archive.hasRecord(r)) report.records.push_back(r);
    for (const char* r : {"version", ".data/version"}) {
      if (!archive.hasRecord(r)) continue;
      absl::StatusOr<std::string> v = archive.readRecordAsString(r);
      int n = 0;
      if (v.ok() && absl::SimpleAtoi(absl::StripAsciiWhitespace(*v), &n)) report.fileFormatVersion = n;
      break;
    }
    report.producer = producerOf(report.records);
    for (const std::string& rel : archive.recordsUnder("code/")) {
      if (!absl::EndsWith(rel, ".py")) continue;
      absl::StatusOr<std::string> text = archive.readRecordAsString(rel);
      if (!text.ok()) continue;  // the load reports it
      scanFile(qualifierOf(rel), rel, std::move(*text), scan);
    }
  }
  report.classes.assign(scan.classes.begin(), scan.classes.end());
  report.constructs.assign(scan.constructs.begin(), scan.constructs.end());

  ModelOptions modelOptions = options.model;
  modelOptions.warmup.clear();  // nothing runs
  ArchiveImportInfo info;
  absl::StatusOr<std::shared_ptr<Model>> model =
      Model::fromArchive("check", "1", std::move(bytes), options.entry, modelOptions, &info);
  report.savedDevices = info.storageLocations;
  report.willRun = model.ok();
  if (!model.ok()) report.loadError = std::string(model.status().message());

  std::map<std::string, std::set<std::string>> compiled;
  std::set<std::string> cudaUnserved;
  if (model.ok()) {
    compiled = compiledOverloads(**model);
    if (report.cudaBuild) cudaUnserved = unservedOnCuda(**model);
  }
  std::set<std::string> names = scan.operators;
  for (const auto& [name, overloads] : compiled) names.insert(name);
  for (const std::string& name : names) {
    OperatorUse use;
    use.name = name;
    auto it = compiled.find(name);
    if (it != compiled.end()) use.overloads.assign(it->second.begin(), it->second.end());
    std::vector<const Operator*> ops = registry.lookup(name);
    use.registered = !ops.empty();
    // The overloads the compiler chose decide; otherwise any of the name.
    // CPU: the overloads the compiler chose, else any of the name. CUDA: the
    // placement of the compiled plans (an operator on host values needs no
    // device kernel), else any overload that runs there or takes no tensor.
    bool anyCpu = false, anyCuda = false, allCpu = true;
    for (const Operator* op : ops) {
      const FunctionSchema& s = op->schema();
      const std::string full = s.overload.empty() ? s.name : absl::StrCat(s.name, ".", s.overload);
      const bool cpu = op->hasKernelFor(DeviceType::CPU);
      anyCpu = anyCpu || cpu;
      anyCuda = anyCuda || op->hasKernelFor(DeviceType::CUDA) || !takesTensors(*op);
      if (std::find(use.overloads.begin(), use.overloads.end(), full) != use.overloads.end()) allCpu = allCpu && cpu;
    }
    use.cpu = use.overloads.empty() ? anyCpu : allCpu;
    use.cuda = use.overloads.empty() ? anyCuda : report.cudaBuild && !cudaUnserved.count(name);
    // A name the compiler resolved without an operator of that name (none
    // today) is not a gap.
    if (!use.registered && model.ok() && it == compiled.end()) continue;
    if (!use.registered) report.missing.push_back(absl::StrCat("operator ", name, ": not implemented here"));
    report.operators.push_back(std::move(use));
  }
  for (const std::string& u : scan.unreadable) report.missing.push_back(absl::StrCat("code that does not lex: ", u));
  if (scan.constructs.count("custom C++ classes (torch.classes)"))
    report.missing.push_back("custom C++ classes (torch.classes.*): registered by C++ extensions, not available here");
  if (!report.willRun) {
    // The load's own error names what stopped it; keep it unless a line
    // above already names the same thing.
    bool named = false;
    for (const std::string& m : report.missing) {
      const absl::string_view what = absl::StripPrefix(m, "operator ");
      const absl::string_view op = what.substr(0, what.find(':'));
      named = named || absl::StrContains(report.loadError, op);
    }
    if (!named) report.missing.push_back(report.loadError);
  }
  for (const std::string& d : report.savedDevices) {
    if (d != "cpu")
      report.notes.push_back(absl::StrCat("saved with tensors on ", d, ": they load onto ", report.device,
                                          " (the model's device), as map_location does"));
  }
  return report;
}

std::string formatArchiveReport(const ArchiveReport& r) {
  std::string out = absl::StrCat(r.willRun ? "will run" : "will NOT run", " on ", r.device, "\n");
  if (!r.willRun) absl::StrAppend(&out, "  load error: ", r.loadError, "\n");
  if (r.fileFormatVersion)
    absl::StrAppend(&out, "  written by: ", r.producer, "; file format version ", r.fileFormatVersion, "\n");
  if (!r.records.empty()) absl::StrAppend(&out, "  records: ", absl::StrJoin(r.records, ", "), "\n");
  if (!r.savedDevices.empty()) absl::StrAppend(&out, "  tensors saved on: ", absl::StrJoin(r.savedDevices, ", "), "\n");
  if (!r.constructs.empty()) absl::StrAppend(&out, "  constructs: ", absl::StrJoin(r.constructs, ", "), "\n");
  if (!r.classes.empty()) absl::StrAppend(&out, "  classes (", r.classes.size(), "):\n");
  for (const std::string& c : r.classes) absl::StrAppend(&out, "    ", c, "\n");
  size_t width = 8;
  for (const OperatorUse& u : r.operators) width = std::max(width, u.name.size());
  const std::string head = absl::StrCat("  operators (", r.operators.size(), "):");
  const size_t column = 4 + width + 2;  // where the yes/no columns start
  if (!r.operators.empty())
    absl::StrAppend(&out, head, std::string(column > head.size() ? column - head.size() : 1, ' '), "cpu",
                    r.cudaBuild ? "  cuda" : "", "\n");
  for (const OperatorUse& u : r.operators) {
    absl::StrAppend(&out, "    ", u.name, std::string(width - u.name.size() + 2, ' '), u.cpu ? "yes" : " no",
                    r.cudaBuild ? (u.cuda ? "   yes" : "    no") : "", u.registered ? "" : "  (not implemented)",
                    "\n");
  }
  if (!r.missing.empty()) {
    absl::StrAppend(&out, "  missing:\n");
    for (const std::string& m : r.missing) absl::StrAppend(&out, "    ", m, "\n");
  }
  for (const std::string& n : r.notes) absl::StrAppend(&out, "  note: ", n, "\n");
  return out;
}

}  // namespace jitserve::server
