// The pages' shared parts (pages.h, page_shell.h): URL encoding, the filters and paths
// as queries, the document and its style, the error page.
#include <algorithm>
#include <cstdio>

#include "gibo/archive/facts.h"
#include "gibo/formats/percent_encoding.h"
#include "gibo/report/pages.h"
#include "gibo/report/i18n.h"
#include "markup.h"
#include "percent.h"
#include "page_shell.h"

namespace gibo::pages {

std::string url_encode(std::string_view text) {
  return gibo::text::percent_encode(text, ",");
}

std::string url_decode(std::string_view text) { return gibo::text::percent_decode(text, true); }

std::string Filters::where() const {
  using archive::sql_string;
  std::string w;
  auto add = [&](const std::string& clause) { w += (w.empty() ? "" : " AND ") + clause; };
  if (!player.empty()) add("(cho = " + sql_string(player) + " OR han = " + sql_string(player) + ")");
  // The site holds the text: replace() and length() mean the same in SQLite and PostgreSQL
  // (instr is SQLite's alone, and LIKE ignores ASCII case in SQLite only).
  if (!site.empty())
    add("length(replace(coalesce(site, ''), " + sql_string(site) + ", '')) < length(coalesce(site, ''))");
  if (from) add("year >= " + std::to_string(*from));
  if (to) add("year <= " + std::to_string(*to));
  if (!opening.empty()) {
    const std::string code = sql_string(opening), plus = sql_string("%+" + opening + "+%");
    add("(opening_line = " + code + " OR '+' || cho_formations || '+' LIKE " + plus + " OR '+' || han_formations || '+' LIKE " +
        plus + ")");
  }
  return w;
}

std::string Filters::query() const {
  std::string q;
  if (!player.empty()) q += "&player=" + url_encode(player);
  if (!site.empty()) q += "&site=" + url_encode(site);
  if (from) q += "&from=" + std::to_string(*from);
  if (to) q += "&to=" + std::to_string(*to);
  if (!opening.empty()) q += "&opening=" + url_encode(opening);
  return q;
}

std::string Path::query() const {
  std::string q = fen.empty() ? "setup=" + url_encode(setup.empty() ? "HEEH,HEEH" : setup) : "fen=" + url_encode(fen);
  q += "&moves=";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) q += ',';
    q += uci(moves[i]);
  }
  return q;
}

std::string tr(const char* english) { return i18n::translate(english); }

std::string with_commas(long n) { return i18n::number(n); }

std::string event_href(const std::string& name, const std::string& date) {
  return "/event?name=" + url_encode(name) + "&date=" + url_encode(date);
}

std::string game_ref(const std::string& file, int index) {
  return file.substr(file.find_last_of('/') + 1) + ":" + std::to_string(index + 1);
}

std::string share(long part, long whole) { return percent_text(part, whole); }

namespace {

constexpr const char* kStyle = R"css(
:root { --ink: #1d2430; --muted: #5f6b7a; --line: #e3e6ea; --paper: #fff; --ground: #f5f6f8; --cho: #1f4fa3; --han: #b3261e; }
* { box-sizing: border-box; }
html { background: var(--ground); }
body { margin: 0; color: var(--ink); font: 15px/1.5 "Noto Sans CJK KR", "NanumGothic", "Nanum Gothic", "Malgun Gothic",
       system-ui, sans-serif; }
header { background: linear-gradient(135deg, #2b2f3a, #3d3428); color: #fff; padding: 14px 0 12px; }
header a { color: #fff; }
nav.site { display: flex; gap: 18px; font-size: 14px; margin-bottom: 6px; }
.wrap { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
h1 { margin: 0; font-size: 22px; }
h2 { font-size: 17px; margin: 10px 0 8px; }
main { padding: 14px 0 30px; }
section { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 8px 16px 14px; margin-bottom: 14px; }
.layout { display: grid; grid-template-columns: minmax(260px, 420px) minmax(0, 1fr); gap: 16px; align-items: start; }
@media (max-width: 860px) { .layout { grid-template-columns: minmax(0, 1fr); } }  /* a track as narrow as the screen */
figure { margin: 0; }
figure svg { display: block; max-width: 100%; height: auto; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; font-size: 14px; }
th { text-align: left; color: var(--muted); font-weight: 600; border-bottom: 1px solid #cfd4da; padding: 4px 8px; }
td { padding: 4px 8px; border-bottom: 1px solid #eff1f3; }
td.n, th.n { text-align: right; }
a { color: #1f4fa3; text-decoration: none; }
a:hover { text-decoration: underline; }
.path a, .moves a, table.moves-played td { white-space: nowrap; }
table.moves-played td.notable { white-space: normal; min-width: 12em; }
code.fen { overflow-wrap: anywhere; }
.path { font-size: 15px; line-height: 1.9; }
.muted, small { color: var(--muted); }
.moves li { display: inline; margin-right: 8px; }
.moves ol { padding-left: 0; list-style: none; }
.moves .now { background: #ffe9a8; border-radius: 4px; padding: 0 3px; }
.moves li { white-space: nowrap; }
.moves li .comment { white-space: normal; }
.moves .ev { font-size: 12px; color: var(--muted); font-variant-numeric: tabular-nums; }
.judgement { font-weight: 700; margin-left: 1px; }
.judgement.j1 { color: #b8860b; }
.judgement.j2 { color: #d2691e; }
.judgement.j3 { color: #b3261e; }
.better { color: #1565c0; margin: 4px 0; }
dl.facts dd { overflow-wrap: anywhere; }
.comment { color: #5a4322; font-style: italic; }
.steps a, .steps span { display: inline-block; margin-right: 10px; }
form.pattern input { width: 60%; font: 14px ui-monospace, monospace; padding: 4px 6px; }
.found { display: flex; flex-wrap: wrap; gap: 14px; }
.found figure { margin: 0; background: var(--paper); border: 1px solid var(--line); padding: 6px; }
.found figcaption { font-size: 13px; max-width: 260px; }
.error { color: var(--han); }
form.filters { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: end; font-size: 13px; }
form.filters label { display: flex; flex-direction: column; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
svg.chart { max-width: 100%; height: auto; display: block; margin: 6px 0 4px; }
svg.chart text { font-size: 12px; fill: var(--ink); }
svg.chart text.tick { fill: var(--muted); font-size: 11px; }
svg.chart .grid line { stroke: #edf0f2; }
svg.chart line.axis { stroke: #aab2bc; }
form.search { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
form.search input { flex: 1 1 200px; max-width: 360px; font: inherit; padding: 3px 8px; }
.pager a, .pager span { margin-left: 6px; white-space: nowrap; }
.table-wrap { overflow-x: auto; }
@media (max-width: 600px) { section table { display: block; overflow-x: auto; } }  /* a narrow screen scrolls a wide table */
.ply { display: none; }
.ply:target, .ply.default { display: block; }
.ply:target ~ .ply.default { display: none; }
)css";

}  // namespace

std::string site_nav() {
  return "<nav class=\"site\"><a href=\"/\">" + tr("Set-ups") + "</a><a href=\"/players\">" + tr("Players") +
         "</a><a href=\"/events\">" + tr("Events") + "</a><a href=\"/stats\">" + tr("Statistics") + "</a><a href=\"/search\">" +
         tr("Search") + "</a></nav>\n";
}

std::string document(const std::string& title, const std::string& body, bool nav, const std::string& script) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"" + i18n::language() + "\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
      xml_escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<header><div class=\"wrap\">\n";
  if (nav) out += site_nav();
  out += "<h1>" + xml_escape(title) + "</h1>\n</div></header>\n<main><div class=\"wrap\">\n" + body +
         "</div></main>\n";
  if (!script.empty()) out += "<script>" + script + "</script>\n";
  return out + "</body>\n</html>\n";
}

bool ListPage::matches(std::string_view name) const {
  if (q.empty()) return true;
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return std::search(name.begin(), name.end(), q.begin(), q.end(),
                     [&](char a, char b) { return lower(a) == lower(b); }) != name.end();
}

ListPage ListPage::at(long page, std::size_t size) {
  ListPage l;
  l.page = static_cast<std::size_t>(std::max(1L, page));
  l.size = std::max<std::size_t>(1, size);
  return l;
}

ListPage ListPage::within(std::size_t total) const {
  ListPage l = *this;
  l.page = std::clamp<std::size_t>(page, 1, std::max<std::size_t>(1, (total + size - 1) / size));
  return l;
}

std::string search_form(const std::string& action, const ListPage& l, const std::string& label) {
  return "<form class=\"search\" method=\"get\" action=\"" + xml_escape(action) + "\"><input type=\"search\" name=\"q\" value=\"" +
         xml_escape(l.q) + "\" placeholder=\"" + xml_escape(label) + "\" aria-label=\"" + xml_escape(label) +
         "\"><button type=\"submit\">" + tr("Search") + "</button>" +
         (l.q.empty() ? std::string() : " <a href=\"" + xml_escape(action) + "\">" + tr("all") + "</a>") + "</form>\n";
}

std::string pager(const std::string& href, const ListPage& l, std::size_t total) {
  const std::size_t pages = std::max<std::size_t>(1, (total + l.size - 1) / l.size);
  const std::size_t first = std::min(total, l.first() + 1), last = std::min(total, l.page * l.size);
  std::string out = "<p class=\"pager\">" +
                    xml_escape(i18n::format("rows {1}–{2} of {3}", {with_commas(static_cast<long>(first)),
                                                                     with_commas(static_cast<long>(last)),
                                                                     with_commas(static_cast<long>(total))}));
  if (pages == 1) return out + "</p>\n";
  const std::string base = href + (l.q.empty() ? std::string() : "q=" + url_encode(l.q) + "&") + "page=";
  auto one = [&](std::size_t to, const char* label, const char* rel) {
    if (to < 1 || to > pages || to == l.page) out += " <span class=\"muted\">" + tr(label) + "</span>";
    else out += " <a rel=\"" + std::string(rel) + "\" href=\"" + xml_escape(base + std::to_string(to)) + "\">" + tr(label) + "</a>";
  };
  one(1, "« first", "first");
  one(l.page - 1, "‹ previous", "prev");
  out += ' ';
  out += xml_escape(i18n::format("page {1} of {2}", {with_commas(static_cast<long>(l.page)), with_commas(static_cast<long>(pages))}));
  one(l.page + 1, "next ›", "next");
  one(pages, "last »", "last");
  return out + "</p>\n";
}

std::string error_page(int status, const std::string& message) {
  return document("gibo: " + std::to_string(status), "<section><p>" + xml_escape(message) +
                                                         "</p><p><a href=\"/\">" + tr("Back to the set-ups") +
                                                         "</a></p></section>\n");
}

}  // namespace gibo::pages
