// The import pipeline (import.h): worker threads read, replay and encode files into
// chunks of prepared games; the calling thread is the single writer and consumes the
// files strictly in input order, so the database ends the same whatever the job count.
//
// Flow control: a worker starts file i only while i is within `window` files of the one
// the writer is on, and holds at most kMaxChunks chunks of a file before waiting, so
// memory stays bounded by (window x kMaxChunks x kGamesPerChunk) games. The writer drains
// the file it is on, whose worker started before any later file's, so no wait is ever
// circular.
//
// Position index (index_feed.h): when the import indexes, each worker also takes the
// index rows of its games from their replay, and the writer hands those of the games it
// stores to the feed, which sorts them into runs kGamesPerBatch games (run_file.h) at a
// time; the index update after the import's last transaction takes them, in a transaction
// of its own.
#include "gibo/archive/import.h"
#include "gibo/archive/position_index.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "gibo/archive/archive.h"
#include "gibo/archive/copies.h"
#include "gibo/archive/sha256.h"
#include "gibo/core/enum_names.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/file_bytes.h"
#include "gibo/record/replay.h"
#include "index_feed.h"
#include "writer_lock.h"

namespace gibo::archive {

std::string_view file_status_name(FileStatus s) {
  static constexpr auto kNames = std::to_array<Named<FileStatus>>({
      {FileStatus::Imported, "imported"}, {FileStatus::Resumed, "resumed"},
      {FileStatus::AlreadyImported, "already-imported"}, {FileStatus::SameContent, "same-content"},
      {FileStatus::Restored, "restored"}, {FileStatus::Unreadable, "unreadable"}});
  return name_of(kNames, s);
}

namespace {

constexpr std::size_t kMaxChunks = 4;  // chunks of a file waiting for the writer, at most

// Reads every game of a file in `format` (formats/detect.h), in file order; `info` is
// complete (encoding, file diagnostics) once the file is read.
void read_source(std::string_view bytes, const std::string& path, Format format, text::Encoding encoding,
                 const Profile& profile, ReadInfo& info, const std::function<void(Game&&)>& on_game) {
  ReadOptions options;
  options.format = format;
  options.encoding = encoding;
  options.file_name = path;
  options.profile = &profile;
  read_games(bytes, options, info, on_game);
}

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

class Importer {
 public:
  // With `feed`, the workers compute the index rows and facts of the games they prepare
  // and the writer feeds those of the games it stores.
  Importer(const std::vector<std::string>& paths, const ImportOptions& options, const ImportCallbacks& callbacks,
           ImportSummary& summary, IndexFeed* feed)
      : options_(options), callbacks_(callbacks), summary_(summary), feed_(feed), slots_(paths.size()) {
    for (std::size_t i = 0; i < paths.size(); ++i) slots_[i].path = paths[i];
    fallback_ = options.fallback ? options.fallback : &default_profile();
  }

  std::optional<Error> run() {
    const auto start = std::chrono::steady_clock::now();
    start_ = start;
    // One import at a time (writer_lock.h): the duplicate check below trusts that no
    // other writer adds games between its batches. An archive handed in open is the
    // caller's own (stats' temporary archive) and needs no lock.
    WriterLock writer_lock;
    if (options_.archive) {
      archive_ = options_.archive;
    } else {
      if (!is_server_archive(options_.db_path))
        if (auto e = writer_lock.acquire(options_.db_path)) return e;
      auto opened = Archive::open(options_.db_path, OpenMode::ReadWrite);
      if (!opened) return opened.error();
      owned_ = std::move(*opened);
      archive_ = owned_.get();
    }
    // What earlier runs left: sources by content hash, and every stored game's hash (the
    // largest id first: a writer beside this one adds only larger ones, which each batch
    // reads, see refresh()).
    // The book every game of this run is named with: the archive's (made of the rows given,
    // when they are).
    if (options_.opening_rows) {
      const auto renamed = archive_->set_opening_rows(*options_.opening_rows);
      if (!renamed) return renamed.error();
      summary_.openings_renamed = *renamed;
    }
    const auto rows = archive_->opening_rows();
    if (!rows) return rows.error();
    opening_rows_ = *rows;
    const auto book = archive_->opening_book();
    if (!book) return book.error();
    book_ = *book;
    shared_ = !options_.archive && is_server_archive(options_.db_path);
    seen_max_id_ = archive_->max_game_id();
    auto sources = archive_->sources();
    if (!sources) return sources.error();
    auto hashes = archive_->game_hashes();
    if (!hashes) return hashes.error();
    for (const SourceState& s : *sources) known_[s.content_hash] = s;
    by_hash_ = known_;
    hashes_.reserve(hashes->size() * 2 + 1024);
    hashes_.insert(hashes->begin(), hashes->end());

    const int jobs = std::max(1, options_.jobs);
    window_ = static_cast<std::size_t>(jobs) * 2 + 2;
    std::vector<std::thread> workers;
    for (int w = 0; w < jobs; ++w) workers.emplace_back([this] { work(); });
    std::optional<Error> error = write_all();
    if (feed_ && !error) feed_->finish();
    {
      std::lock_guard lock(mutex_);
      abort_ = true;  // releases workers still waiting (only after an error)
    }
    to_workers_.notify_all();
    for (auto& t : workers) t.join();
    if (!error) {
      if (auto pairs = archive_->update_prefixes()) {
        for (const auto& p : *pairs) {
          PrefixReport r;
          r.game_id = p.game_id;
          r.longer_game_id = p.longer_game_id;
          if (auto o = archive_->game_origin(p.game_id)) r.path = o->path, r.game_index = o->game_index, r.plies = o->plies;
          if (auto o = archive_->game_origin(p.longer_game_id))
            r.longer_path = o->path, r.longer_game_index = o->game_index, r.longer_plies = o->plies;
          summary_.prefixes.push_back(std::move(r));
        }
      } else {
        error = pairs.error();
      }
    }
    summary_.games_in_archive = archive_->game_count();
    owned_.reset();  // closes: the last connection checkpoints the WAL
    summary_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return error;
  }

 private:
  // ---- workers -------------------------------------------------------------------
  void work() {
    for (;;) {
      const std::size_t i = next_.fetch_add(1);
      if (i >= slots_.size()) return;
      {
        std::unique_lock lock(mutex_);
        to_workers_.wait(lock, [&] { return abort_ || i < writer_at_ + window_; });
        if (abort_) return;
      }
      if (!read_file(i)) return;
    }
  }

  // Reads, replays and encodes file i into its slot; false if the import was aborted.
  bool read_file(std::size_t i) {
    Slot& slot = slots_[i];
    Expected<FileBytes> file = read_file_bytes(slot.path);
    if (!file) {
      close_slot(slot, [&] {
        slot.unreadable = true;
        slot.io_error = file.error().message;
      });
      return true;
    }
    const std::string_view bytes = file->view();
    SourceInfo info;
    info.path = slot.path;
    info.size = bytes.size();
    info.content_hash = sha256_hex(bytes);
    int skip = 0;
    std::vector<int> restore;
    if (auto it = known_.find(info.content_hash); it != known_.end()) {
      if (it->second.complete && it->second.unkept_copies.empty()) {  // imported whole before: not parsed
        close_slot(slot, [&] {
          slot.info = std::move(info);
          slot.known_complete = true;
        });
        return true;
      }
      if (it->second.complete) restore = it->second.unkept_copies;
      else skip = it->second.games_done;
    }
    const Format format = detect_format(bytes);
    info.format = std::string(format_name(format));
    return prepare_games(slot, bytes, format, info, skip, restore);
  }

  // Finishes `slot` without chunks: `set` fills it in under the lock.
  template <typename Set>
  void close_slot(Slot& slot, Set&& set) {
    std::lock_guard lock(mutex_);
    set();
    slot.started = slot.finished = true;
    to_writer_.notify_all();
  }

  // A file's games as its worker prepares them, chunk by chunk.
  struct FileProgress {
    Chunk chunk;
    ReadInfo read_info;
    int ordinal = 0;       // games read so far (the next one's rank in the file)
    bool aborted = false;  // the import was aborted meanwhile
  };

  // Parses the games of `bytes` (the file `info` describes, in `format`) after the first
  // `skip` (an earlier run handled those), or only those of `restore` when it holds any,
  // replays and prepares them, and hands them to the writer in chunks; false if the
  // import was aborted.
  bool prepare_games(Slot& slot, std::string_view bytes, Format format, const SourceInfo& info, int skip,
                     const std::vector<int>& restore) {
    FileProgress file;
    file.chunk.games.reserve(kGamesPerChunk);
    read_source(bytes, slot.path, format, options_.encoding, *fallback_, file.read_info,
                [&](Game&& g) {
                  // The game's index is its rank in this file (readers of formats that
                  // carry an origin, like JSON, report the original file's index).
                  g.source.game_index = file.ordinal++;
                  if (file.aborted || g.source.game_index < skip) return;  // an earlier run handled it
                  if (!restore.empty() && !std::binary_search(restore.begin(), restore.end(), g.source.game_index))
                    return;  // stored by the import that left the others
                  ReplayOptions replay_options;
                  replay_options.strict_annotations = options_.strict_annotations;
                  // Where the replay ends holds the key of every position on the way: the
                  // index rows come from it.
                  thread_local Position replayed;
                  const Profile& profile =
                      replay_under_profile(g, *fallback_, replay_options, feed_ ? &replayed : nullptr);
                  file.chunk.games.push_back(prepare_game(std::move(g), profile, nullptr, book_.get()));
                  if (feed_) file.chunk.rows.add(file.chunk.games.back(), &replayed);
                  if (file.chunk.games.size() >= kGamesPerChunk) deliver(slot, info, skip, file, false);
                });
    if (file.aborted) return false;
    deliver(slot, info, skip, file, true);
    return !file.aborted;
  }

  // Hands the chunk `file` holds to the writer, waiting while the slot holds kMaxChunks
  // (the slot's info on the first call); `last`: the file is read, its facts complete.
  void deliver(Slot& slot, const SourceInfo& info, int skip, FileProgress& file, bool last) {
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

  // ---- the writer ----------------------------------------------------------------
  struct Dirty {
    int games_done = 0;
    bool complete = false;
  };

  std::optional<Error> write_all() {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      {
        std::lock_guard lock(mutex_);
        writer_at_ = i;
      }
      to_workers_.notify_all();
      if (auto e = write_file(slots_[i])) return roll_back(std::move(*e));
      ++files_done_;
      progress(false);
    }
    if (auto e = commit_batch()) return roll_back(std::move(*e));
    progress(true);
    return std::nullopt;
  }

  // Rolls the open batch back after `error`; the summary then counts only what was
  // committed (the games of the lost batch as `lost`). Returns `error`.
  Error roll_back(Error error) {
    archive_->rollback();
    summary_.lost = summary_.games - committed_.games;
    summary_.added = committed_.added;
    summary_.duplicates = committed_.duplicates;
    summary_.replaced = committed_.replaced;
    summary_.twins = committed_.twins;
    summary_.conflicts = committed_.conflicts;
    // The files whose games were in the lost batch were not imported after all.
    summary_.imported = committed_.imported;
    summary_.resumed = committed_.resumed;
    return error;
  }

  // Waits for the next chunk of `slot`; false when the slot is finished and drained.
  bool next_chunk(Slot& slot, Chunk& out) {
    std::unique_lock lock(mutex_);
    to_writer_.wait(lock, [&] { return !slot.chunks.empty() || slot.finished; });
    if (slot.chunks.empty()) return false;
    out = std::move(slot.chunks.front());
    slot.chunks.pop_front();
    to_workers_.notify_all();
    return true;
  }

  // The source record a file's games are stored under.
  struct SourceRecord {
    std::int64_t id = 0;   // 0: not inserted yet (it is with the file's first stored game)
    int done_before = 0;   // games an earlier run stored (a resumed file)
  };

  // Stores the games of the file in `slot` (or skips the file) and reports it.
  std::optional<Error> write_file(Slot& slot) {
    {
      std::unique_lock lock(mutex_);
      to_writer_.wait(lock, [&] { return slot.started; });
    }
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
  std::optional<Error> restore_file(Slot& slot, SourceState& known, FileReport& report) {
    report.status = FileStatus::Restored;
    ++summary_.restored;
    Chunk chunk;
    while (next_chunk(slot, chunk)) {
      if (feed_) feed_->begin_chunk(std::move(chunk.rows));
      for (std::size_t k = 0; k < chunk.games.size(); ++k) {
        if (auto e = ensure_transaction()) return e;
        const auto forgotten = archive_->forget_unkept_copy(known.id, chunk.games[k].game_index);
        if (!forgotten) return forgotten.error();
        if (!*forgotten) continue;  // another import beside this one stored it
        if (auto e = store(known.id, chunk, k, report)) return e;
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
  void skip_file(Slot& slot, const SourceState* known, FileReport& report) {
    const bool earlier_now = same_run_.count(slot.info.content_hash) > 0;
    report.status = earlier_now ? FileStatus::SameContent : FileStatus::AlreadyImported;
    report.detail = known ? known->path : "";
    ++summary_.skipped;
    Chunk discard;
    while (next_chunk(slot, discard)) {
    }
    emit(report);
  }

  // Inserts the source record of the file in `slot` unless `source` has one, inside the
  // open transaction (begun if none is).
  std::optional<Error> ensure_source(const Slot& slot, SourceRecord& source) {
    if (auto e = ensure_transaction()) return e;
    if (source.id) return std::nullopt;
    // (Another import beside this one may have made it since: refresh() read it.)
    if (auto it = by_hash_.find(slot.info.content_hash); it != by_hash_.end() && it->second.id) {
      source.id = it->second.id;
      return std::nullopt;
    }
    auto id = archive_->insert_source(slot.info);
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
  bool handled(const Slot& slot, const SourceRecord& source, int index) const {
    if (index < source.done_before) return true;
    if (!shared_) return false;
    const auto it = by_hash_.find(slot.info.content_hash);
    return it != by_hash_.end() && index < it->second.games_done;
  }

  // Stores the games of `slot`'s chunks after those an earlier run stored, committing
  // every options_.batch_games games.
  std::optional<Error> store_games(Slot& slot, SourceRecord& source, FileReport& report) {
    Chunk chunk;
    while (next_chunk(slot, chunk)) {
      if (feed_) feed_->begin_chunk(std::move(chunk.rows));
      for (std::size_t k = 0; k < chunk.games.size(); ++k) {
        const PreparedGame& g = chunk.games[k];
        if (handled(slot, source, g.game_index)) continue;
        if (auto e = ensure_source(slot, source)) return e;
        if (handled(slot, source, g.game_index)) continue;  // (a new batch's refresh may say so)
        if (auto e = store(source.id, chunk, k, report)) return e;
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
  std::optional<Error> complete_source(Slot& slot, SourceRecord& source, FileReport& report) {
    if (auto e = ensure_source(slot, source)) return e;
    if (shared_ && by_hash_[slot.info.content_hash].complete) {
      emit(report);
      return std::nullopt;
    }
    if (!slot.file_diagnostics.empty())
      if (auto e = archive_->insert_file_diagnostics(source.id, slot.file_diagnostics)) return e;
    report.encoding = slot.info.encoding;
    report.bom = slot.bom;
    report.filler_runs = slot.filler_runs;
    if (auto e = archive_->set_source_encoding(source.id, slot.info.encoding)) return e;
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

  // Stores (or counts) game k of `chunk` inside the open transaction, and tells the feed
  // (which holds the chunk's rows) what it stores.
  std::optional<Error> store(std::int64_t source_id, const Chunk& chunk, std::size_t k, FileReport& report) {
    const PreparedGame& g = chunk.games[k];
    ++report.games;
    ++summary_.games;
    report.plies += g.plies;
    summary_.plies += g.plies;
    if (!g.valid) {
      ++report.invalid;
      ++summary_.invalid;
      ++summary_.invalid_by_code[g.error_code];
      report.invalid_games.push_back({g.game_index, !options_.valid_only, g.diagnostics});
      if (options_.valid_only) {
        ++report.rejected;
        ++summary_.rejected;
        return std::nullopt;
      }
    }
    Archive::SameGames same;
    if (hashes_.count(g.hash)) {
      auto found = archive_->same_games(g);
      if (!found) return found.error();
      same = std::move(*found);
    }
    // The game the record is a copy of, if any: the first that says nothing otherwise,
    // else, past the twins' line, the first (copies.h).
    const Archive::SameGame* kept = nullptr;
    unsigned conflicts = 0;
    for (const Archive::SameGame& candidate : same.games)
      if (conflicts_between(g.claims, candidate.claims) == 0) {
        kept = &candidate;
        break;
      }
    if (!kept && !same.games.empty()) {
      conflicts = conflicts_between(g.claims, same.games.front().claims);
      if (!is_twin(g.plies, conflicts)) kept = &same.games.front();
    }
    if (kept) return store_copy(source_id, chunk, k, *kept, conflicts, report);
    const auto id = archive_->insert_game(source_id, g, std::nullopt, same.next_twin);
    if (!id) return id.error();
    if (feed_) feed_->stored(k, *id);
    hashes_.insert(g.hash);
    ++report.added;
    ++summary_.added;
    if (!same.games.empty()) {
      const auto o = archive_->game_origin(same.games.front().id);
      if (!o) return o.error();
      report.twins.push_back({g.game_index, *id, same.games.front().id, o->path, o->game_index, conflicts});
      ++summary_.twins;
    }
    return std::nullopt;
  }

  // Stores game k of `chunk` as a copy of the stored game `kept` (saying `conflicts`
  // otherwise), or, when it is valid and `kept` is broken, as the game in its place.
  std::optional<Error> store_copy(std::int64_t source_id, const Chunk& chunk, std::size_t k,
                                  const Archive::SameGame& kept, unsigned conflicts, FileReport& report) {
    const PreparedGame& g = chunk.games[k];
    if (g.valid && !kept.valid) {
      // The valid copy is the game: it takes the broken one's place.
      const auto replaced = archive_->replace_game(source_id, g, kept.id);
      if (!replaced) return replaced.error();
      if (feed_) {
        feed_->forget(replaced->old_id);
        feed_->stored(k, replaced->new_id);
      }
      report.replacements.push_back({g.game_index, replaced->new_id, replaced->path, replaced->game_index,
                                     replaced->error_code, replaced->error_ply});
      ++report.replaced;
      ++summary_.replaced;
    } else {
      const auto id = archive_->insert_game(source_id, g, kept.id, 0, conflicts);
      if (!id) return id.error();
      ++report.duplicates;
      ++summary_.duplicates;
    }
    if (conflicts) {
      const auto o = archive_->game_origin(kept.id);
      if (!o) return o.error();
      report.conflicts.push_back({g.game_index, kept.id, o->path, o->game_index, conflicts});
      ++summary_.conflicts;
    }
    return std::nullopt;
  }

  std::optional<Error> ensure_transaction() {
    if (in_transaction_) return std::nullopt;
    if (auto e = archive_->begin()) return e;
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
  std::optional<Error> refresh() {
    // The games of this run are named with the book the archive had when it began.
    const auto rows = archive_->opening_rows();
    if (!rows) return rows.error();
    if (*rows != opening_rows_)
      return Error{"the archive's opening book changed during this import (another import's --opening-book); "
                   "import again"};
    auto added = archive_->game_hashes_after(seen_max_id_);
    if (!added) return added.error();
    for (const auto& [id, hash] : *added) {
      hashes_.insert(hash);
      seen_max_id_ = std::max(seen_max_id_, id);
    }
    auto sources = archive_->sources();
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
  std::optional<Error> commit_batch() {
    if (!in_transaction_) return std::nullopt;
    for (const auto& [id, d] : dirty_)
      if (auto e = archive_->set_source_progress(id, d.games_done, d.complete)) return e;
    if (auto e = archive_->commit()) return e;
    committed_.games = summary_.games;
    committed_.added = summary_.added;
    committed_.duplicates = summary_.duplicates;
    committed_.replaced = summary_.replaced;
    committed_.twins = summary_.twins;
    committed_.conflicts = summary_.conflicts;
    committed_.imported = summary_.imported;
    committed_.resumed = summary_.resumed;
    dirty_.clear();
    in_transaction_ = false;
    batch_count_ = 0;
    return std::nullopt;
  }

  void emit(const FileReport& report) {
    if (callbacks_.on_file) callbacks_.on_file(report);
  }

  void progress(bool force) {
    if (!callbacks_.on_progress) return;
    if (!force && (++progress_tick_ & 63)) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_progress_ < std::chrono::milliseconds(100)) return;
    last_progress_ = now;
    ImportProgress p;
    p.files_done = files_done_;
    p.files_total = slots_.size();
    p.games = summary_.games;
    p.added = summary_.added;
    p.duplicates = summary_.duplicates;
    p.invalid = summary_.invalid;
    p.seconds = std::chrono::duration<double>(now - start_).count();
    callbacks_.on_progress(p);
  }

  const ImportOptions& options_;
  const ImportCallbacks& callbacks_;
  ImportSummary& summary_;
  IndexFeed* feed_;  // null unless indexing
  const Profile* fallback_ = nullptr;
  std::unique_ptr<Archive> owned_;  // the archive opened at options_.db_path
  Archive* archive_ = nullptr;      // the archive written: owned_, or options_.archive
  std::string opening_rows_;                // the archive's own opening-book rows at the start
  std::shared_ptr<const OpeningBook> book_;  // the book the games are named with (the workers read it)

  // Shared with the workers (under mutex_, except the read-only known_).
  std::vector<Slot> slots_;
  std::unordered_map<std::string, SourceState> known_;  // sources at start; read-only once workers run
  std::mutex mutex_;
  std::condition_variable to_workers_, to_writer_;
  std::size_t writer_at_ = 0, window_ = 4;
  bool abort_ = false;
  std::atomic<std::size_t> next_{0};

  // The writer's own state.
  std::unordered_map<std::string, SourceState> by_hash_;
  std::unordered_set<std::string> same_run_;  // content hashes of the sources this run made
  std::unordered_set<std::int64_t> hashes_;
  bool shared_ = false;            // other imports may write beside this one (a server)
  std::int64_t seen_max_id_ = 0;   // the largest game id this writer has seen
  std::unordered_map<std::int64_t, Dirty> dirty_;
  struct {
    long games = 0, added = 0, duplicates = 0, replaced = 0, twins = 0, conflicts = 0, imported = 0, resumed = 0;
  } committed_;  // the summary's counts at the last commit
  bool in_transaction_ = false;
  int batch_count_ = 0;
  std::size_t files_done_ = 0;
  unsigned progress_tick_ = 0;
  std::chrono::steady_clock::time_point start_, last_progress_;
};

}  // namespace

std::optional<Error> import_files(const std::vector<std::string>& paths, const ImportOptions& options,
                                  const ImportCallbacks& callbacks, ImportSummary& summary) {
  const bool index = options.index_positions && !options.archive && !options.db_path.empty();
  IndexFeed feed;
  Importer importer(paths, options, callbacks, summary, index ? &feed : nullptr);
  if (auto e = importer.run()) return e;
  if (!index) return std::nullopt;
  return index_imported_games(options.db_path, options.jobs, summary, &feed);
}

}  // namespace gibo::archive
