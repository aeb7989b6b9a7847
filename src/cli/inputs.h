// Input handling shared by the commands: reading the games of the files that PATHS name
// (gibo/formats/input_files.h finds them), the --encoding option, FILE:GAME@PLY references.
#pragma once

#include <functional>
#include <optional>
#include <cstdint>
#include <string>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/input_files.h"

namespace gibo::cli {

// Memory policy for a command that reads many files (validate, import): every file is
// read whole and decoded into buffers of about its size, freed right after. glibc would
// hand those buffers back to the kernel (mmap/munmap, heap trimming) and fault them in
// again for the next file; keeping freed memory for reuse instead saves a tenth (validate)
// to a sixth (import) of the CPU time. Costs at most the largest file's buffers in
// retained memory. Call once, before the first file is read.
void keep_freed_memory();

// The value of an --encoding option for input: "auto", "utf-8"/"utf8", "cp949"/"euc-kr";
// nullopt for anything else.
std::optional<text::Encoding> input_encoding(const std::string& name);

// Is standard error a terminal (progress output goes there only then)?
bool stderr_is_terminal();

// The number of games the inputs hold, for a progress line's ETA: counted by a reading
// pass that keeps no game (records read under `fallback`); nullopt when one is standard
// input (it cannot be read twice).
std::optional<long> count_input_games(const std::vector<InputFile>& files, const Profile& fallback);

// A record position named FILE[:GAME][@PLY]: GAME counts from 1 (default 1); PLY 0 is
// the start position, nullopt the last ply.
struct RecordTarget {
  std::string file;
  int game = 1;
  std::optional<int> ply;
};

// Splits FILE[:GAME][@PLY] from the right, so paths with ':' or '@' still work when the
// suffixes are absent.
RecordTarget parse_record_target(const std::string& spec);

// Reads game `target.game` of `target.file` (any format read_games knows) and replays it
// under its profile (`fallback` when it names none); `rules` receives the legality rules
// it was replayed under. On failure prints "gibo COMMAND: ..." and sets `status`
// (kExitIo: unreadable; kExitFindings: the file holds no game; kExitUsage: no such game).
std::optional<Game> read_record_game(const std::string& command, const RecordTarget& target, const Profile& fallback,
                                     LegalityRules& rules, int& status);

}  // namespace gibo::cli
