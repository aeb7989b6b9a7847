// GameWriter: one game at a time to a stream, in any format (see gibo/formats/game_writer.h).
#include "gibo/formats/game_writer.h"

#include "gibo/formats/fen.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"

namespace gibo {

GameWriter::GameWriter(std::ostream& out, const WriteOptions& options) : out_(out), options_(options) {}

WriteLoss GameWriter::write(const Game& game, const Profile* profile) {
  WriteLoss loss;
  if (!profile) profile = options_.profile;
  buffer_.clear();
  const bool first = games_ == 0;
  switch (options_.format) {
    case Format::Gib: {
      if (!first) buffer_ += '\n';
      GibWriteOptions o;
      o.encoding = options_.gib_encoding;
      o.hanja = options_.hanja;
      o.profile = profile;
      write_gib_game(buffer_, with_gib_tags(game), o, &loss);
      break;
    }
    case Format::Pgn: {
      if (!first) buffer_ += '\n';
      PgnWriteOptions o;
      o.profile = profile;
      o.openings = options_.openings;
      write_pgn_game(buffer_, game, o, &loss);
      break;
    }
    case Format::Json:
    case Format::Jsonl: {
      const bool lines = options_.format == Format::Jsonl;
      if (!lines) buffer_ += first ? "[\n" : ",\n";
      JsonWriteOptions o;
      o.profile = profile;
      o.positions = options_.positions;
      o.openings = options_.openings;
      json::Writer w(buffer_);
      write_json_game(w, game, o);
      if (lines) buffer_ += '\n';
      break;
    }
    case Format::Fen: {
      if (options_.each && !first) buffer_ += '\n';
      FenWriteOptions o;
      o.profile = profile;
      o.each = options_.each;
      write_fen_game(buffer_, game, o, &loss);
      break;
    }
    case Format::Uci: {
      UciWriteOptions o;
      o.profile = profile;
      o.notation = options_.notation;
      write_uci_game(buffer_, game, o, &loss);
      break;
    }
    case Format::Unknown: return loss;
  }
  out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  ++games_;
  return loss;
}

void GameWriter::finish() {
  if (options_.format == Format::Json) out_ << (games_ ? "\n]\n" : "[]\n");
}

}  // namespace gibo
