// The import's workers (import.cpp): each takes the next input file (import_handoff.h),
// reads, replays and prepares its games, and hands them to the writer in chunks, with
// their position-index rows when the import indexes. A file whose bytes were imported
// whole before is not parsed; a file an earlier run left is parsed after the games that
// run handled.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/archive/import.h"
#include "import_handoff.h"

namespace gibo::archive {

class FileReader {
 public:
  // `known`: the archive's sources at the start, by content hash; `book`: the book the
  // games are named with; `index`: the workers compute the games' index rows.
  FileReader(const ImportOptions& options, const std::unordered_map<std::string, SourceState>& known,
             std::shared_ptr<const OpeningBook> book, bool index, Handoff& handoff);

  // A worker's loop: files until there are none left or the import is aborted.
  void work();

 private:
  // Reads, replays and encodes file i into its slot; false if the import was aborted.
  bool read_file(std::size_t i);
  // Parses the games of `bytes` (the file `info` describes, in `format`) after the first
  // `skip` (an earlier run handled those), or only those of `restore` when it holds any,
  // replays and prepares them, and hands them to the writer in chunks; false if the
  // import was aborted.
  bool prepare_games(Slot& slot, std::string_view bytes, Format format, const SourceInfo& info, int skip,
                     const std::vector<int>& restore);

  const ImportOptions& options_;
  const Profile* fallback_;
  const std::unordered_map<std::string, SourceState>& known_;  // read-only while workers run
  std::shared_ptr<const OpeningBook> book_;
  bool index_;
  Handoff& handoff_;
};

}  // namespace gibo::archive
