// How tags and results carry over between formats (formats/tags/README.md).
//
// A Game keeps its tags verbatim under the names of the format it was read from. When a
// game is written in another format, the tags whose meaning is the same are renamed
// (대회명 ↔ Event, 대국일자 ↔ Date, 대국장소 ↔ Site, 회전 ↔ Round, 초대국자 ↔ White,
// 한대국자 ↔ Black, 대국결과 ↔ Result, 규칙 ↔ Ruleset, 빅장 ↔ Bikjang), the start position
// is stated the target's way (초차림/한차림/판 ↔ FEN), and every other tag is kept
// verbatim, so gib → pgn → gib and pgn → gib → pgn give back the same tags.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gibo/record/game.h"
#include "gibo/record/result.h"

namespace gibo {

// --- Results ----------------------------------------------------------------------

// Is `text` one of the PGN result tokens "1-0", "0-1", "1/2-1/2", "*"?
bool is_pgn_result_token(std::string_view text);
// The normalised form of a stored result in any format: a PGN token, else the .gib
// grammar (normalize_gib_result). "*" is recognised with an unknown winner.
NormalizedResult normalize_result(std::string_view text);
// The PGN token of a normalised result: Cho "1-0", Han "0-1", draw "1/2-1/2", else "*".
std::string_view pgn_result_token(const NormalizedResult& result);
// The PGN token of a game's stored result ("*" when it stores none).
std::string pgn_result_of(const Game& game);
// The .gib result text written for a PGN token when no original text is known:
// "1-0" 초승, "0-1" 한승, "1/2-1/2" 무승부; "" for "*" (no 대국결과 tag).
std::string_view gib_result_for_token(std::string_view token);

// The value of the GibResult tag among `tags` (the .gib result text gibo's PGN writer
// keeps beside the Result token) when it gives back the result token `token` (its
// normalised winner's token is `token`); nullptr otherwise. The PGN reader stores it as
// the game's result text, and the way back to .gib writes it as 대국결과.
const std::string* restoring_gib_result(const std::vector<Tag>& tags, std::string_view token);

// --- Tags -------------------------------------------------------------------------

// The tags the PGN writer writes for `game`: the seven-tag roster first (Event Site Date
// Round White Black Result, "?" / "????.??.??" / "*" when unknown), then Variant, FEN and
// SetUp unless the game has them, GibResult (the .gib result text when the Result token
// alone would not restore it), GibTagOrder (only when the .gib tag order would not be
// restored otherwise), then every other tag in order (규칙 → Ruleset, 빅장 → Bikjang;
// 초차림/한차림/판 left out when the FEN restores them exactly).
std::vector<Tag> pgn_tags(const Game& game);

// The tags the .gib writer should write for `game`. A game whose tags are already .gib
// tags (no PGN roster name among them) keeps them as they are (plus 초차림/한차림 or 판
// when its start needs them and they are missing). Otherwise the roster is renamed into
// 대회명 회전 대국일자 대국장소 초대국자 한대국자 (unknown "?" values dropped), the start
// becomes 초차림/한차림 or 판, the other tags follow verbatim (Ruleset → 규칙, Bikjang →
// 빅장; Variant/FEN/SetUp dropped where the PGN writer would write them back the same),
// and 대국결과 comes last (GibResult, else the text for the Result token); a GibTagOrder
// tag restores the original order.
std::vector<Tag> gib_tags(const Game& game);

// A copy of `game` ready for the .gib writer: tags = gib_tags(game), and result_text /
// has_result following its 대국결과 tag.
Game with_gib_tags(const Game& game);

}  // namespace gibo
