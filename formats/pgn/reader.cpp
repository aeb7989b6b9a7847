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

#include "../text/all_games.h"
#include "../text/board_ply.h"
#include "grammar.h"
#include "gibo/core/utf8.h"
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

class Reader {
 public:
  Reader(std::string_view bytes, const PgnReadOptions& options, TextFileInfo& info,
         const std::function<void(Game&&)>& on_game)
      : bytes_(bytes), options_(options), info_(info), on_game_(on_game) {}

  // Decodes the bytes and delivers every game in file order.
  void run() {
    decoded_ = decode_file(bytes_, options_.encoding, options_.file_name, info_);
    s_ = decoded_.text;
    const char* first = s_.data();
    pgn_grammar::parse(first, end(), pgn_grammar::spaces);
    if (first == end()) {
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
  // ---- lexing (the rules are grammar.h's) ------------------------------------------------
  const char* at(std::size_t offset) const { return s_.data() + offset; }
  std::size_t offset_of(const char* p) const { return static_cast<std::size_t>(p - s_.data()); }
  const char* end() const { return s_.data() + s_.size(); }

  // Is `at` preceded only by blanks on its line?
  bool at_line_start(std::size_t at) const {
    std::size_t i = at;
    while (i > 0 && (s_[i - 1] == ' ' || s_[i - 1] == '\t')) --i;
    return i == 0 || s_[i - 1] == '\n';
  }

  // Skips white space and '%' escape lines.
  void skip_blank_and_escapes() {
    for (;;) {
      const char* p = at(p_);
      pgn_grammar::parse(p, end(), pgn_grammar::spaces);
      p_ = offset_of(p);
      if (p_ < s_.size() && s_[p_] == '%' && at_line_start(p_) && pgn_grammar::parse(p, end(), pgn_grammar::escape_line)) {
        p_ = offset_of(p);
        continue;
      }
      return;
    }
  }

  // Does a tag line start at `at`? (tag-start at the start of a line)
  bool tag_line_at(std::size_t offset) const {
    const char* p = at(offset);
    return offset < s_.size() && s_[offset] == '[' && at_line_start(offset) &&
           pgn_grammar::parse(p, end(), pgn_grammar::tag_start);
  }

  // Parses a tag line at p_; on failure skips the line and records a problem naming the
  // part of tag-line that is missing.
  void lex_tag(RawGame& g) {
    namespace pg = pgn_grammar;
    const std::size_t start = p_;
    boost::fusion::deque<boost::iterator_range<const char*>, boost::iterator_range<const char*>> parts;
    const char* p = at(p_);
    if (pg::parse(p, end(), pg::tag_line, parts)) {
      g.tags.push_back({std::string(pg::view(boost::fusion::at_c<0>(parts))),
                        unescape_tag_value(pg::view(boost::fusion::at_c<1>(parts)))});
      g.tag_offsets.push_back(start);
      p_ = offset_of(p);
      return;
    }
    // Which part is missing: read the parts one by one.
    const char* why = "no tag name";
    p = at(p_ + 1);
    boost::iterator_range<const char*> part;
    pg::parse(p, end(), pg::blanks);
    if (pg::parse(p, end(), pg::tag_name, part)) {
      pg::parse(p, end(), pg::blanks);
      why = "expected '\"' before the value";
      if (pg::parse(p, end(), boost::spirit::x3::lit('"'))) {
        pg::parse(p, end(), pg::tag_value, part);
        why = "expected ']' after the value";
        if (!pg::parse(p, end(), boost::spirit::x3::lit('"'))) why = "unterminated value";
      }
    }
    std::size_t eol = s_.find('\n', start);
    if (eol == std::string_view::npos) eol = s_.size();
    g.problems.push_back({"bad-tag", Severity::Warning, start, std::string(s_.substr(start, eol - start)),
                          std::string("tag line skipped: ") + why});
    p_ = eol;
  }

  // Where an unclosed comment whose text the rule comment-text stopped at `stop` ends:
  // after the line end before the tag line, or at the end of the text.
  std::size_t unclosed_end(const char* stop) const { return stop == end() ? s_.size() : offset_of(stop) + 1; }

  // A {…} comment at p_ (the brace included).
  void lex_brace_comment(RawGame& g) {
    namespace pg = pgn_grammar;
    const std::size_t open = p_;
    const char* p = at(open + 1);
    boost::iterator_range<const char*> text;
    pg::parse(p, end(), pg::comment_text, text);
    if (p != end() && *p == '}') {
      g.comments.back().push_back({std::string(pg::view(text)), open});
      p_ = offset_of(p) + 1;
      return;
    }
    const std::size_t stop = unclosed_end(p);
    g.problems.push_back({"unterminated-comment", Severity::Error, open, "{",
                          std::string("comment opened here is never closed; it ends at ") +
                              (stop >= s_.size() ? "the end of the file" : "the next tag line")});
    std::string kept(s_.substr(open + 1, stop - open - 1));
    while (!kept.empty() && kept.back() == '\n') kept.pop_back();
    g.comments.back().push_back({std::move(kept), open});
    p_ = stop;
  }

  // A (…) variation at p_, nested, with comments inside; skipped with a note. One never
  // closed ends at the next tag line (or the end of the file).
  void skip_variation(RawGame& g) {
    namespace pg = pgn_grammar;
    const std::size_t open = p_;
    int depth = 1;
    const char* p = at(open + 1);
    pg::parse(p, end(), boost::spirit::x3::with<pg::depth_tag>(std::ref(depth))[pg::variation_body]);
    if (depth == 0) {
      g.skipped.push_back({open, "variation", static_cast<int>(g.moves.size())});
      p_ = offset_of(p);
      return;
    }
    std::size_t stop = s_.size();
    if (p != end() && *p == '\n') {
      stop = offset_of(p) + 1;
    } else if (p != end()) {  // a '{' never closed
      ++p;
      pg::parse(p, end(), pg::comment_text);
      stop = unclosed_end(p);
    }
    g.problems.push_back({"unterminated-variation", Severity::Error, open, "(",
                          "variation opened here is never closed; the rest of the game is skipped"});
    p_ = stop;
  }

  // Is `t` a PGN result token?
  static bool is_result(std::string_view t) {
    const char* p = t.data();
    return pgn_grammar::parse(p, t.data() + t.size(), pgn_grammar::result) && p == t.data() + t.size();
  }

  // Lexes one game from p_: its tag section, then movetext up to a result token or the
  // next tag line.
  void lex_game(RawGame& g) {
    namespace pg = pgn_grammar;
    g.begin = p_;
    g.comments.emplace_back();
    g.nags.emplace_back();
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
      const char* p = at(p_);
      boost::iterator_range<const char*> text;
      if (c == '{') {
        lex_brace_comment(g);
      } else if (c == ';') {
        pg::parse(p, end(), pg::line_comment, text);
        g.comments.back().push_back({std::string(pg::view(text)), p_});
        p_ = offset_of(p);
      } else if (c == '(') {
        skip_variation(g);
      } else if (c == ')') {
        g.problems.push_back({"stray-text", Severity::Warning, p_, ")", "')' without a variation is ignored"});
        ++p_;
      } else if (c == '$') {
        pg::parse(p, end(), pg::nag, text);
        // A glyph after a move is the ply's ($0 to $255, as PGN numbers them); one before
        // the first move, or out of range, is skipped with a note.
        const std::string_view digits = pg::view(text).substr(1);
        int n = digits.empty() || digits.size() > 3 ? -1 : 0;
        for (char d : digits)
          if (n >= 0) n = 10 * n + (d - '0');
        if (!g.moves.empty() && n >= 0 && n <= 255)
          g.nags.back().push_back(n);
        else
          g.skipped.push_back({p_, "annotation glyph " + std::string(pg::view(text)), static_cast<int>(g.moves.size())});
        p_ = offset_of(p);
      } else if (c == '}') {
        g.end = ++p_;
        g.problems.push_back({"stray-text", Severity::Warning, p_ - 1, "}", "'}' without a comment is ignored"});
        continue;
      } else {
        const char* q = p;
        if (pg::parse(q, end(), pg::result)) {
          g.result = {std::string_view(p, static_cast<std::size_t>(q - p)), p_};
          g.end = p_ = offset_of(q);
          take_trailing_comments(g);
          return;
        }
        pg::parse(p, end(), pg::symbol, text);
        g.end = offset_of(p);
        // A move number ("12." or "12...") alone or glued to the move.
        q = text.begin();
        if (!pg::parse(q, text.end(), pg::move_number)) q = text.begin();
        const std::size_t from = p_ + static_cast<std::size_t>(q - text.begin());
        p_ = offset_of(p);
        if (q == text.end()) continue;
        g.moves.push_back({std::string_view(q, static_cast<std::size_t>(text.end() - q)), from});
        g.comments.emplace_back();
        g.nags.emplace_back();
      }
      g.end = p_;
    }
  }

  // Comments right after the result token belong to the game that just ended.
  void take_trailing_comments(RawGame& g) {
    for (;;) {
      const char* q = at(p_);
      pgn_grammar::parse(q, end(), pgn_grammar::spaces);
      if (q == end() || *q != '{') return;
      p_ = offset_of(q);
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
    col_cache_column_ += utf8::count(s_.substr(col_cache_offset_, offset - col_cache_offset_));
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
  void attach_comments(Game& g, const std::vector<RawGame::Comment>& comments, RecordedPly* ply) {
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
        add(g, "result-mismatch", Severity::Warning, raw.result.offset, 0, std::string(raw.result.text),
            "the movetext ends with " + std::string(raw.result.text) + " but the Result tag says " + g.result_text);
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
