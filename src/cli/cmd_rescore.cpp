// gibo rescore: re-score each game's ending under a rules profile, beside the stored
// historical result (which is never changed). On files: one line per game and a summary.
// On a database (--db): a verdict row per game for the profile, added to the verdicts table.
#include <iostream>
#include <map>

#include "command.h"
#include "counts.h"
#include "gibo/adjudication/rescore.h"
#include "gibo/archive/archive.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/json_writer.h"
#include "report/markup.h"
#include "inputs.h"
#include "options.h"
#include "parallel.h"

namespace gibo::cli {
namespace {

enum class Output { Text, Csv, Jsonl };

// "72", "73.5": half-points as points.
std::string points(int half) { return std::to_string(half / 2) + (half % 2 ? ".5" : ""); }

struct Row {
  std::string file;
  int index = 0;
  std::string stored;
  bool has_stored = false;
  std::string verdict, winner, reason, profile, note;
  int ply = 0, cho = 0, han = 0;
  bool ended_before_last_ply = false;
  bool bikjang_inferred = false;
};

Row make_row(const std::string& file, int index, const Game* game, const Rescore& r) {
  Row row;
  row.file = file;
  row.index = index;
  if (game) row.stored = game->result_text, row.has_stored = game->has_result;
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

std::string render(const Row& r, Output out) {
  switch (out) {
    case Output::Text:
      return r.file + ":" + std::to_string(r.index + 1) + "  stored \"" + r.stored + "\"  " + r.verdict +
             "  computed " + r.winner + (r.reason != "none" ? " by " + r.reason : "") + " at ply " +
             std::to_string(r.ply) + "  Cho " + points(r.cho) + " Han " + points(r.han) +
             (r.ended_before_last_ply ? "  (the record plays on)" : "") + "\n";
    case Output::Csv:
      return csv_field(r.file) + "," + std::to_string(r.index) + "," + csv_field(r.stored) + "," + r.verdict + "," +
             r.winner + "," + r.reason + "," + std::to_string(r.ply) + "," + std::to_string(r.cho) + "," +
             std::to_string(r.han) + "," + r.profile + "," + (r.ended_before_last_ply ? "true" : "false") + "," +
             csv_field(r.note) + "\n";
    case Output::Jsonl: {
      std::string s;
      json::Writer w(s);
      w.begin_object()
          .field("type", "game")
          .field("file", r.file)
          .field("index", r.index)
          .key("stored");
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
          .field("note", r.note)
          .end_object();
      return s + "\n";
    }
  }
  return "";
}

struct FileResult {
  std::string output;
  std::map<std::string, long> verdicts;
  bool io_error = false;
};

int print_summary(const std::map<std::string, long>& verdicts, long io_errors, Output out) {
  long games = 0;
  for (const auto& [k, v] : verdicts) games += v;
  if (out == Output::Jsonl) {
    std::string s;
    json::Writer w(s);
    w.begin_object().field("type", "summary").field("games", static_cast<std::int64_t>(games));
    write_counts(w, "verdicts", verdicts);
    w.field("io_errors", static_cast<std::int64_t>(io_errors)).end_object();
    std::cout << s << "\n";
  } else if (out == Output::Text) {
    std::cout << "summary: " << games << " games";
    for (const char* k : {"agrees", "disagrees", "unverifiable", "indeterminate", "no-result"}) {
      auto it = verdicts.find(k);
      std::cout << ", " << (it == verdicts.end() ? 0 : it->second) << " " << k;
    }
    if (io_errors) std::cout << ", " << io_errors << " unreadable";
    std::cout << "\n";
  }
  if (io_errors) return kExitIo;
  auto d = verdicts.find("disagrees");
  return d != verdicts.end() && d->second > 0 ? kExitFindings : kExitOk;
}

int rescore_database(const std::string& db, const Profile* forced, const Profile& fallback, bool bikjang_fallback,
                     const std::string& where, Output out) {
  const auto opened = archive::Archive::open(db, archive::OpenMode::ReadWrite);
  if (!opened) {
    std::cerr << "gibo rescore: " << opened.error().message << "\n";
    return kExitIo;
  }
  archive::Archive* archive = opened->get();
  std::map<std::string, long> counts;
  std::vector<archive::VerdictRow> batch;
  bool ok = true;
  auto flush = [&] {
    if (batch.empty()) return;
    if (auto e = archive->store_verdicts(batch)) {
      std::cerr << "gibo rescore: " << e->message << "\n";
      ok = false;
    }
    batch.clear();
  };
  const auto ids = archive->select_games(where);
  if (!ids) return usage_error("rescore", "--where: " + ids.error().message);
  std::optional<Error> unread;  // why a stored game could not be read
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
    const Rescore r = rescore(*profile, option, start, g->moves, g->plies, g->stored_result);
    archive::VerdictRow v;
    v.game_id = g->game_id;
    v.profile_id = profile->id;
    v.profile_version = profile->version;
    v.verdict = std::string(verdict_name(r.verdict.kind));
    v.winner = r.board.ending ? std::string(outcome_name(r.board.ending->winner)) : "none";
    if (r.board.ending) {
      v.reason = std::string(reason_name(r.board.ending->reason));
      v.ply = r.board.ending->ply;
      v.cho_score = r.board.ending->scores.cho;
      v.han_score = r.board.ending->scores.han;
    }
    v.ended_before_last_ply = r.verdict.ended_before_last_ply;
    v.note = verdict_note(r.verdict, r.bikjang_inferred);
    ++counts[v.verdict];
    batch.push_back(std::move(v));
    if (batch.size() >= 5000) flush();
    if (!ok) break;
  }
  flush();
  if (unread || !ok) {
    if (unread) std::cerr << "gibo rescore: " << unread->message << "\n";
    return kExitIo;
  }
  return print_summary(counts, 0, out == Output::Csv ? Output::Text : out);
}

}  // namespace

int run_rescore(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo rescore (PATHS... | --db FILE [--where EXPR]) [--rules ID] [--bikjang on|off] "
      "[--format text|csv|jsonl] [--jobs N]";
  po::options_description opts("options");
  std::string rules_id, bikjang = "off", format = "text", db, where;
  int jobs = 1;
  std::vector<std::string> paths;
  opts.add_options()("rules", po::value(&rules_id),
                     "profile for records that name none (files), or for every game (--db); default janggi-gg")(
      "bikjang", po::value(&bikjang), "bikjang option (janggi-gg) for records that state none: on or off")(
      "format", po::value(&format), "text, csv or jsonl")("jobs,j", po::value(&jobs), "worker threads for files")(
      "db", po::value(&db), "re-score the games of a gibo database and store the verdicts")(
      "where", po::value(&where), "with --db: an SQL expression over the facts of each game, as for gibo stats");
  po::variables_map vm;
  if (auto rc =
          parse_command_line_with_paths("rescore", synopsis, args, opts, paths, "files, directories, or - for stdin", vm))
    return *rc;

  const Profile* forced = nullptr;
  if (!rules_id.empty()) {
    forced = profile_or_usage("rescore", rules_id);
    if (!forced) return kExitUsage;
  }
  const Profile& fallback = forced ? *forced : default_profile();
  if (bikjang != "on" && bikjang != "off") return usage_error("rescore", "--bikjang must be on or off");
  const bool bikjang_fallback = bikjang == "on";
  Output out;
  if (format == "text") out = Output::Text;
  else if (format == "csv") out = Output::Csv;
  else if (format == "jsonl") out = Output::Jsonl;
  else return usage_error("rescore", "--format must be text, csv or jsonl");
  if (const auto e = jobs_error(jobs)) return usage_error("rescore", *e);
  if (!db.empty()) {
    if (!paths.empty()) return usage_error("rescore", "give PATHS or --db, not both");
    return rescore_database(db, forced, fallback, bikjang_fallback, where, out);
  }
  if (!where.empty()) return usage_error("rescore", "--where needs --db");
  if (paths.empty()) return no_input_error("rescore", synopsis);

  std::vector<InputError> missing;
  const std::vector<InputFile> files = expand_inputs(paths, missing);
  for (const InputError& m : missing) std::cerr << m.text() << "\n";
  if (out == Output::Csv)
    std::cout << "file,index,stored,verdict,winner,reason,ply,cho_half_points,han_half_points,profile,"
                 "ended_before_last_ply,note\n";
  std::map<std::string, long> counts;
  long io_errors = static_cast<long>(missing.size());
  ordered_parallel<FileResult>(
      files.size(), jobs,
      [&](std::size_t i) {
        FileResult fr;
        ReadOptions ro;
        ro.profile = &fallback;
        ReadInfo info;
        const auto error = read_input_games(files[i].path, ro, info, [&](Game&& g) {
          const Rescore r = rescore_game(g, fallback, bikjang_fallback);
          const Row row = make_row(files[i].path, g.source.game_index, &g, r);
          ++fr.verdicts[row.verdict];
          fr.output += render(row, out);
        });
        if (error) {
          fr.io_error = true;
          fr.output = InputError{files[i].path, error->message}.text() + "\n";
        }
        return fr;
      },
      [&](std::size_t, FileResult&& fr) {
        if (fr.io_error) {
          ++io_errors;
          std::cerr << fr.output;
          return;
        }
        std::cout << fr.output;
        add_counts(counts, fr.verdicts);
      });
  return print_summary(counts, io_errors, out);
}

}  // namespace gibo::cli
