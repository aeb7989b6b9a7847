// Severity names and the compiler-style text of a diagnostic (gibo/record/diagnostic.h).
#include "gibo/record/diagnostic.h"

#include "gibo/core/enum_names.h"
#include "gibo/core/utf8.h"
#include "gibo/record/first_error.h"

namespace gibo {

namespace {

constexpr auto kSeverityNames = std::to_array<Named<Severity>>({
    {Severity::Error, "error"}, {Severity::Warning, "warning"}, {Severity::Note, "note"}});

}  // namespace

std::string_view severity_name(Severity s) { return name_of(kSeverityNames, s); }

std::string clip_quoted(std::string_view text) {
  if (text.size() <= kMaxQuotedBytes) return std::string(text);
  std::size_t cut = kMaxQuotedBytes;
  while (cut > 0 && utf8::is_continuation(static_cast<unsigned char>(text[cut]))) --cut;  // not inside a character
  return std::string(text.substr(0, cut)) + "…";
}

Severity severity_from_name(std::string_view name) {
  return value_named(kSeverityNames, name).value_or(Severity::Error);
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string out = d.file.empty() ? std::string("-") : d.file;
  if (d.game >= 0) {  // the one game reference, FILE:GAME (GAME from 1)
    out += ':';
    out += std::to_string(d.game + 1);
    if (d.line > 0) out += ": ";
  }
  if (d.line > 0) {
    if (d.game < 0) out += ':';
    out += std::to_string(d.line);
    if (d.column > 0) {
      out += ':';
      out += std::to_string(d.column);
    }
  }
  out += ": ";
  out += severity_name(d.severity);
  out += '[';
  out += d.code;
  out += "]: ";
  out += d.message;
  if (d.ply > 0) {
    out += " (ply ";
    out += std::to_string(d.ply);
    out += ')';
  }
  if (!d.token.empty()) {
    out += " [";
    out += d.token;
    out += ']';
  }
  return out;
}

const Diagnostic* first_error(std::span<const Diagnostic> diagnostics) {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error) return &d;
  return nullptr;
}

}  // namespace gibo
