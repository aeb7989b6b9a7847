// Resolving a PGN game (raw_game.h): the raw game the grammar found becomes a Game, its
// tags with a meaning read (FEN, Result, Ruleset, Bikjang, Variant), its movetext result
// compared with the Result tag, its moves read as SAN on the board (with ranks Auto, tried
// both ways: WinBoard's 0-based ranks when they read further), its comments ([%emt] as the
// ply's seconds) and NAGs attached, and every problem a diagnostic.
//
// Bad-input policy (formats/pgn/README.md): a move that cannot be read ends the game's
// plies there (`bad-san`, `no-such-move`, `illegal-move`, `ambiguous-move`); the rest of
// the movetext stays in original_text.
#include <algorithm>

#include "../text/board_ply.h"
#include "grammar.h"
#include "gibo/core/utf8.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"
#include "raw_game.h"

namespace gibo::pgn {

using detail::game_diagnostic;

namespace {

// "[%emt H:MM:SS]" (also M:SS or S) inside a comment: removes it and returns the seconds.
std::optional<int> take_emt(std::string& comment) {
  namespace g = pgn_grammar;
  const std::size_t at = comment.find("[%emt");
  if (at == std::string::npos) return std::nullopt;
  g::Emt e;
  const char* first = comment.c_str() + at;
  const char* const last = comment.c_str() + comment.size();
  if (!boost::spirit::x3::parse(first, last,
                                boost::spirit::x3::with<g::emt_tag>(std::ref(e))[g::emt]) ||
      !e.ok)
    return std::nullopt;
  // Remove the command and the blanks that separated it from the rest.
  std::size_t from = at, to = static_cast<std::size_t>(first - comment.c_str());
  while (from > 0 && comment[from - 1] == ' ') --from;
  if (from == 0)
    while (to < comment.size() && comment[to] == ' ') ++to;
  comment.erase(from, to - from);
  return static_cast<int>(e.total);
}
}  // namespace

bool is_result(std::string_view t) {
  const char* p = t.data();
  return pgn_grammar::parse(p, t.data() + t.size(), pgn_grammar::result) && p == t.data() + t.size();
}

// Line and column (characters) of a decoded-text offset.
int GameResolver::line_of(std::size_t offset) const { return line_of_offset(decoded_, offset); }

// Columns are counted on from the last one asked for when it is on the same line and
// before `offset` (tokens come in text order), so a 10 MB line costs linear time.
int GameResolver::column_of(std::size_t offset) const {
  const int line = line_of(offset);
  if (line != col_cache_line_ || offset < col_cache_offset_) {
    col_cache_line_ = line;
    col_cache_offset_ = line > 0 ? decoded_.line_text_offsets[line - 1] : 0;
    col_cache_column_ = 1;
  }
  col_cache_column_ += utf8::count(text().substr(col_cache_offset_, offset - col_cache_offset_));
  col_cache_offset_ = offset;
  return col_cache_column_;
}

// A diagnostic about game `g` at a decoded-text offset.
void GameResolver::add(Game& g, const char* code, Severity severity, std::size_t offset, int ply, std::string token,
                       std::string message) const {
  add_diagnostic(g, game_diagnostic(code, severity, options_.file_name, line_of(offset), column_of(offset),
                                    g.source.game_index, ply, std::move(token), std::move(message)));
}

Game GameResolver::resolve(const RawGame& raw, int index) {
  Game g;
  g.source.file = options_.file_name;
  g.source.game_index = index;
  g.source.byte_offset = raw_offset_of(decoded_, raw.begin);
  g.source.byte_length = raw_offset_of(decoded_, raw.end) - g.source.byte_offset;
  g.source.line = line_of(raw.begin);
  g.source.column = column_of(raw.begin);
  g.original_text = std::string(text().substr(raw.begin, raw.end - raw.begin));
  g.tags = raw.tags;
  bad_start_ = false;
  interpret_tags(raw, g);
  for (const auto& p : raw.problems) add(g, p.code, p.severity, p.offset, 0, p.token, p.message);
  for (const RawGame::Skipped& k : raw.skipped)
    add(g, "skipped", Severity::Note, k.offset, k.after_ply, "",
        k.what + (k.what == "variation" ? " skipped (gibo keeps the main line only)" : " skipped"));
  take_result(raw, g);
  read_moves(raw, g);
  return g;
}

// The tags with a meaning: FEN (start), Result, Ruleset, Bikjang, Variant.
void GameResolver::interpret_tags(const RawGame& raw, Game& g) {
  for (std::size_t k = 0; k < g.tags.size(); ++k) {
    const Tag& t = g.tags[k];
    const std::size_t at = raw.tag_offsets[k];
    if (t.name == "FEN") {
      if (auto start = start_from_fen(t.value)) {
        g.start = *start;
      } else {
        add(g, "bad-fen", Severity::Error, at, 0, t.value, "[FEN] is not a janggi position: " + start.error().message);
        bad_start_ = true;
      }
    } else if (t.name == "Result") {
      g.result_text = t.value;
      g.has_result = true;
      if (!is_result(t.value))
        add(g, "bad-tag-value", Severity::Warning, at, 0, t.value, "Result is not 1-0, 0-1, 1/2-1/2 or *");
    } else if (t.name == "Ruleset") {
      g.saved_profile_id = t.value;
    } else if (t.name == "Bikjang") {
      if (t.value == "on") g.saved_bikjang_option = true;
      else if (t.value == "off") g.saved_bikjang_option = false;
      else add(g, "bad-tag-value", Severity::Warning, at, 0, t.value, "Bikjang is not on or off; ignored");
    } else if (t.name == "Variant") {
      std::string v = t.value;
      std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::tolower(c); });
      if (v.find("janggi") == std::string::npos) {
        add(g, "not-janggi", Severity::Error, at, 0, t.value, "the game is not Janggi; its moves are not read");
        bad_start_ = true;
      }
    }
  }
}

// The movetext's result token: the game's result when no Result tag gives one, else
// compared with it. The .gib result text gibo's PGN writer kept (GibResult) is the stored
// result when it says what the token says: gibo reads back the method and margin it wrote.
void GameResolver::take_result(const RawGame& raw, Game& g) const {
  if (!raw.result.text.empty()) {
    if (!g.has_result) {
      g.result_text = raw.result.text;
      g.has_result = true;
    } else if (g.result_text != raw.result.text) {
      add(g, "result-mismatch", Severity::Warning, raw.result.offset, 0, std::string(raw.result.text),
          "the movetext ends with " + std::string(raw.result.text) + " but the Result tag says " + g.result_text);
    }
  }
  if (g.has_result)
    if (const std::string* gib = restoring_gib_result(g.tags, g.result_text)) g.result_text = *gib;
}

// The moves on the board (none when the start is unusable), with the rank convention the
// options ask for or, with ranks Auto, the one that reads further.
void GameResolver::read_moves(const RawGame& raw, Game& g) {
  if (bad_start_) {
    if (!raw.moves.empty())
      add(g, "moves-not-read", Severity::Note, raw.moves.front().offset, 0, "",
          std::to_string(raw.moves.size()) + " moves not read (no usable start position)");
    attach_comments(g, raw.comments[0], nullptr);
    return;
  }
  const LegalityRules rules = game_legality_rules(g, options_.profile ? *options_.profile : default_profile());
  bool zero = options_.ranks == PgnRanks::ZeroBased;
  if (options_.ranks == PgnRanks::Auto) {
    const Attempt one = resolve_moves(raw, rules, false, g, nullptr);
    if (!one.complete) {
      const Attempt z = resolve_moves(raw, rules, true, g, nullptr);
      zero = z.plies > one.plies;
    }
    if (zero)
      add(g, "zero-based-ranks", Severity::Note, raw.moves.empty() ? raw.begin : raw.moves.front().offset, 0, "",
          "moves read with WinBoard's 0-based ranks (Cho's general on e1)");
  }
  resolve_moves(raw, rules, zero, g, &g);  // the start is read before any ply is added
}

// Resolves the moves with the given rank convention. With `out`, fills its plies,
// comments and diagnostics. `header` gives the start position (its plies are not used).
GameResolver::Attempt GameResolver::resolve_moves(const RawGame& raw, const LegalityRules& rules, bool zero_based,
                                                  const Game& header, Game* out) const {
  Attempt a;
  Position pos;
  if (start_position(header, rules, pos)) return a;
  SanReadOptions opts;
  opts.zero_based_ranks = zero_based;
  if (out) attach_comments(*out, raw.comments[0], nullptr);
  for (std::size_t k = 0; k < raw.moves.size(); ++k) {
    const Token& t = raw.moves[k];
    const MoveReadResult r = read_san(pos, t.text, opts);
    if (!r) {
      if (out) {
        const NotationError& e = r.error();
        const char* code = e.kind == NotationErrorKind::Syntax      ? "bad-san"
                           : e.kind == NotationErrorKind::NoMatch   ? "no-such-move"
                           : e.kind == NotationErrorKind::Illegal   ? "illegal-move"
                                                                     : "ambiguous-move";
        const std::size_t left = raw.moves.size() - k;
        add(*out, code, Severity::Error, t.offset, static_cast<int>(k) + 1, std::string(t.text),
            e.message + (left > 1 ? "; this and the " + std::to_string(left - 1) + " moves after it are not read"
                                  : "; the move is not read"));
      }
      return a;
    }
    if (out) {
      const int line = line_of(t.offset), col = column_of(t.offset);
      out->plies.push_back(detail::board_ply(pos, *r, std::string(t.text), line, col, detail::stated_marks(t.text)));
      attach_comments(*out, raw.comments[k + 1], &out->plies.back());
      out->plies.back().nags = raw.nags[k + 1];
    } else {
      pos.do_move(*r);
    }
    ++a.plies;
  }
  a.complete = true;
  return a;
}

// Adds comments to `ply` (its [%emt] becoming the ply's seconds), or to the game's
// header comments when `ply` is null.
void GameResolver::attach_comments(Game& g, const std::vector<RawGame::Comment>& comments, RecordedPly* ply) {
  for (const RawGame::Comment& c : comments) {
    std::string text = c.text;
    if (ply) {
      if (auto seconds = take_emt(text)) {
        ply->seconds = *seconds;
        if (text.empty()) continue;
      }
    }
    if (ply) ply->comments.push_back(std::move(text));
    else g.header_comments.push_back(std::move(text));
  }
}

}  // namespace gibo::pgn
