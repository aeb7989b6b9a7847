// Engine analyses as text in the run's language (gibo analyze's text output): one game's
// summary, and the state of an archive's analysis queue (analyze --status). The JSON Lines
// form is the analysis layer's (analysis_jsonl.h).
#pragma once

#include <string>

#include "gibo/analysis/analysis_tally.h"
#include "gibo/analysis/game_analysis.h"
#include "gibo/analysis/uci_engine.h"
#include "gibo/archive/analysis_worker.h"
#include "gibo/archive/archive.h"

namespace gibo {

// A game's lines: "REF  variant V  engine E  LIMIT  plies N", its final evaluation and each
// side's moves, accuracy, average loss, classes and largest swing; "REF  error: …" for a
// game that could not be analysed.
std::string analysis_text(const std::string& ref, const analysis::GameAnalysis& a, const std::string& engine,
                          const analysis::Limit& limit);

// A run's summary: the causes of the failed games and positions ("  3 games failed: …"),
// then "summary: N games analysed, …" (with `archive`, how many were taken from it).
std::string analysis_summary_text(const analysis::AnalysisTally& t, bool archive);

// What a run over an archive says when `from_archive` of its `games` were analysed already
// under its request (`engine`, `limit`): all ("nothing was searched") or some; "" for none.
std::string already_analysed_text(const std::string& archive_name, long from_archive, long games,
                                  const std::string& engine, const analysis::Limit& limit);

// A queue worker's lines: that nothing is queued for its engine and limit, and its summary
// ("worker HOST:PID: N games queued, …").
std::string nothing_queued_text(const std::string& archive_name, const std::string& engine, const analysis::Limit& limit);
std::string queue_worker_text(const archive::QueueWorkerSummary& s);

// The analysis queue of the archive named `archive_name`: its requests with their games by
// state, the leases, the failures and the workers.
std::string queue_status_text(const std::string& archive_name, const archive::Archive::QueueStatus& st);

// "12.3": a number to one decimal, as the analysis texts give rates, accuracies and losses.
std::string one_decimal(double d);

}  // namespace gibo
