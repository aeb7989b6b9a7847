// StartPosition <-> FEN (see gibo/formats/fen.h).
#include "gibo/formats/fen.h"

namespace gibo {
namespace {

// `s` without surrounding blanks.
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

Expected<std::string> start_fen(const Game& game) {
  Position pos;
  if (auto err = start_position(game, LegalityRules{}, pos)) return std::move(*err);
  return pos.fen();
}

Expected<StartPosition> start_from_fen(std::string_view fen) {
  fen = trim(fen);
  Position pos;
  if (auto err = pos.set_fen(fen)) return std::move(*err);
  StartPosition start;
  const std::string canonical = pos.fen();
  if (pos.side_to_move() == Side::Cho) {
    for (Setup cho : kAllSetups)
      for (Setup han : kAllSetups) {
        Position setup;
        setup.set_setups(cho, han, Side::Cho);
        if (setup.fen() == canonical) {
          start.cho = cho;
          start.han = han;
          return start;
        }
      }
  }
  start.custom = true;
  start.fen = std::string(fen);
  start.first_to_move = pos.side_to_move();
  return start;
}

}  // namespace gibo
