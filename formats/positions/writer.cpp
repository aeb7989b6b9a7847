// The positions writers (gibo/formats/positions.h; README.md): JSON Lines and
// variant-nnue-tools' plain text.
#include "gibo/formats/json_writer.h"
#include "gibo/formats/positions.h"

namespace gibo {

namespace {

void write_player(json::Writer& w, const char* key, const PositionPlayer& p) {
  w.key(key).begin_object();
  if (p.identity.empty()) w.key("identity").null();
  else w.field("identity", p.identity);
  if (p.rating) w.field("rating", *p.rating);
  else w.key("rating").null();
  w.end_object();
}

void write_score(json::Writer& w, const PositionScore& s) {
  w.key("eval").begin_object();
  if (s.mate) w.field("mate", s.mate_moves);
  else w.field("cp", s.cp);
  w.field("depth", s.depth);
  if (s.best.empty()) w.key("best").null();
  else w.field("best", s.best);
  w.key("line").begin_array();
  for (const std::string& m : s.line) w.value(m);
  w.end_array();
  w.field("engine", s.engine).end_object();
}

}  // namespace

void write_position_jsonl(std::string& out, const TrainingPosition& p) {
  json::Writer w(out);
  w.begin_object().field("fen", p.fen);
  if (p.move.empty()) w.key("move").null();
  else w.field("move", p.move);
  w.field("ply", p.ply).field("to_move", p.to_move == Side::Cho ? "cho" : "han").field("check", p.in_check);
  if (p.score) write_score(w, *p.score);
  else w.key("eval").null();
  if (p.result) w.field("result", *p.result);
  else w.key("result").null();
  if (p.method.empty()) w.key("method").null();
  else w.field("method", p.method);
  w.field("profile", p.profile).field("variant", p.variant).field("game", p.game).field("game_id", p.game_id);
  write_player(w, "cho", p.cho);
  write_player(w, "han", p.han);
  if (p.opening.empty()) w.key("opening").null();
  else w.field("opening", p.opening);
  w.end_object();
  out += '\n';
}

void write_position_plain(std::string& out, const TrainingPosition& p) {
  const PositionScore& s = *p.score;
  const int mate_plies = s.mate_moves > 0 ? 2 * s.mate_moves - 1 : -2 * s.mate_moves;
  const int score = !s.mate ? s.cp : s.mate_moves > 0 ? kPlainMate - mate_plies : -(kPlainMate - mate_plies);
  out += "fen " + p.fen + "\nmove " + p.move + "\nscore " + std::to_string(score) + "\nply " + std::to_string(p.ply) +
         "\nresult " + std::to_string(*p.result) + "\ne\n";
}

}  // namespace gibo
