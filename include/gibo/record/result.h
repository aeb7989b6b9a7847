// The normalised form of a stored result (formats/gib/README.md "Results"): who won,
// how, and by how much. Derived from the stored text, which itself is never changed.
#pragma once

#include <optional>
#include <string_view>

#include "gibo/core/types.h"

namespace gibo {

enum class Winner { Cho, Han, Draw, Void, Unknown };
enum class ResultMethod {
  Unspecified,   // "승", "승리": a win, no method named
  Outright,      // 완승: mate or resignation
  Checkmate,     // 외통수, 장군승
  Resignation,   // 기권, 불계
  Time,          // 시간
  Points,        // 점수승, N.5점 승
  Bikjang,       // 빅승, 무승부(빅장)
  Forfeit,       // 실격
  Disconnection, // 접속 끊김
  Agreement,     // 무승부(동의)
  Automatic,     // 무승부(자동)
  None,          // void / unknown
};

struct NormalizedResult {
  Winner winner = Winner::Unknown;
  ResultMethod method = ResultMethod::None;
  std::optional<int> margin_half_points;  // "2.5점" -> 5
  bool recognised = false;                // false: the text did not parse; winner Unknown
  bool operator==(const NormalizedResult&) const = default;
};

std::string_view winner_name(Winner w);          // "cho", "han", "draw", "void", "unknown"
std::string_view method_name(ResultMethod m);    // "outright", "resignation", ...
// The inverses of winner_name and method_name (as the archive stores them); Unknown and
// None for any other text.
Winner winner_from_name(std::string_view name);
ResultMethod method_from_name(std::string_view name);

}  // namespace gibo
