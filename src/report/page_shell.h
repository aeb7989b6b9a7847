// What every page of pages.h shares: the document around its body, the style, the site
// navigation (internal to src/report).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gibo::pages {

// The message `english` in the run's language (i18n.h).
std::string tr(const char* english);

// The site navigation of gibo serve's pages (set-ups, players, events, statistics).
std::string site_nav();

// A whole HTML5 document titled `title` (escaped here) around `body` (HTML), with the
// pages' style and, when `nav` is set, the site navigation (set-ups, statistics).
std::string document(const std::string& title, const std::string& body, bool nav = true,
                     const std::string& script = "");

// The page of the event `name` in the season that holds `date` (a date key; "" undated).
std::string event_href(const std::string& name, const std::string& date);

// A game's reference as every command writes it: FILE:GAME (GAME from 1), the file's name only.
std::string game_ref(const std::string& file, int index);

// `n` with thousands separators ("24,668").
std::string with_commas(long n);

// "48.2%" of `part` in `whole` ("0.0%" when whole is 0).
std::string share(long part, long whole);

// What a list page (/players, /events, an event's games, the games reaching a position, a
// pattern's games) shows of its rows: those whose name holds `q` (?q=TEXT), page `page`
// (?page=N, from 1) of `size` each.
struct ListPage {
  static constexpr std::size_t kSize = 100;
  std::string q;
  std::size_t page = 1;
  std::size_t size = kSize;
  // Page `page` (as asked: 1 and below the first) of `size` rows each.
  static ListPage at(long page, std::size_t size);
  // Does `name` hold q (ASCII letters in either case; "" holds every name)?
  bool matches(std::string_view name) const;
  // The first row (from 0) of the page.
  std::size_t first() const { return (page - 1) * size; }
  // Is the `n`th matching row (from 0) on the page?
  bool shows(std::size_t n) const { return n >= first() && n < page * size; }
  // The page within `total` matching rows: the last one when `page` is past it.
  ListPage within(std::size_t total) const;
};

// The search form of the list page at `action` (its ?q=), labelled `label`.
std::string search_form(const std::string& action, const ListPage& l, const std::string& label);

// The one pager: "rows 101–200 of 7,255" and the links to the first, previous, next and last
// pages of `total` matching rows at `href` (a path with its query so far: "/players?",
// "/event?name=…&"), `l` the page shown (within `total`).
std::string pager(const std::string& href, const ListPage& l, std::size_t total);

}  // namespace gibo::pages
