// The commands' side of writing (the files themselves: gibo/formats/output_file.h and
// protected_files.h): whom the output is for, standard output and standard error, and the
// overwrite check with an archive that may be a server's.
//
// Policy (README "Exit status"): an output that would overwrite a file the command reads
// (an input, the archive or its -wal/-shm/-journal/-lock files) is refused before anything is
// written (ProtectedFiles). An output file is complete or absent (OutputFile); on failure
// the command reports the error and exits 3.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "gibo/core/expected.h"
#include "gibo/formats/game_writer.h"
#include "gibo/formats/output_file.h"
#include "gibo/formats/protected_files.h"

namespace gibo::cli {

// The files a command reads and must never write over (gibo::ProtectedFiles), with the
// archive named as --db names it.
class ProtectedFiles : public gibo::ProtectedFiles {
 public:
  // An archive: its database file and companions (nothing for a server's archive).
  void add_archive(const std::string& db);
};

// Whom a command's output is for. People (the default): its control characters are made
// visible (text::visible: a record's ESC or right-to-left override cannot act on a
// terminal or a page) on standard output and in every output file opened afterwards.
// Programs: written exactly as made (game files, CSV, JSON Lines of records), for a command
// to call before it writes, once its --format is known.
enum class Audience { People, Programs };
void set_output_audience(Audience audience);
// The audience of a --format: programs for json, jsonl and csv; people for the others
// (text, html, svg).
void set_output_audience_for(const std::string& format);

// An output file (gibo::OutputFile) made visible or not as the output's audience says.
class OutputFile : public gibo::OutputFile {
 public:
  std::optional<Error> open(const std::string& path);
};

// Writes `text` to standard output (`output` empty or "-"; main checks it) or, through an
// OutputFile, to `output`. kExitOk, or kExitIo after printing "gibo COMMAND: ERROR".
int write_text_output(const std::string& command, const std::string& output, const std::string& text);

// Makes std::cout write to file descriptor 1 through a buffer that remembers the first
// write error's cause, so a failure in the middle of a long output ("No space left on
// device") is reported by flush_standard_output as one at the end is. Called once by main.
void checked_standard_output();

// Makes std::cerr write to file descriptor 2 with its control characters made visible
// (text::visible): every diagnostic, warning and progress line is for people, and a
// record's ESC or right-to-left override must not act on their terminal. gibo's own
// terminal sequences (a progress line redrawn) go through terminal_control(). Called
// once by main.
void visible_standard_error();
// Standard error as it is, for gibo's own terminal sequences ("\r\033[K"); unit-buffered,
// after what std::cerr holds.
std::ostream& terminal_control();

// Flushes standard output. Returns true when every byte written to it went out; else
// prints "gibo COMMAND: standard output: write error: REASON" on standard error (once per
// run, however often it is called) and returns false.
bool flush_standard_output(const std::string& command);

// Prints a warning on standard error for what writing `game` could not keep exactly
// (`unencodable-text`: characters the output encoding cannot hold, written as '?';
// `renamed-tag`: tag names a tag line cannot hold, written with '_'). Nothing when the
// loss is none.
void report_write_loss(const Game& game, const WriteLoss& loss, const WriteOptions& options);

}  // namespace gibo::cli
