// Texts both backends store alike (internal to src/archive; prepare.cpp).
//
// Policy: an archive keeps text, and a NUL byte is none: PostgreSQL's text cannot hold it
// and SQLite would keep it, so the same record would be stored on one and refused on the
// other. Every NUL in what a game stores (tags, comments, move texts, the result text, the
// original text, its diagnostics' tokens) is replaced by U+FFFD, on both backends, and the
// game gets one warning `nul-byte` saying how many and where the first stood. Every other
// text reaches the archive decoded, so valid UTF-8 (the readers replace undecodable bytes).
#pragma once

#include "gibo/record/game.h"

namespace gibo::archive {

// Replaces each NUL in `game`'s texts as above; the warning is added when there was one.
void make_storable(Game& game);

}  // namespace gibo::archive
