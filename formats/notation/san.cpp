// SAN as Fairy-Stockfish writes it, and a lenient reader (README.md, "SAN").
#include <optional>
#include <string>
#include <vector>

#include "notation_internal.h"

namespace gibo {
namespace {

using notation_detail::MovePattern;

// How much of the from-square a SAN move must show (Fairy-Stockfish's rule).
enum class Disambiguation { None, File, Rank, Square };

// The disambiguation Fairy-Stockfish gives the legal move `m`: none if no other piece of
// the mover's type can legally reach the to-square; else the file if none of those others
// stands on the mover's file; else the rank if none stands on its rank; else the square.
Disambiguation disambiguation(const Position& pos, Move m) {
  const Side us = pos.side_to_move();
  const Piece mover = pos.piece_on(m.from());
  bool any = false, same_file = false, same_rank = false;
  const Square* squares = pos.pieces(us);
  for (int i = 0; i < pos.piece_count(us); ++i) {
    const Square s = squares[i];
    if (s == m.from() || pos.piece_on(s) != mover) continue;
    if (!pos.is_legal(Move(s, m.to()))) continue;
    any = true;
    same_file |= file_of(s) == file_of(m.from());
    same_rank |= rank_of(s) == rank_of(m.from());
  }
  if (!any) return Disambiguation::None;
  if (!same_file) return Disambiguation::File;
  if (!same_rank) return Disambiguation::Rank;
  return Disambiguation::Square;
}

// One lexical unit of the squares part of a SAN move.
struct Token {
  enum Kind { File, Rank, Capture, Dash } kind;
  int value = 0;  // file 0..8 or rank index 0..9
};

// Splits `text` (the part after the piece letter) into file letters, ranks, 'x' and '-'.
// Ranks are "1".."9" and "10" (one-based) or "0".."9" (zero-based). nullopt on any other
// character or on a rank out of range.
std::optional<std::vector<Token>> tokenize(std::string_view text, bool zero_based) {
  std::vector<Token> out;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c >= 'a' && c <= 'i') {
      out.push_back({Token::File, c - 'a'});
      ++i;
    } else if (c == 'x' || c == ':') {
      out.push_back({Token::Capture, 0});
      ++i;
    } else if (c == '-') {
      out.push_back({Token::Dash, 0});
      ++i;
    } else if (c >= '0' && c <= '9') {
      if (zero_based) {
        out.push_back({Token::Rank, c - '0'});
        ++i;
      } else if (c == '1' && i + 1 < text.size() && text[i + 1] == '0') {
        out.push_back({Token::Rank, 9});
        i += 2;
      } else if (c == '0') {
        return std::nullopt;
      } else {
        out.push_back({Token::Rank, c - '1'});
        ++i;
      }
    } else {
      return std::nullopt;
    }
  }
  return out;
}

// The pattern for a `piece` move the tokens describe, which must read
// [file][rank][x|-]file rank; nullopt if they do not.
std::optional<MovePattern> pattern_from_tokens(const std::vector<Token>& tokens, PieceType piece) {
  const std::size_t n = tokens.size();
  if (n < 2 || tokens[n - 2].kind != Token::File || tokens[n - 1].kind != Token::Rank) return std::nullopt;
  MovePattern pattern;
  pattern.piece = piece;
  pattern.to = make_square(tokens[n - 2].value, tokens[n - 1].value);
  std::size_t end = n - 2;  // tokens [0, end) are the optional prefix
  if (end > 0 && (tokens[end - 1].kind == Token::Capture || tokens[end - 1].kind == Token::Dash)) --end;
  std::size_t i = 0;
  if (i < end && tokens[i].kind == Token::File) pattern.from_file = tokens[i++].value;
  if (i < end && tokens[i].kind == Token::Rank) pattern.from_rank = tokens[i++].value;
  if (i != end) return std::nullopt;
  return pattern;
}

// Is `text` one of the pass words a SAN reader accepts ("pass" in any case, "@@@@")?
bool is_pass_word(std::string_view text) {
  if (text == "@@@@") return true;
  if (text.size() != 4) return false;
  const std::string_view lower = "pass";
  for (std::size_t i = 0; i < 4; ++i) {
    const char c = text[i] >= 'A' && text[i] <= 'Z' ? static_cast<char>(text[i] - 'A' + 'a') : text[i];
    if (c != lower[i]) return false;
  }
  return true;
}

}  // namespace

std::string write_san(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  std::string san(1, notation_letter(type_of(pos.piece_on(from))));
  if (!m.is_pass()) {
    switch (disambiguation(pos, m)) {
      case Disambiguation::None: break;
      case Disambiguation::File: san += static_cast<char>('a' + file_of(from)); break;
      case Disambiguation::Rank: san += std::to_string(rank_of(from) + 1); break;
      case Disambiguation::Square: san += square_name(from); break;
    }
    if (pos.piece_on(to) != Piece::None) san += 'x';
  }
  san += square_name(to);
  san += check_mark(pos, m);
  return san;
}

MoveReadResult read_san(const Position& pos, std::string_view text, const SanReadOptions& options) {
  using notation_detail::read_error;
  const std::string_view original = notation_detail::trim_blanks(text);
  if (is_pass_word(original)) return notation_detail::find_pass(pos, original);
  std::string_view body = notation_detail::strip_suffix_marks(original);
  const std::string quoted = notation_detail::quote(original);
  if (body.empty()) return read_error(NotationErrorKind::Syntax, "empty SAN move " + quoted);

  PieceType piece = PieceType::Soldier;  // chess-style SAN without a soldier letter
  if (body.front() >= 'A' && body.front() <= 'Z') {
    piece = piece_type_from_notation_letter(body.front());
    if (piece == PieceType::None) {
      return read_error(NotationErrorKind::Syntax, quoted + ": unknown piece letter '" + body.front() + "'");
    }
    body.remove_prefix(1);
  }
  const std::optional<std::vector<Token>> tokens = tokenize(body, options.zero_based_ranks);
  const std::optional<MovePattern> pattern = tokens ? pattern_from_tokens(*tokens, piece) : std::nullopt;
  if (!pattern) return read_error(NotationErrorKind::Syntax, quoted + " is not a SAN move");
  return notation_detail::find_move(pos, *pattern, original);
}

}  // namespace gibo
