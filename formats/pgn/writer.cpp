// The PGN writer: tags from pgn_tags() (a game whose plies do not all replay gets
// [Termination "unterminated"]), then the movetext in Fairy-Stockfish SAN, wrapped
// before the line width, with comments and {[%emt H:MM:SS]} times.
#include <algorithm>

#include "../text/game_walk.h"
#include "../text/games_apart.h"
#include "gibo/core/utf8.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"
#include "gibo/formats/tag_text.h"

namespace gibo {
namespace {

// Accumulates movetext tokens into lines no wider than `width` (a token wider than the
// line gets a line of its own; comments spanning lines are kept whole).
class LineFiller {
 public:
  LineFiller(std::string& out, int width) : out_(out), width_(width) {}

  // Appends a token, starting a new line first if it would pass the width.
  void add(const std::string& token) {
    const int len = utf8::count(token);
    if (column_ > 0 && column_ + 1 + len > width_) {
      out_ += '\n';
      column_ = 0;
    } else if (column_ > 0) {
      out_ += ' ';
      ++column_;
    }
    out_ += token;
    const std::size_t nl = token.rfind('\n');
    column_ = nl == std::string::npos ? column_ + len : utf8::count(std::string_view(token).substr(nl + 1));
  }

  // Ends the current line (after a ';' comment).
  void break_line() {
    out_ += '\n';
    column_ = 0;
  }

  // Ends the last line.
  void finish() {
    if (column_ > 0) out_ += '\n';
    column_ = 0;
  }

 private:
  std::string& out_;
  int width_;
  int column_ = 0;
};

// {[%emt H:MM:SS]} for a ply's time.
std::string emt(int seconds) {
  const int h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60;
  std::string out = "{[%emt " + std::to_string(h) + ":";
  out += static_cast<char>('0' + m / 10);
  out += static_cast<char>('0' + m % 10);
  out += ':';
  out += static_cast<char>('0' + s / 10);
  out += static_cast<char>('0' + s % 10);
  return out + "]}";
}

// A comment's text as a brace comment can hold it: a line that would begin with '[' in
// its first column (a reader takes it for the tag line of a forgotten '}') gets a space
// before it; CR LF and a lone CR become a line break.
std::string brace_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') continue;
      c = '\n';
    }
    if (c == '[' && !out.empty() && out.back() == '\n') out += ' ';
    out += c;
  }
  return out;
}

// Writes one comment: {…}, or a ';' comment when the text holds a '}' (which a brace
// comment cannot); a multi-line text with a '}' has its braces replaced by ')'. PGN has
// no escape inside comments, so these two rare cases are the lossy ones
// (formats/pgn/README.md).
void write_comment(LineFiller& line, const std::string& text) {
  const bool multi_line = text.find_first_of("\r\n") != std::string::npos;
  if (text.find('}') == std::string::npos) {
    line.add("{" + (multi_line ? brace_safe(text) : text) + "}");
    return;
  }
  if (!multi_line) {
    line.add(";" + text);
    line.break_line();
    return;
  }
  std::string t = brace_safe(text);
  for (char& c : t)
    if (c == '}') c = ')';
  line.add("{" + t + "}");
}

}  // namespace

void write_pgn_game(std::string& out, const Game& g, const PgnWriteOptions& options, WriteLoss* loss) {
  std::vector<Tag> tags = pgn_tags(g);
  std::string result = "*";
  for (const Tag& t : tags)
    if (t.name == "Result") result = t.value;

  // The movetext first: whether every ply replays decides the Termination tag.
  std::string movetext;
  LineFiller line(movetext, options.line_width);
  for (const std::string& c : g.header_comments) write_comment(line, c);

  std::size_t written = 0;
  bool need_number = true;
  Position pos;
  std::vector<Move> opening_moves;
  const int played = detail::walk_plies(g, options.profile, pos, [&](std::size_t i, const Position& before, Move m) {
    if (i < static_cast<std::size_t>(kLineWindow)) opening_moves.push_back(m);
    // A move number stays on the line of its move.
    const int number = before.fullmove_number();
    std::string token;
    if (before.side_to_move() == Side::Cho) token = std::to_string(number) + ". ";
    else if (need_number) token = std::to_string(number) + "... ";
    line.add(token + write_san(before, m));
    need_number = false;
    const RecordedPly& rp = g.plies[i];
    // Glyphs right after the move, before its comments (as python-chess and lichess write them).
    for (int n : rp.nags) {
      std::string glyph(1, '$');
      glyph += std::to_string(n);
      line.add(glyph);
    }
    for (const std::string& c : rp.comments) {
      write_comment(line, c);
      need_number = true;
    }
    if (rp.seconds) {
      line.add(emt(*rp.seconds));
      need_number = true;
    }
  });
  written = played < 0 ? 0 : static_cast<std::size_t>(played);
  if (const auto note = detail::cut_short_note(g, written)) {
    write_comment(line, *note);
    if (loss) {
      loss->unwritten_plies += static_cast<int>(g.plies.size() - written);
      loss->cut_short = true;
    }
    // A game cut short says so in the tags too (after the Seven Tag Roster), unless it
    // states its own termination.
    const bool has_termination =
        std::any_of(tags.begin(), tags.end(), [](const Tag& t) { return t.name == "Termination"; });
    if (!has_termination)
      tags.insert(tags.begin() + std::min<std::ptrdiff_t>(7, std::ssize(tags)), {"Termination", detail::kUnterminated});
  }
  line.add(result);
  line.finish();

  // The opening, computed from the board (formats/pgn/README.md "Opening"), after the start
  // tags, unless the record has its own tags of those names.
  const auto has = [&](const char* name) {
    return std::any_of(tags.begin(), tags.end(), [&](const Tag& t) { return t.name == name; });
  };
  if (!has("Opening") || !has("OpeningCode")) {
    const Opening o = detail::walked_opening(g, opening_moves, options.openings);
    std::vector<Tag> opening;
    if (!has("Opening")) opening.push_back({"Opening", opening_name(o, true)});
    if (!has("OpeningCode")) opening.push_back({"OpeningCode", opening_code(o)});
    auto at = std::find_if(tags.begin(), tags.end(), [](const Tag& t) { return t.name == "SetUp"; });
    at = at == tags.end() ? tags.begin() + std::min<std::ptrdiff_t>(7, std::ssize(tags)) : at + 1;
    tags.insert(at, opening.begin(), opening.end());
  }

  for (const Tag& t : tags)
    if (append_tag_line(out, t.name, t.value) && loss) ++loss->renamed_tags;
  out += '\n';
  out += movetext;
}

std::string write_pgn(const std::vector<Game>& games, const PgnWriteOptions& options) {
  return detail::games_apart(games, [&](std::string& out, const Game& g) { write_pgn_game(out, g, options); });
}

}  // namespace gibo
