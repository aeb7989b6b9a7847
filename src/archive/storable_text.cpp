// NUL bytes out of what a game stores (storable_text.h).
#include "storable_text.h"

namespace gibo::archive {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Replaces the NULs of `text`; how many there were.
int replace_nul(std::string& text) {
  int count = 0;
  for (std::size_t at = text.find('\0'); at != std::string::npos; at = text.find('\0', at + kReplacement.size())) {
    text.replace(at, 1, kReplacement);
    ++count;
  }
  return count;
}

}  // namespace

void make_storable(Game& game) {
  int count = 0, first_line = 0;
  auto clean = [&](std::string& text, int line) {
    if (text.find('\0') == std::string::npos) return;
    if (count == 0) first_line = line;
    count += replace_nul(text);
  };
  for (Tag& t : game.tags) {
    clean(t.name, game.source.line);
    clean(t.value, game.source.line);
  }
  for (std::string& c : game.header_comments) clean(c, game.source.line);
  for (RecordedPly& p : game.plies) {
    clean(p.text, p.line);
    for (std::string& c : p.comments) clean(c, p.line);
  }
  clean(game.result_text, game.source.line);
  // The original text holds the same NULs again, and any outside the fields above.
  if (const int in_original = replace_nul(game.original_text); count == 0 && in_original > 0) {
    count = in_original;
    first_line = game.source.line;
  }
  for (Diagnostic& d : game.diagnostics) {
    replace_nul(d.token);
    replace_nul(d.message);
  }
  if (count == 0) return;
  Diagnostic d;
  d.code = "nul-byte";
  d.severity = Severity::Warning;
  d.file = game.source.file;
  d.line = first_line;
  d.game = game.source.game_index;
  d.message = std::to_string(count) + (count == 1 ? " NUL byte" : " NUL bytes") +
              " in the record replaced by U+FFFD (an archive keeps text; a NUL is none)";
  game.diagnostics.push_back(std::move(d));
}

}  // namespace gibo::archive
