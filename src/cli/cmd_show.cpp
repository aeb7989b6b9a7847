// gibo show: the position of a record at a ply, as a board diagram in the terminal or
// as SVG, its moves with their comments (--moves), or the whole game as one
// self-contained HTML viewer (--format html). FILE[:GAME][@PLY]: GAME counts from 1
// (default 1); PLY 0 is the start position, default the last ply.
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "command.h"
#include "gibo/analysis/analysis_jsonl.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/file_bytes.h"
#include "gibo/record/fact_tags.h"
#include "gibo/record/replay.h"
#include "gibo/report/diagram.h"
#include "gibo/report/i18n.h"
#include "gibo/report/opening_text.h"
#include "gibo/report/pages.h"
#include "inputs.h"
#include "common_options.h"
#include "outputs.h"
#include "reporter.h"

namespace gibo::cli {
namespace {

namespace fs = std::filesystem;

// Does analyze's FILE:GAME `ref` name the game of `t`? The same text, or the same file
// (by its canonical path) and game number.
bool same_game(const std::string& ref, const RecordTarget& t) {
  const std::size_t colon = ref.rfind(':');
  if (colon == std::string::npos || ref.substr(colon + 1) != std::to_string(t.game)) return false;
  const std::string file = ref.substr(0, colon);
  if (file == t.file) return true;
  std::error_code a, b;
  const fs::path x = fs::weakly_canonical(file, a), y = fs::weakly_canonical(t.file, b);
  return !a && !b && x == y;
}

// The evaluations of game `t` from analyze's JSON Lines in `path`: kExitOk, or an exit
// status after the message (kExitIo: unreadable; kExitFindings: not JSON Lines of analyze,
// or the game is not in it).
int read_game_evaluations(const std::string& path, const RecordTarget& t, analysis::Evaluations& out) {
  auto bytes = read_file_bytes(path);
  if (!bytes) {
    std::cerr << "gibo show: --analysis " << bytes.error().message << "\n";
    return kExitIo;
  }
  const auto games = analysis::read_analysis_jsonl(bytes->view());
  if (!games) {
    std::cerr << "gibo show: --analysis " << path << ": " << games.error().message << "\n";
    return kExitFindings;
  }
  for (const analysis::GameEvaluations& g : *games)
    if (same_game(g.game, t)) {
      out = g.evaluations;
      return kExitOk;
    }
  std::cerr << "gibo show: --analysis "
            << i18n::format("{1} holds no analysis of {2}", {path, t.file + ":" + std::to_string(t.game)}) << "\n";
  return kExitFindings;
}

// A run's options.
struct ShowOptions {
  RecordTarget target;
  const Profile* profile = nullptr;
  std::string format = "text";  // text, svg or html
  std::string output, analysis;
  bool moves = false;  // --moves
  DiagramOptions diagram;
  std::optional<OpeningBook> book;  // names the game's opening
};

// Parses show's command line into `o`; the exit status when the run ends here (help, a
// usage error).
std::optional<int> parse_show(const std::vector<std::string>& args, ShowOptions& o) {
  const std::string synopsis = "gibo show [OPTIONS] FILE[:GAME][@PLY]";
  po::options_description opts("options");
  std::string spec, letters = "mixed", color = "auto", rules_id = default_profile().id;
  opts.add_options()("target", po::value(&spec)->required()->value_name("FILE[:GAME][@PLY]"),
                     "the record, its game (from 1; default 1) and ply (0 = the start; default the last)")(
      "format", po::value(&o.format),
      "text (a diagram), svg (a picture) or html (the whole game as an offline viewer)")(
      "svg", "the same as --format svg")("moves", "list the moves (Korean notation and UCI) with their comments")(
      "letters", po::value(&letters), "mixed (Cho hangul, Han hanja), hangul, hanja or latin (K A E H R C P)")(
      "color", po::value(&color), "auto (when stdout is a terminal), always or never")(
      "analysis", po::value(&o.analysis)->value_name("FILE"),
      "with --format html: the evaluation graph from gibo analyze's JSON Lines (--format jsonl) for the game");
  std::vector<std::string> opening_books;
  add_shared_options(opts, {.rules = &rules_id, .output = &o.output, .opening_books = &opening_books});
  po::variables_map vm;
  if (auto rc = parse_command_line_with_argument("show", synopsis, args, opts, "target", vm)) return rc;
  o.profile = profile_or_usage("show", rules_id);
  if (!o.profile) return kExitUsage;
  const auto parsed_letters = parse_letters(letters);
  if (!parsed_letters) return usage_error("show", "--letters must be mixed, hangul, hanja or latin");
  o.diagram.letters = *parsed_letters;
  if (vm.count("svg")) o.format = "svg";
  if (o.format != "text" && o.format != "svg" && o.format != "html")
    return usage_error("show", "--format must be text, svg or html");
  if (color != "auto" && color != "always" && color != "never")
    return usage_error("show", "--color must be auto, always or never");
  o.diagram.color = color == "always" || (color == "auto" && isatty(STDOUT_FILENO));
  o.moves = vm.count("moves") > 0;

  if (!o.analysis.empty() && o.format != "html") return usage_error("show", "--analysis needs --format html");
  o.target = parse_record_target(spec);
  if (!o.output.empty() && o.output != "-") {
    ProtectedFiles protect;
    protect.add_input(o.target.file);
    if (auto why = protect.conflict(o.output)) return usage_error("show", why->message);
  }
  int failed = kExitOk;
  o.book = opening_book_or_error("show", opening_books, failed);
  if (!o.book) return failed;
  return std::nullopt;
}

// The position shown: the board after `shown` plies of `g` and the last of them.
struct Shown {
  int ply = 0;
  Position position;
  Move last = Move::none();
  const std::string* cho = nullptr;  // the players' tags, if any
  const std::string* han = nullptr;
};

// The SVG picture of the position shown.
std::string svg_view(const ShowOptions& o, const Game& g, const Shown& at) {
  SvgOptions so;
  so.last_move = at.last;
  so.letters = o.diagram.letters == DiagramOptions::Letters::Mixed ? DiagramOptions::Letters::Hanja : o.diagram.letters;
  const std::string at_ply = i18n::format("ply {1}", {std::to_string(at.ply)});
  const RecordTarget& t = o.target;
  so.title = i18n::format("{1} game {2}", {t.file, std::to_string(t.game)}) + " " + at_ply;
  so.caption = (at.cho ? *at.cho : std::string("?")) + " – " + (at.han ? *at.han : std::string("?")) + " · " + at_ply +
               (at.ply > 0 ? " · " + g.plies[static_cast<std::size_t>(at.ply - 1)].text : "");
  return svg_diagram(at.position, so) + "\n";
}

// The moves listed by --moves: every ply that replays, in Korean notation (as pages.h's
// viewer writes it) and UCI, with the comments after it.
std::string moves_list(const Game& g, const Profile& profile, const OpeningBook& book) {
  const pages::GameView view = pages::game_view(g, profile, &book);
  const int plies = static_cast<int>(g.plies.size());
  std::string out = "\n" + i18n::translate("moves:") + "\n";
  for (const std::string& c : view.comments[0]) out += "  {" + c + "}\n";
  for (std::size_t i = 0; i < view.moves.size(); ++i) {
    out += "  " + std::to_string(i + 1) + ". " + view.korean[i] + " " + uci(view.moves[i]) + "\n";
    for (const std::string& c : view.comments[i + 1]) out += "     {" + c + "}\n";
  }
  if (static_cast<int>(view.moves.size()) < plies)
    out += "  (" + i18n::format("plies {1} to {2} do not replay", {std::to_string(view.moves.size() + 1), std::to_string(plies)}) +
           ")\n";
  return out;
}

// The text view of the position shown: the game's heading, the ply, the diagram and the
// FEN, then with --moves the moves. In the run's language; the "fen" line as it is (a
// script may take the position from it).
std::string text_view(const ShowOptions& o, const Game& g, const Shown& at) {
  const RecordTarget& t = o.target;
  const int plies = static_cast<int>(g.plies.size());
  DiagramOptions d = o.diagram;
  d.last_move = at.last;
  std::string out = i18n::format("{1} game {2}", {t.file, std::to_string(t.game)});
  // (Each piece appended on its own: GCC 12 warns falsely (-Wrestrict) on "literal" + temporary.)
  if (at.cho || at.han)
    out.append(": ").append(i18n::format("{1} (Cho) vs {2} (Han)",
                                         {at.cho ? *at.cho : std::string("?"), at.han ? *at.han : std::string("?")}));
  if (g.has_result) out.append(", ").append(g.result_text);
  // The opening (formats/openings/README.md): its code and name, the set-up pair, the evidence.
  const Opening opening = name_opening(g, *o.book);
  out.append("\n").append(i18n::format("opening {1}: {2}", {opening_code(opening), opening_text::name(opening)}));
  if (!opening.other_start)
    out.append("\n  ").append(opening_text::setups(opening)).append("\n  ").append(opening_text::evidence(opening));
  out.append("\n").append(i18n::format("ply {1} of {2}", {std::to_string(at.ply), std::to_string(plies)}));
  if (at.ply > 0)
    out.append(", ").append(
        i18n::format("last move {1} ({2})", {uci(at.last), g.plies[static_cast<std::size_t>(at.ply - 1)].text}));
  out.append(", ").append(i18n::translate(at.position.side_to_move() == Side::Cho ? "Cho to move" : "Han to move"));
  if (at.position.in_check()) out.append(", ").append(i18n::translate("in check"));
  out.append("\n").append(text_diagram(at.position, d)).append("fen ").append(at.position.fen()).append("\n");
  if (o.moves) out += moves_list(g, *o.profile, *o.book);
  return out;
}

}  // namespace

int run_show(const std::vector<std::string>& args) {
  ShowOptions o;
  if (auto rc = parse_show(args, o)) return *rc;
  const RecordTarget& t = o.target;
  int failed = kExitOk;
  LegalityRules rules;
  auto game = read_record_game("show", t, *o.profile, rules, failed);
  if (!game) return failed;
  Game& g = *game;
  if (o.format == "html") {
    // The same viewer as gibo serve's, every ply in the file (pages.h).
    pages::GameView view = pages::game_view(g, *o.profile, &*o.book);
    const bool untitled = view.title == view.ref;  // no player named: titled by the game's reference
    view.ref = t.file + ":" + std::to_string(t.game);
    if (untitled) view.title = view.ref;
    if (!o.analysis.empty())
      if (const int rc = read_game_evaluations(o.analysis, t, view.evaluations); rc != kExitOk) return rc;
    return write_text_output("show", o.output, pages::game_file_page(view, o.diagram.letters));
  }
  const int plies = static_cast<int>(g.plies.size());
  const int want = t.ply.value_or(plies);
  if (want < 0 || want > plies) {
    std::cerr << "gibo show: "
              << i18n::format("game {1} has {2} plies; no ply {3}",
                              {std::to_string(t.game), std::to_string(plies), std::to_string(want)})
              << "\n";
    return kExitUsage;
  }
  int status = kExitOk;
  Shown at;
  at.ply = want;
  if (want > g.valid_plies) {
    for (const Diagnostic& diag : g.diagnostics)
      if (diag.severity == Severity::Error) std::cerr << Reporter::diagnostic_line(diag);
    std::cerr << "gibo show: " << i18n::format("showing ply {1}, the last valid one", {std::to_string(g.valid_plies)}) << "\n";
    at.ply = g.valid_plies;
    status = kExitFindings;
  }
  start_position(g, rules, at.position);
  for (int i = 0; i < at.ply; ++i) {
    at.last = g.plies[i].move;
    at.position.do_move(at.last);
  }
  at.cho = fact_tag(g.tags, FactTag::Cho);  // .gib's 초대국자, PGN's roster, or their aliases
  at.han = fact_tag(g.tags, FactTag::Han);
  const int rc = write_text_output("show", o.output, o.format == "svg" ? svg_view(o, g, at) : text_view(o, g, at));
  return rc != kExitOk ? rc : status;
}

}  // namespace gibo::cli
