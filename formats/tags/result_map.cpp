// Results across formats: PGN tokens <-> normalised results <-> .gib result text.
#include "gibo/formats/gib.h"
#include "gibo/formats/tag_map.h"

namespace gibo {

bool is_pgn_result_token(std::string_view text) {
  return text == "1-0" || text == "0-1" || text == "1/2-1/2" || text == "*";
}

NormalizedResult normalize_result(std::string_view text) {
  if (!is_pgn_result_token(text)) return normalize_gib_result(text);
  NormalizedResult r;
  r.recognised = true;
  if (text == "1-0") r.winner = Winner::Cho;
  else if (text == "0-1") r.winner = Winner::Han;
  else if (text == "1/2-1/2") r.winner = Winner::Draw;
  if (r.winner != Winner::Unknown) r.method = ResultMethod::Unspecified;
  return r;
}

std::string_view pgn_result_token(const NormalizedResult& result) {
  switch (result.winner) {
    case Winner::Cho: return "1-0";
    case Winner::Han: return "0-1";
    case Winner::Draw: return "1/2-1/2";
    default: return "*";
  }
}

std::string pgn_result_of(const Game& game) {
  if (!game.has_result) return "*";
  if (is_pgn_result_token(game.result_text)) return game.result_text;
  return std::string(pgn_result_token(normalize_result(game.result_text)));
}

std::string_view gib_result_for_token(std::string_view token) {
  if (token == "1-0") return "초승";
  if (token == "0-1") return "한승";
  if (token == "1/2-1/2") return "무승부";
  return "";
}

}  // namespace gibo
