// gibo explore: the opening explorer. From a position (--fen, --moves, --game), the
// archive's games that reach it, those that end there, and for every move played next
// its games, results, average length, most recent date and a notable game; as a text
// table under a board diagram, JSON, or one self-contained HTML page.
#include "command.h"
#include "gibo/report/explore.h"
#include "outputs.h"
#include "common_options.h"
#include "position_query.h"

namespace gibo::cli {

int run_explore(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo explore [OPTIONS] --db FILE";
  PositionQuery q;
  if (auto rc = parse_query_command_line(
          "explore", synopsis, args, "text, json or html", q))
    return *rc;
  if (q.format != "text" && q.format != "json" && q.format != "html")
    return usage_error("explore", "--format must be text, json or html");
  set_output_audience_for(q.format);
  if (!explore::valid_notation(q.notation))
    return usage_error("explore", "--notation takes a comma-separated list of korean, uci, san, janggi");
  PreparedQuery query;
  if (!q.names_position() && q.format != "html") {
    if (auto rc = prepare_archive_query("explore", q, query)) return *rc;
    auto t = explore::setup_table(*query.index, query.selection());
    if (!t) return query_error("explore", q, t.error());
    t->archive = archive::archive_name(q.db);
    t->where = q.where;
    return write_text_output("explore", q.output,
                             q.format == "json" ? explore::render_setups_json(*t) : explore::render_setups_text(*t));
  }
  if (auto rc = prepare_query("explore", q, query, true)) return *rc;
  auto e = explore::explore(*query.index, query.position, query.selection());
  if (!e) return query_error("explore", q, e.error());
  // The names of the position and of what each move starts: the archive's opening book.
  if (query.setups) explore::name_positions(*e, query.setups->first, query.setups->second, *query.openings);
  e->archive = archive::archive_name(q.db);
  e->where = q.where;
  const std::string text = q.format == "json"   ? explore::render_json(*e)
                           : q.format == "html" ? explore::render_html(*e)
                                                : explore::render_text(*e, q.notation);
  return write_text_output("explore", q.output, text);
}

}  // namespace gibo::cli
