// The parts of reading one .gib game that GameReader (reader.cpp) hands off: the plies of
// its move lines (MoveLineReader, move_line.cpp: the actions of grammar::move_line and what
// a line where the rule stops short says) and its tags with a meaning (read_tags_with_meaning,
// tags.cpp: setups, [판], result, rule set, bikjang, 총수). Internal to formats/gib.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gibo/record/game.h"
#include "scan.h"

namespace gibo::gib {

// A diagnostic on game `g` of file `file`.
void add_game_diagnostic(Game& g, const std::string& file, const char* code, Severity severity, int line, int column,
                         int ply, std::string token, std::string message);

// Reads the plies of a game's move lines into it, one line at a time, in order.
class MoveLineReader {
 public:
  // `old_coordinates`: squares are numbered 1-90 (기보형식 구좌표).
  MoveLineReader(Game& game, const std::string& file, bool old_coordinates)
      : game_(game), file_(file), old_coordinates_(old_coordinates) {}

  // Reads the plies of a move line (its bytes `s`): grammar::move_line over them, whose
  // actions are ply_number, ply and time below. Where the rule stops before the end of the
  // line, the game's plies end with a diagnostic on what stands there (stopped_at).
  void read(const Line& line, std::string_view s);
  // Whether the game's plies ended at a bad token (the lines after it are not read).
  bool broken() const { return broken_; }

  // ---- the actions of grammar::move_line -------------------------------------------
  // (inline, defined in move_line.cpp, the one file that parses move lines: so that they
  // are inlined into read_move_line, which a -fPIC build does not do with a function other
  // libraries could replace)
  inline void ply_number(std::string_view text);
  inline bool ply(PlyToken& t);
  inline bool time(int seconds);

 private:
  // (flattened: the rule and its actions as one loop)
  template <Coding C>
  [[gnu::flatten]] void read_move_line(const char*& first, const char* last);
  int column_at(const char* p) const { return cursor_column_ + static_cast<int>(p - cursor_); }
  void stopped_at(std::string_view s, const char* p);
  void fail(const char* code, int col, std::string token, std::string message);
  Square to_square(std::string_view t) const;

  Game& game_;
  const std::string& file_;
  bool old_coordinates_ = false;
  bool broken_ = false;
  int expected_number_ = 1;
  const Line* line_ = nullptr;    // the move line being read
  const char* cursor_ = nullptr;  // in it: the end of the last ply (or its start),
  int cursor_column_ = 1;         // and the column there
};

// Reads the tags with a meaning of game `g` (read whole: its plies too, for 총수), whose
// k-th tag stands on line tag_lines[k]; `plies_ended`: its plies ended at a bad token.
void read_tags_with_meaning(Game& g, const std::vector<int>& tag_lines, bool plies_ended, const std::string& file);

}  // namespace gibo::gib
