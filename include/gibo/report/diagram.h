// Board diagrams of a position: text for a terminal (hangul or hanja letters, the last
// move marked) and SVG (for `gibo show --svg` and the HTML report).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gibo/core/position.h"

namespace gibo {

struct DiagramOptions {
  enum class Letters { Mixed, Hangul, Hanja, Latin };
  // Mixed: Cho in hangul, Han in hanja (the .gib [판] convention), readable without colour.
  // Latin: the notation letters K A E H R C P (Cho upper case, Han lower case).
  Letters letters = Letters::Mixed;
  bool color = false;            // ANSI colours: Cho blue, Han red
  Move last_move = Move::none(); // marked: '*' before the piece that moved, '+' on its origin
};

// A text diagram, rank 10 at the top, files a-i left to right (Cho's view).
std::string text_diagram(const Position& pos, const DiagramOptions& options = {});

// Parses "mixed", "hangul", "hanja" or "latin" (--letters); nullopt for anything else.
std::optional<DiagramOptions::Letters> parse_letters(std::string_view name);

struct SvgOptions {
  int cell = 40;                  // pixels between lines
  Move last_move = Move::none();  // highlighted: its from- and to-square framed, an arrow between
  Move better_move = Move::none();  // an engine's better move: a dashed arrow over the pieces
  std::string title;              // <title> of the picture
  // Hanja by default; the generals are always 楚 (Cho, blue) and 漢 (Han, red) except
  // in Latin letters.
  DiagramOptions::Letters letters = DiagramOptions::Letters::Hanja;
  std::string caption;            // a line under the board (players, ply, last move), escaped here
  bool show_side = true;          // mark the side to move beside the board
};

// A self-contained SVG board (no external fonts or scripts): the palace diagonals, the
// pieces in their side's colour, the last move marked, the side to move, the caption.
std::string svg_diagram(const Position& pos, const SvgOptions& options = {});

}  // namespace gibo
