// gibo search: every archive game that reaches a position (--fen, --moves, --game), with
// its source file, game number, the ply, players, date and stored result.
#include <iostream>

#include "command.h"
#include "gibo/report/explore.h"
#include "gibo/report/i18n.h"
#include "outputs.h"
#include "position_query.h"

namespace gibo::cli {

int run_search(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo search [OPTIONS] --db FILE (--fen FEN | --setup CHO,HAN | --moves \"MOVES\" | --game FILE[:GAME]@PLY)";
  PositionQuery q;
  if (auto rc = parse_query_command_line(
          "search", synopsis, args, "text or jsonl", q))
    return *rc;
  if (q.format != "text" && q.format != "jsonl") return usage_error("search", "--format must be text or jsonl");
  set_output_audience_for(q.format);
  if (!q.names_position()) {
    std::cerr << "gibo search: " << i18n::translate("give the position: --fen, --setup, --moves or --game") << "; "
              << i18n::translate("usage:") << " " << synopsis << "\n";
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
