// The sections "ratings" and "events" of the report laid out as tables (stats_players.h):
// the rating model and the ratings, each year's rating, the events with their standings,
// crosstables and the games behind each cell.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "stats_columns.h"
#include "stats_players.h"

namespace gibo::stats {
namespace {

// A decimal with at most `decimals` places, trailing zeros left out (2 -> "2", 5.50 -> "5.5").
std::string decimal(double v, int decimals = 1) {
  std::string s = format_decimal(v, decimals);
  if (s.find('.') == std::string::npos) return s;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// A rating in Elo, one decimal always (1500.0).
std::string elo(double v) { return format_decimal(v, 1); }

// A game's points in a crosstable cell: ½ for a half point, as printed crosstables write it.
std::string cell_points(double v) {
  if (std::abs(v - 0.5) < 1e-9) return "½";
  return decimal(v);
}

std::string year_text(const std::optional<int>& y) { return y ? std::to_string(*y) : ""; }

std::string place_text(const crosstable::Standing& s) {
  std::string text = std::to_string(s.place);
  if (s.place_to != s.place) text.append("–").append(std::to_string(s.place_to));
  return text;
}

// The pairing as people read it: "round robin, 2 cycles", "match", "other".
std::string pairing_text(const crosstable::Crosstable& t) {
  switch (t.pairing) {
    case crosstable::Pairing::RoundRobin: {
      if (t.cycles == 1) return "round robin";
      if (t.cycles == 2) return "double round robin";
      std::string text = "round robin ×";
      return text.append(std::to_string(t.cycles));
    }
    case crosstable::Pairing::Match: return "match";
    case crosstable::Pairing::Other: return "other";
  }
  return "other";
}

// The identities in the order the ratings table lists them: the ranked by rank, the rest
// of the rated group by rating, then the others by games and name.
std::vector<std::size_t> rating_order(const Report& r) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < r.identities.size(); ++i) order.push_back(i);
  const auto& players = r.ratings.fit.players;
  auto group = [&](std::size_t i) {
    return i >= players.size() ? 2 : players[i].standing == ratings::Standing::Ranked ? 0
                                 : players[i].standing == ratings::Standing::FewGames ? 1 : 2;
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (group(a) != group(b)) return group(a) < group(b);
    if (group(a) == 0) return players[a].rank < players[b].rank;
    if (group(a) == 1) return players[a].rating > players[b].rating;
    if (r.identities[a].games.size() != r.identities[b].games.size())
      return r.identities[a].games.size() > r.identities[b].games.size();
    return r.identities[a].name < r.identities[b].name;
  });
  return order;
}

void rating_model_table(const Report& r, std::vector<Table>& out) {
  const RatingsReport& m = r.ratings;
  const ratings::Fit& f = m.fit;
  Table t{"rating_model", "ratings", "Rating model", Audience::Both,
          {text_col("key", "key", Audience::Machine), text_col("field", "", Audience::Human), text_col("value", "")},
          {}, {}, ""};
  auto row = [&](const char* key, const char* label, std::string value) { t.rows.push_back({key, label, std::move(value)}); };
  row("games", "games selected", num(m.games));
  row("rated_input", "decided games between two players", num(m.decided));
  row("unnamed", "not rated: a side names no one", num(m.unnamed));
  row("self_games", "not rated: one player on both sides", num(m.self_games));
  row("undecided", "not rated: void, unknown or no result", num(m.undecided));
  if (m.by_verdict) row("rescored", "scored by the board's ending (--by-verdict)", num(m.rescored));
  row("identities", "players (identities)", num(static_cast<long>(r.identities.size())));
  row("rated_players", "rated group: players", num(f.rated_players));
  row("rated_games", "rated group: games", num(f.rated_games));
  row("ranked_players",
      m.options.prior > 0 ? "ranked (enough games, weighing at least as much as the prior)"
                          : "ranked (the rated group's players with enough games)",
      num(f.ranked_players));
  row("min_games", "games a ranked player needs in the group", num(m.options.min_games));
  row("first_move", "Cho's advantage (Elo)",
      f.first_move_fitted ? elo(f.first_move) + " ± " + elo(f.first_move_deviation) : std::string("not fitted"));
  row("draw_width", "draw width (Elo)", elo(f.draw_width));
  row("anchor",
      m.options.prior > 0 ? "the prior's centre (a player known by no game; the rated players' mean)"
                          : "the ranked players' mean rating",
      num(static_cast<long>(m.options.anchor)));
  row("deviations", "standard errors",
      f.rated_players == 0 ? std::string() : f.exact_covariance ? std::string("exact") : std::string("approximate"));
  row("prior", "prior: standard deviation (Elo; 0: none)", decimal(m.options.prior));
  row("drift", "history: yearly drift (Elo)", decimal(m.options.drift));
  t.note = std::string(m.options.prior > 0 ? "maximum a posteriori (a normal prior), Bradley–Terry (Elo) with draws and "
                                            "Cho's first move"
                                          : "maximum likelihood, Bradley–Terry (Elo) with draws and Cho's first move") +
           "; src/report/README.md \"Ratings\"";
  out.push_back(std::move(t));
}

void ratings_table(const Report& r, std::vector<Table>& out) {
  const ratings::Fit& f = r.ratings.fit;
  Table t{"ratings", "ratings", "Ratings", Audience::Both,
          {num_col("rank", "#"), player_col("player", "player"), num_col("rating", "rating"), num_col("deviation", "±"),
           num_col("low", "95 % low"), num_col("high", "95 % high"), num_col("games", "games"), num_col("wins", "won"),
           num_col("draws", "drawn"), num_col("losses", "lost"), num_col("other", "other"),
           num_col("rated_games", "rated games"),
           text_col("standing", "standing"), text_col("first_year", "from"), text_col("last_year", "to"),
           text_col("last_rank", "rank written"), text_col("merged", "spellings (rule)", Audience::Machine)},
          {}, {}, ""};
  for (std::size_t i : rating_order(r)) {
    const Identity& who = r.identities[i];
    const ratings::PlayerRating& p = f.players[i];
    const bool rated = p.standing != ratings::Standing::NotConnected;
    std::string merged;
    for (const auto& [tag, rule] : who.spellings) merged += (merged.empty() ? "" : "; ") + tag + " (" + rule + ")";
    long results[4] = {0, 0, 0, 0};  // won, lost, drawn, other: every game, rated or not
    for (const IdentityGame& g : who.games) ++results[std::clamp(g.result, 0, 3)];
    t.rows.push_back({p.rank ? num(p.rank) : "", who.name, rated ? elo(p.rating) : "", rated ? elo(p.deviation) : "",
                      rated ? elo(p.low) : "", rated ? elo(p.high) : "", num(static_cast<long>(who.games.size())),
                      num(results[0]), num(results[2]), num(results[1]), num(results[3]), num(p.rated_games),
                      std::string(ratings::standing_name(p.standing)),
                      year_text(who.first_year), year_text(who.last_year), who.last_rank, merged});
  }
  t.note = num(static_cast<long>(r.identities.size())) + " players; " + num(f.rated_players) + " rated; " +
           num(f.ranked_players) + " ranked";
  t.human_rows = static_cast<std::size_t>(r.options.top_players);
  out.push_back(std::move(t));

  Table h{"rating_history", "ratings", "Ratings per year", Audience::Machine,
          {text_col("player", "player"), text_col("year", "year"), num_col("rating", "rating"), num_col("deviation", "±"),
           num_col("games", "games")},
          {}, {}, ""};
  for (std::size_t i : rating_order(r))
    for (const ratings::PeriodRating& y : f.players[i].history)
      h.rows.push_back({r.identities[i].name, r.ratings.first_year ? num(*r.ratings.first_year + y.period) : "",
                        elo(y.rating), elo(y.deviation), num(y.games)});
  out.push_back(std::move(h));
}

// The grid of one event (humans): place, player, a column per opponent, points, record,
// tie-breaks.
Table crosstable_grid(const Report& r, const EventReport& e, std::size_t number) {
  const crosstable::Crosstable& x = e.table;
  std::string name = e.name;
  if (e.year) name.append(" (").append(std::to_string(*e.year)).append(")");
  std::string id = "crosstable_";
  Table t{id.append(std::to_string(number)), "events", name, Audience::Human,
          {num_col("place", "#"), player_col("player", "player")}, {}, {}, ""};
  const std::size_t n = x.standings.size();
  for (std::size_t j = 0; j < n; ++j) {
    std::string id = "vs";
    t.columns.push_back(num_col(id.append(std::to_string(j + 1)), std::to_string(j + 1)));
  }
  for (Column c : {num_col("points", "score"), num_col("games", "games"), num_col("wins", "won"), num_col("draws", "drawn"),
                   num_col("losses", "lost"), num_col("direct", "direct"), num_col("sonneborn_berger", "SB"),
                   num_col("buchholz", "Buchholz")})
    t.columns.push_back(c);
  for (std::size_t i = 0; i < n; ++i) {
    const crosstable::Standing& s = x.standings[i];
    std::vector<std::string> row = {place_text(s), r.identities[e.players[s.player]].name};
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) {
        row.push_back("×");
        continue;
      }
      std::string cell;
      for (std::size_t k : x.cells[i][j].games) {
        const crosstable::EventGame& g = e.games[k];
        const bool cho = g.cho == s.player;
        const auto p = crosstable::points(g.winner, g.method, x.system);
        if (!cell.empty()) cell += ' ';
        cell += p ? cell_points(cho ? p->cho : p->han) : std::string("?");
      }
      row.push_back(cell);
    }
    for (const std::string& v : {decimal(s.points), num(s.games), num(s.wins), num(s.draws), num(s.losses), decimal(s.direct, 2),
                                 decimal(s.sonneborn_berger, 2), decimal(s.buchholz, 2)})
      row.push_back(v);
    t.rows.push_back(std::move(row));
  }
  t.note = std::string(x.system == crosstable::PointSystem::Janggi ? "scoring: janggi (7, 4–2 on points, 3.5 a draw)"
                                                                  : "scoring: classic (1, ½, 0)") +
           "; " + pairing_text(x) + "; " + num(x.games) + " games";
  if (x.self_games) t.note += "; " + num(x.self_games) + " games of one player against himself left out";
  if (e.unnamed) t.note += "; " + num(e.unnamed) + " games without a player's name left out";
  return t;
}

}  // namespace

void rating_tables(const Report& r, std::vector<Table>& out) {
  rating_model_table(r, out);
  ratings_table(r, out);
}

void event_tables(const Report& r, std::vector<Table>& out) {
  const EventsReport& ev = r.events;
  Table list{"event_list", "events", "Events by name and year", Audience::Both,
             {text_col("event", "event"), text_col("year", "year"), num_col("games", "games"), num_col("players", "players"),
              text_col("pairing", "pairing", Audience::Machine), num_col("cycles", "cycles", Audience::Machine),
              text_col("pairing_text", "pairing", Audience::Human), text_col("first", "first"),
              num_col("points", "score"), num_col("unscored", "unscored"), num_col("self_games", "one player"),
              num_col("unnamed", "without a name")},
             {}, {}, ""};
  Table standings{"standings", "events", "Standings", Audience::Machine,
                  {text_col("event", "event"), text_col("year", "year"), num_col("place", "place"),
                   num_col("place_to", "place to"), text_col("player", "player"), num_col("points", "points"),
                   num_col("games", "games"), num_col("wins", "won"), num_col("draws", "drawn"), num_col("losses", "lost"),
                   num_col("unscored", "unscored"), num_col("direct", "direct"), num_col("sonneborn_berger", "SB"),
                   num_col("buchholz", "Buchholz")},
                  {}, {}, ""};
  Table games{"crosstable_games", "events", "Crosstable games", Audience::Machine,
              {text_col("event", "event"), text_col("year", "year"), text_col("player", "player"),
               text_col("opponent", "opponent"), text_col("side", "side"), text_col("result", "result"),
               text_col("method", "method"), num_col("points", "points"), text_col("round", "round"),
               text_col("file", "file"), num_col("index", "index"), num_col("id", "id")},
              {}, {}, ""};
  std::vector<Table> grids;
  for (const EventReport& e : ev.events) {
    const crosstable::Crosstable& x = e.table;
    long unscored = 0;
    for (const crosstable::Standing& s : x.standings) unscored += s.unscored;
    std::string first, first_points;
    for (const crosstable::Standing& s : x.standings)
      if (s.place == 1) {
        first += (first.empty() ? "" : ", ") + r.identities[e.players[s.player]].name;
        first_points = decimal(s.points);
      }
    list.rows.push_back({e.name, year_text(e.year), num(x.games + x.self_games + e.unnamed),
                         num(static_cast<long>(e.players.size())), std::string(crosstable::pairing_name(x.pairing)),
                         num(x.cycles), x.standings.empty() ? std::string("no game between two players") : pairing_text(x), first, first_points, num(unscored / 2), num(x.self_games),
                         num(e.unnamed)});
    for (const crosstable::Standing& s : x.standings)
      standings.rows.push_back({e.name, year_text(e.year), num(s.place), num(s.place_to),
                                r.identities[e.players[s.player]].name, decimal(s.points), num(s.games), num(s.wins),
                                num(s.draws), num(s.losses), num(s.unscored), decimal(s.direct, 4),
                                decimal(s.sonneborn_berger, 4), decimal(s.buchholz, 4)});
    for (std::size_t k = 0; k < e.games.size(); ++k) {
      const crosstable::EventGame& g = e.games[k];
      if (g.cho == g.han) continue;
      const EventGameRef& ref = e.refs[k];
      const auto p = crosstable::points(g.winner, g.method, x.system);
      for (int side = 0; side < 2; ++side) {
        const std::uint32_t me = side == 0 ? g.cho : g.han, them = side == 0 ? g.han : g.cho;
        const Winner mine = side == 0 ? Winner::Cho : Winner::Han;
        const std::string result = !p ? "unscored" : g.winner == Winner::Draw ? "draw" : g.winner == mine ? "win" : "loss";
        games.rows.push_back({e.name, year_text(e.year), r.identities[e.players[me]].name,
                              r.identities[e.players[them]].name, side == 0 ? "cho" : "han", result,
                              std::string(method_name(g.method)), p ? decimal(side == 0 ? p->cho : p->han) : "",
                              ref.round, ref.file, num(ref.index), num(static_cast<long>(ref.id))});
      }
    }
    if (static_cast<int>(grids.size()) < r.options.crosstables_listed && x.standings.size() >= 2 && x.standings.size() <= 30 &&
        !x.cells.empty())
      grids.push_back(crosstable_grid(r, e, grids.size() + 1));
  }
  list.note = num(static_cast<long>(ev.events.size())) + " events (an event's name as counted, each year its own); " +
              std::string(ev.system == crosstable::PointSystem::Janggi ? "scoring: janggi" : "scoring: classic");
  if (ev.by_verdict) list.note += "; scored by the board's ending where it shows one (--by-verdict): " + num(ev.rescored) + " games re-scored";
  list.human_rows = static_cast<std::size_t>(r.options.top_sites);
  out.push_back(std::move(list));
  for (Table& g : grids) out.push_back(std::move(g));
  out.push_back(std::move(standings));
  out.push_back(std::move(games));
}

}  // namespace gibo::stats
