// What the .gib rules (grammar.h) read into, and the grammar's entry points (grammar.cpp):
// a line's coding, a tag line, a ply token with its piece and side letters, a [판] board.
// Internal to the .gib reader.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gibo/core/types.h"

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

// A tag line (grammar::tag_line), given as the raw bytes of one line in `coding`; the name
// and the value (its escapes undone) are decoded to UTF-8.
bool parse_tag_line(std::string_view raw, Coding coding, TagLine& out);

// Comment text as the writer escapes it inside `{…}`: `\\` a backslash, `\}` a closing
// brace, `\r` a carriage return, and `\[` (`\［`) a bracket (a full-width one) that begins
// one of the comment's lines (which would otherwise read as a tag line). A backslash
// before anything else is a plain character.
std::string escape_comment(std::string_view text);
// The character the escape `\c` stands for in a comment, or '\0' if `\c` is no escape.
char comment_escape(char c);

// Where a piece letter came from: which side's script it implies, if any.
struct PieceLetter {
  PieceType type = PieceType::None;
  std::optional<Side> implied_side;  // 졸/卒 Cho, 병/兵 Han, 楚 Cho general, 漢 Han general
  bool hanja = false;
  std::uint32_t key = 0;  // the letter as its UTF-8 bytes (utf8::packed)
};

// A side mark: the side, and the letter as its UTF-8 bytes (utf8::packed).
struct SideLetter {
  Side side = Side::Cho;
  std::uint32_t key = 0;
};

// A capture suffix (grammar::capture): the piece taken, and whether 타 marked it.
struct CaptureToken {
  PieceLetter piece;
  bool marker = false;
};

// One ply token after its `N.` number (grammar::ply). Squares are kept as written ("79",
// "i3", "4"), as views into the raw token (they are ASCII, the same bytes in every
// coding); their meaning depends on the game's coordinate system and is decided by the
// reader.
struct PlyToken {
  bool pass = false;
  std::string_view from, to;
  std::optional<Side> side_mark;
  std::uint32_t side_key = 0;  // the side mark's letter (utf8::packed), 0 if none
  PieceLetter piece;
  bool capture_marker = false;
  PieceLetter captured;
  bool check = false;
  int chars = 0;  // the token's length in characters
  std::string_view token;  // the whole token as read (a view into the raw bytes)
};

// The text of a ply token the ply rule read from `raw` (its bytes in `coding`), decoded to
// UTF-8, and its length in characters (t.chars).
void read_ply_text(std::string_view raw, Coding coding, PlyToken& t, std::string& text);

// Reads a whole token, given as raw bytes in `coding`: false if it is not a ply. `text`
// receives the token decoded to UTF-8 (also when it is no ply); the squares in `out` are
// views into `raw`.
bool parse_ply_token(std::string_view raw, Coding coding, std::string& text, PlyToken& out);

// What the board rule's actions fill in: the points read so far and the first rule
// broken (a rank past the tenth, a rank wider than nine points).
struct PanBoard {
  std::array<std::array<Piece, kFiles>, kRanks> grid{};
  int rank = 0, file = 0;
  std::string error;  // empty if none
  PanBoard() {
    for (auto& r : grid) r.fill(Piece::None);
  }
};

// Reads a [판] board (grammar::pan_board) into `out`: false with out.error set when a
// rule is broken or a character is no part of a board.
bool parse_pan_board(std::string_view board, PanBoard& out);

}  // namespace gibo::gib
