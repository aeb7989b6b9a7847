// What the readers that decode a file into one text and parse it whole (PGN, JSON) share:
// their input, its decoded text, the file's diagnostics and the delivery of each game.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include "gibo/formats/decode.h"
#include "gibo/formats/text_format.h"
#include "gibo/record/game.h"

namespace gibo::detail {

// The base of such a reader, whose options (`Options`) have `encoding` and `file_name`.
template <typename Options>
class DecodedReader {
 public:
  DecodedReader(std::string_view bytes, const Options& options, TextFileInfo& info,
                const std::function<void(Game&&)>& on_game)
      : bytes_(bytes), options_(options), info_(info), on_game_(on_game) {}

 protected:
  // Decodes the bytes into decoded_ (decode_file: the file's diagnostics, encoding, BOM and
  // filler runs go into info_).
  void decode() { decoded_ = decode_file(bytes_, options_.encoding, options_.file_name, info_); }

  // A diagnostic about the whole file (line and column 0: about no line of it).
  void file_error(const char* code, std::string message, int line = 0, int column = 0) {
    Diagnostic d;
    d.code = code;
    d.file = options_.file_name;
    d.line = line;
    d.column = column;
    d.message = std::move(message);
    info_.diagnostics.push_back(std::move(d));
  }

  // Hands `g` to the caller, counted in info_.games (the index the next game gets).
  void deliver(Game&& g) {
    ++info_.games;
    on_game_(std::move(g));
  }

  std::string_view bytes_;
  const Options& options_;
  TextFileInfo& info_;
  const std::function<void(Game&&)>& on_game_;
  DecodedText decoded_;
};

}  // namespace gibo::detail
