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

// A place range as printed: "3", "4–6".
std::string place_range(int place, int place_to) {
  std::string text = std::to_string(place);
  if (place_to != place) text.append("–").append(std::to_string(place_to));
  return text;
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
  row("identities", "players (identities)", num(r.counts.players));
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
  t.note = num(r.counts.players) + " players; " + num(f.rated_players) + " rated; " +
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
  if (!e.first_date.empty()) name.append(" (").append(season_text(e)).append(")");
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
    std::vector<std::string> row = {place_range(s.place, s.place_to), r.identities[e.players[s.player]].name};
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
           "; " + format_text(e) + "; " + num(x.games) + " games";
  if (x.self_games) t.note += "; " + num(x.self_games) + " games of one player against himself left out";
  if (e.unnamed) t.note += "; " + num(e.unnamed) + " games without a player's name left out";
  return t;
}

}  // namespace

// The event's season as people read it: "2002-07-28 – 2003-07-20", one date when it is one
// day, "" for undated games.
std::string season_text(const EventReport& e) {
  if (e.first_date == e.last_date) return e.first_date;
  return e.first_date + " – " + e.last_date;
}

// The format as people read it: "double round robin", "knockout after a league", "match",
// "league", "casual games"; "(alias table)" when the table states it.
std::string format_text(const EventReport& e) {
  std::string text;
  switch (e.format) {
    case EventFormat::RoundRobin:
      text = e.table.cycles == 1 ? "round robin" : e.table.cycles == 2 ? "double round robin"
                                                                        : "round robin ×" + std::to_string(e.table.cycles);
      break;
    case EventFormat::Knockout: text = e.group_stage ? "knockout after a league stage" : "knockout"; break;
    case EventFormat::League: text = "league"; break;
    case EventFormat::Match: text = "match"; break;
    case EventFormat::Casual: text = "casual games"; break;
  }
  if (e.format_stated) text += " (alias table)";
  return text;
}

// Where a knockout's player went out: the stage's name, "round N" without stage names, ""
// for the winner.
std::string went_out_in(const EventReport& e, const competition::Place& p) {
  if (p.won) return "";
  if (p.stage < e.stages.size()) return e.stages[p.stage].name.label;
  return "round " + std::to_string(p.round);
}

// The winner and the winning score of an event: a competition's first place (several when
// shared), a match's leader (none when level) and its score; nothing for casual games.
EventFirst first_of(const EventReport& e) {
  EventFirst f;
  if (e.format == EventFormat::Casual) return f;
  if (e.format == EventFormat::Knockout) {
    for (const competition::Place& p : e.places)
      if (p.won) f.identities.push_back(e.players[p.player]);
    return f;
  }
  const auto& st = e.table.standings;
  if (e.format == EventFormat::Match && st.size() == 2) {
    if (st[0].place == 1 && st[1].place == 2) f.identities.push_back(e.players[st[0].player]);
    f.score = decimal(st[0].points) + "–" + decimal(st[1].points);
    return f;
  }
  for (const crosstable::Standing& x : st)
    if (x.place == 1) f.identities.push_back(e.players[x.player]), f.score = decimal(x.points);
  return f;
}

void rating_tables(const Report& r, std::vector<Table>& out) {
  rating_model_table(r, out);
  ratings_table(r, out);
}

namespace {

// The standings rows of one event (machines): a competition's or a match's places; a
// knockout's by the stage reached, with the crosstable's counts beside.
void standing_rows(const Report& r, const EventReport& e, Table& t) {
  std::vector<const crosstable::Standing*> by_player(e.players.size(), nullptr);
  for (const crosstable::Standing& s : e.table.standings) by_player[s.player] = &s;
  auto counts = [&](std::uint32_t p, std::vector<std::string>& row) {
    const crosstable::Standing* s = by_player[p];
    for (const std::string& v : {s ? decimal(s->points) : "", s ? num(s->games) : "", s ? num(s->wins) : "",
                                 s ? num(s->draws) : "", s ? num(s->losses) : "", s ? num(s->unscored) : ""})
      row.push_back(v);
  };
  if (e.format == EventFormat::Knockout) {
    for (const competition::Place& p : e.places) {
      std::vector<std::string> row = {e.name, e.first_date, num(p.place), num(p.place_to), r.identities[e.players[p.player]].name};
      counts(p.player, row);
      for (const std::string& v : {std::string(), std::string(), std::string(), went_out_in(e, p)}) row.push_back(v);
      t.rows.push_back(std::move(row));
    }
    return;
  }
  for (const crosstable::Standing& s : e.table.standings)
    t.rows.push_back({e.name, e.first_date, num(s.place), num(s.place_to), r.identities[e.players[s.player]].name,
                      decimal(s.points), num(s.games), num(s.wins), num(s.draws), num(s.losses), num(s.unscored),
                      decimal(s.direct, 4), decimal(s.sonneborn_berger, 4), decimal(s.buchholz, 4), ""});
}

// Every game of one event from each side (machines).
void event_game_rows(const Report& r, const EventReport& e, Table& t) {
  for (std::size_t k = 0; k < e.games.size(); ++k) {
    const crosstable::EventGame& g = e.games[k];
    if (g.cho == g.han) continue;
    const EventGameRef& ref = e.refs[k];
    const auto p = crosstable::points(g.winner, g.method, r.events.system);
    for (int side = 0; side < 2; ++side) {
      const std::uint32_t me = side == 0 ? g.cho : g.han, them = side == 0 ? g.han : g.cho;
      const Winner mine = side == 0 ? Winner::Cho : Winner::Han;
      const std::string result = !p ? "unscored" : g.winner == Winner::Draw ? "draw" : g.winner == mine ? "win" : "loss";
      t.rows.push_back({e.name, e.first_date, r.identities[e.players[me]].name, r.identities[e.players[them]].name,
                        side == 0 ? "cho" : "han", result, std::string(method_name(g.method)),
                        p ? decimal(side == 0 ? p->cho : p->han) : "", ref.round, ref.file, num(ref.index),
                        num(static_cast<long>(ref.id))});
    }
  }
}

// A knockout's places (humans): place, player, where they went out.
Table knockout_places(const Report& r, const EventReport& e, std::size_t number) {
  std::string id = "knockout_";
  Table t{id.append(std::to_string(number)), "events", e.name + (e.first_date.empty() ? "" : " (" + season_text(e) + ")"),
          Audience::Human, {num_col("place", "#"), player_col("player", "player"), text_col("out", "went out in")}, {}, {}, ""};
  for (const competition::Place& p : e.places)
    t.rows.push_back({place_range(p.place, p.place_to), r.identities[e.players[p.player]].name, went_out_in(e, p)});
  std::string stages;
  for (const competition::Stage& s : e.stages)
    if (!s.name.label.empty()) stages += (stages.empty() ? "" : ", ") + s.name.label;
  t.note = format_text(e) + "; " + num(e.table.games) + " games";
  if (!stages.empty()) t.note += "; stages: " + stages;
  t.human_rows = static_cast<std::size_t>(r.options.top_players);
  return t;
}

}  // namespace

void event_tables(const Report& r, std::vector<Table>& out) {
  const EventsReport& ev = r.events;
  Table list{"event_list", "events", "Events: competitions, matches and casual games, by name and season", Audience::Both,
             {text_col("event", "event"), text_col("from", "from", Audience::Machine), text_col("to", "to", Audience::Machine),
              text_col("season", "season", Audience::Human), text_col("format", "format", Audience::Machine),
              text_col("format_text", "format", Audience::Human),
              text_col("format_source", "format from", Audience::Machine), num_col("cycles", "cycles", Audience::Machine),
              num_col("games", "games"), num_col("players", "players"), text_col("first", "first"),
              text_col("points", "score"), num_col("unscored", "unscored"), num_col("self_games", "one player"),
              num_col("unnamed", "without a name")},
             {}, {}, ""};
  Table standings{"standings", "events", "Standings", Audience::Machine,
                  {text_col("event", "event"), text_col("from", "from"), num_col("place", "place"),
                   num_col("place_to", "place to"), text_col("player", "player"), num_col("points", "points"),
                   num_col("games", "games"), num_col("wins", "won"), num_col("draws", "drawn"), num_col("losses", "lost"),
                   num_col("unscored", "unscored"), num_col("direct", "direct"), num_col("sonneborn_berger", "SB"),
                   num_col("buchholz", "Buchholz"), text_col("out", "went out in")},
                  {}, {}, ""};
  Table games{"crosstable_games", "events", "Crosstable games", Audience::Machine,
              {text_col("event", "event"), text_col("from", "from"), text_col("player", "player"),
               text_col("opponent", "opponent"), text_col("side", "side"), text_col("result", "result"),
               text_col("method", "method"), num_col("points", "points"), text_col("round", "round"),
               text_col("file", "file"), num_col("index", "index"), num_col("id", "id")},
              {}, {}, ""};
  std::vector<Table> shown;
  for (const EventReport& e : ev.events) {
    const crosstable::Crosstable& x = e.table;
    long unscored = 0;
    for (const crosstable::Standing& s : x.standings) unscored += s.unscored;
    const EventFirst f = first_of(e);
    std::string first;
    for (std::size_t i : f.identities) first += (first.empty() ? "" : ", ") + r.identities[i].name;
    const std::string& score = f.score;
    list.rows.push_back({e.name, e.first_date, e.last_date, season_text(e), std::string(event_format_name(e.format)),
                         format_text(e), e.format_stated ? "alias-table" : "records", num(x.cycles),
                         num(x.games + x.self_games + e.unnamed), num(static_cast<long>(e.players.size())), first, score,
                         num(unscored / 2), num(x.self_games), num(e.unnamed)});
    standing_rows(r, e, standings);
    event_game_rows(r, e, games);
    if (static_cast<int>(shown.size()) >= r.options.crosstables_listed) continue;
    if ((e.format == EventFormat::RoundRobin || e.format == EventFormat::League) && x.standings.size() >= 3 &&
        x.standings.size() <= 30 && !x.cells.empty())
      shown.push_back(crosstable_grid(r, e, shown.size() + 1));
    else if (e.format == EventFormat::Knockout && e.places.size() >= 3)
      shown.push_back(knockout_places(r, e, shown.size() + 1));
  }
  list.note = num(r.counts.events) + " events (" + num(ev.by_format[0]) + " round robins, " + num(ev.by_format[1]) +
              " knockouts, " + num(ev.by_format[2]) + " leagues); " + num(r.counts.matches) + " matches; " +
              num(r.counts.casual_pools) + " pools of casual games; an event is its name as counted in one season (its games "
              "with no gap of more than " + num(kSeasonGapDays) + " days)";
  list.note += std::string("; ") + (ev.system == crosstable::PointSystem::Janggi ? "scoring: janggi" : "scoring: classic");
  if (ev.by_verdict) list.note += "; scored by the board's ending where it shows one (--by-verdict): " + num(ev.rescored) + " games re-scored";
  list.human_rows = static_cast<std::size_t>(r.options.top_sites);
  out.push_back(std::move(list));
  for (Table& g : shown) out.push_back(std::move(g));
  out.push_back(std::move(standings));
  out.push_back(std::move(games));
}

}  // namespace gibo::stats
