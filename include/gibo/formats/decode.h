// Turning the raw bytes of a text game file (PGN, FEN, UCI move lists, JSON) into UTF-8
// text with one kind of line end, remembering where each line started in the raw file.
// The `.gib` reader has its own byte layer (filler bytes); this is the plain one. Both
// end the text at a DOS end-of-file mark (find_text_end).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/formats/encoding.h"
#include "gibo/formats/text_format.h"
#include "gibo/record/diagnostic.h"

namespace gibo {

// Where the text of a file ends. 0x1A (SUB, the DOS end-of-file mark) ends it in every
// encoding: what follows is not read. The bytes after the mark are only filler when
// they are 0xFF, 0x1A, white space, or what 0xFF became when a file was converted to
// UTF-8 (U+FFFD, or U+00FF `ÿ`); otherwise they are reported once (`text-after-eof`).
struct TextEnd {
  std::size_t end = 0;             // the text is bytes[0, end)
  bool marked = false;             // a 0x1A at `end` ends it
  std::uint64_t after = 0;         // bytes after the mark, when some are not filler (else 0)
  std::vector<FillerRun> filler;   // the runs of filler after the mark (white space aside)
};

// Finds the end of the text of `bytes`. With `resume_at_tag` (.gib), a 0x1A followed by
// filler and then a `[` or `［` (the next game's first tag line) is filler between games, not
// the end: the corpus has `FF FF 1A FF FF FF FF FF [대회명 …` mid-file.
TextEnd find_text_end(std::string_view bytes, bool resume_at_tag);

// The `text-after-eof` warning for `end` (the line and column of its 0x1A, counting
// characters in `encoding`), or nullopt when there is nothing to report.
std::optional<Diagnostic> text_end_diagnostic(std::string_view bytes, const TextEnd& end, text::Encoding encoding,
                                              const std::string& file_name);

struct DecodedText {
  std::string text;                            // UTF-8, every line end a single '\n'
  text::Encoding encoding = text::Encoding::Utf8;  // the encoding used
  bool bom = false;                            // a UTF-8 byte-order mark was skipped
  // For line n (1-based) at index n-1: its first byte in `text` and in the raw file.
  std::vector<std::size_t> line_text_offsets;
  std::vector<std::uint64_t> line_raw_offsets;
  std::vector<FillerRun> filler_runs;          // after a 0x1A that ended the text
};

// Decodes `bytes`: skips a UTF-8 BOM; stops at a 0x1A end-of-file mark (find_text_end,
// reporting what follows it in `diagnostics` unless it is filler); with Encoding::Auto
// takes UTF-8 if the bytes are valid UTF-8, else CP949; CR LF and lone CR become '\n'.
// Each undecodable byte becomes U+FFFD and an `undecodable-bytes` error in `diagnostics`
// (the first 20, then a count). Never throws.
DecodedText decode_text(std::string_view bytes, text::Encoding requested, const std::string& file_name,
                        std::vector<Diagnostic>& diagnostics);

// decode_text for a text reader: its file diagnostics go to `info`, which also records
// the encoding, the BOM and the filler runs.
DecodedText decode_file(std::string_view bytes, text::Encoding requested, const std::string& file_name,
                        TextFileInfo& info);

// Where line `index` + 1 (0-based `index`; contract: below line_text_offsets.size())
// stands in `text`: its first byte and the offset of its '\n' (or the text's end).
struct LineSpan {
  std::size_t begin = 0, end = 0;
};
LineSpan line_span(const DecodedText& decoded, std::size_t index);

// The 1-based line holding text offset `offset` (binary search over line_text_offsets).
int line_of_offset(const DecodedText& decoded, std::size_t offset);

// The 1-based column (in code points) of text offset `offset` on its line.
int column_of_offset(const DecodedText& decoded, std::size_t offset);

// The raw-file offset of text offset `offset` (exact for UTF-8 input; for CP949, exact
// at line starts and approximate inside a line).
std::uint64_t raw_offset_of(const DecodedText& decoded, std::size_t offset);

}  // namespace gibo
