// What a record itself states about each ply, as gibo's JSON record holds it in columns
// (formats/json/README.md "Compact plies"): the token as written ("texts"), its claims
// ("claims": piece, side mark, side of the letters, captured piece, capture marker, check
// mark, pass), its place ("at") and its glyphs ("nags"). The JSON writer and reader use
// these, and so does the archive, which keeps the same columns with each game so that
// what it exports is what it imported.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gibo/formats/json_value.h"
#include "gibo/formats/json_writer.h"
#include "gibo/record/game.h"

namespace gibo {

// The claims code of one ply ("scc", "h", "s-c--+", "-----p").
std::string claims_code(const RecordedPly& ply);
// Sets the claims of `ply` (and its pass flag) from a claims code; trailing '-' may be
// left out. An empty code claims nothing.
void apply_claims(std::string_view code, RecordedPly& ply);

// Writes "texts", "claims" and, when a ply has a place, "at" as fields of the open object.
void write_ply_statements(json::Writer& w, const std::vector<RecordedPly>& plies);
// Writes "nags" ([ply, n] for each glyph) as a field of the open object when a ply has one.
void write_ply_glyphs(json::Writer& w, const std::vector<RecordedPly>& plies);

// Reads "texts", "claims" and "at" of the object `record` into `plies` (one entry a ply;
// a ply without an entry keeps what it holds). "at" in the form of versions 1 and 2 (two
// numbers a ply) is read too.
void read_ply_statements(const json::Value& record, std::vector<RecordedPly>& plies);
// Reads "nags" of `record` into `plies`; false when an entry is not [PLY, N] with PLY
// from 1 to the plies and N from 0 to 255 (the others are read).
bool read_ply_glyphs(const json::Value& record, std::vector<RecordedPly>& plies);

}  // namespace gibo
