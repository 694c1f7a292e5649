#include "runtime/ir/ir_printer.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace jitserve {

std::string formatIRFloat(double d) {
  int c = std::fpclassify(d);
  if ((c == FP_NORMAL || c == FP_ZERO) && std::abs(d) < 1e10) {
    auto i = static_cast<int64_t>(d);
    if (static_cast<double>(i) == d) {
      // -0.0 keeps its sign so it reads back as -0.
      if (i == 0 && std::signbit(d)) return "-0.";
      return std::to_string(i) + ".";
    }
  }
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

std::string quoteString(std::string_view s) {
  std::string out = "\"";
  for (char ch : s) {
    switch (ch) {
      case '\\': out += "\\\\"; break;
      case '\'': out += "\\'"; break;
      case '"': out += "\\\""; break;
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\v': out += "\\v"; break;
      default: {
        auto u = static_cast<unsigned char>(ch);
        if (u >= 0x20 && u < 0x7f) {
          out += ch;
        } else {
          char buf[5];
          std::snprintf(buf, sizeof buf, "\\%03o", u);
          out += buf;
        }
      }
    }
  }
  return out + "\"";
}

namespace {

class Printer {
 public:
  Printer(std::ostream& out, const IRPrintOptions& opts) : out_(out), opts_(opts) {}

  void graph(const Graph& g) {
    out_ << "graph(";
    valuesWithTypes(g.inputs(), ",\n      ");
    out_ << "):\n";
    for (const Node* n : g.nodes()) node(*n, 1);
    out_ << "  return (";
    valueRefs(g.outputs());
    out_ << ")\n";
    // Subgraphs are printed after the graph, each as a full graph of its own.
    for (size_t i = 0; i < groups_.size(); ++i) {
      out_ << "with " << groups_[i]->kind().toQualString() << "_" << i << " = ";
      Printer sub(out_, opts_);
      sub.graph(*groups_[i]->g(attr::Subgraph));
    }
  }

  void node(const Node& n, size_t level) {
    indent(level);
    valuesWithTypes(n.outputs(), ", ");
    out_ << " = ";
    auto sub = n.attributeKind(attr::Subgraph);
    if (sub && *sub == AttributeKind::g) {
      out_ << n.kind().toQualString() << "_" << groups_.size();
      if (n.attributes().size() > 1 && n.kind() != prim::DifferentiableGraph) attributes(n, true);
      groups_.push_back(&n);
    } else {
      out_ << n.kind().toQualString();
      if (n.hasAttributes()) attributes(n, false);
    }
    out_ << "(";
    valueRefs(n.inputs());
    out_ << ")";
    if (opts_.sourceLocations) {
      std::string loc = n.sourceRange().locationString();
      if (!loc.empty()) out_ << " # " << loc;
    }
    out_ << "\n";
    for (size_t i = 0; i < n.blocks().size(); ++i) {
      const Block* b = n.blocks()[i];
      indent(level + 1);
      out_ << "block" << i << "(";
      valuesWithTypes(b->inputs(), ", ");
      out_ << "):\n";
      for (const Node* inner : b->nodes()) node(*inner, level + 2);
      indent(level + 2);
      out_ << "-> (";
      valueRefs(b->outputs());
      out_ << ")\n";
    }
  }

 private:
  void indent(size_t level) {
    for (size_t i = 0; i < level; ++i) out_ << "  ";
  }
  void valuesWithTypes(const std::vector<Value*>& vs, const char* sep) {
    for (size_t i = 0; i < vs.size(); ++i) {
      if (i > 0) out_ << sep;
      out_ << "%" << vs[i]->debugName() << " : " << irTypeStr(*vs[i]->type());
    }
  }
  void valueRefs(const std::vector<Value*>& vs) {
    for (size_t i = 0; i < vs.size(); ++i) {
      if (i > 0) out_ << ", ";
      out_ << "%" << vs[i]->debugName();
    }
  }
  template <typename T, typename F>
  void list(const std::vector<T>& items, F each) {
    out_ << "[";
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out_ << ", ";
      each(items[i]);
    }
    out_ << "]";
  }
  void attributes(const Node& n, bool skipSubgraph) {
    out_ << "[";
    bool first = true;
    for (const Attribute& a : n.attributes()) {
      if (skipSubgraph && a.name == attr::Subgraph) continue;
      if (!first) out_ << ", ";
      first = false;
      out_ << a.name.toUnqualString() << "=";
      attributeValue(a);
    }
    out_ << "]";
  }
  void attributeValue(const Attribute& a) {
    switch (a.kind) {
      case AttributeKind::f:
        out_ << formatIRFloat(std::get<double>(a.value));
        break;
      case AttributeKind::fs:
        list(std::get<std::vector<double>>(a.value), [&](double d) { out_ << formatIRFloat(d); });
        break;
      case AttributeKind::i:
        out_ << std::get<int64_t>(a.value);
        break;
      case AttributeKind::is:
        list(std::get<std::vector<int64_t>>(a.value), [&](int64_t v) { out_ << v; });
        break;
      case AttributeKind::s:
        out_ << quoteString(std::get<std::string>(a.value));
        break;
      case AttributeKind::ss:
        list(std::get<std::vector<std::string>>(a.value), [&](const std::string& s) { out_ << quoteString(s); });
        break;
      case AttributeKind::t:
      case AttributeKind::ival:
        out_ << std::get<OpaqueConstantPtr>(a.value)->repr();
        break;
      case AttributeKind::g:
        out_ << "<Graph>";
        break;
      case AttributeKind::gs:
        out_ << "[<Graphs>]";
        break;
      case AttributeKind::ty:
        out_ << irTypeStr(*std::get<TypePtr>(a.value));
        break;
      case AttributeKind::tys:
        list(std::get<std::vector<TypePtr>>(a.value), [&](const TypePtr& t) { out_ << irTypeStr(*t); });
        break;
    }
  }

  std::ostream& out_;
  const IRPrintOptions& opts_;
  std::vector<const Node*> groups_;
};

}  // namespace

void printGraph(std::ostream& out, const Graph& g, const IRPrintOptions& options) {
  Printer(out, options).graph(g);
}

std::string graphToString(const Graph& g, const IRPrintOptions& options) {
  std::ostringstream os;
  printGraph(os, g, options);
  return os.str();
}

std::string nodeToString(const Node& n, size_t level, const IRPrintOptions& options) {
  std::ostringstream os;
  Printer(os, options).node(n, level);
  return os.str();
}

std::string Graph::toString(bool printSourceLocations) const {
  return graphToString(*this, IRPrintOptions{printSourceLocations});
}

}  // namespace jitserve
