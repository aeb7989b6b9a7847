// The two line-level pieces of `.gib` text, read by hand-written recursive descent over
// decoded (UTF-8) text: tag lines and ply tokens (formats/gib/README.md). Internal to the
// .gib reader.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gibo/core/types.h"
#include "gibo/formats/encoding.h"

namespace gibo::gib {

// How the raw bytes of one line decode: the reader decides per file, and per line when a
// forced UTF-8 meets bytes that are not UTF-8.
enum class Coding : std::uint8_t {
  Utf8,   // valid UTF-8
  Cp949,  // CP949; an undecodable byte reads as U+FFFD
  Ascii,  // forced UTF-8 on invalid bytes: every byte >= 0x80 reads as '?'
};

// Appends `raw` decoded to UTF-8: a CP949 byte that does not decode is U+FFFD; with
// Coding::Ascii every byte >= 0x80 is '?'.
void decode(std::string_view raw, Coding coding, std::string& out);

struct TagLine {
  std::string name, value;
};

// `[name "value"]` with optional spaces around; nothing else on the line. The line is
// decoded text (UTF-8). The value's escapes (gibo/formats/tag_text.h) are undone; a line
// whose value holds unescaped quotes is read leniently (the value runs from the first
// quote to the last).
bool parse_tag_line(std::string_view line, TagLine& out);

// Comment text as the writer escapes it inside `{…}`: `\\` a backslash, `\}` a closing
// brace, `\r` a carriage return, and `\[` a bracket that begins one of the comment's
// lines (which would otherwise read as a tag line). A backslash before anything else is
// a plain character.
std::string escape_comment(std::string_view text);
// The character the escape `\c` stands for in a comment, or '\0' if `\c` is no escape.
char comment_escape(char c);

// Where a piece letter came from: which side's script it implies, if any.
struct PieceLetter {
  PieceType type = PieceType::None;
  std::optional<Side> implied_side;  // 졸/卒 Cho, 병/兵 Han, 楚 Cho general, 漢 Han general
  bool hanja = false;
};

// One ply token after its `N.` number: `한수쉼`, or from-square, optional side mark,
// piece, to-square, optional capture (`타` + piece, or piece), optional `장군`.
// Squares are kept as written ("79", "i3", "4"), as views into the raw token (they are
// ASCII, the same bytes in every coding); their meaning depends on the game's coordinate
// system and is decided by the reader.
struct PlyToken {
  bool pass = false;
  std::string_view from, to;
  std::optional<Side> side_mark;
  PieceLetter piece;
  bool capture_marker = false;
  PieceLetter captured;
  bool check = false;
  int chars = 0;  // the token's length in characters
};

// Reads a whole token, given as raw bytes in `coding` (decoded where the grammar looks):
// false if it is not a ply. `text` receives the token decoded to UTF-8 (also when it is
// no ply); the squares in `out` are views into `raw`.
bool parse_ply_token(std::string_view raw, Coding coding, std::string& text, PlyToken& out);

}  // namespace gibo::gib
