// The search page (pages.h search_page): a pattern's form and the games where it holds.
#include "gibo/report/i18n.h"
#include "gibo/report/pages.h"
#include "markup.h"
#include "page_shell.h"

namespace gibo::pages {

namespace {

// The form, holding the pattern as typed.
std::string pattern_form(const std::string& pattern) {
  return "<form class=\"pattern\" method=\"get\" action=\"/search\"><input name=\"pattern\" value=\"" +
         xml_escape(pattern) + "\" placeholder=\"swap (R &amp; han-palace &gt;= 2)\"> <button>" + tr("Search") +
         "</button></form>\n<p class=\"muted\">" +
         tr("Pieces (R, 차, cho 포), squares and regions (e9, han-palace), counts and material, check, mate, "
            "bikjang, attacks and pins, moves and captures, then/within, streak, mirror, swap, sort: "
            "src/pattern/README.md") +
         "</p>\n";
}

}  // namespace

std::string search_page(const PatternResults& r) {
  std::string body = "<section>" + pattern_form(r.pattern);
  if (!r.error.empty()) body += "<p class=\"error\">" + xml_escape(r.error) + "</p>\n";
  if (r.result) {
    const pattern::SearchResult& s = *r.result;
    const ListPage l = ListPage::at(r.page, static_cast<std::size_t>(r.per_page)).within(s.found.size());
    std::string counts = explore::pattern_counts(s);
    for (std::size_t nl; (nl = counts.find('\n')) != std::string::npos;) counts.replace(nl, 1, ". ");
    body += "<p>" + xml_escape(counts) + "</p>\n";
    const std::string base = "/search?pattern=" + url_encode(r.pattern) + "&";
    body += pager(base, l, s.found.size()) + "<div class=\"found\">\n";
    for (std::size_t i = l.first(); i < s.found.size() && l.shows(i); ++i) {
      const pattern::Found& f = s.found[i];
      const std::string file = f.game.file.substr(f.game.file.find_last_of('/') + 1);
      const std::string link = "/game/" + std::to_string(f.game.id) + "?ply=" + std::to_string(f.matches.ply());
      const std::size_t k = i - l.first();
      body += "<figure><a href=\"" + link + "\">" + (k < r.boards.size() ? r.boards[k] : std::string()) +
              "</a><figcaption><a href=\"" + link + "\">" + xml_escape(file) + ":" + std::to_string(f.game.index + 1) +
              "@" + std::to_string(f.matches.ply()) + "</a><br>" + xml_escape(f.game.cho) + " – " +
              xml_escape(f.game.han) + "<br><small>" + xml_escape(i18n::date(f.game.date)) + " " +
              xml_escape(f.game.result.value_or("")) + "</small></figcaption></figure>\n";
    }
    body += "</div>\n" + pager(base, l, s.found.size());
  }
  body += "</section>\n";
  return document(tr("Search"), body);
}

}  // namespace gibo::pages
