// The .gib reader: bytes -> lines -> games. One scan of the file (Scan) splits it into
// lines, removes filler and finds where each game starts (tag lines parsed there); each
// game is then read from its lines on demand (GameReader: tags, ply tokens, comments;
// GibFile::game), without reading the games before it. Both drive the grammar's X3 rules
// (grammar.h) over the raw bytes of each line. Every problem becomes a diagnostic on the
// game (or the file), placed by the positions the rules stop at, and nothing is dropped
// silently.
//
// Bad-input policy (see formats/gib/README.md):
// * 0x1A (the DOS end-of-file mark) ends the text unless the next game's tag line follows
//   it (after filler); what follows the end is not read, and is reported
//   (`text-after-eof`) unless it is only filler (find_text_end in gibo/formats/decode.h).
// * 0xFF and 0x1A bytes before the end are removed wherever they stand; each run is
//   recorded.
// * The encoding is UTF-8 if the remaining bytes are valid UTF-8, else CP949; an
//   undecodable byte becomes U+FFFD and an `undecodable-bytes` error (first 20 per file,
//   then one summary).
// * Text outside any game is reported (`stray-text`), never taken as moves.
// * A bad ply token ends the game's plies there (`bad-token`, `truncated-ply`,
//   `bad-square`); the rest of the game's text stays in original_text.
// * An unterminated comment ends before the first following line that reads as plies,
//   else at the next tag line or at the end of the file.
// * Tag values and comments have their escapes undone (grammar.h: the ones the writer
//   makes); a backslash before any other character is kept as it is.
//
// The lines stay raw bytes in the file's encoding: tag lines and ply tokens are parsed
// from them directly and only what a game keeps is decoded (tags, comments, ply texts,
// the game's text, the tokens of diagnostics).
#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstring>
#include <limits>

#include "../text/all_games.h"
#include "gibo/core/utf8.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/gib.h"
#include "grammar.h"

namespace gibo {
namespace {

using namespace std::string_view_literals;

constexpr int kMaxByteDiagnostics = 20;
constexpr int kMaxStrayDiagnostics = 20;

using gib::Coding;

using gib::decode;
namespace grammar = gib::grammar;
namespace x3 = boost::spirit::x3;

std::string decoded(std::string_view raw, Coding coding) {
  std::string s;
  decode(raw, coding, s);
  return s;
}

// Characters in raw bytes.
int char_count(std::string_view raw, Coding coding) {
  if (coding == Coding::Utf8) return utf8::count(raw);
  if (coding == Coding::Ascii) return static_cast<int>(raw.size());
  int n = 0;
  for (std::size_t i = 0; i < raw.size(); ++n) i += text::cp949_char(raw.substr(i)).length;
  return n;
}

// Eight bytes of `s` from `at` as one word (at + 8 <= s.size()).
std::uint64_t word_at(std::string_view s, std::size_t at) {
  std::uint64_t w;
  std::memcpy(&w, s.data() + at, 8);
  return w;
}

// Bit 7 of each byte of `w` that equals `c` (the classic zero-byte test on w ^ c).
std::uint64_t bytes_equal(std::uint64_t w, unsigned char c) {
  const std::uint64_t x = w ^ (0x0101010101010101ULL * c);
  return (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL;
}

// The position of the first blank (space or tab) in `s` at or after `from`, or s.size():
// eight bytes at a time (the lowest byte of the word is the first in memory), then byte by
// byte.
static_assert(std::endian::native == std::endian::little, "next_blank reads words little-endian");
std::size_t next_blank(std::string_view s, std::size_t from) {
  std::size_t q = from;
  for (; q + 8 <= s.size(); q += 8) {
    const std::uint64_t w = word_at(s, q);
    // The lowest flagged byte is exact (borrows only run upwards, past it).
    if (const std::uint64_t hit = bytes_equal(w, ' ') | bytes_equal(w, '\t'))
      return q + static_cast<std::size_t>(__builtin_ctzll(hit) / 8);
  }
  while (q < s.size() && s[q] != ' ' && s[q] != '\t') ++q;
  return q;
}

struct Line {
  std::size_t begin = 0, end = 0;  // in the filler-free bytes (Scan::clean_)
  std::uint64_t raw_offset = 0;    // first raw byte of the line (filler included)
  std::uint64_t raw_end = 0;       // one past the last raw byte before the line end
  int number = 0;                  // 1-based
  Coding coding = Coding::Utf8;
  bool blank = false;              // spaces and tabs only
  int tag = -1;                    // its index in Reader::tags_ if it is a tag line
};

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}


// The file-wide pass: lines, encoding, undecodable bytes, tag lines, file diagnostics,
// and where each game starts. Read-only afterwards, so games can be read from it by
// several threads at once (GameReader).
struct Scan {
  Scan(std::string_view bytes, const GibReadOptions& options) : bytes_(bytes), options_(options) {}

  void run() {
    split_and_decode();
    if (std::all_of(lines_.begin(), lines_.end(), [](const Line& l) { return l.blank; })) {
      file_error("empty-file", 0, "the file holds no games");
      return;
    }
    if (looks_like_go()) {
      file_error("not-janggi", 1, "this is a Tygem Go (baduk) .gib file, not a Janggi record");
      return;
    }
    find_games();
    info_.games = static_cast<int>(starts_.size());
    if (info_.games == 0) file_error("no-games", 1, "no game header ([tag \"value\"] lines) found");
  }

  // A line's bytes (raw, in its coding), and decoded.
  std::string_view raw(const Line& l) const { return clean_.substr(l.begin, l.end - l.begin); }
  std::string text(const Line& l) const { return decoded(raw(l), l.coding); }
  bool is_tag(std::size_t i) const { return lines_[i].tag >= 0; }
  // The column (1-based, in characters) of byte `byte` of a line.
  static int column_of(const Line& l, std::string_view raw_line, std::size_t byte) {
    return char_count(raw_line.substr(0, byte), l.coding) + 1;
  }

  void file_error(const char* code, int line, std::string message, Severity severity = Severity::Error) {
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    d.file = options_.file_name;
    d.line = line;
    d.message = std::move(message);
    info_.diagnostics.push_back(std::move(d));
  }

  // ---- bytes -> lines ----------------------------------------------------------
  // Splits the bytes into lines without their filler bytes, decides the encoding, reports
  // undecodable bytes, and reads the tag lines (formats/gib/README.md, "Bytes").
  void split_and_decode() {
    const std::size_t start = skip_bom();
    const TextEnd text_end = find_text_end(bytes_, true);
    split_lines(start, std::max(text_end.end, start));  // the text is bytes_[start, end)
    info_.filler_runs.insert(info_.filler_runs.end(), text_end.filler.begin(), text_end.filler.end());
    const bool all_utf8 = choose_encoding();
    if (auto d = text_end_diagnostic(bytes_, text_end, info_.encoding, options_.file_name))
      info_.diagnostics.push_back(std::move(*d));
    tags_.reserve(lines_.size() / 4 + 4);  // a game's header is usually a tenth to a third of its lines
    for (Line& line : lines_) {
      const std::string_view content = raw(line);
      line.coding = line_coding(line, content, all_utf8);
      classify(line, content);
    }
    if (bad_bytes_ > kMaxByteDiagnostics)
      file_error("undecodable-bytes", 0,
                 std::to_string(bad_bytes_) + " undecodable bytes in all; only the first " +
                     std::to_string(kMaxByteDiagnostics) + " are listed");
  }

  // Where the text starts: after a UTF-8 byte-order mark, which is recorded.
  std::size_t skip_bom() {
    info_.bom = bytes_.substr(0, 3) == "\xEF\xBB\xBF";
    return info_.bom ? 3 : 0;
  }

  // Splits bytes_[start, limit) into lines_ at LF, CRLF and lone CR (counted), removing
  // the runs of 0xFF and 0x1A (recorded). clean_ is the input itself when it has no
  // filler; else clean_storage_, every byte but the filler runs (line ends included),
  // copied a stretch between two runs at a time. Line offsets are in clean_.
  void split_lines(std::size_t start, std::size_t limit) {
    const std::string_view rest = bytes_.substr(start, limit - start);
    const bool fillers = rest.find('\xFF') != std::string_view::npos || rest.find('\x1A') != std::string_view::npos;
    if (fillers) clean_storage_.reserve(rest.size());
    lines_.reserve(rest.size() / 24 + 1);  // about the shortest usual line (a tag or six plies are longer)
    std::size_t clean_len = fillers ? 0 : start;
    Line cur;
    cur.begin = clean_len;
    cur.raw_offset = start;
    auto flush = [&](std::size_t end_of_content, std::size_t next_start) __attribute__((always_inline)) {
      cur.end = clean_len;
      cur.raw_end = end_of_content;
      cur.number = static_cast<int>(lines_.size()) + 1;
      lines_.push_back(cur);
      if (fillers) clean_len += next_start - end_of_content;  // the line end
      else clean_len = next_start;
      cur = Line{};
      cur.begin = clean_len;
      cur.raw_offset = next_start;
    };
    const char* b = bytes_.data();
    const std::size_t n = limit;
    // The next of a byte at or after `from` (memchr, each found once).
    auto next_of = [&](char c, std::size_t from, std::ptrdiff_t& at) {
      if (at < static_cast<std::ptrdiff_t>(from)) {
        const void* hit = std::memchr(b + from, c, n - from);
        at = hit ? static_cast<const char*>(hit) - b : static_cast<std::ptrdiff_t>(n);
      }
      return static_cast<std::size_t>(at);
    };
    std::ptrdiff_t lf_at = -1, cr_at = -1, ff_at = -1, sub_at = -1;
    std::size_t copied = start;  // with fillers: the raw bytes before this are in clean_storage_
    for (std::size_t i = start; i < n;) {
      std::size_t j = std::min(next_of('\n', i, lf_at), next_of('\r', i, cr_at));
      if (fillers) j = std::min({j, next_of('\xFF', i, ff_at), next_of('\x1A', i, sub_at)});
      clean_len += j - i;
      if (j == n) break;
      const unsigned char c = static_cast<unsigned char>(b[j]);
      if (c == 0xFF || c == 0x1A) {
        clean_storage_.append(b + copied, j - copied);
        std::size_t k = j;
        while (k < n && static_cast<unsigned char>(b[k]) == c) ++k;
        info_.filler_runs.push_back({j, static_cast<std::uint32_t>(k - j), c});
        i = copied = k;
      } else {
        const std::size_t end_len = c == '\r' && j + 1 < n && b[j + 1] == '\n' ? 2 : 1;
        ++(end_len == 2 ? info_.crlf : c == '\n' ? info_.lf : info_.cr);
        flush(j, j + end_len);
        i = j + end_len;
      }
    }
    if (fillers) clean_storage_.append(b + copied, n - copied);
    if (clean_len > cur.begin) flush(n, n);
    clean_ = fillers ? std::string_view(clean_storage_) : bytes_;
  }

  // Sets info_.encoding: the one asked for, or with auto UTF-8 if every line is valid UTF-8
  // (the bytes left after the fillers, line ends included, so a line end inside a
  // character makes the file CP949), else CP949. Returns whether every line is UTF-8.
  bool choose_encoding() {
    const bool utf8 =
        std::all_of(lines_.begin(), lines_.end(), [&](const Line& l) { return utf8::valid(raw(l)); });
    info_.encoding = options_.encoding;
    if (info_.encoding == text::Encoding::Auto) info_.encoding = utf8 ? text::Encoding::Utf8 : text::Encoding::Cp949;
    if (info_.encoding == text::Encoding::Cp949) cp949_valid_ = text::cp949_valid_bits();
    return utf8;
  }

  // How a line's bytes (`content`) decode in the file's encoding; its undecodable bytes
  // reported.
  Coding line_coding(const Line& line, std::string_view content, bool all_utf8) {
    if (info_.encoding == text::Encoding::Cp949) {
      report_cp949_errors(line, content);
      return Coding::Cp949;
    }
    if (all_utf8 || utf8::valid(content)) return Coding::Utf8;
    report_bad_byte(line, content, 0);  // forced UTF-8 but not valid: the line reported, its ASCII kept
    return Coding::Ascii;
  }

  // Reports every byte of a CP949 line that is no character (as text::cp949_char reads
  // it: ASCII, a mapped lead-trail pair, else one bad byte).
  void report_cp949_errors(const Line& line, std::string_view content) {
    const std::uint64_t* const valid_pairs = cp949_valid_;
    const auto* u = reinterpret_cast<const unsigned char*>(content.data());
    for (std::size_t i = 0; i < content.size();) {
      if (u[i] < 0x80) {  // ASCII: to the next byte >= 0x80, eight bytes at a time
        ++i;
        if (i + 8 <= content.size()) {
          if (const std::uint64_t high = word_at(content, i) & 0x8080808080808080ULL)
            i += static_cast<std::size_t>(__builtin_ctzll(high) / 8);
          else
            i += 8;
        }
        continue;
      }
      if (text::cp949_pair_valid(valid_pairs, text::cp949_pair(u + i, content.size() - i))) {
        i += 2;
        continue;
      }
      report_bad_byte(line, content, i);
      ++i;
    }
  }

  // An `undecodable-bytes` error for byte `off` of a line (the first kMaxByteDiagnostics
  // of the file; split_and_decode adds the total). The file offset is about the byte's:
  // filler bytes inside the line before it are not counted.
  void report_bad_byte(const Line& line, std::string_view content, std::size_t off) {
    if (bad_bytes_++ >= kMaxByteDiagnostics) return;
    file_error("undecodable-bytes", line.number,
               "byte " + std::to_string(static_cast<unsigned char>(content[off])) + " cannot be decoded as " +
                   std::string(text::encoding_name(info_.encoding)) + " (line byte " + std::to_string(off) +
                   ", file offset about " + std::to_string(line.raw_offset + off) + ")");
  }

  // Whether a line (its bytes `content`) is blank, and whether it is a tag line (read into
  // tags_).
  void classify(Line& line, std::string_view content) {
    std::size_t lead = 0;  // the first byte that is not a blank
    while (lead < content.size() && (content[lead] == ' ' || content[lead] == '\t')) ++lead;
    line.blank = lead == content.size();
    if (!line.blank && grammar::may_open_tag(content[lead]) && gib::parse_tag_line(content, line.coding, tag_)) {
      line.tag = static_cast<int>(tags_.size());
      tags_.push_back(std::move(tag_));
    }
  }

  bool looks_like_go() const {
    int checked = 0;
    for (const Line& l : lines_) {
      std::string_view s = raw(l);
      if (l.blank) continue;
      if (s.rfind("\\HS", 0) == 0 || s.rfind("\\[GAMETAG", 0) == 0 || s.rfind("\\[GAMEINFOMAIN", 0) == 0 ||
          s.rfind("STO 0 ", 0) == 0)
        return true;
      if (++checked > 50) break;
    }
    return false;
  }

  // ---- lines -> games ----------------------------------------------------------
  // A game starts at a tag line right after a line that is not one (its header is the
  // run of tag lines; its body runs up to the next tag line). Text before the first game
  // is the only text outside any game.
  void find_games() {
    int stray = 0;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      if (is_tag(i)) {
        if (i == 0 || !is_tag(i - 1)) starts_.push_back(i);
      } else if (starts_.empty() && !lines_[i].blank && stray++ < kMaxStrayDiagnostics) {
        file_error("stray-text", lines_[i].number, "text outside any game is ignored", Severity::Warning);
      }
    }
  }

  std::string_view bytes_;
  GibReadOptions options_;
  GibFileInfo info_;
  std::string clean_storage_;  // the bytes without their fillers, when there are any
  std::string_view clean_;     // bytes_ itself, or clean_storage_
  std::vector<Line> lines_;
  std::vector<gib::TagLine> tags_;  // the tag lines' contents (Line::tag)
  std::vector<std::size_t> starts_;  // each game's first line
  gib::TagLine tag_;                 // the tag line being read (classify)
  const std::uint64_t* cp949_valid_ = nullptr;  // text::cp949_valid_bits(), once the file is CP949
  int bad_bytes_ = 0;                // undecodable bytes found so far
};

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
  static int column_of(const Line& l, std::string_view raw_line, std::size_t byte) {
    return Scan::column_of(l, raw_line, byte);
  }

  // Parses the game whose first tag line is lines_[first] into *game_; returns the index
  // after it.
  std::size_t parse_game(std::size_t first, int index) {
    Game& g = *game_;
    g.source.file = options_.file_name;
    g.source.byte_offset = lines_[first].raw_offset;
    g.source.line = lines_[first].number;
    g.source.column = 1;
    g.source.game_index = index;
    tag_lines_.clear();

    std::size_t i = first;
    while (i < lines_.size() && is_tag(i)) ++i;
    g.tags.reserve(i - first);
    for (std::size_t k = first; k < i; ++k) {
      const gib::TagLine& tag = s_.tags_[static_cast<std::size_t>(lines_[k].tag)];
      g.tags.push_back({tag.name, tag.value});
      tag_lines_.push_back(lines_[k].number);
    }
    old_coordinates_ = false;
    for (const Tag& t : g.tags) {
      const std::string_view name = t.name;
      if (name == "기보형식"sv && t.value.find("구좌표") != std::string::npos) old_coordinates_ = true;
      int stated = 0;  // room for the plies 총수 announces (a hint only; checked later)
      if (name == "총수"sv && std::from_chars(t.value.data(), t.value.data() + t.value.size(), stated).ec == std::errc() &&
          stated > 0 && stated <= 1000)
        g.plies.reserve(static_cast<std::size_t>(stated));
    }

    i = parse_body(i);

    // The game's text: its lines up to the last non-blank one.
    std::size_t last = i;
    while (last > first && lines_[last - 1].blank) --last;
    g.source.byte_length = lines_[last - 1].raw_end - g.source.byte_offset;
    if (options_.original_text) {
      g.original_text.reserve((lines_[last - 1].end - lines_[first].begin) * 3 / 2);
      for (std::size_t k = first; k < last; ++k) {
        decode(raw(lines_[k]), lines_[k].coding, g.original_text);
        g.original_text += '\n';
      }
    }
    interpret_tags();
    return i;
  }

  void add(const char* code, Severity severity, int line, int column, int ply, std::string token,
           std::string message) {
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    d.file = options_.file_name;
    d.line = line;
    d.column = column;
    d.game = game_->source.game_index;
    d.ply = ply;
    d.token = std::move(token);
    d.message = std::move(message);
    add_diagnostic(*game_, std::move(d));
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

  std::size_t parse_body(std::size_t i) {
    broken_ = false;
    expected_number_ = 1;
    while (i < lines_.size()) {
      const Line& line = lines_[i];
      if (line.blank) {
        ++i;
        continue;
      }
      if (is_tag(i)) break;  // the next game
      const std::string_view s = raw(line);
      const std::size_t lead = s.find_first_not_of(" \t");
      if (s[lead] == '{') {
        i = parse_comment(i, lead);
        continue;
      }
      parse_move_line(line);
      ++i;
    }
    return i;
  }

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
          add("stray-text", Severity::Warning, lines_[i].number, 0, 0, std::string(s.substr(close + 1)),
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
        add("unterminated-comment", Severity::Error, open.number, column_of(open, raw(open), at), 0, "{",
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
    boost::fusion::deque<int, gib::PlyToken> read;  // the number and the ply (the rule needs their room)
    switch (line.coding) {
      case Coding::Utf8: return x3::parse(first, last, grammar::ply_line_start<Coding::Utf8>, read);
      case Coding::Cp949: return x3::parse(first, last, grammar::ply_line_start<Coding::Cp949>, read);
      case Coding::Ascii: return x3::parse(first, last, grammar::ply_line_start<Coding::Ascii>, read);
    }
    return false;
  }

  // Reads the plies of a move line: grammar::move_line over its raw bytes, whose actions
  // are ply_number, ply and time below. Where the rule stops before the end of the line,
  // the game's plies end with a diagnostic on what stands there (stopped_at).
  void parse_move_line(const Line& line) {
    if (broken_) return;  // the game's plies already ended at a bad token
    const std::string_view s = raw(line);
    line_ = &line;
    cursor_ = s.data();
    cursor_column_ = 1;
    grammar::Iterator first = s.data();
    const grammar::Iterator last = s.data() + s.size();
    switch (line.coding) {
      case Coding::Utf8: read_move_line<Coding::Utf8>(first, last); break;
      case Coding::Cp949: read_move_line<Coding::Cp949>(first, last); break;
      case Coding::Ascii: read_move_line<Coding::Ascii>(first, last); break;
    }
    if (first != last && !broken_) stopped_at(line, s, first);
  }

  template <Coding C>
  [[gnu::flatten]] void read_move_line(grammar::Iterator& first, grammar::Iterator last) {
    x3::parse(first, last, x3::with<grammar::move_line_tag>(std::ref(*this))[grammar::move_line<C>]);
  }

 public:
  // ---- the actions of grammar::move_line (on the line parse_move_line reads) ----------
  // A ply number (its digits and "."): a `ply-number` warning when it is not the one expected.
  void ply_number(std::string_view text) {
    int number = 0;  // its value, 0 when it does not fit an int
    grammar::Iterator digits = text.data();
    x3::parse(digits, text.data() + text.size(), grammar::number_or_zero, number);
    if (number != expected_number_)
      add("ply-number", Severity::Warning, line_->number, column_at(text.data()),
          static_cast<int>(game_->plies.size()) + 1, std::string(text),
          "ply number " + std::to_string(number) + " where " + std::to_string(expected_number_) + " was expected");
    expected_number_ = number + 1;
  }

  // A ply token the ply rule read: into the game, or false (the game's plies end) when a
  // square is no board point.
  bool ply(gib::PlyToken& t) {
    const int col = column_at(t.token.data());
    std::vector<RecordedPly>& plies = game_->plies;
    RecordedPly& rp = plies.emplace_back();
    gib::read_ply_text(t.token, line_->coding, t, rp.text);
    rp.line = line_->number;
    rp.column = col;
    rp.pass = t.pass;
    cursor_ = t.token.data() + t.token.size();
    cursor_column_ = col + t.chars;
    if (t.pass) return true;
    const Square from = to_square(t.from), to = to_square(t.to);
    if (from == kNoSquare || to == kNoSquare) {
      const std::string text = std::move(rp.text);
      plies.pop_back();
      if (!old_coordinates_ && to == kNoSquare && t.to.size() == 1 && t.to[0] >= '0' && t.to[0] <= '9')
        fail("truncated-ply", line_->number, col, text, "ply token is cut short (one digit of the destination square)");
      else
        fail("bad-square", line_->number, col, text,
             "square '" + std::string(from == kNoSquare ? t.from : t.to) + "' is not a board point" +
                 (old_coordinates_ ? " (old 1-90 numbering)" : ""));
      return false;
    }
    rp.move = Move(from, to);
    rp.piece = t.piece.type;
    rp.side_mark = t.side_mark;
    rp.piece_script_side = t.piece.implied_side;
    rp.captured = t.captured.type;
    rp.capture_marker = t.capture_marker;
    rp.check = t.check;
    return true;
  }

  // A time token: the seconds of the ply before it, or false when no ply is before it.
  bool time(int seconds) {
    if (game_->plies.empty()) return false;
    game_->plies.back().seconds = seconds;
    return true;
  }

 private:
  // The column of `p` on the line being read: the bytes from the end of the last ply (or
  // the line's start) to `p` are ASCII (blanks, ply numbers, times), one column each.
  int column_at(const char* p) const { return cursor_column_ + static_cast<int>(p - cursor_); }

  // Where move-line stopped at `p`, short of the end of the line `s`: the game's plies
  // end with a diagnostic on what stands there (a time where no time may be, no ply
  // number, a ply number with no ply after it, a token that is no ply).
  void stopped_at(const Line& line, std::string_view s, const char* p) {
    const char* const end = s.data() + s.size();
    auto token_at = [&](const char* q) {
      const std::size_t at = static_cast<std::size_t>(q - s.data());
      return s.substr(at, next_blank(s, at) - at);
    };
    if (*p == '<') {
      fail("bad-token", line.number, column_at(p), decoded(token_at(p), line.coding),
           "not a time token <N> after a ply");
      return;
    }
    grammar::Iterator q = p;
    if (!x3::parse(q, end, grammar::ply_number)) {
      fail("bad-token", line.number, column_at(p), decoded(token_at(p), line.coding), "expected a ply number 'N.'");
      return;
    }
    const std::string_view number(p, static_cast<std::size_t>(q - p));
    x3::parse(q, end, grammar::blanks);
    if (q == end) {
      fail("truncated-ply", line.number, column_at(p), decoded(number, line.coding), "ply number with no ply after it");
      return;
    }
    // A token that a few more characters would complete is a truncated ply.
    gib::PlyToken probe;
    std::string text, scratch;
    gib::parse_ply_token(token_at(q), line.coding, text, probe);
    const auto u = Coding::Utf8;
    const bool truncated = gib::parse_ply_token(text + "1", u, scratch, probe) ||
                           gib::parse_ply_token(text + "11", u, scratch, probe) ||
                           gib::parse_ply_token(text + "졸11", u, scratch, probe);
    fail(truncated ? "truncated-ply" : "bad-token", line.number, column_at(q), text,
         truncated ? "ply token is cut short" : "not a ply (squares, piece, optional capture and 장군, or 한수쉼)");
  }

  void fail(const char* code, int line, int col, std::string token, std::string message) {
    add(code, Severity::Error, line, col, static_cast<int>(game_->plies.size()) + 1, std::move(token),
        std::move(message));
    broken_ = true;
  }

  // Square text -> square, per the game's coordinate system. kNoSquare if invalid.
  [[gnu::always_inline]] Square to_square(std::string_view t) const {
    if (t.size() == 2 && t[0] >= 'a' && t[0] <= 'i') {  // letter file, 0-based rank
      return make_square(t[0] - 'a', t[1] - '0');
    }
    if (old_coordinates_) {
      int n = 0;
      if (t.empty() || t.size() > 2 || t[0] == '0') return kNoSquare;
      std::from_chars(t.data(), t.data() + t.size(), n);
      if (n < 1 || n > 90) return kNoSquare;
      return make_square((n - 1) / 10, (n - 1) % 10);
    }
    if (t.size() != 2) return kNoSquare;
    const int row = t[0] == '0' ? 10 : t[0] - '0';
    const int column = t[1] - '0';
    if (column < 1 || column > 9) return kNoSquare;
    return make_square(column - 1, 10 - row);
  }

  // ---- tags with a meaning -----------------------------------------------------
  void interpret_tags() {
    Game& g = *game_;
    std::optional<Setup> cho, han;
    bool have_cho = false, have_han = false;
    const std::string* pan = nullptr;
    int pan_line = 0;
    for (std::size_t k = 0; k < g.tags.size(); ++k) {
      const Tag& t = g.tags[k];
      const int line = tag_lines_[k];
      const std::string_view name = t.name;
      if (name == "초차림"sv || name == "초포진"sv || name == "한차림"sv || name == "한포진"sv) {
        const bool is_cho = t.name[0] == "초"[0] && t.name.substr(0, 3) == "초";
        auto s = parse_gib_setup(t.value);
        if (!s) {
          add("bad-setup", Severity::Error, line, 1, 0, t.value,
              "setup must be one of 마상상마 상마마상 마상마상 상마상마");
          continue;
        }
        (is_cho ? cho : han) = s;
        (is_cho ? have_cho : have_han) = true;
      } else if (name == "판"sv) {
        pan = &t.value;
        pan_line = line;
      } else if (name == "대국결과"sv) {
        g.result_text = t.value;
        g.has_result = true;
      } else if (name == "규칙"sv) {
        g.saved_profile_id = t.value;
      } else if (name == "빅장"sv) {
        const std::string& v = t.value;
        if (v == "on" || v == "켬" || v == "사용" || v == "있음") g.saved_bikjang_option = true;
        else if (v == "off" || v == "끔" || v == "미사용" || v == "없음") g.saved_bikjang_option = false;
        else add("bad-tag-value", Severity::Warning, line, 1, 0, v, "bikjang option is not on/off; ignored");
      } else if (name == "총수"sv) {
        check_ply_count(t.value, line);
      }
    }
    if (pan) {
      if (auto fen = pan_to_fen(*pan)) {
        g.start.custom = true;
        g.start.fen = *fen;
        g.start.first_to_move = fen->find(" b ") != std::string::npos ? Side::Han : Side::Cho;
      } else {
        add("bad-position", Severity::Error, pan_line, 1, 0, *pan, fen.error().message);
      }
    } else {
      if (cho) g.start.cho = *cho;
      if (han) g.start.han = *han;
      g.start.cho_setup_stated = have_cho;
      g.start.han_setup_stated = have_han;
      if (!have_cho || !have_han)
        add("missing-setup", Severity::Warning, g.source.line, 1, 0, "",
            "no 초차림/한차림 tag for both sides; the missing setup is inferred from the moves");
    }
  }

  void check_ply_count(const std::string& value, int line) {
    Game& g = *game_;
    int stated = 0;
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), stated);
    if (ec != std::errc() || ptr != value.data() + value.size()) {
      add("bad-tag-value", Severity::Warning, line, 1, 0, value, "총수 is not a number");
      return;
    }
    const int plies = static_cast<int>(g.plies.size());
    if (stated == plies || broken_) return;
    int passes = 0;
    for (const RecordedPly& p : g.plies) passes += p.pass;
    std::string why = stated == plies - passes ? " (it matches the plies without the passes)" : "";
    add("ply-count-mismatch", Severity::Warning, line, 1, 0, value,
        "총수 says " + std::to_string(stated) + " plies, the record has " + std::to_string(plies) + why);
  }

  const Scan& s_;
  const std::vector<Line>& lines_;
  const GibReadOptions& options_;
  Game* game_ = nullptr;
  std::vector<int> tag_lines_;
  std::string line_buffer_;  // a comment's line, decoded (one buffer for all)
  bool old_coordinates_ = false;
  bool broken_ = false;
  int expected_number_ = 1;
  const Line* line_ = nullptr;     // the move line being read
  const char* cursor_ = nullptr;   // in it: the end of the last ply (or its start),
  int cursor_column_ = 1;          // and the column there
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
