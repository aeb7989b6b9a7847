// The move-list reader: `[position] (startpos | fen <FEN>) [moves m…]`, or bare moves.
#include <sstream>

#include "../text/board_ply.h"
#include "../text/line_game.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/uci.h"
#include "gibo/record/replay.h"

namespace gibo {
namespace {

struct Word {
  std::string_view text;
  std::size_t offset;  // in the decoded text
  int column;          // 1-based, in characters
};

// The blank-separated words of `line`; `base` is the line's offset in the text. Columns
// are counted in the same pass, so a line of any length costs linear time.
std::vector<Word> split_words(std::string_view line, std::size_t base) {
  std::vector<Word> out;
  std::size_t i = 0;
  int column = 1;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i, ++column;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) {
      out.push_back({line.substr(i, j - i), base + i, column});
      column += text::utf8_length(line.substr(i, j - i));
    }
    i = j;
  }
  return out;
}

// JANGGI notation starts with an uppercase piece letter; UCI with a file letter.
bool is_janggi_notation(std::string_view t) { return !t.empty() && t[0] >= 'A' && t[0] <= 'Z'; }

// The game of line `n` (offsets `begin` to `end` in the decoded text), nullopt for a
// blank or comment line; `game_index`: the index it gets in its file.
std::optional<Game> read_line(const DecodedText& decoded, std::size_t n, std::size_t begin, std::size_t end,
                              const TextReadOptions& options, int game_index) {
  const std::vector<Word> words = split_words(std::string_view(decoded.text).substr(begin, end - begin), begin);
  if (words.empty() || words[0].text[0] == '#') return std::nullopt;

  Game g = detail::line_game(decoded, n, words[0].offset, end, words[0].column, options.file_name, game_index);
  auto diag = [&](const char* code, const Word& w, int ply, std::string message) {
    add_diagnostic(g, detail::game_diagnostic(code, Severity::Error, options.file_name, g.source.line, w.column,
                                              g.source.game_index, ply, std::string(w.text), std::move(message)));
  };

  std::size_t k = 0;
  if (words[k].text == "position") ++k;
  bool start_ok = true;
  if (k < words.size() && words[k].text == "startpos") {
    ++k;
  } else if (k < words.size() && words[k].text == "fen") {
    const Word& at = words[k];
    ++k;
    std::string fen;
    while (k < words.size() && words[k].text != "moves") {
      if (!fen.empty()) fen += ' ';
      fen += words[k++].text;
    }
    start_ok = detail::start_from_fen_text(g, fen, at.column, std::string(at.text));
  }
  if (k < words.size() && words[k].text == "moves") ++k;

  if (start_ok) {
    Position pos;
    start_position(g, game_legality_rules(g, options.profile ? *options.profile : default_profile()), pos);
    for (; k < words.size(); ++k) {
      const Word& w = words[k];
      const int ply = static_cast<int>(g.plies.size()) + 1;
      const MoveReadResult r = is_janggi_notation(w.text) ? read_janggi(pos, w.text) : read_uci(pos, w.text);
      if (!r) {
        const NotationErrorKind kind = r.error().kind;
        const char* code = kind == NotationErrorKind::Syntax    ? "bad-move"
                           : kind == NotationErrorKind::NoMatch ? "no-such-move"
                           : kind == NotationErrorKind::Illegal ? "illegal-move"
                                                                : "ambiguous-move";
        const std::size_t left = words.size() - k;
        diag(code, w, ply,
             r.error().message + (left > 1 ? "; this and the " + std::to_string(left - 1) +
                                                 " moves after it are not read"
                                           : "; the move is not read"));
        break;
      }
      // A UCI move states no capture or check; a JANGGI-notation one may (P56x66+).
      g.plies.push_back(
          detail::board_ply(pos, *r, std::string(w.text), g.source.line, w.column, detail::stated_marks(w.text)));
    }
  }
  return g;
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
