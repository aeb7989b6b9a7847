// Diagnostics: every problem found while reading or replaying a record, as data
// (README "Diagnostics"). Codes are stable; the README lists them.
#pragma once

#include <string>
#include <string_view>

namespace gibo {

enum class Severity { Error, Warning, Note };
std::string_view severity_name(Severity s);  // "error", "warning", "note"
// The inverse of severity_name; Error for any other text.
Severity severity_from_name(std::string_view name);

struct Diagnostic {
  std::string code;        // stable, kebab-case: "wrong-piece", "ply-count-mismatch", ...
  Severity severity = Severity::Error;
  std::string file;
  int line = 0;            // 1-based; 0 = not about a line
  int column = 0;          // 1-based, in characters
  int game = -1;           // 0-based index in the file; -1 = about the file
  int ply = 0;             // 1-based; 0 = not about a ply
  std::string token;       // the offending text, if any
  std::string message;
};

// A game's diagnostic: "FILE:GAME: LINE:COL: error[code]: message (ply N) [token]" (GAME
// from 1, the one game reference); a file's: "FILE:LINE:COL: error[code]: message"
// (compiler style). Parts that are not known (line, column, ply, token) are left out.
std::string format_diagnostic(const Diagnostic& d);

// Bad-input policy for quoted text: a token a diagnostic quotes (its `token`, or a
// message quoting the input) is cut to at most kMaxQuotedBytes bytes, at a UTF-8
// character boundary, with "…" appended when cut, so a 20 MB line never becomes a
// 20 MB message.
inline constexpr std::size_t kMaxQuotedBytes = 40;
std::string clip_quoted(std::string_view text);

}  // namespace gibo
