// The import pipeline (import.h): worker threads (import_reader.h) read, replay and
// encode files into chunks of prepared games; the calling thread is the single writer
// (import_writer.h) and consumes the files strictly in input order through the hand-off
// (import_handoff.h: its flow control bounds the memory), so the database ends the same
// whatever the job count. Each record is stored as a game, a copy or a twin by
// import_store.h.
//
// Position index (index_feed.h): when the import indexes, each worker also takes the
// index rows of its games from their replay, and the writer hands those of the games it
// stores to the feed, which sorts them into runs kGamesPerBatch games (run_file.h) at a
// time; the index update after the import's last transaction takes them, in a transaction
// of its own.
#include "gibo/archive/import.h"
#include "gibo/archive/position_index.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>
#include <unordered_map>

#include "gibo/archive/archive.h"
#include "gibo/core/enum_names.h"
#include "import_handoff.h"
#include "import_progress.h"
#include "import_reader.h"
#include "import_store.h"
#include "import_writer.h"
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

// One import: the archive opened (or the caller's), what it holds read, the workers
// started, the writer run on this thread.
class Importer {
 public:
  // With `feed`, the workers compute the index rows and facts of the games they prepare
  // and the writer feeds those of the games it stores.
  Importer(const std::vector<std::string>& paths, const ImportOptions& options, const ImportCallbacks& callbacks,
           ImportSummary& summary, IndexFeed* feed)
      : paths_(paths), options_(options), callbacks_(callbacks), summary_(summary), feed_(feed) {}

  std::optional<Error> run() {
    const auto start = std::chrono::steady_clock::now();
    // One import at a time (writer_lock.h): the duplicate check below trusts that no
    // other writer adds games between its batches. An archive handed in open is the
    // caller's own (stats' temporary archive) and needs no lock.
    WriterLock writer_lock;
    Archive* archive = options_.archive;
    std::unique_ptr<Archive> owned;  // the archive opened at options_.db_path
    if (!archive) {
      if (!is_server_archive(options_.db_path))
        if (auto e = writer_lock.acquire(options_.db_path)) return e;
      auto opened = Archive::open(options_.db_path, OpenMode::ReadWrite);
      if (!opened) return opened.error();
      owned = std::move(*opened);
      archive = owned.get();
    }
    // What earlier runs left, and the book the games are named with.
    Known known;
    if (auto e = read_known(*archive, known)) return e;
    std::optional<Error> error = store_files(*archive, known, start);
    if (!error) error = find_prefixes(*archive);
    summary_.games_in_archive = archive->game_count();
    owned.reset();  // closes: the last connection checkpoints the WAL
    summary_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return error;
  }

 private:
  // What the import starts from.
  struct Known {
    ImportWriter::Start writer;                          // the writer's (its sources a copy of `sources`)
    std::unordered_map<std::string, SourceState> sources;  // by content hash; read-only once the workers run
    std::vector<std::int64_t> hashes;                     // every stored game's
    std::shared_ptr<const OpeningBook> book;             // the book every game of this run is named with
  };

  // Reads what earlier runs left: sources by content hash, and every stored game's hash
  // (the largest id first: a writer beside this one adds only larger ones, which each
  // batch reads, see ImportWriter::refresh()); and the book every game of this run is
  // named with: the archive's (made of the rows given, when they are).
  std::optional<Error> read_known(Archive& archive, Known& known) {
    if (options_.opening_rows) {
      const auto renamed = archive.set_opening_rows(*options_.opening_rows);
      if (!renamed) return renamed.error();
      summary_.openings_renamed = *renamed;
    }
    const auto rows = archive.opening_rows();
    if (!rows) return rows.error();
    known.writer.opening_rows = *rows;
    const auto book = archive.opening_book();
    if (!book) return book.error();
    known.book = *book;
    known.writer.shared = !options_.archive && is_server_archive(options_.db_path);
    known.writer.seen_max_id = archive.max_game_id();
    auto sources = archive.sources();
    if (!sources) return sources.error();
    auto hashes = archive.game_hashes();
    if (!hashes) return hashes.error();
    for (const SourceState& s : *sources) known.sources[s.content_hash] = s;
    known.writer.sources = known.sources;
    known.hashes = std::move(*hashes);
    return std::nullopt;
  }

  // Stores the files: the workers read them, the writer (this thread) stores them.
  std::optional<Error> store_files(Archive& archive, Known& known, std::chrono::steady_clock::time_point start) {
    RecordStore store(archive, feed_, options_.valid_only, summary_);
    store.reserve(known.hashes.size() * 2 + 1024);
    for (std::int64_t h : known.hashes) store.know(h);
    std::vector<std::int64_t>().swap(known.hashes);
    Handoff handoff(paths_, options_.jobs);
    FileReader reader(options_, known.sources, known.book, feed_ != nullptr, handoff);
    ImportProgressClock progress(callbacks_, start);
    ImportWriter writer(archive, options_, callbacks_, summary_, feed_, handoff, std::move(known.writer), store,
                        progress);
    std::vector<std::thread> workers;
    for (int w = 0; w < std::max(1, options_.jobs); ++w) workers.emplace_back([&reader] { reader.work(); });
    std::optional<Error> error = writer.write_all();
    if (feed_ && !error) feed_->finish();
    handoff.abort();  // releases workers still waiting (only after an error)
    for (auto& t : workers) t.join();
    return error;
  }

  // Finds the games that are a prefix of another and reports them.
  std::optional<Error> find_prefixes(Archive& archive) {
    auto pairs = archive.update_prefixes();
    if (!pairs) return pairs.error();
    for (const auto& p : *pairs) {
      PrefixReport r;
      r.game_id = p.game_id;
      r.longer_game_id = p.longer_game_id;
      if (auto o = archive.game_origin(p.game_id)) r.path = o->path, r.game_index = o->game_index, r.plies = o->plies;
      if (auto o = archive.game_origin(p.longer_game_id))
        r.longer_path = o->path, r.longer_game_index = o->game_index, r.longer_plies = o->plies;
      summary_.prefixes.push_back(std::move(r));
    }
    return std::nullopt;
  }

  const std::vector<std::string>& paths_;
  const ImportOptions& options_;
  const ImportCallbacks& callbacks_;
  ImportSummary& summary_;
  IndexFeed* feed_;  // null unless indexing
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
