// Board diagrams: text for a terminal and SVG (gibo/report/diagram.h).
#include "gibo/report/diagram.h"

#include "gibo/report/i18n.h"
#include "markup.h"

#include <algorithm>
#include <cstdio>

namespace gibo {
namespace {

constexpr const char* kHangul[kPieceTypeCount] = {"", "장", "사", "상", "마", "차", "포", "졸"};
constexpr const char* kHanja[kPieceTypeCount] = {"", "將", "士", "象", "馬", "車", "包", "卒"};

constexpr const char* kLatin = " KAEHRCP";

// The letter of a piece in a script; Han soldiers are 병/兵.
std::string glyph(Piece p, bool hanja) {
  if (type_of(p) == PieceType::Soldier && side_of(p) == Side::Han) return hanja ? "兵" : "병";
  return (hanja ? kHanja : kHangul)[static_cast<int>(type_of(p))];
}

bool use_hanja(Piece p, DiagramOptions::Letters letters) {
  switch (letters) {
    case DiagramOptions::Letters::Hangul: return false;
    case DiagramOptions::Letters::Hanja: return true;
    case DiagramOptions::Letters::Mixed: return side_of(p) == Side::Han;
    case DiagramOptions::Letters::Latin: return false;
  }
  return false;
}

// A piece's letter in `letters`: Latin upper case for Cho, lower for Han.
std::string letter_of(Piece p, DiagramOptions::Letters letters) {
  if (letters == DiagramOptions::Letters::Latin) {
    const char c = kLatin[static_cast<int>(type_of(p))];
    return std::string(1, side_of(p) == Side::Cho ? c : static_cast<char>(c - 'A' + 'a'));
  }
  return glyph(p, use_hanja(p, letters));
}


}  // namespace

std::optional<DiagramOptions::Letters> parse_letters(std::string_view name) {
  if (name == "mixed") return DiagramOptions::Letters::Mixed;
  if (name == "hangul") return DiagramOptions::Letters::Hangul;
  if (name == "hanja") return DiagramOptions::Letters::Hanja;
  if (name == "latin") return DiagramOptions::Letters::Latin;
  return std::nullopt;
}

std::string text_diagram(const Position& pos, const DiagramOptions& o) {
  const bool marked = !o.last_move.is_none();
  std::string out = "     a  b  c  d  e  f  g  h  i\n";
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    char label[8];
    std::snprintf(label, sizeof label, "%3d ", rank + 1);
    out += label;
    for (int file = 0; file < kFiles; ++file) {
      const Square s = make_square(file, rank);
      const Piece p = pos.piece_on(s);
      const bool to = marked && o.last_move.to() == s;
      const bool from = marked && !o.last_move.is_pass() && o.last_move.from() == s;
      out += to ? '*' : ' ';
      if (p == Piece::None) {
        out += from ? "+ " : "· ";
        continue;
      }
      if (o.color) out += side_of(p) == Side::Cho ? "\x1b[1;34m" : "\x1b[1;31m";
      out += letter_of(p, o.letters);
      if (o.letters == DiagramOptions::Letters::Latin) out += ' ';
      if (o.color) out += "\x1b[0m";
    }
    out += '\n';
  }
  return out;
}

namespace {

// The engine's better move over the pieces, so that it shows on the piece it moves: a
// dashed line to a ring on its square (nothing without one). `x`, `y`: a file's and a
// rank's pixel; `c`: the cell.
template <class X, class Y>
void better_move_arrow(const SvgOptions& o, X x, Y y, int c, std::string& s) {
  if (o.better_move.is_none() || o.better_move.is_pass()) return;
  const Square from = o.better_move.from(), to = o.better_move.to();
  char buf[256];
  s += "<g class=\"better-move\" stroke=\"#1565c0\" stroke-width=\"4\" stroke-opacity=\".8\" fill=\"none\">";
  std::snprintf(buf, sizeof buf,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke-dasharray=\"7 5\" stroke-linecap=\"round\"/>"
                "<circle cx=\"%d\" cy=\"%d\" r=\"%d\"/></g>",
                x(file_of(from)), y(rank_of(from)), x(file_of(to)), y(rank_of(to)), x(file_of(to)), y(rank_of(to)), c / 4);
  s += buf;
}

// The last move's squares framed and a line between them (nothing without one).
template <class X, class Y>
void last_move_marks(const SvgOptions& o, X x, Y y, int c, std::string& s) {
  if (o.last_move.is_none()) return;
  char buf[256];
  for (Square sq : {o.last_move.from(), o.last_move.to()}) {
    std::snprintf(buf, sizeof buf,
                  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#2e8b57\" "
                  "stroke-width=\"3\" rx=\"4\"/>",
                  x(file_of(sq)) - c / 2 + 2, y(rank_of(sq)) - c / 2 + 2, c - 4, c - 4);
    s += buf;
  }
  if (o.last_move.is_pass()) return;
  std::snprintf(buf, sizeof buf,
                "<line class=\"last-move\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#2e8b57\" "
                "stroke-width=\"4\" stroke-opacity=\".55\" stroke-linecap=\"round\"/>",
                x(file_of(o.last_move.from())), y(rank_of(o.last_move.from())), x(file_of(o.last_move.to())),
                y(rank_of(o.last_move.to())));
  s += buf;
}

// The board's lines, palace diagonals and coordinates; `board_h`: the board's height.
template <class X, class Y>
void board_grid(X x, Y y, int board_h, std::string& s) {
  char buf[256];
  s += "<g stroke=\"#5a4322\" stroke-width=\"1.2\">";
  for (int r = 0; r < kRanks; ++r) {
    std::snprintf(buf, sizeof buf, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", x(0), y(r), x(8), y(r));
    s += buf;
  }
  for (int f = 0; f < kFiles; ++f) {
    std::snprintf(buf, sizeof buf, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", x(f), y(0), x(f), y(9));
    s += buf;
  }
  for (int base : {0, 7}) {  // palace diagonals
    std::snprintf(buf, sizeof buf,
                  "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>",
                  x(3), y(base), x(5), y(base + 2), x(5), y(base), x(3), y(base + 2));
    s += buf;
  }
  s += "</g>";
  // Coordinates
  s += "<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#5a4322\" text-anchor=\"middle\">";
  for (int f = 0; f < kFiles; ++f) {
    std::snprintf(buf, sizeof buf, "<text x=\"%d\" y=\"%d\">%c</text>", x(f), board_h - 8, 'a' + f);
    s += buf;
  }
  for (int r = 0; r < kRanks; ++r) {
    std::snprintf(buf, sizeof buf, "<text x=\"%d\" y=\"%d\">%d</text>", 12, y(r) + 4, r + 1);
    s += buf;
  }
  s += "</g>";
}

// The pieces: octagon-like discs, generals largest, soldiers and advisors smallest.
template <class X, class Y>
void piece_discs(const Position& pos, const SvgOptions& o, X x, Y y, int c, std::string& s) {
  char buf[256];
  for (int sq = 0; sq < kSquares; ++sq) {
    const Piece p = pos.piece_on(static_cast<Square>(sq));
    if (p == Piece::None) continue;
    const PieceType t = type_of(p);
    const double radius =
        c * (t == PieceType::General ? 0.46 : (t == PieceType::Soldier || t == PieceType::Advisor) ? 0.34 : 0.41);
    const bool cho = side_of(p) == Side::Cho;
    const char* ink = cho ? "#1f4fa3" : "#b3261e";
    std::snprintf(buf, sizeof buf,
                  "<circle cx=\"%d\" cy=\"%d\" r=\"%.1f\" fill=\"#fbf4e4\" stroke=\"%s\" stroke-width=\"2\"/>",
                  x(file_of(static_cast<Square>(sq))), y(rank_of(static_cast<Square>(sq))), radius, ink);
    s += buf;
    std::snprintf(buf, sizeof buf,
                  "<text x=\"%d\" y=\"%d\" font-size=\"%.0f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                  "fill=\"%s\" font-family=\"serif\">",
                  x(file_of(static_cast<Square>(sq))), y(rank_of(static_cast<Square>(sq))), radius * 1.15, ink);
    s += buf;
    if (t == PieceType::General && o.letters != DiagramOptions::Letters::Latin) s += cho ? "楚" : "漢";
    else s += letter_of(p, o.letters);
    s += "</text>";
  }
}

}  // namespace

std::string svg_diagram(const Position& pos, const SvgOptions& o) {
  const int c = o.cell, margin = c, w = c * 8 + 2 * margin, board_h = c * 9 + 2 * margin;
  const int caption_h = o.caption.empty() ? 0 : c / 2 + 8;
  const int h = board_h + caption_h;
  auto x = [&](int file) { return margin + file * c; };
  auto y = [&](int rank) { return margin + (kRanks - 1 - rank) * c; };  // rank 10 on top
  std::string s;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                "role=\"img\">",
                w, h, w, h);
  s += buf;
  if (!o.title.empty()) s += "<title>" + xml_escape(o.title) + "</title>";
  std::snprintf(buf, sizeof buf, "<rect width=\"%d\" height=\"%d\" rx=\"6\" fill=\"#e8c98b\"/>", w, board_h);
  s += buf;
  board_grid(x, y, board_h, s);
  last_move_marks(o, x, y, c, s);
  piece_discs(pos, o, x, y, c, s);
  better_move_arrow(o, x, y, c, s);
  if (o.show_side) {
    // The side to move: a disc of its colour beside its own back rank's corner.
    const bool cho = pos.side_to_move() == Side::Cho;
    std::snprintf(buf, sizeof buf, "<g class=\"to-move\"><circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\"/><title>",
                  w - 12, cho ? board_h - 14 : 14, c / 6, cho ? "#1f4fa3" : "#b3261e");
    s += buf + xml_escape(i18n::translate(cho ? "Cho to move" : "Han to move")) + "</title></g>";
  }
  if (!o.caption.empty()) {
    std::snprintf(buf, sizeof buf,
                  "<text class=\"caption\" x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"%d\" "
                  "fill=\"#1d2430\" text-anchor=\"middle\">",
                  w / 2, board_h + caption_h - 8, std::max(11, c / 3));
    s += buf;
    s += xml_escape(o.caption) + "</text>";
  }
  s += "</svg>";
  return s;
}

}  // namespace gibo
