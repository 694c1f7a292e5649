#include "compiler/passes/opt_input.h"

#include <chrono>

#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ir_printer.h"
#include "runtime/ir/verifier.h"
#include "compiler/passes/inliner.h"
#include "compiler/passes/pass_registry.h"

namespace jitserve {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::vector<std::string> splitPassList(std::string_view list) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    if (end == std::string_view::npos) end = list.size();
    std::string_view p = trim(list.substr(start, end - start));
    if (!p.empty()) out.emplace_back(p);
    start = end + 1;
  }
  return out;
}

absl::StatusOr<OptInput> parseOptInput(std::string_view text) {
  OptInput result;
  struct Section {
    std::string name;  // empty for the main graph
    std::string text;
  };
  std::vector<Section> sections(1);
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    std::string_view t = trim(line);
    if (!t.empty() && t.front() == '#') {
      std::string_view body = trim(t.substr(1));
      if (body.starts_with("PASSES:")) {
        for (std::string& p : splitPassList(body.substr(7))) result.passes.push_back(std::move(p));
      } else if (body.starts_with("FUNCTION ")) {
        sections.push_back(Section{std::string(trim(body.substr(9))), ""});
      }
      // Keep line numbers of parse errors meaningful.
      sections.back().text += "\n";
      continue;
    }
    sections.back().text += std::string(line) + "\n";
  }
  for (Section& s : sections) {
    auto g = parseIR(s.text);
    if (!g.ok()) {
      return absl::InvalidArgumentError((s.name.empty() ? std::string("main graph: ") : "function " + s.name + ": ") +
                                        std::string(g.status().message()));
    }
    if (s.name.empty()) {
      result.graph = std::move(*g);
    } else {
      result.functions.emplace_back(s.name, std::shared_ptr<Graph>(std::move(*g)));
    }
  }
  return result;
}

absl::StatusOr<std::string> runOptInput(OptInput& input, const std::vector<std::string>& passes,
                                        std::vector<std::pair<std::string, double>>* timings) {
  InlineLookupScope scope([&](std::string_view name) -> const Graph* {
    for (const auto& [n, g] : input.functions)
      if (n == name) return g.get();
    return nullptr;
  });
  if (timings == nullptr) {
    absl::StatusOr<bool> r = runPasses(*input.graph, passes);
    if (!r.ok()) return r.status();
  } else {
    RunPassesOptions noVerify;
    noVerify.verify = false;
    for (const std::string& p : passes) {
      const auto start = std::chrono::steady_clock::now();
      absl::StatusOr<bool> r = runPasses(*input.graph, std::span<const std::string>(&p, 1), noVerify);
      const auto end = std::chrono::steady_clock::now();
      if (!r.ok()) return r.status();
      timings->emplace_back(p, std::chrono::duration<double, std::milli>(end - start).count());
      if (absl::Status s = verifyGraph(*input.graph); !s.ok())
        return absl::InternalError("graph broken after pass " + p + ": " + std::string(s.message()));
    }
  }
  return graphToString(*input.graph, IRPrintOptions{.sourceLocations = false});
}

}  // namespace jitserve
