// gibo export: write games from an archive back to files. Games are rebuilt from the
// database (archive.h load_game) and written with the format writers, so what was
// imported exports to the same games (same start, same moves, same tags and result).
//
// Selection policy: --where is an SQL expression over the facts view (the fields `gibo
// stats --help` lists; archive/facts.h) and --query a whole SELECT whose first column is
// a game id; the database is opened read-only and only one read-only statement is
// accepted, so a selection cannot change the archive. Output policy: no -o writes to standard output; -o FILE writes one file;
// -o DIR (an existing directory, or a path ending in '/') writes one file per source
// file, named after it (`<stem>.<ext>`, `-2`, `-3`... when two sources share a stem).
// No output may be the archive (outputs.h); every output file is complete or absent.
// Memory policy: one game is loaded, written and let go at a time (GameWriter).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "archive_input.h"
#include "command.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/stored_profile.h"
#include "gibo/formats/game_writer.h"
#include "gibo/report/i18n.h"
#include "common_options.h"
#include "export_training.h"
#include "outputs.h"

namespace gibo::cli {
namespace {

namespace fs = std::filesystem;

// Where the games go: standard output, one file, or one file per source in a directory.
class Outputs {
 public:
  Outputs(std::string target, const WriteOptions& options, const ProtectedFiles& protect)
      : target_(std::move(target)), options_(options), protect_(protect) {
    std::error_code ec;
    directory_ = !target_.empty() && (target_.back() == '/' || fs::is_directory(target_, ec));
  }

  // Why no writer can be had: its file cannot be created, or would overwrite the archive
  // (`refused`: the caller's usage error).
  struct Failure {
    Error error;
    bool refused = false;
  };

  // The writer for a game from `source`.
  Expected<GameWriter*, Failure> writer(const std::string& source) {
    if (target_.empty()) {
      if (!stdout_) stdout_ = std::make_unique<GameWriter>(std::cout, options_);
      return stdout_.get();
    }
    const std::string key = directory_ ? source : std::string();
    auto it = files_.find(key);
    if (it != files_.end()) return it->second.writer.get();
    const fs::path path = directory_ ? fs::path(target_) / file_name(source) : fs::path(target_);
    if (auto why = protect_.conflict(path.string())) return Failure{*why, true};
    std::error_code ec;
    if (directory_) fs::create_directories(target_, ec);
    Entry e;
    e.file = std::make_unique<OutputFile>();
    if (auto why = e.file->open(path.string())) return Failure{*why, false};
    e.writer = std::make_unique<GameWriter>(e.file->stream(), options_);
    return files_.emplace(key, std::move(e)).first->second.writer.get();
  }

  // Ends every output (standard output gets "[]" for a JSON array when nothing was
  // written) and renames the files into place. Returns the games in outputs that could
  // not be completed (their files are removed) and reports each failure.
  long close(bool& failed) {
    long lost = 0;
    if (target_.empty()) {
      if (!stdout_) stdout_ = std::make_unique<GameWriter>(std::cout, options_);
      stdout_->finish();
      if (!flush_standard_output("export")) failed = true, lost += stdout_->games();
    }
    for (auto& [key, e] : files_) {
      e.writer->finish();
      if (auto error = e.file->commit()) {
        std::cerr << "gibo export: " << error->message << "\n";
        failed = true;
        lost += e.writer->games();
      }
    }
    files_.clear();
    return lost;
  }

 private:
  struct Entry {
    std::unique_ptr<OutputFile> file;
    std::unique_ptr<GameWriter> writer;
  };

  std::string file_name(const std::string& source) {
    const std::string extension(format_extension(options_.format));
    std::string stem = source == "-" ? "stdin" : fs::path(source).stem().string();
    if (stem.empty()) stem = "games";
    std::string name = stem + extension;
    for (int n = 2; used_.count(name); ++n) name = stem + "-" + std::to_string(n) + extension;
    used_.insert(name);
    return name;
  }

  std::string target_;
  WriteOptions options_;
  const ProtectedFiles& protect_;
  bool directory_ = false;
  std::unique_ptr<GameWriter> stdout_;
  std::map<std::string, Entry> files_;
  std::set<std::string> used_;
};

// --query must select records: every value of its first column (`ids`) the id of a game
// or of a copy of one (a text or a number that is neither is a usage error, before
// anything is written). The exit status when it does not.
std::optional<int> check_query_ids(archive::Archive& archive, const std::vector<std::int64_t>& ids,
                                   const std::string& synopsis) {
  if (ids.empty()) return std::nullopt;
  const auto [low, high] = std::minmax_element(ids.begin(), ids.end());
  const auto known = archive.select_games("id BETWEEN " + std::to_string(*low) + " AND " + std::to_string(*high));
  const auto copies = archive.copies();
  if (!known || !copies) {
    std::cerr << "gibo export: " << (known ? copies.error() : known.error()).message << "\n";
    return kExitIo;
  }
  std::unordered_set<std::int64_t> games(known->begin(), known->end());
  for (const archive::Archive::GameCopy& c : *copies)
    if (c.id) games.insert(c.id);
  for (std::size_t row = 0; row < ids.size(); ++row)
    if (!games.count(ids[row]))
      return usage_error("export",
                         "--query must select game ids in its first column (games.id, tags.game_id, facts.id): row " +
                             std::to_string(row + 1) + " gives " + std::to_string(ids[row]) +
                             ", which is no game's id (a text reads as 0)",
                         synopsis);
  return std::nullopt;
}

// Loads the games `ids` one at a time and writes each to its output, counting them
// (`cut`: those the format holds only up to their last legal ply); kExitOk, or the exit
// status of the first failure (the message said).
int write_games(archive::Archive& archive, const std::vector<std::int64_t>& ids, const WriteOptions& wo, Outputs& out,
                long& written, long& cut) {
  for (std::int64_t id : ids) {
    std::string profile_id;
    Expected<Game> game = archive.load_game(id, &profile_id);
    if (!game) {
      std::cerr << "gibo export: " << game.error().message << "\n";
      return kExitIo;
    }
    const auto writer = out.writer(game->source.file);
    if (!writer) {
      std::cerr << "gibo export: " << writer.error().error.message << "\n";
      return writer.error().refused ? kExitUsage : kExitIo;
    }
    // The profile the game was validated under replays a record that names none as the
    // import did.
    const WriteLoss loss = (*writer)->write(*game, &archive::stored_profile(profile_id, *game, default_profile()));
    report_write_loss(*game, loss, wo);
    if (loss.cut_short) ++cut;
    ++written;
  }
  return kExitOk;
}

// The ids `ids` with each game's copies (its other records kept) after it, in their order.
Expected<std::vector<std::int64_t>> with_copies(archive::Archive& archive, const std::vector<std::int64_t>& ids) {
  const auto copies = archive.copies();
  if (!copies) return copies.error();
  std::unordered_map<std::int64_t, std::vector<std::int64_t>> of;
  for (const archive::Archive::GameCopy& c : *copies)
    if (c.id) of[c.game_id].push_back(c.id);
  std::vector<std::int64_t> out;
  for (std::int64_t id : ids) {
    out.push_back(id);
    if (const auto it = of.find(id); it != of.end()) out.insert(out.end(), it->second.begin(), it->second.end());
  }
  return out;
}

}  // namespace

// --to positions | fsf-plain: the checks of their options, then export_training.
int export_training_run(const std::string& db, const std::string& where, const std::string& query,
                        const std::string& output, const std::string& to, const po::variables_map& vm,
                        TrainingExport& t, const std::string& synopsis) {
  auto usage = [&](const std::string& message) { return usage_error("export", message, synopsis); };
  if (!query.empty()) return usage("--to " + to + " takes --where, not --query");
  if (t.options.skip_plies < 0) return usage("--skip-plies must be 0 or more");
  if (!vm.count("validation-percent")) t.options.validation_percent = 10;
  if (t.options.validation_percent < 0 || t.options.validation_percent > 100)
    return usage("--validation-percent must be 0 to 100");
  if (vm.count("validation-percent") && t.validation_output.empty())
    return usage("--validation-percent needs --validation FILE");
  ProtectedFiles protect;
  protect.add_archive(db);
  for (const std::string& path : {output, t.validation_output})
    if (auto why = protect.conflict(path)) return usage(why->message);
  if (!output.empty() && output == t.validation_output) return usage("-o and --validation name the same file");
  if (std::filesystem::is_directory(output)) return usage("--to " + to + " writes one file: -o names a directory");
  set_output_audience(Audience::Programs);
  t.db = db;
  t.output = output;
  t.options.where = where;
  t.options.form = to == "positions" ? training::Form::Jsonl : training::Form::Plain;
  return export_training(t);
}

// The options of --to positions and fsf-plain, into `training`.
static po::options_description training_options(TrainingExport& training) {
  po::options_description train("training data (--to positions or fsf-plain)");
  train.add_options()("skip-plies", po::value(&training.options.skip_plies)->value_name("N"),
                      "leave out the positions before ply N")(
      "skip-check", po::bool_switch(&training.options.skip_check), "leave out positions whose side to move is in check")(
      "skip-captures", po::bool_switch(&training.options.skip_captures), "leave out positions right after a capture")(
      "distinct", po::bool_switch(&training.options.distinct),
      "one record a distinct position (its first occurrence), not one an occurrence")(
      "evaluated", po::bool_switch(&training.options.evaluated_only),
      "leave out positions without a stored evaluation (fsf-plain always does)")(
      "validation", po::value(&training.validation_output)->value_name("FILE"),
      "write the records of a share of the games here (by game, the same games every time)")(
      "validation-percent", po::value(&training.options.validation_percent)->value_name("N"),
      "the share of games --validation takes, in percent (default 10)");
  return train;
}

int run_export(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo export [OPTIONS] --db FILE --to gib|pgn|json|jsonl|fen|uci|positions|fsf-plain [--where EXPR | --query SQL] "
      "[--copies] "
      "[-o FILE|DIR]";
  po::options_description opts("options");
  std::string db, where, query, to, output, encoding = "utf-8";
  TrainingExport training;
  add_shared_options(opts, {.db = &db, .where = &where});
  opts.add_options()("query", po::value(&query), "a SELECT whose first column is a game id")(
      "to", po::value(&to),
      "output format: gib, pgn, json (one array), jsonl (one game a line), fen or uci; positions (one JSON line a "
      "position, for training) or fsf-plain (variant-nnue-tools' plain text)")(
      "output,o", po::value(&output), "output file, or directory for one file per source (default stdout)")(
      "encoding", po::value(&encoding), "gib output encoding: utf-8 or cp949")(
      "hanja", "gib output: hanja piece letters")(
      "positions", "json, jsonl output: one object a ply with the board's view of it and the FEN after it")(
      "copies", "also write each game's copies (its other records, the same game published again) after it");
  opts.add(training_options(training));
  po::positional_options_description pos_opts;
  po::variables_map vm;
  if (auto rc = parse_command_line("export", synopsis, args, opts, pos_opts, vm)) return *rc;
  auto usage = [&](const std::string& message) { return usage_error("export", message, synopsis); };
  if (db.empty()) return usage("--db FILE is required");
  if (to.empty()) return usage("--to FORMAT is required");
  if (!where.empty() && !query.empty()) return usage("give --where or --query, not both");
  if (to == "positions" || to == "fsf-plain")
    return export_training_run(db, where, query, output, to, vm, training, synopsis);
  for (const char* only : {"skip-plies", "skip-check", "skip-captures", "distinct", "evaluated", "validation",
                           "validation-percent"})
    if (!vm[only].defaulted() && vm.count(only))
      return usage(std::string("--") + only + " is for --to positions or fsf-plain");
  WriteOptions wo;
  const auto gib_enc = gib_encoding_option("--encoding", encoding);
  if (!gib_enc) return usage(gib_enc.error().message);
  wo.gib_encoding = *gib_enc;
  const std::optional<Format> format = format_from_name(to);
  if (!format) return usage("--to must be gib, pgn, json, jsonl, fen or uci");
  wo.format = *format;
  set_output_audience(Audience::Programs);  // records, written exactly
  wo.hanja = vm.count("hanja") > 0;
  wo.positions = vm.count("positions") > 0;
  ProtectedFiles protect;
  protect.add_archive(db);
  if (auto why = protect.conflict(output)) return usage(why->message);

  const auto opened = open_archive("export", db);
  if (!opened) return kExitIo;
  archive::Archive* archive = opened.get();
  // The openings the writers name ([Opening], JSON's "opening"): the archive's book names
  // them, as it named the games it stores.
  const auto book = archive->opening_book();
  if (!book) {
    std::cerr << "gibo export: " << archive::archive_name(db) << ": " << book.error().message << "\n";
    return kExitIo;
  }
  wo.openings = book->get();
  const auto ids = query.empty() ? archive->select_games(where) : archive->select_query(query);
  if (!ids) {
    std::cerr << "gibo export: " << (query.empty() ? "--where: " : "--query: ") << ids.error().message << "\n";
    return kExitUsage;
  }
  if (!query.empty())
    if (auto rc = check_query_ids(*archive, *ids, synopsis)) return *rc;
  Expected<std::vector<std::int64_t>> records = vm.count("copies") ? with_copies(*archive, *ids) : ids;
  if (!records) {
    std::cerr << "gibo export: " << records.error().message << "\n";
    return kExitIo;
  }
  Outputs out(output, wo, protect);
  long written = 0, cut = 0;
  // On a failure the outputs are discarded: nothing half-written stays.
  if (const int status = write_games(*archive, *records, wo, out, written, cut); status != kExitOk) return status;
  bool failed = false;
  written -= out.close(failed);
  if (failed) cut = 0;
  // Games the format could hold only up to their last legal ply are counted (and are a
  // finding, as `convert --keep-broken` makes them): never cut short silently.
  const std::string cut_note =
      cut ? " (" +
                i18n::format(cut == 1 ? "{1} game only up to the last legal ply, marked [Termination \"unterminated\"]"
                                      : "{1} games only up to the last legal ply, marked [Termination \"unterminated\"]",
                             {std::to_string(cut)}) +
                ")"
          : std::string();
  if (!output.empty())
    std::cerr << "gibo export: " << i18n::format("{1} games written to {2}", {std::to_string(written), output}) << cut_note
              << "\n";
  else if (cut) std::cerr << "gibo export: " << i18n::format("{1} games written", {std::to_string(written)}) << cut_note << "\n";
  if (failed) return kExitIo;
  return cut ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
