// Turning the raw bytes of a text game file (PGN, FEN, UCI move lists, JSON) into UTF-8
// text with one kind of line end, remembering where each line started in the raw file.
// The `.gib` reader has its own byte layer (filler bytes); this is the plain one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/formats/encoding.h"
#include "gibo/record/diagnostic.h"

namespace gibo {

struct DecodedText {
  std::string text;                            // UTF-8, every line end a single '\n'
  text::Encoding encoding = text::Encoding::Utf8;  // the encoding used
  bool bom = false;                            // a UTF-8 byte-order mark was skipped
  // For line n (1-based) at index n-1: its first byte in `text` and in the raw file.
  std::vector<std::size_t> line_text_offsets;
  std::vector<std::uint64_t> line_raw_offsets;
};

// Decodes `bytes`: skips a UTF-8 BOM; with Encoding::Auto takes UTF-8 if the bytes are
// valid UTF-8, else CP949; CR LF and lone CR become '\n'. Each undecodable byte becomes
// U+FFFD and an `undecodable-bytes` error in `diagnostics` (the first 20, then a count).
// Never throws.
DecodedText decode_text(std::string_view bytes, text::Encoding requested, const std::string& file_name,
                        std::vector<Diagnostic>& diagnostics);

// The 1-based line holding text offset `offset` (binary search over line_text_offsets).
int line_of_offset(const DecodedText& decoded, std::size_t offset);

// The 1-based column (in code points) of text offset `offset` on its line.
int column_of_offset(const DecodedText& decoded, std::size_t offset);

// The raw-file offset of text offset `offset` (exact for UTF-8 input; for CP949, exact
// at line starts and approximate inside a line).
std::uint64_t raw_offset_of(const DecodedText& decoded, std::size_t offset);

}  // namespace gibo
