// Game: tag lookup, errors, the per-code diagnostic cap, and the start position on a board (gibo/record/game.h).
#include "gibo/record/game.h"
#include "gibo/record/first_error.h"

namespace gibo {

const std::string* Game::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

bool Game::has_errors() const { return first_error(diagnostics) != nullptr; }

namespace {

constexpr std::string_view kNotListed = " diagnostics in this game not listed)";

// Is `d` the count of the not-listed diagnostics of its code?
bool is_overflow(const Diagnostic& d) {
  return !d.message.empty() && d.message.front() == '(' && d.message.ends_with(kNotListed);
}

std::string overflow_message(long count, const std::string& code) {
  std::string out = "(";
  out += std::to_string(count);
  out += " more ";
  out += code;
  out += kNotListed;
  return out;
}

}  // namespace

void add_diagnostic(Game& game, Diagnostic d) {
  d.token = clip_quoted(d.token);
  std::vector<Diagnostic>& all = game.diagnostics;
  auto same = [&](const Diagnostic& x) { return x.code == d.code && x.severity == d.severity; };
  auto count_more = [&](Diagnostic& more) {
    long count = 0;
    for (std::size_t k = 1; k < more.message.size() && more.message[k] >= '0' && more.message[k] <= '9'; ++k)
      count = count * 10 + (more.message[k] - '0');
    more.message = overflow_message(count + 1, d.code);
  };
  // Fast path for a long run of one code: its overflow entry near the end.
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    if (!same(*it)) continue;
    if (is_overflow(*it)) return count_more(*it);
    break;
  }
  int listed = 0;
  Diagnostic* more = nullptr;
  for (Diagnostic& x : all) {
    if (!same(x)) continue;
    if (is_overflow(x)) more = &x;
    else ++listed;
  }
  if (listed < kMaxDiagnosticsPerCode) {
    all.push_back(std::move(d));
  } else if (more) {
    count_more(*more);
  } else {  // the first one not listed: the count stands where it would have
    d.token.clear();
    d.message = overflow_message(1, d.code);
    all.push_back(std::move(d));
  }
}

Game header_of(const Game& game) {
  Game h;
  h.tags = game.tags;
  h.header_comments = game.header_comments;
  h.start = game.start;
  h.result_text = game.result_text;
  h.has_result = game.has_result;
  h.saved_profile_id = game.saved_profile_id;
  h.saved_bikjang_option = game.saved_bikjang_option;
  return h;
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
