// The one reader of SQL text's lexical structure (internal to src/archive): where a
// string literal, a quoted name, a comment, a parameter or a word begins and ends, for
// every translation of SQL the archive makes (pg_translate.h: parameters for libpq, the
// schema's DDL for PostgreSQL, the functions a plan calls). It knows the lexical forms
// both backends accept; it does not parse statements.
#pragma once

#include <cstddef>
#include <string_view>

namespace gibo::archive::sql {

enum class TokenKind {
  Word,          // letters, digits, '_' and '$' (not first): a keyword, a name, a number
  String,        // 'text', doubled quotes included ('it''s')
  QuotedName,    // "name", doubled quotes included
  DollarString,  // $$text$$ or $tag$text$tag$ (PostgreSQL)
  Comment,       // -- to the end of the line (the newline not included), or /* ... */
  Parameter,     // ?, ?N or :name
  Cast,          // :: (PostgreSQL)
  Semicolon,     // ; (the end of a statement)
  Blank,         // a run of blanks and line ends
  Other,         // any other byte: an operator, a parenthesis, a comma, a dot
};

struct Token {
  TokenKind kind;
  std::string_view text;  // the token as written (an unclosed literal runs to the end)
  std::size_t at;         // where it begins in the text
};

// The tokens of an SQL text, one at a time: every byte belongs to exactly one token, so
// the tokens' texts joined give the text back.
class Lexer {
 public:
  explicit Lexer(std::string_view sql) : sql_(sql) {}
  // False at the end of the text.
  bool next(Token& token);
  // The text after the token read last.
  std::string_view rest() const { return sql_.substr(at_); }

 private:
  std::size_t end_of_quoted(char quote) const;
  std::size_t end_of_dollar() const;
  std::string_view sql_;
  std::size_t at_ = 0;
};

// The number of a positional parameter (?N: N; ?: 0), or -1 for a named one (:name).
int parameter_number(std::string_view parameter);

}  // namespace gibo::archive::sql
