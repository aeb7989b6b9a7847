// What every page of pages.h shares: the document around its body, the style, the site
// navigation (internal to src/report).
#pragma once

#include <string>

namespace gibo::pages {

// The message `english` in the run's language (i18n.h).
std::string tr(const char* english);

// The site navigation of gibo serve's pages (set-ups, players, events, statistics).
std::string site_nav();

// A whole HTML5 document titled `title` (escaped here) around `body` (HTML), with the
// pages' style and, when `nav` is set, the site navigation (set-ups, statistics).
std::string document(const std::string& title, const std::string& body, bool nav = true,
                     const std::string& script = "");

// The links to the first, previous, next and last of `pages` pages (`base` and
// "&page=N"), `page` the one shown: <p class="steps">…</p>.
std::string pager(const std::string& base, int page, int pages);

// The page of the event `name` in the season that holds `date` (a date key; "" undated).
std::string event_href(const std::string& name, const std::string& date);

// A game's reference as every command writes it: FILE:GAME (GAME from 1), the file's name only.
std::string game_ref(const std::string& file, int index);

// `n` with thousands separators ("24,668").
std::string with_commas(long n);

// "48.2%" of `part` in `whole` ("0.0%" when whole is 0).
std::string share(long part, long whole);

}  // namespace gibo::pages
