// How rescore's text, CSV and JSON Lines show an engine verdict (rescore --engine; the
// verdict itself is analysis::EngineAdjudicator's).
#pragma once

#include <optional>
#include <string>

#include "gibo/analysis/engine_adjudicator.h"
#include "gibo/formats/json_writer.h"

namespace gibo::cli {

using analysis::EngineVerdictResult;

// The engine verdict in words, appended to rescore's text line: "; engine-supports
// (+3.50 for Cho at depth 8, Fairy-Stockfish 11.1 LB 64: the stored winner is ahead by
// the margin or more)".
std::string engine_verdict_words(const EngineVerdictResult& v);
// rescore --engine's CSV columns after the others (",engine_verdict,engine_eval,...") and
// a row's fields (empty for a game without an engine verdict).
extern const char* const kEngineCsvColumns;
std::string engine_csv_fields(const std::optional<EngineVerdictResult>& v);
// The JSON Lines field "engine": {"verdict", "eval" ({"cp"} or {"mate","winner"}, null
// without one), "depth", "ply", "engine", "note", "reused"}.
void write_engine_json(json::Writer& w, const EngineVerdictResult& v);
}  // namespace gibo::cli
