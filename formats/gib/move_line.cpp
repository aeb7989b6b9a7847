// The plies of a .gib game's move lines (game_parts.h): grammar::move_line read over each
// line's raw bytes, its actions putting each ply into the game.
//
// Bad-input policy (formats/gib/README.md): a bad ply token ends the game's plies there
// (`bad-token`, `truncated-ply`, `bad-square`); the rest of the game's text stays in
// original_text. A ply number that is not the one expected is a warning (`ply-number`).
#include <charconv>
#include <functional>

#include "../text/board_ply.h"
#include "game_parts.h"

namespace gibo::gib {

namespace x3 = boost::spirit::x3;

void add_game_diagnostic(Game& g, const std::string& file, const char* code, Severity severity, int line, int column,
                         int ply, std::string token, std::string message) {
  add_diagnostic(g, detail::game_diagnostic(code, severity, file, line, column, g.source.game_index, ply,
                                            std::move(token), std::move(message)));
}

void MoveLineReader::read(const Line& line, std::string_view s) {
  if (broken_) return;  // the game's plies already ended at a bad token
  line_ = &line;
  cursor_ = s.data();
  cursor_column_ = 1;
  grammar::Iterator first = s.data();
  const grammar::Iterator last = s.data() + s.size();
  switch (line.coding) {
    case Coding::Utf8: read_move_line<Coding::Utf8>(first, last); break;
    case Coding::Cp949: read_move_line<Coding::Cp949>(first, last); break;
    case Coding::Ascii: read_move_line<Coding::Ascii>(first, last); break;
  }
  if (first != last && !broken_) stopped_at(s, first);
}

template <Coding C>
void MoveLineReader::read_move_line(const char*& first, const char* last) {
  x3::parse(first, last, x3::with<grammar::move_line_tag>(std::ref(*this))[grammar::move_line<C>]);
}

// A ply number (its digits and "."): a `ply-number` warning when it is not the one expected.
void MoveLineReader::ply_number(std::string_view text) {
  int number = 0;  // its value, 0 when it does not fit an int
  grammar::Iterator digits = text.data();
  x3::parse(digits, text.data() + text.size(), grammar::number_or_zero, number);
  if (number != expected_number_)
    add_game_diagnostic(game_, file_, "ply-number", Severity::Warning, line_->number, column_at(text.data()),
                        static_cast<int>(game_.plies.size()) + 1, std::string(text),
                        "ply number " + std::to_string(number) + " where " + std::to_string(expected_number_) +
                            " was expected");
  expected_number_ = number + 1;
}

// Square text -> square, per the game's coordinate system. kNoSquare if invalid.
[[gnu::always_inline]] inline Square MoveLineReader::to_square(std::string_view t) const {
  if (t.size() == 2 && t[0] >= 'a' && t[0] <= 'i') {  // letter file, 0-based rank
    return make_square(t[0] - 'a', t[1] - '0');
  }
  if (old_coordinates_) {
    int n = 0;
    if (t.empty() || t.size() > 2 || t[0] == '0') return kNoSquare;
    std::from_chars(t.data(), t.data() + t.size(), n);
    if (n < 1 || n > 90) return kNoSquare;
    return make_square((n - 1) / 10, (n - 1) % 10);
  }
  if (t.size() != 2) return kNoSquare;
  const int row = t[0] == '0' ? 10 : t[0] - '0';
  const int column = t[1] - '0';
  if (column < 1 || column > 9) return kNoSquare;
  return make_square(column - 1, 10 - row);
}

// A ply token the ply rule read: into the game, or false (the game's plies end) when a
// square is no board point.
bool MoveLineReader::ply(PlyToken& t) {
  const int col = column_at(t.token.data());
  std::vector<RecordedPly>& plies = game_.plies;
  RecordedPly& rp = plies.emplace_back();
  read_ply_text(t.token, line_->coding, t, rp.text);
  rp.line = line_->number;
  rp.column = col;
  rp.pass = t.pass;
  cursor_ = t.token.data() + t.token.size();
  cursor_column_ = col + t.chars;
  if (t.pass) return true;
  const Square from = to_square(t.from), to = to_square(t.to);
  if (from == kNoSquare || to == kNoSquare) {
    const std::string text = std::move(rp.text);
    plies.pop_back();
    if (!old_coordinates_ && to == kNoSquare && t.to.size() == 1 && t.to[0] >= '0' && t.to[0] <= '9')
      fail("truncated-ply", col, text, "ply token is cut short (one digit of the destination square)");
    else
      fail("bad-square", col, text,
           "square '" + std::string(from == kNoSquare ? t.from : t.to) + "' is not a board point" +
               (old_coordinates_ ? " (old 1-90 numbering)" : ""));
    return false;
  }
  rp.move = Move(from, to);
  rp.piece = t.piece.type;
  rp.side_mark = t.side_mark;
  rp.piece_script_side = t.piece.implied_side;
  rp.captured = t.captured.type;
  rp.capture_marker = t.capture_marker;
  rp.check = t.check;
  return true;
}

// A time token: the seconds of the ply before it, or false when no ply is before it.
bool MoveLineReader::time(int seconds) {
  if (game_.plies.empty()) return false;
  game_.plies.back().seconds = seconds;
  return true;
}

// Where move-line stopped at `p`, short of the end of the line `s`: the game's plies
// end with a diagnostic on what stands there (a time where no time may be, no ply
// number, a ply number with no ply after it, a token that is no ply).
void MoveLineReader::stopped_at(std::string_view s, const char* p) {
  const Coding coding = line_->coding;
  const char* const end = s.data() + s.size();
  auto token_at = [&](const char* q) {
    const std::size_t at = static_cast<std::size_t>(q - s.data());
    return s.substr(at, next_blank(s, at) - at);
  };
  if (*p == '<') {
    fail("bad-token", column_at(p), decoded(token_at(p), coding), "not a time token <N> after a ply");
    return;
  }
  grammar::Iterator q = p;
  if (!x3::parse(q, end, grammar::ply_number)) {
    fail("bad-token", column_at(p), decoded(token_at(p), coding), "expected a ply number 'N.'");
    return;
  }
  const std::string_view number(p, static_cast<std::size_t>(q - p));
  x3::parse(q, end, grammar::blanks);
  if (q == end) {
    fail("truncated-ply", column_at(p), decoded(number, coding), "ply number with no ply after it");
    return;
  }
  // A token that a few more characters would complete is a truncated ply.
  PlyToken probe;
  std::string text;
  parse_ply_token(token_at(q), coding, text, probe);
  const bool truncated = x3_bytes::parse_all(text, grammar::truncated_ply);
  fail(truncated ? "truncated-ply" : "bad-token", column_at(q), text,
       truncated ? "ply token is cut short" : "not a ply (squares, piece, optional capture and 장군, or 한수쉼)");
}

// An error that ends the game's plies, at column `col` of the line being read.
void MoveLineReader::fail(const char* code, int col, std::string token, std::string message) {
  add_game_diagnostic(game_, file_, code, Severity::Error, line_->number, col, static_cast<int>(game_.plies.size()) + 1,
                      std::move(token), std::move(message));
  broken_ = true;
}

}  // namespace gibo::gib
