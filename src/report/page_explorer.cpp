// The explorer's pages (pages.h): the set-up page and the explorer at a position, every
// move a link to the position after it.
#include "gibo/formats/gib.h"
#include "gibo/report/i18n.h"
#include "gibo/report/opening_text.h"
#include "gibo/report/pages.h"
#include "markup.h"
#include "page_shell.h"
#include "stats_facts.h"

namespace gibo::pages {

namespace {

// The filter form, sending the filters to `action` with the hidden fields `hidden`.
std::string filter_form(const Filters& f, const std::string& action, const std::vector<std::pair<std::string, std::string>>& hidden) {
  std::string out = "<form class=\"filters\" method=\"get\" action=\"" + xml_escape(action) + "\">";
  for (const auto& [name, value] : hidden)
    out += "<input type=\"hidden\" name=\"" + xml_escape(name) + "\" value=\"" + xml_escape(value) + "\">";
  out += "<label>" + tr("player") + "<input name=\"player\" value=\"" + xml_escape(f.player) + "\"></label>";
  out += "<label>" + tr("site") + "<input name=\"site\" value=\"" + xml_escape(f.site) + "\"></label>";
  out += "<label>" + tr("from year") + "<input name=\"from\" size=\"5\" value=\"" + (f.from ? std::to_string(*f.from) : "") +
         "\"></label>";
  out += "<label>" + tr("to year") + "<input name=\"to\" size=\"5\" value=\"" + (f.to ? std::to_string(*f.to) : "") +
         "\"></label>";
  if (!f.opening.empty())
    out += "<label>" + tr("opening") + "<input name=\"opening\" size=\"8\" value=\"" + xml_escape(f.opening) + "\"></label>";
  out += "<button type=\"submit\">" + tr("Filter") + "</button>";
  if (!f.empty()) out += " <a href=\"" + xml_escape(action) + "\">" + tr("clear") + "</a>";
  return out + "</form>\n";
}

// The names of a node, each a link to the games here that hold it (Filters::opening).
std::string linked_names(const PositionNames& names, const Path& path, Filters filters) {
  std::string out;
  for (const opening_text::NamePart& part : opening_text::name_parts(names)) {
    if (!part.row) {
      out += xml_escape(part.text);
      continue;
    }
    filters.opening = part.row->code;
    out += "<a href=\"" + xml_escape("/games?" + path.query() + filters.query()) + "\" title=\"" +
           xml_escape(part.row->code) + "\">" + xml_escape(part.text) + "</a>";
  }
  return out;
}

std::string result_cells(long cho, long han, long draw, long other, long games) {
  return "<td class=\"n\">" + with_commas(cho) + " <small>" + share(cho, games) + "</small></td><td class=\"n\">" +
         with_commas(han) + " <small>" + share(han, games) + "</small></td><td class=\"n\">" + with_commas(draw) +
         "</td><td class=\"n\">" + with_commas(other) + "</td>";
}

}  // namespace

std::string setups_page(const explore::SetupTable& t, const Filters& filters) {
  std::string body = "<section><p>" + tr("Games in the archive:") + " " + with_commas(t.archive_games);
  if (!filters.empty()) body += ", " + tr("selected:") + " " + with_commas(t.games);
  body += ". " +
          tr("Each game starts from one of the set-up pairs below (Cho's / Han's horses and elephants, as seen from Cho); "
             "choose one to explore its games move by move.") +
          "</p>\n";
  body += filter_form(filters, "/", {});
  body += "</section>\n<section id=\"setups\"><h2>" + tr("Set-ups played") + "</h2>\n<div class=\"table-wrap\"><table class=\"setups\">\n<thead><tr><th>" +
          tr("set-ups (Cho / Han)") + "</th><th>" + tr("code") + "</th><th class=\"n\">" + tr("games") +
          "</th><th class=\"n\">" + tr("share") + "</th><th class=\"n\">" + tr("Cho wins") + "</th><th class=\"n\">" +
          tr("Han wins") + "</th><th class=\"n\">" + tr("draws") + "</th><th class=\"n\">" + tr("other") +
          "</th></tr></thead>\n<tbody>\n";
  for (const explore::SetupLine& l : t.lines) {
    body += "<tr><td>";
    if (l.cho) {
      Path p;
      p.setup = explore::setup_pair_code(l);
      body += "<a href=\"/explore?" + xml_escape(p.query() + filters.query()) + "\">" +
              xml_escape(explore::setup_pair_name(l)) + "</a>";
    } else {
      body += xml_escape(explore::setup_pair_name(l));
    }
    body += "</td><td><code>" + xml_escape(explore::setup_pair_code(l)) + "</code></td><td class=\"n\">" +
            with_commas(l.games) + "</td><td class=\"n\">" + share(l.games, t.games) + "</td>" +
            result_cells(l.cho_wins, l.han_wins, l.draw, l.other, l.games) + "</tr>\n";
  }
  body += "</tbody>\n<tfoot><tr><th>" + tr("total") + "</th><th></th><th class=\"n\">" + with_commas(t.games) +
          "</th><th class=\"n\">100.0%</th><th></th><th></th><th></th><th></th></tr></tfoot>\n</table></div>\n"
          "<p class=\"muted\">" + tr("Results are the stored results as recorded.") + "</p></section>\n";
  return document(tr("Opening explorer"), body);
}

std::string explorer_page(const explore::Exploration& e, const Path& path, const Position& start,
                          const Filters& filters) {
  std::string body = "<section id=\"path\" class=\"path\"><b>" + tr("Path:") + "</b> ";
  Path prefix = path;
  prefix.moves.clear();
  body += "<a href=\"/explore?" + xml_escape(prefix.query() + filters.query()) + "\">" + tr("start") + "</a>";
  if (!path.setup.empty()) body += " <small>(" + xml_escape(path.setup) + ")</small>";
  Position walk = start;
  for (std::size_t i = 0; i < path.moves.size(); ++i) {
    const Move m = path.moves[i];
    const std::string name = stats::ply_name(walk.piece_on(m.from()), m);
    walk.do_move(m);
    prefix.moves.push_back(m);
    body += ' ';
    if (i % 2 == 0) body.append("<small>").append(std::to_string(i + 1)).append(".</small>");
    body.append("<a href=\"/explore?").append(xml_escape(prefix.query() + filters.query())).append("\">");
    body.append(xml_escape(name)).append("</a>");
  }
  body += "</section>\n<div class=\"layout\">\n<section id=\"board\"><figure>";
  SvgOptions so;
  so.title = tr("the position");
  if (!path.moves.empty()) so.last_move = path.moves.back();
  so.caption = tr(e.position.side_to_move() == Side::Cho ? "Cho to move" : "Han to move") + " · " + tr("ply") + " " +
               std::to_string(path.moves.size());
  body += svg_diagram(e.position, so) + "</figure>\n<p><code class=\"fen\">" + xml_escape(e.fen) + "</code></p>\n";
  std::string moves;
  for (std::size_t i = 0; i < path.moves.size(); ++i) {
    if (i) moves += ',';
    moves += uci(path.moves[i]);
  }
  body += filter_form(filters, "/explore", {{"setup", path.setup}, {"fen", path.fen}, {"moves", moves}});
  body += "</section>\n<section id=\"moves\"><h2>" + tr("Moves played") + "</h2>\n<p>" + tr("Games reaching this position:") +
          " " + with_commas(e.games);
  if (e.games) {
    body += " (<a href=\"/games?" + xml_escape(path.query() + filters.query()) + "\">" + tr("list them") + "</a>)";
  }
  body += "; " + tr("ended here:") + " " + with_commas(e.ended_here) + ".</p>\n";
  if (e.names && !e.names->empty()) {
    const std::string pattern = i18n::format("opening names here: {1}", {"\x01"});
    const std::size_t at = pattern.find('\x01');
    body += "<p class=\"names\">" + xml_escape(pattern.substr(0, at)) + linked_names(*e.names, path, filters) +
            (at == std::string::npos ? "" : xml_escape(pattern.substr(at + 1))) + "</p>\n";
  }
  if (e.moves.empty()) {
    body += "<p class=\"muted\">" + tr("No selected game plays on from this position.") + "</p>\n";
  } else {
    body += "<div class=\"table-wrap\"><table class=\"moves-played\">\n<thead><tr><th>" + tr("move") + "</th><th>UCI</th><th class=\"n\">" +
            tr("games") + "</th><th class=\"n\">" + tr("share") + "</th><th class=\"n\">" + tr("Cho") +
            "</th><th class=\"n\">" + tr("Han") + "</th><th class=\"n\">" + tr("draw") + "</th><th class=\"n\">" +
            tr("other") + "</th><th>" + tr("notable game") + "</th></tr></thead>\n<tbody>\n";
    for (const explore::MoveLine& m : e.moves) {
      Path next = path;
      next.moves.push_back(m.move);
      const std::string href = "/explore?" + next.query() + filters.query();
      body += "<tr><td><a href=\"" + xml_escape(href) + "\">" + xml_escape(m.korean) + "</a></td><td><a href=\"" +
              xml_escape(href) + "\">" + xml_escape(m.uci) + "</a></td><td class=\"n\">" + with_commas(m.games) +
              "</td><td class=\"n\">" + share(m.games, e.games) + "</td>" + result_cells(m.cho, m.han, m.draw, m.other, m.games) +
              "<td class=\"notable\"><a href=\"/game/" + std::to_string(m.notable.id) + "?ply=" + std::to_string(m.notable_ply) + "\">" +
              xml_escape(m.notable.cho.empty() ? "?" : m.notable.cho) + " – " +
              xml_escape(m.notable.han.empty() ? "?" : m.notable.han) + "</a> <small>" + xml_escape(i18n::date(m.notable.date)) +
              "</small>" +
              (m.starts.empty() ? std::string()
                                : "<br><small class=\"starts\">" + tr("starts") + ": " +
                                      linked_names(m.starts, next, filters) + "</small>") +
              "</td></tr>\n";
    }
    body += "</tbody></table></div>\n";
  }
  body += "<p class=\"muted\">" + tr("Each game counts once, at its first visit of the position; results as recorded.") +
          "</p></section>\n</div>\n";
  return document(tr("Opening explorer"), body);
}

}  // namespace gibo::pages
