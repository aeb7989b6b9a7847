// The text readers' helpers: a move resolved on the board as a ply, stated marks, diagnostics (board_ply.h).
#include "board_ply.h"

namespace gibo::detail {

StatedMarks stated_marks(std::string_view token) {
  while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.remove_suffix(1);
  StatedMarks marks;
  marks.check = !token.empty() && (token.back() == '+' || token.back() == '#');
  marks.capture = token.find_first_of("x:") != std::string_view::npos;
  return marks;
}

RecordedPly board_ply(Position& pos, Move m, std::string text, int line, int column, StatedMarks marks) {
  RecordedPly rp;
  rp.text = std::move(text);
  rp.line = line;
  rp.column = column;
  rp.move = m;
  if (m.is_pass()) {
    rp.pass = true;
    pos.do_move(m);
    return rp;
  }
  rp.piece = type_of(pos.piece_on(m.from()));
  rp.capture_marker = marks.capture;
  rp.check = marks.check;
  pos.do_move(m);
  return rp;
}

Diagnostic game_diagnostic(const char* code, Severity severity, const std::string& file, int line, int column,
                           int game, int ply, std::string token, std::string message) {
  Diagnostic d;
  d.code = code;
  d.severity = severity;
  d.file = file;
  d.line = line;
  d.column = column;
  d.game = game;
  d.ply = ply;
  d.token = std::move(token);
  d.message = std::move(message);
  return d;
}

}  // namespace gibo::detail
