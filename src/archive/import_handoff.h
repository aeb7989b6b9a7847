// The import's hand-off between its worker threads and its writer (import.cpp): one Slot
// per input file, which its worker fills with chunks of prepared games and the writer
// drains, strictly in input order.
//
// Flow control: a worker starts file i only while i is within `window` files of the one
// the writer is on, and holds at most kMaxChunks chunks of a file before waiting, so
// memory stays bounded by (window x kMaxChunks x kGamesPerChunk) games. The writer drains
// the file it is on, whose worker started before any later file's, so no wait is ever
// circular.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/formats/detect.h"
#include "index_feed.h"

namespace gibo::archive {

// Prepared games of one file, with their index rows when the import indexes.
struct Chunk {
  std::vector<PreparedGame> games;
  ChunkRows rows;  // empty unless indexing
};

// One input file as it travels from its worker to the writer.
struct Slot {
  std::string path;
  bool started = false;   // `info` is set (first chunk or the end)
  bool finished = false;  // no more chunks will come
  bool unreadable = false;
  std::string io_error;
  bool known_complete = false;  // complete source at start: not parsed
  SourceInfo info;
  int skip_before = 0;  // games an earlier run handled (not parsed into chunks)
  std::deque<Chunk> chunks;
  int games_in_file = 0;
  std::vector<Diagnostic> file_diagnostics;
  bool bom = false;
  int filler_runs = 0;
};

// A file's games as its worker prepares them, chunk by chunk.
struct FileProgress {
  Chunk chunk;
  ReadInfo read_info;
  int ordinal = 0;       // games read so far (the next one's rank in the file)
  bool aborted = false;  // the import was aborted meanwhile
};

class Handoff {
 public:
  // The slots of `paths`; `jobs` workers.
  Handoff(const std::vector<std::string>& paths, int jobs);

  std::size_t size() const { return slots_.size(); }
  Slot& slot(std::size_t i) { return slots_[i]; }

  // ---- the workers' side
  // The next file for a worker to read, once it is within the window; nullopt when there
  // is none or the import was aborted.
  std::optional<std::size_t> next_file();
  // Finishes `slot` without chunks: `set` fills it in under the lock.
  template <typename Set>
  void close(Slot& slot, Set&& set) {
    std::lock_guard lock(mutex_);
    set();
    slot.started = slot.finished = true;
    to_writer_.notify_all();
  }
  // Hands the chunk `file` holds to the writer, waiting while the slot holds kMaxChunks
  // (the slot's `info` and `skip` on the first call); `last`: the file is read, its facts
  // complete. Sets file.aborted when the import was aborted meanwhile.
  void deliver(Slot& slot, const SourceInfo& info, int skip, FileProgress& file, bool last);

  // ---- the writer's side
  // The writer is on file i (the window moves).
  void writer_on(std::size_t i);
  // Waits until `slot` is started.
  void wait_started(Slot& slot);
  // Waits for the next chunk of `slot`; false when the slot is finished and drained.
  bool next_chunk(Slot& slot, Chunk& out);
  // Releases the workers still waiting (after an error, or at the end).
  void abort();

 private:
  std::vector<Slot> slots_;
  std::mutex mutex_;
  std::condition_variable to_workers_, to_writer_;
  std::size_t writer_at_ = 0, window_ = 4;
  bool abort_ = false;
  std::atomic<std::size_t> next_{0};
};

}  // namespace gibo::archive
