// gibo search: every archive game that reaches a position (--fen, --moves, --game), with
// its source file, game number, the ply, players, date and stored result.
#include <iostream>

#include "command.h"
#include "gibo/report/explore.h"
#include "outputs.h"
#include "position_query.h"

namespace gibo::cli {

int run_search(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo search [OPTIONS] --db FILE (--fen FEN | --moves \"UCI ...\" | --game FILE[:GAME]@PLY)";
  PositionQuery q;
  if (auto rc = parse_query_command_line(
          "search", synopsis, args, "text or jsonl",
          "\nText: one line per game, FILE:GAME@PLY (as gibo show takes it), the move played there (\"end\":\n"
          "the record ends there), players, date, stored result. jsonl: one object per game\n"
          "{\"type\":\"game\",\"id\",\"file\",\"index\" (from 0),\"ply\",\"next\",\"plies\",\"cho\",\"han\",\"date\",\"result\"}.\n",
          q))
    return *rc;
  if (q.format != "text" && q.format != "jsonl") return usage_error("search", "--format must be text or jsonl");
  if (q.fen.empty() && q.moves.empty() && q.game.empty()) {
    std::cerr << "gibo search: give the position: --fen, --moves or --game; usage: " << synopsis << "\n";
    return kExitUsage;
  }
  PreparedQuery query;
  if (auto rc = prepare_query("search", q, query)) return *rc;
  auto s = explore::search(*query.index, query.position, query.selection());
  if (!s) return query_error("search", q, s.error());
  return write_text_output("search", q.output, q.format == "jsonl" ? explore::render_search_jsonl(*s)
                                                             : explore::render_search_text(*s));
}

}  // namespace gibo::cli
