// Re-scoring one game: its computed ending under a profile beside its stored result, and
// the verdict (src/adjudication/README.md). Shared by `gibo rescore` on files and on a database.
#pragma once

#include <optional>
#include <span>

#include "gibo/adjudication/ending.h"
#include "gibo/adjudication/verdict.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"

namespace gibo {

struct Rescore {
  const Profile* profile = nullptr;  // the profile the game was judged under
  bool bikjang_option = false;
  Adjudication board;                // what the board says
  Verdict verdict;                   // beside the stored result
  std::optional<NormalizedResult> stored;
  int record_plies = 0;
};

// Judges the moves `moves` (the valid prefix of a record holding `record_plies` plies)
// from `start` under `profile` against the stored result (nullopt: none stored).
Rescore rescore(const Profile& profile, bool bikjang_option, const Position& start, std::span<const Move> moves,
                int record_plies, const std::optional<NormalizedResult>& stored);

// Judges a record: the profile and bikjang option its record saves, else `fallback` and
// `bikjang_fallback` (src/adjudication/README.md, "Which profile judges a game"); replays
// it (filling diagnostics and pass moves); its stored result normalised by
// normalize_result. A game whose start position is invalid
// gets an "indeterminate"-free verdict on zero plies.
Rescore rescore_game(Game& game, const Profile& fallback, bool bikjang_fallback);

// The bikjang option to use for a record (the record first).
inline bool resolve_bikjang(const std::optional<bool>& saved, bool fallback) { return saved.value_or(fallback); }

}  // namespace gibo
