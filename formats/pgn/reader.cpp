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
#include "../text/decoded_reader.h"
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

class Reader : detail::DecodedReader<PgnReadOptions> {
 public:
  using DecodedReader::DecodedReader;

  // Decodes the bytes and delivers every game in file order (pgn_grammar::file, whose
  // actions are read<>() below).
  void run() {
    decode();
    s_ = decoded_.text;
    const char* first = s_.data();
    pgn_grammar::parse(first, end(), pgn_grammar::spaces);
    if (first == end()) {
      file_error("empty-file", "the file holds no games");
      return;
    }
    next_game();
    first = s_.data();
    pgn_grammar::parse(first, end(),
                       boost::spirit::x3::with<pgn_grammar::reader_tag>(std::ref(*this))[pgn_grammar::file]);
    if (info_.games == 0) file_error("no-games", "no PGN game (tag section or movetext) found");
  }

  // ---- the actions of the grammar's game rules ------------------------------------------------
  int depth = 0;  // of the variation being read

  // Is `p` preceded only by blanks on its line?
  bool at_line_start(const char* p) const {
    std::size_t i = offset_of(p);
    while (i > 0 && (s_[i - 1] == ' ' || s_[i - 1] == '\t')) --i;
    return i == 0 || s_[i - 1] == '\n';
  }

  // A part of the game being read: `text` is what its rule matched.
  template <pgn_grammar::Part part>
  void read(std::string_view text) {
    using P = pgn_grammar::Part;
    RawGame& g = game_;
    const std::size_t at = offset_of(text.data());
    if constexpr (part == P::game) {
      finish_game(at);
      return;
    } else if constexpr (part == P::tag) {
      read_tag(text, at);
    } else if constexpr (part == P::bad_tag) {
      g.problems.push_back(
          {"bad-tag", Severity::Warning, at, std::string(text), "tag line skipped: " + why_no_tag(text)});
    } else if constexpr (part == P::comment) {
      g.comments.back().push_back({std::string(text.substr(1, text.size() - 2)), at});
    } else if constexpr (part == P::unclosed_comment) {
      read_unclosed_comment(text, at);
    } else if constexpr (part == P::line_comment) {
      g.comments.back().push_back({std::string(text.substr(1)), at});
    } else if constexpr (part == P::variation) {
      if (depth == 0)
        g.skipped.push_back({at, "variation", static_cast<int>(g.moves.size())});
      else
        g.problems.push_back({"unterminated-variation", Severity::Error, at, "(",
                              "variation opened here is never closed; the rest of the game is skipped"});
    } else if constexpr (part == P::stray) {
      g.problems.push_back({"stray-text", Severity::Warning, at, std::string(text),
                            text == ")" ? "')' without a variation is ignored" : "'}' without a comment is ignored"});
    } else if constexpr (part == P::nag) {
      read_nag(text, at);
    } else if constexpr (part == P::move) {
      g.moves.push_back({text, at});
      g.comments.emplace_back();
      g.nags.emplace_back();
    } else if constexpr (part == P::result) {
      g.result = {text, at};
    }
    g.end = at + text.size();
  }

 private:
  std::size_t offset_of(const char* p) const { return static_cast<std::size_t>(p - s_.data()); }
  const char* end() const { return s_.data() + s_.size(); }

  // Starts the next game (its comments and NAGs before the first move).
  void next_game() {
    game_ = RawGame{};
    game_.comments.emplace_back();
    game_.nags.emplace_back();
  }

  // The game read from `begin`: resolved and delivered, unless it holds only comments.
  void finish_game(std::size_t begin) {
    game_.begin = begin;
    if (!game_.tags.empty() || !game_.moves.empty() || !game_.result.text.empty()) resolve(game_);
    next_game();
  }

  // A tag line (pgn_grammar::tag_line): its name and its value, escapes undone.
  void read_tag(std::string_view text, std::size_t at) {
    boost::fusion::deque<boost::iterator_range<const char*>, boost::iterator_range<const char*>> parts;
    const char* p = text.data();
    pgn_grammar::parse(p, text.data() + text.size(), pgn_grammar::tag_line, parts);
    game_.tags.push_back({std::string(pgn_grammar::view_of(boost::fusion::at_c<0>(parts))),
                          unescape_tag_value(pgn_grammar::view_of(boost::fusion::at_c<1>(parts)))});
    game_.tag_offsets.push_back(at);
  }

  // Which part of tag-line a line that starts as one (tag-start) and is none lacks: its
  // parts read one by one.
  static std::string why_no_tag(std::string_view line) {
    namespace pg = pgn_grammar;
    const char* p = line.data() + 1;
    const char* const last = line.data() + line.size();
    boost::iterator_range<const char*> part;
    pg::parse(p, last, pg::blanks);
    if (!pg::parse(p, last, pg::tag_name, part)) return "no tag name";
    pg::parse(p, last, pg::blanks);
    if (!pg::parse(p, last, boost::spirit::x3::lit('"'))) return "expected '\"' before the value";
    pg::parse(p, last, pg::tag_value, part);
    return pg::parse(p, last, boost::spirit::x3::lit('"')) ? "expected ']' after the value" : "unterminated value";
  }

  // A "{" never closed (pgn_grammar::unclosed_comment): an error, and its text kept.
  void read_unclosed_comment(std::string_view text, std::size_t at) {
    const bool to_end = at + text.size() >= s_.size();
    game_.problems.push_back({"unterminated-comment", Severity::Error, at, "{",
                              std::string("comment opened here is never closed; it ends at ") +
                                  (to_end ? "the end of the file" : "the next tag line")});
    std::string kept(text.substr(1));
    while (!kept.empty() && kept.back() == '\n') kept.pop_back();
    game_.comments.back().push_back({std::move(kept), at});
  }

  // Is `t` a PGN result token?
  static bool is_result(std::string_view t) {
    const char* p = t.data();
    return pgn_grammar::parse(p, t.data() + t.size(), pgn_grammar::result) && p == t.data() + t.size();
  }

  // A NAG: the ply's ($0 to $255, as PGN numbers them, after a move); one before the
  // first move, or out of range, is skipped with a note.
  void read_nag(std::string_view text, std::size_t at) {
    int value = 0;  // written by nag-number's digits even when its sequence then fails
    const char* p = text.data() + 1;
    const int n = pgn_grammar::parse(p, text.data() + text.size(), pgn_grammar::nag_number, value) ? value : -1;
    if (!game_.moves.empty() && n >= 0 && n <= 255)
      game_.nags.back().push_back(n);
    else
      game_.skipped.push_back({at, "annotation glyph " + std::string(text), static_cast<int>(game_.moves.size())});
  }

  // ---- resolving -----------------------------------------------------------------
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
    // The .gib result text gibo's PGN writer kept (GibResult) is the stored result when
    // it says what the token says: gibo reads back the method and margin it wrote.
    if (g.has_result)
      if (const std::string* gib = restoring_gib_result(g.tags, g.result_text)) g.result_text = *gib;

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
    deliver(std::move(g));
  }

  std::string_view s_;
  RawGame game_;  // the game being read
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
