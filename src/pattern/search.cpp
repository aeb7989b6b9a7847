// A pattern asked of an archive's games (search.h): signatures first, then the replays,
// then the listings of the games that matched. The calling thread reads the archive (one
// connection, one reader) and hands what it reads to the workers in batches as it goes
// (analysis::OrderedStream), so the reading overlaps the work; the answers come back in
// the order read.
#include "gibo/pattern/search.h"

#include <algorithm>
#include <map>
#include <utility>

#include "gibo/analysis/ordered_stream.h"
#include "gibo/core/rules.h"

namespace gibo::pattern {

namespace {

// The games handed to a worker at once: a batch of replays takes about a millisecond (a
// game of 100 plies some 20 µs), of signatures a few hundred microseconds; the hand-over
// (a lock, a wake-up) costs microseconds, and the last batch keeps one thread alone.
constexpr std::size_t kBatch = 64;

// The workers for `count` games: no more than there are batches.
int threads_for(std::size_t count, int jobs) {
  return static_cast<int>(std::clamp<std::size_t>(count / kBatch + 1, 1, static_cast<std::size_t>(std::max(1, jobs))));
}

using Matched = std::vector<std::pair<std::int64_t, GameMatches>>;

// What the signatures of a batch of games say: the games to replay, those answered from
// their signatures, and how many cannot match.
struct Screened {
  std::vector<std::int64_t> replay;
  Matched matched;
  long skipped = 0;
};

using Signatures = std::vector<std::pair<std::int64_t, MaterialSignature>>;

Screened screen(const Pattern& pattern, const Signatures& batch) {
  Screened out;
  for (const auto& [id, signature] : batch) {
    if (!pattern.may_match(signature)) ++out.skipped;
    else if (pattern.reads_board()) out.replay.push_back(id);
    else if (GameMatches m = pattern.match(signature); m.matched()) out.matched.emplace_back(id, std::move(m));
  }
  return out;
}

// The legality rules of a stored game: its profile's with its bikjang option (the default
// profile's when the profile is no longer known).
LegalityRules rules_of(const archive::ReplayGame& g) {
  const Profile* profile = find_profile(g.profile_id);
  return legality_rules(profile ? *profile : default_profile(), g.saved_bikjang.value_or(false));
}

// The matching games of a batch, replayed; a game whose start is no position cannot match.
Matched replay(const Pattern& pattern, const std::vector<archive::ReplayGame>& batch) {
  Matched out;
  for (const archive::ReplayGame& g : batch) {
    Position start;
    if (start.set_fen(g.start_key)) continue;
    start.set_rules(rules_of(g));
    if (GameMatches m = pattern.match(start, g.moves); m.matched()) out.emplace_back(g.id, std::move(m));
  }
  return out;
}

// Reads the items through `read` (which calls its argument with each), in batches of
// kBatch handed to `threads` workers that run `work` on each; `emit` gets each batch's
// result on this thread, in the order read. The reader's error, if any.
template <typename Item, typename Result, typename Read, typename Work, typename Emit>
std::optional<Error> stream_batches(int threads, Read&& read, Work&& work, Emit&& emit) {
  analysis::OrderedStream<std::vector<Item>, Result> stream(threads, work, emit);
  std::vector<Item> batch;
  batch.reserve(kBatch);
  auto e = read([&](Item&& item) {
    batch.push_back(std::move(item));
    if (batch.size() < kBatch) return;
    stream.push(std::exchange(batch, {}));
    batch.reserve(kBatch);
  });
  if (!batch.empty()) stream.push(std::move(batch));
  stream.finish();
  return e;
}

// Asks the signatures of the selected games: counts the selected and skipped, keeps the
// games answered from their signatures in `matched`, and gives the games to replay.
Expected<std::vector<std::int64_t>> screen_all(archive::Archive& archive, const Pattern& pattern,
                                               const std::vector<std::int64_t>* selected, int jobs, SearchResult& r,
                                               std::map<std::int64_t, GameMatches>& matched) {
  std::vector<std::int64_t> replay;
  const std::size_t count = selected ? selected->size() : static_cast<std::size_t>(std::max<long>(0, r.archive_games));
  auto e = stream_batches<std::pair<std::int64_t, MaterialSignature>, Screened>(
      threads_for(count, jobs),
      [&](const auto& add) {
        return archive.for_each_material(selected, [&](std::int64_t id, const MaterialSignature& s) {
          ++r.selected;
          add({id, s});
        });
      },
      [&](const Signatures& batch) { return screen(pattern, batch); },
      [&](Screened&& s) {
        r.skipped += s.skipped;
        replay.insert(replay.end(), s.replay.begin(), s.replay.end());
        for (auto& [id, m] : s.matched) matched.emplace(id, std::move(m));
      });
  if (e) return *e;
  return replay;
}

// Replays the games of `ids` (sorted), keeping those that match in `matched`.
std::optional<Error> replay_all(archive::Archive& archive, const Pattern& pattern, const std::vector<std::int64_t>& ids,
                                int jobs, SearchResult& r, std::map<std::int64_t, GameMatches>& matched) {
  return stream_batches<archive::ReplayGame, Matched>(
      threads_for(ids.size(), jobs),
      [&](const auto& add) {
        return archive.for_each_replay(ids, [&](archive::ReplayGame&& g) {
          ++r.replayed;
          r.replayed_positions += static_cast<long>(g.moves.size()) + 1;
          add(std::move(g));
        });
      },
      [&](const std::vector<archive::ReplayGame>& batch) { return replay(pattern, batch); },
      [&](Matched&& found) {
        for (auto& [id, m] : found) matched.emplace(id, std::move(m));
      });
}

}  // namespace

Expected<SearchResult> search(archive::Archive& archive, const Pattern& pattern,
                              const std::vector<std::int64_t>* selected, int jobs) {
  SearchResult r;
  r.pattern = pattern.text();
  r.archive_games = static_cast<long>(archive.game_count());
  std::map<std::int64_t, GameMatches> matched;
  const auto replay = screen_all(archive, pattern, selected, jobs, r, matched);
  if (!replay) return replay.error();
  if (!replay->empty())
    if (auto e = replay_all(archive, pattern, *replay, jobs, r, matched)) return *e;
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
