// Re-scoring one game: its computed ending under a profile beside its stored result, and
// the verdict (src/adjudication/README.md). Shared by `gibo rescore` on files and on a database.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "gibo/adjudication/ending.h"
#include "gibo/adjudication/verdict.h"
#include "gibo/core/rules.h"
#include "gibo/record/diagnostic.h"
#include "gibo/record/game.h"

namespace gibo {

// The bikjang option a record is adjudicated with (src/adjudication/README.md): the record's own
// when it states one; else on when its stored result's method is bikjang (`무승부(빅장)`,
// `빅장승` …: such a game was played with bikjang on), `inferred` then saying so for a
// profile whose bikjang follows the option (janggi-gg); else `fallback`.
struct BikjangOption {
  bool on = false;
  bool inferred = false;  // on because of the stored result, and the profile uses the option
};
BikjangOption adjudication_bikjang(const Profile& profile, const std::optional<bool>& saved,
                                   const std::optional<NormalizedResult>& stored, bool fallback);

struct Rescore {
  const Profile* profile = nullptr;  // the profile the game was judged under
  bool bikjang_option = false;
  bool bikjang_inferred = false;     // the option was inferred from the stored result
  Adjudication board;                // what the board says
  Verdict verdict;                   // beside the stored result
  std::optional<NormalizedResult> stored;
  int record_plies = 0;
  std::optional<Diagnostic> rejection;  // a rejected record's first error (verdict Invalid)
};

// Judges the moves `moves` (the valid prefix of a record holding `record_plies` plies)
// from `start` under `profile` with `bikjang` against the stored result (nullopt: none
// stored).
Rescore rescore(const Profile& profile, BikjangOption bikjang, const Position& start, std::span<const Move> moves,
                int record_plies, const std::optional<NormalizedResult>& stored);

// Judges a record: the profile its record saves, else `fallback` (src/adjudication/
// README.md, "Which profile judges a game"); replays it under that profile
// (replay_under_profile: diagnostics and pass moves); adjudicates
// with adjudication_bikjang (`bikjang_fallback` for records that state none and store no
// bikjang result) against its stored result normalised by normalize_result. A record with
// an error (an illegal move, a bad set-up) gets the verdict Invalid with that error in
// `rejection`: its ending is not judged (the board fields still say what its valid
// prefix shows).
Rescore rescore_game(Game& game, const Profile& fallback, bool bikjang_fallback);

// Marks `r` as the rescore of a rejected record whose first error is `error`: verdict
// Invalid, note "the record is rejected; its ending is not judged" (rescore_game; rescore --db for games
// stored as invalid).
void reject(Rescore& r, Diagnostic error);

// The verdict in plain words, after the stored result ("stored result 1-0"; "no stored
// result"): "stored result 1-0; under fs-janggi the game ends by checkmate at ply 66, Cho
// winning: agrees"; for a rejected record "stored result 1-0; under janggi-gg the record
// is rejected at ply 2 (error[wrong-piece]: …): invalid". `stored_text` is the result as
// the record writes it (empty with no result).
std::string verdict_text(const Rescore& r, const std::string& stored_text);

// The verdict's note (Verdict::note), with "; bikjang option inferred from the stored
// result" when it was (src/adjudication/README.md, "Which profile judges a game").
std::string verdict_note(const Verdict& verdict, bool bikjang_inferred);

}  // namespace gibo
