// A pattern search's listing (explore.h render_pattern_text, render_pattern_jsonl).
#include <cstdio>

#include "gibo/formats/json_writer.h"
#include "gibo/report/explore.h"
#include "gibo/report/i18n.h"
#include "listing_text.h"

namespace gibo::explore {

namespace {

// A sorted value as the listing shows it: whole, or with its one decimal.
std::string value_text(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, v == static_cast<long long>(v) ? "%.0f" : "%.1f", v);
  return buffer;
}

}  // namespace

std::string pattern_counts(const pattern::SearchResult& r) {
  using i18n::format;
  using i18n::number;
  const std::string games =
      r.games != 1 ? format("{1} games and {2} positions match {3}", {number(r.games), number(r.positions), r.pattern})
      : r.positions != 1 ? format("1 game and {1} positions match {2}", {number(r.positions), r.pattern})
                         : format("1 game and 1 position match {1}", {r.pattern});
  return games + "\n" +
         format("results: Cho {1}, Han {2}, draws {3}, other {4}",
                {number(r.cho), number(r.han), number(r.draw), number(r.other)}) +
         "\n" +
         format("games searched: {1}, skipped by their material: {2}, replayed: {3}",
                {number(r.selected), number(r.skipped), number(r.replayed)}) +
         "\n";
}

std::string render_pattern_text(const pattern::SearchResult& r) {
  using i18n::format;
  using i18n::number;
  std::vector<std::vector<std::string>> rows;
  for (const pattern::Found& f : r.found) {
    const long positions = static_cast<long>(f.matches.plies.size());
    std::vector<std::string> row = {game_ref(f.game) + "@" + std::to_string(f.matches.ply()),
                                    positions == 1 ? i18n::translate("1 position")
                                                   : format("{1} positions", {number(positions)}),
                                    f.game.cho + " – " + f.game.han, i18n::date(f.game.date), f.game.result.value_or("")};
    if (f.matches.value) row.push_back(value_text(*f.matches.value));
    rows.push_back(std::move(row));
  }
  std::string out = aligned(rows, {false, true, false, false, false, true});
  return out + pattern_counts(r);
}

std::string render_pattern_jsonl(const pattern::SearchResult& r) {
  std::string out;
  for (const pattern::Found& f : r.found) {
    json::Writer w(out);
    w.begin_object();
    w.field("type", "game").field("id", f.game.id).field("file", f.game.file).field("index", f.game.index);
    w.field("ply", f.matches.ply()).field("positions", static_cast<long>(f.matches.plies.size()));
    w.key("matches").begin_array();
    for (int ply : f.matches.plies) w.value(ply);
    w.end_array();
    w.field("plies", f.game.plies).field("cho", f.game.cho).field("han", f.game.han).field("date", f.game.date);
    w.key("result");
    if (f.game.result) w.value(*f.game.result);
    else w.null();
    w.field("winner", std::string(winner_name(f.game.winner)));
    if (f.matches.value) w.field("value", *f.matches.value);
    w.end_object();
    out += "\n";
  }
  json::Writer w(out);
  w.begin_object();
  w.field("type", "summary").field("pattern", r.pattern).field("archive_games", r.archive_games);
  w.field("selected", r.selected).field("skipped", r.skipped).field("replayed", r.replayed);
  w.field("games", r.games).field("positions", r.positions);
  w.field("cho", r.cho).field("han", r.han).field("draw", r.draw).field("other", r.other);
  w.end_object();
  out += "\n";
  return out;
}

}  // namespace gibo::explore
