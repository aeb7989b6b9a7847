// Options and file-level results shared by the readers of the text formats (PGN, FEN,
// UCI move lists, JSON): what to decode with, what to call the file, which rules profile
// resolves moves for records that name none, and what was learnt about the file; and what
// a writer (any format) could not keep exactly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"
#include "gibo/record/diagnostic.h"

namespace gibo {

// A run of filler bytes a reader skipped: 0xFF or 0x1A (`byte`), or after a 0x1A that
// ends the text also what 0xFF became in a conversion to UTF-8 (U+FFFD: `byte` 0xEF;
// U+00FF: `byte` 0xC3). `length` counts raw bytes.
struct FillerRun {
  std::uint64_t offset = 0;  // in the raw file
  std::uint32_t length = 0;
  unsigned char byte = 0;
};

// What a text reader (FEN, UCI, JSON) learnt about its file as a whole.
struct TextFileInfo {
  text::Encoding encoding = text::Encoding::Utf8;
  bool bom = false;
  std::vector<FillerRun> filler_runs;   // after a 0x1A end-of-file mark
  std::vector<Diagnostic> diagnostics;  // about the file, not one game
  int games = 0;
};

struct TextReadOptions {
  text::Encoding encoding = text::Encoding::Auto;
  std::string file_name;                // used in diagnostics and SourceLocation
  const Profile* profile = nullptr;     // for records that name none; nullptr = the default
};

// What a writer could not keep exactly when writing one game (the caller reports it).
struct WriteLoss {
  int unencodable = 0;   // characters the output encoding cannot hold, written as '?'
  int renamed_tags = 0;  // tag names changed to fit a tag line (tag_text.h writable_tag_name)
  int unwritten_plies = 0;  // plies after the last legal one, which the format cannot hold (PGN, FEN, UCI)
  bool cut_short = false;   // written only up to its last legal ply, marked [Termination "unterminated"]
};

}  // namespace gibo
