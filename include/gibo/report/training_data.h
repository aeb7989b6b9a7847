// The archive as training data (gibo export --to positions | fsf-plain): every position of
// the selected games, replayed under each game's own rules, with the move played, the
// stored engine evaluation, the game's result from the side to move, the players'
// identities and ratings and the opening (formats/positions/README.md has the forms).
//
// Policies:
// * A game's positions are those the engine's variant can be given (analysis/
//   engine_rules.h EngineBoards): a record move the variant refuses ends the game's
//   positions there (counted). Its evaluations are those of its newest complete analysis
//   (the highest request id), none when it has none.
// * Filters a trainer needs: the first `skip_plies` plies left out; positions in check,
//   positions right after a capture; one record per distinct position (the first time the
//   selection reaches it, by board and side to move) or one per occurrence; positions
//   without an evaluation left out on request (the plain form never writes them).
// * The split is by game, deterministic: a game goes to the validation output when a hash
//   of its start and moves (not of its archive id: the same game lands on the same side in
//   any archive) falls below `validation_percent`; no game is on both sides.
// * One game is replayed and written at a time (memory flat but for the distinct
//   positions' keys, 8 bytes each, and the players' ratings).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "gibo/archive/archive.h"
#include "gibo/core/expected.h"
#include "gibo/core/rules.h"

namespace gibo::training {

enum class Form { Jsonl, Plain };

struct Options {
  Form form = Form::Jsonl;
  std::string where;            // the games, over the facts view ("": all)
  int skip_plies = 0;           // positions before this ply left out
  bool skip_check = false;      // positions whose side to move is in check left out
  bool skip_captures = false;   // positions right after a capture left out
  bool distinct = false;        // one record a distinct position (its first occurrence)
  bool evaluated_only = false;  // positions without a stored evaluation left out (always in Plain)
  int validation_percent = 0;   // 0..100: the share of games written to the validation output
  const Profile* fallback = nullptr;  // the profile of games that name none (nullptr: the default)
  double rating_prior = 0;      // as gibo stats --rating-prior (0: stats' default)
};

struct Summary {
  long games = 0;          // games selected
  long positions = 0;      // positions reached (before the filters)
  long written = 0;        // records in the training output
  long validation = 0;     // records in the validation output
  long validation_games = 0;
  long early = 0, in_check = 0, after_capture = 0, repeated = 0, unevaluated = 0, no_result = 0;
  long unrepresentable = 0;  // positions after a record move the variant refuses
  long analysed_games = 0;   // games with a stored analysis
};

// Writes the records of `archive`'s selected games to `train`, and to `validation` those of
// the games the split gives it (nullptr: no split). An Error when the archive cannot be
// read; `usage` is set when it is the selection that is wrong.
std::optional<Error> export_positions(archive::Archive& archive, const Options& options, std::ostream& train,
                                      std::ostream* validation, Summary& summary, bool& usage);

// The summary a run says (in the run's language): the games, positions and records
// written, the validation share when `split`, what the filters left out and why.
std::string summary_text(const Summary& s, bool split);

}  // namespace gibo::training
