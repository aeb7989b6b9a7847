// The explorer's and the search's numbers (explore.h): the index's confirmed hits for a
// position, narrowed to the selection, grouped by the move played next.
#include "gibo/report/explore.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "gibo/formats/notation.h"
#include "stats_facts.h"

namespace gibo::explore {

namespace {

// The confirmed hits for a position that the selection keeps, and their game ids.
struct Hits {
  std::vector<archive::PositionHit> hits;
  std::vector<std::int64_t> ids;
};

// The hits for `position` that `selected` keeps (all when it is null).
Expected<Hits> selected_hits(archive::PositionIndex& index, const Position& position,
                             const std::unordered_set<std::int64_t>* selected) {
  auto found = index.find(position);
  if (!found) return found.error();
  Hits out;
  for (const archive::PositionHit& h : *found)
    if (!selected || selected->count(h.game_id)) {
      out.hits.push_back(h);
      out.ids.push_back(h.game_id);
    }
  return out;
}

// Is `a` more notable than `b`: more recent, then longer, then stored first?
bool more_notable(const archive::IndexedGame& a, const archive::IndexedGame& b) {
  return std::make_tuple(a.date, a.plies, -a.id) > std::make_tuple(b.date, b.plies, -b.id);
}

}  // namespace

void name_positions(Exploration& e, Setup cho, Setup han, const OpeningBook& book) {
  e.names = names_at(e.position, cho, han, book);
  for (MoveLine& m : e.moves) {
    Position after = e.position;
    after.do_move(m.move);
    m.starts = names_started(*e.names, names_at(after, cho, han, book));
  }
}

Expected<Exploration> explore(archive::PositionIndex& index, const Position& position,
                              const std::unordered_set<std::int64_t>* selected) {
  const auto selection = selected_hits(index, position, selected);
  if (!selection) return selection.error();
  const std::vector<archive::PositionHit>& hits = selection->hits;
  const auto total = index.game_count();
  if (!total) return total.error();
  const auto facts = index.games(selection->ids);
  if (!facts) return facts.error();
  Exploration e;
  e.position = position;
  e.fen = position.fen();
  e.archive_games = static_cast<long>(*total);
  struct Group {
    MoveLine line;
    long plies = 0;
    archive::IndexedGame notable;
    int notable_ply = 0;
  };
  std::map<std::uint16_t, Group> groups;
  for (std::size_t i = 0; i < hits.size(); ++i) {
    const archive::PositionHit& h = hits[i];
    const archive::IndexedGame& f = (*facts)[i];
    ++e.games;
    if (h.next == archive::PositionHit::Next::Ended) ++e.ended_here;
    if (h.next == archive::PositionHit::Next::Broken) ++e.broken_here;
    if (h.next != archive::PositionHit::Next::Move) continue;
    Group& g = groups[h.move.raw()];
    MoveLine& m = g.line;
    if (m.games == 0) {
      m.move = h.move;
      g.notable = f;
      g.notable_ply = h.ply;
    }
    ++m.games;
    switch (f.winner) {
      case Winner::Cho: ++m.cho; break;
      case Winner::Han: ++m.han; break;
      case Winner::Draw: ++m.draw; break;
      default: ++m.other; break;
    }
    g.plies += f.plies;
    m.last_date = std::max(m.last_date, f.date);
    if (more_notable(f, g.notable)) {
      g.notable = f;
      g.notable_ply = h.ply;
    }
  }
  std::vector<std::int64_t> notable_ids;
  for (auto& [raw, g] : groups) {
    MoveLine& m = g.line;
    m.avg_plies = static_cast<double>(g.plies) / static_cast<double>(m.games);
    m.notable_ply = g.notable_ply;
    m.uci = write_uci(m.move);
    // The games played it under their own rules; the writers need it to be a move here.
    const bool writable = position.is_pseudo_legal(m.move);
    m.san = writable ? write_san(position, m.move) : m.uci;
    m.janggi = writable ? write_janggi(position, m.move) : m.uci;
    m.korean = stats::ply_name(position.piece_on(m.move.from()), m.move);
    notable_ids.push_back(g.notable.id);
    e.moves.push_back(std::move(m));
  }
  const auto listings = index.describe(notable_ids);
  if (!listings) return listings.error();
  for (std::size_t i = 0; i < e.moves.size(); ++i) e.moves[i].notable = (*listings)[i];
  std::sort(e.moves.begin(), e.moves.end(),
            [](const MoveLine& a, const MoveLine& b) { return a.games != b.games ? a.games > b.games : a.uci < b.uci; });
  return e;
}

Expected<Search> search(archive::PositionIndex& index, const Position& position,
                        const std::unordered_set<std::int64_t>* selected) {
  const auto selection = selected_hits(index, position, selected);
  if (!selection) return selection.error();
  const std::vector<archive::PositionHit>& hits = selection->hits;
  auto listings = index.describe(selection->ids);
  if (!listings) return listings.error();
  Search s;
  s.fen = position.fen();
  s.games.reserve(hits.size());
  for (std::size_t i = 0; i < hits.size(); ++i) {
    Found f;
    f.game = std::move((*listings)[i]);
    f.ply = hits[i].ply;
    f.next = hits[i].next == archive::PositionHit::Next::Move    ? write_uci(hits[i].move)
             : hits[i].next == archive::PositionHit::Next::Ended ? "end"
                                                                 : "broken";
    s.games.push_back(std::move(f));
  }
  return s;
}

}  // namespace gibo::explore
