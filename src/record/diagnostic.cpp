#include "gibo/record/diagnostic.h"

namespace gibo {

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string out = d.file.empty() ? std::string("-") : d.file;
  if (d.line > 0) {
    out += ':';
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
  if (d.game >= 0) {
    out += " (game ";
    out += std::to_string(d.game + 1);
    if (d.ply > 0) {
      out += ", ply ";
      out += std::to_string(d.ply);
    }
    out += ')';
  }
  if (!d.token.empty()) {
    out += " [";
    out += d.token;
    out += ']';
  }
  return out;
}

}  // namespace gibo
