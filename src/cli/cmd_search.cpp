// gibo search: every archive game that reaches a position (--fen, --moves, --game), with
// its source file, game number, the ply, players, date and stored result; or, with
// --pattern, every game where a pattern holds (src/pattern/README.md).
#include <algorithm>
#include <iostream>

#include "archive_input.h"
#include "command.h"
#include "gibo/pattern/search.h"
#include "gibo/report/explore.h"
#include "gibo/report/i18n.h"
#include "outputs.h"
#include "position_query.h"

namespace gibo::cli {

namespace {

// --pattern: the pattern asked of every selected game of the archive.
int run_pattern_search(const PositionQuery& q) {
  const auto pattern = pattern::Pattern::parse(q.pattern);
  if (!pattern) {
    std::cerr << "gibo search: --pattern: " << i18n::message(pattern.error().message) << "\n";
    return kExitUsage;
  }
  if (q.db.empty()) {
    std::cerr << "gibo search: " << i18n::translate("--db FILE is required (an archive written by gibo import)") << "\n";
    return kExitUsage;
  }
  if (auto rc = check_query_output("search", q)) return *rc;
  const auto archive = open_archive("search", q.db);
  if (!archive) return kExitIo;
  if (archive->max_game_id() == 0) {  // one index lookup (pattern::search counts the games itself)
    std::cerr << "gibo search: " << archive::archive_name(q.db) << ": "
              << i18n::translate("the archive holds no games (add some with gibo import)") << "\n";
    return kExitFindings;
  }
  std::optional<std::vector<std::int64_t>> selected;
  if (!q.where.empty()) {
    auto ids = archive->select_games(q.where);
    if (!ids) {
      std::cerr << "gibo search: --where: " << i18n::message(ids.error().message) << "\n";
      return kExitUsage;
    }
    selected = std::move(*ids);
    std::sort(selected->begin(), selected->end());
  }
  const auto found = pattern::search(*archive, *pattern, selected ? &*selected : nullptr, q.jobs);
  if (!found) return query_error("search", q, found.error());
  return write_text_output("search", q.output,
                           q.format == "jsonl" ? explore::render_pattern_jsonl(*found) : explore::render_pattern_text(*found));
}

}  // namespace

int run_search(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo search [OPTIONS] --db FILE (--fen FEN | --setup CHO,HAN | --moves \"MOVES\" | --game FILE[:GAME]@PLY | "
      "--pattern PATTERN)";
  PositionQuery q;
  if (auto rc = parse_query_command_line(
          "search", synopsis, args, "text or jsonl", q))
    return *rc;
  if (q.format != "text" && q.format != "jsonl") return usage_error("search", "--format must be text or jsonl");
  set_output_audience_for(q.format);
  if (!q.pattern.empty()) {
    if (q.names_position()) return usage_error("search", "give the position or --pattern, not both");
    return run_pattern_search(q);
  }
  if (!q.names_position()) {
    std::cerr << "gibo search: " << i18n::translate("give the position: --fen, --setup, --moves, --game or --pattern")
              << "; " << i18n::translate("usage:") << " " << synopsis << "\n";
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
