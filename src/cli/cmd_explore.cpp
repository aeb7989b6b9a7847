// gibo explore: the opening explorer. From a position (--fen, --moves, --game), the
// archive's games that reach it, those that end there, and for every move played next
// its games, results, average length, most recent date and a notable game; as a text
// table under a board diagram, JSON, or one self-contained HTML page.
#include <iostream>

#include "command.h"
#include "gibo/report/explore.h"
#include "outputs.h"
#include "position_query.h"

namespace gibo::cli {

int run_explore(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo explore --db FILE [--fen FEN | --moves \"UCI ...\" | --game FILE[:GAME]@PLY] [--where EXPR] [--rules ID] "
      "[--format text|json|html] [-o FILE]";
  po::options_description opts("options");
  PositionQuery q;
  std::string format = "text";
  add_position_query_options(opts, q);
  opts.add_options()("format", po::value(&format), "text, json or html");
  po::variables_map vm;
  if (auto rc = parse_command_line("explore", synopsis, args, opts, {}, vm)) {
    if (*rc == kExitOk) std::cout << position_query_help("explore");
    return *rc;
  }
  if (format != "text" && format != "json" && format != "html") {
    std::cerr << "gibo explore: --format must be text, json or html\n";
    return kExitUsage;
  }
  PreparedQuery query;
  if (auto rc = prepare_query("explore", q, query)) return *rc;
  auto e = explore::explore(*query.index, query.position, query.selection());
  if (!e) {
    std::cerr << "gibo explore: " << q.db << ": " << e.error().message << "\n";
    return kExitIo;
  }
  e->archive = q.db;
  e->where = q.where;
  const std::string text = format == "json"   ? explore::render_json(*e)
                           : format == "html" ? explore::render_html(*e)
                                              : explore::render_text(*e);
  return write_text_output("explore", q.output, text);
}

}  // namespace gibo::cli
