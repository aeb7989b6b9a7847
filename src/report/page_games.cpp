// The games reaching a position, paged (pages.h).
#include "gibo/report/i18n.h"
#include "gibo/report/pages.h"
#include "markup.h"
#include "page_shell.h"

namespace gibo::pages {

std::string games_page(const explore::Search& s, const Path& path, const Filters& filters, int page, int per_page) {
  const long total = static_cast<long>(s.games.size());
  const ListPage l = ListPage::at(page, static_cast<std::size_t>(per_page)).within(s.games.size());
  std::string body = "<section><p><a href=\"/explore?" + xml_escape(path.query() + filters.query()) + "\">" +
                     tr("Games reaching this position:") + "</a> " + with_commas(total) + ".</p>\n" +
                     pager("/games?" + path.query() + filters.query() + "&", l, s.games.size());
  body += "<div class=\"table-wrap\"><table class=\"games\">\n<thead><tr><th>" + tr("game") + "</th><th>" + tr("Cho") + "</th><th>" + tr("Han") +
          "</th><th>" + tr("date") + "</th><th>" + tr("result") + "</th><th class=\"n\">" + tr("ply") +
          "</th><th class=\"n\">" + tr("plies") + "</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = l.first(); i < s.games.size() && l.shows(i); ++i) {
    const explore::Found& f = s.games[i];
    const std::string file = f.game.file.substr(f.game.file.find_last_of('/') + 1);
    body += "<tr><td><a href=\"/game/" + std::to_string(f.game.id) + "?ply=" + std::to_string(f.ply) + "\">" +
            xml_escape(file) + ":" + std::to_string(f.game.index + 1) + "</a></td><td>" + xml_escape(f.game.cho) +
            "</td><td>" + xml_escape(f.game.han) + "</td><td>" + xml_escape(i18n::date(f.game.date)) + "</td><td>" +
            xml_escape(f.game.result.value_or("")) + "</td><td class=\"n\">" + std::to_string(f.ply) +
            "</td><td class=\"n\">" + std::to_string(f.game.plies) + "</td></tr>\n";
  }
  body += "</tbody></table></div></section>\n";
  return document(tr("Games reaching the position"), body);
}

}  // namespace gibo::pages
