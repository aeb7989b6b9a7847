#include "gibo/record/game.h"

namespace gibo {

const std::string* Game::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

bool Game::has_errors() const {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error) return true;
  return false;
}

std::optional<Error> start_position(const Game& game, const LegalityRules& rules, Position& pos) {
  pos.set_rules(rules);
  if (!game.start.custom) {
    pos.set_setups(game.start.cho, game.start.han, game.start.first_to_move);
    return std::nullopt;
  }
  return pos.set_fen(game.start.fen);
}

}  // namespace gibo
