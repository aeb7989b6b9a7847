// analyze's JSON Lines: written per ply and per game, read back as a game's evaluations.
#include "gibo/analysis/analysis_jsonl.h"

#include "gibo/formats/json_value.h"
#include "gibo/formats/json_writer.h"

namespace gibo::analysis {
namespace {

const char* side_name(Side s) { return s == Side::Cho ? "cho" : "han"; }

void write_score(json::Writer& w, const Score& s) {
  w.begin_object();
  if (s.mate) {
    w.field("mate", s.winner == Side::Cho ? s.mate_moves : -s.mate_moves).field("winner", side_name(s.winner));
  } else {
    w.field("cp", s.cp);
  }
  w.end_object();
}

void write_side(json::Writer& w, const SideSummary& s) {
  w.begin_object()
      .field("moves", s.moves)
      .field("average_loss", s.average_loss)
      .field("accuracy", s.accuracy)
      .field("inaccuracies", s.counts[1])
      .field("mistakes", s.counts[2])
      .field("blunders", s.counts[3])
      .field("largest_swing", s.largest_swing)
      .field("largest_swing_ply", s.largest_swing_ply)
      .end_object();
}

// A score object as write_score writes it; nullopt if it is not one.
std::optional<Score> read_score(const json::Value* v) {
  if (!v || !v->is_object()) return std::nullopt;
  Score s;
  if (const json::Value* cp = v->find("cp")) {
    if (!cp->as_int()) return std::nullopt;
    s.cp = static_cast<int>(cp->as_int().value_or(0));
    return s;
  }
  const json::Value* mate = v->find("mate");
  if (!mate || !mate->as_int()) return std::nullopt;
  const std::int64_t n = mate->as_int().value_or(0);
  s.mate = true;
  s.winner = n >= 0 ? Side::Cho : Side::Han;
  if (const json::Value* w = v->find("winner"); w && w->is_string()) s.winner = w->as_string() == "han" ? Side::Han : Side::Cho;
  s.mate_moves = static_cast<int>(n < 0 ? -n : n);
  return s;
}

}  // namespace

Evaluations evaluations(const GameAnalysis& a) {
  Evaluations out;
  out.reserve(a.positions.size());
  for (const PositionEval& p : a.positions) out.push_back(p.ok ? std::optional<Score>(p.result.score) : std::nullopt);
  return out;
}

std::string analysis_jsonl(const std::string& ref, const GameAnalysis& a, const std::string& engine, const Limit& limit) {
  std::string s;
  for (const PlyAnalysis& p : a.plies) {
    std::string line;
    json::Writer w(line);
    w.begin_object().field("type", "ply").field("game", ref).field("ply", p.ply).field("side", side_name(p.mover))
        .field("move", p.played).field("judged", p.judged);
    if (p.judged) {
      w.key("eval_before");
      write_score(w, p.before);
      w.key("eval_after");
      write_score(w, p.after);
      w.field("best", p.best).key("pv").begin_array();
      for (const std::string& m : p.pv) w.value(m);
      w.end_array().field("depth", p.depth).field("loss_cp", p.loss_cp).field("win_drop", p.drop)
          .field("class", class_name(p.judgement));
    }
    w.end_object();
    s += line + "\n";
  }
  std::string line;
  json::Writer w(line);
  w.begin_object().field("type", "game").field("game", ref).field("engine", engine).field("limit", limit.text());
  if (!a.warnings.empty()) {  // the per-game detail of what analyze says once per cause on standard error
    w.key("warnings").begin_array();
    for (const AnalysisWarning& x : a.warnings) {
      w.begin_object().key("ply");
      if (x.ply >= 0) w.value(x.ply);
      else w.null();
      w.field("cause", x.cause).field("detail", x.detail).end_object();
    }
    w.end_array();
  }
  if (!a.error.empty()) {
    w.field("error", a.error).end_object();
    return s + line + "\n";
  }
  w.field("variant", a.variant).field("plies", static_cast<int>(a.plies.size()))
      .field("failed_positions", a.failed_positions).key("cho");
  write_side(w, a.sides[0]);
  w.key("han");
  write_side(w, a.sides[1]);
  w.end_object();
  return s + line + "\n";
}

Expected<std::vector<GameEvaluations>> read_analysis_jsonl(std::string_view text) {
  std::vector<GameEvaluations> games;
  std::size_t at = 0;
  for (int number = 1; at < text.size(); ++number) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const auto v = json::parse(line);
    if (!v) return Error{"line " + std::to_string(number) + ": not JSON: " + v.error().message};
    const json::Value* type = v->find("type");
    if (!type || type->as_string() != "ply") continue;
    const json::Value* game = v->find("game");
    const json::Value* ply = v->find("ply");
    const std::int64_t k = ply ? ply->as_int().value_or(0) : 0;
    if (!game || !game->is_string() || k < 1 || k > 100000)
      return Error{"line " + std::to_string(number) + ": a ply line needs \"game\" and \"ply\" (from 1)"};
    if (games.empty() || games.back().game != game->as_string()) games.push_back({game->as_string(), {}});
    Evaluations& e = games.back().evaluations;
    const std::size_t after = static_cast<std::size_t>(k);
    if (e.size() < after + 1) e.resize(after + 1);
    if (auto b = read_score(v->find("eval_before")); b && !e[after - 1]) e[after - 1] = b;
    if (auto a = read_score(v->find("eval_after"))) e[after] = a;
  }
  return games;
}

}  // namespace gibo::analysis
