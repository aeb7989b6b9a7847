// PostgreSQL connection strings: which texts name a server archive, and how such a text is
// shown to people (gibo/archive/archive.h's archive_name, through without_password).
//
// Policy: a password never leaves the process. It may stand in three places of a
// connection string, and each is masked where libpq itself would find it:
//   - a URI's userinfo: postgresql://user:PASSWORD@host/db
//   - a URI's query parameter: postgresql:///db?password=PASSWORD&host=... (the key may be
//     percent-encoded, as libpq decodes it)
//   - the keyword form's value: host=... password=PASSWORD or password = 'PASS WORD'
// A `dbname` value that is itself a connection string (libpq expands one) is masked the
// same way. PGPASSWORD and ~/.pgpass are read by libpq alone and never echoed by gibo.
#include <libpq-fe.h>

#include <cctype>
#include <string_view>

#include "gibo/formats/percent_encoding.h"
#include "pg_conninfo.h"

namespace gibo::archive::sql {

namespace {

constexpr std::string_view kMask = "***";

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

bool is_uri(std::string_view text) { return starts_with(text, "postgresql://") || starts_with(text, "postgres://"); }

std::string masked(const std::string& text);

// A URI with the password of its userinfo and of its query parameters masked. libpq reads
// the userinfo up to the first '@' before any '/', and the parameters after the first '?'.
std::string masked_uri(std::string_view text) {
  const std::size_t from = text.find("://") + 3;
  std::string out(text.substr(0, from));
  std::size_t at = from;
  const std::size_t stop = text.find_first_of("@/", from);
  if (stop != std::string_view::npos && text[stop] == '@') {
    const std::string_view userinfo = text.substr(from, stop - from);
    const std::size_t colon = userinfo.find(':');
    out += colon == std::string_view::npos ? std::string(userinfo)
                                           : std::string(userinfo.substr(0, colon + 1)) + std::string(kMask);
    out += '@';
    at = stop + 1;
  }
  const std::size_t query = text.find('?', at);
  out += text.substr(at, query == std::string_view::npos ? std::string_view::npos : query + 1 - at);
  if (query == std::string_view::npos) return out;
  std::string_view rest = text.substr(query + 1);
  while (true) {
    const std::size_t amp = rest.find('&');
    const std::string_view param = rest.substr(0, amp);
    const std::size_t eq = param.find('=');
    const std::string key = text::percent_decode(param.substr(0, eq));
    if (eq == std::string_view::npos) {
      out += param;
    } else if (key == "password") {
      out += std::string(param.substr(0, eq + 1)) + std::string(kMask);
    } else if (key == "dbname") {
      out += std::string(param.substr(0, eq + 1)) + masked(text::percent_decode(param.substr(eq + 1)));
    } else {
      out += param;
    }
    if (amp == std::string_view::npos) break;
    out += '&';
    rest = rest.substr(amp + 1);
  }
  return out;
}

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// libpq's keyword=value form with the password values masked: a keyword, optional spaces,
// '=', optional spaces, then a value in single quotes (backslash escapes) or up to the next
// space (backslash escapes too). Text libpq would refuse is kept from there on, masked
// after any "password" it still holds.
std::string masked_keywords(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    while (i < text.size() && space(text[i])) ++i;
    const std::size_t key_from = i;
    while (i < text.size() && !space(text[i]) && text[i] != '=') ++i;
    const std::string_view key = text.substr(key_from, i - key_from);
    while (i < text.size() && space(text[i])) ++i;
    if (i >= text.size() || text[i] != '=') {
      out += text.substr(start);
      break;
    }
    ++i;
    while (i < text.size() && space(text[i])) ++i;
    out += text.substr(start, i - start);
    const std::size_t value_from = i;
    std::string value;
    if (i < text.size() && text[i] == '\'') {
      for (++i; i < text.size() && text[i] != '\''; ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) ++i;
        value += text[i];
      }
      if (i < text.size()) ++i;  // the closing quote
    } else {
      for (; i < text.size() && !space(text[i]); ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) ++i;
        value += text[i];
      }
    }
    if (key == "password")
      out += kMask;
    else if (key == "dbname" && (is_uri(value) || value.find('=') != std::string::npos))
      out += masked(value);
    else
      out += text.substr(value_from, i - value_from);
  }
  return out;
}

std::string masked(const std::string& text) { return is_uri(text) ? masked_uri(text) : masked_keywords(text); }

}  // namespace

bool is_conninfo(const std::string& text) {
  if (is_uri(text)) return true;
  if (text.find('=') == std::string::npos) return false;
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(text.c_str(), &error);
  PQfreemem(error);
  if (!options) return false;
  PQconninfoFree(options);
  return true;
}

std::string without_password(const std::string& text) { return masked(text); }

}  // namespace gibo::archive::sql
