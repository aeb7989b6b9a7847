// The one reporter of inputs, files, games and diagnostics that validate, import and
// rescore share, in text or JSON Lines, so that the three commands say the same thing in
// the same words and the same JSON shape:
// * an input that cannot be read: "PATH: error[io]: REASON" /
//   {"type":"file","file":PATH,"status":"unreadable","error":REASON};
// * a file a search found that holds no game: "PATH: note[not-a-game-file]: …" /
//   {"type":"file","file":PATH,"status":"not-a-game-file"};
// * a file's and a game's JSON Lines object begin alike: {"type":"file","file":PATH, and
//   {"type":"game","file":PATH,"index":INDEX;
// * a diagnostic: format_diagnostic's line (FILE:GAME: LINE:COL: …) / an object with
//   code, severity, line, col, ply, token and message (the game is the enclosing object's);
// * text in the run's language (report/i18n.h), JSON Lines in English;
// * the summary's count of both kinds of input: ", N unreadable, M not game files" /
//   "unreadable": N, "not_game_files": M.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gibo/formats/json_writer.h"
#include "gibo/record/diagnostic.h"
#include "inputs.h"

namespace gibo::cli {

enum class ReportFormat { Text, Jsonl };

class Reporter {
 public:
  explicit Reporter(ReportFormat format) : jsonl_(format == ReportFormat::Jsonl) {}
  bool jsonl() const { return jsonl_; }

  // The line (with its '\n') for an input that cannot be read, and why.
  std::string unreadable(const std::string& path, const std::string& reason) const;
  // The line for a file a directory search found that is not a game file.
  std::string not_game_file(const std::string& path) const;
  // What expand_inputs found wrong, in its order: the errors, then the other files.
  std::string inputs(const std::vector<InputError>& errors, const std::vector<NotGameFile>& not_game) const;

  // Opens the JSON Lines object of a file, {"type":"file","file":PATH: the caller adds
  // the rest and closes it.
  static json::Writer& begin_file(json::Writer& w, const std::string& path);
  // Opens the object of a game of a file, {"type":TYPE,"file":PATH,"index":INDEX (from 0).
  static json::Writer& begin_game(json::Writer& w, const char* type, const std::string& path, int index);

  // A diagnostic as a text line (with its '\n'), its message in the run's language (the
  // code and the severity stay as they are: stable words a tool can grep).
  static std::string diagnostic_line(const Diagnostic& d);
  // The JSON array `key` of the diagnostics in `ds` (those of `only`, when given).
  static void diagnostics(json::Writer& w, const char* key, const std::vector<Diagnostic>& ds,
                          std::optional<Severity> only = std::nullopt);
  // One diagnostic as a JSON object.
  static void diagnostic(json::Writer& w, const Diagnostic& d);

  // The summary's words for inputs that could not be read and files that are not game
  // files: text ", N unreadable, M not game files" (each only when not zero); JSON
  // fields "unreadable" and "not_game_files" (always).
  static std::string input_counts_text(long unreadable, long not_game);
  static void input_counts(json::Writer& w, long unreadable, long not_game);

 private:
  bool jsonl_;
};

}  // namespace gibo::cli
