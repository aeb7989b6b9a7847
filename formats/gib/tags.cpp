// The tags with a meaning of a .gib game (game_parts.h; formats/gib/README.md "Tags with
// a meaning"): 초차림/한차림 (초포진/한포진) the setups, [판] a position, 대국결과 the
// result text, 규칙 the rule set, 빅장 the bikjang option, 총수 the plies announced.
// A value that does not read is a diagnostic (`bad-setup`, `bad-position`,
// `bad-tag-value`, `ply-count-mismatch`, `missing-setup`), never dropped silently.
#include <charconv>

#include "gibo/formats/gib.h"
#include "game_parts.h"

namespace gibo::gib {
namespace {

using namespace std::string_view_literals;

// 총수: a warning when it is no number, or (the plies read whole) not the plies read.
void check_ply_count(Game& g, const std::string& value, int line, bool plies_ended, const std::string& file) {
  int stated = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), stated);
  if (ec != std::errc() || ptr != value.data() + value.size()) {
    add_game_diagnostic(g, file, "bad-tag-value", Severity::Warning, line, 1, 0, value, "총수 is not a number");
    return;
  }
  const int plies = static_cast<int>(g.plies.size());
  if (stated == plies || plies_ended) return;
  int passes = 0;
  for (const RecordedPly& p : g.plies) passes += p.pass;
  std::string why = stated == plies - passes ? " (it matches the plies without the passes)" : "";
  add_game_diagnostic(g, file, "ply-count-mismatch", Severity::Warning, line, 1, 0, value,
                      "총수 says " + std::to_string(stated) + " plies, the record has " + std::to_string(plies) + why);
}

// The start: the [판] position when there is one, else the setups (missing ones stated).
void read_start(Game& g, const std::string* pan, int pan_line, const std::optional<Setup> (&setups)[2],
                const std::string& file) {
  if (pan) {
    if (auto fen = pan_to_fen(*pan)) {
      g.start.custom = true;
      g.start.fen = *fen;
      g.start.first_to_move = fen->find(" b ") != std::string::npos ? Side::Han : Side::Cho;
    } else {
      add_game_diagnostic(g, file, "bad-position", Severity::Error, pan_line, 1, 0, *pan, fen.error().message);
    }
    return;
  }
  const auto& [cho, han] = setups;
  if (cho) g.start.cho = *cho;
  if (han) g.start.han = *han;
  g.start.cho_setup_stated = cho.has_value();
  g.start.han_setup_stated = han.has_value();
  if (!cho || !han)
    add_game_diagnostic(g, file, "missing-setup", Severity::Warning, g.source.line, 1, 0, "",
                        "no 초차림/한차림 tag for both sides; the missing setup is inferred from the moves");
}

}  // namespace

void read_tags_with_meaning(Game& g, const std::vector<int>& tag_lines, bool plies_ended, const std::string& file) {
  std::optional<Setup> setups[2];  // Cho's, Han's
  const std::string* pan = nullptr;
  int pan_line = 0;
  for (std::size_t k = 0; k < g.tags.size(); ++k) {
    const Tag& t = g.tags[k];
    const int line = tag_lines[k];
    const std::string_view name = t.name;
    if (name == "초차림"sv || name == "초포진"sv || name == "한차림"sv || name == "한포진"sv) {
      const bool is_cho = t.name[0] == "초"[0] && t.name.substr(0, 3) == "초";
      auto s = parse_gib_setup(t.value);
      if (!s) {
        add_game_diagnostic(g, file, "bad-setup", Severity::Error, line, 1, 0, t.value,
                            "setup must be one of 마상상마 상마마상 마상마상 상마상마");
        continue;
      }
      setups[is_cho ? 0 : 1] = s;
    } else if (name == "판"sv) {
      pan = &t.value;
      pan_line = line;
    } else if (name == "대국결과"sv) {
      g.result_text = t.value;
      g.has_result = true;
    } else if (name == "규칙"sv) {
      g.saved_profile_id = t.value;
    } else if (name == "빅장"sv) {
      const std::string& v = t.value;
      if (v == "on" || v == "켬" || v == "사용" || v == "있음") g.saved_bikjang_option = true;
      else if (v == "off" || v == "끔" || v == "미사용" || v == "없음") g.saved_bikjang_option = false;
      else add_game_diagnostic(g, file, "bad-tag-value", Severity::Warning, line, 1, 0, v, "bikjang option is not on/off; ignored");
    } else if (name == "총수"sv) {
      check_ply_count(g, t.value, line, plies_ended, file);
    }
  }
  read_start(g, pan, pan_line, setups, file);
}

}  // namespace gibo::gib
