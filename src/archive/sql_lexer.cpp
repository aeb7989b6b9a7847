// SQL's lexical forms (sql_lexer.h).
#include "sql_lexer.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace gibo::archive::sql {
namespace {

bool word_start(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool word_char(char c) { return word_start(c) || c == '$'; }
bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

// The end of a literal or quoted name that opens at at_ (a doubled quote inside is two
// quotes in a row, so reading to the next quote and on from there finds the end).
std::size_t Lexer::end_of_quoted(char quote) const {
  std::size_t i = at_ + 1;
  while (true) {
    const std::size_t end = sql_.find(quote, i);
    if (end == std::string_view::npos) return sql_.size();
    if (end + 1 < sql_.size() && sql_[end + 1] == quote) {
      i = end + 2;
      continue;
    }
    return end + 1;
  }
}

// The end of a dollar-quoted string opening at at_, or at_ when none opens there.
std::size_t Lexer::end_of_dollar() const {
  std::size_t j = at_ + 1;
  while (j < sql_.size() && word_start(sql_[j]) && !std::isdigit(static_cast<unsigned char>(sql_[j]))) ++j;
  if (j >= sql_.size() || sql_[j] != '$') return at_;
  const std::string_view tag = sql_.substr(at_, j - at_ + 1);
  const std::size_t end = sql_.find(tag, j + 1);
  return end == std::string_view::npos ? sql_.size() : end + tag.size();
}

bool Lexer::next(Token& token) {
  const std::size_t n = sql_.size();
  if (at_ >= n) return false;
  const char c = sql_[at_];
  const char d = at_ + 1 < n ? sql_[at_ + 1] : '\0';
  TokenKind kind = TokenKind::Other;
  std::size_t end = at_ + 1;
  if (c == '\'' || c == '"') {
    kind = c == '\'' ? TokenKind::String : TokenKind::QuotedName;
    end = end_of_quoted(c);
  } else if (c == '-' && d == '-') {
    kind = TokenKind::Comment;
    end = std::min(sql_.find('\n', at_), n);
  } else if (c == '/' && d == '*') {
    kind = TokenKind::Comment;
    const std::size_t close = sql_.find("*/", at_ + 2);
    end = close == std::string_view::npos ? n : close + 2;
  } else if (c == '$' && end_of_dollar() != at_) {
    kind = TokenKind::DollarString;
    end = end_of_dollar();
  } else if (c == ':' && d == ':') {
    kind = TokenKind::Cast;
    end = at_ + 2;
  } else if (c == ':' && (std::isalpha(static_cast<unsigned char>(d)) || d == '_')) {
    kind = TokenKind::Parameter;
    for (end = at_ + 1; end < n && word_start(sql_[end]);) ++end;
  } else if (c == '?') {
    kind = TokenKind::Parameter;
    while (end < n && std::isdigit(static_cast<unsigned char>(sql_[end]))) ++end;
  } else if (c == ';') {
    kind = TokenKind::Semicolon;
  } else if (blank(c)) {
    kind = TokenKind::Blank;
    while (end < n && blank(sql_[end])) ++end;
  } else if (word_start(c)) {
    kind = TokenKind::Word;
    while (end < n && word_char(sql_[end])) ++end;
  }
  token = {kind, sql_.substr(at_, end - at_), at_};
  at_ = end;
  return true;
}

int parameter_number(std::string_view parameter) {
  if (parameter.empty() || parameter[0] != '?') return -1;
  return parameter.size() == 1 ? 0 : std::atoi(std::string(parameter.substr(1)).c_str());
}

}  // namespace gibo::archive::sql
