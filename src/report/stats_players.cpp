// The players and events of `gibo stats`: each side's identity (record/player_identity.h),
// the ratings (report/ratings.h) and the events' crosstables (report/crosstable.h), from
// the games' facts. Declared in stats_players.h.
#include "stats_players.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "gibo/record/identity_merge.h"
#include "gibo/record/name_aliases.h"
#include "gibo/record/player_identity.h"

namespace gibo::stats {
namespace {

// A board ending's reason decided by counting the pieces (as a point win is).
bool counted(std::string_view reason) {
  return reason == "double-pass" || reason == "bikjang" || reason == "move-limit" || reason == "no-capture-limit" ||
         reason == "insufficient-material";
}

}  // namespace

Scored scored_result(const GameFacts& g, bool by_verdict) {
  Scored s;
  s.winner = g.has_result ? g.result.winner : Winner::Unknown;
  s.method = g.has_result ? g.result.method : ResultMethod::None;
  if (!by_verdict) return s;
  for (const VerdictFact& v : g.verdicts) {
    if (v.profile != g.profile) continue;
    const Winner board = v.board_winner == "cho"    ? Winner::Cho
                         : v.board_winner == "han"  ? Winner::Han
                         : v.board_winner == "draw" ? Winner::Draw
                                                    : Winner::Unknown;
    if (board == Winner::Unknown) return s;  // no ending on the board: the stored result stands
    const ResultMethod method = board == Winner::Draw                ? ResultMethod::None
                                : counted(v.board_reason)           ? ResultMethod::Points
                                : v.board_reason == "checkmate"     ? ResultMethod::Checkmate
                                                                    : ResultMethod::Outright;
    s.rescored = board != s.winner || (board != Winner::Draw && method != s.method);
    s.winner = board;
    s.method = method;
    return s;
  }
  return s;
}

namespace {

// An identity while the games are read: its spellings, the date of its latest rank, and what
// the collection's merge rule needs to know of it (record/identity_merge.h).
struct Building {
  std::map<std::pair<std::string, std::string>, long> spellings;  // (tag, rule) -> games
  std::string rank_date;  // the date key of last_rank's game
  SeenIdentity seen;
};

// Folds identity `from` into `into` (the merge rule's `name-without-site`).
void fold_identity(Identity& into, Building& into_b, Identity& from, Building& from_b) {
  for (const auto& [spelling, games] : from_b.spellings)
    into_b.spellings[{spelling.first, std::string(identity_rule_name(IdentityRule::NameWithoutSite))}] += games;
  if (from.first_year && (!into.first_year || *from.first_year < *into.first_year)) into.first_year = from.first_year;
  if (from.last_year && (!into.last_year || *from.last_year > *into.last_year)) into.last_year = from.last_year;
  if (!from.last_rank.empty() && from_b.rank_date >= into_b.rank_date) into.last_rank = from.last_rank, into_b.rank_date = from_b.rank_date;
}

// Applies the collection's merges to the identities read game by game: each merged identity
// folded into the one it is counted as, the rest renumbered in order of appearance, the sides
// renumbered, the possible merges no rule decides listed.
void apply_merges(std::vector<Identity>& identities, std::vector<Building>& building,
                  std::vector<std::array<std::size_t, 2>>& sides, const std::set<std::pair<std::size_t, std::size_t>>& met,
                  std::vector<PossibleMerge>* possible) {
  std::vector<SeenIdentity> seen;
  for (const Building& b : building) seen.push_back(b.seen);
  const std::vector<std::pair<std::size_t, std::size_t>> met_list(met.begin(), met.end());
  const MergePlan plan = plan_merges(seen, met_list);
  std::vector<std::size_t> number(identities.size(), SIZE_MAX);
  std::vector<Identity> kept;
  std::vector<Building> kept_building;
  for (std::size_t i = 0; i < identities.size(); ++i)
    if (plan.into[i] == i) {
      number[i] = kept.size();
      kept.push_back(std::move(identities[i]));
      kept_building.push_back(std::move(building[i]));
    }
  for (std::size_t i = 0; i < identities.size(); ++i)
    if (plan.into[i] != i) {
      number[i] = number[plan.into[i]];
      fold_identity(kept[number[i]], kept_building[number[i]], identities[i], building[i]);
    }
  for (auto& pair : sides)
    for (std::size_t& side : pair)
      if (side != SIZE_MAX) side = number[side];
  if (possible)
    for (const OpenMerge& m : plan.open) {
      PossibleMerge p{std::string(open_merge_reason_name(m.reason)), {}};
      for (std::size_t i : m.identities) p.identities.push_back(number[i]);
      possible->push_back(std::move(p));
    }
  identities = std::move(kept);
  building = std::move(kept_building);
}

}  // namespace

std::vector<std::array<std::size_t, 2>> identify_sides(const Dataset& data, const NameAliases& aliases,
                                                       const Entities& entities, std::vector<Identity>& identities,
                                                       std::vector<PossibleMerge>* possible) {
  std::unordered_map<std::string, std::size_t> by_key;
  std::vector<Building> building;
  std::set<std::pair<std::size_t, std::size_t>> met;  // identities that met in a game
  std::vector<std::array<std::size_t, 2>> sides(data.games.size(), {SIZE_MAX, SIZE_MAX});
  identities.clear();
  for (std::size_t k = 0; k < data.games.size(); ++k) {
    const GameFacts& g = data.games[k];
    const NameAliases::Counted& site = entities.site(k);
    const bool site_known = !site.key.empty();
    for (int side = 0; side < 2; ++side) {
      const PlayerIdentity id = identify_player(side == 0 ? g.cho_player : g.han_player, site, aliases);
      if (!id.named()) continue;
      auto [it, fresh] = by_key.try_emplace(id.key, identities.size());
      if (fresh) {
        identities.emplace_back();
        identities.back().name = id.display;
        building.push_back({{}, {}, {id.name_key, id.site_key, id.rule, false}});
      }
      Building& b = building[it->second];
      Identity& who = identities[it->second];
      ++b.spellings[{tidy_name(side == 0 ? g.cho_player : g.han_player), std::string(identity_rule_name(id.rule))}];
      if (id.rule == IdentityRule::Alias) b.seen.rule = IdentityRule::Alias;
      b.seen.at_known_site = b.seen.at_known_site || site_known;
      sides[k][static_cast<std::size_t>(side)] = it->second;
      if (g.date.year) {
        if (!who.first_year || *g.date.year < *who.first_year) who.first_year = g.date.year;
        if (!who.last_year || *g.date.year > *who.last_year) who.last_year = g.date.year;
      }
      if (!id.recorded.rank.empty() && g.date.key >= b.rank_date) who.last_rank = id.recorded.rank, b.rank_date = g.date.key;
    }
    if (sides[k][0] != SIZE_MAX && sides[k][1] != SIZE_MAX)
      met.insert({std::min(sides[k][0], sides[k][1]), std::max(sides[k][0], sides[k][1])});
  }
  apply_merges(identities, building, sides, met, possible);
  for (std::size_t i = 0; i < identities.size(); ++i) {
    std::vector<std::pair<long, std::pair<std::string, std::string>>> list;
    for (const auto& [spelling, games] : building[i].spellings) list.push_back({games, spelling});
    std::stable_sort(list.begin(), list.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    for (auto& [n, spelling] : list) identities[i].spellings.push_back(std::move(spelling));
  }
  return sides;
}

void identity_games(const Dataset& data, const std::vector<std::array<std::size_t, 2>>& sides, const ReportOptions& o,
                    const Entities& entities, std::vector<Identity>& identities) {
  for (std::size_t k = 0; k < data.games.size(); ++k) {
    const GameFacts& g = data.games[k];
    const Scored r = scored_result(g, o.by_verdict);
    const std::string event = entities.event(k).key.empty() ? std::string() : entities.event(k).display;
    for (int side = 0; side < 2; ++side) {
      const std::size_t who = sides[k][static_cast<std::size_t>(side)];
      if (who == SIZE_MAX || (side == 1 && who == sides[k][0])) continue;  // a self-game is listed once
      IdentityGame ig;
      ig.game = k;
      ig.id = g.id;
      ig.file = g.file;
      ig.index = g.index;
      ig.date = g.date.key;
      ig.event = event;
      ig.method = r.method;
      ig.cho = side == 0;
      ig.opponent = sides[k][static_cast<std::size_t>(1 - side)];
      const Winner mine = side == 0 ? Winner::Cho : Winner::Han, theirs = side == 0 ? Winner::Han : Winner::Cho;
      ig.result = r.winner == mine ? 0 : r.winner == theirs ? 1 : r.winner == Winner::Draw ? 2 : 3;
      const std::string& tag = side == 0 ? g.cho_player : g.han_player;
      ig.rank = split_player(tag).rank;
      identities[who].games.push_back(std::move(ig));
    }
  }
}

RatingsReport ratings_of(const Dataset& data, const std::vector<std::array<std::size_t, 2>>& sides,
                         std::size_t identities, const ReportOptions& o) {
  RatingsReport r;
  r.by_verdict = o.by_verdict;
  r.options.min_games = o.min_games;
  r.options.drift = o.drift;
  r.options.prior = o.rating_prior;
  for (const GameFacts& g : data.games)
    if (g.date.year && (!r.first_year || *g.date.year < *r.first_year)) r.first_year = g.date.year;
  std::vector<ratings::RatedGame> games;
  for (std::size_t k = 0; k < data.games.size(); ++k) {
    const GameFacts& g = data.games[k];
    ++r.games;
    const auto [cho, han] = sides[k];
    if (cho == SIZE_MAX || han == SIZE_MAX) {
      ++r.unnamed;
      continue;
    }
    if (cho == han) {
      ++r.self_games;
      continue;
    }
    const Scored s = scored_result(g, o.by_verdict);
    r.rescored += s.rescored;
    if (s.winner != Winner::Cho && s.winner != Winner::Han && s.winner != Winner::Draw) {
      ++r.undecided;
      continue;
    }
    ++r.decided;
    // Undated games count in the ratings, not in the history.
    const int period = g.date.year && r.first_year ? *g.date.year - *r.first_year : -1;
    games.push_back({static_cast<std::uint32_t>(cho), static_cast<std::uint32_t>(han),
                     s.winner == Winner::Cho   ? ratings::Outcome::ChoWins
                     : s.winner == Winner::Han ? ratings::Outcome::HanWins
                                               : ratings::Outcome::Draw,
                     period});
  }
  r.fit = ratings::fit(games, identities, r.options);
  return r;
}

}  // namespace gibo::stats
