// An export (gibo export; src/archive/README.md, "Export"): the games an archive's selection
// names, rebuilt one at a time (Archive::load_game) and written with the format writers, so
// that what was imported exports to the same games. The selection is a --where expression
// over the facts view or a --query whose first column is a game id (checked: a value that
// is no game's id stops the run before anything is written), with each game's copies after
// it when asked. The output: a stream (standard output), one file, or one file per source
// file in a directory (`<stem>.<ext>`, `-2`, `-3`... when two sources share a stem); never a
// protected file (gibo/formats/protected_files.h), every file complete or absent
// (gibo/formats/output_file.h). Memory: one game at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/formats/game_writer.h"
#include "gibo/formats/protected_files.h"

namespace gibo::archive {

struct ExportSettings {
  std::string db;            // the archive as --db named it (for messages)
  std::string where, query;  // the selection: an expression, or a SELECT (query wins when given)
  bool copies = false;       // each game's copies (its other records kept) after it
  WriteOptions write;        // the format and its options (the openings: the archive's book)
  std::string output;        // "": the stream; a file; a directory (existing, or ending in '/')
};

// Why a run stopped before its outputs were complete.
struct ExportFailure {
  enum class Kind {
    Io,          // the archive or an output file failed (exit 3)
    Usage,       // the selection cannot be read, or an output would overwrite the archive (exit 2)
    NotGameIds,  // --query selected something else than game ids (exit 2, with the synopsis)
  };
  Error error;
  Kind kind = Kind::Io;
};

// An output file that could not be completed (removed), and the games it held.
struct FailedOutput {
  Error error;
  long games = 0;
};

class ExportRun {
 public:
  // What writing a game could not keep exactly (write_loss_warnings); called per game.
  using OnLoss = std::function<void(const Game&, const WriteLoss&)>;
  // `stream`: where the games go without an output file (standard output).
  ExportRun(Archive& archive, ExportSettings settings, const ProtectedFiles& protect, std::ostream& stream);
  ~ExportRun();
  // The archive's opening book and the records the selection names.
  std::optional<ExportFailure> select();
  // Loads each selected record (after select()) and writes it to its output; stops at the first failure
  // (the outputs are then discarded when the run is destroyed).
  std::optional<ExportFailure> write(const OnLoss& on_loss);
  // Ends the stream's output ("[]" for a JSON array when nothing was written); the games
  // written there.
  long finish_stream();
  // Ends every output file and renames it into place; those that could not be completed.
  std::vector<FailedOutput> close_files();
  long written() const { return written_; }
  long cut() const { return cut_; }  // written only up to their last legal ply

 private:
  class Outputs;
  Archive& archive_;
  ExportSettings settings_;
  const ProtectedFiles& protect_;
  std::ostream& stream_;
  std::shared_ptr<const OpeningBook> book_;
  std::vector<std::int64_t> records_;
  std::unique_ptr<Outputs> outputs_;
  long written_ = 0, cut_ = 0;
};

}  // namespace gibo::archive
