// The import's writer (import_writer.h).
#include "import_writer.h"

#include <algorithm>

namespace gibo::archive {

ImportWriter::ImportWriter(Archive& archive, const ImportOptions& options, const ImportCallbacks& callbacks,
                           ImportSummary& summary, IndexFeed* feed, Handoff& handoff, Start start, RecordStore& store,
                           ImportProgressClock& progress)
    : archive_(archive),
      options_(options),
      callbacks_(callbacks),
      summary_(summary),
      feed_(feed),
      handoff_(handoff),
      store_(store),
      progress_(progress),
      by_hash_(std::move(start.sources)),
      opening_rows_(std::move(start.opening_rows)),
      shared_(start.shared),
      seen_max_id_(start.seen_max_id) {}

std::optional<Error> ImportWriter::write_all() {
  for (std::size_t i = 0; i < handoff_.size(); ++i) {
    handoff_.writer_on(i);
    if (auto e = write_file(handoff_.slot(i))) return roll_back(std::move(*e));
    ++files_done_;
    progress(false);
  }
  if (auto e = commit_batch()) return roll_back(std::move(*e));
  progress(true);
  return std::nullopt;
}

// Rolls the open batch back after `error`; the summary then counts only what was
// committed (the games of the lost batch as `lost`). Returns `error`.
Error ImportWriter::roll_back(Error error) {
  archive_.rollback();
  summary_.lost = summary_.games - committed_games_;
  // (The files whose games were in the lost batch were not imported after all.)
  for (std::size_t i = 0; i < kBatchCounts.size(); ++i) summary_.*kBatchCounts[i] = committed_[i];
  return error;
}

// Stores the games of the file in `slot` (or skips the file) and reports it.
std::optional<Error> ImportWriter::write_file(Slot& slot) {
  handoff_.wait_started(slot);
  FileReport report;
  report.path = slot.path;
  ++summary_.files;
  if (slot.unreadable) {
    report.status = FileStatus::Unreadable;
    report.detail = slot.io_error;
    ++summary_.unreadable;
    emit(report);
    return std::nullopt;
  }
  report.content_hash = slot.info.content_hash;
  // The writer's own view decides (a file earlier in this run may hold the same bytes,
  // or, on a server, another import may have taken the file meanwhile).
  if (shared_ && !in_transaction_)
    if (auto e = ensure_transaction()) return e;
  const auto known = by_hash_.find(slot.info.content_hash);
  if (known != by_hash_.end() && known->second.complete && !known->second.unkept_copies.empty() &&
      !slot.known_complete)
    return restore_file(slot, known->second, report);
  if (slot.known_complete || (known != by_hash_.end() && known->second.complete)) {
    skip_file(slot, known != by_hash_.end() ? &known->second : nullptr, report);
    return std::nullopt;
  }
  SourceRecord source;
  if (known != by_hash_.end()) {
    source.id = known->second.id;
    source.done_before = known->second.games_done;
    report.status = source.done_before > 0 ? FileStatus::Resumed : FileStatus::Imported;
    report.resumed_after = source.done_before;
    // Another import beside this one may have gone further since the workers looked.
    if (source.done_before < slot.skip_before) return Error{"internal error: resume point moved for " + slot.path};
  }
  (report.status == FileStatus::Resumed ? summary_.resumed : summary_.imported) += 1;
  if (auto e = store_games(slot, source, report)) return e;
  return complete_source(slot, source, report);
}

// Stores the records of the source `known` (imported whole before schema version 9)
// that its import did not keep, the copies in `slot`'s chunks, as any record is stored;
// the source's other records are not touched.
std::optional<Error> ImportWriter::restore_file(Slot& slot, SourceState& known, FileReport& report) {
  report.status = FileStatus::Restored;
  ++summary_.restored;
  Chunk chunk;
  while (handoff_.next_chunk(slot, chunk)) {
    if (feed_) feed_->begin_chunk(std::move(chunk.rows));
    for (std::size_t k = 0; k < chunk.games.size(); ++k) {
      if (auto e = ensure_transaction()) return e;
      const auto forgotten = archive_.forget_unkept_copy(known.id, chunk.games[k].game_index);
      if (!forgotten) return forgotten.error();
      if (!*forgotten) continue;  // another import beside this one stored it
      if (auto e = store_.store(known.id, chunk, k, report)) return e;
      if (++batch_count_ >= options_.batch_games)
        if (auto e = commit_batch()) return e;
      progress(false);
    }
  }
  known.unkept_copies.clear();  // a file of the same bytes later in this run is skipped
  report.encoding = known.encoding;
  emit(report);
  return std::nullopt;
}

// Reports the file in `slot` as imported before (`known`: the source with its bytes,
// if any; in this run: same content) and lets its chunks go.
void ImportWriter::skip_file(Slot& slot, const SourceState* known, FileReport& report) {
  const bool earlier_now = same_run_.count(slot.info.content_hash) > 0;
  report.status = earlier_now ? FileStatus::SameContent : FileStatus::AlreadyImported;
  report.detail = known ? known->path : "";
  ++summary_.skipped;
  Chunk discard;
  while (handoff_.next_chunk(slot, discard)) {
  }
  emit(report);
}

// Inserts the source record of the file in `slot` unless `source` has one, inside the
// open transaction (begun if none is).
std::optional<Error> ImportWriter::ensure_source(const Slot& slot, SourceRecord& source) {
  if (auto e = ensure_transaction()) return e;
  if (source.id) return std::nullopt;
  // (Another import beside this one may have made it since: refresh() read it.)
  if (auto it = by_hash_.find(slot.info.content_hash); it != by_hash_.end() && it->second.id) {
    source.id = it->second.id;
    return std::nullopt;
  }
  auto id = archive_.insert_source(slot.info);
  if (!id) return id.error();
  source.id = *id;
  SourceState st;
  st.id = source.id;
  st.path = slot.info.path;
  st.content_hash = slot.info.content_hash;
  by_hash_[st.content_hash] = st;
  same_run_.insert(st.content_hash);
  return std::nullopt;
}

// Has game `index` of the file in `slot` been handled (by an earlier run, this one, or
// an import beside it)?
bool ImportWriter::handled(const Slot& slot, const SourceRecord& source, int index) const {
  if (index < source.done_before) return true;
  if (!shared_) return false;
  const auto it = by_hash_.find(slot.info.content_hash);
  return it != by_hash_.end() && index < it->second.games_done;
}

// Stores the games of `slot`'s chunks after those an earlier run stored, committing
// every options_.batch_games games.
std::optional<Error> ImportWriter::store_games(Slot& slot, SourceRecord& source, FileReport& report) {
  Chunk chunk;
  while (handoff_.next_chunk(slot, chunk)) {
    if (feed_) feed_->begin_chunk(std::move(chunk.rows));
    for (std::size_t k = 0; k < chunk.games.size(); ++k) {
      const PreparedGame& g = chunk.games[k];
      if (handled(slot, source, g.game_index)) continue;
      if (auto e = ensure_source(slot, source)) return e;
      if (handled(slot, source, g.game_index)) continue;  // (a new batch's refresh may say so)
      if (auto e = store_.store(source.id, chunk, k, report)) return e;
      Dirty& d = dirty_[source.id];
      d.games_done = g.game_index + 1;
      by_hash_[slot.info.content_hash].games_done = d.games_done;
      if (++batch_count_ >= options_.batch_games)
        if (auto e = commit_batch()) return e;
      progress(false);
    }
  }
  return std::nullopt;
}

// The end of the file: its source record is completed (diagnostics, encoding, games
// done) in the transaction now open (the one holding its last game, or a later one) --
// unless an import beside this one did -- and the file reported.
std::optional<Error> ImportWriter::complete_source(Slot& slot, SourceRecord& source, FileReport& report) {
  if (auto e = ensure_source(slot, source)) return e;
  if (shared_ && by_hash_[slot.info.content_hash].complete) {
    emit(report);
    return std::nullopt;
  }
  if (!slot.file_diagnostics.empty())
    if (auto e = archive_.insert_file_diagnostics(source.id, slot.file_diagnostics)) return e;
  report.encoding = slot.info.encoding;
  report.bom = slot.bom;
  report.filler_runs = slot.filler_runs;
  if (auto e = archive_.set_source_encoding(source.id, slot.info.encoding)) return e;
  Dirty& d = dirty_[source.id];
  d.games_done = std::max(d.games_done, std::max(source.done_before, slot.games_in_file));
  d.complete = true;
  SourceState& st = by_hash_[slot.info.content_hash];
  st.games_done = d.games_done;
  st.complete = true;
  if (slot.games_in_file == 0) {
    for (const Diagnostic& x : slot.file_diagnostics)
      if (x.severity == Severity::Error) {
        ++summary_.file_errors_by_code[x.code];
        break;
      }
  }
  report.file_diagnostics = std::move(slot.file_diagnostics);
  emit(report);
  return std::nullopt;
}

std::optional<Error> ImportWriter::ensure_transaction() {
  if (in_transaction_) return std::nullopt;
  if (auto e = archive_.begin()) return e;
  in_transaction_ = true;
  if (shared_) return refresh();
  return std::nullopt;
}

// On a server other imports may write the archive beside this one, each batch in turn
// (the archive's write lock, taken by begin()): at the start of each batch this one
// reads what they committed since its last look -- the games' hashes (their ids are
// larger than any it saw: ids are given under the lock) and the sources' progress --
// so that a game another import stored is a duplicate here, and a file another import
// is reading or has read is taken up after its last game or skipped. The games' unique
// key (hash, start) is the database's guarantee of the same.
std::optional<Error> ImportWriter::refresh() {
  // The games of this run are named with the book the archive had when it began.
  const auto rows = archive_.opening_rows();
  if (!rows) return rows.error();
  if (*rows != opening_rows_)
    return Error{"the archive's opening book changed during this import (another import's --opening-book); "
                 "import again"};
  auto added = archive_.game_hashes_after(seen_max_id_);
  if (!added) return added.error();
  for (const auto& [id, hash] : *added) {
    store_.know(hash);
    seen_max_id_ = std::max(seen_max_id_, id);
  }
  auto sources = archive_.sources();
  if (!sources) return sources.error();
  for (const SourceState& theirs : *sources) {
    SourceState& mine = by_hash_[theirs.content_hash];
    if (!mine.id) mine = theirs;
    mine.games_done = std::max(mine.games_done, theirs.games_done);
    mine.complete = mine.complete || theirs.complete;
  }
  return std::nullopt;
}

// Writes the sources' progress and commits the batch.
std::optional<Error> ImportWriter::commit_batch() {
  if (!in_transaction_) return std::nullopt;
  for (const auto& [id, d] : dirty_)
    if (auto e = archive_.set_source_progress(id, d.games_done, d.complete)) return e;
  if (auto e = archive_.commit()) return e;
  committed_games_ = summary_.games;
  for (std::size_t i = 0; i < kBatchCounts.size(); ++i) committed_[i] = summary_.*kBatchCounts[i];
  dirty_.clear();
  in_transaction_ = false;
  batch_count_ = 0;
  return std::nullopt;
}

void ImportWriter::emit(const FileReport& report) {
  if (callbacks_.on_file) callbacks_.on_file(report);
}

}  // namespace gibo::archive
