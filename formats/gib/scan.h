// The file-wide pass of the .gib reader (scan.cpp): the bytes split into lines (filler
// removed, line ends counted), the encoding decided and its undecodable bytes reported,
// the tag lines read, and where each game starts found. Each game is then read from its
// lines (GameReader, reader.cpp). Internal to formats/gib.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/formats/gib.h"
#include "grammar.h"

namespace gibo::gib {

// `raw` decoded to UTF-8 (gib::decode).
std::string decoded(std::string_view raw, Coding coding);
// Characters in raw bytes.
int char_count(std::string_view raw, Coding coding);
// The position of the first blank (space or tab) in `s` at or after `from`, or s.size().
std::size_t next_blank(std::string_view s, std::size_t from);
// Whether `s` holds only spaces and tabs.
bool is_blank(std::string_view s);

struct Line {
  std::size_t begin = 0, end = 0;  // in the filler-free bytes (Scan::clean_)
  std::uint64_t raw_offset = 0;    // first raw byte of the line (filler included)
  std::uint64_t raw_end = 0;       // one past the last raw byte before the line end
  int number = 0;                  // 1-based
  Coding coding = Coding::Utf8;
  bool blank = false;              // spaces and tabs only
  int tag = -1;                    // its index in Scan::tags_ if it is a tag line
};

// The file-wide pass: lines, encoding, undecodable bytes, tag lines, file diagnostics,
// and where each game starts. Read-only afterwards, so games can be read from it by
// several threads at once (GameReader, reader.cpp).
struct Scan {
  Scan(std::string_view bytes, const GibReadOptions& options) : bytes_(bytes), options_(options) {}

  void run();

  // A line's bytes (raw, in its coding), and decoded.
  std::string_view raw(const Line& l) const { return clean_.substr(l.begin, l.end - l.begin); }
  std::string text(const Line& l) const { return decoded(raw(l), l.coding); }
  bool is_tag(std::size_t i) const { return lines_[i].tag >= 0; }
  // The column (1-based, in characters) of byte `byte` of a line.
  static int column_of(const Line& l, std::string_view raw_line, std::size_t byte) {
    return char_count(raw_line.substr(0, byte), l.coding) + 1;
  }

  void file_error(const char* code, int line, std::string message, Severity severity = Severity::Error);

  // ---- bytes -> lines ----------------------------------------------------------
  // Splits the bytes into lines without their filler bytes, decides the encoding, reports
  // undecodable bytes, and reads the tag lines (formats/gib/README.md, "Bytes").
  void split_and_decode();

  // Where the text starts: after a UTF-8 byte-order mark, which is recorded.
  std::size_t skip_bom();

  // Splits bytes_[start, limit) into lines_ at LF, CRLF and lone CR (counted), removing
  // the runs of 0xFF and 0x1A (recorded). clean_ is the input itself when it has no
  // filler; else clean_storage_, every byte but the filler runs (line ends included),
  // copied a stretch between two runs at a time. Line offsets are in clean_.
  void split_lines(std::size_t start, std::size_t limit);

  // Sets info_.encoding: the one asked for, or with auto UTF-8 if every line is valid UTF-8
  // (the bytes left after the fillers, line ends included, so a line end inside a
  // character makes the file CP949), else CP949. Returns whether every line is UTF-8.
  bool choose_encoding();

  // How a line's bytes (`content`) decode in the file's encoding; its undecodable bytes
  // reported.
  Coding line_coding(const Line& line, std::string_view content, bool all_utf8);

  // Reports every byte of a CP949 line that is no character (as text::cp949_char reads
  // it: ASCII, a mapped lead-trail pair, else one bad byte).
  void report_cp949_errors(const Line& line, std::string_view content);

  // An `undecodable-bytes` error for byte `off` of a line (the first kMaxByteDiagnostics
  // of the file; split_and_decode adds the total). The file offset is about the byte's:
  // filler bytes inside the line before it are not counted.
  void report_bad_byte(const Line& line, std::string_view content, std::size_t off);

  // Whether a line (its bytes `content`) is blank, and whether it is a tag line (read into
  // tags_).
  void classify(Line& line, std::string_view content);

  bool looks_like_go() const;

  // ---- lines -> games ----------------------------------------------------------
  // A game starts at a tag line right after a line that is not one (its header is the
  // run of tag lines; its body runs up to the next tag line). Text before the first game
  // is the only text outside any game. The lines read by grammar::file_lines, whose
  // actions are the two below.
  void find_games();
  // A line outside any game: reported unless blank (the first kMaxStrayDiagnostics).
  void stray_line(const Line& line);
  // A game whose first line is `first`.
  void game_at(const Line* first);

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
  int stray_lines_ = 0;              // lines outside any game found so far
};

}  // namespace gibo::gib
