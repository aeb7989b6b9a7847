// The specifications and the code say the same thing (issues 23, 31): every rule of a
// README's grammar blocks (```ebnf) is a rule of the code, written the same, and every
// rule of the code is in the README; for the grammars written top down (Spec::ordered:
// .gib and PGN, issue 41), the code's rules also come in the README's order, and none uses a
// rule written above it. Both sides are read as written — the README's EBNF,
// and the C++ Boost.Spirit X3 expression each rule is initialised with (not the comments
// above it) — into one tree each, which is printed one way and compared. One whitespace
// rule for both: blanks and line ends only separate tokens. Comments never count:
// `(* … *)` in the README, `//` and `/* */` in the code.
//
// How X3 reads as EBNF (the README conventions, formats/gib/README.md "Text"):
//   a >> b  a b          a > b  a b (an expectation point: a sequence that must go on)
//   a | b  a | b         a - b  a - b        *a  { a }
//   +a      a { a }      -a     [ a ]        a % b  a { b a }    !a  !a     &a  &a
//   'c' "s" x3::lit(…) letter<C>(…) word(…)  "…"    x3::char_("ab"), one_of("ab"), bytes<T>("ab")  "a" | "b"
//   ~x3::char_(s), ~one_of(s)  any - s
//   x3::char_('a', 'i')  "a" .. "i"         x3::char_ any<C>  any          x3::eoi eoi   x3::eps eps
//   x3::attr(v)  eps (an attribute, no input)            x3::seek[a]  seek[ a ]
//   x3::no_case[a]  no-case[ a ]             x3::repeat(n)[a]  n * a     x3::int_  int
//   x3::uint_parser<T>{}, x3::uint_, x3::ulong_  uint     x3::uint_parser<T, 10, m, n>{}  m to n digits
//   chars_but<C>(s, w)  ( any - s - w ) { any - s - w }
//   x3::raw[a], x3::omit[a], spanned[a], x3::with<…>(…)[a], x3::rule<…>{…} = a, a[action]   a
// A rule the code builds from a C++ function (x3_bytes::scan or when; a table) is a
// special sequence in the README, `name = ? what it reads ?`, checked by its name only.
// Names: `a_b` in C++ is `a-b` in EBNF; namespaces and template arguments are dropped; a
// recursive rule's definition `a_def` (BOOST_SPIRIT_DEFINE) is the rule `a`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gibo/formats/escape.h"

namespace {

using gibo::Escape;
using gibo::escape_chars;

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// ---- the tree both sides are read into ---------------------------------------------------
struct Node {
  enum Kind { Lit, Range, Ref, Special, Seq, Alt, Diff, Star, Plus, Opt, Not, And, Seek, NoCase } kind = Seq;
  std::string text;  // Lit: its bytes; Range: two bytes; Ref: a name (also any, eoi, eps, int, uint)
  std::vector<Node> kids;
};
Node leaf(Node::Kind k, std::string text) { return Node{k, std::move(text), {}}; }
Node wrap(Node::Kind k, Node kid) { return Node{k, "", {std::move(kid)}}; }
Node list(Node::Kind k, std::vector<Node> kids) { return Node{k, "", std::move(kids)}; }

std::string quoted(const std::string& bytes) {
  static constexpr Escape kEscapes[] = {{'\n', "\\n"}, {'\r', "\\r"}, {'\t', "\\t"},
                                        {'\f', "\\f"}, {'\v', "\\v"}, {'"', "\\\""}};
  std::string out = "\"";  // (appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + temporary)
  out += escape_chars(bytes, kEscapes);
  out += '"';
  return out;
}

// The one printing of a tree: EBNF with every group in parentheses.
std::string print(const Node& n) {
  auto join = [&](const char* sep) {
    std::string out;
    for (std::size_t k = 0; k < n.kids.size(); ++k) out += (k ? sep : "") + print(n.kids[k]);
    return "( " + out + " )";
  };
  switch (n.kind) {
    case Node::Lit: return quoted(n.text);
    case Node::Range: return quoted(n.text.substr(0, 1)) + " .. " + quoted(n.text.substr(1));
    case Node::Ref: return n.text;
    case Node::Special: return "?" + n.text + "?";
    case Node::Seq: return join(" ");
    case Node::Alt: return join(" | ");
    case Node::Diff: return join(" - ");
    case Node::Star: return "{ " + print(n.kids[0]) + " }";
    case Node::Plus: return print(n.kids[0]) + "+";
    case Node::Opt: return "[ " + print(n.kids[0]) + " ]";
    case Node::Not: return "!" + print(n.kids[0]);
    case Node::And: return "&" + print(n.kids[0]);
    case Node::Seek: return "seek[ " + print(n.kids[0]) + " ]";
    case Node::NoCase: return "no-case[ " + print(n.kids[0]) + " ]";
  }
  return "";
}

// One way to write what several spellings mean: nested sequences and alternatives
// flattened, eps dropped from a longer sequence, `a { a }` as a+, literals in a row as one,
// a range as its bytes, single bytes side by side in alternatives sorted, `a - b - c` as
// `a - (b | c)` flattened to one difference whose parts taken away are sorted.
Node canonical(Node n) {
  for (Node& k : n.kids) k = canonical(std::move(k));
  if (n.kind == Node::Range) {  // "a" .. "c": "a" | "b" | "c"
    std::vector<Node> bytes;
    for (int c = static_cast<unsigned char>(n.text[0]); c <= static_cast<unsigned char>(n.text[1]); ++c)
      bytes.push_back(leaf(Node::Lit, std::string(1, static_cast<char>(c))));
    return canonical(list(Node::Alt, std::move(bytes)));
  }
  if (n.kind == Node::Seq || n.kind == Node::Alt) {
    std::vector<Node> flat;
    for (Node& k : n.kids) {
      if (k.kind == n.kind) flat.insert(flat.end(), k.kids.begin(), k.kids.end());
      else flat.push_back(std::move(k));
    }
    if (n.kind == Node::Seq) {
      if (flat.size() > 1)
        flat.erase(std::remove_if(flat.begin(), flat.end(),
                                  [](const Node& k) { return k.kind == Node::Ref && k.text == "eps"; }),
                   flat.end());
      std::vector<Node> merged;
      for (Node& k : flat) {
        if (k.kind == Node::Star && !merged.empty() && print(merged.back()) == print(k.kids[0]))
          merged.back() = wrap(Node::Plus, std::move(k.kids[0]));
        else if (k.kind == Node::Lit && !merged.empty() && merged.back().kind == Node::Lit)
          merged.back().text += k.text;  // "a" "b" reads what "ab" reads
        else
          merged.push_back(std::move(k));
      }
      flat = std::move(merged);
    }
    if (n.kind == Node::Alt) {  // single bytes in a row match the same in any order
      auto one_byte = [](const Node& k) { return k.kind == Node::Lit && k.text.size() == 1; };
      for (auto run = flat.begin(); run != flat.end();) {
        auto stop = std::find_if_not(run, flat.end(), one_byte);
        std::sort(run, stop, [](const Node& x, const Node& y) { return x.text < y.text; });
        run = stop == flat.end() ? stop : stop + 1;
      }
    }
    if (flat.empty()) return leaf(Node::Ref, "eps");
    if (flat.size() == 1) return std::move(flat[0]);
    n.kids = std::move(flat);
  } else if (n.kind == Node::Diff) {
    std::vector<Node> flat;
    for (Node& k : n.kids) {
      if (flat.empty() && k.kind == Node::Diff) flat = std::move(k.kids);
      else if (!flat.empty() && k.kind == Node::Alt) flat.insert(flat.end(), k.kids.begin(), k.kids.end());
      else flat.push_back(std::move(k));
    }
    // what is taken away is taken away in any order
    std::sort(flat.begin() + 1, flat.end(), [](const Node& x, const Node& y) { return print(x) < print(y); });
    n.kids = std::move(flat);
  }
  return n;
}

// n copies of `a`, then up to m - n more, each optional after the one before.
Node repeat(const Node& a, int n, int m) {
  Node tail = leaf(Node::Ref, "eps");  // built from the innermost: [ a [ a … ] ]
  for (int k = n; k < m; ++k) tail = wrap(Node::Opt, k == n ? a : list(Node::Seq, {a, tail}));
  std::vector<Node> seq(static_cast<std::size_t>(n), a);
  seq.push_back(tail);
  return list(Node::Seq, std::move(seq));
}

// ---- tokens ------------------------------------------------------------------------------------
struct Token {
  enum Kind { Name, Number, String, Special, Punct, End } kind = End;
  std::string text;     // String: its bytes, escapes undone
  bool glued = false;   // no blank before it
};

// Reads tokens with `next` until the end; `next` returns false at the end.
template <typename Next>
std::vector<Token> tokens_of(Next next) {
  std::vector<Token> out;
  for (Token t; next(t);) out.push_back(t);
  out.push_back(Token{});
  return out;
}

struct Failure {
  std::string what;
};

// A recursive-descent reader over tokens, with the one error: Failure. Both notations
// read alternatives the same way; each reads its own sequences.
class TokenReader {
 public:
  explicit TokenReader(std::vector<Token> t) : t_(std::move(t)) {}
  virtual ~TokenReader() = default;
  // The whole text as one rule.
  Node rule() {
    Node n = alternatives();
    if (!done()) throw Failure{"text after the rule: '" + peek().text + "'"};
    return n;
  }

 protected:
  virtual Node sequence() = 0;
  Node alternatives() {
    std::vector<Node> alts{sequence()};
    while (take("|")) alts.push_back(sequence());
    return alts.size() == 1 ? alts[0] : list(Node::Alt, alts);
  }
  const Token& peek(std::size_t k = 0) const { return t_[std::min(at_ + k, t_.size() - 1)]; }
  bool is(const char* punct, std::size_t k = 0) const { return peek(k).kind == Token::Punct && peek(k).text == punct; }
  bool take(const char* punct) {
    if (!is(punct)) return false;
    ++at_;
    return true;
  }
  void expect(const char* punct) {
    if (!take(punct)) throw Failure{std::string("expected ") + punct + " before '" + peek().text + "'"};
  }
  Token next() { return t_[std::min(at_++, t_.size() - 1)]; }
  bool done() const { return peek().kind == Token::End; }
  // Skips a balanced group that starts at an opening bracket.
  void skip_group() {
    int depth = 0;
    do {
      const Token t = next();
      if (t.kind == Token::End) throw Failure{"unbalanced brackets"};
      if (t.kind == Token::Punct && (t.text == "(" || t.text == "[" || t.text == "{")) ++depth;
      if (t.kind == Token::Punct && (t.text == ")" || t.text == "]" || t.text == "}")) --depth;
    } while (depth > 0);
  }

 private:
  std::vector<Token> t_;
  std::size_t at_ = 0;
};

// ---- the README side ---------------------------------------------------------------------------
// EBNF tokens: names (a-z, digits, "-" inside), strings in "…" or '…' (\n \r \t \f \v are
// those characters; a backslash before anything else is itself), numbers, ? … ? special
// sequences, and the punctuation = | - ! & * ( ) { } [ ] "..".
std::vector<Token> ebnf_tokens(const std::string& s) {
  std::size_t i = 0;
  return tokens_of([&](Token& t) {
    const std::size_t before = i;
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i >= s.size()) return false;
    const bool glued = i == before && i > 0;
    const char c = s[i];
    if (std::islower(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_' ||
                              (s[j] == '-' && j + 1 < s.size() && std::isalnum(static_cast<unsigned char>(s[j + 1])))))
        ++j;
      t = {Token::Name, s.substr(i, j - i), glued};
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      t = {Token::Number, s.substr(i, j - i), glued};
      i = j;
    } else if (c == '"' || c == '\'' || c == '?') {
      const std::size_t close = s.find(c, i + 1);
      if (close == std::string::npos) throw Failure{"unclosed " + std::string(1, c)};
      std::string text = s.substr(i + 1, close - i - 1);
      i = close + 1;
      if (c == '?') {
        t = {Token::Special, text, glued};
        return true;
      }
      std::string bytes;
      for (std::size_t k = 0; k < text.size(); ++k) {
        const char* controls = "n\nr\rt\tf\fv\v";
        const char* hit = k + 1 < text.size() && text[k] == '\\' ? std::strchr(controls, text[k + 1]) : nullptr;
        if (hit && (hit - controls) % 2 == 0) bytes += hit[1], ++k;
        else bytes += text[k];
      }
      t = {Token::String, bytes, glued};
    } else if (s.compare(i, 2, "..") == 0) {
      t = {Token::Punct, "..", glued};
      i += 2;
    } else {
      t = {Token::Punct, std::string(1, c), glued};
      ++i;
    }
    return true;
  });
}

class EbnfReader : public TokenReader {
 public:
  using TokenReader::TokenReader;

 private:
  bool starts_term() const {
    const Token& t = peek();
    return t.kind == Token::Name || t.kind == Token::String || t.kind == Token::Number ||
           t.kind == Token::Special || is("(") || is("{") || is("[") || is("!") || is("&");
  }
  Node sequence() override {
    std::vector<Node> seq;
    while (starts_term()) seq.push_back(difference());
    if (seq.empty()) throw Failure{"empty alternative before '" + peek().text + "'"};
    return seq.size() == 1 ? seq[0] : list(Node::Seq, seq);
  }
  Node difference() {
    std::vector<Node> parts{prefixed()};
    while (take("-")) parts.push_back(prefixed());
    return parts.size() == 1 ? parts[0] : list(Node::Diff, parts);
  }
  Node prefixed() {
    if (take("!")) return wrap(Node::Not, prefixed());
    if (take("&")) return wrap(Node::And, prefixed());
    if (peek().kind == Token::Number && is("*", 1)) {
      const int n = std::stoi(next().text);
      next();
      return repeat(prefixed(), n, n);
    }
    return term();
  }
  // `{ a }-` (ISO 14977): one or more; the "-" must touch the "}" (a difference has
  // blanks around its "-"). Takes the "-" when it is so.
  bool one_or_more() {
    if (!peek().glued) return false;
    next();
    return true;
  }
  Node term() {
    const Token t = next();
    if (t.kind == Token::String) {
      if (take("..")) {
        const Token to = next();
        if (to.kind != Token::String) throw Failure{"a range ends with a string"};
        return leaf(Node::Range, t.text + to.text);
      }
      return leaf(Node::Lit, t.text);
    }
    if (t.kind == Token::Special) return leaf(Node::Special, "");
    if (t.kind == Token::Name) {
      if ((t.text == "seek" || t.text == "no-case") && take("[")) {
        Node inner = alternatives();
        expect("]");
        return wrap(t.text == "seek" ? Node::Seek : Node::NoCase, inner);
      }
      return leaf(Node::Ref, t.text);
    }
    if (t.kind == Token::Punct) {
      const char* close = t.text == "(" ? ")" : t.text == "{" ? "}" : t.text == "[" ? "]" : nullptr;
      if (close) {
        Node inner = alternatives();
        expect(close);
        if (t.text == "{" && is("-") && one_or_more()) return wrap(Node::Plus, inner);
        return t.text == "(" ? inner : wrap(t.text == "{" ? Node::Star : Node::Opt, inner);
      }
    }
    throw Failure{"unexpected '" + t.text + "'"};
  }
};

// The README's rules: the ```ebnf blocks, comments (* … *) removed; a rule starts at a
// line whose first tokens are `name =`, and runs to the next one.
std::map<std::string, Node> readme_rules(const std::string& readme, std::vector<std::string>& problems,
                                         std::vector<std::string>& order) {
  std::vector<std::pair<std::string, std::string>> texts;  // name, body
  std::istringstream in(readme);
  bool inside = false;
  std::string text;
  for (std::string line; std::getline(in, line);) {
    const std::size_t lead = line.find_first_not_of(' ');
    if (lead != std::string::npos && line.compare(lead, 3, "```") == 0) {
      inside = !inside && line.compare(lead, 7, "```ebnf") == 0;
      text += "\n\n";
      continue;
    }
    if (inside) text += line + "\n";
  }
  for (std::size_t open; (open = text.find("(*")) != std::string::npos;) {
    const std::size_t close = text.find("*)", open);
    if (close == std::string::npos) {
      problems.push_back("README: unclosed (* comment");
      break;
    }
    text = text.substr(0, open) + " " + text.substr(close + 2);
  }
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t eq = line.find(" = ");
    const std::size_t lead = line.find_first_not_of(' ');
    const bool starts = eq != std::string::npos && lead < eq &&
                        line.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-", lead) == line.find(' ', lead);
    if (starts) texts.push_back({line.substr(lead, line.find(' ', lead) - lead), line.substr(eq + 3)});
    else if (!texts.empty()) texts.back().second += "\n" + line;
    else if (line.find_first_not_of(' ') != std::string::npos)
      problems.push_back("README: text before any rule: " + line);
  }
  std::map<std::string, Node> rules;
  for (const auto& [name, body] : texts) {
    try {
      if (!rules.emplace(name, canonical(EbnfReader(ebnf_tokens(body)).rule())).second)
        problems.push_back("README: rule " + name + " twice");
      else
        order.push_back(name);
    } catch (const Failure& f) {
      problems.push_back("README: rule " + name + ": " + f.what);
    }
  }
  return rules;
}

// ---- the code side -----------------------------------------------------------------------------
// The code without its comments (string and character literals kept whole).
std::string without_comments(const std::string& code) {
  std::string out;
  for (std::size_t i = 0; i < code.size();) {
    if (code.compare(i, 2, "//") == 0) {
      i = code.find('\n', i);
      if (i == std::string::npos) break;
    } else if (code.compare(i, 2, "/*") == 0) {
      i = code.find("*/", i) + 2;
    } else if (code[i] == '"' || code[i] == '\'') {
      std::size_t j = i + 1;
      while (j < code.size() && code[j] != code[i]) j += code[j] == '\\' ? 2 : 1;
      out += code.substr(i, j + 1 - i);
      i = j + 1;
    } else {
      out += code[i++];
    }
  }
  return out;
}

// C++ tokens: names (with ::), numbers, literals (with their prefixes u8 U u L; escapes
// undone), and punctuation (>> and :: as one token each).
std::vector<Token> cpp_tokens(const std::string& s) {
  std::size_t i = 0;
  return tokens_of([&](Token& t) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i >= s.size()) return false;
    std::size_t j = i;
    while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
    if (j < s.size() && (s[j] == '"' || s[j] == '\'') &&
        (s.substr(i, j - i) == "u8" || s.substr(i, j - i) == "U" || s.substr(i, j - i) == "u" ||
         s.substr(i, j - i) == "L" || j == i)) {
      const char q = s[j];
      std::string bytes;
      for (j = j + 1; j < s.size() && s[j] != q; ++j) {
        if (s[j] != '\\') {
          bytes += s[j];
          continue;
        }
        const char e = s[++j];
        const char* const escapes = "n\nr\rt\tf\fv\v0";
        const char* hit = std::strchr(escapes, e);
        bytes += hit && (hit - escapes) % 2 == 0 ? hit[1] : e;  // \0: the string's own end
      }
      t = {Token::String, bytes};
      i = j + 1;
    } else if (j > i) {
      t = {std::isdigit(static_cast<unsigned char>(s[i])) ? Token::Number : Token::Name, s.substr(i, j - i)};
      i = j;
    } else if (s.compare(i, 2, ">>") == 0 || s.compare(i, 2, "::") == 0) {
      t = {Token::Punct, s.substr(i, 2)};
      i += 2;
    } else {
      t = {Token::Punct, std::string(1, s[i++])};
    }
    return true;
  });
}

// The last part of a C++ name as an EBNF name: `x3_bytes::blanks` is `blanks`, `ply_number`
// is `ply-number`.
std::string ebnf_name(const std::string& cpp) {
  std::string n = cpp.substr(cpp.rfind(':') == std::string::npos ? 0 : cpp.rfind(':') + 1);
  if (n.size() > 4 && n.compare(n.size() - 4, 4, "_def") == 0) n.resize(n.size() - 4);
  std::replace(n.begin(), n.end(), '_', '-');
  return n;
}

class X3Reader : public TokenReader {
 public:
  using TokenReader::TokenReader;

 private:
  Node sequence() override {
    std::vector<Node> seq{difference()};
    while (take(">>") || take(">")) seq.push_back(difference());
    return seq.size() == 1 ? seq[0] : list(Node::Seq, seq);
  }
  Node difference() {
    std::vector<Node> parts{separated()};
    while (take("-")) parts.push_back(separated());
    return parts.size() == 1 ? parts[0] : list(Node::Diff, parts);
  }
  Node separated() {  // a % b: a { b a }
    Node a = prefixed();
    while (take("%")) {
      Node b = prefixed();
      a = list(Node::Seq, {a, wrap(Node::Star, list(Node::Seq, {b, a}))});
    }
    return a;
  }
  Node prefixed() {
    if (take("*")) return wrap(Node::Star, prefixed());
    if (take("+")) return wrap(Node::Plus, prefixed());
    if (take("-")) return wrap(Node::Opt, prefixed());
    if (take("!")) return wrap(Node::Not, prefixed());
    if (take("&")) return wrap(Node::And, prefixed());
    if (take("~")) return list(Node::Diff, {leaf(Node::Ref, "any"), prefixed()});
    Node n = primary();
    while (is("[")) skip_group();  // a semantic action
    return n;
  }
  // A name with its :: parts; template arguments are returned in `args`.
  std::string qualified(std::vector<std::string>& args) {
    std::string name = next().text;
    for (;;) {
      if (take("::")) {
        name += "::" + next().text;
      } else if (is("<")) {
        next();
        for (int depth = 1; depth > 0;) {
          const Token t = next();
          if (t.kind == Token::End) throw Failure{"unclosed template arguments"};
          if (t.kind == Token::Punct && t.text == "<") ++depth;
          else if (t.kind == Token::Punct && (t.text == ">" || t.text == ">>"))
            depth -= static_cast<int>(t.text.size());
          else if (depth == 1 && !(t.kind == Token::Punct && t.text == ",")) args.push_back(t.text);
        }
      } else {
        return name;
      }
    }
  }
  // The literal arguments of a call.
  std::vector<Token> literal_args() {
    std::vector<Token> args;
    expect("(");
    while (!take(")")) {
      args.push_back(next());
      take(",");
    }
    return args;
  }
  static Node chars(const std::string& set) {
    std::vector<Node> alts;
    for (std::size_t i = 0; i < set.size();) {  // a UTF-8 character at a time
      std::size_t n = 1;
      while (i + n < set.size() && (static_cast<unsigned char>(set[i + n]) & 0xC0) == 0x80) ++n;
      alts.push_back(leaf(Node::Lit, set.substr(i, n)));
      i += n;
    }
    return alts.size() == 1 ? alts[0] : list(Node::Alt, alts);
  }
  Node call(const std::string& f, const std::vector<std::string>& targs) {
    const std::string last = f.substr(f.rfind(':') == std::string::npos ? 0 : f.rfind(':') + 1);
    if (last == "scan" || last == "when" || last == "ByteTable") {
      skip_group();
      return leaf(Node::Special, "");
    }
    if (last == "with") {
      skip_group();
      return directive_subject();
    }
    if (last == "repeat") {
      const std::vector<Token> a = literal_args();
      const int n = std::stoi(a.at(0).text), m = a.size() > 1 ? std::stoi(a[1].text) : n;
      return repeat(directive_subject(), n, m);
    }
    const std::vector<Token> a = literal_args();
    if (last == "attr") return leaf(Node::Ref, "eps");
    if (a.empty()) return leaf(Node::Special, "");  // a table a function builds (x3::symbols)
    if (a.empty() || a[0].kind != Token::String) throw Failure{"a call of " + f + " (give it a name)"};
    if (last == "lit" || last == "string" || last == "letter" || last == "word") return leaf(Node::Lit, a[0].text);
    if (last == "char_" && a.size() == 2) return leaf(Node::Range, a[0].text + a[1].text);
    if (last == "char_" || last == "bytes" || last == "one_of") return chars(a[0].text);
    if (last == "chars_but") {
      Node n = list(Node::Diff, {leaf(Node::Ref, "character"), chars(a[0].text)});
      if (a.size() > 1) n.kids.push_back(leaf(Node::Lit, a[1].text));
      return wrap(Node::Plus, n);
    }
    (void)targs;
    throw Failure{"a call of " + f};
  }
  Node directive_subject() {
    expect("[");
    Node n = alternatives();
    expect("]");
    return n;
  }
  Node primary() {
    const Token& t = peek();
    if (take("(")) {
      Node n = alternatives();
      expect(")");
      return n;
    }
    if (t.kind == Token::String) return leaf(Node::Lit, next().text);
    if (t.kind != Token::Name) throw Failure{"unexpected '" + t.text + "'"};
    std::vector<std::string> targs;
    const std::string name = qualified(targs);
    const std::string last = ebnf_name(name);
    if (name == "x3::rule") {  // x3::rule<…>{"name"} = a
      skip_group();
      expect("=");
      return alternatives();
    }
    if (is("(")) return call(name, targs);
    if (is("{")) {  // a parser object: x3::uint_parser<…>{}, or a primitive of gibo's
      skip_group();
      if (last != "uint-parser") return leaf(Node::Special, "");
      if (targs.size() < 4) return leaf(Node::Ref, "uint");
      return repeat(leaf(Node::Ref, "digit"), std::stoi(targs[2]), std::stoi(targs[3]));
    }
    if (is("[")) {
      if (last == "raw" || last == "omit" || last == "lexeme" || last == "spanned") return directive_subject();
      if (last == "seek") return wrap(Node::Seek, directive_subject());
      if (last == "no-case") return wrap(Node::NoCase, directive_subject());
    }
    if (name == "x3::char_") return leaf(Node::Ref, "any");
    if (name == "x3::eoi" || name == "x3::eps" || name == "x3::int_") return leaf(Node::Ref, last.substr(0, 3));
    if (name == "x3::uint_" || name == "x3::ulong_") return leaf(Node::Ref, "uint");
    if (name.rfind("x3::", 0) == 0) throw Failure{"X3's " + name + " has no EBNF here"};
    return leaf(Node::Ref, last);
  }
};

// The code's rules: `inline const auto name = …;` and `inline constexpr auto name = …;`
// (templates too) whose initialiser is no lambda (a semantic action) and whose name is no
// constant (kName).
std::map<std::string, Node> code_rules(const std::string& code, std::vector<std::string>& problems,
                                       const std::string& file, std::vector<std::string>& order) {
  std::map<std::string, Node> rules;
  const std::string s = without_comments(code);
  for (std::size_t at = 0; (at = s.find("inline ", at)) != std::string::npos;) {
    at += 7;
    std::size_t p = at;
    for (const char* word : {"const ", "constexpr "})
      if (s.compare(p, std::strlen(word), word) == 0) p += std::strlen(word);
    if (p == at || s.compare(p, 4, "auto") != 0) continue;
    p += 4;
    if (s[p] == '&') ++p;  // a reference to a rule a function builds
    if (s[p] != ' ') continue;
    ++p;
    const std::size_t name_end = s.find_first_of(" =", p);
    const std::string name = s.substr(p, name_end - p);
    const std::size_t eq = s.find('=', name_end);
    if (name.empty() || (name[0] == 'k' && name.size() > 1 && std::isupper(static_cast<unsigned char>(name[1]))))
      continue;
    int depth = 0;  // the initialiser runs to the ';' outside brackets
    std::size_t end = eq + 1;
    for (; end < s.size() && !(depth == 0 && s[end] == ';'); ++end) {
      if (s[end] == '"' || s[end] == '\'') {
        const char q = s[end];
        for (++end; s[end] != q; end += s[end] == '\\' ? 2 : 1) {}
      } else if (s[end] == '(' || s[end] == '[' || s[end] == '{') {
        ++depth;
      } else if (s[end] == ')' || s[end] == ']' || s[end] == '}') {
        --depth;
      }
    }
    const std::string init = s.substr(eq + 1, end - eq - 1);
    at = end;
    if (init.find_first_not_of(" \n") != std::string::npos && init[init.find_first_not_of(" \n")] == '[') continue;
    try {
      if (!rules.emplace(ebnf_name(name), canonical(X3Reader(cpp_tokens(init)).rule())).second)
        problems.push_back(file + ": rule " + name + " twice");
      else
        order.push_back(ebnf_name(name));
    } catch (const Failure& f) {
      problems.push_back(file + ": rule " + name + ": " + f.what);
    }
  }
  return rules;
}

// ---- the comparison ----------------------------------------------------------------------------
// The names a rule uses.
void names_used(const Node& n, std::vector<std::string>& out) {
  if (n.kind == Node::Ref) out.push_back(n.text);
  for (const Node& k : n.kids) names_used(k, out);
}

// What is wrong with the order of the code's rules (`code_order`, as written): they must come
// in the README's order (`doc_order`), and top down: no rule uses one of the code's rules
// written above it (a rule may use itself).
std::vector<std::string> order_problems(const std::vector<std::string>& doc_order,
                                        const std::vector<std::string>& code_order,
                                        const std::map<std::string, Node>& code) {
  std::vector<std::string> problems, doc_common, code_common;
  for (const std::string& n : doc_order)
    if (code.count(n)) doc_common.push_back(n);
  for (const std::string& n : code_order)
    if (std::find(doc_order.begin(), doc_order.end(), n) != doc_order.end()) code_common.push_back(n);
  const auto [d, c] = std::mismatch(doc_common.begin(), doc_common.end(), code_common.begin(), code_common.end());
  if (d != doc_common.end() && c != code_common.end())
    problems.push_back("order: the README has rule " + *d + " where the code has rule " + *c);
  std::map<std::string, std::size_t> place;
  for (std::size_t k = 0; k < code_order.size(); ++k) place.emplace(code_order[k], k);
  for (const auto& [name, at] : place) {
    std::vector<std::string> used;
    names_used(code.at(name), used);
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    for (const std::string& u : used)
      if (const auto it = place.find(u); it != place.end() && it->second < at)
        problems.push_back("order: rule " + name + " uses rule " + u + ", written above it (not top down)");
  }
  return problems;
}

// What is wrong between a README and its headers' rules (`own`: each of their rules must be
// in the README; `shared`: rules the README may quote, x3_bytes.h's); with `ordered`, also
// their order (order_problems).
std::vector<std::string> compare(const std::string& readme, const std::vector<std::pair<std::string, std::string>>& own,
                                 const std::vector<std::pair<std::string, std::string>>& shared, bool ordered,
                                 std::size_t& matched) {
  std::vector<std::string> problems, doc_order, code_order, shared_order;
  const std::map<std::string, Node> doc = readme_rules(readme, problems, doc_order);
  std::map<std::string, Node> code, common;
  for (const auto& [file, text] : own) code.merge(code_rules(text, problems, file, code_order));
  for (const auto& [file, text] : shared) common.merge(code_rules(text, problems, file, shared_order));
  matched = 0;
  for (const auto& [name, rule] : doc) {
    const Node* stated = nullptr;
    if (const auto it = code.find(name); it != code.end()) stated = &it->second;
    else if (const auto jt = common.find(name); jt != common.end()) stated = &jt->second;
    if (!stated) {
      problems.push_back("the README's rule " + name + " is no rule of the code");
      continue;
    }
    const std::string said = print(rule), done = print(*stated);
    if (said != done) problems.push_back("rule " + name + ":\n  README: " + said + "\n  code:   " + done);
    else ++matched;
  }
  for (const auto& [name, rule] : code)
    if (doc.find(name) == doc.end()) problems.push_back("the code's rule " + name + " is not in the README");
  if (ordered)
    for (std::string& p : order_problems(doc_order, code_order, code)) problems.push_back(std::move(p));
  return problems;
}

struct Spec {
  const char* readme;
  std::vector<const char*> own;
  std::size_t at_least;  // rules matched: a floor against a README that stops being read
  bool ordered = false;  // the code's rules are written top down, in the README's order
};

std::vector<std::string> check(const Spec& spec, std::size_t& matched,
                               const std::function<void(std::string& readme, std::string& header)>& alter = {}) {
  const std::string root = std::string(GIBO_TEST_DATA) + "/../../";
  std::string readme = read(root + spec.readme);
  std::vector<std::pair<std::string, std::string>> own, shared{{"x3_bytes.h", read(root + "src/core/x3_bytes.h")}};
  for (const char* h : spec.own) own.push_back({h, read(root + h)});
  if (alter) alter(readme, own[0].second);
  return compare(readme, own, shared, spec.ordered, matched);
}

const std::vector<Spec>& specs() {
  static const std::vector<Spec> all = {
      {"formats/gib/README.md", {"formats/gib/grammar.h"}, 55, true},
      {"formats/pgn/README.md", {"formats/pgn/grammar.h"}, 33, true},
      {"formats/fen/README.md", {"src/core/fen_grammar.h", "formats/fen/grammar.h"}, 15},
      {"formats/uci/README.md", {"formats/uci/grammar.h"}, 6},
      {"formats/notation/README.md", {"formats/notation/grammar.h"}, 14},
      {"src/record/README.md", {"src/record/date_grammar.h"}, 10},
      {"formats/openings/README.md", {"formats/openings/grammar.h"}, 20},
      {"src/pattern/README.md", {"src/pattern/grammar.h"}, 40},
  };
  return all;
}

TEST(GrammarReadmes, StateTheRulesOfTheCode) {
  for (const Spec& spec : specs()) {
    std::size_t matched = 0;
    for (const std::string& p : check(spec, matched)) ADD_FAILURE() << spec.readme << ": " << p;
    EXPECT_GE(matched, spec.at_least) << spec.readme;
  }
}

// The check itself: a change to either side, in a copy, is found.
TEST(GrammarReadmes, AChangeToEitherSideIsFound) {
  const Spec& gib = specs()[0];
  std::size_t matched = 0;
  // The code: one '>>' of the move line's rule made a '|'.
  auto code = check(gib, matched, [](std::string&, std::string& header) {
    const std::size_t rule = header.find("auto move_line");
    ASSERT_NE(rule, std::string::npos);
    const std::size_t op = header.find(">>", rule);
    header = header.substr(0, op) + "|" + header.substr(op + 2);
  });
  ASSERT_EQ(code.size(), 1u);
  EXPECT_NE(code[0].find("rule move-line:"), std::string::npos) << code[0];
  // The README: one word of the rule changed.
  auto doc = check(gib, matched, [](std::string& readme, std::string&) {
    const std::size_t rule = readme.find("\nnumbered-ply ");
    ASSERT_NE(rule, std::string::npos);
    const std::size_t word = readme.find("ply-number", rule + 13);
    readme = readme.substr(0, word) + "ply-numbers" + readme.substr(word + 10);
  });
  ASSERT_EQ(doc.size(), 1u);
  EXPECT_NE(doc[0].find("rule numbered-ply:"), std::string::npos) << doc[0];
  // A rule on one side only.
  auto extra = check(gib, matched, [](std::string& readme, std::string& header) {
    readme += "\n```ebnf\nnew-rule = \"x\"\n```\n";
    header += "\ninline const auto other_rule = x3::lit('y');\n";
  });
  EXPECT_EQ(extra.size(), 2u);
  // A comment in the code says nothing: the rule as written counts.
  auto comment = check(gib, matched, [](std::string&, std::string& header) {
    header += "\n// inline const auto move_line = x3::eps;\n";
  });
  EXPECT_TRUE(comment.empty());
}

// The order: a rule moved on one side is found, and a rule moved above its users on both
// sides (the two agree, but not top down) is found in each rule that uses it.
TEST(GrammarReadmes, AChangeOfOrderIsFound) {
  const Spec& pgn = specs()[1];
  ASSERT_TRUE(pgn.ordered);
  // The line of rule `name` (from its start to its line end) moved to after rule `after`'s.
  auto move_line = [](std::string& text, const std::string& name, const std::string& after) {
    const std::size_t from = text.find("\n" + name) + 1, to = text.find('\n', from) + 1;
    const std::string line = text.substr(from, to - from);
    text.erase(from, to - from);
    const std::size_t at = text.find('\n', text.find("\n" + after) + 1) + 1;
    text.insert(at, line);
  };
  std::size_t matched = 0;
  const auto readme = check(pgn, matched, [&](std::string& doc, std::string&) { move_line(doc, "digit ", "file "); });
  ASSERT_EQ(readme.size(), 1u);
  EXPECT_NE(readme[0].find("order: the README has rule digit where the code has rule game"), std::string::npos)
      << readme[0];
  const auto code = check(pgn, matched, [&](std::string&, std::string& h) { move_line(h, "inline const auto digit_def", "inline const auto file_def"); });
  ASSERT_FALSE(code.empty());
  EXPECT_NE(code[0].find("order: the README has rule game where the code has rule digit"), std::string::npos) << code[0];
  const auto both = check(pgn, matched, [&](std::string& doc, std::string& h) {
    move_line(doc, "digit ", "file ");
    move_line(h, "inline const auto digit_def", "inline const auto file_def");
  });
  ASSERT_EQ(both.size(), 3u);  // nag, nag-number and move-number use digit
  for (const std::string& p : both) EXPECT_NE(p.find("uses rule digit, written above it"), std::string::npos) << p;
}

// The same for every README and its code: a literal put before the first rule of either
// side is found, in that rule.
TEST(GrammarReadmes, EveryReadmeFailsOnAChangeToEitherSide) {
  for (const Spec& spec : specs()) {
    std::string changed;  // the rule changed, as the README names it
    std::size_t matched = 0;
    const auto doc = check(spec, matched, [&](std::string& readme, std::string&) {
      const std::size_t block = readme.find("```ebnf\n");
      ASSERT_NE(block, std::string::npos);
      std::size_t rule = block + 8;
      rule += readme.find_first_not_of(' ', rule) - rule;
      changed = readme.substr(rule, readme.find(' ', rule) - rule);
      const std::size_t eq = readme.find(" = ", rule) + 3;
      readme = readme.substr(0, eq) + "\"zz\" " + readme.substr(eq);
    });
    ASSERT_FALSE(doc.empty()) << spec.readme;
    EXPECT_NE(doc[0].find("rule " + changed), std::string::npos) << spec.readme << ": " << doc[0];
    const auto code = check(spec, matched, [&](std::string&, std::string& header) {
      for (std::size_t at = 0; (at = header.find("inline const auto ", at)) != std::string::npos; at += 18) {
        const std::size_t eq = header.find('=', at);
        const std::string init = header.substr(eq + 1, 40);
        if (init.find('[') == init.find_first_not_of(' ') || init.find("when(") != std::string::npos) continue;
        changed = ebnf_name(header.substr(at + 18, header.find_first_of(" =", at + 18) - at - 18));
        header = header.substr(0, eq + 1) + " x3::lit(\"zz\") >>" + header.substr(eq + 1);
        return;
      }
      FAIL() << "no rule";
    });
    ASSERT_FALSE(code.empty()) << spec.readme;
    EXPECT_NE(code[0].find("rule " + changed), std::string::npos) << spec.readme << ": " << code[0];
  }
}

}  // namespace
