// Piece letters, check marks and the move lookup shared by all notations.
#include <string>

#include "gibo/core/enum_names.h"
#include "gibo/record/diagnostic.h"
#include "notation_internal.h"

namespace gibo {

std::string_view notation_error_name(NotationErrorKind kind) {
  static constexpr auto kNames = std::to_array<Named<NotationErrorKind>>({
      {NotationErrorKind::Syntax, "syntax"}, {NotationErrorKind::NoMatch, "no-match"},
      {NotationErrorKind::Illegal, "illegal"}, {NotationErrorKind::Ambiguous, "ambiguous"}});
  return name_of(kNames, kind);
}

char notation_letter(PieceType t) {
  constexpr char letters[kPieceTypeCount] = {'?', 'K', 'A', 'E', 'H', 'R', 'C', 'P'};
  return letters[static_cast<int>(t)];
}

PieceType piece_type_from_notation_letter(char c) {
  switch (c) {
    case 'K': return PieceType::General;
    case 'A': return PieceType::Advisor;
    case 'E': case 'B': return PieceType::Elephant;
    case 'H': case 'N': return PieceType::Horse;
    case 'R': return PieceType::Chariot;
    case 'C': return PieceType::Cannon;
    case 'P': return PieceType::Soldier;
    default: return PieceType::None;
  }
}

std::string check_mark(const Position& pos, Move m) {
  if (m.is_pass() || !pos.gives_check(m)) return "";
  Position after = pos;  // copied only for checking moves, to look for a reply
  after.do_move(m);
  MoveList replies;
  after.legal_moves(replies);
  return replies.empty() ? "#" : "+";
}

std::string write_uci(Move m) { return uci(m); }

namespace notation_detail {

NotationError read_error(NotationErrorKind kind, std::string message) {
  return NotationError{kind, std::move(message)};
}

bool matches(const Position& pos, Move m, const MovePattern& pattern) {
  if (m.to() != pattern.to) return false;
  if (pattern.piece != PieceType::None && type_of(pos.piece_on(m.from())) != pattern.piece) return false;
  if (pattern.from_file >= 0 && file_of(m.from()) != pattern.from_file) return false;
  if (pattern.from_rank >= 0 && rank_of(m.from()) != pattern.from_rank) return false;
  return true;
}

MoveReadResult find_move(const Position& pos, const MovePattern& pattern, std::string_view text) {
  MoveList legal;
  pos.legal_moves(legal, /*stop_at_immediate_end=*/false);
  Move found = Move::none();
  std::string fitting;
  int count = 0;
  for (Move m : legal) {
    if (!matches(pos, m, pattern)) continue;
    found = m;
    fitting += (count++ ? ", " : "") + uci(m);
  }
  const std::string quoted = quote(text);
  if (count == 1) return found;
  if (count > 1) {
    return read_error(NotationErrorKind::Ambiguous, quoted + " is ambiguous: it fits " + fitting);
  }
  MoveList pseudo;
  pos.pseudo_legal_moves(pseudo);
  for (Move m : pseudo) {
    if (matches(pos, m, pattern)) {
      return read_error(NotationErrorKind::Illegal, quoted + " (" + uci(m) + ") is not legal in this position");
    }
  }
  return read_error(NotationErrorKind::NoMatch, quoted + " names no move of the side to move");
}

MoveReadResult find_pass(const Position& pos, std::string_view text) {
  const Square g = pos.general(pos.side_to_move());
  const std::string quoted = quote(text);
  if (g == kNoSquare) return read_error(NotationErrorKind::Illegal, quoted + ": the side to move has no general");
  const Move pass = Move::pass(g);
  if (!pos.is_legal(pass)) return read_error(NotationErrorKind::Illegal, quoted + ": passing is not legal here");
  return pass;
}

std::string quote(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += '\'';
  out.append(clip_quoted(text));
  out += '\'';
  return out;
}

std::string_view trim_blanks(std::string_view text) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace notation_detail
}  // namespace gibo
