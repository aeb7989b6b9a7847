// gibo rescore: re-score each game's ending under a rules profile, beside the stored
// historical result (which is never changed): one line (text), row (CSV) or object
// (JSON Lines) per game and a summary, on files and on a database (--db) alike; on a
// database the verdicts are also stored in the verdicts table.
#include <chrono>
#include <iostream>
#include <map>
#include <regex>

#include "archive_input.h"
#include "command.h"
#include "gibo/report/i18n.h"
#include "counts.h"
#include "gibo/adjudication/rescore.h"
#include "gibo/analysis/ordered_stream.h"
#include "gibo/archive/analysis_store.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/json_writer.h"
#include "report/markup.h"
#include "inputs.h"
#include "common_options.h"
#include "parallel.h"
#include "progress.h"
#include "reporter.h"
#include "engine_options.h"
#include "rescore_engine.h"
#include "warning_tally.h"
#include "outputs.h"

namespace gibo::cli {
namespace {

enum class Output { Text, Csv, Jsonl };

struct Row {
  std::string file;
  int index = 0;
  std::string stored;
  bool has_stored = false;
  std::string verdict, winner, reason, profile, note;
  std::string words;  // verdict_text: the verdict in plain words
  std::string error_code;  // a rejected record's first error ("" otherwise)
  int error_ply = 0;
  int ply = 0, cho = 0, han = 0;
  bool ended_before_last_ply = false;
  bool bikjang_inferred = false;
  std::optional<EngineVerdictResult> engine;  // --engine: the engine verdict on an unverifiable ending
};

// The row of a game of `file` (its rank `index`, from 0) whose stored result reads
// `stored` (nullopt: none stored).
Row make_row(const std::string& file, int index, const std::optional<std::string>& stored, const Rescore& r) {
  Row row;
  row.file = file;
  row.index = index;
  if (stored) row.stored = *stored, row.has_stored = true;
  row.words = verdict_text(r, row.stored);
  if (r.rejection) row.error_code = r.rejection->code, row.error_ply = r.rejection->ply;
  row.verdict = std::string(verdict_name(r.verdict.kind));
  row.profile = r.profile->id;
  row.note = verdict_note(r.verdict, r.bikjang_inferred);
  row.bikjang_inferred = r.bikjang_inferred;
  row.ended_before_last_ply = r.verdict.ended_before_last_ply;
  if (r.board.ending) {
    row.winner = std::string(outcome_name(r.board.ending->winner));
    row.reason = std::string(reason_name(r.board.ending->reason));
    row.ply = r.board.ending->ply;
    row.cho = r.board.ending->scores.cho;
    row.han = r.board.ending->scores.han;
  } else {
    row.winner = "none";
    row.reason = "none";
    row.ply = r.board.plies;
    row.cho = r.board.final_scores.cho;
    row.han = r.board.final_scores.han;
  }
  return row;
}

constexpr const char* kCsvHeader =
    "file,index,stored,verdict,winner,reason,ply,cho_half_points,han_half_points,profile,ended_before_last_ply,note,"
    "error_code,error_ply";
// The CSV header, with rescore --engine's columns when `engine`.
std::string csv_header(bool engine) { return std::string(kCsvHeader) + (engine ? kEngineCsvColumns : "") + "\n"; }

// `engine`: rescore --engine (CSV rows get its columns).
std::string render(const Row& r, Output out, bool engine = false) {
  switch (out) {
    case Output::Text:
      return r.file + ":" + std::to_string(r.index + 1) + ": " +
             i18n::message(r.words + (r.engine ? engine_verdict_words(*r.engine) : std::string())) + "\n";
    case Output::Csv:
      return csv_field(r.file) + "," + std::to_string(r.index) + "," + csv_field(r.stored) + "," + r.verdict + "," +
             r.winner + "," + r.reason + "," + std::to_string(r.ply) + "," + std::to_string(r.cho) + "," +
             std::to_string(r.han) + "," + r.profile + "," + (r.ended_before_last_ply ? "true" : "false") + "," +
             csv_field(r.note) + "," + r.error_code + "," + (r.error_code.empty() ? "" : std::to_string(r.error_ply)) +
             (engine ? engine_csv_fields(r.engine) : std::string()) + "\n";
    case Output::Jsonl: {
      std::string s;
      json::Writer w(s);
      Reporter::begin_game(w, "game", r.file, r.index).key("stored");
      if (r.has_stored) w.value(r.stored);
      else w.null();
      w.field("verdict", r.verdict)
          .field("winner", r.winner)
          .field("reason", r.reason)
          .field("ply", r.ply)
          .field("cho_half_points", r.cho)
          .field("han_half_points", r.han)
          .field("profile", r.profile)
          .field("ended_before_last_ply", r.ended_before_last_ply)
          .field("bikjang_inferred", r.bikjang_inferred)
          .field("note", r.note);
      if (!r.error_code.empty()) w.field("error_code", r.error_code).field("error_ply", r.error_ply);
      if (r.engine) write_engine_json(w, *r.engine);
      w.field("text", r.words + (r.engine ? engine_verdict_words(*r.engine) : std::string())).end_object();
      return s + "\n";
    }
  }
  return "";
}

// What a run counts for its summary: verdicts, engine verdicts, and the causes of the
// engine-unclear ones (each once, with its count).
struct Counts {
  std::map<std::string, long> verdicts, engine, unclear;
  void add_engine(const EngineVerdictResult& v) {
    ++engine[v.verdict];
    if (v.verdict != "engine-unclear") return;
    // One cause for every game it stands for: "ply 12 (e2f2): " is the game's own.
    static const std::regex own_ply(R"(ply \d+ \([^)]*\): )");
    ++unclear[std::regex_replace(v.note, own_ply, "")];
  }
  void add(const Counts& c) {
    add_counts(verdicts, c.verdicts);
    add_counts(engine, c.engine);
    add_counts(unclear, c.unclear);
  }
};

struct FileResult {
  std::string output;
  std::string file_errors;  // the file's own errors (not a game's), as reported
  Counts counts;
  std::vector<std::string> messages;  // --engine: for standard error
  bool io_error = false;
  bool has_file_errors = false;
};

// The summary (text and JSON Lines; CSV has none) and the exit status: a disagreement,
// a rejected record or a file with errors of its own (no game gibo reads in it, a broken
// line of JSON Lines) is a finding. `engine`: rescore --engine (its verdicts counted, an
// engine-contradicts is a finding too, the causes of engine-unclear listed once each).
int print_summary(const Counts& c, long io_errors, long not_game_files, Output out, long file_errors, bool engine) {
  const std::map<std::string, long>& verdicts = c.verdicts;
  long games = 0;
  for (const auto& [k, v] : verdicts) games += v;
  if (out == Output::Jsonl) {
    std::string s;
    json::Writer w(s);
    w.begin_object().field("type", "summary").field("games", static_cast<std::int64_t>(games));
    write_counts(w, "verdicts", verdicts);
    if (engine) write_counts(w, "engine_verdicts", c.engine), write_counts(w, "engine_unclear_causes", c.unclear);
    w.field("io_errors", static_cast<std::int64_t>(io_errors));
    w.field("file_errors", static_cast<std::int64_t>(file_errors));
    Reporter::input_counts(w, io_errors, not_game_files);
    w.end_object();
    std::cout << s << "\n";
  } else if (out == Output::Text) {
    if (engine)  // the causes first: the summary stays the last line
      for (const auto& [cause, n] : c.unclear)
        std::cout << "  " << i18n::format("{1} engine-unclear: {2}", {i18n::number(n), cause}) << "\n";
    // In the run's language (i18n.h): "summary: 2 games, 1 agrees, ..." / "요약: 대국 2, 맞음 1, ...".
    std::cout << i18n::format("summary: {1} games", {i18n::number(games)});
    for (const char* k : {"agrees", "disagrees", "unverifiable", "indeterminate", "no-result", "invalid"}) {
      auto it = verdicts.find(k);
      std::cout << ", " << i18n::format("{1} {2}", {i18n::number(it == verdicts.end() ? 0 : it->second), i18n::translate(k)});
    }
    if (engine)
      for (const char* k : {"engine-supports", "engine-contradicts", "engine-unclear"}) {
        auto it = c.engine.find(k);
        std::cout << ", " << (it == c.engine.end() ? 0 : it->second) << " " << k;
      }
    if (file_errors)
      std::cout << ", "
                << (file_errors == 1 ? i18n::translate("1 file with errors")
                                     : i18n::format("{1} files with errors", {i18n::number(file_errors)}));
    std::cout << Reporter::input_counts_text(io_errors, not_game_files) << "\n";
  }
  if (io_errors) return kExitIo;
  if (file_errors) return kExitFindings;
  for (const char* finding : {"disagrees", "invalid"})
    if (auto d = verdicts.find(finding); d != verdicts.end() && d->second > 0) return kExitFindings;
  if (engine)
    if (auto d = c.engine.find("engine-contradicts"); d != c.engine.end() && d->second > 0) return kExitFindings;
  return kExitOk;
}

// The first error of a game stored as invalid, from its diagnostics in the archive (the
// file and its rank in it as the game reference).
Diagnostic stored_rejection(archive::Archive& archive, const archive::StoredGame& g) {
  Diagnostic first;
  first.code = "invalid";
  first.message = "stored as invalid";
  first.ply = g.valid_plies + 1;
  if (auto game = archive.load_game(g.game_id))
    for (const Diagnostic& d : game->diagnostics)
      if (d.severity == Severity::Error) {
        first = d;
        break;
      }
  first.file = g.file;
  first.game = g.game_index;
  return first;
}

struct RescoreOptions {
  std::string rules_id, bikjang = "off", format = "text", db, where;
  int jobs = 1, margin = 300;
  std::vector<std::string> paths;
  EngineChoice engine;
  bool use_engine = false;
  const Profile* forced = nullptr;  // --rules
  bool bikjang_fallback = false;
  Output out = Output::Text;
};

// Parses and checks the options (and probes the engine with --engine); an exit status
// when the run stops there.
std::optional<int> parse_rescore(const std::vector<std::string>& args, RescoreOptions& o) {
  const std::string synopsis = "gibo rescore [OPTIONS] (PATHS... | --db FILE [--where EXPR])";
  po::options_description opts("options");
  const SharedOptions shared{
      .db = &o.db, .db_note = "; its games are re-scored and the verdicts stored", .where = &o.where, .rules = &o.rules_id,
      .rules_help = "the profile that judges: on files, of records that save no rules; with --db, of every game. "
                    "Without it: each record's saved rules, else janggi-gg",
      .format = &o.format, .formats = {"text", "csv", "jsonl"}, .jobs = &o.jobs};
  add_shared_options(opts, shared);
  opts.add_options()("bikjang", po::value(&o.bikjang), "bikjang option (janggi-gg) for records that state none: on or off");
  add_engine_options(opts, o.engine, true);
  opts.add_options()("margin", po::value(&o.margin),
                     "with --engine: centipawns the stored winner must be ahead by (default 300)");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("rescore", synopsis, args, opts, o.paths, vm)) return *rc;
  if (!o.rules_id.empty() && !(o.forced = profile_or_usage("rescore", o.rules_id))) return kExitUsage;
  if (o.bikjang != "on" && o.bikjang != "off") return usage_error("rescore", "--bikjang must be on or off");
  o.bikjang_fallback = o.bikjang == "on";
  set_output_audience_for(o.format);
  if (o.format == "text") o.out = Output::Text;
  else if (o.format == "csv") o.out = Output::Csv;
  else if (o.format == "jsonl") o.out = Output::Jsonl;
  else return usage_error("rescore", "--format must be text, csv or jsonl");
  if (const auto e = jobs_error(o.jobs)) return usage_error("rescore", *e);
  o.use_engine = vm.count("engine") > 0;
  if (o.use_engine) reclaim_engine_word(args, o.engine, o.paths);
  if (!o.use_engine)
    for (const char* name : {"depth", "nodes", "movetime", "option", "timeout", "margin"})
      if (vm.count(name) && !vm[name].defaulted()) return usage_error("rescore", std::string("--") + name + " needs --engine");
  if (o.use_engine) {
    if (o.margin <= 0) return usage_error("rescore", "--margin must be positive");
    if (auto rc = resolve_engine_choice("rescore", vm, o.engine)) return *rc;
    if (o.db.empty() && o.paths.empty()) return no_input_error("rescore", synopsis);
    if (auto rc = probe_engine("rescore", o.engine)) return *rc;
  }
  if (!o.db.empty() && !o.paths.empty()) return usage_error("rescore", "give PATHS or --db, not both");
  if (o.db.empty() && !o.where.empty()) return usage_error("rescore", "--where needs --db");
  if (o.db.empty() && o.paths.empty()) return no_input_error("rescore", synopsis);
  return std::nullopt;
}

// One game on its way through a run: re-scored (and its ending planned for the engine) on
// the caller's thread, judged by the engine on a worker, printed and stored in order.
struct Pending {
  Row row;
  Rescore r;
  const Profile* profile = nullptr;
  std::int64_t game_id = 0;                  // --db
  std::optional<analysis::EndingPlan> plan;  // --engine, an ending the engine judges (engine_judges)
  archive::AnalysisStore::EndingLookup lookup;
  std::optional<analysis::PositionEval> searched;
  std::string ref;                           // FILE:GAME, for the engine's warnings
  std::optional<FileResult> file_end;        // files: not a game, the end of a file (its errors)
};

// The engine's step of a pending game (on a worker): the verdict of its planned ending.
void judge_pending(analysis::EngineAdjudicator* adjudicator, Pending& p) {
  if (adjudicator && p.plan) p.row.engine = adjudicator->judge(*p.plan, p.r, p.lookup.stored, &p.searched);
}

// The stored verdict of a re-scored game.
archive::VerdictRow verdict_row(const Pending& p) {
  archive::VerdictRow v;
  v.game_id = p.game_id;
  v.profile_id = p.profile->id;
  v.profile_version = p.profile->version;
  v.verdict = p.row.verdict;
  v.winner = p.r.board.ending ? std::string(outcome_name(p.r.board.ending->winner)) : "none";
  if (p.r.board.ending) {
    v.reason = std::string(reason_name(p.r.board.ending->reason));
    v.ply = p.r.board.ending->ply;
    v.cho_score = p.r.board.ending->scores.cho;
    v.han_score = p.r.board.ending->scores.han;
  }
  v.ended_before_last_ply = p.r.verdict.ended_before_last_ply;
  v.note = p.row.note;
  return v;
}

// rescore --db: the games `o.where` selects, each under --rules, else its saved rules,
// else janggi-gg; a line/row/object per game as for files; the verdicts (and engine
// verdicts) stored in batches; with --engine, -j N engines judge the unverifiable endings.
class DatabaseRescore {
 public:
  explicit DatabaseRescore(const RescoreOptions& o) : o_(o) {}
  int run();

 private:
  std::optional<Pending> prepare(const archive::StoredGame& g);
  void emit(Pending&& p);
  void flush();
  const RescoreOptions& o_;
  std::unique_ptr<archive::Archive> archive_;
  std::optional<analysis::EngineAdjudicator> adjudicator_;
  std::optional<archive::AnalysisStore> store_;
  Counts counts_;
  std::vector<archive::VerdictRow> batch_;
  std::vector<archive::EngineVerdictRow> engine_batch_;
  std::vector<archive::EngineVerdictRow> engine_none_;  // --engine: games judged without one (an old one goes)
  WarningTally warnings_;  // --engine: the engine's diagnostics, each cause once, at the end
  std::string lines_;
  bool ok_ = true;
  // --engine on a terminal: the progress line (games done of those selected, ETA).
  Progress progress_;
  long done_ = 0, total_ = 0;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

std::optional<Pending> DatabaseRescore::prepare(const archive::StoredGame& g) {
  const Profile& fallback = o_.forced ? *o_.forced : default_profile();
  const Profile* profile = o_.forced;
  if (!profile) profile = g.saved_rules ? find_profile(*g.saved_rules) : nullptr;
  if (!profile) profile = &fallback;
  const BikjangOption option = adjudication_bikjang(*profile, g.saved_bikjang, g.stored_result, o_.bikjang_fallback);
  Game shell;
  shell.start = g.start;
  Position start;
  if (start_position(shell, legality_rules(*profile, option.on), start)) return std::nullopt;  // unreadable start: skip
  Pending p;
  p.r = rescore(*profile, option, start, g.moves, g.plies, g.stored_result);
  if (!g.valid) reject(p.r, stored_rejection(*archive_, g));
  p.row = make_row(g.file, g.game_index, g.result_text, p.r);
  p.profile = profile;
  p.game_id = g.game_id;
  p.ref = g.file + ":" + std::to_string(g.game_index + 1);
  if (adjudicator_ && analysis::engine_judges(p.r)) {
    p.plan = adjudicator_->plan(p.r, shell, g.moves, g.plies);
    if (!p.plan->verdict) p.lookup = store_->lookup_ending(*p.plan, g.game_id);
  }
  return p;
}

void DatabaseRescore::emit(Pending&& p) {
  if (!ok_) return;
  if (p.row.engine) {
    store_->finish_ending(p.lookup, *p.plan, p.game_id, p.searched, *p.row.engine);
    warnings_.add(p.ref, p.row.engine->warnings);
    counts_.add_engine(*p.row.engine);
    engine_batch_.push_back(archive::engine_verdict_row(*p.row.engine, p.game_id, *p.profile, o_.margin));
  } else if (o_.use_engine) {
    archive::EngineVerdictRow none;
    none.game_id = p.game_id;
    none.profile_id = p.profile->id;
    none.profile_version = p.profile->version;
    engine_none_.push_back(std::move(none));
  }
  const bool live = o_.use_engine && progress_.shown();
  lines_ += render(p.row, o_.out, o_.use_engine);
  if (live || lines_.size() >= (1u << 16)) progress_.write(lines_), lines_.clear();
  if (live)
    progress_.draw(games_progress_text(
        ++done_, total_, std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count()));
  ++counts_.verdicts[p.row.verdict];
  batch_.push_back(verdict_row(p));
  if (batch_.size() >= 5000) flush();
}

void DatabaseRescore::flush() {
  if (batch_.empty()) return;
  if (auto e = archive_->store_verdicts(batch_)) {
    std::cerr << "gibo rescore: " << e->message << "\n";
    ok_ = false;
  }
  if (auto e = ok_ && (!engine_batch_.empty() || !engine_none_.empty())
                   ? archive_->store_engine_verdicts(engine_batch_, engine_none_)
                   : std::nullopt) {
    std::cerr << "gibo rescore: " << e->message << "\n";
    ok_ = false;
  }
  batch_.clear();
  engine_batch_.clear();
  engine_none_.clear();
}

int DatabaseRescore::run() {
  archive_ = open_archive("rescore", o_.db, archive::OpenMode::ReadWrite);  // stores verdicts
  if (!archive_) return kExitIo;
  if (o_.use_engine) adjudicator_.emplace(o_.engine, o_.margin), store_.emplace(*archive_, o_.engine);
  const auto ids = archive_->select_games(o_.where);
  if (!ids) return usage_error("rescore", "--where: " + ids.error().message);
  if (o_.out == Output::Csv) std::cout << csv_header(o_.use_engine);
  total_ = static_cast<long>(ids->size());
  std::optional<Error> unread;  // why a stored game could not be read
  {
    analysis::OrderedStream<Pending, Pending> stream(
        o_.use_engine ? o_.jobs : 1,
        [this](Pending& p) {
          judge_pending(adjudicator_ ? &*adjudicator_ : nullptr, p);
          return std::move(p);
        },
        [this](Pending&& p) { emit(std::move(p)); });
    for (std::int64_t id : *ids) {
      const auto g = archive_->stored_game(id);
      if (!g) {
        unread = g.error();
        break;
      }
      if (auto p = prepare(*g)) stream.push(std::move(*p));
      if (!ok_) break;
    }
  }
  progress_.draw("");
  progress_.write(lines_);
  flush();
  for (const std::string& line : warnings_.lines("warning[engine]")) std::cerr << line << "\n";
  if (unread || !ok_) {
    if (unread) std::cerr << "gibo rescore: " << unread->message << "\n";
    return kExitIo;
  }
  return print_summary(counts_, 0, 0, o_.out, 0, o_.use_engine);
}

// A file's own errors (not a game's) as validate reports them: a JSON Lines object, or a
// line each; "" when it has none.
std::string file_errors_text(const std::string& path, const ReadInfo& info, Output out) {
  std::string text;
  bool any = false;
  for (const Diagnostic& d : info.diagnostics) any |= d.severity == Severity::Error;
  if (!any) return text;
  if (out == Output::Jsonl) {
    json::Writer w(text);
    Reporter::begin_file(w, path);
    Reporter::diagnostics(w, "errors", info.diagnostics, Severity::Error);
    w.end_object();
    text += '\n';
  } else {
    for (const Diagnostic& d : info.diagnostics)
      if (d.severity == Severity::Error) text += Reporter::diagnostic_line(d);
  }
  return text;
}

// The files' games as pending ones: re-scored, the endings the engine judges planned.
Pending pending_game(Game& g, const std::string& path, const RescoreOptions& o, analysis::EngineAdjudicator* adjudicator) {
  const Profile& fallback = o.forced ? *o.forced : default_profile();
  Pending p;
  p.r = rescore_game(g, fallback, o.bikjang_fallback);
  p.row = make_row(path, g.source.game_index, g.has_result ? std::optional<std::string>(g.result_text) : std::nullopt, p.r);
  p.ref = path + ":" + std::to_string(g.source.game_index + 1);
  if (adjudicator && analysis::engine_judges(p.r)) {
    std::vector<Move> moves;
    for (int k = 0; k < g.valid_plies && k < static_cast<int>(g.plies.size()); ++k)
      moves.push_back(g.plies[static_cast<std::size_t>(k)].move);
    p.plan = adjudicator->plan(p.r, g, moves, static_cast<int>(g.plies.size()));
  }
  return p;
}

// What a file-level run prints and counts, in input order.
struct FilesPrinter {
  Output out = Output::Text;
  Counts counts;
  WarningTally warnings;  // --engine: the engine's diagnostics, each cause once, at the end
  long io_errors = 0, file_errors = 0;
  void file_done(const FileResult& fr) {
    if (fr.io_error) {
      ++io_errors;
      (out == Output::Jsonl ? std::cout : std::cerr) << fr.output;
      return;
    }
    std::cout << fr.output;
    (out == Output::Jsonl ? std::cout : std::cerr) << fr.file_errors;
    if (fr.has_file_errors) ++file_errors;
    counts.add(fr.counts);
    for (const std::string& m : fr.messages) std::cerr << m << "\n";
  }
};

// A file read whole on a worker (rescore without --engine: -j N files at once).
FileResult rescore_file(const std::string& path, const RescoreOptions& o, const Reporter& reporter) {
  FileResult fr;
  ReadOptions ro;
  ro.profile = o.forced ? o.forced : &default_profile();
  ReadInfo info;
  const auto error = read_input_games(path, ro, info, [&](Game&& g) {
    const Pending p = pending_game(g, path, o, nullptr);
    ++fr.counts.verdicts[p.row.verdict];
    fr.output += render(p.row, o.out, false);
  });
  if (error) {
    fr.io_error = true;
    fr.output = reporter.unreadable(path, error->message);
    return fr;
  }
  // The file's own errors are reported as validate reports them, never skipped.
  fr.file_errors = file_errors_text(path, info, o.out);
  fr.has_file_errors = !fr.file_errors.empty();
  return fr;
}

// rescore --engine on files: the games read in order on this thread, their unverifiable
// endings judged by -j N engines, each game printed in order; a file's end (its own
// errors) travels in the stream after its games.
void rescore_files_with_engine(const std::vector<InputFile>& files, const RescoreOptions& o, const Reporter& reporter,
                               FilesPrinter& printer) {
  analysis::EngineAdjudicator adjudicator(o.engine, o.margin);
  Progress progress;  // on a terminal: games done of those the inputs hold, ETA
  std::optional<long> total;
  if (progress.shown()) total = count_input_games(files, o.forced ? *o.forced : default_profile());
  long done = 0;
  const auto started = std::chrono::steady_clock::now();
  analysis::OrderedStream<Pending, Pending> stream(
      o.jobs,
      [&](Pending& p) {
        judge_pending(&adjudicator, p);
        return std::move(p);
      },
      [&](Pending&& p) {
        if (p.file_end) {
          progress.draw("");  // cleared before the file's own lines
          return printer.file_done(*p.file_end);
        }
        if (p.row.engine) {
          printer.counts.add_engine(*p.row.engine);
          printer.warnings.add(p.ref, p.row.engine->warnings);
        }
        ++printer.counts.verdicts[p.row.verdict];
        progress.write(render(p.row, o.out, true));
        progress.draw(games_progress_text(
            ++done, total, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()));
      });
  for (const InputFile& f : files) {
    ReadOptions ro;
    ro.profile = o.forced ? o.forced : &default_profile();
    ReadInfo info;
    const auto error =
        read_input_games(f.path, ro, info, [&](Game&& g) { stream.push(pending_game(g, f.path, o, &adjudicator)); });
    Pending end;
    end.file_end.emplace();
    if (error) end.file_end->io_error = true, end.file_end->output = reporter.unreadable(f.path, error->message);
    else end.file_end->file_errors = file_errors_text(f.path, info, o.out);
    end.file_end->has_file_errors = !error && !end.file_end->file_errors.empty();
    stream.push(std::move(end));
  }
  stream.finish();
  progress.draw("");
  for (const std::string& line : printer.warnings.lines("warning[engine]")) std::cerr << line << "\n";
}

// Re-scores the games of the files `o.paths` name: a line/row/object per game, then the summary.
int rescore_files(const RescoreOptions& o) {
  // Inputs that cannot be read and files that are not game files: in the JSON Lines
  // stream, or (text, CSV) on standard error.
  const Reporter reporter(o.out == Output::Jsonl ? ReportFormat::Jsonl : ReportFormat::Text);
  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;
  const std::vector<InputFile> files = expand_inputs(o.paths, missing, not_game);
  (o.out == Output::Jsonl ? std::cout : std::cerr) << reporter.inputs(missing, not_game);
  if (o.out == Output::Csv) std::cout << csv_header(o.use_engine);
  FilesPrinter printer;
  printer.out = o.out;
  printer.io_errors = static_cast<long>(missing.size());
  if (o.use_engine)
    rescore_files_with_engine(files, o, reporter, printer);
  else
    ordered_parallel<FileResult>(
        files.size(), o.jobs, [&](std::size_t i) { return rescore_file(files[i].path, o, reporter); },
        [&](std::size_t, FileResult&& fr) { printer.file_done(fr); });
  return print_summary(printer.counts, printer.io_errors, static_cast<long>(not_game.size()), o.out, printer.file_errors,
                       o.use_engine);
}

}  // namespace

int run_rescore(const std::vector<std::string>& args) {
  RescoreOptions o;
  if (auto rc = parse_rescore(args, o)) return *rc;
  if (o.db.empty()) return rescore_files(o);
  return DatabaseRescore(o).run();
}

}  // namespace gibo::cli
