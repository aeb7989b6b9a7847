// read_games: one entry point over every reader (see gibo/formats/detect.h).
#include "gibo/formats/detect.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/file_bytes.h"
#include "gibo/formats/json.h"
#include "gibo/formats/uci.h"

namespace gibo {
namespace {

// Adds what a reader learnt about the file (a GibFileInfo or a TextFileInfo: the same
// fields) to the ReadInfo.
template <class FileInfo>
void add_file_info(const FileInfo& from, ReadInfo& to) {
  to.encoding = from.encoding;
  to.bom = from.bom;
  to.filler_runs = from.filler_runs;
  to.diagnostics.insert(to.diagnostics.end(), from.diagnostics.begin(), from.diagnostics.end());
  to.games = from.games;
}

}  // namespace

GibReadOptions gib_read_options(const ReadOptions& options) {
  GibReadOptions o;
  o.encoding = options.encoding;
  o.file_name = options.file_name;
  o.original_text = options.original_text;
  return o;
}

ReadInfo read_info(const GibFileInfo& gi) {
  ReadInfo info;
  info.format = Format::Gib;
  add_file_info(gi, info);
  return info;
}

void read_games(std::string_view bytes, const ReadOptions& options, ReadInfo& info,
                const std::function<void(Game&&)>& on_game) {
  info.format = options.format == Format::Unknown ? detect_format(bytes) : options.format;
  TextReadOptions text_options;
  text_options.encoding = options.encoding;
  text_options.file_name = options.file_name;
  text_options.profile = options.profile;
  TextFileInfo text_info;
  switch (info.format) {
    case Format::Gib: {
      GibFileInfo gi;
      read_gib(bytes, gib_read_options(options), gi, on_game);
      info = read_info(gi);
      return;
    }
    case Format::Pgn: {
      PgnReadOptions o;
      o.encoding = options.encoding;
      o.file_name = options.file_name;
      o.profile = options.profile;
      o.ranks = options.pgn_ranks;
      read_pgn(bytes, o, text_info, on_game);
      break;
    }
    case Format::Json:
    case Format::Jsonl: read_json(bytes, text_options, text_info, on_game); break;
    case Format::Fen: read_fen(bytes, text_options, text_info, on_game); break;
    case Format::Uci: read_uci_games(bytes, text_options, text_info, on_game); break;
    case Format::Unknown: {
      Diagnostic d;
      d.code = bytes.find_first_not_of(" \t\r\n") == std::string_view::npos ? "empty-file" : "unknown-format";
      d.file = options.file_name;
      d.message = d.code == "empty-file" ? "the file holds no games"
                                         : "not a game file gibo knows (.gib, PGN, JSON, JSON Lines, FEN, UCI move list)";
      info.diagnostics.push_back(std::move(d));
      return;
    }
  }
  add_file_info(text_info, info);
}

std::optional<Error> read_file_games(const std::string& path, ReadOptions options, ReadInfo& info,
                                     const std::function<void(Game&&)>& on_game) {
  const Expected<FileBytes> bytes = read_file_bytes(path);
  if (!bytes) return bytes.error();
  options.file_name = path;
  read_games(bytes->view(), options, info, on_game);
  return std::nullopt;
}

}  // namespace gibo
