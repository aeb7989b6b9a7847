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

namespace {

constexpr std::string_view kNotListed = " diagnostics in this game not listed)";

// Is `d` the count of the not-listed diagnostics of its code?
bool is_overflow(const Diagnostic& d) {
  return !d.message.empty() && d.message.front() == '(' && d.message.ends_with(kNotListed);
}

std::string overflow_message(long count, const std::string& code) {
  return "(" + std::to_string(count) + " more " + code + std::string(kNotListed);
}

}  // namespace

void add_diagnostic(Game& game, Diagnostic d) {
  d.token = clip_quoted(d.token);
  std::vector<Diagnostic>& all = game.diagnostics;
  // A capped code's overflow entry follows its listed ones: look for it from the end,
  // stopping at a listed entry of the same code (then the code is not capped yet).
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    if (it->code != d.code || it->severity != d.severity) continue;
    if (!is_overflow(*it)) break;
    long count = 0;
    for (std::size_t k = 1; k < it->message.size() && it->message[k] >= '0' && it->message[k] <= '9'; ++k)
      count = count * 10 + (it->message[k] - '0');
    it->message = overflow_message(count + 1, d.code);
    return;
  }
  int same = 0;
  for (const Diagnostic& x : all) same += x.code == d.code && x.severity == d.severity;
  if (same < kMaxDiagnosticsPerCode) {
    all.push_back(std::move(d));
    return;
  }
  Diagnostic more;
  more.code = d.code;
  more.severity = d.severity;
  more.file = d.file;
  more.game = d.game;
  more.message = overflow_message(1, d.code);
  all.push_back(std::move(more));
}

std::optional<std::string> start_position(const Game& game, const LegalityRules& rules, Position& pos) {
  pos.set_rules(rules);
  if (!game.start.custom) {
    pos.set_setups(game.start.cho, game.start.han, game.start.first_to_move);
    return std::nullopt;
  }
  return pos.set_fen(game.start.fen);
}

}  // namespace gibo
