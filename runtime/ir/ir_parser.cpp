// A recursive-descent parser for printed graphs. Structure is recognized by
// tokens, not indentation: a node starts with '%' or '=', a block with
// "blockN(", a block ends with "->", a graph with "return".
#include "runtime/ir/ir_parser.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <unordered_map>

#include "runtime/support/error.h"

namespace jitserve {

namespace {

struct ParseError {
  size_t offset;
  std::string message;
};

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool isIntLiteral(std::string_view s) {
  size_t i = (!s.empty() && s[0] == '-') ? 1 : 0;
  if (i >= s.size()) return false;
  for (; i < s.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

bool isFloatLiteral(std::string_view s) {
  if (s == "inf" || s == "-inf" || s == "nan" || s == "-nan") return true;
  size_t i = (!s.empty() && s[0] == '-') ? 1 : 0;
  size_t digits = 0;
  bool dot = false, exp = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      ++digits;
    } else if (c == '.' && !dot && !exp) {
      dot = true;
    } else if ((c == 'e' || c == 'E') && !exp && digits > 0) {
      exp = true;
      if (i + 1 < s.size() && (s[i + 1] == '+' || s[i + 1] == '-')) ++i;
      if (i + 1 >= s.size()) return false;
    } else {
      return false;
    }
  }
  return digits > 0 && (dot || exp);
}

class IRParser {
 public:
  IRParser(std::string_view text, const IRParseOptions& opts) : text_(text), opts_(opts) {
    resolver_ = [this](std::string_view name) { return resolve(name); };
  }

  void parseTop(Graph& g) {
    reserveNumericIds(g);
    parseGraph(g, /*isTop=*/true);
    skipWs();
    if (pos_ < text_.size()) fail(pos_, "unexpected text after the graph: '" + excerpt(pos_) + "'");
  }

  [[noreturn]] void fail(size_t at, std::string msg) { throw ParseError{at, std::move(msg)}; }

 private:
  // Where a node printed as "prim::fork_0" waits for its "with" subgraph.
  struct GroupCandidate {
    Node* node;
    std::string printedKind;  // "prim::fork_0"
    std::string baseKind;     // "prim::fork"
  };

  // Lexing --------------------------------------------------------------------------
  void skipWs() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\r'))
      ++pos_;
  }
  void skipSpaces() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  char peek() {
    skipWs();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  bool startsWith(std::string_view word) {
    skipWs();
    return text_.substr(pos_, word.size()) == word;
  }
  bool consumeWord(std::string_view word) {
    if (!startsWith(word)) return false;
    size_t after = pos_ + word.size();
    if (isIdentChar(word.back()) && after < text_.size() && isIdentChar(text_[after])) return false;
    pos_ = after;
    return true;
  }
  std::string excerpt(size_t at) const {
    size_t e = at;
    while (e < text_.size() && text_[e] != '\n' && e - at < 20) ++e;
    return std::string(text_.substr(at, e - at));
  }
  std::string found() {
    skipWs();
    if (pos_ >= text_.size()) return "end of input";
    return "'" + excerpt(pos_) + "'";
  }
  void expect(char c, const std::string& context) {
    if (peek() != c) fail(pos_, std::string("expected '") + c + "' " + context + " but found " + found());
    ++pos_;
  }
  void expectWord(std::string_view w, const std::string& context) {
    if (!consumeWord(w)) fail(pos_, "expected '" + std::string(w) + "' " + context + " but found " + found());
  }
  std::string_view valueName() {
    skipWs();
    size_t at = pos_;
    if (peek() != '%') fail(pos_, "expected a value (%name) but found " + found());
    ++pos_;
    size_t start = pos_;
    while (pos_ < text_.size() && isNameChar(text_[pos_])) ++pos_;
    if (pos_ == start) fail(at, "expected a value name after '%'");
    return text_.substr(start, pos_ - start);
  }
  std::string_view qualifiedKind() {
    skipWs();
    size_t start = pos_;
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
    if (pos_ == start || text_.substr(pos_, 2) != "::")
      fail(start, "expected a node kind (namespace::name) but found " + found());
    pos_ += 2;
    size_t nameStart = pos_;
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
    if (pos_ == nameStart) fail(start, "node kind '" + std::string(text_.substr(start, pos_ - start)) +
                                           "' has no name after '::'");
    return text_.substr(start, pos_ - start);
  }

  // Types -----------------------------------------------------------------------------
  TypePtr resolve(std::string_view name) {
    if (opts_.resolver && *opts_.resolver) {
      if (TypePtr t = (*opts_.resolver)(name)) return t;
    }
    auto it = classes_.find(std::string(name));
    if (it != classes_.end()) return it->second;
    TypePtr t;
    bool isEnum = name.starts_with("Enum<") && name.ends_with(">");
    // TorchScript classes are always qualified (__torch__.Foo); a bare unknown
    // word is a misspelled type, not a class.
    if (!isEnum && name.find('.') == std::string_view::npos) return nullptr;
    if (isEnum) {
      // The member names and value type are not in the printed graph.
      t = std::make_shared<EnumType>(std::string(name.substr(5, name.size() - 6)), AnyType::get(),
                                     std::vector<std::string>{});
    } else {
      auto cls = ClassType::create(std::string(name));
      cls->setOpen(true);
      t = cls;
    }
    classes_.emplace(std::string(name), t);
    return t;
  }

  TypePtr parseTypeHere() {
    skipWs();
    TypeParseOptions to;
    to.resolver = &resolver_;
    size_t errAt = 0;
    auto r = parseTypePrefixAt(text_, pos_, to, &errAt);
    if (!r.ok()) fail(errAt, "bad type: " + std::string(r.status().message()));
    pos_ = r->end;
    return r->type;
  }

  // Values -------------------------------------------------------------------------------
  void reserveNumericIds(Graph& g) {
    // Values printed as %N keep N, so no fresh id may collide with one.
    size_t maxId = 0;
    bool any = false;
    for (size_t i = 0; i + 1 < text_.size(); ++i) {
      if (text_[i] != '%' || !std::isdigit(static_cast<unsigned char>(text_[i + 1]))) continue;
      size_t j = i + 1;
      while (j < text_.size() && isNameChar(text_[j])) ++j;
      std::string_view name = text_.substr(i + 1, j - i - 1);
      if (name.size() > 18 || !isIntLiteral(name)) continue;
      maxId = std::max<size_t>(maxId, std::stoull(std::string(name)));
      any = true;
    }
    if (any) g.reserveUniqueIds(maxId + 1);
  }

  void define(Value* v, std::string_view name, size_t at) {
    auto& scope = *scope_;
    if (scope.count(std::string(name)))
      fail(at, "value %" + std::string(name) + " is defined more than once");
    if (isIntLiteral(name)) {
      if (name.size() > 18) fail(at, "value id %" + std::string(name) + " is too large");
      v->setUniqueId(std::stoull(std::string(name)));
    } else {
      v->setDebugName(std::string(name));
    }
    scope.emplace(std::string(name), v);
  }

  Value* lookup(std::string_view name, size_t at) {
    auto it = scope_->find(std::string(name));
    if (it == scope_->end()) fail(at, "unknown value %" + std::string(name) + " (used before it is defined)");
    return it->second;
  }

  std::vector<Value*> valueRefList(const std::string& context) {
    std::vector<Value*> out;
    expect('(', context);
    if (peek() == ')') {
      ++pos_;
      return out;
    }
    while (true) {
      skipWs();
      size_t at = pos_;
      std::string_view name = valueName();
      out.push_back(lookup(name, at));
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      expect(')', "to close the value list");
      return out;
    }
  }

  // "%a : int, %b : Tensor" (inside parens), adding each as an input of `b`.
  void paramList(Block* b, const std::string& context) {
    expect('(', context);
    if (peek() == ')') {
      ++pos_;
      return;
    }
    while (true) {
      skipWs();
      size_t at = pos_;
      std::string_view name = valueName();
      expect(':', "after %" + std::string(name));
      TypePtr t = parseTypeHere();
      Value* v = b->addInput();
      v->setType(std::move(t));
      define(v, name, at);
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      expect(')', "to close the parameter list");
      return;
    }
  }

  // Graphs, nodes, blocks -------------------------------------------------------------------
  void parseGraph(Graph& g, bool isTop) {
    std::unordered_map<std::string, Value*> scope;
    auto* outerScope = scope_;
    scope_ = &scope;
    std::vector<GroupCandidate> groups;
    auto* outerGroups = groups_;
    groups_ = &groups;

    expectWord("graph", "at the start of a graph");
    paramList(g.block(), "after 'graph'");
    expect(':', "after the graph's parameters");
    while (true) {
      char c = peek();
      if (c == '%' || c == '=') {
        parseNode(g.block());
      } else if (consumeWord("return")) {
        for (Value* v : valueRefList("after 'return'")) g.registerOutput(v);
        break;
      } else {
        fail(pos_, "expected a node or 'return' but found " + found());
      }
    }
    // Subgraphs of this graph's group nodes follow, in order.
    size_t next = 0;
    while (next < groups.size() && startsWith("with")) {
      size_t save = pos_;
      consumeWord("with");
      skipWs();
      size_t at = pos_;
      std::string_view printed = qualifiedKind();
      if (printed != groups[next].printedKind) {
        if (isTop) fail(at, "'with " + std::string(printed) + "' does not match the next subgraph node " +
                                groups[next].printedKind);
        pos_ = save;  // belongs to an enclosing graph
        break;
      }
      expect('=', "after 'with " + std::string(printed) + "'");
      auto sub = std::make_shared<Graph>();
      reserveNumericIds(*sub);
      parseGraph(*sub, false);
      Node* n = groups[next].node;
      n->setKind(Symbol::fromQualString(groups[next].baseKind));
      n->g_(attr::Subgraph, std::move(sub));
      ++next;
    }
    if (isTop && startsWith("with")) fail(pos_, "'with' section without a matching subgraph node");
    scope_ = outerScope;
    groups_ = outerGroups;
  }

  void parseNode(Block* b) {
    struct Out {
      std::string_view name;
      TypePtr type;
      size_t at;
    };
    std::vector<Out> outs;
    if (peek() == '%') {
      while (true) {
        skipWs();
        size_t at = pos_;
        std::string_view name = valueName();
        expect(':', "after %" + std::string(name));
        outs.push_back(Out{name, parseTypeHere(), at});
        if (peek() == ',') {
          ++pos_;
          continue;
        }
        break;
      }
    }
    expect('=', "after the node's outputs");
    std::string_view kindText = qualifiedKind();
    Symbol kind = Symbol::fromQualString(kindText);
    Graph* g = b->owningGraph();
    Node* n = g->create(kind, outs.size());
    b->appendNode(n);
    for (size_t i = 0; i < outs.size(); ++i) n->outputs()[i]->setType(outs[i].type);
    if (peek() == '[') parseAttributes(n);
    // Inputs refer to values defined before this node; its outputs are defined after.
    for (Value* v : valueRefList("to open the node's inputs")) n->addInput(v);
    for (size_t i = 0; i < outs.size(); ++i) define(n->outputs()[i], outs[i].name, outs[i].at);
    parseLocationComment(n);
    noteGroupCandidate(n, kindText);
    while (startsWith("block")) parseBlock(n);
  }

  void noteGroupCandidate(Node* n, std::string_view kindText) {
    // "prim::fork_0": a node whose subgraph is printed after the graph.
    std::string expected = "_" + std::to_string(groups_->size());
    if (kindText.size() > expected.size() && kindText.ends_with(expected)) {
      std::string base(kindText.substr(0, kindText.size() - expected.size()));
      if (!base.ends_with("::")) groups_->push_back(GroupCandidate{n, std::string(kindText), base});
    }
  }

  void parseBlock(Node* n) {
    skipWs();
    size_t at = pos_;
    pos_ += 5;  // "block"
    size_t numStart = pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    std::string_view num = text_.substr(numStart, pos_ - numStart);
    if (num.empty() || num != std::to_string(n->blocks().size()))
      fail(at, "expected block" + std::to_string(n->blocks().size()) + " but found '" + excerpt(at) + "'");
    Block* b = n->addBlock();
    paramList(b, "after 'block" + std::string(num) + "'");
    expect(':', "after the block's parameters");
    while (true) {
      char c = peek();
      if (c == '%' || c == '=') {
        parseNode(b);
      } else if (startsWith("->")) {
        pos_ += 2;
        for (Value* v : valueRefList("after '->'")) b->registerOutput(v);
        return;
      } else {
        fail(pos_, "expected a node or '-> (...)' ending block" + std::string(num) + " but found " + found());
      }
    }
  }

  void parseLocationComment(Node* n) {
    skipSpaces();
    if (pos_ >= text_.size() || text_[pos_] != '#') return;
    size_t at = pos_;
    ++pos_;
    if (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
    std::string_view c = text_.substr(start, pos_ - start);
    // file:line:col, where the file may itself contain ':'.
    size_t c2 = c.rfind(':');
    size_t c1 = c2 == std::string_view::npos || c2 == 0 ? std::string_view::npos : c.rfind(':', c2 - 1);
    if (c1 == std::string_view::npos || !isIntLiteral(c.substr(c1 + 1, c2 - c1 - 1)) ||
        !isIntLiteral(c.substr(c2 + 1)) || c[c1 + 1] == '-' || c[c2 + 1] == '-')
      fail(at, "malformed source location comment '" + std::string(c) + "' (expected # file:line:col)");
    size_t line = std::stoull(std::string(c.substr(c1 + 1, c2 - c1 - 1)));
    size_t col = std::stoull(std::string(c.substr(c2 + 1)));
    n->setSourceRange(SourceRange::location(std::string(c.substr(0, c1)), line, col));
  }

  // Attributes ------------------------------------------------------------------------------
  // The raw text of one attribute value: up to the next ',' or ']' outside
  // brackets and string literals.
  std::string_view rawAttrValue() {
    skipWs();
    size_t start = pos_;
    std::vector<char> stack;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '"') {
        skipStringLiteral();
        continue;
      }
      if (c == '\n') fail(start, "attribute value is not closed before the end of the line");
      if (c == '(' || c == '[' || c == '{') {
        stack.push_back(c == '(' ? ')' : c == '[' ? ']' : '}');
      } else if (c == ')' || c == ']' || c == '}') {
        if (stack.empty()) {
          if (c == ']') break;
          fail(pos_, std::string("unbalanced '") + c + "' in attribute value");
        }
        if (stack.back() != c) fail(pos_, std::string("mismatched '") + c + "' in attribute value");
        stack.pop_back();
      } else if (c == ',' && stack.empty()) {
        break;
      }
      ++pos_;
    }
    if (pos_ >= text_.size()) fail(start, "attribute list is not closed with ']'");
    size_t end = pos_;
    while (end > start && text_[end - 1] == ' ') --end;
    if (end == start) fail(start, "empty attribute value");
    return text_.substr(start, end - start);
  }

  void skipStringLiteral() {
    size_t start = pos_;
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      if (text_[pos_] == '\n') break;
      if (text_[pos_] == '\\') ++pos_;
      ++pos_;
    }
    if (pos_ >= text_.size() || text_[pos_] != '"') fail(start, "unterminated string literal");
    ++pos_;
  }

  // Decodes a complete "..." literal; nullopt if s is not exactly one literal.
  std::optional<std::string> stringLiteral(std::string_view s, size_t at) {
    if (s.size() < 2 || s.front() != '"' || s.back() != '"') return std::nullopt;
    std::string out;
    for (size_t i = 1; i + 1 < s.size(); ++i) {
      char c = s[i];
      if (c == '"') return std::nullopt;  // two literals side by side
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i + 2 >= s.size()) fail(at + i, "dangling '\\' in string literal");
      char e = s[++i];
      switch (e) {
        case '\\': out += '\\'; break;
        case '\'': out += '\''; break;
        case '"': out += '"'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'v': out += '\v'; break;
        default:
          if (e >= '0' && e <= '7' && i + 2 < s.size() - 1) {
            int v = 0;
            for (int k = 0; k < 3; ++k) {
              char d = s[i + k];
              if (d < '0' || d > '7') fail(at + i, "bad octal escape in string literal");
              v = v * 8 + (d - '0');
            }
            if (v > 255) fail(at + i, "octal escape out of range in string literal");
            out += static_cast<char>(v);
            i += 2;
          } else {
            fail(at + i - 1, std::string("unknown escape '\\") + e + "' in string literal");
          }
      }
    }
    return out;
  }

  int64_t intLiteral(std::string_view s, size_t at) {
    int64_t v = 0;
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) fail(at, "integer '" + std::string(s) + "' is out of range");
    return v;
  }
  double floatLiteral(std::string_view s) {
    if (s == "inf") return HUGE_VAL;
    if (s == "-inf") return -HUGE_VAL;
    if (s == "nan") return std::nan("");
    if (s == "-nan") return -std::nan("");
    return std::strtod(std::string(s).c_str(), nullptr);
  }

  // Splits "[a, b, c]" at top-level commas.
  std::vector<std::pair<std::string_view, size_t>> listElements(std::string_view s, size_t at) {
    std::vector<std::pair<std::string_view, size_t>> out;
    std::string_view inner = s.substr(1, s.size() - 2);
    size_t i = 0, start = 0;
    int depth = 0;
    auto push = [&](size_t end) {
      std::string_view e = inner.substr(start, end - start);
      size_t lead = 0;
      while (lead < e.size() && e[lead] == ' ') ++lead;
      e.remove_prefix(lead);
      while (!e.empty() && e.back() == ' ') e.remove_suffix(1);
      out.emplace_back(e, at + 1 + start + lead);
    };
    for (; i < inner.size(); ++i) {
      char c = inner[i];
      if (c == '"') {
        ++i;
        while (i < inner.size() && inner[i] != '"') i += inner[i] == '\\' ? 2 : 1;
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        --depth;
      } else if (c == ',' && depth == 0) {
        push(i);
        start = i + 1;
      }
    }
    std::string_view rest = inner.substr(start);
    if (rest.find_first_not_of(' ') != std::string_view::npos || !out.empty()) push(inner.size());
    return out;
  }

  void parseAttributes(Node* n) {
    expect('[', "to open the attributes");
    while (true) {
      skipWs();
      size_t at = pos_;
      size_t start = pos_;
      while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
      if (pos_ == start) fail(at, "expected an attribute name but found " + found());
      Symbol name = Symbol::attr(text_.substr(start, pos_ - start));
      if (n->hasAttribute(name))
        fail(at, "attribute '" + std::string(name.toUnqualString()) + "' is given twice");
      expect('=', "after the attribute name");
      skipWs();
      size_t valueAt = pos_;
      std::string_view raw = rawAttrValue();
      setAttribute(n, name, raw, valueAt);
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      expect(']', "to close the attributes");
      return;
    }
  }

  void setAttribute(Node* n, Symbol name, std::string_view raw, size_t at) {
    TypePtr outType = n->outputs().size() == 1 ? n->outputs()[0]->type() : nullptr;
    bool floatOut = outType && outType->kind() == TypeKind::FloatType;
    bool tensorOut = outType && outType->kind() == TypeKind::TensorType;
    if (raw.front() == '"') {
      if (auto s = stringLiteral(raw, at)) {
        n->s_(name, std::move(*s));
        return;
      }
    }
    if (isIntLiteral(raw)) {
      // A float constant that happens to print without '.' (1e10 and up).
      if (floatOut && name == attr::value) n->f_(name, floatLiteral(raw));
      else n->i_(name, intLiteral(raw, at));
      return;
    }
    if (isFloatLiteral(raw)) {
      n->f_(name, floatLiteral(raw));
      return;
    }
    if (name == attr::profiled_type) {  // a type (prim::profile / prim::Guard), as PyTorch prints it
      TypeParseOptions to;
      to.resolver = &resolver_;
      size_t errAt = 0;
      auto r = parseTypePrefixAt(raw, 0, to, &errAt);
      if (!r.ok()) fail(at + errAt, "bad type in attribute profiled_type: " + std::string(r.status().message()));
      if (r->end != raw.size()) fail(at + r->end, "unexpected text after the type in attribute profiled_type");
      n->ty_(name, r->type);
      return;
    }
    if (raw.front() == '[' && raw.back() == ']') {
      auto elems = listElements(raw, at);
      if (name == attr::types) {
        std::vector<TypePtr> types;
        for (auto& [e, eAt] : elems) {
          TypeParseOptions to;
          to.resolver = &resolver_;
          size_t errAt = 0;
          auto r = parseTypePrefixAt(e, 0, to, &errAt);
          if (!r.ok()) fail(eAt + errAt, "bad type in attribute list: " + std::string(r.status().message()));
          if (r->end != e.size()) fail(eAt + r->end, "unexpected text after a type in attribute list");
          types.push_back(r->type);
        }
        n->tys_(name, std::move(types));
        return;
      }
      bool allInt = true, allNum = true, allStr = true;
      for (auto& [e, eAt] : elems) {
        bool isI = isIntLiteral(e), isF = isFloatLiteral(e);
        allInt = allInt && isI;
        allNum = allNum && (isI || isF);
        allStr = allStr && !e.empty() && e.front() == '"' && stringLiteral(e, eAt).has_value();
      }
      if (allInt) {
        std::vector<int64_t> v;
        for (auto& [e, eAt] : elems) v.push_back(intLiteral(e, eAt));
        n->is_(name, std::move(v));
        return;
      }
      if (allNum) {
        std::vector<double> v;
        for (auto& [e, eAt] : elems) v.push_back(floatLiteral(e));
        n->fs_(name, std::move(v));
        return;
      }
      if (allStr) {
        std::vector<std::string> v;
        for (auto& [e, eAt] : elems) v.push_back(*stringLiteral(e, eAt));
        n->ss_(name, std::move(v));
        return;
      }
    }
    // Tensors print as {1.5} (one element), <Tensor>, or their full repr.
    bool looksTensor = (raw.front() == '{' && raw.back() == '}') || raw == "<Tensor>" ||
                       raw.find("Type{") != std::string_view::npos;
    if (looksTensor || tensorOut) {
      n->t_(name, std::make_shared<LiteralConstant>(std::string(raw)));
      return;
    }
    // Anything else is an IValue literal: tuples, typed empty lists, enums.
    n->ival_(name, std::make_shared<LiteralConstant>(std::string(raw)));
  }

  std::string_view text_;
  size_t pos_ = 0;
  const IRParseOptions& opts_;
  TypeResolver resolver_;
  std::unordered_map<std::string, TypePtr> classes_;
  std::unordered_map<std::string, Value*>* scope_ = nullptr;
  std::vector<GroupCandidate>* groups_ = nullptr;
};

absl::Status errorStatus(std::string_view text, const ParseError& e) {
  size_t at = std::min(e.offset, text.size());
  size_t line = 1, lineStart = 0;
  for (size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  }
  size_t lineEnd = text.find('\n', lineStart);
  if (lineEnd == std::string_view::npos) lineEnd = text.size();
  size_t col = at - lineStart;
  std::string msg = "IR parse error at " + std::to_string(line) + ":" + std::to_string(col + 1) + ": " +
                    e.message + "\n  " + std::string(text.substr(lineStart, lineEnd - lineStart)) + "\n  " +
                    std::string(col, ' ') + "^";
  return absl::InvalidArgumentError(msg);
}

}  // namespace

absl::Status parseIR(std::string_view text, Graph& graph, const IRParseOptions& options) {
  if (!graph.inputs().empty() || !graph.outputs().empty() || !graph.nodes().empty())
    return absl::InvalidArgumentError("parseIR: the graph to fill is not empty");
  IRParser p(text, options);
  try {
    p.parseTop(graph);
  } catch (const ParseError& e) {
    return errorStatus(text, e);
  } catch (const InternalError& e) {
    return statusFromException(e);
  } catch (const Error& e) {
    // A user-level error from the IR API itself (e.g. a bad name).
    return absl::InvalidArgumentError(std::string("IR parse error: ") + e.what());
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<Graph>> parseIR(std::string_view text, const IRParseOptions& options) {
  auto g = std::make_unique<Graph>();
  absl::Status s = parseIR(text, *g, options);
  if (!s.ok()) return s;
  return g;
}

}  // namespace jitserve
