// The file-wide pass of the .gib reader (scan.h): bytes -> lines -> where each game starts.
//
// Bad-input policy (formats/gib/README.md, "Bytes"; the game's own: reader.cpp):
// * 0x1A (the DOS end-of-file mark) ends the text unless the next game's tag line follows
//   it (after filler); what follows the end is not read, and is reported
//   (`text-after-eof`) unless it is only filler (find_text_end in gibo/formats/decode.h).
// * 0xFF and 0x1A bytes before the end are removed wherever they stand; each run is
//   recorded.
// * The encoding is UTF-8 if the remaining bytes are valid UTF-8, else CP949; an
//   undecodable byte becomes U+FFFD and an `undecodable-bytes` error (first 20 per file,
//   then one summary).
// * Text outside any game is reported (`stray-text`), never taken as moves.
//
// The lines stay raw bytes in the file's encoding: tag lines are parsed from them
// directly (grammar::tag_line) and only what a game keeps is decoded.
#include "scan.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "gibo/core/utf8.h"
#include "gibo/formats/decode.h"

namespace gibo::gib {
namespace {

constexpr int kMaxByteDiagnostics = 20;
constexpr int kMaxStrayDiagnostics = 20;

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

}  // namespace

std::string decoded(std::string_view raw, Coding coding) {
  std::string s;
  decode(raw, coding, s);
  return s;
}

int char_count(std::string_view raw, Coding coding) {
  if (coding == Coding::Utf8) return utf8::count(raw);
  if (coding == Coding::Ascii) return static_cast<int>(raw.size());
  int n = 0;
  for (std::size_t i = 0; i < raw.size(); ++n) i += text::cp949_char(raw.substr(i)).length;
  return n;
}

// Eight bytes at a time (the lowest byte of the word is the first in memory), then byte by
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

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

void Scan::run() {
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

void Scan::file_error(const char* code, int line, std::string message, Severity severity) {
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
void Scan::split_and_decode() {
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
std::size_t Scan::skip_bom() {
  info_.bom = bytes_.substr(0, 3) == "\xEF\xBB\xBF";
  return info_.bom ? 3 : 0;
}

// Splits bytes_[start, limit) into lines_ at LF, CRLF and lone CR (counted), removing
// the runs of 0xFF and 0x1A (recorded). clean_ is the input itself when it has no
// filler; else clean_storage_, every byte but the filler runs (line ends included),
// copied a stretch between two runs at a time. Line offsets are in clean_.
void Scan::split_lines(std::size_t start, std::size_t limit) {
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
bool Scan::choose_encoding() {
  const bool utf8 =
      std::all_of(lines_.begin(), lines_.end(), [&](const Line& l) { return utf8::valid(raw(l)); });
  info_.encoding = options_.encoding;
  if (info_.encoding == text::Encoding::Auto) info_.encoding = utf8 ? text::Encoding::Utf8 : text::Encoding::Cp949;
  if (info_.encoding == text::Encoding::Cp949) cp949_valid_ = text::cp949_valid_bits();
  return utf8;
}

// How a line's bytes (`content`) decode in the file's encoding; its undecodable bytes
// reported.
Coding Scan::line_coding(const Line& line, std::string_view content, bool all_utf8) {
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
void Scan::report_cp949_errors(const Line& line, std::string_view content) {
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
void Scan::report_bad_byte(const Line& line, std::string_view content, std::size_t off) {
  if (bad_bytes_++ >= kMaxByteDiagnostics) return;
  file_error("undecodable-bytes", line.number,
             "byte " + std::to_string(static_cast<unsigned char>(content[off])) + " cannot be decoded as " +
                 std::string(text::encoding_name(info_.encoding)) + " (line byte " + std::to_string(off) +
                 ", file offset about " + std::to_string(line.raw_offset + off) + ")");
}

// Whether a line (its bytes `content`) is blank, and whether it is a tag line (read into
// tags_).
void Scan::classify(Line& line, std::string_view content) {
  std::size_t lead = 0;  // the first byte that is not a blank
  while (lead < content.size() && (content[lead] == ' ' || content[lead] == '\t')) ++lead;
  line.blank = lead == content.size();
  if (!line.blank && grammar::may_open_tag(content[lead]) && gib::parse_tag_line(content, line.coding, tag_)) {
    line.tag = static_cast<int>(tags_.size());
    tags_.push_back(std::move(tag_));
  }
}

bool Scan::looks_like_go() const {
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
void Scan::find_games() {
  const Line* first = lines_.data();
  const Line* const last = first + lines_.size();
  boost::spirit::x3::parse(first, last,
                           boost::spirit::x3::with<grammar::file_lines_tag>(std::ref(*this))[grammar::file_lines]);
}

void Scan::stray_line(const Line& line) {
  if (!line.blank && stray_lines_++ < kMaxStrayDiagnostics)
    file_error("stray-text", line.number, "text outside any game is ignored", Severity::Warning);
}

void Scan::game_at(const Line* first) { starts_.push_back(static_cast<std::size_t>(first - lines_.data())); }

}  // namespace gibo::gib
