// The FEN file reader: one position per line, each read as a game with that start.
#include "../text/board_ply.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/fen.h"

namespace gibo {

void read_fen(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
              const std::function<void(Game&&)>& on_game) {
  const DecodedText decoded = decode_file(bytes, options.encoding, options.file_name, info);
  const std::string_view text = decoded.text;
  for (std::size_t n = 0; n < decoded.line_text_offsets.size(); ++n) {
    const auto [begin, end] = line_span(decoded, n);
    std::string_view line = text.substr(begin, end - begin);
    std::size_t lead = 0;
    while (lead < line.size() && (line[lead] == ' ' || line[lead] == '\t')) ++lead;
    if (lead == line.size() || line[lead] == '#') continue;
    Game g;
    g.source.file = options.file_name;
    g.source.game_index = info.games;
    g.source.line = static_cast<int>(n) + 1;
    g.source.column = text::utf8_length(line.substr(0, lead)) + 1;
    g.source.byte_offset = decoded.line_raw_offsets[n] + lead;
    g.source.byte_length = raw_offset_of(decoded, end) - g.source.byte_offset;
    g.original_text = std::string(line.substr(lead));
    if (auto start = start_from_fen(line.substr(lead))) {
      g.start = *start;
    } else {
      g.start.custom = true;
      g.start.fen = std::string(line.substr(lead));
      add_diagnostic(g, detail::game_diagnostic("bad-fen", Severity::Error, options.file_name, g.source.line,
                                                      g.source.column, g.source.game_index, 0, g.original_text,
                                                      "not a janggi FEN: " + start.error().message));
    }
    ++info.games;
    on_game(std::move(g));
  }
  detail::note_no_games(info, options.file_name, "no FEN line found");
}

}  // namespace gibo
