// gibo explore: the opening explorer. From a position (--fen, --moves, --game), the
// archive's games that reach it, those that end there, and for every move played next
// its games, results, average length, most recent date and a notable game; as a text
// table under a board diagram, JSON, or one self-contained HTML page.
#include "command.h"
#include "gibo/report/explore.h"
#include "outputs.h"
#include "position_query.h"

namespace gibo::cli {

int run_explore(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo explore [OPTIONS] --db FILE";
  PositionQuery q;
  if (auto rc = parse_query_command_line("explore", synopsis, args, "text, json or html", "", q)) return *rc;
  if (q.format != "text" && q.format != "json" && q.format != "html")
    return usage_error("explore", "--format must be text, json or html");
  PreparedQuery query;
  if (auto rc = prepare_query("explore", q, query)) return *rc;
  auto e = explore::explore(*query.index, query.position, query.selection());
  if (!e) return query_error("explore", q, e.error());
  e->archive = q.db;
  e->where = q.where;
  const std::string text = q.format == "json"   ? explore::render_json(*e)
                           : q.format == "html" ? explore::render_html(*e)
                                                : explore::render_text(*e);
  return write_text_output("explore", q.output, text);
}

}  // namespace gibo::cli
