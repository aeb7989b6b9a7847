// What gibo import says of a file (gibo/report/import_text.h): its lines in text or JSON Lines.
#include <cstdint>

#include "gibo/archive/copies.h"
#include "gibo/formats/json_writer.h"
#include "gibo/record/first_error.h"
#include "gibo/report/copy_text.h"
#include "gibo/report/i18n.h"
#include "gibo/report/import_text.h"
#include "gibo/report/run_words.h"

namespace gibo::import_text {
namespace {

// A game with errors as its diagnostics say it: the file and the game's rank in it (the
// FILE:GAME reference), whatever the reader of the format put there.
Diagnostic in_game(Diagnostic d, const std::string& path, int game_index) {
  d.file = path;
  d.game = game_index;
  return d;
}

// The members of a twin's or a conflict's object that name the stored game of the same
// moves (its id, file and rank) and what the record says otherwise; ends the object and
// its line.
struct IdKey {
  const char* key;
  std::int64_t id;
};
struct PlaceKeys {
  const char* file_key;
  const std::string& file;
  const char* index_key;
  int index;
};
void same_moves(json::Writer& w, IdKey id, PlaceKeys place, unsigned conflicts, std::string& line) {
  w.field(id.key, id.id)
      .field(place.file_key, place.file)
      .field(place.index_key, place.index)
      .field("conflicts", archive::conflict_words(conflicts))
      .end_object();
  line += '\n';
}

// The JSON Lines objects of a file's records stored beside a game of the same moves:
// replaced, twin, conflict.
void copy_objects(const archive::FileReport& r, std::string& line) {
  for (const archive::ReplacedGame& g : r.replacements) {
    json::Writer rw(line);
    run_words::begin_game(rw, "replaced", r.path, g.game_index)
        .field("game_id", g.game_id)
        .field("broken_file", g.path)
        .field("broken_index", g.broken_game_index)
        .field("broken_error_code", g.error_code)
        .field("broken_error_ply", g.error_ply)
        .end_object();
    line += '\n';
  }
  for (const archive::TwinReport& t : r.twins) {
    json::Writer w(line);
    run_words::begin_game(w, "twin", r.path, t.game_index).field("game_id", t.game_id);
    same_moves(w, {"twin_of", t.twin_of}, {"twin_file", t.path, "twin_index", t.twin_index}, t.conflicts, line);
  }
  for (const archive::ConflictReport& c : r.conflicts) {
    json::Writer w(line);
    run_words::begin_game(w, "conflict", r.path, c.game_index);
    same_moves(w, {"copy_of", c.game_id}, {"game_file", c.path, "game_index", c.kept_index}, c.conflicts, line);
  }
}

// The text lines of a file's records stored beside a game of the same moves: each valid
// one stored in place of a broken copy, each twin, each copy that says otherwise.
std::string copy_lines(const archive::FileReport& r) {
  std::string out;
  for (const archive::ReplacedGame& g : r.replacements) {
    std::string broken = g.path;
    broken += ':';
    broken += std::to_string(g.broken_game_index + 1);
    std::string why = "error[";
    why += g.error_code;
    why += ']';
    if (g.error_ply > 0) {
      why += ' ';
      why += i18n::format("at ply {1}", {std::to_string(g.error_ply)});
    }
    out += r.path + ":" + std::to_string(g.game_index + 1) + ": " +
           i18n::format("stored in place of its broken copy {1} ({2}), now kept as its copy", {broken, why}) + "\n";
  }
  for (const archive::TwinReport& t : r.twins)
    out += r.path + ":" + std::to_string(t.game_index + 1) + ": " +
           i18n::format("another game with the moves of {1} (archive id {2}): it names {3} otherwise, and a game this "
                        "short can be played twice",
                        {t.path + ":" + std::to_string(t.twin_index + 1), std::to_string(t.twin_of),
                         conflicts_text(t.conflicts)}) +
           "\n";
  for (const archive::ConflictReport& c : r.conflicts)
    out += r.path + ":" + std::to_string(c.game_index + 1) + ": " +
           i18n::format("kept as a copy of {1} (archive id {2}), which it says otherwise: {3}",
                        {c.path + ":" + std::to_string(c.kept_index + 1), std::to_string(c.game_id),
                         conflicts_text(c.conflicts)}) +
           "\n";
  return out;
}

}  // namespace

// In text, the file's problems and, for
// every game with errors, its first error as validate prints it; in JSON Lines, one file
// object and one object per game with errors, with its diagnostics.
std::string file_lines(const archive::FileReport& r, bool jsonl) {
  using archive::FileStatus;
  if (r.status == FileStatus::Unreadable) return run_words::unreadable(r.path, r.detail, jsonl);
  if (jsonl) {
    std::string line;
    json::Writer w(line);
    run_words::begin_file(w, r.path).field("status", archive::file_status_name(r.status));
    if (!r.detail.empty()) w.field("detail", r.detail);
    w.field("content_hash", r.content_hash);
    if (!r.encoding.empty()) w.field("encoding", r.encoding);
    w.field("games", static_cast<std::int64_t>(r.games))
        .field("resumed_after", static_cast<std::int64_t>(r.resumed_after))
        .field("added", static_cast<std::int64_t>(r.added))
        .field("duplicates", static_cast<std::int64_t>(r.duplicates))
        .field("twins", static_cast<std::int64_t>(r.twins.size()))
        .field("conflicts", static_cast<std::int64_t>(r.conflicts.size()))
        .field("replaced", static_cast<std::int64_t>(r.replaced))
        .field("invalid", static_cast<std::int64_t>(r.invalid))
        .field("rejected", static_cast<std::int64_t>(r.rejected));
    run_words::diagnostics(w, "diagnostics", r.file_diagnostics);
    w.end_object();
    line += '\n';
    for (const archive::InvalidGame& g : r.invalid_games) {
      json::Writer gw(line);
      run_words::begin_game(gw, "game", r.path, g.game_index)
          .field("status", g.stored ? "invalid" : "rejected")
          .key("diagnostics")
          .begin_array();
      for (const Diagnostic& d : g.diagnostics) run_words::diagnostic(gw, in_game(d, r.path, g.game_index));
      gw.end_array().end_object();
      line += '\n';
    }
    copy_objects(r, line);
    return line;
  }
  // Text: only what needs a reader's attention; the summary covers the rest.
  std::string out;
  switch (r.status) {
    case FileStatus::Unreadable: break;  // above
    case FileStatus::AlreadyImported: return "";  // counted in the summary
    case FileStatus::SameContent: return r.path + ": " + i18n::format("same content as {1}; skipped", {r.detail}) + "\n";
    case FileStatus::Resumed:
      out = r.path + ": " +
            i18n::format("resumed after game {1} of an interrupted import", {std::to_string(r.resumed_after)}) + "\n";
      break;
    case FileStatus::Restored:
      out = r.path + ": " +
            i18n::format("imported before by a gibo that kept no copies: its {1} records not kept then are stored now",
                         {std::to_string(r.games)}) +
            "\n";
      break;
    case FileStatus::Imported: break;
  }
  // The file's first error, if any; all its diagnostics are in the archive.
  long errors = 0;
  for (const Diagnostic& d : r.file_diagnostics) errors += d.severity == Severity::Error;
  if (const Diagnostic* error = first_error(r.file_diagnostics)) {
    out += run_words::diagnostic_line(*error);
    out.pop_back();  // the '\n'
    if (errors > 1)
      out += " (" + i18n::format("and {1} more errors, stored in the archive", {std::to_string(errors - 1)}) + ")";
    out += "\n";
  }
  out += copy_lines(r);
  // Every game with errors: its first error (the rest are in the archive).
  for (const archive::InvalidGame& g : r.invalid_games)
    if (const Diagnostic* error = first_error(g.diagnostics))
      out += run_words::diagnostic_line(in_game(*error, r.path, g.game_index));
  return out;
}

}  // namespace gibo::import_text
