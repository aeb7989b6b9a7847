// Copies and twins (gibo/archive/copies.h): what records claim, and where they disagree.
#include "gibo/archive/copies.h"

#include <array>
#include <utility>

#include "gibo/record/fact_tags.h"
#include "gibo/record/game_date.h"
#include "gibo/record/name_aliases.h"
#include "gibo/record/player_identity.h"

namespace gibo::archive {
namespace {

constexpr std::array<std::pair<Conflict, std::string_view>, 4> kWords = {{
    {kConflictCho, "cho"}, {kConflictHan, "han"}, {kConflictDate, "date"}, {kConflictWinner, "winner"}}};

// Do two players' claims say otherwise? Not when either names no one, nor when their
// identities are one, nor when their names are (a nickname at two sites).
bool players_differ(const std::string& a, const std::string& a_name, const std::string& b, const std::string& b_name) {
  if (a.empty() || b.empty()) return false;
  return a != b && a_name != b_name;
}

}  // namespace

RecordClaims record_claims(const std::vector<Tag>& tags, Winner winner) {
  const NameAliases& aliases = NameAliases::builtin();
  auto value = [&](FactTag fact) {
    const std::string* v = fact_tag(tags, fact);
    return v ? std::string_view(*v) : std::string_view();
  };
  RecordClaims c;
  const NameAliases::Counted site = aliases.count_as(true, value(FactTag::Site));
  for (auto [fact, key, name] : {std::tuple{FactTag::Cho, &c.cho, &c.cho_name}, std::tuple{FactTag::Han, &c.han, &c.han_name}}) {
    const PlayerIdentity id = identify_player(value(fact), site, aliases);
    *key = id.key;
    if (id.named()) *name = identity_key(id.recorded.name, aliases);
  }
  c.date = parse_game_date(value(FactTag::Date)).key;
  c.winner = winner;
  return c;
}

unsigned conflicts_between(const RecordClaims& a, const RecordClaims& b) {
  unsigned out = 0;
  if (players_differ(a.cho, a.cho_name, b.cho, b.cho_name)) out |= kConflictCho;
  if (players_differ(a.han, a.han_name, b.han, b.han_name)) out |= kConflictHan;
  if (!a.date.empty() && !b.date.empty() && a.date.rfind(b.date, 0) != 0 && b.date.rfind(a.date, 0) != 0)
    out |= kConflictDate;
  if (a.winner != Winner::Unknown && b.winner != Winner::Unknown && a.winner != b.winner) out |= kConflictWinner;
  return out;
}

std::string conflict_words(unsigned conflicts) {
  std::string out;
  for (const auto& [bit, word] : kWords)
    if (conflicts & bit) {
      if (!out.empty()) out += ' ';
      out += word;
    }
  return out;
}

unsigned conflicts_from_words(std::string_view words) {
  unsigned out = 0;
  for (std::size_t at = 0; at < words.size();) {
    std::size_t end = words.find(' ', at);
    if (end == std::string_view::npos) end = words.size();
    for (const auto& [bit, word] : kWords)
      if (words.substr(at, end - at) == word) out |= bit;
    at = end + 1;
  }
  return out;
}

}  // namespace gibo::archive
