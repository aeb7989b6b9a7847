// The server's routes (routes.h): parsing a request's target, asking the archive, and
// rendering the page (report/pages.h).
#include "routes.h"


#include <algorithm>
#include <charconv>
#include <future>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_set>

#include "gibo/analysis/analysis_jsonl.h"
#include "gibo/core/utf8.h"
#include "gibo/archive/stored_profile.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/facts.h"
#include "gibo/archive/position_index.h"
#include "gibo/pattern/search.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/game_date.h"
#include "gibo/record/player_name.h"
#include "gibo/report/explore.h"
#include "gibo/report/copy_text.h"
#include "gibo/report/i18n.h"
#include "gibo/report/pages.h"
#include "report/page_players.h"
#include "report/page_shell.h"
#include "report/stats.h"
#include "report/stats_load.h"
#include "report/stats_render.h"

namespace gibo::server {

namespace {

using Query = std::map<std::string, std::string>;

// Splits "path?a=1&b=2" into the path and its decoded query values (the first of each name).
std::string split_target(const std::string& target, Query& query) {
  const std::size_t mark = target.find('?');
  const std::string path = pages::url_decode(target.substr(0, mark));
  if (mark == std::string::npos) return path;
  std::string_view rest = std::string_view(target).substr(mark + 1);
  while (!rest.empty()) {
    const std::size_t amp = std::min(rest.find('&'), rest.size());
    const std::string_view pair = rest.substr(0, amp);
    const std::size_t eq = pair.find('=');
    const std::string name = pages::url_decode(pair.substr(0, eq));
    const std::string value = eq == std::string_view::npos ? "" : pages::url_decode(pair.substr(eq + 1));
    query.emplace(name, value);
    rest.remove_prefix(std::min(amp + 1, rest.size()));
  }
  return path;
}

// Is `bytes` text a page may show and the archive may be asked about: UTF-8 without NUL?
bool is_text(std::string_view bytes) { return bytes.find('\0') == std::string_view::npos && utf8::valid(bytes); }

std::string value(const Query& q, const char* name) {
  const auto it = q.find(name);
  return it == q.end() ? "" : it->second;
}

// A whole non-negative number of at most 9 digits, else nullopt.
std::optional<int> number(const std::string& text) {
  int n = 0;
  if (text.empty() || text.size() > 9) return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 0) return std::nullopt;
  return n;
}

Reply page(int status, std::string body) { return Reply{status, "text/html; charset=utf-8", std::move(body)}; }
Reply error(int status, const std::string& message) { return page(status, pages::error_page(status, message)); }

// The reports of the whole archive, made once while Sites are open on it (the archive never
// changes under a read-only server), in the background from the first Site's opening on
// (serve() opens one before it listens and keeps it): first the players and events from the stored
// facts alone (no game replayed: what /players, /events, /event and /player read), then the
// whole report with the verdicts (/stats). The pages that read them wait; the others never do.
struct Made {
  std::optional<stats::Report> report;
  std::string error;  // when the archive could not be read
  std::once_flag html_once;
  std::string html;  // render_html(report, served), made on the first /stats
  stats::Dataset facts;  // the players' report's: every game's stored facts (the player pages read them)
};

std::shared_ptr<Made> make_report(const ServeOptions& options, bool people) {
  auto made = std::make_shared<Made>();
  auto archive = archive::Archive::open(options.db, archive::OpenMode::ReadOnly);
  if (!archive) {
    made->error = archive.error().message;
    return made;
  }
  stats::LoadOptions lo;
  lo.boards = !people;
  lo.jobs = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));  // judging, as gibo stats does
  stats::Dataset data;
  data.origin = archive::archive_name(options.db);  // never the password
  if (auto e = stats::load_archive(**archive, "", lo, data)) {
    made->error = e->message;
    return made;
  }
  stats::ReportOptions ro;
  ro.min_games = options.min_games;
  ro.rating_prior = options.rating_prior;
  made->report = people ? stats::aggregate_people(data, ro) : stats::aggregate(data, ro);
  if (people) made->facts = std::move(data);
  return made;
}

// The play quality of the games either side of which is named `name` (rank removed), from
// the stored facts: aggregated as the report does when one of them is analysed ("" when
// there is no such game). The facts were read once: no query and no replay a page.
std::string player_quality(const stats::Dataset& all, const std::string& name) {
  stats::Dataset mine;
  mine.origin = all.origin;
  mine.sources = all.sources;
  mine.openings = all.openings;
  bool analysed = false;
  for (const stats::GameFacts& g : all.games)
    if (g.cho_name == name || g.han_name == name) {
      mine.games.push_back(g);
      analysed = analysed || g.analysis.has_value();
    }
  if (mine.games.empty()) return "";
  return stats::render_player_quality(analysed ? stats::aggregate(mine) : stats::Report{}, mine, name);
}

}  // namespace

// The two reports of one served archive, shared by the Sites open on it. The last Site and
// serve() to let go wait for what is still being made (a future of std::async does), so
// nothing runs on once the program ends; serve() keeps its Shared while it serves.
struct Shared {
  ServeOptions options;
  std::shared_future<std::shared_ptr<Made>> people, whole;
};


struct Site::Impl {
  ServeOptions options;
  std::unique_ptr<archive::PositionIndex> index;
  std::unique_ptr<archive::Archive> archive;
  std::shared_ptr<const OpeningBook> openings;  // the archive's opening book (it named the stored games)
  std::string where;  // of the selection below
  std::optional<std::unordered_set<std::int64_t>> selected;
  // The latest pattern search, kept while the pages of its results are read.
  std::string searched;
  std::optional<pattern::SearchResult> found;
  std::shared_ptr<const Shared> reports;  // the served archive's (Site::share)

  // The filters of a query; an Error message when one is malformed.
  std::optional<std::string> filters(const Query& q, pages::Filters& f) {
    f.player = value(q, "player");
    f.site = value(q, "site");
    f.opening = value(q, "opening");
    const bool code = !f.opening.empty() && f.opening.size() <= 16 && f.opening[0] >= 'A' && f.opening[0] <= 'Z' &&
                      f.opening.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") == std::string::npos;
    if (!f.opening.empty() && !code)
      return i18n::format("the opening '{1}' is not the code of a formation or a line", {f.opening});
    for (auto [name, field] : {std::pair{"from", &f.from}, std::pair{"to", &f.to}}) {
      const std::string v = value(q, name);
      if (v.empty()) continue;
      const auto n = number(v);
      if (!n) return i18n::format("the year '{1}' is not a number", {v});
      *field = *n;
    }
    return std::nullopt;
  }

  // The selection of the filters (nullptr: every game). An Error on a database error.
  Expected<const std::unordered_set<std::int64_t>*> selection(const pages::Filters& f) {
    if (f.empty()) return static_cast<const std::unordered_set<std::int64_t>*>(nullptr);
    const std::string w = f.where();
    if (!selected || w != where) {
      const auto ids = archive->select_games(w);
      if (!ids) return ids.error();
      selected.emplace(ids->begin(), ids->end());
      where = w;
    }
    return static_cast<const std::unordered_set<std::int64_t>*>(&*selected);
  }

  // The path of a query (setup= or fen=, and moves=), played into `pos`.
  std::optional<std::string> path(const Query& q, pages::Path& p, Position& start, Position& pos) {
    p.setup = value(q, "setup");
    p.fen = value(q, "fen");
    if (!p.fen.empty()) {
      if (auto e = start.set_fen(p.fen)) return "fen: " + i18n::message(e->message);
      p.setup.clear();
    } else if (!p.setup.empty()) {
      const auto pair = explore::parse_setup_pair(p.setup);
      if (!pair) return i18n::translate("setup takes CHO,HAN (HEEH, EHHE, HEHE or EHEH each)");
      start.set_setups(pair->first, pair->second);
    }
    pos = start;
    if (auto e = play_move_list(value(q, "moves"), pos, &p.moves, 1000))
      return i18n::format("moves: {1}", {i18n::message(e->message)});
    return std::nullopt;
  }

  Reply setups(const Query& q) {
    pages::Filters f;
    if (auto bad = filters(q, f)) return error(400, *bad);
    const auto sel = selection(f);
    if (!sel) return error(500, sel.error().message);
    auto t = explore::setup_table(*index, *sel);
    if (!t) return error(500, t.error().message);
    return page(200, pages::setups_page(*t, f));
  }

  Reply explorer(const Query& q, bool list) {
    pages::Filters f;
    if (auto bad = filters(q, f)) return error(400, *bad);
    pages::Path p;
    Position start, pos;
    if (auto bad = path(q, p, start, pos)) return error(400, *bad);
    const auto sel = selection(f);
    if (!sel) return error(500, sel.error().message);
    if (list) {
      auto s = explore::search(*index, pos, *sel);
      if (!s) return error(500, s.error().message);
      const auto n = number(value(q, "page"));
      return page(200, pages::games_page(*s, p, f, n.value_or(1), 50));
    }
    auto e = explore::explore(*index, pos, *sel);
    if (!e) return error(500, e.error().message);
    // The names of the position and of what each move starts, from a set-up pair's start
    // (the standard one when neither setup= nor fen= is given).
    if (p.fen.empty()) {
      const auto pair = explore::parse_setup_pair(p.setup).value_or(std::make_pair(Setup::HEEH, Setup::HEEH));
      explore::name_positions(*e, pair.first, pair.second, *openings);
    }
    return page(200, pages::explorer_page(*e, p, start, f));
  }

  Reply game(const std::string& id_text, const Query& q) {
    const auto id = number(id_text);
    if (!id || *id == 0) return error(404, i18n::translate("no such game"));
    std::string profile_id;
    auto g = archive->load_game(*id, &profile_id);
    if (!g) return error(404, i18n::format("no game {1}", {id_text}));
    const Profile& profile = archive::stored_profile(profile_id, *g, default_profile());
    const NormalizedResult stored = g->has_result ? normalize_result(g->result_text) : NormalizedResult{};
    pages::GameView view = pages::game_view(std::move(*g), profile, openings.get());
    view.id = *id;
    if (auto e = add_records(*id, view)) return error(500, e->message);
    // Its event's page, when the players' report holds a season of it at the game's date.
    Reply no_report;
    if (const Made* made = ready(reports->people, no_report)) {
      if (const stats::EventReport* e = pages::find_event(*made->report, view.event, parse_game_date(view.date).key))
        view.event_href = pages::event_href(e->name, e->first_date);
      // Its players' pages, where the report counts them (not a copy's other names).
      for (auto [tag, href] : {std::pair{&view.cho, &view.cho_href}, std::pair{&view.han, &view.han_href}})
        if (const std::string name = split_player(*tag).name; !pages::find_players(*made->report, name).empty())
          *href = stats::player_link(name);
    }
    // The game's newest complete analysis, when the archive holds one: the evaluation graph.
    if (const auto analysed = archive->analysed_games({*id}); analysed && !analysed->empty())
      if (const auto a = archive->load_analysis(analysed->front().request_id, *id); a && *a) {
        view.evaluations = analysis::evaluations(**a);
        view.judged = (*a)->plies;
        view.sides = (*a)->sides;
      }
    // Its engine verdicts: the verdict lists link here at the judged ply.
    const auto unread = archive->for_each_engine_verdict(
        [&](const archive::EngineVerdictRow& v) { view.engine_verdicts.push_back(pages::engine_verdict_line(v, stored)); }, *id);
    if (unread) return error(500, unread->message);
    const auto ply = number(value(q, "ply"));
    return page(200, pages::game_page(view, ply.value_or(static_cast<int>(view.moves.size())), options.letters));
  }

  // /search?pattern=...&page=N: the form, the games where the pattern holds, each with its
  // board at its match.
  Reply search(const Query& q) {
    pages::PatternResults r;
    r.pattern = value(q, "pattern");
    r.page = number(value(q, "page")).value_or(1);
    if (r.pattern.empty()) return page(200, pages::search_page(r));
    const auto p = pattern::Pattern::parse(r.pattern);
    if (!p) {
      r.error = i18n::message(p.error().message);
      return page(400, pages::search_page(r));
    }
    if (!found || searched != r.pattern) {
      const int jobs = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
      auto s = pattern::search(*archive, *p, nullptr, jobs);
      if (!s) return error(500, s.error().message);
      found = std::move(*s);
      searched = r.pattern;
    }
    r.result = &*found;
    // The page search_page shows.
    const pages::ListPage l = pages::ListPage::at(r.page, static_cast<std::size_t>(r.per_page)).within(found->found.size());
    for (std::size_t i = l.first(); i < found->found.size() && l.shows(i); ++i) {
      const pattern::Found& f = found->found[i];
      auto g = archive->stored_game(f.game.id);
      Position pos;
      if (!g || pos.set_fen(g->start_key)) {
        r.boards.emplace_back();
        continue;
      }
      const int ply = std::min(f.matches.ply(), static_cast<int>(g->moves.size()));
      for (int k = 0; k < ply; ++k) pos.do_move(g->moves[static_cast<std::size_t>(k)]);
      SvgOptions svg;
      svg.cell = 26;
      svg.letters = options.letters;
      svg.last_move = ply > 0 ? g->moves[static_cast<std::size_t>(ply - 1)] : Move::none();
      r.boards.push_back(svg_diagram(pos, svg));
    }
    return page(200, pages::search_page(r));
  }

  // The game's copies, or the game a copy is of, into `view`.
  std::optional<Error> add_records(std::int64_t id, pages::GameView& view) {
    const auto of = archive->copy_of(id);
    if (!of) return of.error();
    const auto copies = archive->copies(of->value_or(id));
    if (!copies) return copies.error();
    for (const archive::Archive::GameCopy& c : *copies) {
      pages::GameView::Record r{c.id, c.file + ":" + std::to_string(c.game_index + 1), conflicts_text(c.conflicts)};
      if (!*of) view.copies.push_back(std::move(r));
      else if (c.id == id) view.copy_of = pages::GameView::Record{**of, "", r.conflicts};
    }
    if (*of && view.copy_of) {
      const auto origin = archive->game_origin(**of);
      if (!origin) return origin.error();
      view.copy_of->title = origin->path + ":" + std::to_string(origin->game_index + 1);
    }
    return std::nullopt;
  }

  // One of the reports, waited for; nullptr after putting a 500 reply in `failed`.
  static Made* ready(const std::shared_future<std::shared_ptr<Made>>& report, Reply& failed) {
    const std::shared_ptr<Made>& made = report.get();
    if (made->report) return made.get();
    failed = error(500, made->error);
    return nullptr;
  }

  // The player page: the identity's rating, results and games (the whole archive's report),
  // then the play quality of their games selected by name (either side; NAME@SITE: NAME),
  // aggregated as the report does.
  Reply player(const Query& q) {
    const std::string name = value(q, "name");
    if (name.empty()) return error(400, i18n::translate("give a player's name: /player?name=NAME"));
    Reply failed;
    const Made* made = ready(reports->people, failed);
    if (!made) return failed;
    const std::string quality = player_quality(made->facts, name.substr(0, name.rfind('@')));
    if (auto body = pages::player_page(*made->report, name, quality)) return page(200, std::move(*body));
    return error(404, i18n::format("no player {1}", {name}));
  }

  Reply stats() {
    Reply failed;
    Made* made = ready(reports->whole, failed);
    if (!made) return failed;
    std::call_once(made->html_once, [&] { made->html = stats::render_html(*made->report, true); });
    return page(200, made->html);
  }

  // /players and /events (?q=TEXT&page=N), /event?name=&date=.
  Reply people(const std::string& path, const Query& q) {
    Reply failed;
    const Made* made = ready(reports->people, failed);
    if (!made) return failed;
    const stats::Report& r = *made->report;
    pages::ListPage l;
    l.q = value(q, "q");
    l.page = static_cast<std::size_t>(std::max(1, number(value(q, "page")).value_or(1)));
    if (path == "/players") return page(200, pages::players_page(r, l));
    if (path == "/events") return page(200, pages::events_page(r, l));
    const std::string name = value(q, "name"), date = value(q, "date");
    l.q.clear();  // an event's games are paged, not searched
    if (auto body = pages::event_page(r, name, date, l)) return page(200, std::move(*body));
    return error(404, i18n::format("no event {1}", {name + (date.empty() ? "" : " (" + date + ")")}));
  }
};

Site::Site(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Site::~Site() = default;

std::shared_ptr<const Shared> Site::share(const ServeOptions& options) {
  auto r = std::make_shared<Shared>();
  r->options = options;
  r->people = std::async(std::launch::async, [options] { return make_report(options, true); }).share();
  r->whole = std::async(std::launch::async, [options, first = r->people] {
               first.wait();  // the players' pages first, the machine to themselves
               return make_report(options, false);
             }).share();
  return r;
}

Expected<std::unique_ptr<Site>> Site::open(std::shared_ptr<const Shared> shared) {
  auto impl = std::make_unique<Impl>();
  const ServeOptions& options = shared->options;
  impl->options = options;
  impl->reports = std::move(shared);
  auto index = archive::PositionIndex::open(options.db, archive::OpenMode::ReadOnly);
  if (!index) return index.error();
  impl->index = std::move(*index);
  if (auto e = impl->index->update(1)) return *e;
  auto a = archive::Archive::open(options.db, archive::OpenMode::ReadOnly);
  if (!a) return a.error();
  impl->archive = std::move(*a);
  auto book = impl->archive->opening_book();
  if (!book) return book.error();
  impl->openings = std::move(*book);
  return std::unique_ptr<Site>(new Site(std::move(impl)));
}

Reply Site::get(const std::string& target) {
  Query q;
  const std::string path = split_target(target, q);
  // Every parameter is text: a NUL or bytes that are not UTF-8 are refused here, by name,
  // before they reach a page or the archive.
  if (!is_text(path)) return error(400, i18n::translate("the path is not text (a NUL or bytes that are not UTF-8)"));
  for (const auto& [name, text] : q)
    if (!is_text(name) || !is_text(text))
      return error(400, i18n::format("the parameter '{1}' is not text (a NUL or bytes that are not UTF-8)",
                                     {is_text(name) ? name : std::string("?")}));
  if (path == "/") return impl_->setups(q);
  if (path == "/explore") return impl_->explorer(q, false);
  if (path == "/games") return impl_->explorer(q, true);
  if (path == "/stats") return impl_->stats();
  if (path == "/search") return impl_->search(q);
  if (path == "/player") return impl_->player(q);
  if (path == "/players" || path == "/events" || path == "/event") return impl_->people(path, q);
  if (path.rfind("/game/", 0) == 0) return impl_->game(path.substr(6), q);
  return error(404, i18n::format("no such page: {1}", {path}));
}

}  // namespace gibo::server
