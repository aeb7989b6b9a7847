// The PGN reader: bytes -> text -> games (tag section, movetext tokens) -> moves resolved
// on the board. Every problem becomes a diagnostic; nothing is dropped without one.
//
// Bad-input policy (see formats/pgn/README.md):
// * A tag line that does not parse is skipped (`bad-tag`, a warning).
// * A move that cannot be read ends the game's plies there (`bad-san`, `no-such-move`,
//   `illegal-move`, `ambiguous-move`); the rest of the movetext stays in original_text.
// * An unterminated comment or variation ends at the next tag line or the end of the file.
// * With ranks Auto, a game that reads further with WinBoard's 0-based ranks is read so
//   (`zero-based-ranks`, a note).
#include <algorithm>
#include <charconv>

#include "../text/all_games.h"
#include "../text/board_ply.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"
#include "gibo/formats/tag_text.h"
#include "gibo/record/replay.h"

namespace gibo {
namespace {

using detail::game_diagnostic;

struct Token {
  std::string text;
  std::size_t offset = 0;  // in the decoded text
};

// One game as the lexer found it, before the moves are resolved.
struct RawGame {
  std::vector<Tag> tags;
  std::vector<std::size_t> tag_offsets;
  std::vector<Token> moves;
  std::vector<std::vector<Token>> comments;  // [0] before the first move, [k] after move k
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

// PGN white space.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// "[%emt H:MM:SS]" (also M:SS or S) inside a comment: removes it and returns the seconds.
std::optional<int> take_emt(std::string& comment) {
  const std::size_t at = comment.find("[%emt");
  if (at == std::string::npos) return std::nullopt;
  const std::size_t close = comment.find(']', at);
  if (close == std::string::npos) return std::nullopt;
  std::string_view body = std::string_view(comment).substr(at + 5, close - at - 5);
  while (!body.empty() && body.front() == ' ') body.remove_prefix(1);
  while (!body.empty() && body.back() == ' ') body.remove_suffix(1);
  long total = 0;
  int fields = 0;
  std::size_t i = 0;
  while (i <= body.size()) {
    std::size_t j = body.find(':', i);
    if (j == std::string_view::npos) j = body.size();
    const std::string_view part = body.substr(i, j - i);
    int n = 0;
    auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
    if (part.empty() || ec != std::errc() || ptr != part.data() + part.size() || n < 0) return std::nullopt;
    if (++fields > 3 || (fields > 1 && n >= 60)) return std::nullopt;
    total = total * 60 + n;
    if (total > 100000000) return std::nullopt;
    i = j + 1;
  }
  // Remove the command and the blanks that separated it from the rest.
  std::size_t from = at, to = close + 1;
  while (from > 0 && comment[from - 1] == ' ') --from;
  if (from == 0)
    while (to < comment.size() && comment[to] == ' ') ++to;
  comment.erase(from, to - from);
  return static_cast<int>(total);
}

class Reader {
 public:
  Reader(std::string_view bytes, const PgnReadOptions& options, TextFileInfo& info,
         const std::function<void(Game&&)>& on_game)
      : bytes_(bytes), options_(options), info_(info), on_game_(on_game) {}

  // Decodes the bytes and delivers every game in file order.
  void run() {
    decoded_ = decode_file(bytes_, options_.encoding, options_.file_name, info_);
    s_ = decoded_.text;
    if (std::all_of(s_.begin(), s_.end(), is_space)) {
      file_error("empty-file", "the file holds no games");
      return;
    }
    p_ = 0;
    for (;;) {
      skip_blank_and_escapes();
      if (p_ >= s_.size()) break;
      RawGame raw;
      lex_game(raw);
      if (raw.tags.empty() && raw.moves.empty() && raw.result.text.empty()) continue;  // comments only
      resolve(raw);
    }
    if (info_.games == 0) file_error("no-games", "no PGN game (tag section or movetext) found");
  }

 private:
  // ---- lexing ------------------------------------------------------------------
  // Is `at` preceded only by blanks on its line?
  bool at_line_start(std::size_t at) const {
    std::size_t i = at;
    while (i > 0 && (s_[i - 1] == ' ' || s_[i - 1] == '\t')) --i;
    return i == 0 || s_[i - 1] == '\n';
  }

  // Skips white space and '%' escape lines.
  void skip_blank_and_escapes() {
    for (;;) {
      while (p_ < s_.size() && is_space(s_[p_])) ++p_;
      if (p_ < s_.size() && s_[p_] == '%' && at_line_start(p_)) {
        while (p_ < s_.size() && s_[p_] != '\n') ++p_;
        continue;
      }
      return;
    }
  }

  // Does a tag line start at `at`? ('[' then a name character)
  bool tag_line_at(std::size_t at) const {
    if (at >= s_.size() || s_[at] != '[' || !at_line_start(at)) return false;
    std::size_t i = at + 1;
    while (i < s_.size() && (s_[i] == ' ' || s_[i] == '\t')) ++i;
    return i < s_.size() && !is_space(s_[i]) && s_[i] != '"' && s_[i] != ']' && s_[i] != '%';
  }

  // Parses a tag line at p_; on failure skips the line and records a problem.
  void lex_tag(RawGame& g) {
    const std::size_t start = p_;
    std::size_t i = p_ + 1;
    auto fail = [&](const char* why) {
      std::size_t eol = s_.find('\n', start);
      if (eol == std::string_view::npos) eol = s_.size();
      g.problems.push_back({"bad-tag", Severity::Warning, start, std::string(s_.substr(start, eol - start)),
                            std::string("tag line skipped: ") + why});
      p_ = eol;
    };
    while (i < s_.size() && (s_[i] == ' ' || s_[i] == '\t')) ++i;
    const std::size_t name_begin = i;
    while (i < s_.size() && !is_space(s_[i]) && s_[i] != '"' && s_[i] != ']') ++i;
    std::string name(s_.substr(name_begin, i - name_begin));
    while (i < s_.size() && (s_[i] == ' ' || s_[i] == '\t')) ++i;
    if (name.empty()) return fail("no tag name");
    if (i >= s_.size() || s_[i] != '"') return fail("expected '\"' before the value");
    ++i;
    std::string value;
    for (;;) {
      if (i >= s_.size() || s_[i] == '\n') return fail("unterminated value");
      if (s_[i] == '\\' && i + 1 < s_.size() && tag_value_escape(s_[i + 1])) {  // tag_text.h
        value += tag_value_escape(s_[i + 1]);
        i += 2;
        continue;
      }
      if (s_[i] == '"') break;
      value += s_[i++];
    }
    ++i;
    while (i < s_.size() && (s_[i] == ' ' || s_[i] == '\t')) ++i;
    if (i >= s_.size() || s_[i] != ']') return fail("expected ']' after the value");
    ++i;
    g.tags.push_back({std::move(name), std::move(value)});
    g.tag_offsets.push_back(start);
    p_ = i;
  }

  // The start of the first tag line after the line holding `open` and before `limit`,
  // or `limit` if there is none: where an unterminated construct opened at `open` ends.
  // Only a '[' in the first column counts here (gibo's writer indents a comment line
  // that would begin with '[', so such a comment reads back whole). Scans only
  // [open, limit), so well-formed input is lexed in linear time.
  std::size_t recovery_point(std::size_t open, std::size_t limit) const {
    const std::string_view window = s_.substr(0, limit);  // never search past `limit`
    for (std::size_t i = window.find('\n', open); i != std::string_view::npos; i = window.find('\n', i + 1))
      if (tag_line_at(i + 1)) return std::min(i + 1, limit);
    return limit;
  }

  // A {…} comment at p_ (the brace included).
  void lex_brace_comment(RawGame& g) {
    const std::size_t open = p_;
    const std::size_t close = s_.find('}', open + 1);
    const std::size_t limit = close == std::string_view::npos ? s_.size() : close;
    const std::size_t stop = recovery_point(open, limit);
    if (close == std::string_view::npos || stop < limit) {
      g.problems.push_back({"unterminated-comment", Severity::Error, open, "{",
                            std::string("comment opened here is never closed; it ends at ") +
                                (stop >= s_.size() ? "the end of the file" : "the next tag line")});
      std::string text(s_.substr(open + 1, stop - open - 1));
      while (!text.empty() && text.back() == '\n') text.pop_back();
      g.comments.back().push_back({std::move(text), open});
      p_ = stop;
      return;
    }
    g.comments.back().push_back({std::string(s_.substr(open + 1, close - open - 1)), open});
    p_ = close + 1;
  }

  // A (…) variation at p_, nested, with comments inside; skipped with a note. One never
  // closed ends at the next tag line (or the end of the file).
  void skip_variation(RawGame& g) {
    const std::size_t open = p_;
    int depth = 0;
    std::size_t i = p_, stop = s_.size();
    for (; i < s_.size(); ++i) {
      const char c = s_[i];
      if (c == '\n') {
        std::size_t j = i + 1;
        while (j < s_.size() && (s_[j] == ' ' || s_[j] == '\t')) ++j;
        if (tag_line_at(j)) {
          stop = i + 1;
          break;
        }
      } else if (c == '{') {
        const std::size_t close = s_.find('}', i + 1);
        const std::size_t limit = close == std::string_view::npos ? s_.size() : close;
        const std::size_t tag = recovery_point(i, limit);
        if (close == std::string_view::npos || tag < limit) {
          stop = tag;
          break;
        }
        i = close;
      } else if (c == ';') {
        const std::size_t eol = s_.find('\n', i);
        if (eol == std::string_view::npos) break;
        i = eol - 1;  // the newline is looked at next
      } else if (c == '(') {
        ++depth;
      } else if (c == ')') {
        if (--depth == 0) {
          g.skipped.push_back({open, "variation", static_cast<int>(g.moves.size())});
          p_ = i + 1;
          return;
        }
      }
    }
    g.problems.push_back({"unterminated-variation", Severity::Error, open, "(",
                          "variation opened here is never closed; the rest of the game is skipped"});
    p_ = stop;
  }

  // Is `t` a PGN result token?
  static bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

  // Lexes one game from p_: its tag section, then movetext up to a result token or the
  // next tag line.
  void lex_game(RawGame& g) {
    g.begin = p_;
    g.comments.emplace_back();
    // Tag section.
    for (;;) {
      skip_blank_and_escapes();
      if (!tag_line_at(p_)) break;
      lex_tag(g);
      g.end = p_;
    }
    // Movetext, up to a result token or the next tag line.
    for (;;) {
      skip_blank_and_escapes();
      if (p_ >= s_.size()) break;
      const char c = s_[p_];
      if (c == '[' && tag_line_at(p_)) break;
      if (c == '{') {
        lex_brace_comment(g);
      } else if (c == ';') {
        std::size_t eol = s_.find('\n', p_);
        if (eol == std::string_view::npos) eol = s_.size();
        g.comments.back().push_back({std::string(s_.substr(p_ + 1, eol - p_ - 1)), p_});
        p_ = eol;
      } else if (c == '(') {
        skip_variation(g);
      } else if (c == ')') {
        g.problems.push_back({"stray-text", Severity::Warning, p_, ")", "')' without a variation is ignored"});
        ++p_;
      } else if (c == '$') {
        std::size_t e = p_ + 1;
        while (e < s_.size() && s_[e] >= '0' && s_[e] <= '9') ++e;
        g.skipped.push_back({p_, "annotation glyph " + std::string(s_.substr(p_, e - p_)),
                             static_cast<int>(g.moves.size())});
        p_ = e;
      } else {
        std::size_t e = p_;
        while (e < s_.size() && !is_space(s_[e]) && s_[e] != '{' && s_[e] != '}' && s_[e] != '(' &&
               s_[e] != ')' && s_[e] != ';' && s_[e] != '$')
          ++e;
        if (e == p_) ++e;  // a lone '}' or similar
        Token t{std::string(s_.substr(p_, e - p_)), p_};
        p_ = e;
        g.end = p_;
        if (is_result(t.text)) {
          g.result = std::move(t);
          take_trailing_comments(g);
          return;
        }
        // A move number ("12." or "12...") alone or glued to the move.
        std::size_t k = 0;
        while (k < t.text.size() && t.text[k] >= '0' && t.text[k] <= '9') ++k;
        if (k > 0 && k < t.text.size() && t.text[k] == '.') {
          while (k < t.text.size() && t.text[k] == '.') ++k;
          t.text.erase(0, k);
          t.offset += k;
          if (t.text.empty()) continue;
        }
        if (t.text == "}") {
          g.problems.push_back({"stray-text", Severity::Warning, t.offset, "}", "'}' without a comment is ignored"});
          continue;
        }
        g.moves.push_back(std::move(t));
        g.comments.emplace_back();
      }
      g.end = p_;
    }
  }

  // Comments right after the result token belong to the game that just ended.
  void take_trailing_comments(RawGame& g) {
    for (;;) {
      std::size_t q = p_;
      while (q < s_.size() && is_space(s_[q])) ++q;
      if (q >= s_.size() || s_[q] != '{') return;
      p_ = q;
      lex_brace_comment(g);
      g.end = p_;
    }
  }

  // ---- resolving -----------------------------------------------------------------
  // A diagnostic about the whole file.
  void file_error(const char* code, std::string message) {
    Diagnostic d;
    d.code = code;
    d.file = options_.file_name;
    d.message = std::move(message);
    info_.diagnostics.push_back(std::move(d));
  }

  // Line and column (characters) of a decoded-text offset.
  int line_of(std::size_t offset) const { return line_of_offset(decoded_, offset); }
  // Columns are counted on from the last one asked for when it is on the same line and
  // before `offset` (tokens come in text order), so a 10 MB line costs linear time.
  int column_of(std::size_t offset) const {
    const int line = line_of(offset);
    if (line != col_cache_line_ || offset < col_cache_offset_) {
      col_cache_line_ = line;
      col_cache_offset_ = line > 0 ? decoded_.line_text_offsets[line - 1] : 0;
      col_cache_column_ = 1;
    }
    col_cache_column_ += text::utf8_length(s_.substr(col_cache_offset_, offset - col_cache_offset_));
    col_cache_offset_ = offset;
    return col_cache_column_;
  }

  // A diagnostic about game `g` at a decoded-text offset.
  void add(Game& g, const char* code, Severity severity, std::size_t offset, int ply, std::string token,
           std::string message) {
    add_diagnostic(g, game_diagnostic(code, severity, options_.file_name, line_of(offset), column_of(offset),
                                      g.source.game_index, ply, std::move(token), std::move(message)));
  }

  // The tags with a meaning: FEN (start), Result, Ruleset, Bikjang, Variant.
  void interpret_tags(const RawGame& raw, Game& g) {
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

  struct Attempt {
    int plies = 0;  // moves read
    bool complete = false;
  };

  // Resolves the moves with the given rank convention. With `out`, fills its plies,
  // comments and diagnostics.
  // `header` gives the start position (its plies are not used).
  Attempt resolve_moves(const RawGame& raw, const LegalityRules& rules, bool zero_based, const Game& header,
                        Game* out) {
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
          add(*out, code, Severity::Error, t.offset, static_cast<int>(k) + 1, t.text,
              e.message + (left > 1 ? "; this and the " + std::to_string(left - 1) + " moves after it are not read"
                                    : "; the move is not read"));
        }
        return a;
      }
      if (out) {
        const int line = line_of(t.offset), col = column_of(t.offset);
        out->plies.push_back(detail::board_ply(pos, *r, t.text, line, col, detail::stated_marks(t.text)));
        attach_comments(*out, raw.comments[k + 1], &out->plies.back());
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
  void attach_comments(Game& g, const std::vector<Token>& comments, RecordedPly* ply) {
    for (const Token& c : comments) {
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

  // Builds the Game from a lexed game (tags, start, result, moves on the board) and
  // hands it to on_game_.
  void resolve(const RawGame& raw) {
    Game g;
    g.source.file = options_.file_name;
    g.source.game_index = info_.games;
    g.source.byte_offset = raw_offset_of(decoded_, raw.begin);
    g.source.byte_length = raw_offset_of(decoded_, raw.end) - g.source.byte_offset;
    g.source.line = line_of(raw.begin);
    g.source.column = column_of(raw.begin);
    g.original_text = std::string(s_.substr(raw.begin, raw.end - raw.begin));
    g.tags = raw.tags;
    bad_start_ = false;
    interpret_tags(raw, g);
    for (const auto& p : raw.problems) add(g, p.code, p.severity, p.offset, 0, p.token, p.message);
    for (const RawGame::Skipped& k : raw.skipped)
      add(g, "skipped", Severity::Note, k.offset, k.after_ply, "",
          k.what + (k.what == "variation" ? " skipped (gibo keeps the main line only)" : " skipped"));

    if (!raw.result.text.empty()) {
      if (!g.has_result) {
        g.result_text = raw.result.text;
        g.has_result = true;
      } else if (g.result_text != raw.result.text) {
        add(g, "result-mismatch", Severity::Warning, raw.result.offset, 0, raw.result.text,
            "the movetext ends with " + raw.result.text + " but the Result tag says " + g.result_text);
      }
    }

    if (bad_start_) {
      if (!raw.moves.empty())
        add(g, "moves-not-read", Severity::Note, raw.moves.front().offset, 0, "",
            std::to_string(raw.moves.size()) + " moves not read (no usable start position)");
      attach_comments(g, raw.comments[0], nullptr);
    } else {
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
    ++info_.games;
    on_game_(std::move(g));
  }

  std::string_view bytes_;
  const PgnReadOptions& options_;
  TextFileInfo& info_;
  const std::function<void(Game&&)>& on_game_;
  DecodedText decoded_;
  std::string_view s_;
  std::size_t p_ = 0;
  bool bad_start_ = false;
  mutable int col_cache_line_ = 0;
  mutable std::size_t col_cache_offset_ = 0;
  mutable int col_cache_column_ = 1;
};

}  // namespace

void read_pgn(std::string_view bytes, const PgnReadOptions& options, TextFileInfo& info,
              const std::function<void(Game&&)>& on_game) {
  Reader(bytes, options, info, on_game).run();
}

std::vector<Game> read_pgn(std::string_view bytes, const PgnReadOptions& options, TextFileInfo* info) {
  return detail::all_games(info, [&](TextFileInfo& i, const auto& on_game) { read_pgn(bytes, options, i, on_game); });
}

}  // namespace gibo
