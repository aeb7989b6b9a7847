// gibo rescore: re-score each game's ending under a rules profile, beside the stored
// historical result (which is never changed): one line (text), row (CSV) or object
// (JSON Lines) per game and a summary, on files and on a database (--db) alike; on a
// database the verdicts are also stored in the verdicts table.
#include <iostream>
#include <map>

#include "archive_input.h"
#include "command.h"
#include "gibo/report/i18n.h"
#include "counts.h"
#include "gibo/adjudication/rescore.h"
#include "gibo/archive/analysis_store.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/json_writer.h"
#include "report/markup.h"
#include "inputs.h"
#include "common_options.h"
#include "parallel.h"
#include "reporter.h"
#include "engine_options.h"
#include "rescore_engine.h"

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

struct FileResult {
  std::string output;
  std::string file_errors;  // the file's own errors (not a game's), as reported
  std::map<std::string, long> verdicts, engine_verdicts;
  std::vector<std::string> messages;  // --engine: for standard error
  bool io_error = false;
  bool has_file_errors = false;
};

// The summary (text and JSON Lines; CSV has none) and the exit status: a disagreement,
// a rejected record or a file with errors of its own (no game gibo reads in it, a broken
// line of JSON Lines) is a finding. `engine`: the engine verdicts' counts (rescore
// --engine; nullptr without it); an engine-contradicts is a finding too.
int print_summary(const std::map<std::string, long>& verdicts, long io_errors, long not_game_files, Output out,
                  long file_errors = 0, const std::map<std::string, long>* engine = nullptr) {
  long games = 0;
  for (const auto& [k, v] : verdicts) games += v;
  if (out == Output::Jsonl) {
    std::string s;
    json::Writer w(s);
    w.begin_object().field("type", "summary").field("games", static_cast<std::int64_t>(games));
    write_counts(w, "verdicts", verdicts);
    if (engine) write_counts(w, "engine_verdicts", *engine);
    w.field("io_errors", static_cast<std::int64_t>(io_errors));
    w.field("file_errors", static_cast<std::int64_t>(file_errors));
    Reporter::input_counts(w, io_errors, not_game_files);
    w.end_object();
    std::cout << s << "\n";
  } else if (out == Output::Text) {
    // In the run's language (i18n.h): "summary: 2 games, 1 agrees, ..." / "요약: 대국 2, 맞음 1, ...".
    std::cout << i18n::format("summary: {1} games", {i18n::number(games)});
    for (const char* k : {"agrees", "disagrees", "unverifiable", "indeterminate", "no-result", "invalid"}) {
      auto it = verdicts.find(k);
      std::cout << ", " << i18n::format("{1} {2}", {i18n::number(it == verdicts.end() ? 0 : it->second), i18n::translate(k)});
    }
    if (engine)
      for (const char* k : {"engine-supports", "engine-contradicts", "engine-unclear"}) {
        auto it = engine->find(k);
        std::cout << ", " << (it == engine->end() ? 0 : it->second) << " " << k;
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
    if (auto d = engine->find("engine-contradicts"); d != engine->end() && d->second > 0) return kExitFindings;
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

// Re-scores the games `where` selects in the archive `db`, each under `forced`, else its
// saved rules, else `fallback`; writes a line/row/object per game as for files and
// stores the verdicts (a game stored as invalid gets the verdict invalid).
int rescore_database(const std::string& db, const Profile* forced, const Profile& fallback, bool bikjang_fallback,
                     const std::string& where, Output out, const EngineChoice* engine, int margin) {
  const auto opened = open_archive("rescore", db, archive::OpenMode::ReadWrite);  // stores verdicts
  if (!opened) return kExitIo;
  archive::Archive* archive = opened.get();
  std::map<std::string, long> counts, engine_counts;
  std::vector<archive::VerdictRow> batch;
  std::vector<archive::EngineVerdictRow> engine_batch;
  std::optional<analysis::EngineAdjudicator> adjudicator;
  std::optional<archive::AnalysisStore> store;
  if (engine) adjudicator.emplace(*engine, margin), store.emplace(*archive, *engine);
  bool ok = true;
  auto flush = [&] {
    if (batch.empty()) return;
    if (auto e = archive->store_verdicts(batch)) {
      std::cerr << "gibo rescore: " << e->message << "\n";
      ok = false;
    }
    if (auto e = ok && !engine_batch.empty() ? archive->store_engine_verdicts(engine_batch) : std::nullopt) {
      std::cerr << "gibo rescore: " << e->message << "\n";
      ok = false;
    }
    batch.clear();
    engine_batch.clear();
  };
  const auto ids = archive->select_games(where);
  if (!ids) return usage_error("rescore", "--where: " + ids.error().message);
  if (out == Output::Csv) std::cout << csv_header(engine != nullptr);
  std::optional<Error> unread;  // why a stored game could not be read
  std::string lines;
  for (std::int64_t id : *ids) {
    const auto g = archive->stored_game(id);
    if (!g) {
      unread = g.error();
      break;
    }
    const Profile* profile = forced;
    if (!profile) profile = g->saved_rules ? find_profile(*g->saved_rules) : nullptr;
    if (!profile) profile = &fallback;
    const BikjangOption option = adjudication_bikjang(*profile, g->saved_bikjang, g->stored_result, bikjang_fallback);
    Game shell;
    shell.start = g->start;
    Position start;
    if (start_position(shell, legality_rules(*profile, option.on), start)) continue;  // unreadable start: skip
    Rescore r = rescore(*profile, option, start, g->moves, g->plies, g->stored_result);
    if (!g->valid) reject(r, stored_rejection(*archive, *g));
    Row row = make_row(g->file, g->game_index, g->result_text, r);
    if (adjudicator && r.verdict.kind == VerdictKind::Unverifiable) {
      const analysis::EndingPlan plan = adjudicator->plan(r, shell, g->moves, g->plies);
      archive::AnalysisStore::EndingLookup lookup;
      if (!plan.verdict) lookup = store->lookup_ending(plan, g->game_id);
      std::optional<analysis::PositionEval> searched;
      row.engine = adjudicator->judge(plan, r, lookup.stored, &searched);
      store->finish_ending(lookup, plan, g->game_id, searched, *row.engine);
      if (!row.engine->warning.empty())
        std::cerr << g->file << ":" << g->game_index + 1 << ": " << row.engine->warning << "\n";
      ++engine_counts[row.engine->verdict];
      engine_batch.push_back(archive::engine_verdict_row(*row.engine, g->game_id, *profile, margin));
    }
    lines += render(row, out, engine != nullptr);
    if (lines.size() >= (1u << 16)) std::cout << lines, lines.clear();
    archive::VerdictRow v;
    v.game_id = g->game_id;
    v.profile_id = profile->id;
    v.profile_version = profile->version;
    v.verdict = row.verdict;
    v.winner = r.board.ending ? std::string(outcome_name(r.board.ending->winner)) : "none";
    if (r.board.ending) {
      v.reason = std::string(reason_name(r.board.ending->reason));
      v.ply = r.board.ending->ply;
      v.cho_score = r.board.ending->scores.cho;
      v.han_score = r.board.ending->scores.han;
    }
    v.ended_before_last_ply = r.verdict.ended_before_last_ply;
    v.note = row.note;
    ++counts[v.verdict];
    batch.push_back(std::move(v));
    if (batch.size() >= 5000) flush();
    if (!ok) break;
  }
  std::cout << lines;
  flush();
  if (unread || !ok) {
    if (unread) std::cerr << "gibo rescore: " << unread->message << "\n";
    return kExitIo;
  }
  return print_summary(counts, 0, 0, out, 0, engine ? &engine_counts : nullptr);
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

// Re-scores the games of the files `o.paths` name: a line/row/object per game, then the summary.
int rescore_files(const RescoreOptions& o) {
  const Profile& fallback = o.forced ? *o.forced : default_profile();
  const bool bikjang_fallback = o.bikjang_fallback, use_engine = o.use_engine;
  const Output out = o.out;
  const int jobs = o.jobs;
  // Inputs that cannot be read and files that are not game files: in the JSON Lines
  // stream, or (text, CSV) on standard error.
  const Reporter reporter(out == Output::Jsonl ? ReportFormat::Jsonl : ReportFormat::Text);
  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;
  const std::vector<InputFile> files = expand_inputs(o.paths, missing, not_game);
  (out == Output::Jsonl ? std::cout : std::cerr) << reporter.inputs(missing, not_game);
  if (out == Output::Csv) std::cout << csv_header(use_engine);
  std::map<std::string, long> counts, engine_counts;
  std::optional<analysis::EngineAdjudicator> adjudicator;
  if (use_engine) adjudicator.emplace(o.engine, o.margin);
  long io_errors = static_cast<long>(missing.size()), file_errors = 0;
  ordered_parallel<FileResult>(
      files.size(), jobs,
      [&](std::size_t i) {
        FileResult fr;
        ReadOptions ro;
        ro.profile = &fallback;
        ReadInfo info;
        const auto error = read_input_games(files[i].path, ro, info, [&](Game&& g) {
          const Rescore r = rescore_game(g, fallback, bikjang_fallback);
          Row row = make_row(files[i].path, g.source.game_index,
                             g.has_result ? std::optional<std::string>(g.result_text) : std::nullopt, r);
          if (adjudicator && r.verdict.kind == VerdictKind::Unverifiable) {
            std::vector<Move> moves;
            for (int k = 0; k < g.valid_plies && k < static_cast<int>(g.plies.size()); ++k)
              moves.push_back(g.plies[static_cast<std::size_t>(k)].move);
            row.engine = adjudicator->judge(adjudicator->plan(r, g, moves, static_cast<int>(g.plies.size())), r,
                                            std::nullopt);
            ++fr.engine_verdicts[row.engine->verdict];
            if (!row.engine->warning.empty())
              fr.messages.push_back(files[i].path + ":" + std::to_string(g.source.game_index + 1) + ": " +
                                    row.engine->warning);
          }
          ++fr.verdicts[row.verdict];
          fr.output += render(row, out, use_engine);
        });
        if (error) {
          fr.io_error = true;
          fr.output = reporter.unreadable(files[i].path, error->message);
          return fr;
        }
        // The file's own errors are reported as validate reports them, never skipped.
        for (const Diagnostic& d : info.diagnostics)
          fr.has_file_errors |= d.severity == Severity::Error;
        if (fr.has_file_errors) {
          if (out == Output::Jsonl) {
            json::Writer w(fr.file_errors);
            Reporter::begin_file(w, files[i].path);
            Reporter::diagnostics(w, "errors", info.diagnostics, Severity::Error);
            w.end_object();
            fr.file_errors += '\n';
          } else {
            for (const Diagnostic& d : info.diagnostics)
              if (d.severity == Severity::Error) fr.file_errors += Reporter::diagnostic_line(d);
          }
        }
        return fr;
      },
      [&](std::size_t, FileResult&& fr) {
        if (fr.io_error) {
          ++io_errors;
          (out == Output::Jsonl ? std::cout : std::cerr) << fr.output;
          return;
        }
        std::cout << fr.output;
        (out == Output::Jsonl ? std::cout : std::cerr) << fr.file_errors;
        if (fr.has_file_errors) ++file_errors;
        add_counts(counts, fr.verdicts);
        add_counts(engine_counts, fr.engine_verdicts);
        for (const std::string& m : fr.messages) std::cerr << m << "\n";
      });
  return print_summary(counts, io_errors, static_cast<long>(not_game.size()), out, file_errors,
                       use_engine ? &engine_counts : nullptr);
}

}  // namespace

int run_rescore(const std::vector<std::string>& args) {
  RescoreOptions o;
  if (auto rc = parse_rescore(args, o)) return *rc;
  if (o.db.empty()) return rescore_files(o);
  const Profile& fallback = o.forced ? *o.forced : default_profile();
  return rescore_database(o.db, o.forced, fallback, o.bikjang_fallback, o.where, o.out, o.use_engine ? &o.engine : nullptr,
                          o.margin);
}

}  // namespace gibo::cli
