// Reporter (reporter.h): the text and JSON Lines form of inputs, files and diagnostics
// shared by validate, import and rescore.
#include "reporter.h"

namespace gibo::cli {

json::Writer& Reporter::begin_file(json::Writer& w, const std::string& path) {
  return w.begin_object().field("type", "file").field("file", path);
}

json::Writer& Reporter::begin_game(json::Writer& w, const char* type, const std::string& path, int index) {
  return w.begin_object().field("type", type).field("file", path).field("index", index);
}

std::string Reporter::unreadable(const std::string& path, const std::string& reason) const {
  if (!jsonl_) return InputError{path, reason}.text() + "\n";
  std::string line;
  json::Writer w(line);
  begin_file(w, path).field("status", "unreadable").field("error", reason).end_object();
  return line + "\n";
}

std::string Reporter::not_game_file(const std::string& path) const {
  if (!jsonl_) return NotGameFile{path}.text() + "\n";
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
  w.begin_object().field("code", d.code).field("severity", severity_name(d.severity)).field("line", d.line).field("col", d.column);
  w.field("ply", d.ply).field("token", d.token).field("message", d.message).end_object();
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
  if (unreadable) out += ", " + std::to_string(unreadable) + " unreadable";
  if (not_game) out += ", " + std::to_string(not_game) + (not_game == 1 ? " not a game file" : " not game files");
  return out;
}

void Reporter::input_counts(json::Writer& w, long unreadable, long not_game) {
  w.field("unreadable", static_cast<std::int64_t>(unreadable)).field("not_game_files", static_cast<std::int64_t>(not_game));
}

}  // namespace gibo::cli
