// gibo search: every archive game that reaches a position (--fen, --moves, --game), with
// its source file, game number, the ply, players, date and stored result.
#include <iostream>

#include "command.h"
#include "gibo/report/explore.h"
#include "outputs.h"
#include "position_query.h"

namespace gibo::cli {

int run_search(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo search --db FILE (--fen FEN | --moves \"UCI ...\" | --game FILE[:GAME]@PLY) [--where EXPR] [--rules ID] "
      "[--format text|jsonl] [-o FILE]";
  po::options_description opts("options");
  PositionQuery q;
  std::string format = "text";
  add_position_query_options(opts, q);
  opts.add_options()("format", po::value(&format), "text or jsonl");
  po::variables_map vm;
  if (auto rc = parse_command_line("search", synopsis, args, opts, {}, vm)) {
    if (*rc == kExitOk)
      std::cout << "\nText: one line per game, FILE:GAME@PLY (as gibo show takes it), the move played there (\"end\":\n"
                   "the record ends there), players, date, stored result. jsonl: one object per game\n"
                   "{\"type\":\"game\",\"id\",\"file\",\"index\" (from 0),\"ply\",\"next\",\"plies\",\"cho\",\"han\",\"date\",\"result\"}.\n"
                << position_query_help("search");
    return *rc;
  }
  if (format != "text" && format != "jsonl") {
    std::cerr << "gibo search: --format must be text or jsonl\n";
    return kExitUsage;
  }
  if (q.fen.empty() && q.moves.empty() && q.game.empty()) {
    std::cerr << "gibo search: give the position: --fen, --moves or --game; usage: " << synopsis << "\n";
    return kExitUsage;
  }
  PreparedQuery query;
  if (auto rc = prepare_query("search", q, query)) return *rc;
  auto s = explore::search(*query.index, query.position, query.selection());
  if (!s) {
    std::cerr << "gibo search: " << q.db << ": " << s.error().message << "\n";
    return kExitIo;
  }
  return write_text_output("search", q.output, format == "jsonl" ? explore::render_search_jsonl(*s)
                                                           : explore::render_search_text(*s));
}

}  // namespace gibo::cli
