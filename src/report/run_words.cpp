// The words the runs over game files share, in text and JSON Lines (gibo/report/run_words.h).
#include "gibo/report/run_words.h"

#include <cstdint>

#include "gibo/formats/input_files.h"
#include "gibo/formats/json.h"
#include "gibo/report/i18n.h"

namespace gibo::run_words {

std::string unreadable(const std::string& path, const std::string& reason, bool jsonl) {
  if (!jsonl) return InputError{path, i18n::message(reason)}.text() + "\n";
  std::string line;
  json::Writer w(line);
  begin_file(w, path).field("status", "unreadable").field("error", reason).end_object();
  return line + "\n";
}

json::Writer& begin_file(json::Writer& w, const std::string& path) {
  return w.begin_object().field("type", "file").field("file", path);
}

json::Writer& begin_game(json::Writer& w, const char* type, const std::string& path, int index) {
  return w.begin_object().field("type", type).field("file", path).field("index", index);
}

std::string diagnostic_line(const Diagnostic& d) {
  if (i18n::language() == "en") return format_diagnostic(d) + "\n";
  Diagnostic shown = d;
  shown.message = i18n::message(d.message);
  std::string line = format_diagnostic(shown);
  // format_diagnostic's " (ply N)" in the run's words.
  if (d.ply > 0) {
    const std::string ply = " (ply " + std::to_string(d.ply) + ")";
    if (const std::size_t at = line.rfind(ply); at != std::string::npos)
      line.replace(at, ply.size(), " (" + i18n::format("ply {1}", {std::to_string(d.ply)}) + ")");
  }
  return line + "\n";
}

void diagnostic(json::Writer& w, const Diagnostic& d) { write_json_diagnostic(w, d, "col"); }

void diagnostics(json::Writer& w, const char* key, const std::vector<Diagnostic>& ds, std::optional<Severity> only) {
  w.key(key).begin_array();
  for (const Diagnostic& d : ds)
    if (!only || d.severity == *only) diagnostic(w, d);
  w.end_array();
}

void counts(json::Writer& w, const char* key, const NamedCounts& counts) {
  w.key(key).begin_object();
  for (const auto& [name, n] : counts) w.field(name, static_cast<std::int64_t>(n));
  w.end_object();
}

std::string counts_line(const char* label, const NamedCounts& counts) {
  if (counts.empty()) return "";
  std::string out = i18n::translate(label) + ":";
  for (const auto& [name, n] : counts) out += " " + name + "=" + i18n::number(n);
  return out + "\n";
}

std::string input_counts_text(long unreadable, long not_game) {
  std::string out;
  using i18n::format;
  using i18n::number;
  if (unreadable) out += ", " + format("{1} unreadable", {number(unreadable)});
  if (not_game) out += ", " + (not_game == 1 ? format("{1} not a game file", {number(not_game)})
                                             : format("{1} not game files", {number(not_game)}));
  return out;
}

void input_counts(json::Writer& w, long unreadable, long not_game) {
  w.field("unreadable", static_cast<std::int64_t>(unreadable)).field("not_game_files", static_cast<std::int64_t>(not_game));
}

}  // namespace gibo::run_words
