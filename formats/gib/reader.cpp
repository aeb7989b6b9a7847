// The .gib reader: bytes -> lines -> games. One scan of the file (gib::Scan, scan.cpp)
// splits it into lines, removes filler and finds where each game starts (tag lines parsed
// there); each game is then read from its lines on demand (GameReader here: its header,
// its body's comments and move lines; GibFile::game), without reading the games before
// it. Its plies come from gib::MoveLineReader (move_line.cpp), its tags with a meaning
// from gib::read_tags_with_meaning (tags.cpp). All drive the grammar's X3 rules
// (grammar.h) over the raw bytes of each line. Every problem becomes a diagnostic on the
// game (or the file), placed by the positions the rules stop at, and nothing is dropped
// silently.
//
// Bad-input policy (see formats/gib/README.md; the file's: scan.cpp; a bad ply token's:
// move_line.cpp):
// * An unterminated comment ends before the first following line that reads as plies,
//   else at the next tag line or at the end of the file.
// * Text after a comment's closing '}' on its line is reported (`stray-text`).
// * Tag values and comments have their escapes undone (grammar.h: the ones the writer
//   makes); a backslash before any other character is kept as it is.
//
// The lines stay raw bytes in the file's encoding: tag lines and ply tokens are parsed
// from them directly and only what a game keeps is decoded (tags, comments, ply texts,
// the game's text, the tokens of diagnostics).
#include <charconv>

#include "../text/all_games.h"
#include "game_parts.h"
#include "gibo/formats/gib.h"
#include "scan.h"

namespace gibo {
namespace {

using namespace std::string_view_literals;

using gib::Coding;
using gib::is_blank;
using gib::decode;
using gib::Line;
using gib::Scan;
namespace grammar = gib::grammar;
namespace x3 = boost::spirit::x3;

// Reads one game from a Scan. Holds only that game's state.
class GameReader {
 public:
  explicit GameReader(const Scan& scan) : s_(scan), lines_(scan.lines_), options_(scan.options_) {}

  Game read(int index) {
    Game g;
    game_ = &g;
    parse_game(s_.starts_[static_cast<std::size_t>(index)], index);
    game_ = nullptr;
    return g;
  }

 private:
  std::string_view raw(const Line& l) const { return s_.raw(l); }
  std::string text(const Line& l) const { return s_.text(l); }
  bool is_tag(std::size_t i) const { return s_.is_tag(i); }

  // Parses the game whose first tag line is lines_[first] into *game_.
  void parse_game(std::size_t first, int index) {
    Game& g = *game_;
    g.source.file = options_.file_name;
    g.source.byte_offset = lines_[first].raw_offset;
    g.source.line = lines_[first].number;
    g.source.column = 1;
    g.source.game_index = index;
    std::size_t i = read_header(first);
    bool old_coordinates = false;
    for (const Tag& t : g.tags) {
      const std::string_view name = t.name;
      if (name == "기보형식"sv && t.value.find("구좌표") != std::string::npos) old_coordinates = true;
      int stated = 0;  // room for the plies 총수 announces (a hint only; checked later)
      if (name == "총수"sv && std::from_chars(t.value.data(), t.value.data() + t.value.size(), stated).ec == std::errc() &&
          stated > 0 && stated <= 1000)
        g.plies.reserve(static_cast<std::size_t>(stated));
    }
    gib::MoveLineReader plies(g, options_.file_name, old_coordinates);
    i = parse_body(i, plies);
    keep_text(first, i);
    gib::read_tags_with_meaning(g, tag_lines_, plies.broken(), options_.file_name);
  }

  // The game's tags, from its run of tag lines from lines_[first]; returns the index after it.
  std::size_t read_header(std::size_t first) {
    Game& g = *game_;
    tag_lines_.clear();
    const Line* end = lines_.data() + first;
    x3::parse(end, lines_.data() + lines_.size(), grammar::header);
    const std::size_t i = static_cast<std::size_t>(end - lines_.data());
    g.tags.reserve(i - first);
    for (std::size_t k = first; k < i; ++k) {
      const gib::TagLine& tag = s_.tags_[static_cast<std::size_t>(lines_[k].tag)];
      g.tags.push_back({tag.name, tag.value});
      tag_lines_.push_back(lines_[k].number);
    }
    return i;
  }

  // The game's place and text: its lines [first, end) up to the last non-blank one.
  void keep_text(std::size_t first, std::size_t end) {
    Game& g = *game_;
    std::size_t last = end;
    while (last > first && lines_[last - 1].blank) --last;
    g.source.byte_length = lines_[last - 1].raw_end - g.source.byte_offset;
    if (options_.original_text) {
      g.original_text.reserve((lines_[last - 1].end - lines_[first].begin) * 3 / 2);
      for (std::size_t k = first; k < last; ++k) {
        decode(raw(lines_[k]), lines_[k].coding, g.original_text);
        g.original_text += '\n';
      }
    }
  }

  void add(const char* code, Severity severity, int line, int column, std::string token, std::string message) {
    gib::add_game_diagnostic(*game_, options_.file_name, code, severity, line, column, 0, std::move(token),
                             std::move(message));
  }

  // Attaches a comment (its escapes undone).
  void attach_comment(std::string comment) {
    if (game_->plies.empty()) game_->header_comments.push_back(std::move(comment));
    else game_->plies.back().comments.push_back(std::move(comment));
  }

  // Reads comment text (grammar::comment_text) from `s` up to its closing '}': appends it,
  // escapes undone, to `comment`; returns the position of the '}', or npos.
  static std::size_t comment_part(std::string_view s, std::string& comment) {
    grammar::Iterator first = s.data();
    const grammar::Iterator last = s.data() + s.size();
    grammar::read_comment_text(first, last, comment);
    return first == last ? std::string_view::npos : static_cast<std::size_t>(first - s.data());
  }

  // The game's body from lines_[i] up to the next game (grammar::body, whose comments and
  // move lines are handed to the two below). Returns the index after it.
  std::size_t parse_body(std::size_t i, gib::MoveLineReader& plies) {
    plies_ = &plies;
    const Line* first = lines_.data() + i;
    x3::parse(first, lines_.data() + lines_.size(), x3::with<grammar::body_tag>(std::ref(*this))[grammar::body]);
    plies_ = nullptr;
    return static_cast<std::size_t>(first - lines_.data());
  }

 public:
  // ---- what grammar::body hands the reader ----------------------------------------------
  // A comment when the line `first` opens one: its lines read, `first` moved past them.
  bool comment_lines(const Line*& first, const Line* last) {
    if (first == last) return false;
    const std::string_view s = raw(*first);
    const std::size_t lead = s.find_first_not_of(" \t");
    if (lead == std::string_view::npos || s[lead] != '{') return false;
    first = lines_.data() + parse_comment(static_cast<std::size_t>(first - lines_.data()), lead);
    return true;
  }
  // A move line.
  void move_line(const Line& line) { plies_->read(line, raw(line)); }

 private:
  // A comment opened at lines_[i] byte `at`; returns the index of the line after it.
  // Comments are kept, so their lines are decoded ('}' may be a CP949 trail byte).
  std::size_t parse_comment(std::size_t i, std::size_t at) {
    const Line& open = lines_[i];
    const std::size_t first_content = i;
    std::string comment;
    std::string& line_text = line_buffer_;  // the blanks before `at` decode to themselves
    line_text.clear();
    decode(raw(open), open.coding, line_text);
    std::string_view s = std::string_view(line_text).substr(at + 1);
    comment.reserve(s.size());
    for (;;) {
      const std::size_t close = comment_part(s, comment);
      if (close != std::string_view::npos) {
        if (!is_blank(s.substr(close + 1)))
          add("stray-text", Severity::Warning, lines_[i].number, 0, std::string(s.substr(close + 1)),
              "text after a closing '}' is ignored");
        attach_comment(std::move(comment));
        return i + 1;
      }
      ++i;
      if (i >= lines_.size() || is_tag(i)) {
        // Never closed: end it before the first line that reads as plies, if any, so
        // the moves after a forgotten '}' are not swallowed.
        std::size_t resume = i;
        std::string kept;
        for (std::size_t k = first_content + 1; k < i; ++k)
          if (starts_with_ply(lines_[k])) {
            resume = k;
            break;
          }
        if (resume != i) {
          // rebuild the comment from the lines before `resume` (none holds a '}')
          comment_part(std::string_view(text(open)).substr(at + 1), kept);
          for (std::size_t k = first_content + 1; k < resume; ++k) {
            kept += '\n';
            comment_part(text(lines_[k]), kept);
          }
          comment = std::move(kept);
        }
        add("unterminated-comment", Severity::Error, open.number, Scan::column_of(open, raw(open), at), "{",
            "comment opened here is never closed; it ends at " +
                std::string(resume != i ? "line " + std::to_string(lines_[resume - 1].number)
                            : i >= lines_.size() ? "the end of the file" : "the next game's header"));
        attach_comment(std::move(comment));
        return resume;
      }
      comment += '\n';
      line_text.clear();
      decode(raw(lines_[i]), lines_[i].coding, line_text);
      s = line_text;
    }
  }

  // Does the line start with "N." and a readable ply token (grammar::ply_line_start)?
  bool starts_with_ply(const Line& line) const {
    const std::string_view s = raw(line);
    grammar::Iterator first = s.data();
    const grammar::Iterator last = s.data() + s.size();
    switch (line.coding) {
      case Coding::Utf8: return x3::parse(first, last, grammar::ply_line_start<Coding::Utf8>);
      case Coding::Cp949: return x3::parse(first, last, grammar::ply_line_start<Coding::Cp949>);
      case Coding::Ascii: return x3::parse(first, last, grammar::ply_line_start<Coding::Ascii>);
    }
    return false;
  }

  const Scan& s_;
  const std::vector<Line>& lines_;
  const GibReadOptions& options_;
  Game* game_ = nullptr;
  std::vector<int> tag_lines_;
  gib::MoveLineReader* plies_ = nullptr;  // the plies of the game whose body is being read
  std::string line_buffer_;  // a comment's line, decoded (one buffer for all)
};

}  // namespace

struct GibFile::Impl : Scan {
  using Scan::Scan;
};

GibFile::GibFile(std::string_view bytes, const GibReadOptions& options) : impl_(std::make_unique<Impl>(bytes, options)) {
  impl_->run();
}
GibFile::~GibFile() = default;
GibFile::GibFile(GibFile&&) noexcept = default;
GibFile& GibFile::operator=(GibFile&&) noexcept = default;

const GibFileInfo& GibFile::info() const { return impl_->info_; }
int GibFile::games() const { return impl_->info_.games; }
Game GibFile::game(int index) const { return GameReader(*impl_).read(index); }

void read_gib(std::string_view bytes, const GibReadOptions& options, GibFileInfo& info,
              const std::function<void(Game&&)>& on_game) {
  const GibFile file(bytes, options);
  info = file.info();
  for (int k = 0; k < file.games(); ++k) on_game(file.game(k));
}

std::vector<Game> read_gib(std::string_view bytes, const GibReadOptions& options, GibFileInfo* info) {
  return detail::all_games(info, [&](GibFileInfo& i, const auto& on_game) { read_gib(bytes, options, i, on_game); });
}

}  // namespace gibo
