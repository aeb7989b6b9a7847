// A pattern asked of every game of an archive (`gibo search --pattern`, the Python
// module's Archive.search, serve's search page): which games match, where, how many
// positions, and how the matching games ended.
//
// Policies (enforced here):
// * Each selected game's material signature is read first; a game whose material cannot
//   match (Pattern::may_match) is skipped unreplayed, and a pattern that reads only
//   material, plies and the side to move is answered from the signatures alone.
// * The other games are replayed on `jobs` threads, each under its own rules (the profile
//   it was validated under and its bikjang option), over the plies that replayed at
//   import. The calling thread reads the archive meanwhile and hands the games over in
//   batches (with `jobs` above 1; with 1 it replays each batch itself): the signatures are
//   asked and the games replayed while the archive is read, not after. The answer does
//   not depend on the number of threads.
// * Games are listed in archive order, or by the pattern's sort (ties in archive order).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/pattern/pattern.h"

namespace gibo::pattern {

// One matching game.
struct Found {
  archive::GameListing game;
  GameMatches matches;
};

struct SearchResult {
  std::string pattern;
  long archive_games = 0;   // games in the archive
  long selected = 0;        // of which the selection keeps (all without one)
  long skipped = 0;         // of those, skipped by their material signature
  long replayed = 0;        // replayed (the others were answered from their signatures)
  long replayed_positions = 0;  // the positions of the replayed games (their starts included)
  long games = 0;           // matching games
  long positions = 0;       // matching positions, in all
  long cho = 0, han = 0, draw = 0, other = 0;  // the matching games' stored results
  std::vector<Found> found;
};

// Asks `pattern` of the games of `archive` (those of `selected`, sorted, when given) with
// `jobs` threads. An Error when the archive cannot be read.
Expected<SearchResult> search(archive::Archive& archive, const Pattern& pattern,
                              const std::vector<std::int64_t>* selected, int jobs);

}  // namespace gibo::pattern
