// The import's hand-off between its workers and its writer (import_handoff.h).
#include "import_handoff.h"

#include <algorithm>

namespace gibo::archive {

namespace {

constexpr std::size_t kMaxChunks = 4;  // chunks of a file waiting for the writer, at most

}  // namespace

Handoff::Handoff(const std::vector<std::string>& paths, int jobs)
    : slots_(paths.size()), window_(static_cast<std::size_t>(std::max(1, jobs)) * 2 + 2) {
  for (std::size_t i = 0; i < paths.size(); ++i) slots_[i].path = paths[i];
}

std::optional<std::size_t> Handoff::next_file() {
  const std::size_t i = next_.fetch_add(1);
  if (i >= slots_.size()) return std::nullopt;
  std::unique_lock lock(mutex_);
  to_workers_.wait(lock, [&] { return abort_ || i < writer_at_ + window_; });
  if (abort_) return std::nullopt;
  return i;
}

void Handoff::deliver(Slot& slot, const SourceInfo& info, int skip, FileProgress& file, bool last) {
  std::unique_lock lock(mutex_);
  if (!slot.started) {
    slot.info = info;
    slot.skip_before = skip;
    slot.started = true;
  }
  to_workers_.wait(lock, [&] { return abort_ || slot.chunks.size() < kMaxChunks; });
  if (abort_) {
    file.aborted = true;
    return;
  }
  if (!file.chunk.games.empty()) slot.chunks.push_back(std::move(file.chunk));
  file.chunk = {};
  file.chunk.games.reserve(kGamesPerChunk);
  if (last) {
    slot.finished = true;
    slot.info.encoding = std::string(text::encoding_name(file.read_info.encoding));
    slot.games_in_file = file.ordinal;
    slot.file_diagnostics = std::move(file.read_info.diagnostics);
    slot.bom = file.read_info.bom;
    slot.filler_runs = static_cast<int>(file.read_info.filler_runs.size());
  }
  to_writer_.notify_all();
}

void Handoff::writer_on(std::size_t i) {
  {
    std::lock_guard lock(mutex_);
    writer_at_ = i;
  }
  to_workers_.notify_all();
}

void Handoff::wait_started(Slot& slot) {
  std::unique_lock lock(mutex_);
  to_writer_.wait(lock, [&] { return slot.started; });
}

bool Handoff::next_chunk(Slot& slot, Chunk& out) {
  std::unique_lock lock(mutex_);
  to_writer_.wait(lock, [&] { return !slot.chunks.empty() || slot.finished; });
  if (slot.chunks.empty()) return false;
  out = std::move(slot.chunks.front());
  slot.chunks.pop_front();
  to_workers_.notify_all();
  return true;
}

void Handoff::abort() {
  {
    std::lock_guard lock(mutex_);
    abort_ = true;
  }
  to_workers_.notify_all();
}

}  // namespace gibo::archive
