// Board diagrams of a position: text for a terminal (hangul or hanja letters, the last
// move marked) and SVG (for `gibo show --svg` and the HTML report).
#pragma once

#include <string>

#include "gibo/core/position.h"

namespace gibo {

struct DiagramOptions {
  enum class Letters { Mixed, Hangul, Hanja };
  // Mixed: Cho in hangul, Han in hanja (the .gib [판] convention), readable without colour.
  Letters letters = Letters::Mixed;
  bool color = false;            // ANSI colours: Cho blue, Han red
  Move last_move = Move::none(); // marked: '*' before the piece that moved, '+' on its origin
};

// A text diagram, rank 10 at the top, files a-i left to right (Cho's view).
std::string text_diagram(const Position& pos, const DiagramOptions& options = {});

struct SvgOptions {
  int cell = 40;                  // pixels between lines
  Move last_move = Move::none();  // highlighted
  std::string title;              // <title> of the picture
};

// A self-contained SVG board (no external fonts or scripts).
std::string svg_diagram(const Position& pos, const SvgOptions& options = {});

}  // namespace gibo
