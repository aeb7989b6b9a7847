// What a writer could not keep exactly, as warnings (game_writer.h write_loss_warnings).
#include "gibo/formats/game_writer.h"

namespace gibo {

std::vector<Diagnostic> write_loss_warnings(const Game& game, const WriteLoss& loss, const WriteOptions& options) {
  std::vector<Diagnostic> out;
  auto warn = [&](const char* code, std::string message) {
    Diagnostic d;
    d.code = code;
    d.severity = Severity::Warning;
    d.file = game.source.file;
    d.line = game.source.line;
    d.game = game.source.game_index;
    d.message = std::move(message);
    out.push_back(std::move(d));
  };
  if (loss.unencodable > 0) {
    const bool gib = options.format == Format::Gib;
    warn("unencodable-text", std::to_string(loss.unencodable) + " character" + (loss.unencodable == 1 ? "" : "s") +
                                 " cannot be written in " +
                                 std::string(text::encoding_name(gib ? options.gib_encoding : text::Encoding::Utf8)) +
                                 "; written as '?'");
  }
  if (loss.renamed_tags > 0)
    warn("renamed-tag", std::to_string(loss.renamed_tags) + " tag name" + (loss.renamed_tags == 1 ? "" : "s") +
                            " cannot stand in a tag line as written (space, quote, bracket, backslash or control "
                            "character); written with '_' in their place");
  return out;
}

}  // namespace gibo
