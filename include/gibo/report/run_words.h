// The words the runs over game files share (validate, import, rescore), in text or JSON
// Lines, so that they say the same thing in the same words and the same JSON shape:
// * an input that cannot be read: "PATH: error[io]: REASON" /
//   {"type":"file","file":PATH,"status":"unreadable","error":REASON};
// * a file's and a game's JSON Lines object begin alike: {"type":"file","file":PATH, and
//   {"type":"game","file":PATH,"index":INDEX;
// * a diagnostic: format_diagnostic's line (FILE:GAME: LINE:COL: …) / an object with
//   code, severity, line, col, ply, token and message (the game is the enclosing object's);
// * counts by name (diagnostic codes, verdicts): "LABEL: NAME=N NAME=N" / {"NAME": N, ...};
// * the summary's count of both kinds of input: ", N unreadable, M not game files" /
//   "unreadable": N, "not_game_files": M.
// Text in the run's language (i18n.h), JSON Lines in English.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gibo/formats/json_writer.h"
#include "gibo/record/diagnostic.h"

namespace gibo::run_words {

using NamedCounts = std::map<std::string, long>;

// The line (with its '\n') for an input that cannot be read, and why.
std::string unreadable(const std::string& path, const std::string& reason, bool jsonl);

// Opens the JSON Lines object of a file, {"type":"file","file":PATH: the caller adds the
// rest and closes it.
json::Writer& begin_file(json::Writer& w, const std::string& path);
// Opens the object of a game of a file, {"type":TYPE,"file":PATH,"index":INDEX (from 0).
json::Writer& begin_game(json::Writer& w, const char* type, const std::string& path, int index);

// A diagnostic as a text line (with its '\n'), its message in the run's language (the
// code and the severity stay as they are: stable words a tool can grep).
std::string diagnostic_line(const Diagnostic& d);
// One diagnostic as a JSON object.
void diagnostic(json::Writer& w, const Diagnostic& d);
// The JSON array `key` of the diagnostics in `ds` (those of `only`, when given).
void diagnostics(json::Writer& w, const char* key, const std::vector<Diagnostic>& ds,
                 std::optional<Severity> only = std::nullopt);

// The object member `key` of the object `w` is in: {"NAME": N, ...}, in name order.
void counts(json::Writer& w, const char* key, const NamedCounts& counts);
// "LABEL: NAME=N NAME=N\n" (the label in the run's language); "" when `counts` is empty.
std::string counts_line(const char* label, const NamedCounts& counts);

// The summary's words for inputs that could not be read and files that are not game
// files: text ", N unreadable, M not game files" (each only when not zero); JSON fields
// "unreadable" and "not_game_files" (always).
std::string input_counts_text(long unreadable, long not_game);
void input_counts(json::Writer& w, long unreadable, long not_game);

}  // namespace gibo::run_words
