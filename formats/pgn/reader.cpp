// The PGN reader: bytes -> text -> games (tag section, movetext tokens; pgn_grammar::file,
// grammar.h, whose actions are Reader::read<>() here) -> moves resolved on the board
// (pgn::GameResolver, resolve.cpp). Every problem becomes a diagnostic; nothing is dropped
// without one.
//
// Bad-input policy (see formats/pgn/README.md):
// * A tag line that does not parse is skipped (`bad-tag`, a warning).
// * An unterminated comment or variation ends at the next tag line or the end of the file.
// * A NAG before the first move or out of range is skipped with a note.
// (What a move that cannot be read does: resolve.cpp.)
#include "../text/all_games.h"
#include "../text/decoded_reader.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_text.h"
#include "grammar.h"
#include "raw_game.h"

namespace gibo {
namespace {

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
    pgn::RawGame& g = game_;
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
    game_ = pgn::RawGame{};
    game_.comments.emplace_back();
    game_.nags.emplace_back();
  }

  // The game read from `begin`: resolved and delivered, unless it holds only comments.
  void finish_game(std::size_t begin) {
    game_.begin = begin;
    if (!game_.tags.empty() || !game_.moves.empty() || !game_.result.text.empty())
      deliver(resolver_.resolve(game_, info_.games));
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

  std::string_view s_;
  pgn::RawGame game_;  // the game being read
  pgn::GameResolver resolver_{decoded_, options_};
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
