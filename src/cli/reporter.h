// The one reporter of inputs, files, games and diagnostics that validate, import and
// rescore share, in text or JSON Lines: the words are the report layer's
// (gibo/report/run_words.h); this adds a file a directory search found that holds no game
// (inputs.h): "PATH: note[not-a-game-file]: …" / {"type":"file","file":PATH,"status":"not-a-game-file"}.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gibo/formats/json_writer.h"
#include "gibo/record/diagnostic.h"
#include "gibo/report/run_words.h"
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

  // The shared words (gibo/report/run_words.h).
  static json::Writer& begin_file(json::Writer& w, const std::string& path) { return run_words::begin_file(w, path); }
  static json::Writer& begin_game(json::Writer& w, const char* type, const std::string& path, int index) {
    return run_words::begin_game(w, type, path, index);
  }
  static std::string diagnostic_line(const Diagnostic& d) { return run_words::diagnostic_line(d); }
  static void diagnostics(json::Writer& w, const char* key, const std::vector<Diagnostic>& ds,
                          std::optional<Severity> only = std::nullopt) {
    run_words::diagnostics(w, key, ds, only);
  }
  static std::string input_counts_text(long unreadable, long not_game) {
    return run_words::input_counts_text(unreadable, not_game);
  }
  static void input_counts(json::Writer& w, long unreadable, long not_game) {
    run_words::input_counts(w, unreadable, not_game);
  }

 private:
  bool jsonl_;
};

}  // namespace gibo::cli
