// A PGN game as the grammar found it (reader.cpp: tag lines, movetext tokens, comments,
// NAGs, what was skipped and what was wrong, each at its offset in the decoded text), and
// the resolver that makes a Game of it (resolve.cpp: the tags with a meaning, the moves on
// the board). Internal to formats/pgn.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/formats/decode.h"
#include "gibo/formats/pgn.h"
#include "gibo/record/game.h"

namespace gibo::pgn {

struct Token {
  std::string_view text;   // in the decoded text (or a comment's own text)
  std::size_t offset = 0;  // in the decoded text
};

// One game as the lexer found it, before the moves are resolved.
struct RawGame {
  std::vector<Tag> tags;
  std::vector<std::size_t> tag_offsets;
  std::vector<Token> moves;
  struct Comment {
    std::string text;
    std::size_t offset;
  };
  std::vector<std::vector<Comment>> comments;  // [0] before the first move, [k] after move k
  std::vector<std::vector<int>> nags;          // the same: $N after move k ([0] stays empty)
  Token result;                               // empty text: no result token
  std::size_t begin = 0, end = 0;             // decoded-text span of the game
  struct Skipped {
    std::size_t offset;
    std::string what;  // "variation", "annotation glyph $1"
    int after_ply;     // the ply it follows (0: before the first move)
  };
  std::vector<Skipped> skipped;
  struct Problem {
    const char* code;
    Severity severity;
    std::size_t offset;
    std::string token, message;
  };
  std::vector<Problem> problems;
};

// Whether `t` is a PGN result token (pgn_grammar::result, all of it).
bool is_result(std::string_view t);

// Makes Games of the raw games of one decoded text, in text order: their tags with a
// meaning read, their moves resolved on the board (with ranks Auto, WinBoard's 0-based
// ranks when they read further), every problem a diagnostic placed by line and column.
class GameResolver {
 public:
  GameResolver(const DecodedText& decoded, const PgnReadOptions& options) : decoded_(decoded), options_(options) {}

  // The Game of `raw`, the file's game number `index`.
  Game resolve(const RawGame& raw, int index);

 private:
  struct Attempt {
    int plies = 0;  // moves read
    bool complete = false;
  };

  std::string_view text() const { return decoded_.text; }
  int line_of(std::size_t offset) const;
  int column_of(std::size_t offset) const;
  void add(Game& g, const char* code, Severity severity, std::size_t offset, int ply, std::string token,
           std::string message) const;
  void interpret_tags(const RawGame& raw, Game& g);
  void take_result(const RawGame& raw, Game& g) const;
  void read_moves(const RawGame& raw, Game& g);
  Attempt resolve_moves(const RawGame& raw, const LegalityRules& rules, bool zero_based, const Game& header,
                        Game* out) const;
  static void attach_comments(Game& g, const std::vector<RawGame::Comment>& comments, RecordedPly* ply);

  const DecodedText& decoded_;
  const PgnReadOptions& options_;
  bool bad_start_ = false;  // the game's start position is unusable (a bad [FEN], not Janggi)
  // Columns are counted on from the last one asked for (column_of).
  mutable int col_cache_line_ = 0;
  mutable std::size_t col_cache_offset_ = 0;
  mutable int col_cache_column_ = 1;
};

}  // namespace gibo::pgn
