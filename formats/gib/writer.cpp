// Canonical .gib writer: tags verbatim and in order, one blank line, header comments,
// numbered plies six to a line, each comment on its own lines after the ply it follows.
// Tag values and comments are escaped (tag_text.h, grammar.h escape_comment) so that no
// text ends its line or block early; a game with no tags gets its start tags, since a
// .gib game begins at a tag line.
// Piece letters, capture suffixes and 장군 come from the board (replay under the game's
// profile); plies past a replay error are written as they were recorded.
#include "../text/games_apart.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/tag_map.h"
#include "gibo/formats/tag_text.h"
#include "gibo/record/replay.h"
#include "grammar.h"

namespace gibo {
namespace {

// Letters per piece type (index PieceType), hangul and hanja; soldiers differ by side.
constexpr std::string_view kHangul[kPieceTypeCount] = {"", "장", "사", "상", "마", "차", "포", "졸"};
constexpr std::string_view kHanja[kPieceTypeCount] = {"", "將", "士", "象", "馬", "車", "包", "卒"};

std::string_view letter(Piece p, bool hanja) {
  if (type_of(p) == PieceType::Soldier && side_of(p) == Side::Han) return hanja ? "兵" : "병";
  return (hanja ? kHanja : kHangul)[static_cast<int>(type_of(p))];
}

std::string square_text(Square s, bool old_coordinates) {
  const int file = file_of(s), rank = rank_of(s);  // 0-based
  if (old_coordinates) return std::to_string(10 * file + rank + 1);
  const int row = (10 - rank) % 10;  // rank index 0 (rank 1) -> row 0
  return std::to_string(row) + std::to_string(file + 1);
}

// The token of legal move `m` (a pass: Move::pass) played from `pos`, which it plays.
std::string move_token(Position& pos, Move m, bool old, bool hanja) {
  const Side us = pos.side_to_move();
  if (m.is_pass()) {
    pos.do_move(m);
    return "한수쉼";
  }
  const Piece mover = pos.piece_on(m.from());
  const Piece target = pos.piece_on(m.to());
  std::string token = square_text(m.from(), old);
  if (hanja) token += us == Side::Cho ? "楚" : "漢";
  token += letter(mover, hanja);
  token += square_text(m.to(), old);
  if (target != Piece::None) token += letter(target, hanja);
  pos.do_move(m);
  if (pos.in_check()) token += "장군";
  return token;
}

class GameWriter {
 public:
  GameWriter(const Game& g, const GibWriteOptions& o, std::string& out) : g_(g), o_(o), out_(out) {}

  // Writes the game; returns the number of tag names that had to be changed.
  int write() {
    int renamed = 0;
    for (const Tag& t : tags()) renamed += append_tag_line(out_, t.name, t.value);
    out_ += '\n';
    for (const std::string& c : g_.header_comments) {
      out_ += '{';
      out_ += gib::escape_comment(c);
      out_ += "}\n";
    }
    bool old = false;
    for (const Tag& t : g_.tags)
      if (t.name == "기보형식" && t.value.find("구좌표") != std::string::npos) old = true;

    Position pos;
    const LegalityRules rules = game_legality_rules(g_, o_.profile ? *o_.profile : default_profile());
    const bool start_ok = !start_position(g_, rules, pos).has_value();
    bool replaying = start_ok;

    int on_line = 0;
    for (std::size_t i = 0; i < g_.plies.size(); ++i) {
      const RecordedPly& rp = g_.plies[i];
      std::string token;
      if (replaying) replaying = ply_token(pos, rp, old, token);
      if (!replaying) token = rp.text.empty() ? (rp.pass ? "한수쉼" : "") : rp.text;
      if (on_line) out_ += ' ';
      out_ += std::to_string(i + 1) + ". " + token;
      if (rp.seconds) out_ += " <" + std::to_string(*rp.seconds) + ">";
      ++on_line;
      if (!rp.comments.empty() || on_line == o_.plies_per_line || i + 1 == g_.plies.size()) {
        out_ += '\n';
        on_line = 0;
      }
      for (const std::string& c : rp.comments) {
        out_ += '{';
        out_ += gib::escape_comment(c);
        out_ += "}\n";
      }
    }
    return renamed;
  }

 private:
  // The game's tags; for a game with none, the tags that state its start (both setups
  // even when they are the default, or 판).
  std::vector<Tag> tags() const {
    if (!g_.tags.empty()) return g_.tags;
    std::vector<Tag> start = gib_tags(g_);
    if (start.empty())
      start = {{"초차림", std::string(gib_setup_name(g_.start.cho))}, {"한차림", std::string(gib_setup_name(g_.start.han))}};
    return start;
  }

  // Writes the ply's token from the board and plays it; false if it does not replay.
  bool ply_token(Position& pos, const RecordedPly& rp, bool old, std::string& token) {
    if (rp.pass) {
      const Square g = pos.general(pos.side_to_move());
      if (g == kNoSquare || !pos.is_legal(Move::pass(g))) return false;
      token = move_token(pos, Move::pass(g), old, o_.hanja);
      return true;
    }
    if (!pos.is_legal(rp.move)) return false;
    token = move_token(pos, rp.move, old, o_.hanja);
    return true;
  }

  const Game& g_;
  const GibWriteOptions& o_;
  std::string& out_;
};

}  // namespace

std::string gib_move_text(const Position& before, Move m) {
  Position pos = before;
  return move_token(pos, m, false, false);
}

void write_gib_game(std::string& out, const Game& game, const GibWriteOptions& options, WriteLoss* loss) {
  if (options.encoding != text::Encoding::Cp949) {
    const int renamed = GameWriter(game, options, out).write();
    if (loss) loss->renamed_tags += renamed;
    return;
  }
  std::string text;
  const int renamed = GameWriter(game, options, text).write();
  const std::size_t lost = text::utf8_to_cp949(text, out);
  if (loss) {
    loss->renamed_tags += renamed;
    loss->unencodable += static_cast<int>(lost);
  }
}

std::string write_gib(const std::vector<Game>& games, const GibWriteOptions& options) {
  return detail::games_apart(games, [&](std::string& out, const Game& g) { write_gib_game(out, g, options); });
}

}  // namespace gibo
