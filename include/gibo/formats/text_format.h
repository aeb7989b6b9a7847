// Options and file-level results shared by the readers of the text formats (PGN, FEN,
// UCI move lists, JSON): what to decode with, what to call the file, which rules profile
// resolves moves for records that name none, and what was learnt about the file.
#pragma once

#include <string>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"
#include "gibo/record/diagnostic.h"

namespace gibo {

// What a text reader (FEN, UCI, JSON) learnt about its file as a whole.
struct TextFileInfo {
  text::Encoding encoding = text::Encoding::Utf8;
  bool bom = false;
  std::vector<Diagnostic> diagnostics;  // about the file, not one game
  int games = 0;
};

struct TextReadOptions {
  text::Encoding encoding = text::Encoding::Auto;
  std::string file_name;                // used in diagnostics and SourceLocation
  const Profile* profile = nullptr;     // for records that name none; nullptr = the default
};

}  // namespace gibo
