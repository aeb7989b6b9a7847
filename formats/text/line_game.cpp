// The line-based readers' file loop, a line's game and a start read from FEN text (line_game.h).
#include "line_game.h"

#include "board_ply.h"
#include "gibo/formats/fen.h"

namespace gibo::detail {

void read_lines(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
                const std::function<void(Game&&)>& on_game, const char* no_games, const LineReader& read_line) {
  const DecodedText decoded = decode_file(bytes, options.encoding, options.file_name, info);
  for (std::size_t n = 0; n < decoded.line_text_offsets.size(); ++n) {
    const auto [begin, end] = line_span(decoded, n);
    std::optional<Game> g = read_line(decoded, n, begin, end);
    if (!g) continue;
    ++info.games;
    on_game(std::move(*g));
  }
  if (info.games != 0) return;
  Diagnostic d;
  d.code = "no-games";
  d.file = options.file_name;
  d.message = no_games;
  info.diagnostics.push_back(std::move(d));
}

Game line_game(const DecodedText& decoded, std::size_t n, std::size_t begin, std::size_t end, int column,
               const std::string& file, int game_index) {
  Game g;
  g.source.file = file;
  g.source.game_index = game_index;
  g.source.line = static_cast<int>(n) + 1;
  g.source.column = column;
  g.source.byte_offset = decoded.line_raw_offsets[n] + (begin - decoded.line_text_offsets[n]);
  g.source.byte_length = raw_offset_of(decoded, end) - g.source.byte_offset;
  g.original_text = std::string(std::string_view(decoded.text).substr(begin, end - begin));
  return g;
}

bool start_from_fen_text(Game& g, std::string_view fen, int column, std::string token) {
  auto start = start_from_fen(fen);
  if (start) {
    g.start = *start;
    return true;
  }
  g.start.custom = true;
  g.start.fen = std::string(fen);
  add_diagnostic(g, game_diagnostic("bad-fen", Severity::Error, g.source.file, g.source.line, column,
                                    g.source.game_index, 0, std::move(token),
                                    "not a janggi FEN: " + start.error().message));
  return false;
}

}  // namespace gibo::detail
