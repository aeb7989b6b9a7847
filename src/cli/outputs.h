// Output handling shared by the commands: the one check that no output overwrites an
// input or the archive, output files written under a temporary name and renamed into
// place, and write errors on standard output.
//
// Policy (README "Exit status"): an output that would overwrite a file the command reads
// (an input, the archive or its -wal/-shm/-journal/-lock files) is refused before anything is
// written, also when it reaches that file through a symlink, a hard link or a `./..`
// path (files are compared by device and inode, missing ones by their canonical path).
// An output file is complete or absent: it is written under a temporary name in its
// directory and renamed over the target only when every byte was written; on failure the
// temporary is removed and the command reports the error and exits 3.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/formats/game_writer.h"

namespace gibo::cli {

// The files a command reads and must never write over.
class ProtectedFiles {
 public:
  // A file read as input ("-", standard input, is ignored).
  void add_input(const std::string& path);
  // An archive: the database file and its -wal, -shm, -journal and -lock companions.
  void add_archive(const std::string& db);
  // Why writing `output` would destroy a protected file ("refusing to overwrite the input
  // X with the output Y"), or nothing when it would not.
  std::optional<Error> conflict(const std::string& output) const;

 private:
  struct Entry {
    std::string path;
    std::string role;  // "input", "archive"
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    std::string canonical;
  };
  void add(const std::string& path, const std::string& shown, const std::string& role);
  std::vector<Entry> entries_;
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

// An output file written under a temporary name and renamed into place by commit().
// Destroying it uncommitted removes the temporary, so a failed output leaves no file
// (and an existing target untouched).
class OutputFile {
 public:
  OutputFile();
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Creates the temporary next to `path` (a symlink is followed: its target is
  // replaced). A device or a pipe (`-o /dev/null`) is written in place instead. An Error
  // ("PATH: cannot create: REASON") on failure.
  std::optional<Error> open(const std::string& path);
  // The stream to write to (valid after a successful open).
  std::ostream& stream();
  // Flushes, closes and renames the temporary over the target. An Error ("PATH: write
  // error: REASON") on failure; the temporary is then removed.
  std::optional<Error> commit();
  const std::string& path() const { return path_; }

  // A stream buffer over a file descriptor that remembers the first write error.
  class Buffer;

 private:
  void discard();
  std::string path_, target_, temporary_;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
  bool open_ = false;
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
