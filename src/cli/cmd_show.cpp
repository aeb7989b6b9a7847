// gibo show: the position of a record at a ply, as a board diagram in the terminal or
// as SVG. FILE[:GAME][@PLY]: GAME counts from 1 (default 1); PLY 0 is the start
// position, default the last ply.
#include <unistd.h>

#include <iostream>

#include "command.h"
#include "gibo/formats/detect.h"
#include "gibo/record/replay.h"
#include "gibo/report/diagram.h"
#include "inputs.h"
#include "options.h"

namespace gibo::cli {

int run_show(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo show [OPTIONS] FILE[:GAME][@PLY]";
  po::options_description opts("options");
  std::string spec, letters = "mixed", color = "auto", rules_id = default_profile().id;
  opts.add_options()("target", po::value(&spec)->required()->value_name("FILE[:GAME][@PLY]"),
                     "the record, its game (from 1; default 1) and ply (0 = the start; default the last)")(
      "svg", "write an SVG picture instead of a text diagram")(
      "letters", po::value(&letters), "mixed (Cho hangul, Han hanja), hangul or hanja")(
      "color", po::value(&color), "auto (when stdout is a terminal), always or never")(
      "rules", po::value(&rules_id), "profile for records that name none");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_argument("show", synopsis, args, opts, "target", vm)) return *rc;
  const Profile* profile = profile_or_usage("show", rules_id);
  if (!profile) return kExitUsage;
  DiagramOptions d;
  if (letters == "mixed") d.letters = DiagramOptions::Letters::Mixed;
  else if (letters == "hangul") d.letters = DiagramOptions::Letters::Hangul;
  else if (letters == "hanja") d.letters = DiagramOptions::Letters::Hanja;
  else return usage_error("show", "--letters must be mixed, hangul or hanja");
  if (color != "auto" && color != "always" && color != "never")
    return usage_error("show", "--color must be auto, always or never");
  d.color = color == "always" || (color == "auto" && isatty(STDOUT_FILENO));

  const RecordTarget t = parse_record_target(spec);
  int failed = kExitOk;
  LegalityRules rules;
  auto game = read_record_game("show", t, *profile, rules, failed);
  if (!game) return failed;
  Game& g = *game;
  const int plies = static_cast<int>(g.plies.size());
  const int want = t.ply.value_or(plies);
  if (want < 0 || want > plies) {
    std::cerr << "gibo show: game " << t.game << " has " << plies << " plies; no ply " << want << "\n";
    return kExitUsage;
  }
  int status = kExitOk;
  int shown = want;
  if (want > g.valid_plies) {
    for (const Diagnostic& diag : g.diagnostics)
      if (diag.severity == Severity::Error) std::cerr << format_diagnostic(diag) << "\n";
    std::cerr << "gibo show: showing ply " << g.valid_plies << ", the last valid one\n";
    shown = g.valid_plies;
    status = kExitFindings;
  }
  Position pos;
  start_position(g, rules, pos);
  Move last = Move::none();
  for (int i = 0; i < shown; ++i) {
    last = g.plies[i].move;
    pos.do_move(last);
  }
  if (vm.count("svg")) {
    SvgOptions so;
    so.last_move = last;
    so.title = t.file + " game " + std::to_string(t.game) + " ply " + std::to_string(shown);
    std::cout << svg_diagram(pos, so) << "\n";
    return status;
  }
  d.last_move = last;
  const std::string* cho = g.tag("초대국자");
  const std::string* han = g.tag("한대국자");
  if (!cho) cho = g.tag("White");  // PGN records name the players in the roster
  if (!han) han = g.tag("Black");
  std::cout << t.file << " game " << t.game;
  if (cho || han) std::cout << ": " << (cho ? *cho : "?") << " (Cho) vs " << (han ? *han : "?") << " (Han)";
  if (g.has_result) std::cout << ", " << g.result_text;
  std::cout << "\nply " << shown << " of " << plies;
  if (shown > 0) std::cout << ", last move " << uci(last) << " (" << g.plies[shown - 1].text << ")";
  std::cout << ", " << (pos.side_to_move() == Side::Cho ? "Cho" : "Han") << " to move"
            << (pos.in_check() ? ", in check" : "") << "\n"
            << text_diagram(pos, d) << "fen " << pos.fen() << "\n";
  return status;
}

}  // namespace gibo::cli
