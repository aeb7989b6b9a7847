// The game viewer (pages.h): a record's facts, its moves in Korean notation with their
// comments, the board at a ply with the last move marked, and the steps between plies;
// as a page of the server or as one self-contained file.
#include <algorithm>

#include "gibo/adjudication/rescore.h"
#include "gibo/analysis/engine_verdict.h"
#include "gibo/adjudication/verdict.h"
#include "gibo/formats/openings.h"
#include "gibo/record/fact_tags.h"
#include "gibo/report/i18n.h"
#include "gibo/report/opening_text.h"
#include "gibo/report/pages.h"
#include "markup.h"
#include "page_shell.h"
#include "stats_facts.h"

namespace gibo::pages {

GameView game_view(Game game, const Profile& fallback, const OpeningBook* openings) {
  GameView v;
  v.title = game.source.file + ":" + std::to_string(game.source.game_index + 1);
  auto tag = [&](FactTag f) {
    const std::string* t = fact_tag(game.tags, f);
    return t ? *t : std::string();
  };
  v.cho = tag(FactTag::Cho);
  v.han = tag(FactTag::Han);
  v.event = tag(FactTag::Event);
  v.site = tag(FactTag::Site);
  v.date = tag(FactTag::Date);
  v.result = game.has_result ? game.result_text : "";
  const Rescore r = rescore_game(game, fallback, false);
  // The verdict in the run's words (its kind and note are catalogue words: "agrees: the board ending agrees").
  v.verdict = i18n::translate_known(std::string(verdict_name(r.verdict.kind))) +
              (r.verdict.note.empty() ? "" : ": " + i18n::translate_known(std::string(r.verdict.note)));
  LegalityRules rules = r.profile ? legality_rules(*r.profile, false) : LegalityRules{};
  if (start_position(game, rules, v.start)) v.start = Position();
  if (!game.start.custom) v.explore_setup = std::string(setup_code(game.start.cho)) + "," + std::string(setup_code(game.start.han));
  v.recorded_plies = static_cast<int>(game.plies.size());
  v.comments.resize(1);
  v.comments[0] = game.header_comments;
  Position p = v.start;
  for (int i = 0; i < game.valid_plies && i < v.recorded_plies; ++i) {
    const Move m = game.plies[static_cast<std::size_t>(i)].move;
    if (!p.is_pseudo_legal(m)) break;
    v.korean.push_back(stats::ply_name(p.piece_on(m.from()), m));
    v.moves.push_back(m);
    v.comments.push_back(game.plies[static_cast<std::size_t>(i)].comments);
    p.do_move(m);
  }
  const Opening o = name_opening(game.start, std::span<const Move>(v.moves.data(), std::min(v.moves.size(), std::size_t{kLineWindow})),
                                 openings ? *openings : builtin_opening_book());
  v.opening = opening_code(o) + ": " + opening_text::name(o);
  v.opening_setups = opening_text::setups(o);
  v.opening_evidence = opening_text::evidence(o);
  return v;
}

std::string engine_verdict_line(const archive::EngineVerdictRow& v, const NormalizedResult& stored) {
  const auto reading = analysis::off_the_board_reading(stored.winner, stored.method, v.score, v.margin);
  const std::string verdict = reading ? tr("information") : i18n::translate_known(v.verdict);
  const std::string note = reading ? std::string(reading->note) : v.note;
  if (!v.ply) return i18n::format("{1}: {2}: {3}", {v.profile_id, verdict, i18n::translate_known(note)});
  return i18n::format("{1}: {2} at ply {3}, evaluation {4} (Cho's view): {5}",
                      {v.profile_id, verdict, std::to_string(*v.ply), v.score ? analysis::pgn_eval_text(*v.score) : "?",
                       i18n::translate_known(note)});
}

namespace {

// The most boards a self-contained game page draws (game_file_page).
constexpr int kFileBoards = 2000;

// The facts list and the board at `ply`.
std::string facts(const GameView& g) {
  std::string out = "<dl class=\"facts\">";
  auto item = [&](const char* name, const std::string& value) {
    if (!value.empty()) out += "<dt>" + tr(name) + "</dt><dd>" + xml_escape(value) + "</dd>";
  };
  item("Cho", g.cho);
  item("Han", g.han);
  item("event", g.event);
  item("site", g.site);
  item("date", i18n::date(g.date));
  item("result", g.result.empty() ? tr("none stored") : g.result);
  item("verdict", g.verdict);
  for (const std::string& v : g.engine_verdicts) item("engine verdict", v);
  item("opening", g.opening);
  item("set-ups", g.opening_setups);
  item("formations", g.opening_evidence);
  item("plies", std::to_string(g.recorded_plies) +
                    (static_cast<int>(g.moves.size()) < g.recorded_plies
                         ? " (" + i18n::format("{1} replay", {std::to_string(g.moves.size())}) + ")"
                         : ""));
  return out + "</dl>\n";
}

// The game's other records: its copies (or the game a copy is of), each linked when kept,
// with what it says otherwise.
std::string records(const GameView& g) {
  auto one = [](const GameView::Record& r) {
    std::string out = r.id ? "<a href=\"/game/" + std::to_string(r.id) + "\">" + xml_escape(r.title) + "</a>"
                           : xml_escape(r.title) + " <span class=\"muted\">(" + tr("not kept by an older import") + ")</span>";
    if (!r.conflicts.empty())
      out += " <strong class=\"conflict\">" + xml_escape(i18n::format("says otherwise: {1}", {r.conflicts})) + "</strong>";
    return out;
  };
  if (g.copy_of) return "<p class=\"copies\">" + tr("A copy of the game") + " " + one(*g.copy_of) + "</p>\n";
  if (g.copies.empty()) return "";
  std::string out = "<h2>" + tr("Copies") + "</h2><p>" + tr("The same game, published again:") + "</p><ul class=\"copies\">";
  for (const GameView::Record& r : g.copies) out += "<li>" + one(r) + "</li>";
  return out + "</ul>\n";
}

Position position_at(const GameView& g, int ply) {
  Position p = g.start;
  for (int i = 0; i < ply; ++i) p.do_move(g.moves[static_cast<std::size_t>(i)]);
  return p;
}

// The board at `ply`, whose position is `p`.
std::string board(const GameView& g, const Position& p, int ply, DiagramOptions::Letters letters) {
  SvgOptions so;
  so.letters = letters;
  const std::string at_ply = i18n::format("ply {1}", {std::to_string(ply)});
  so.title = g.title + " " + at_ply;
  if (ply > 0) so.last_move = g.moves[static_cast<std::size_t>(ply - 1)];
  so.caption = (g.cho.empty() ? "?" : g.cho) + " – " + (g.han.empty() ? "?" : g.han) + " · " + at_ply +
               (ply > 0 ? " · " + g.korean[static_cast<std::size_t>(ply - 1)] : "");
  return "<figure>" + svg_diagram(p, so) + "</figure>\n";
}

std::string comments_of(const GameView& g, int ply) {
  std::string out;
  if (static_cast<std::size_t>(ply) < g.comments.size())
    for (const std::string& c : g.comments[static_cast<std::size_t>(ply)])
      out += "<p class=\"comment\">" + xml_escape(c) + "</p>";
  return out;
}

// The move list, each ply a link made by `href(k)`; ply `now` highlighted.
template <class Href>
std::string move_list(const GameView& g, int now, Href href) {
  std::string out = "<div class=\"moves\"><ol>";
  out += "<li><a href=\"" + href(0) + "\"" + (now == 0 ? " class=\"now\"" : "") + ">" + tr("start") + "</a></li>";
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const int k = static_cast<int>(i) + 1;
    out += "<li><small>" + std::to_string(k) + ".</small> <a href=\"" + href(k) + "\"" + (now == k ? " class=\"now\"" : "") +
           ">" + xml_escape(g.korean[i]) + "</a>";
    for (const std::string& c : g.comments[i + 1]) out += " <span class=\"comment\">{" + xml_escape(c) + "}</span>";
    out += "</li>";
  }
  return out + "</ol></div>\n";
}

// The steps: first, previous, next, last, each by `href(k)`.
template <class Href>
std::string steps(int ply, int last, Href href) {
  std::string out = "<p class=\"steps\">";
  auto one = [&](int to, const char* label, const char* rel) {
    if (to < 0 || to > last || to == ply) out += "<span class=\"muted\">" + tr(label) + "</span>";
    else out += "<a rel=\"" + std::string(rel) + "\" href=\"" + href(to) + "\">" + tr(label) + "</a>";
  };
  one(0, "« first", "first");
  one(ply - 1, "‹ previous", "prev");
  one(ply + 1, "next ›", "next");
  one(last, "last »", "last");
  return out + "</p>\n";
}

// Arrow keys follow the rel=prev / rel=next links of the page (or of the shown ply).
constexpr const char* kKeys =
    "document.addEventListener('keydown',function(e){var k={ArrowLeft:'prev',ArrowRight:'next',Home:'first',End:'last'}"
    "[e.key];if(!k)return;var s=document.querySelector('.ply:target')||document.querySelector('.ply.default')||document;"
    "var a=s.querySelector('a[rel='+k+']');if(a){e.preventDefault();location.href=a.getAttribute('href');}});";

// The evaluation graph above the moves, when the game has an analysis.
std::string graph(const GameView& g, int now, const std::string& href_prefix) {
  if (g.evaluations.empty()) return "";
  EvalGraphOptions o;
  o.href_prefix = href_prefix;
  o.current_ply = now;
  analysis::Evaluations e = g.evaluations;
  e.resize(g.moves.size() + 1);  // the plies that replay
  return "<h2>" + tr("Evaluation") + "</h2><figure class=\"graph\">" + eval_graph_svg(e, o) + "</figure>\n";
}

}  // namespace

std::string game_page(const GameView& g, int ply, DiagramOptions::Letters letters) {
  const int last = static_cast<int>(g.moves.size());
  ply = std::clamp(ply, 0, last);
  const std::string base = "/game/" + std::to_string(g.id) + "?ply=";
  auto href = [&](int k) { return xml_escape(base + std::to_string(k)); };
  std::string body = "<div class=\"layout\">\n<section id=\"board\">" + board(g, position_at(g, ply), ply, letters) +
                     steps(ply, last, href) +
                     comments_of(g, ply);
  Path p;
  if (!g.explore_setup.empty()) p.setup = g.explore_setup;
  else p.fen = g.start.fen();
  p.moves.assign(g.moves.begin(), g.moves.begin() + ply);
  body += "<p><a href=\"/explore?" + xml_escape(p.query()) + "\">" + tr("Explore this position") + "</a></p></section>\n";
  body += "<section id=\"record\">" + facts(g) + records(g) + graph(g, ply, base) + "<h2>" + tr("Moves") + "</h2>" +
          move_list(g, ply, href) + "</section>\n</div>\n";
  return document(g.title, body, true, kKeys);
}

std::string game_file_page(const GameView& g, DiagramOptions::Letters letters) {
  // A board a ply, up to kFileBoards (a page of a game past that length would weigh
  // gigabytes: the rest of its moves are listed, not drawn; the page says so).
  const int moves = static_cast<int>(g.moves.size());
  const int last = std::min(moves, kFileBoards);
  auto href = [](int k) { return "#p" + std::to_string(k); };
  std::string body = "<div class=\"layout\">\n<section id=\"board\">";
  // Every ply's board, the positions played on one after another; the start comes last
  // and shows while no other is targeted.
  Position p = g.start;
  for (int k = 1; k <= last + 1; ++k) {
    const int ply = k <= last ? k : 0;
    if (ply > 0) p.do_move(g.moves[static_cast<std::size_t>(ply - 1)]);
    body += "<div class=\"ply" + std::string(ply == 0 ? " default" : "") + "\" id=\"p" + std::to_string(ply) + "\">" +
            board(g, ply == 0 ? g.start : p, ply, letters) + steps(ply, last, href) + comments_of(g, ply) + "</div>\n";
  }
  if (moves > last)
    body += "<p class=\"muted\">" +
            i18n::format("the boards of the first {1} plies are drawn; the other {2} are listed",
                         {std::to_string(last), std::to_string(moves - last)}) +
            "</p>\n";
  body += "</section>\n<section id=\"record\">" + facts(g) + graph(g, -1, "#p") + "<h2>" + tr("Moves") + "</h2>" +
          move_list(g, -1, href) +
          "</section>\n</div>\n";
  return document(g.title, body, false, kKeys);
}

}  // namespace gibo::pages
