// The FEN file reader: one position per line, each read as a game with that start.
#include "../text/line_game.h"
#include "gibo/core/utf8.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/fen.h"
#include "grammar.h"

namespace gibo {

void read_fen(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
              const std::function<void(Game&&)>& on_game) {
  auto read_line = [&](const DecodedText& decoded, std::size_t n, std::size_t begin,
                       std::size_t end) -> std::optional<Game> {
    const std::string_view line = std::string_view(decoded.text).substr(begin, end - begin);
    const char* first = line.data();
    if (boost::spirit::x3::parse(first, line.data() + line.size(), fen_file_grammar::no_position)) return std::nullopt;
    boost::spirit::x3::parse(first, line.data() + line.size(), fen_file_grammar::blanks);
    const std::size_t lead = static_cast<std::size_t>(first - line.data());
    Game g = detail::line_game(decoded, n, begin + lead, end, utf8::count(line.substr(0, lead)) + 1,
                               options.file_name, info.games);
    detail::start_from_fen_text(g, line.substr(lead), g.source.column, g.original_text);
    return g;
  };
  detail::read_lines(bytes, options, info, on_game, "no FEN line found", read_line);
}

}  // namespace gibo
