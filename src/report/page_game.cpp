// The game viewer (pages.h): a record's facts, its moves in Korean notation with their
// comments, the board at a ply with the last move marked, and the steps between plies;
// as a page of the server or as one self-contained file.
#include <algorithm>
#include <cstdio>

#include "gibo/adjudication/rescore.h"
#include "gibo/analysis/engine_verdict.h"
#include "gibo/adjudication/verdict.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/openings.h"
#include "gibo/record/fact_tags.h"
#include "gibo/record/player_name.h"
#include "gibo/report/i18n.h"
#include "gibo/report/opening_text.h"
#include "gibo/report/pages.h"
#include "markup.h"
#include "page_shell.h"
#include "stats.h"
#include "stats_facts.h"

namespace gibo::pages {

namespace {

// "CHO – HAN · EVENT · DATE", the parts the record has; its FILE:GAME when it names no player.
std::string title_of(const GameView& v) {
  const std::string cho = split_player(v.cho).name, han = split_player(v.han).name;
  if (cho.empty() && han.empty()) return v.ref;
  std::string t = (cho.empty() ? "?" : cho) + " – " + (han.empty() ? "?" : han);
  if (!v.event.empty()) t += " · " + v.event;
  if (!v.date.empty()) t += " · " + i18n::date(v.date);
  return t;
}

}  // namespace

GameView game_view(Game game, const Profile& fallback, const OpeningBook* openings) {
  GameView v;
  v.ref = game_ref(game.source.file, game.source.game_index);
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
  v.title = title_of(v);
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

// A player tag as the viewer shows it: the name (a link to `href`, the player's page, when
// there is one) and the rank written in it apart ("허남열 <small>프로</small>").
std::string player_html(const std::string& tag, const std::string& href) {
  const PlayerName p = split_player(tag);
  if (p.name.empty()) return xml_escape(tag);
  std::string out = !href.empty() ? "<a href=\"" + xml_escape(href) + "\">" + xml_escape(p.name) + "</a>" : xml_escape(p.name);
  if (!p.rank.empty()) out += " <small class=\"muted\">" + xml_escape(p.rank) + "</small>";
  return out;
}

// The facts list; with `links` (a page of the server) the players, the event, the opening
// and the site link to the server's pages.
std::string facts(const GameView& g, bool links) {
  std::string out = "<dl class=\"facts\">";
  auto html = [&](const char* name, const std::string& value_html) {
    if (!value_html.empty()) out += "<dt>" + tr(name) + "</dt><dd>" + value_html + "</dd>";
  };
  auto item = [&](const char* name, const std::string& value) { html(name, xml_escape(value)); };
  auto link = [&](const std::string& href, const std::string& text) {
    return links && !text.empty() ? "<a href=\"" + xml_escape(href) + "\">" + xml_escape(text) + "</a>" : xml_escape(text);
  };
  if (!g.cho.empty()) html("Cho", player_html(g.cho, links ? g.cho_href : ""));
  if (!g.han.empty()) html("Han", player_html(g.han, links ? g.han_href : ""));
  html("event", g.event_href.empty() ? xml_escape(g.event) : link(g.event_href, g.event));
  html("site", link("/games?site=" + url_encode(g.site), g.site));
  item("date", i18n::date(g.date));
  item("result", g.result.empty() ? tr("none stored") : g.result);
  item("verdict", g.verdict);
  for (const std::string& v : g.engine_verdicts) item("engine verdict", v);
  html("opening", g.explore_setup.empty() || g.opening.empty()
                      ? xml_escape(g.opening)
                      : link("/explore?setup=" + url_encode(g.explore_setup), g.opening));
  item("set-ups", g.opening_setups);
  item("formations", g.opening_evidence);
  item("plies", std::to_string(g.recorded_plies) +
                    (static_cast<int>(g.moves.size()) < g.recorded_plies
                         ? " (" + i18n::format("{1} replay", {std::to_string(g.moves.size())}) + ")"
                         : ""));
  item("record", g.ref);
  return out + "</dl>\n";
}

// Each side's accuracy, average loss, best-move share and judgement counts, with an analysis.
std::string side_summaries(const GameView& g) {
  if (g.judged.empty()) return "";
  std::string out = "<div class=\"table-wrap\"><table class=\"sides\"><thead><tr><th></th><th>" + tr("accuracy") +
                    "</th><th>" + tr("average loss (cp)") + "</th><th>" + tr("best moves") + "</th><th>" +
                    tr("inaccuracies") + "</th><th>" + tr("mistakes") + "</th><th>" + tr("blunders") +
                    "</th></tr></thead><tbody>";
  char buf[64];
  for (int s = 0; s < 2; ++s) {
    const analysis::SideSummary& x = g.sides[static_cast<std::size_t>(s)];
    const std::string& tag = s == 0 ? g.cho : g.han;
    out += "<tr><th>" + tr(s == 0 ? "Cho" : "Han") + (tag.empty() ? "" : " " + xml_escape(split_player(tag).name)) + "</th>";
    if (x.moves == 0) {
      out += "<td colspan=\"6\" class=\"muted\">" + tr("no judged move") + "</td></tr>";
      continue;
    }
    std::snprintf(buf, sizeof buf, "%.1f%%", x.accuracy);
    out += "<td class=\"n\">" + std::string(buf) + "</td>";
    std::snprintf(buf, sizeof buf, "%.0f", x.average_loss);
    out += "<td class=\"n\">" + std::string(buf) + "</td>";
    out += "<td class=\"n\">" + std::to_string(x.best_moves) + "/" + std::to_string(x.moves) + " (" +
           share(x.best_moves, x.moves) + ")</td>";
    for (analysis::MoveClass c : {analysis::MoveClass::Inaccuracy, analysis::MoveClass::Mistake, analysis::MoveClass::Blunder})
      out += "<td class=\"n\">" + std::to_string(x.counts[static_cast<std::size_t>(c)]) + "</td>";
    out += "</tr>";
  }
  return out + "</tbody></table></div>\n";
}

// The judged ply `k` (1-based), when the analysis judged it.
const analysis::PlyAnalysis* judged_ply(const GameView& g, int k) {
  if (k < 1 || static_cast<std::size_t>(k) > g.judged.size()) return nullptr;
  const analysis::PlyAnalysis& a = g.judged[static_cast<std::size_t>(k - 1)];
  return a.judged ? &a : nullptr;
}

// A judgement's mark after a move: ?! inaccuracy, ? mistake, ?? blunder ("" good).
const char* mark_of(analysis::MoveClass c) {
  switch (c) {
    case analysis::MoveClass::Inaccuracy: return "?!";
    case analysis::MoveClass::Mistake: return "?";
    case analysis::MoveClass::Blunder: return "??";
    case analysis::MoveClass::Good: break;
  }
  return "";
}

// The engine's better move than the game's next one (ply `now` + 1) from the board at
// `now` (`p`), when that ply was judged worse than good; Move::none() otherwise.
Move better_move(const GameView& g, const Position& p, int now) {
  const analysis::PlyAnalysis* a = judged_ply(g, now + 1);
  if (!a || a->judgement == analysis::MoveClass::Good || a->best.empty() || a->best == a->played) return Move::none();
  const MoveReadResult m = read_uci(p, a->best);
  return m ? *m : Move::none();
}

// The line under the board about the next move: its judgement and the engine's choice.
std::string better_text(const GameView& g, const Position& p, int now, Move better) {
  if (better.is_none()) return "";
  const analysis::PlyAnalysis& a = g.judged[static_cast<std::size_t>(now)];
  return "<p class=\"better\">" +
         xml_escape(i18n::format("next, {1}. {2}: {3} ({4} → {5}); the engine preferred {6}",
                                 {std::to_string(now + 1), g.korean[static_cast<std::size_t>(now)],
                                  i18n::translate_known(std::string(analysis::class_name(a.judgement))),
                                  analysis::pgn_eval_text(a.before), analysis::pgn_eval_text(a.after),
                                  stats::ply_name(p.piece_on(better.from()), better)})) +
         "</p>";
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

// The board at `ply`, whose position is `p`, with the engine's better next move drawn.
std::string board(const GameView& g, const Position& p, int ply, DiagramOptions::Letters letters) {
  SvgOptions so;
  so.letters = letters;
  so.better_move = better_move(g, p, ply);
  const std::string at_ply = i18n::format("ply {1}", {std::to_string(ply)});
  so.title = g.title + " " + at_ply;
  if (ply > 0) so.last_move = g.moves[static_cast<std::size_t>(ply - 1)];
  so.caption = (g.cho.empty() ? "?" : g.cho) + " – " + (g.han.empty() ? "?" : g.han) + " · " + at_ply +
               (ply > 0 ? " · " + g.korean[static_cast<std::size_t>(ply - 1)] : "");
  return "<figure>" + svg_diagram(p, so) + "</figure>\n" + better_text(g, p, ply, so.better_move);
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
    const analysis::PlyAnalysis* a = judged_ply(g, k);
    const std::string mark = a ? mark_of(a->judgement) : "";
    out += "<li><small>" + std::to_string(k) + ".</small>&nbsp;<a href=\"" + href(k) + "\"" + (now == k ? " class=\"now\"" : "") +
           ">" + xml_escape(g.korean[i]) + "</a>" +
           (mark.empty() ? std::string()
                         : "<span class=\"judgement j" + std::to_string(static_cast<int>(a->judgement)) + "\">" + mark +
                               "</span>") +
           (a ? " <span class=\"ev\">" + xml_escape(analysis::pgn_eval_text(a->after)) + "</span>" : std::string());
    for (const std::string& c : g.comments[i + 1]) out += " <span class=\"comment\">{" + xml_escape(c) + "}</span>";
    out += "</li> ";  // a space: the line may break between moves, never inside one
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
  for (int k = 1; k <= static_cast<int>(g.moves.size()); ++k)
    if (const analysis::PlyAnalysis* a = judged_ply(g, k))
      o.marks.push_back(EvalGraphMark{k, a->judgement});
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
  body += "<section id=\"record\">" + facts(g, true) + records(g) + graph(g, ply, base) + side_summaries(g) + "<h2>" +
          tr("Moves") + "</h2>" +
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
  body += "</section>\n<section id=\"record\">" + facts(g, false) + graph(g, -1, "#p") + side_summaries(g) + "<h2>" +
          tr("Moves") + "</h2>" +
          move_list(g, -1, href) +
          "</section>\n</div>\n";
  return document(g.title, body, false, kKeys);
}

}  // namespace gibo::pages
