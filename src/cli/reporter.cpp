// Reporter (reporter.h): the text and JSON Lines form of inputs, files and diagnostics
// shared by validate, import and rescore.
#include "reporter.h"

#include "gibo/formats/json.h"
#include "gibo/report/i18n.h"

namespace gibo::cli {

std::string Reporter::diagnostic_line(const Diagnostic& d) {
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

json::Writer& Reporter::begin_file(json::Writer& w, const std::string& path) {
  return w.begin_object().field("type", "file").field("file", path);
}

json::Writer& Reporter::begin_game(json::Writer& w, const char* type, const std::string& path, int index) {
  return w.begin_object().field("type", type).field("file", path).field("index", index);
}

std::string Reporter::unreadable(const std::string& path, const std::string& reason) const {
  if (!jsonl_) return InputError{path, i18n::message(reason)}.text() + "\n";
  std::string line;
  json::Writer w(line);
  begin_file(w, path).field("status", "unreadable").field("error", reason).end_object();
  return line + "\n";
}

std::string Reporter::not_game_file(const std::string& path) const {
  if (!jsonl_) {
    // NotGameFile::text() with its message (after "note[not-a-game-file]: ") translated.
    std::string line = NotGameFile{path}.text();
    const std::string mark = "note[not-a-game-file]: ";
    if (const std::size_t at = line.find(mark); at != std::string::npos)
      line = line.substr(0, at + mark.size()) + i18n::message(line.substr(at + mark.size()));
    return line + "\n";
  }
  std::string line;
  json::Writer w(line);
  begin_file(w, path).field("status", "not-a-game-file").end_object();
  return line + "\n";
}

std::string Reporter::inputs(const std::vector<InputError>& errors, const std::vector<NotGameFile>& not_game) const {
  std::string out;
  for (const InputError& e : errors) out += unreadable(e.path, e.reason);
  for (const NotGameFile& f : not_game) out += not_game_file(f.path);
  return out;
}

void Reporter::diagnostic(json::Writer& w, const Diagnostic& d) {
  write_json_diagnostic(w, d, "col");
}

void Reporter::diagnostics(json::Writer& w, const char* key, const std::vector<Diagnostic>& ds,
                           std::optional<Severity> only) {
  w.key(key).begin_array();
  for (const Diagnostic& d : ds)
    if (!only || d.severity == *only) diagnostic(w, d);
  w.end_array();
}

std::string Reporter::input_counts_text(long unreadable, long not_game) {
  std::string out;
  using i18n::format;
  using i18n::number;
  if (unreadable) out += ", " + format("{1} unreadable", {number(unreadable)});
  if (not_game) out += ", " + (not_game == 1 ? format("{1} not a game file", {number(not_game)})
                                             : format("{1} not game files", {number(not_game)}));
  return out;
}

void Reporter::input_counts(json::Writer& w, long unreadable, long not_game) {
  w.field("unreadable", static_cast<std::int64_t>(unreadable)).field("not_game_files", static_cast<std::int64_t>(not_game));
}

}  // namespace gibo::cli
