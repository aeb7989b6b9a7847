// rescore --engine's verdicts in words, CSV fields and JSON.
#include "rescore_engine.h"

#include <cstdio>

#include "report/markup.h"
#include "gibo/analysis/pawns_text.h"

namespace gibo::cli {
namespace {

using namespace gibo::analysis;

std::string eval_words(const Score& s) {
  if (s.mate) return std::string("mate in ") + std::to_string(s.mate_moves) + " for " + (s.winner == Side::Cho ? "Cho" : "Han");
  return pawns_text(s.cp) + " for Cho";
}

}  // namespace

std::string engine_verdict_words(const EngineVerdictResult& v) {
  std::string s = "; ";
  s.append(engine_verdict_name(v.kind)).append(" (");
  if (v.score) s += eval_words(*v.score) + " at depth " + std::to_string(v.depth) + ", " + v.engine + ": ";
  return s + v.note + ")";
}

const char* const kEngineCsvColumns = ",engine_verdict,engine_cp,engine_mate,engine_depth,engine,engine_note";

std::string engine_csv_fields(const std::optional<EngineVerdictResult>& v) {
  if (!v) return ",,,,,,";
  std::string cp, mate;
  if (v->score && v->score->mate) mate = std::to_string(v->score->winner == Side::Cho ? v->score->mate_moves : -v->score->mate_moves);
  else if (v->score) cp = std::to_string(v->score->cp);
  std::string out = ",";
  out.append(engine_verdict_name(v->kind));
  return out + "," + cp + "," + mate + "," + (v->score ? std::to_string(v->depth) : "") + "," +
         csv_field(v->engine) + "," + csv_field(v->note);
}

void write_engine_json(json::Writer& w, const EngineVerdictResult& v) {
  w.key("engine").begin_object().field("verdict", engine_verdict_name(v.kind)).key("eval");
  if (!v.score) {
    w.null();
  } else {
    w.begin_object();
    if (v.score->mate)
      w.field("mate", v.score->winner == Side::Cho ? v.score->mate_moves : -v.score->mate_moves)
          .field("winner", v.score->winner == Side::Cho ? "cho" : "han");
    else
      w.field("cp", v.score->cp);
    w.end_object();
  }
  w.field("depth", v.depth).field("ply", v.ply).field("engine", v.engine).field("note", v.note).field("reused", v.reused);
  w.end_object();
}

}  // namespace gibo::cli
