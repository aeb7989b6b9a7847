// What `gibo explore` and `gibo search` share: the position they look up (--fen, --moves,
// --game), the archive's position index brought up to date, the --where selection, and
// writing the result.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "gibo/archive/position_index.h"
#include "gibo/core/position.h"
#include "gibo/record/opening.h"
#include "common_options.h"

namespace gibo::cli {

struct PositionQuery {
  std::string db, fen, setup, moves, game, where, output, rules_id = default_profile().id, format = "text";
  std::string notation = "korean,uci";  // explore's text table (report/explore.h)
  std::string pattern;                  // search's --pattern (src/pattern/README.md)
  int jobs = 2;
  // Does the command line name a position (--fen, --setup, --moves or --game)?
  bool names_position() const { return !fen.empty() || !setup.empty() || !moves.empty() || !game.empty(); }
};

// Parses the command line of explore or search: --db, --fen, --moves, --game, --where,
// --rules, --jobs, -o and --format (its values named by `formats`: "text or jsonl"). As
// parse_command_line: nullopt on success, else the exit status.
std::optional<int> parse_query_command_line(const std::string& command, const std::string& synopsis,
                                            const std::vector<std::string>& args, const char* formats,
                                            PositionQuery& q);

// A query the archive could not answer: prints "gibo COMMAND: DB: MESSAGE" and returns
// kExitIo.
int query_error(const std::string& command, const PositionQuery& q, const Error& error);

// The position the query names, under the --rules profile: --game FILE[:GAME]@PLY (the
// record's own rules), else --fen or --setup CHO,HAN (default: the standard start) with
// --moves (UCI, blank-separated, a pass as the general's square twice) played from it. On failure prints
// "gibo COMMAND: ..." and returns the exit status.
// `setups`, if given, receives the set-up pair the position was reached from (the
// record's, --setup's, the standard start's), nullopt for a --fen or a record's own position.
std::optional<int> query_position(const std::string& command, const PositionQuery& q, Position& out,
                                  std::optional<std::pair<Setup, Setup>>* setups = nullptr);

// Opens the archive's position index and brings it up to date (progress on a terminal);
// then the --where selection into `selected` (left empty without --where), and the
// archive's opening book into `book` when given. On failure prints the error and returns
// the exit status: 3 an archive that cannot be used, 1 one that holds no game, 2 a bad
// --where.
std::optional<int> open_position_index(const std::string& command, const PositionQuery& q,
                                       std::unique_ptr<archive::PositionIndex>& index,
                                       std::optional<std::unordered_set<std::int64_t>>& selected,
                                       std::shared_ptr<const OpeningBook>* book = nullptr);

// Refuses an -o FILE that would overwrite the archive (or its -wal, -shm, -journal) or the
// --game file (outputs.h), before anything is done: prints why and returns 2.
std::optional<int> check_query_output(const std::string& command, const PositionQuery& q);

// What a query works on once it is ready.
struct PreparedQuery {
  Position position;
  std::optional<std::pair<Setup, Setup>> setups;  // the set-up pair it was reached from (query_position)
  std::shared_ptr<const OpeningBook> openings;     // the archive's opening book (prepare_query with `names`)
  std::unique_ptr<archive::PositionIndex> index;
  std::optional<std::unordered_set<std::int64_t>> selected;  // the --where selection, if any
  const std::unordered_set<std::int64_t>* selection() const { return selected ? &*selected : nullptr; }
};

// The index and the --where selection alone (no position): check_query_output and
// open_position_index.
std::optional<int> prepare_archive_query(const std::string& command, const PositionQuery& q, PreparedQuery& out);

// query_position, check_query_output and open_position_index, in that order (nothing is
// indexed for a query with a bad position or output); with `names`, the archive's opening
// book when the position was reached from a set-up pair. On failure the exit status (the
// step has printed why).
std::optional<int> prepare_query(const std::string& command, const PositionQuery& q, PreparedQuery& out,
                                 bool names = false);

}  // namespace gibo::cli
