// The file filter of `gibo stats --where`: a recursive-descent parser into a small tree,
// evaluated per game. Field values come from GameFacts; see stats_filter.h for the syntax.
#include "gibo/report/stats_filter.h"

#include <cctype>
#include <charconv>
#include <functional>

#include "gibo/formats/gib.h"
#include "gibo/report/stats.h"

namespace gibo::stats {
namespace {

struct Value {
  bool null = false;
  bool numeric = false;
  double number = 0;
  std::string text;
};

Value number_value(double n) { return {false, true, n, {}}; }
Value text_value(std::string s) { return {false, false, 0, std::move(s)}; }
Value null_value(bool numeric) { return {true, numeric, 0, {}}; }

// The winner as the filter sees it: winner_name(), or "none" without a stored result.
std::string winner_text(const GameFacts& g) {
  return g.has_result ? std::string(winner_name(g.result.winner)) : std::string("none");
}

// The setup's code (HEEH, ...), as the archive stores it.
std::string setup_text(const std::optional<Setup>& s) { return s ? std::string(setup_code(*s)) : std::string(); }

using Getter = std::function<Value(const GameFacts&)>;

struct FieldDef {
  FilterField doc;
  Getter get;
};

// Every field of the file filter with its getter.
const std::vector<FieldDef>& field_defs() {
  static const std::vector<FieldDef> defs = {
      {{"file", false, "source path"}, {[](const GameFacts& g) { return text_value(g.file); }}},
      {{"game", true, "game number in its file, from 1"}, {[](const GameFacts& g) { return number_value(g.index + 1); }}},
      {{"event", false, "대회명"}, {[](const GameFacts& g) { return text_value(g.event); }}},
      {{"site", false, "대국장소"}, {[](const GameFacts& g) { return text_value(g.site); }}},
      {{"date", false, "대국일자 read leniently: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; NULL when unknown"},
       {[](const GameFacts& g) { return g.date.key.empty() ? null_value(false) : text_value(g.date.key); }}},
      {{"date_text", false, "대국일자 verbatim"}, {[](const GameFacts& g) { return text_value(g.date_text); }}},
      {{"year", true, "year of 대국일자; NULL when unknown"},
       {[](const GameFacts& g) { return g.date.year ? number_value(*g.date.year) : null_value(true); }}},
      {{"cho", false, "Cho's player name (rank removed)"}, {[](const GameFacts& g) { return text_value(g.cho_name); }}},
      {{"han", false, "Han's player name (rank removed)"}, {[](const GameFacts& g) { return text_value(g.han_name); }}},
      {{"cho_tag", false, "초대국자 verbatim"}, {[](const GameFacts& g) { return text_value(g.cho_player); }}},
      {{"han_tag", false, "한대국자 verbatim"}, {[](const GameFacts& g) { return text_value(g.han_player); }}},
      {{"cho_setup", false, "Cho's setup: HEEH EHHE HEHE EHEH (on files also 마상상마 상마마상 마상마상 상마상마); NULL for a custom start"},
       {[](const GameFacts& g) { return g.cho_setup ? text_value(setup_text(g.cho_setup)) : null_value(false); }}},
      {{"han_setup", false, "Han's setup, likewise"},
       {[](const GameFacts& g) { return g.han_setup ? text_value(setup_text(g.han_setup)) : null_value(false); }}},
      {{"custom_start", true, "1 for a game from a custom position ([판] or FEN), else 0"},
       {[](const GameFacts& g) { return number_value(g.custom_start); }}},
      {{"plies", true, "plies as recorded"}, {[](const GameFacts& g) { return number_value(g.plies); }}},
      {{"valid_plies", true, "plies that replayed legally"}, {[](const GameFacts& g) { return number_value(g.valid_plies); }}},
      {{"valid", true, "1 when the game has no error, else 0"}, {[](const GameFacts& g) { return number_value(g.valid); }}},
      {{"result", false, "대국결과 verbatim; NULL when absent"},
       {[](const GameFacts& g) { return g.has_result ? text_value(g.result_text) : null_value(false); }}},
      {{"winner", false, "cho, han, draw, void, unknown, or none (no stored result)"},
       {[](const GameFacts& g) { return text_value(winner_text(g)); }}},
      {{"method", false, "outright, checkmate, resignation, time, points, bikjang, ... (none without a winner)"},
       {[](const GameFacts& g) { return text_value(std::string(method_name(g.result.method))); }}},
      {{"margin", true, "points margin of a point win (2.5); NULL when none"},
       {[](const GameFacts& g) {
         return g.result.margin_half_points ? number_value(*g.result.margin_half_points / 2.0) : null_value(true);
       }}},
      {{"profile", false, "the rules profile governing the game"}, {[](const GameFacts& g) { return text_value(g.profile); }}},
  };
  return defs;
}

enum class Op { Eq, Ne, Lt, Le, Gt, Ge, Like, NotLike, In, NotIn, IsNull, IsNotNull };

}  // namespace

struct GameFilter::Node {
  enum class Kind { And, Or, Not, Compare } kind = Kind::Compare;
  std::shared_ptr<const Node> left, right;  // And/Or: both; Not: left
  const FieldDef* field = nullptr;          // Compare
  Op op = Op::Eq;
  std::vector<Value> values;                // Compare: one (or the IN list; the LIKE pattern)
};

namespace {

using Node = GameFilter::Node;

// ASCII lowercase of a byte.
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// SQL LIKE with % and _ (one UTF-8 character); ASCII letters compare in any case.
bool like(std::string_view s, std::string_view p) {
  if (p.empty()) return s.empty();
  if (p[0] == '%') {
    for (std::size_t i = 0; i <= s.size(); ++i)
      if (like(s.substr(i), p.substr(1))) return true;
    return false;
  }
  if (s.empty()) return false;
  if (p[0] == '_') {
    std::size_t n = 1;
    while (n < s.size() && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) ++n;
    return like(s.substr(n), p.substr(1));
  }
  return lower(s[0]) == lower(p[0]) && like(s.substr(1), p.substr(1));
}

// Three-way comparison: numbers by value, text byte-wise. Contract: same kinds.
int compare(const Value& a, const Value& b) {
  if (a.numeric) return a.number < b.number ? -1 : a.number > b.number ? 1 : 0;
  return a.text.compare(b.text) < 0 ? -1 : a.text == b.text ? 0 : 1;
}

// Does `v` satisfy the comparison? A NULL satisfies only IS NULL.
bool holds(const Value& v, Op op, const std::vector<Value>& operands) {
  if (op == Op::IsNull) return v.null;
  if (op == Op::IsNotNull) return !v.null;
  if (v.null) return false;
  switch (op) {
    case Op::Eq: return compare(v, operands[0]) == 0;
    case Op::Ne: return compare(v, operands[0]) != 0;
    case Op::Lt: return compare(v, operands[0]) < 0;
    case Op::Le: return compare(v, operands[0]) <= 0;
    case Op::Gt: return compare(v, operands[0]) > 0;
    case Op::Ge: return compare(v, operands[0]) >= 0;
    case Op::Like: return like(v.text, operands[0].text);
    case Op::NotLike: return !like(v.text, operands[0].text);
    case Op::In:
    case Op::NotIn: {
      bool found = false;
      for (const Value& o : operands) found |= compare(v, o) == 0;
      return op == Op::In ? found : !found;
    }
    default: return false;
  }
}

// Evaluates the tree on one game.
bool evaluate(const Node& n, const GameFacts& g) {
  switch (n.kind) {
    case Node::Kind::And: return evaluate(*n.left, g) && evaluate(*n.right, g);
    case Node::Kind::Or: return evaluate(*n.left, g) || evaluate(*n.right, g);
    case Node::Kind::Not: return !evaluate(*n.left, g);
    case Node::Kind::Compare: return holds(n.field->get(g), n.op, n.values);
  }
  return false;
}

struct Token {
  enum class Kind { Word, Number, Text, Symbol, End } kind = Kind::End;
  std::string text;
  std::size_t at = 0;  // byte offset in the expression
};

// Splits the expression into tokens; false and `error` on an unterminated string or a
// character that starts no token.
bool tokenize(std::string_view s, std::vector<Token>& out, std::string& error) {
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
      continue;
    }
    Token t;
    t.at = i;
    if (c == '\'' || c == '"') {
      t.kind = Token::Kind::Text;
      std::size_t j = i + 1;
      for (;;) {
        if (j >= s.size()) {
          error = "unterminated string at offset " + std::to_string(i);
          return false;
        }
        if (s[j] == c) {
          if (j + 1 < s.size() && s[j + 1] == c) {
            t.text += c;
            j += 2;
            continue;
          }
          break;
        }
        t.text += s[j++];
      }
      i = j + 1;
    } else if ((c >= '0' && c <= '9') || (c == '-' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9') ||
               (c == '.' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9')) {
      t.kind = Token::Kind::Number;
      std::size_t j = i + 1;
      while (j < s.size() && ((s[j] >= '0' && s[j] <= '9') || s[j] == '.')) ++j;
      t.text = std::string(s.substr(i, j - i));
      i = j;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      t.kind = Token::Kind::Word;
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      t.text = std::string(s.substr(i, j - i));
      i = j;
    } else {
      t.kind = Token::Kind::Symbol;
      static constexpr std::string_view two[] = {"==", "!=", "<>", "<=", ">="};
      std::size_t len = 1;
      for (std::string_view op : two)
        if (s.substr(i, 2) == op) len = 2;
      if (len == 1 && std::string_view("=<>(),").find(c) == std::string_view::npos) {
        error = "unexpected character '" + std::string(1, c) + "' at offset " + std::to_string(i);
        return false;
      }
      t.text = std::string(s.substr(i, len));
      i += len;
    }
    out.push_back(std::move(t));
  }
  Token end;
  end.at = s.size();
  out.push_back(end);
  return true;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  // The whole expression; null and `error` when it does not parse.
  std::shared_ptr<const Node> parse(std::string& error) {
    auto n = expr();
    if (n && peek().kind != Token::Kind::End) fail("unexpected '" + peek().text + "'");
    if (!error_.empty()) {
      error = error_;
      return nullptr;
    }
    return n;
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  // Is the next token the (lowercase) keyword `k`, in any case?
  bool keyword(std::string_view k) const {
    const Token& t = peek();
    if (t.kind != Token::Kind::Word || t.text.size() != k.size()) return false;
    for (std::size_t i = 0; i < k.size(); ++i)
      if (lower(t.text[i]) != k[i]) return false;
    return true;
  }
  bool symbol(std::string_view s) const { return peek().kind == Token::Kind::Symbol && peek().text == s; }
  // Records the first error with the offset of the current token.
  void fail(const std::string& what) {
    if (error_.empty()) error_ = what + " at offset " + std::to_string(peek().at);
  }

  // An And/Or/Not node.
  std::shared_ptr<const Node> binary(Node::Kind kind, std::shared_ptr<const Node> l, std::shared_ptr<const Node> r) {
    auto n = std::make_shared<Node>();
    n->kind = kind;
    n->left = std::move(l);
    n->right = std::move(r);
    return n;
  }

  // expr = term { OR term }
  std::shared_ptr<const Node> expr() {
    auto left = term();
    while (left && keyword("or")) {
      ++pos_;
      auto right = term();
      if (!right) return nullptr;
      left = binary(Node::Kind::Or, left, right);
    }
    return left;
  }
  // term = factor { AND factor }
  std::shared_ptr<const Node> term() {
    auto left = factor();
    while (left && keyword("and")) {
      ++pos_;
      auto right = factor();
      if (!right) return nullptr;
      left = binary(Node::Kind::And, left, right);
    }
    return left;
  }
  // factor = NOT factor | "(" expr ")" | comparison
  std::shared_ptr<const Node> factor() {
    if (keyword("not")) {
      ++pos_;
      auto inner = factor();
      if (!inner) return nullptr;
      return binary(Node::Kind::Not, inner, nullptr);
    }
    if (symbol("(")) {
      ++pos_;
      auto inner = expr();
      if (!inner) return nullptr;
      if (!symbol(")")) {
        fail("expected ')'");
        return nullptr;
      }
      ++pos_;
      return inner;
    }
    return comparison();
  }

  // A literal for `field`: a number for a numeric field, text for a text field.
  std::optional<Value> literal(const FieldDef& field) {
    const Token& t = peek();
    Value v;
    if (keyword("true") || keyword("false")) {
      v = number_value(keyword("true") ? 1 : 0);
    } else if (t.kind == Token::Kind::Number) {
      double d = 0;
      auto [p, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), d);
      if (ec != std::errc() || p != t.text.data() + t.text.size()) {
        fail("bad number '" + t.text + "'");
        return std::nullopt;
      }
      v = number_value(d);
      v.text = t.text;
    } else if (t.kind == Token::Kind::Text) {
      v = text_value(t.text);
    } else {
      fail("expected a value");
      return std::nullopt;
    }
    if (field.doc.numeric != v.numeric) {
      fail(std::string("field ") + field.doc.name + (field.doc.numeric ? " takes a number" : " takes a 'text' value"));
      return std::nullopt;
    }
    if (field.doc.name == "cho_setup" || field.doc.name == "han_setup")
      for (Setup s : kAllSetups)
        if (v.text == setup_label(s)) v.text = std::string(setup_code(s));
    ++pos_;
    return v;
  }

  // comparison = FIELD (op value | [NOT] LIKE text | [NOT] IN (...) | IS [NOT] NULL)
  std::shared_ptr<const Node> comparison() {
    const Token& name = peek();
    if (name.kind != Token::Kind::Word) {
      fail(name.kind == Token::Kind::End ? "expected a field name, found the end" : "expected a field name");
      return nullptr;
    }
    const FieldDef* field = nullptr;
    for (const FieldDef& f : field_defs())
      if (keyword(f.doc.name)) field = &f;
    if (!field) {
      fail("unknown field '" + name.text + "'");
      return nullptr;
    }
    ++pos_;
    auto n = std::make_shared<Node>();
    n->field = field;
    bool negated = false;
    if (keyword("is")) {
      ++pos_;
      if (keyword("not")) ++pos_, negated = true;
      if (!keyword("null")) {
        fail("expected NULL");
        return nullptr;
      }
      ++pos_;
      n->op = negated ? Op::IsNotNull : Op::IsNull;
      return n;
    }
    if (keyword("not")) ++pos_, negated = true;
    if (keyword("like")) {
      ++pos_;
      if (peek().kind != Token::Kind::Text) {
        fail("LIKE takes a 'pattern'");
        return nullptr;
      }
      n->op = negated ? Op::NotLike : Op::Like;
      n->values.push_back(text_value(peek().text));
      ++pos_;
      return n;
    }
    if (keyword("in")) {
      ++pos_;
      if (!symbol("(")) {
        fail("expected '(' after IN");
        return nullptr;
      }
      ++pos_;
      for (;;) {
        auto v = literal(*field);
        if (!v) return nullptr;
        n->values.push_back(*v);
        if (symbol(",")) {
          ++pos_;
          continue;
        }
        if (symbol(")")) break;
        fail("expected ',' or ')'");
        return nullptr;
      }
      ++pos_;
      n->op = negated ? Op::NotIn : Op::In;
      return n;
    }
    if (negated) {
      fail("expected LIKE or IN after NOT");
      return nullptr;
    }
    static const std::pair<std::string_view, Op> ops[] = {{"=", Op::Eq},  {"==", Op::Eq}, {"!=", Op::Ne},
                                                          {"<>", Op::Ne}, {"<", Op::Lt},  {"<=", Op::Le},
                                                          {">", Op::Gt},  {">=", Op::Ge}};
    bool found = false;
    for (const auto& [text, op] : ops)
      if (symbol(text)) n->op = op, found = true;
    if (!found) {
      fail("expected a comparison after '" + name.text + "'");
      return nullptr;
    }
    ++pos_;
    auto v = literal(*field);
    if (!v) return nullptr;
    n->values.push_back(*v);
    return n;
  }

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

const std::vector<FilterField>& filter_fields() {
  static const std::vector<FilterField> fields = [] {
    std::vector<FilterField> out;
    for (const FieldDef& f : field_defs()) out.push_back(f.doc);
    return out;
  }();
  return fields;
}

std::optional<GameFilter> GameFilter::compile(std::string_view expression, std::string& error) {
  std::vector<Token> tokens;
  if (!tokenize(expression, tokens, error)) return std::nullopt;
  Parser parser(std::move(tokens));
  auto root = parser.parse(error);
  if (!root) return std::nullopt;
  GameFilter f;
  f.root_ = std::move(root);
  return f;
}

bool GameFilter::matches(const GameFacts& game) const { return evaluate(*root_, game); }

}  // namespace gibo::stats
