// The aggregations of `gibo stats`: every table of the Report computed from the facts in
// one pass per table. Orders are total (ties broken by name) so the output is stable.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "gibo/adjudication/verdict.h"
#include "gibo/archive/copies.h"
#include "gibo/formats/openings.h"
#include "gibo/analysis/engine_verdict.h"
#include "gibo/analysis/game_analysis.h"
#include "gibo/record/name_aliases.h"
#include "gibo/record/player_name.h"
#include "gibo/report/i18n.h"
#include "gibo/report/opening_text.h"
#include "stats.h"
#include "stats_entities.h"
#include "stats_players.h"

namespace gibo::stats {
namespace {

// What the tables beside the overview share: how each game counts its site and event, and
// who played each side (identities).
struct Context {
  const Dataset& data;
  const ReportOptions& o;
  const Entities& entities;
  const std::vector<std::array<std::size_t, 2>>& sides;
  const std::vector<Identity>& identities;
  // The identity that played `side` (0 Cho, 1 Han) of game `game`; nullptr: no one named.
  const Identity* player(std::size_t game, int side) const {
    const std::size_t i = sides[game][static_cast<std::size_t>(side)];
    return i == SIZE_MAX ? nullptr : &identities[i];
  }
};

// Name/count pairs, most games first, ties by name.
std::vector<NamedCount> ranked(const std::map<std::string, long>& counts) {
  std::vector<NamedCount> out;
  for (const auto& [name, n] : counts) out.push_back({name, n});
  std::stable_sort(out.begin(), out.end(), [](const NamedCount& a, const NamedCount& b) { return a.games > b.games; });
  return out;
}

// The overview: counts, valid and rejected games, the date range, sites and events.
Overview overview_of(const Dataset& data, const Entities& entities) {
  Overview v;
  for (const SourceFacts& s : data.sources) {
    ++v.files;
    v.unreadable_files += !s.readable;
  }
  // Sites and events by entity (name_aliases.h): the count under the key, shown as the
  // alias's name or the most frequent spelling (the first in order among equals).
  struct Entity {
    long games = 0;
    std::map<std::string, long> spellings;
  };
  std::map<std::string, Entity> site_entities, event_entities;
  std::map<std::tuple<bool, std::string, std::string>, long> not_entities;  // (event, value, why) -> games
  auto count = [&](std::map<std::string, Entity>& into, const NameAliases::Counted& c, bool event) {
    Entity& e = into[c.key];
    ++e.games;
    ++e.spellings[c.display];
    if (!c.not_entity.empty()) ++not_entities[{event, c.display, c.not_entity}];
  };
  for (std::size_t k = 0; k < data.games.size(); ++k) {
    const GameFacts& g = data.games[k];
    ++v.games;
    v.plies += g.plies;
    v.valid_plies += g.valid_plies;
    (g.valid ? v.valid : v.rejected)++;
    if (g.date.year) {
      ++v.dated;
      if (v.first_date.empty() || g.date.key < v.first_date) v.first_date = g.date.key;
      if (v.last_date.empty() || g.date.key > v.last_date) v.last_date = g.date.key;
    }
    count(site_entities, entities.site(k), false);
    count(event_entities, entities.event(k), true);
  }
  for (const auto& [what, games] : not_entities)
    v.not_entities.push_back({std::get<0>(what), std::get<1>(what), std::get<2>(what), games});
  auto names = [](const std::map<std::string, Entity>& entities) {
    std::map<std::string, long> out;
    for (const auto& [key, e] : entities) {
      std::string shown;
      long most = 0;
      for (const auto& [spelling, n] : e.spellings)
        if (n > most) most = n, shown = spelling;
      out[key.empty() ? std::string() : shown] += e.games;
    }
    return out;
  };
  const std::map<std::string, long> sites = names(site_entities), events = names(event_entities);
  v.distinct_sites = static_cast<long>(sites.size() - sites.count(""));
  v.distinct_events = static_cast<long>(events.size() - events.count(""));
  v.sites = ranked(sites);
  v.events = ranked(events);
  return v;
}

// Stored results by class, by method (decided games), and the margins of point wins.
Results results_of(const Dataset& data) {
  Results r;
  std::map<int, Tally> methods;
  std::map<int, MarginRow> margins;
  for (const GameFacts& g : data.games) {
    const int cls = result_class(g);
    r.overall.add(cls);
    if (!g.has_result) ++r.no_result;
    else if (g.result.winner == Winner::Void) ++r.void_games;
    else if (g.result.winner == Winner::Unknown) ++r.unknown;
    if (g.has_result && cls != 3) methods[static_cast<int>(g.result.method)].add(cls);
    if (g.has_result && g.result.method == ResultMethod::Points && cls < 2 && !g.result.margin_half_points) ++r.point_wins_without_margin;
    if (g.has_result && g.result.method == ResultMethod::Points && g.result.margin_half_points && cls < 2) {
      MarginRow& m = margins[*g.result.margin_half_points];
      m.half_points = *g.result.margin_half_points;
      (cls == 0 ? m.cho : m.han)++;
    }
  }
  for (const auto& [method, tally] : methods)
    r.by_method.push_back({std::string(method_name(static_cast<ResultMethod>(method))), tally});
  for (const auto& [half, row] : margins) r.margins.push_back(row);
  return r;
}

// The 4 × 4 setup matrix of standard starts; custom starts counted apart.
SetupMatrix setups_of(const Dataset& data) {
  SetupMatrix m;
  for (const GameFacts& g : data.games) {
    if (g.custom_start || !g.cho_setup || !g.han_setup) {
      ++m.custom_start;
      continue;
    }
    m.cells[static_cast<int>(*g.cho_setup)][static_cast<int>(*g.han_setup)].add(result_class(g));
  }
  return m;
}

// A mutable tree while counting; the continuations by ply name.
struct TrieNode {
  long games = 0;
  Tally tally;
  std::map<std::string, TrieNode> children;
};

// The shown part of a counted tree level: lines with enough games, most games first,
// at most opening_children of them, down to opening_depth plies.
std::vector<OpeningNode> prune(const std::map<std::string, TrieNode>& children, const ReportOptions& o, int depth) {
  std::vector<OpeningNode> out;
  if (depth > o.opening_depth) return out;
  for (const auto& [ply, node] : children) {
    if (node.games < o.opening_min_games) continue;
    OpeningNode n;
    n.ply = ply;
    n.games = node.games;
    n.tally = node.tally;
    n.children = prune(node.children, o, depth + 1);
    out.push_back(std::move(n));
  }
  std::stable_sort(out.begin(), out.end(), [](const OpeningNode& a, const OpeningNode& b) { return a.games > b.games; });
  if (out.size() > static_cast<std::size_t>(o.opening_children)) out.resize(static_cast<std::size_t>(o.opening_children));
  return out;
}

// The openings trees over the first plies of standard-start games, one per set-up pair
// (each pair's games start from a different position).
Openings openings_of(const Dataset& data, const ReportOptions& o) {
  Openings op;
  std::map<std::pair<Setup, Setup>, TrieNode> roots;
  for (const GameFacts& g : data.games) {
    if (g.custom_start || g.opening.empty() || !g.cho_setup || !g.han_setup) continue;
    ++op.games;
    const int cls = result_class(g);
    TrieNode* at = &roots[{*g.cho_setup, *g.han_setup}];
    ++at->games;
    at->tally.add(cls);
    const std::size_t depth = std::min(g.opening.size(), static_cast<std::size_t>(std::max(o.opening_depth, 0)));
    for (std::size_t i = 0; i < depth; ++i) {
      at = &at->children[g.opening[i]];
      ++at->games;
      at->tally.add(cls);
    }
  }
  for (const auto& [pair, root] : roots) {
    if (root.games < o.opening_min_games) continue;
    SetupOpenings s;
    s.cho = pair.first;
    s.han = pair.second;
    s.games = root.games;
    s.tally = root.tally;
    s.roots = prune(root.children, o, 1);
    op.setups.push_back(std::move(s));
  }
  std::stable_sort(op.setups.begin(), op.setups.end(),
                   [](const SetupOpenings& a, const SetupOpenings& b) { return a.games > b.games; });
  return op;
}

// Length statistics and the histogram (every bucket from 0 to the longest game).
Lengths lengths_of(const Dataset& data, const ReportOptions& o) {
  Lengths l;
  const int width = std::max(o.length_bucket, 1);
  std::vector<int> all;
  all.reserve(data.games.size());
  for (const GameFacts& g : data.games) all.push_back(g.plies);
  if (all.empty()) return l;
  l.games = static_cast<long>(all.size());
  std::vector<int> sorted = all;
  std::sort(sorted.begin(), sorted.end());
  l.min = sorted.front();
  l.max = sorted.back();
  double sum = 0;
  for (int n : sorted) sum += n;
  l.mean = sum / static_cast<double>(sorted.size());
  const std::size_t mid = sorted.size() / 2;
  l.median = sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
  for (int low = 0; low <= l.max; low += width) l.buckets.push_back({low, low + width - 1, 0, {}});
  for (const GameFacts& g : data.games) {
    LengthBucket& b = l.buckets[static_cast<std::size_t>(g.plies / width)];
    ++b.games;
    b.tally.add(result_class(g));
  }
  return l;
}

// Games per year, ascending, the unknown year last.
std::vector<YearRow> years_of(const Dataset& data) {
  std::map<int, YearRow> known;
  YearRow unknown;
  for (const GameFacts& g : data.games) {
    YearRow& row = g.date.year ? known[*g.date.year] : unknown;
    row.year = g.date.year;
    ++row.games;
    row.tally.add(result_class(g));
  }
  std::vector<YearRow> out;
  for (const auto& [year, row] : known) out.push_back(row);
  if (unknown.games) out.push_back(unknown);
  return out;
}

// Per-player records over both sides (the identities, as the ratings and events count them),
// and the top of them.
Players players_of(const Context& c) {
  Players p;
  p.distinct = static_cast<long>(c.identities.size());
  for (const auto& pair : c.sides)
    for (std::size_t side : pair) p.unnamed += side == SIZE_MAX;
  for (std::size_t i = 0; i < c.identities.size(); ++i) {
    const Identity& who = c.identities[i];
    PlayerRow r;
    r.name = who.name;
    r.identity = i;
    for (const IdentityGame& g : who.games) {
      ++r.games;
      (g.cho ? r.as_cho : r.as_han)++;
      if (g.result == 0) ++r.wins, (g.cho ? r.wins_as_cho : r.wins_as_han)++;
      else if (g.result == 1) ++r.losses;
      else if (g.result == 2) ++r.draws;
      else ++r.other;
    }
    p.top.push_back(std::move(r));
  }
  std::sort(p.top.begin(), p.top.end(), [](const PlayerRow& a, const PlayerRow& b) {
    if (a.games != b.games) return a.games > b.games;
    if (a.wins != b.wins) return a.wins > b.wins;
    return a.name < b.name;
  });
  return p;
}

// The opening tables while they are counted, game by game (opening_names_of).
struct OpeningCount {
  OpeningNames& n;
  std::map<const FormationRule*, std::size_t> column;  // a formation's row in n.formations
  std::map<std::string, OpeningNameRow> names;
  std::map<int, FormationSlice> years;
  FormationSlice unknown_year;
  std::map<std::string, FormationSlice> sites;
  // Per player (identity) and side: how often each side's formations (as a code) were played.
  std::unordered_map<const Identity*, std::array<std::map<std::string, long>, 2>> by_player;
  std::map<std::string, std::string> side_names;  // a side's code -> its name in the run's language

  explicit OpeningCount(OpeningNames& names_) : n(names_) {
    for (std::size_t i = 0; i < n.book.size(); ++i) column[n.book[i]] = i;
    n.formations.resize(n.book.size() + 1);  // the last row: unknown
    for (std::size_t i = 0; i < n.book.size(); ++i) n.formations[i].rule = n.book[i];
    unknown_year.label = "unknown";
  }

  // Game k of the context's data.
  void game(const Context& c, std::size_t k) {
    const GameFacts& g = c.data.games[k];
    const Opening& op = g.named;
    if (op.other_start || g.custom_start) {
      ++n.other_start;
      return;
    }
    ++n.games;
    const int cls = result_class(g);
    const std::string code = opening_code(op);
    OpeningNameRow& row = names[code];
    if (!row.games) row.example = op, row.code = code;
    ++row.games;
    row.tally.add(cls);
    FormationSlice* year = &unknown_year;
    if (g.date.year) {
      year = &years[*g.date.year];
      year->label = std::to_string(*g.date.year);
    }
    const NameAliases::Counted& site = c.entities.site(k);
    FormationSlice& at_site = sites[site.key];
    if (at_site.label.empty()) at_site.label = site.display;
    for (FormationSlice* slice : {year, &at_site}) {
      slice->counts.resize(n.book.size(), 0);
      slice->sides += 2;
    }
    for (int side = 0; side < 2; ++side) {
      const std::string side_code = formations(op, side, cls, {year, &at_site});
      if (!side_names.count(side_code)) side_names[side_code] = opening_text::side(op, side == 0 ? Side::Cho : Side::Han);
      if (const Identity* player = c.player(k, side)) ++by_player[player][static_cast<std::size_t>(side)][side_code];
    }
  }

  // One side's formations counted (in the formation rows and both slices); its code.
  std::string formations(const Opening& op, int side, int cls, std::array<FormationSlice*, 2> slices) {
    const auto& found = op.formations[static_cast<std::size_t>(side)];
    std::string side_code;
    for (const FormationFound& f : found) {
      const auto c = column.find(f.rule);
      if (c == column.end()) continue;
      FormationRow& fr = n.formations[c->second];
      ++fr.sides[static_cast<std::size_t>(side)];
      fr.tally[static_cast<std::size_t>(side)].add(cls);
      for (FormationSlice* slice : slices) ++slice->counts[c->second];
      if (!side_code.empty()) side_code += '+';
      side_code += f.rule->code;
    }
    if (found.empty()) {
      FormationRow& fr = n.formations.back();
      ++fr.sides[static_cast<std::size_t>(side)];
      fr.tally[static_cast<std::size_t>(side)].add(cls);
      side_code = "?";
    }
    return side_code;
  }

  // The rows in the report's order, and the players of `players` (in its order).
  void finish(const Context& c, const Players& players) {
    for (auto& [code, row] : names) n.names.push_back(std::move(row));
    std::stable_sort(n.names.begin(), n.names.end(),
                     [](const OpeningNameRow& a, const OpeningNameRow& b) { return a.games > b.games; });
    for (auto& [year, slice] : years) n.by_year.push_back(std::move(slice));
    if (unknown_year.sides) n.by_year.push_back(std::move(unknown_year));
    for (auto& [key, slice] : sites) {
      if (key.empty()) slice.label = "";
      n.by_site.push_back(std::move(slice));
    }
    std::stable_sort(n.by_site.begin(), n.by_site.end(),
                     [](const FormationSlice& a, const FormationSlice& b) { return a.sides > b.sides; });
    for (const PlayerRow& p : players.top) {
      const auto it = by_player.find(&c.identities[p.identity]);
      if (it != by_player.end()) n.players.push_back(usual_openings(p, it->second));
    }
  }

  // A player's games per side and the side's usual formations.
  PlayerOpenings usual_openings(const PlayerRow& p, const std::array<std::map<std::string, long>, 2>& played) {
    PlayerOpenings po;
    po.name = p.name;
    po.games = p.games;
    for (std::size_t side = 0; side < 2; ++side)
      for (const auto& [side_code, count] : played[side]) {
        po.side_games[side] += count;
        if (count > po.usual_games[side]) {  // the first code among equals (map order)
          po.usual_games[side] = count;
          po.usual[side] = side_code;
          po.usual_names[side] = side_names[side_code];
        }
      }
    return po;
  }
};

// The games by opening name, formation and side, and the formations by year, site and
// player (the players of `players`, in its order).
OpeningNames opening_names_of(const Context& c, const Players& players) {
  const Dataset& data = c.data;
  OpeningNames n;
  n.book_owner = data.openings ? data.openings : std::shared_ptr<const OpeningBook>(&builtin_opening_book(), [](auto*) {});
  for (const FormationRule& f : n.book_owner->formations()) n.book.push_back(&f);
  OpeningCount count(n);
  for (std::size_t k = 0; k < data.games.size(); ++k) count.game(c, k);
  count.finish(c, players);
  return n;
}

// Adds the game's disagreements to `a`: one row per distinct board finding, listing the
// profiles that reach it.
void disagreements_of(const GameFacts& g, AdjudicationStats& a) {
  const std::size_t first = a.disagreements.size();
  bool any = false;
  for (const VerdictFact& v : g.verdicts) {
    if (verdict_named(v.verdict) != VerdictKind::Disagrees) continue;
    any = true;
    Disagreement* same = nullptr;
    for (std::size_t i = first; i < a.disagreements.size(); ++i) {
      Disagreement& d = a.disagreements[i];
      if (d.board_winner == v.board_winner && d.board_reason == v.board_reason && d.board_ply == v.board_ply &&
          d.cho_score == v.cho_score && d.han_score == v.han_score && d.note == v.note)
        same = &d;
    }
    if (same) {
      same->profiles.push_back(v.profile);
      continue;
    }
    a.disagreements.push_back(Disagreement{.file = g.file,
                                           .index = g.index,
                                           .cho = g.cho_player,
                                           .han = g.han_player,
                                           .result_text = g.result_text,
                                           .profiles = {v.profile},
                                           .board_winner = v.board_winner,
                                           .board_reason = v.board_reason,
                                           .board_ply = v.board_ply,
                                           .cho_score = v.cho_score,
                                           .han_score = v.han_score,
                                           .note = v.note,
                                           .plies = g.plies,
                                           .start_fen = g.start_fen,
                                           .moves = g.moves});
  }
  a.disagreeing_games += any;
}

// Verdict counts per profile (in Dataset::adjudication_profiles order, then as met)
// and the disagreements.
AdjudicationStats adjudication_of(const Dataset& data) {
  AdjudicationStats a;
  a.kinds = {"agrees", "disagrees", "unverifiable", "indeterminate", "no-result"};
  std::vector<std::string> order = data.adjudication_profiles;
  std::map<std::string, ProfileVerdicts> by_profile;
  for (const GameFacts& g : data.games) {
    for (const VerdictFact& v : g.verdicts) {
      ProfileVerdicts& pv = by_profile[v.profile];
      if (pv.profile.empty()) {
        pv.profile = v.profile;
        pv.counts.assign(a.kinds.size(), 0);
        if (std::find(order.begin(), order.end(), v.profile) == order.end()) order.push_back(v.profile);
      }
      ++pv.games;
      const auto kind = std::find(a.kinds.begin(), a.kinds.end(), v.verdict);
      if (kind == a.kinds.end()) {
        a.kinds.push_back(v.verdict);
        for (auto& [id, other] : by_profile) other.counts.push_back(0);
      }
      ++pv.counts[static_cast<std::size_t>(std::find(a.kinds.begin(), a.kinds.end(), v.verdict) - a.kinds.begin())];
    }
    disagreements_of(g, a);
  }
  for (const std::string& id : order)
    if (auto it = by_profile.find(id); it != by_profile.end()) a.profiles.push_back(it->second);
  return a;
}

int severity_rank(Severity s) { return s == Severity::Error ? 0 : s == Severity::Warning ? 1 : 2; }

// Annotation counts, diagnostics by code and by file, encoding problems and 총수
// mismatches.
Quality quality_of(const Dataset& data) {
  Quality q;
  struct CodeCount {
    CodeRow row;
    std::set<std::string> files;
  };
  std::map<std::pair<int, std::string>, CodeCount> codes;
  std::map<std::string, std::size_t> source_row;
  for (const SourceFacts& s : data.sources) {
    SourceRow r;
    r.path = s.path;
    r.encoding = s.encoding == "auto" ? "" : s.encoding;  // "auto": nothing was decoded
    r.readable = s.readable;
    r.filler_runs = s.filler_runs;
    r.bom = s.bom;
    long undecodable = 0;
    for (const DiagnosticFact& d : s.diagnostics) {
      CodeCount& c = codes[{severity_rank(d.severity), d.code}];
      c.row.code = d.code;
      c.row.severity = d.severity;
      ++c.row.occurrences;
      c.files.insert(s.path);
      (d.severity == Severity::Error ? r.errors : d.severity == Severity::Warning ? r.warnings : r.notes)++;
      undecodable += d.code == "undecodable-bytes";
    }
    if (!s.readable) q.encoding.push_back({s.path, r.encoding, "unreadable: " + s.io_error});
    if (undecodable) q.encoding.push_back({s.path, r.encoding, "undecodable bytes (" + std::to_string(undecodable) + " reported)"});
    if (s.filler_runs)
      q.encoding.push_back({s.path, r.encoding,
                            "filler bytes removed (" + std::to_string(s.filler_runs) + (s.filler_runs == 1 ? " run)" : " runs)")});
    if (s.bom) q.encoding.push_back({s.path, r.encoding, "UTF-8 byte-order mark"});
    source_row[s.path] = q.sources.size();
    q.sources.push_back(std::move(r));
  }
  for (const GameFacts& g : data.games) {
    auto at = source_row.find(g.file);
    if (at == source_row.end()) {
      source_row[g.file] = q.sources.size();
      SourceRow r;
      r.path = g.file;
      q.sources.push_back(r);
      at = source_row.find(g.file);
    }
    SourceRow& r = q.sources[at->second];
    ++r.games;
    (!g.annotated ? q.annotation_unknown : *g.annotated ? q.annotated : q.unannotated)++;
    r.rejected += !g.valid;
    std::set<std::string> seen;
    for (const DiagnosticFact& d : g.diagnostics) {
      CodeCount& c = codes[{severity_rank(d.severity), d.code}];
      c.row.code = d.code;
      c.row.severity = d.severity;
      ++c.row.occurrences;
      if (seen.insert(d.code).second) ++c.row.games;
      c.files.insert(g.file);
      (d.severity == Severity::Error ? r.errors : d.severity == Severity::Warning ? r.warnings : r.notes)++;
    }
    if (g.stated_plies && *g.stated_plies != g.plies)
      q.ply_count_mismatches.push_back({g.file, g.index, *g.stated_plies, g.plies});
  }
  for (const ConflictFact& c : data.conflicts) {
    const GameFacts& g = data.games[c.game];
    q.conflicts.push_back({g.file, g.index, c.file, c.index, archive::conflict_words(c.conflicts)});
  }
  for (auto& [key, c] : codes) {
    c.row.files = static_cast<long>(c.files.size());
    q.codes.push_back(c.row);
  }
  std::stable_sort(q.codes.begin(), q.codes.end(), [](const CodeRow& a, const CodeRow& b) {
    if (severity_rank(a.severity) != severity_rank(b.severity)) return severity_rank(a.severity) < severity_rank(b.severity);
    return a.occurrences > b.occurrences;
  });
  return q;
}

// The longest valid game and the shortest valid decisive game, for board diagrams.
std::vector<NotableGame> notable_of(const Dataset& data) {
  const GameFacts* longest = nullptr;
  const GameFacts* shortest = nullptr;
  for (const GameFacts& g : data.games) {
    if (!g.valid || g.start_fen.empty()) continue;
    if (!longest || g.plies > longest->plies) longest = &g;
    const int cls = result_class(g);
    if (cls < 2 && g.plies > 0 && (!shortest || g.plies < shortest->plies)) shortest = &g;
  }
  std::vector<NotableGame> out;
  // The caption people read, in the run's language (only the HTML report shows it).
  auto add = [&](const GameFacts* g, const char* what) {
    if (!g) return;
    std::string caption = i18n::translate(what) + ": " + i18n::format("{1} plies", {std::to_string(g->plies)});
    if (!g->cho_player.empty() || !g->han_player.empty())
      caption += ", " + i18n::format("{1} vs {2}", {g->cho_player.empty() ? std::string("?") : g->cho_player,
                                                   g->han_player.empty() ? std::string("?") : g->han_player});
    if (g->has_result) caption += ", " + g->result_text;
    out.push_back({caption, g->file, g->index, g->start_fen, g->moves});
  };
  add(longest, i18n::N_("The longest valid game"));
  if (shortest != longest) add(shortest, i18n::N_("The shortest decisive valid game"));
  return out;
}

// The longest directory prefix ("a/b/") shared by every source path.
std::string common_directory(const Dataset& data) {
  std::optional<std::string> prefix;
  auto shrink = [&](const std::string& path) {
    if (!prefix) {
      prefix = path;
      return;
    }
    std::size_t n = 0;
    while (n < prefix->size() && n < path.size() && (*prefix)[n] == path[n]) ++n;
    prefix->resize(n);
  };
  for (const SourceFacts& s : data.sources) shrink(s.path);
  for (const GameFacts& g : data.games) shrink(g.file);
  if (!prefix) return "";
  const std::size_t slash = prefix->rfind('/');
  return slash == std::string::npos ? "" : prefix->substr(0, slash + 1);
}

}  // namespace

void Tally::add(int result_class) {
  switch (result_class) {
    case 0: ++cho; break;
    case 1: ++han; break;
    case 2: ++draw; break;
    default: ++other; break;
  }
}

std::optional<double> Tally::cho_win_percent() const {
  if (decided() == 0) return std::nullopt;
  return 100.0 * static_cast<double>(cho) / static_cast<double>(decided());
}

namespace {

// A rank's strength for ordering: N단 → 100 + N, N급 → 101 − N (초단 is 1단; digits or
// hanja numerals); nullopt for anything else.
std::optional<int> rank_strength(const std::string& rank) {
  static const char* const kHanja[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};
  std::string_view r = rank;
  int n = 0;
  if (r.rfind("초", 0) == 0) n = 1, r.remove_prefix(std::string_view("초").size());
  while (!r.empty() && r[0] >= '0' && r[0] <= '9') n = n * 10 + (r[0] - '0'), r.remove_prefix(1);
  for (bool found = true; found && n == 0;) {
    found = false;
    for (int k = 0; k < 10; ++k)
      if (r.rfind(kHanja[k], 0) == 0) n += k + 1, r.remove_prefix(std::string_view(kHanja[k]).size()), found = true;
  }
  if (n <= 0) return std::nullopt;
  if (r == "단") return 100 + n;
  if (r == "급") return 101 - n;
  return std::nullopt;
}

// Adds one analysed side to a play-quality group.
void add_side(PlayerAnalysis& p, const std::string& name, const analysis::SideSummary& s) {
  p.name = name;
  ++p.games;
  p.moves += s.moves;
  p.average_loss += s.average_loss * s.moves;  // sums until finish_groups
  p.accuracy += s.accuracy * s.moves;
  p.inaccuracies += s.counts[1];
  p.mistakes += s.counts[2];
  p.blunders += s.counts[3];
  p.best_moves += s.best_moves;
}

// The groups' sums made means, most games first, then name.
std::vector<PlayerAnalysis> finish_groups(std::map<std::string, PlayerAnalysis>& groups) {
  std::vector<PlayerAnalysis> out;
  for (auto& [name, p] : groups) {
    if (p.moves) p.average_loss /= static_cast<double>(p.moves), p.accuracy /= static_cast<double>(p.moves);
    out.push_back(std::move(p));
  }
  std::stable_sort(out.begin(), out.end(), [](const PlayerAnalysis& x, const PlayerAnalysis& y) {
    return x.games != y.games ? x.games > y.games : x.name < y.name;
  });
  return out;
}

// The engine verdicts per profile and the players' analyses.
AnalysisStats analysis_of(const Context& c) {
  const Dataset& data = c.data;
  AnalysisStats a;
  std::map<std::string, EngineVerdictCounts> by_profile;
  for (const GameFacts& g : data.games)
    for (const EngineVerdictFact& v : g.engine_verdicts) {
      EngineVerdictCounts& c = by_profile[v.profile];
      c.profile = v.profile;
      EngineContradiction x{g.id, g.file, g.index, g.cho_player, g.han_player, g.result_text, v.profile,
                            v.ply.value_or(0), v.score ? analysis::pgn_eval_text(*v.score) : "", v.note};
      // A win off the board is read again by the one rule (an archive judged before it held
      // such wins as contradicted): who was ahead, as information.
      if (const auto reading = analysis::off_the_board_reading(g.result.winner, g.result.method, v.score, v.margin)) {
        ++c.information;
        x.note = std::string(reading->note);
        a.readings.push_back(std::move(x));
        continue;
      }
      const auto kind = analysis::engine_verdict_named(v.verdict);
      if (kind == analysis::EngineVerdictKind::Supports) ++c.supports;
      else if (kind == analysis::EngineVerdictKind::Contradicts) ++c.contradicts;
      else ++c.unclear;
      if (kind == analysis::EngineVerdictKind::Contradicts) a.contradictions.push_back(std::move(x));
    }
  for (auto& [profile, c] : by_profile) a.engine_verdicts.push_back(std::move(c));
  std::map<std::string, PlayerAnalysis> by_name, by_event, by_site, by_year, by_rank;
  for (std::size_t k = 0; k < data.games.size(); ++k) {
    const GameFacts& g = data.games[k];
    if (!g.analysis) continue;
    ++a.analysed_games;
    if (!g.evaluations.empty())
      a.graphed.push_back({g.file, g.index, g.cho_player, g.han_player, *g.analysis, g.evaluations});
    const std::string* tags[2] = {&g.cho_player, &g.han_player};
    const NameAliases::Counted &event = c.entities.event(k), &site = c.entities.site(k);
    for (std::size_t side = 0; side < 2; ++side) {
      const analysis::SideSummary& s = (*g.analysis)[side];
      const Identity* who = c.player(k, static_cast<int>(side));
      a.left_out[0] += !who, a.left_out[1] += event.key.empty(), a.left_out[2] += site.key.empty(), a.left_out[3] += !g.date.year;
      if (who) add_side(by_name[who->name], who->name, s);
      if (!event.key.empty()) add_side(by_event[event.display], event.display, s);
      if (!site.key.empty()) add_side(by_site[site.display], site.display, s);
      if (g.date.year) add_side(by_year[std::to_string(*g.date.year)], std::to_string(*g.date.year), s);
      // One group per rank however it is written (四단 and 4단 alike).
      const auto strength = rank_strength(split_player(*tags[side]).rank);
      a.left_out[4] += !strength;
      if (strength) {
        const std::string rank = *strength > 100 ? std::to_string(*strength - 100) + "단" : std::to_string(101 - *strength) + "급";
        PlayerAnalysis& r = by_rank[rank];
        add_side(r, rank, s);
        r.strength = *strength;
      }
    }
  }
  a.requests = data.analysis_requests;
  a.players = finish_groups(by_name);
  a.events = finish_groups(by_event);
  a.sites = finish_groups(by_site);
  a.years = finish_groups(by_year);
  std::sort(a.years.begin(), a.years.end(), [](const PlayerAnalysis& x, const PlayerAnalysis& y) { return x.name < y.name; });
  a.ranks = finish_groups(by_rank);
  std::stable_sort(a.ranks.begin(), a.ranks.end(),
                   [](const PlayerAnalysis& x, const PlayerAnalysis& y) { return x.strength < y.strength; });
  return a;
}

// The counts every output writes (Counts), from the parts that computed them.
Counts counts_of(const Report& r) {
  Counts c;
  c.games = r.overview.games;
  c.players = static_cast<long>(r.identities.size());
  c.sites = r.overview.distinct_sites;
  c.event_names = r.overview.distinct_events;
  c.events = r.events.competitions();
  c.matches = r.events.by_format[static_cast<std::size_t>(EventFormat::Match)];
  c.casual_pools = r.events.by_format[static_cast<std::size_t>(EventFormat::Casual)];
  c.custom_starts = r.setups.custom_start;
  c.standard_starts = c.games - c.custom_starts;
  return c;
}

// The identities of the sides (the sides' identity indices returned), their games, the
// ratings and the events.
std::vector<std::array<std::size_t, 2>> people_of(const Dataset& data, const ReportOptions& options,
                                                  const Entities& entities, Report& r) {
  const NameAliases& aliases = options.aliases ? *options.aliases : NameAliases::builtin();
  auto sides = identify_sides(data, aliases, entities, r.identities, &r.possible_merges);
  identity_games(data, sides, options, entities, r.identities);
  r.ratings = ratings_of(data, sides, r.identities.size(), options);
  r.events = events_of(data, sides, entities, options);
  return sides;
}

}  // namespace

Report aggregate_people(const Dataset& data, const ReportOptions& options) {
  Report r;
  r.origin = data.origin;
  r.options = options;
  const NameAliases& aliases = options.aliases ? *options.aliases : NameAliases::builtin();
  const Entities entities(data, aliases);
  r.overview = overview_of(data, entities);
  people_of(data, options, entities, r);
  r.counts = counts_of(r);  // its starts counted as standard: the set-ups are not read here
  return r;
}

Report aggregate(const Dataset& data, const ReportOptions& options) {
  Report r;
  r.origin = data.origin;
  r.options = options;
  r.path_prefix = common_directory(data);
  r.duplicates = data.duplicates;
  r.verdicts_from = data.verdicts_from;
  const NameAliases& aliases = options.aliases ? *options.aliases : NameAliases::builtin();
  const Entities entities(data, aliases);
  r.overview = overview_of(data, entities);
  r.results = results_of(data);
  r.setups = setups_of(data);
  r.openings = openings_of(data, options);
  r.lengths = lengths_of(data, options);
  r.years = years_of(data);
  const auto sides = people_of(data, options, entities, r);
  const Context context{data, options, entities, sides, r.identities};
  r.players = players_of(context);
  r.opening_names = opening_names_of(context, r.players);
  r.adjudication = adjudication_of(data);
  r.analysis = analysis_of(context);
  r.quality = quality_of(data);
  r.notable = notable_of(data);
  r.counts = counts_of(r);
  return r;
}

}  // namespace gibo::stats
