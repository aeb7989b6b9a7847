// Reporter (reporter.h): inputs that cannot be read or are not game files, in text or JSON Lines.
#include "reporter.h"

#include "gibo/report/i18n.h"

namespace gibo::cli {

std::string Reporter::unreadable(const std::string& path, const std::string& reason) const {
  return run_words::unreadable(path, reason, jsonl_);
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

}  // namespace gibo::cli
