// Validating game files in parallel (gibo/formats/validate_run.h).
#include "gibo/formats/validate_run.h"

#include <memory>
#include <mutex>

#include "gibo/core/ordered_parallel.h"
#include "gibo/formats/file_bytes.h"
#include "gibo/formats/work_plan.h"
#include "gibo/record/first_error.h"
#include "gibo/record/replay.h"

namespace gibo {
namespace {

void add_counts(std::map<std::string, long>& to, const std::map<std::string, long>& from) {
  for (const auto& [code, n] : from) to[code] += n;
}

// What one share of the work made: its text and its counts.
struct ShareResult {
  std::string output;
  ValidateCounts counts;
};

// What the parts of one file share, made by whichever part starts first. A .gib file is
// scanned (GibFile) so that each part can read its own games; a file in another format
// is read whole, in order, by its first part.
struct SharedFile {
  std::once_flag once;
  std::optional<std::string> io_error;
  FileBytes bytes;
  std::unique_ptr<GibFile> gib;
  ReadInfo info;  // complete once the last part is done

  // The file's bytes and games let go once its last part is summed up (the entry stays:
  // workers look up the other files' entries meanwhile, and a map must not change under them).
  void release() {
    gib.reset();
    bytes = FileBytes();
  }
};

class Validator {
 public:
  Validator(const ValidateOptions& options, const ValidateHooks& hooks) : options_(options), hooks_(hooks) {}
  ShareResult part(const InputFile& file, int part, int parts, SharedFile& shared) const;
  ShareResult finish(const std::string& path, const SharedFile& shared, const ValidateCounts& games) const;

 private:
  ReadOptions read_options(const std::string& path) const {
    ReadOptions r;
    r.encoding = options_.encoding;
    r.profile = options_.profile;
    r.file_name = path;
    r.original_text = false;  // not reported
    return r;
  }
  void load(const InputFile& file, SharedFile& shared) const;
  void count_game(const std::string& path, Game&& g, ShareResult& r) const;
  const ValidateOptions& options_;
  const ValidateHooks& hooks_;
};

void Validator::load(const InputFile& file, SharedFile& shared) const {
  auto bytes = read_file_bytes(file.path, file.size);
  if (!bytes) {
    shared.io_error = bytes.error().message;
    return;
  }
  shared.bytes = std::move(*bytes);
  if (detect_format(shared.bytes.view()) == Format::Gib) {
    shared.gib = std::make_unique<GibFile>(shared.bytes.view(), gib_read_options(read_options(file.path)));
    shared.info = read_info(shared.gib->info());
  }
}

void Validator::count_game(const std::string& path, Game&& g, ShareResult& r) const {
  ReplayOptions replay;
  replay.strict_annotations = options_.strict;
  const Profile& profile = replay_under_profile(g, *options_.profile, replay);
  ValidateCounts& c = r.counts;
  ++c.games;
  c.plies += static_cast<long>(g.plies.size());
  c.valid += !g.has_errors();
  c.unannotated += !g.annotated;
  for (const Diagnostic& d : g.diagnostics) {
    if (d.severity == Severity::Warning) ++c.warnings_by_code[d.code];
    if (d.severity == Severity::Note) ++c.notes_by_code[d.code];
  }
  if (const Diagnostic* error = first_error(g.diagnostics)) ++c.rejected_by_code[error->code];
  if (hooks_.game) hooks_.game(path, g, profile, r.output);
}

// Part `part` of `parts` of a file's games (a whole file: 0 of 1).
ShareResult Validator::part(const InputFile& file, int part, int parts, SharedFile& shared) const {
  if (parts == 1) load(file, shared);  // a whole file: this part alone reads it
  else std::call_once(shared.once, [&] { load(file, shared); });
  ShareResult r;
  if (shared.io_error) return r;
  const auto on_game = [&](Game&& g) { count_game(file.path, std::move(g), r); };
  if (shared.gib) {
    if (part == 0 && hooks_.file_start) hooks_.file_start(shared.info, r.output);  // known before the games
    const int games = shared.gib->games();
    const int first = static_cast<int>(static_cast<long>(games) * part / parts);
    const int last = static_cast<int>(static_cast<long>(games) * (part + 1) / parts);
    for (int k = first; k < last; ++k) on_game(shared.gib->game(k));
  } else if (part == 0) {
    read_games(shared.bytes.view(), read_options(file.path), shared.info, on_game);
    if (hooks_.file_start) {  // known after the games: put before them
      std::string start;
      hooks_.file_start(shared.info, start);
      r.output.insert(0, start);
    }
  }
  r.counts.rejected = r.counts.games - r.counts.valid;
  return r;
}

// After a file's last part: the file's own counts (files, unreadable, its warnings, a
// file rejected as a whole) and its file_end text. `games` holds its parts' sums.
ShareResult Validator::finish(const std::string& path, const SharedFile& shared, const ValidateCounts& games) const {
  ShareResult r;
  ValidateCounts& c = r.counts;
  c.files = 1;
  if (shared.io_error) {
    c.io_errors = 1;
  } else {
    for (const Diagnostic& d : shared.info.diagnostics)
      if (d.severity == Severity::Warning) ++c.warnings_by_code[d.code];
    // A file with an error and no game is rejected as a whole, under its first error's code.
    if (const Diagnostic* error = first_error(shared.info.diagnostics); error && games.games == 0) {
      ++c.rejected_by_code[error->code];
      c.rejected = 1;
    }
  }
  if (hooks_.file_end) hooks_.file_end(ValidatedFile{path, shared.io_error, shared.info, games}, r.output);
  return r;
}

}  // namespace

void ValidateCounts::add(const ValidateCounts& x) {
  files += x.files;
  games += x.games;
  plies += x.plies;
  valid += x.valid;
  rejected += x.rejected;
  io_errors += x.io_errors;
  unannotated += x.unannotated;
  add_counts(rejected_by_code, x.rejected_by_code);
  add_counts(warnings_by_code, x.warnings_by_code);
  add_counts(notes_by_code, x.notes_by_code);
}

ValidateCounts validate_files(const std::vector<InputFile>& files, const ValidateOptions& options,
                              const ValidateHooks& hooks) {
  std::vector<std::int64_t> sizes;
  sizes.reserve(files.size());
  for (const InputFile& f : files) sizes.push_back(f.size);  // the size the search saw
  const std::vector<WorkUnit> units = plan_work(sizes, options.jobs);
  const Validator validator(options, hooks);
  // A batch of whole files is read, validated and summed up by its worker; the parts of a
  // split file share a SharedFile, and the last one emitted sums the file up.
  std::map<std::size_t, SharedFile> shared;
  for (const WorkUnit& u : units)
    if (u.split()) shared.try_emplace(u.first);
  ValidateCounts totals, split_file;  // split_file: the current split file's parts so far
  ordered_parallel<ShareResult>(
      units.size(), options.jobs,
      [&](std::size_t i) {
        const WorkUnit& u = units[i];
        if (u.split()) return validator.part(files[u.first], u.part, u.parts, shared.at(u.first));
        ShareResult batch;
        for (std::size_t f = u.first; f < u.end; ++f) {
          SharedFile whole;
          ShareResult r = validator.part(files[f], 0, 1, whole);
          const ShareResult end = validator.finish(files[f].path, whole, r.counts);
          batch.counts.add(r.counts);
          batch.counts.add(end.counts);
          batch.output += r.output;
          batch.output += end.output;
        }
        return batch;
      },
      [&](std::size_t i, ShareResult&& r) {
        const WorkUnit& u = units[i];
        totals.add(r.counts);
        if (u.split()) {
          split_file.add(r.counts);
          if (u.part + 1 == u.parts) {
            const ShareResult end = validator.finish(files[u.first].path, shared.at(u.first), split_file);
            totals.add(end.counts);
            r.output += end.output;
            split_file = {};
            shared.at(u.first).release();  // every part is done with it
          }
        }
        if (hooks.emit) hooks.emit(std::move(r.output), totals, u.end);
      });
  return totals;
}

}  // namespace gibo
