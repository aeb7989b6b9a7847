// gibo serve's player page, its play-quality part: a player's play quality from the stored
// analyses and their analysed games, each linked to the game viewer (the ratings' part:
// page_players.cpp).
#include <cstdio>

#include "gibo/report/i18n.h"
#include "markup.h"
#include "stats_render.h"

namespace gibo::stats {
namespace {

std::string fixed(double v, int decimals = 1) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace

std::string render_player_quality(const Report& r, const Dataset& data, const std::string& name) {
  using i18n::format;
  using i18n::translate;
  std::string body = "<section><h2>" + xml_escape(translate("Play quality")) + "</h2>";
  const PlayerAnalysis* row = nullptr;
  for (const PlayerAnalysis& p : r.analysis.players)
    if (p.name == name) row = &p;
  if (!row) return body + "<p>" + xml_escape(translate("No analysed game of this player (gibo analyze --db).")) + "</p></section>\n";
  body += "<table><tr>";
  for (const char* h : {i18n::N_("games"), i18n::N_("moves"), i18n::N_("avg loss cp"), i18n::N_("accuracy %"),
                        i18n::N_("best move %"), i18n::N_("blunders /100")})
    body += "<th>" + xml_escape(translate(h)) + "</th>";
  body += "</tr><tr><td>" + std::to_string(row->games) + "</td><td>" + std::to_string(row->moves) + "</td><td>" +
          fixed(row->average_loss) + "</td><td>" + fixed(row->accuracy) + "</td><td>" + fixed(row->best_move_percent()) +
          "</td><td>" + fixed(row->blunders_per_100(), 2) + "</td></tr></table>";
  body += "<h2>" + xml_escape(translate("Analysed games")) + "</h2><table><tr>";
  for (const char* h : {i18n::N_("game"), i18n::N_("side"), i18n::N_("opponent"), i18n::N_("stored result"),
                        i18n::N_("accuracy %"), i18n::N_("avg loss cp")})
    body += "<th>" + xml_escape(translate(h)) + "</th>";
  body += "</tr>";
  for (const GameFacts& g : data.games) {
    if (!g.analysis) continue;
    for (int side = 0; side < 2; ++side) {
      if ((side == 0 ? g.cho_name : g.han_name) != name) continue;
      const analysis::SideSummary& s = (*g.analysis)[static_cast<std::size_t>(side)];
      const std::string shown = g.file.compare(0, r.path_prefix.size(), r.path_prefix) == 0
                                    ? g.file.substr(r.path_prefix.size()) : g.file;
      body += "<tr><td><a href=\"/game/" + std::to_string(g.id) + "\">" +
              xml_escape(shown + ":" + std::to_string(g.index + 1)) + "</a></td><td>" +
              xml_escape(translate(side == 0 ? "Cho" : "Han")) + "</td><td>" +
              xml_escape(side == 0 ? g.han_player : g.cho_player) + "</td><td>" + xml_escape(g.result_text) +
              "</td><td>" + fixed(s.accuracy) + "</td><td>" + fixed(s.average_loss) + "</td></tr>";
    }
  }
  body += "</table><p class=\"note\">" +
          xml_escape(format("{1}: each game's newest complete analysis; the accuracy and loss of the player's side.",
                            {translate("Play quality")})) +
          "</p></section>\n";
  return body;
}

}  // namespace gibo::stats
