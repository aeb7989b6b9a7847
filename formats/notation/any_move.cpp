// Reading a move in any notation gibo reads (notation.h, read_any_move): the Korean
// coordinate form of .gib records here, the others by their readers.
#include <array>
#include <string>

#include "gibo/formats/notation.h"

namespace gibo {

namespace {

// A piece name of the Korean notation, hangul or hanja.
struct KoreanLetter {
  std::string_view text;
  PieceType type;
};
constexpr std::array<KoreanLetter, 20> kLetters = {{
    {"장", PieceType::General}, {"將", PieceType::General}, {"帥", PieceType::General}, {"궁", PieceType::General},
    {"楚", PieceType::General}, {"漢", PieceType::General}, {"사", PieceType::Advisor}, {"士", PieceType::Advisor},
    {"상", PieceType::Elephant}, {"象", PieceType::Elephant}, {"마", PieceType::Horse}, {"馬", PieceType::Horse},
    {"차", PieceType::Chariot}, {"車", PieceType::Chariot}, {"포", PieceType::Cannon}, {"包", PieceType::Cannon},
    {"졸", PieceType::Soldier}, {"卒", PieceType::Soldier}, {"병", PieceType::Soldier}, {"兵", PieceType::Soldier},
}};

// The piece name at the start of `text`, consumed; PieceType::None when there is none.
PieceType take_letter(std::string_view& text) {
  for (const KoreanLetter& l : kLetters)
    if (text.substr(0, l.text.size()) == l.text) {
      text.remove_prefix(l.text.size());
      return l.type;
    }
  return PieceType::None;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

MoveReadResult error(NotationErrorKind kind, std::string message) {
  return MoveReadResult(NotationError{kind, std::move(message)});
}

// "79졸78": from-square, optional side mark and piece name, to-square, then optional
// capture ("타" and a piece name, or a piece name) and "장군".
MoveReadResult read_korean(const Position& pos, std::string_view text) {
  std::string quoted = "'";
  quoted.append(text).append("'");
  if (text == "한수쉼") return read_uci(pos, "pass");
  std::string_view rest = text;
  if (rest.size() < 4 || !is_digit(rest[0]) || !is_digit(rest[1]))
    return error(NotationErrorKind::Syntax, quoted + ": not Korean notation (79졸78)");
  const Square from = parse_janggi_square(rest.substr(0, 2));
  rest.remove_prefix(2);
  for (std::string_view mark : {"楚", "漢", "초", "한"})
    if (rest.substr(0, mark.size()) == mark && rest.size() > mark.size() && !is_digit(rest[mark.size()])) {
      rest.remove_prefix(mark.size());
      break;
    }
  const PieceType named = take_letter(rest);
  if (rest.size() < 2 || !is_digit(rest[0]) || !is_digit(rest[1]))
    return error(NotationErrorKind::Syntax, quoted + ": expected the to-square's two digits");
  const Square to = parse_janggi_square(rest.substr(0, 2));
  rest.remove_prefix(2);
  if (rest.substr(0, std::string_view("타").size()) == "타") rest.remove_prefix(std::string_view("타").size());
  take_letter(rest);
  if (rest.substr(0, std::string_view("장군").size()) == "장군") rest.remove_prefix(std::string_view("장군").size());
  while (!rest.empty() && (rest.front() == '+' || rest.front() == '#' || rest.front() == '!' || rest.front() == '?'))
    rest.remove_prefix(1);
  if (!rest.empty()) return error(NotationErrorKind::Syntax, quoted + ": unexpected '" + std::string(rest) + "' at the end");
  if (from == kNoSquare || to == kNoSquare)
    return error(NotationErrorKind::Syntax, quoted + ": a square is two digits, row 0-9 then column 1-9");
  const Piece piece = pos.piece_on(from);
  if (piece == Piece::None || side_of(piece) != pos.side_to_move())
    return error(NotationErrorKind::NoMatch, quoted + ": no piece of the side to move on " + std::string(text.substr(0, 2)));
  if (named != PieceType::None && named != type_of(piece))
    return error(NotationErrorKind::NoMatch, quoted + ": the piece on " + std::string(text.substr(0, 2)) + " is no " +
                                                 std::string(1, notation_letter(named)));
  const MoveReadResult m = read_uci(pos, uci(Move(from, to)));
  if (!m) return error(m.error().kind, quoted + ": " + m.error().message);
  return m;
}

}  // namespace

MoveReadResult read_any_move(const Position& pos, std::string_view text) {
  if (text.empty()) return error(NotationErrorKind::Syntax, "an empty move");
  if (is_digit(text.front()) || text == "한수쉼") return read_korean(pos, text);
  // The Latin notations: the first reader that recognises the text decides.
  for (auto reader : {+[](const Position& p, std::string_view t) { return read_uci(p, t); },
                      +[](const Position& p, std::string_view t) { return read_san(p, t); },
                      +[](const Position& p, std::string_view t) { return read_janggi(p, t); }}) {
    MoveReadResult m = reader(pos, text);
    if (m || m.error().kind != NotationErrorKind::Syntax) return m;
  }
  std::string message = "'";
  message.append(text).append(
      "': expected a move in UCI (c4c5, pass e2e2), Korean notation (79졸78, 7978, 한수쉼), SAN (Hc3) or JANGGI (H02-83)");
  return error(NotationErrorKind::Syntax, std::move(message));
}

std::optional<Error> play_move_list(std::string_view moves, Position& pos, std::vector<Move>* played, int limit) {
  int ply = 0;
  std::size_t at = 0;
  while (at < moves.size()) {
    const std::size_t start = moves.find_first_not_of(" \t\r\n,", at);
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(moves.find_first_of(" \t\r\n,", start), moves.size());
    const std::string_view token = moves.substr(start, end - start);
    at = end;
    if (++ply > limit && limit > 0) return Error{"more than " + std::to_string(limit) + " moves"};
    const MoveReadResult r = read_any_move(pos, token);
    if (!r) {
      std::string message = "ply " + std::to_string(ply) + " '";
      message.append(token).append("': ").append(r.error().message);
      return Error{std::move(message)};
    }
    pos.do_move(*r);
    if (played) played->push_back(*r);
  }
  return std::nullopt;
}

}  // namespace gibo
