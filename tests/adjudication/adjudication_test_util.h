// Helpers for the adjudication tests: UCI move lists, replay under a profile, and an
// assertion on an ending.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/adjudication/ending.h"
#include "gibo/core/position.h"
#include "gibo/core/rules.h"

namespace gibo::test {

// "b1c3", "a10a9", a pass "e2e2". Contract: well-formed.
inline Move uci_move(std::string_view s) {
  std::size_t i = 1;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  return Move(parse_square(s.substr(0, i)), parse_square(s.substr(i)));
}

// Space-separated UCI moves.
inline std::vector<Move> uci_moves(std::string_view text) {
  std::vector<Move> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) out.push_back(uci_move(text.substr(i, j - i)));
    i = j;
  }
  return out;
}

// `text` repeated `n` times.
inline std::string repeat(std::string_view text, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += text;
  return out;
}

inline const Profile& profile(std::string_view id) {
  const Profile* p = find_profile(id);
  EXPECT_NE(p, nullptr) << id;
  return p ? *p : default_profile();
}

// The position of `fen` (the start position if empty).
inline Position start_from(std::string_view fen) {
  Position pos;
  if (fen.empty()) return pos;
  const std::optional<Error> err = pos.set_fen(fen);
  EXPECT_FALSE(err.has_value()) << fen << ": " << (err ? err->message : "");
  return pos;
}

// Replays UCI `moves` under the profile; every move must be pseudo-legal.
inline EndingTracker replay(std::string_view profile_id, std::string_view fen, std::string_view moves,
                            bool bikjang_option = false) {
  EndingTracker t(profile(profile_id), bikjang_option, start_from(fen));
  for (Move m : uci_moves(moves)) EXPECT_TRUE(t.play(m)) << "move " << uci(m) << " as ply " << t.ply() + 1;
  return t;
}

// The legal moves of `pos` under a profile, as sorted UCI strings.
inline std::vector<std::string> legal_uci(const Position& pos, std::string_view profile_id, bool bikjang_option = false) {
  Position p = pos;
  p.set_rules(legality_rules(profile(profile_id), bikjang_option));
  MoveList list;
  p.legal_moves(list, false);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

// Does `e` exist with this winner, reason and ply?
inline ::testing::AssertionResult Ends(const std::optional<GameEnding>& e, Outcome winner, EndReason reason, int ply) {
  if (!e) return ::testing::AssertionFailure() << "no ending";
  if (e->winner != winner || e->reason != reason || e->ply != ply)
    return ::testing::AssertionFailure() << "got " << outcome_name(e->winner) << " by " << reason_name(e->reason)
                                         << " at ply " << e->ply << " (flag '" << e->unknown_flag << "')";
  return ::testing::AssertionSuccess();
}

// Does `e` hold these half-point scores?
inline ::testing::AssertionResult Scored(const std::optional<GameEnding>& e, int cho, int han) {
  if (!e) return ::testing::AssertionFailure() << "no ending";
  if (e->scores.cho != cho || e->scores.han != han)
    return ::testing::AssertionFailure() << "scores " << e->scores.cho << " vs " << e->scores.han;
  return ::testing::AssertionSuccess();
}

// Does `e` exist with this winner, reason and ply, and hold these half-point scores?
inline ::testing::AssertionResult EndsScored(const std::optional<GameEnding>& e, Outcome winner, EndReason reason, int ply,
                                             int cho, int han) {
  if (auto r = Ends(e, winner, reason, ply); !r) return r;
  return Scored(e, cho, han);
}

}  // namespace gibo::test
