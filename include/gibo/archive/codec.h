// The archive's per-game encodings (src/archive/README.md): how a game's moves, times
// and tags are packed into one row, and the canonical game hash used for deduplication.
// (The content hash of a source file is sha256.h; player names are record/player_name.h.)
//
// Everything here is a pure function of its input. Decoders never trust their input:
// a malformed blob or tag text gives an error (nullopt), never undefined behaviour.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/material.h"
#include "gibo/core/types.h"
#include "gibo/record/game.h"

namespace gibo::archive {

// ---------------------------------------------------------------------------
// Moves: two bytes a ply, little-endian, the 16-bit Move (from | to << 7).
//
// * A move holds the squares the record gives, legal or not.
// * A pass has from == to: the passing general's square when the ply was replayed, else
//   kUnknownPassSquare (127) for both (a pass after the replay stopped).
// * A ply with no squares at all (never produced by the readers) is 0xFFFF.
inline constexpr Square kUnknownPassSquare = 127;
inline constexpr std::uint16_t kPassCode = kUnknownPassSquare | (kUnknownPassSquare << 7);  // 0x3FFF

// The stored code of one recorded ply.
std::uint16_t ply_code(const RecordedPly& ply);
// Appends the moves blob of `plies` to `out`.
void encode_moves(const std::vector<RecordedPly>& plies, std::string& out);
// Number of plies in a moves blob; nullopt if its length is odd.
std::optional<std::size_t> moves_count(std::string_view blob);
// The recorded plies of a moves blob (squares and pass flags only: a pass keeps its
// square when stored, else Move::none(); a 0xFFFF code gives an empty ply); nullopt if
// the blob's length is odd. The one decoder of the blob.
std::optional<std::vector<RecordedPly>> decode_moves(std::string_view blob);
// The moves of `plies` up to (not including) the first ply whose squares are unknown
// (a pass after a replay error, or an empty ply), passes as Move::pass(square): what
// a board can replay.
std::vector<Move> playable_moves(const std::vector<RecordedPly>& plies);
// The code of ply `i` (0-based). Contract: i < moves_count(blob).
inline std::uint16_t code_at(std::string_view blob, std::size_t i) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(blob[2 * i]) |
                                    (static_cast<unsigned char>(blob[2 * i + 1]) << 8));
}
// The move the code of ply `i` names, as a board plays it; nullopt for a code no board can
// take (0xFFFF, or a square off the board such as a pass's unknown square). Contract as
// code_at.
inline std::optional<Move> move_at(std::string_view blob, std::size_t i) {
  const std::uint16_t code = code_at(blob, i);
  const Move m(static_cast<Square>(code & 0x7F), static_cast<Square>((code >> 7) & 0x7F));
  if (code == 0xFFFF || m.from() >= kSquares || m.to() >= kSquares) return std::nullopt;
  return m;
}
// Is the code a pass (from == to)?
inline bool code_is_pass(std::uint16_t code) { return code != 0xFFFF && (code & 0x7F) == ((code >> 7) & 0x7F); }
// The code with a pass's square forgotten (every pass becomes kPassCode): the form the
// canonical hash and the duplicate test compare, since a pass's square follows from the
// position and is unknown after a replay error.
inline std::uint16_t canonical_code(std::uint16_t code) { return code_is_pass(code) ? kPassCode : code; }

// ---------------------------------------------------------------------------
// Times: one unsigned LEB128 varint a ply, 0 = no time recorded, n + 1 = n seconds.
// An empty string stands for "no ply has a time" (stored as NULL).
void encode_times(const std::vector<RecordedPly>& plies, std::string& out);
// The per-ply times of a blob holding `plies` entries; nullopt if the blob is malformed
// (truncated varint, wrong count, value out of int range).
std::optional<std::vector<std::optional<int>>> decode_times(std::string_view blob, std::size_t plies);

// ---------------------------------------------------------------------------
// Material signatures (core/material.h), as game_material stores them: a byte for the side
// to move at the start (0 Cho, 1 Han), the start's counts (14 bytes: Cho's general,
// advisors, elephants, horses, chariots, cannons, soldiers, then Han's), the plies it
// covers (varint), then each capture: its ply less the previous capture's (varint; the
// first's from 0) and the piece it took (a byte: side * 8 + kind).
std::string encode_material(const MaterialSignature& s);
// What encode_material writes; nullopt on anything else (a truncated varint, a capture
// after the last ply or of no piece, trailing bytes).
std::optional<MaterialSignature> decode_material(std::string_view blob);
// The signature of a stored game, from its start key, its moves blob and its valid plies
// (the plies that replayed at import): nullopt when the start key is no position.
std::optional<MaterialSignature> stored_material(std::string_view start_key, std::string_view moves_blob, int valid_plies);

// ---------------------------------------------------------------------------
// Tags: a JSON array of [name, value] string pairs, in record order, verbatim
// (`[["대회명","친선"],["초차림","상마상마"]]`). JSON so that SQLite's json_each can show
// them as the `tags` view.
void encode_tags(const std::vector<Tag>& tags, std::string& out);
// Parses what encode_tags writes (any valid JSON of that shape, whitespace allowed, read
// by the formats/json parser); nullopt on anything else.
std::optional<std::vector<Tag>> decode_tags(std::string_view json);

// ---------------------------------------------------------------------------
// Statements: what the record itself states about each ply (its token as written, its
// claims, its place, its glyphs), as one JSON object holding the columns of gibo's JSON
// record that say it: {"texts":[…],"claims":"…","at":[…],"nags":[…]}
// (formats/json/README.md "Compact plies"; gibo/formats/json_plies.h).
std::string encode_statements(const std::vector<RecordedPly>& plies);
// Sets the statements of `plies` (decoded from the moves blob) from what
// encode_statements wrote; false when the text is not such an object.
bool decode_statements(std::string_view json, std::vector<RecordedPly>& plies);

// ---------------------------------------------------------------------------
// Tail tokens: the ply texts from the first erroneous ply on, separated by one space
// (ply tokens never hold blanks), so writers can reproduce plies no replay can rebuild.
std::string encode_tail(const std::vector<RecordedPly>& plies, std::size_t from);
std::vector<std::string> decode_tail(std::string_view text);

// ---------------------------------------------------------------------------
// Start positions. The canonical key of a start is the first two FEN fields (placement
// and side to move) as the engine writes them, so `h`/`e` letters, move counters and a
// [판] that spells out a standard setup all give the same key. A custom position that
// does not parse keys as "invalid:" + its text.
std::string start_key(const StartPosition& start);

// ---------------------------------------------------------------------------
// The canonical game hash: 64-bit FNV-1a over the start key, a 0 byte, and every ply's
// canonical_code (little-endian). Tags, comments, times and the result do not enter it.
// Stored as SQLite's signed 64-bit INTEGER (the same bits).
std::int64_t game_hash(std::string_view start_key, std::string_view moves_blob);

}  // namespace gibo::archive
