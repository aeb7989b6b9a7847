// gibo perft: counts the leaves of the legal-move tree (Fairy-Stockfish semantics,
// src/core/README.md, "Perft") and reports nodes per second.
#include <chrono>
#include <iomanip>
#include <iostream>

#include "command.h"
#include "gibo/core/position.h"
#include "gibo/report/explore.h"
#include "options.h"
#include "setup_names.h"

namespace gibo::cli {
namespace {

void print_board(const Position& pos, std::ostream& out) {
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    out << std::setw(3) << rank + 1 << "  ";
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      out << (p == Piece::None ? '.' : fen_letter(p)) << (file + 1 < kFiles ? " " : "\n");
    }
  }
  out << "     a b c d e f g h i\n";
}

}  // namespace

int run_perft(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo perft [OPTIONS] DEPTH";
  po::options_description opts("options");
  std::string rules_id = "fs-janggi", fen, setups;
  int depth = 0;
  opts.add_options()("rules", po::value(&rules_id)->default_value("fs-janggi"),
                     "rules profile (or janggi, janggitraditional, janggimodern, janggicasual)")(
      "fen", po::value(&fen), "start from this FEN (Fairy-Stockfish janggi FEN)")(
      "setup", po::value(&setups), "start from the setups CHO,HAN (HEEH or 마상상마 ...; absolute, seen from Cho)")(
      "depth", po::value(&depth)->required()->value_name("DEPTH"), "depth in plies, 1 to 12")("divide", "print the count under each root move")(
      "board", "print the start position as a diagram");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_argument("perft", synopsis, args, opts, "depth", vm)) return *rc;

  const Profile* profile = profile_or_usage("perft", rules_id);
  if (!profile) return kExitUsage;
  if (depth < 1 || depth > 12) return usage_error("perft", "DEPTH must be between 1 and 12");
  if (vm.count("fen") && vm.count("setup")) return usage_error("perft", "give --fen or --setup, not both");

  Position pos;
  pos.set_rules(legality_rules(*profile));
  if (vm.count("fen")) {
    if (auto err = pos.set_fen(fen)) return usage_error("perft", "invalid FEN: " + err->message);
  } else if (vm.count("setup")) {
    const auto pair = explore::parse_setup_pair(setups);
    if (!pair) return usage_error("perft", kSetupPairHelp);
    pos.set_setups(pair->first, pair->second);
  }

  std::cout << "position " << pos.fen() << "\nrules " << profile->id << "\ndepth " << depth << "\n";
  if (vm.count("board")) print_board(pos, std::cout);

  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (vm.count("divide")) {
    MoveList root;
    pos.legal_moves(root);
    for (Move m : root) {
      pos.do_move(m);
      const std::uint64_t n = pos.perft(depth - 1);
      pos.undo_move();
      std::cout << uci(m) << " " << n << "\n";
      nodes += n;
    }
  } else {
    nodes = pos.perft(depth);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "nodes " << nodes << "\n"
            << "time " << std::fixed << std::setprecision(3) << seconds << " s\n"
            << "nodes/s " << static_cast<std::uint64_t>(seconds > 0 ? nodes / seconds : 0) << "\n";
  return kExitOk;
}

}  // namespace gibo::cli
