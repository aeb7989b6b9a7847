// gibo rescore's lines, CSV rows, JSON Lines objects and summary.
#include "rescore_output.h"

#include <iostream>

#include "command.h"
#include "counts.h"
#include "gibo/formats/json_writer.h"
#include "gibo/report/i18n.h"
#include "report/markup.h"
#include "reporter.h"
#include "rescore_engine.h"
#include "gibo/record/first_error.h"

namespace gibo::cli {
namespace {

using analysis::EngineVerdictKind;

// A game's ending as the output shows it: its winner, reason, ply and scores ("none" and
// the final ones when the game has no ending).
struct EndingFields {
  std::string winner = "none", reason = "none";
  int ply = 0, cho = 0, han = 0;
  explicit EndingFields(const Rescore& r) : ply(r.board.plies), cho(r.board.final_scores.cho), han(r.board.final_scores.han) {
    if (!r.board.ending) return;
    winner = std::string(outcome_name(r.board.ending->winner));
    reason = std::string(reason_name(r.board.ending->reason));
    ply = r.board.ending->ply;
    cho = r.board.ending->scores.cho;
    han = r.board.ending->scores.han;
  }
};

std::string csv_row(const archive::RescoredGame& g, bool engine) {
  const Rescore& r = g.r;
  const EndingFields e(r);
  const std::string error_code = r.rejection ? r.rejection->code : "";
  return csv_field(g.file) + "," + std::to_string(g.index) + "," + csv_field(g.stored.value_or("")) + "," +
         std::string(verdict_name(r.verdict.kind)) + "," + e.winner + "," + e.reason + "," + std::to_string(e.ply) + "," +
         std::to_string(e.cho) + "," + std::to_string(e.han) + "," + r.profile->id + "," +
         (r.verdict.ended_before_last_ply ? "true" : "false") + "," +
         csv_field(verdict_note(r.verdict, r.bikjang_inferred)) + "," + error_code + "," +
         (error_code.empty() ? "" : std::to_string(r.rejection->ply)) +
         (engine ? engine_csv_fields(g.engine) : std::string()) + "\n";
}

std::string json_object(const archive::RescoredGame& g, const std::string& words) {
  const Rescore& r = g.r;
  const EndingFields e(r);
  std::string s;
  json::Writer w(s);
  Reporter::begin_game(w, "game", g.file, g.index).key("stored");
  if (g.stored) w.value(*g.stored);
  else w.null();
  w.field("verdict", verdict_name(r.verdict.kind))
      .field("winner", e.winner)
      .field("reason", e.reason)
      .field("ply", e.ply)
      .field("cho_half_points", e.cho)
      .field("han_half_points", e.han)
      .field("profile", r.profile->id)
      .field("ended_before_last_ply", r.verdict.ended_before_last_ply)
      .field("bikjang_inferred", r.bikjang_inferred)
      .field("note", verdict_note(r.verdict, r.bikjang_inferred));
  if (r.rejection) w.field("error_code", r.rejection->code).field("error_ply", r.rejection->ply);
  if (g.engine) write_engine_json(w, *g.engine);
  w.field("text", words).end_object();
  return s + "\n";
}

void print_summary_text(const archive::RescoreCounts& c, long io_errors, long not_game_files, long file_errors,
                        bool engine) {
  if (engine)  // the causes first: the summary stays the last line
    for (const auto& [cause, n] : c.unclear)
      std::cout << "  " << i18n::format("{1} engine-unclear: {2}", {i18n::number(n), cause}) << "\n";
  // In the run's language (i18n.h): "summary: 2 games, 1 agrees, ..." / "요약: 대국 2, 맞음 1, ...".
  std::cout << i18n::format("summary: {1} games", {i18n::number(c.games())});
  for (VerdictKind k : {VerdictKind::Agrees, VerdictKind::Disagrees, VerdictKind::Unverifiable,
                        VerdictKind::Indeterminate, VerdictKind::NoResult, VerdictKind::Invalid})
    std::cout << ", " << i18n::format("{1} {2}", {i18n::number(c.verdict(k)), i18n::translate(std::string(verdict_name(k)).c_str())});
  if (engine)
    for (EngineVerdictKind k : {EngineVerdictKind::Supports, EngineVerdictKind::Contradicts, EngineVerdictKind::Unclear})
      std::cout << ", " << c.engine_verdict(k) << " " << analysis::engine_verdict_name(k);
  if (file_errors)
    std::cout << ", "
              << (file_errors == 1 ? i18n::translate("1 file with errors")
                                   : i18n::format("{1} files with errors", {i18n::number(file_errors)}));
  std::cout << Reporter::input_counts_text(io_errors, not_game_files) << "\n";
}

}  // namespace

std::string rescore_csv_header(bool engine) {
  return std::string(
             "file,index,stored,verdict,winner,reason,ply,cho_half_points,han_half_points,profile,ended_before_last_ply,"
             "note,error_code,error_ply") +
         (engine ? kEngineCsvColumns : "") + "\n";
}

std::string render_rescored(const archive::RescoredGame& g, RescoreFormat out, bool engine) {
  if (out == RescoreFormat::Csv) return csv_row(g, engine);
  const std::string words =
      verdict_text(g.r, g.stored.value_or("")) + (g.engine ? engine_verdict_words(*g.engine) : std::string());
  if (out == RescoreFormat::Jsonl) return json_object(g, words);
  return g.ref() + ": " + i18n::message(words) + "\n";
}

std::string rescore_file_errors(const std::string& path, const ReadInfo& info, RescoreFormat out) {
  std::string text;
  if (!first_error(info.diagnostics)) return text;
  if (out == RescoreFormat::Jsonl) {
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

int print_rescore_summary(const archive::RescoreCounts& c, long io_errors, long not_game_files, RescoreFormat out,
                          long file_errors, bool engine) {
  if (out == RescoreFormat::Jsonl) {
    std::string s;
    json::Writer w(s);
    w.begin_object().field("type", "summary").field("games", static_cast<std::int64_t>(c.games()));
    write_counts(w, "verdicts", c.verdicts);
    if (engine) write_counts(w, "engine_verdicts", c.engine), write_counts(w, "engine_unclear_causes", c.unclear);
    w.field("io_errors", static_cast<std::int64_t>(io_errors));
    w.field("file_errors", static_cast<std::int64_t>(file_errors));
    Reporter::input_counts(w, io_errors, not_game_files);
    w.end_object();
    std::cout << s << "\n";
  } else if (out == RescoreFormat::Text) {
    print_summary_text(c, io_errors, not_game_files, file_errors, engine);
  }
  if (io_errors) return kExitIo;
  if (file_errors || c.findings()) return kExitFindings;
  return kExitOk;
}

}  // namespace gibo::cli
