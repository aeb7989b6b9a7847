// A pattern asked of an archive's games (search.h): signatures first, then the replays
// shared among threads, then the listings of the games that matched.
#include "gibo/pattern/search.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

#include "gibo/core/rules.h"

namespace gibo::pattern {

namespace {

// The legality rules of a stored game: its profile's with its bikjang option (the default
// profile's when the profile is no longer known).
LegalityRules rules_of(const archive::ReplayGame& g) {
  const Profile* profile = find_profile(g.profile_id);
  return legality_rules(profile ? *profile : default_profile(), g.saved_bikjang.value_or(false));
}

// Replays `games` on `jobs` threads; each game's matches at the same index.
std::vector<GameMatches> replay_all(const Pattern& pattern, const std::vector<archive::ReplayGame>& games, int jobs) {
  std::vector<GameMatches> out(games.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    constexpr std::size_t kChunk = 64;
    for (std::size_t from; (from = next.fetch_add(kChunk)) < games.size();)
      for (std::size_t i = from; i < std::min(from + kChunk, games.size()); ++i) {
        Position start;
        if (start.set_fen(games[i].start_key)) continue;  // no position: it cannot match
        start.set_rules(rules_of(games[i]));
        out[i] = pattern.match(start, games[i].moves);
      }
  };
  const int threads = std::max(1, std::min<int>(jobs, static_cast<int>(games.size() / 64) + 1));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return out;
}

}  // namespace

Expected<SearchResult> search(archive::Archive& archive, const Pattern& pattern,
                              const std::vector<std::int64_t>* selected, int jobs) {
  SearchResult r;
  r.pattern = pattern.text();
  r.archive_games = static_cast<long>(archive.game_count());
  std::map<std::int64_t, GameMatches> matched;
  std::vector<std::int64_t> replay;
  if (auto e = archive.for_each_material(selected, [&](std::int64_t id, const MaterialSignature& s) {
        ++r.selected;
        if (!pattern.may_match(s)) {
          ++r.skipped;
          return;
        }
        if (pattern.reads_board()) {
          replay.push_back(id);
          return;
        }
        GameMatches m = pattern.match(s);
        if (m.matched()) matched.emplace(id, std::move(m));
      }))
    return *e;
  if (!replay.empty()) {
    std::vector<archive::ReplayGame> games;
    games.reserve(replay.size());
    if (auto e = archive.for_each_replay(replay, [&](archive::ReplayGame&& g) { games.push_back(std::move(g)); })) return *e;
    r.replayed = static_cast<long>(games.size());
    for (const archive::ReplayGame& g : games) r.replayed_positions += static_cast<long>(g.moves.size()) + 1;
    std::vector<GameMatches> results = replay_all(pattern, games, jobs);
    for (std::size_t i = 0; i < games.size(); ++i)
      if (results[i].matched()) matched.emplace(games[i].id, std::move(results[i]));
  }
  std::vector<std::int64_t> ids;
  for (const auto& [id, m] : matched) ids.push_back(id);
  auto listings = archive.game_listings(ids);
  if (!listings) return listings.error();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    Found f{std::move((*listings)[i]), std::move(matched[ids[i]])};
    r.positions += static_cast<long>(f.matches.plies.size());
    switch (f.game.winner) {
      case Winner::Cho: ++r.cho; break;
      case Winner::Han: ++r.han; break;
      case Winner::Draw: ++r.draw; break;
      default: ++r.other; break;
    }
    r.found.push_back(std::move(f));
  }
  r.games = static_cast<long>(r.found.size());
  if (pattern.sorted())
    std::stable_sort(r.found.begin(), r.found.end(), [&](const Found& a, const Found& b) {
      return pattern.highest_first() ? *a.matches.value > *b.matches.value : *a.matches.value < *b.matches.value;
    });
  return r;
}

}  // namespace gibo::pattern
