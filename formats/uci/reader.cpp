// The move-list reader: `[position] (startpos | fen <FEN>) [moves m…]`, or bare moves.
#include "../text/board_ply.h"
#include "../text/line_game.h"
#include "gibo/core/utf8.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/uci.h"
#include "gibo/record/replay.h"
#include "grammar.h"

namespace gibo {
namespace {

// JANGGI notation starts with an uppercase piece letter; UCI with a file letter.
bool is_janggi_notation(std::string_view t) { return !t.empty() && t[0] >= 'A' && t[0] <= 'Z'; }

// The game of line `n` (offsets `begin` to `end` in the decoded text), nullopt for a
// blank or comment line; `game_index`: the index it gets in its file.
std::optional<Game> read_line(const DecodedText& decoded, std::size_t n, std::size_t begin, std::size_t end,
                              const TextReadOptions& options, int game_index) {
  namespace g = uci_grammar;
  const std::string_view text = std::string_view(decoded.text).substr(begin, end - begin);
  const char* first = text.data();
  const char* const last = text.data() + text.size();
  boost::spirit::x3::parse(first, last, g::blanks);
  if (first == last || *first == '#') return std::nullopt;
  g::Line line;
  {
    const char* it = text.data();
    boost::spirit::x3::parse(it, last, boost::spirit::x3::with<g::line_tag>(std::ref(line))[g::line]);
  }
  // Columns (1-based, in characters) of words, counted on from the last one asked for.
  std::size_t counted = 0;
  int column = 1;
  auto column_of = [&](std::string_view w) {
    const std::size_t at = static_cast<std::size_t>(w.data() - text.data());
    column += utf8::count(text.substr(counted, at - counted));
    counted = at;
    return column;
  };

  const std::size_t lead = static_cast<std::size_t>(first - text.data());
  Game game = detail::line_game(decoded, n, begin + lead, end, column_of(text.substr(lead, 0)), options.file_name,
                                game_index);
  auto diag = [&](const char* code, std::string_view w, int at_column, int ply, std::string message) {
    add_diagnostic(game, detail::game_diagnostic(code, Severity::Error, options.file_name, game.source.line,
                                                 at_column, game.source.game_index, ply, std::string(w),
                                                 std::move(message)));
  };

  bool start_ok = true;
  if (line.fen_keyword.data())
    start_ok = detail::start_from_fen_text(game, line.fen, column_of(line.fen_keyword), std::string(line.fen_keyword));

  if (start_ok) {
    Position pos;
    start_position(game, game_legality_rules(game, options.profile ? *options.profile : default_profile()), pos);
    for (std::size_t k = 0; k < line.moves.size(); ++k) {
      const std::string_view w = line.moves[k];
      const int ply = static_cast<int>(game.plies.size()) + 1;
      const int at_column = column_of(w);
      const MoveReadResult r = is_janggi_notation(w) ? read_janggi(pos, w) : read_uci(pos, w);
      if (!r) {
        const NotationErrorKind kind = r.error().kind;
        const char* code = kind == NotationErrorKind::Syntax    ? "bad-move"
                           : kind == NotationErrorKind::NoMatch ? "no-such-move"
                           : kind == NotationErrorKind::Illegal ? "illegal-move"
                                                                : "ambiguous-move";
        const std::size_t left = line.moves.size() - k;
        diag(code, w, at_column, ply,
             r.error().message + (left > 1 ? "; this and the " + std::to_string(left - 1) +
                                                 " moves after it are not read"
                                           : "; the move is not read"));
        break;
      }
      // A UCI move states no capture or check; a JANGGI-notation one may (P56x66+).
      game.plies.push_back(
          detail::board_ply(pos, *r, std::string(w), game.source.line, at_column, detail::stated_marks(w)));
    }
  }
  return game;
}

}  // namespace

void read_uci_games(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
                    const std::function<void(Game&&)>& on_game) {
  detail::read_lines(bytes, options, info, on_game, "no move-list line found",
                     [&](const DecodedText& decoded, std::size_t n, std::size_t begin, std::size_t end) {
                       return read_line(decoded, n, begin, end, options, info.games);
                     });
}

}  // namespace gibo
