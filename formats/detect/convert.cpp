// Converting game files: read, validated by replaying, written in another format (convert.h).
#include "gibo/formats/convert.h"

#include "gibo/formats/file_bytes.h"
#include "gibo/formats/output_file.h"
#include "gibo/record/first_error.h"
#include "gibo/record/replay.h"

namespace gibo {
namespace {

// Does the format mark a game cut short itself (PGN's [Termination "unterminated"] and
// note, FEN's and UCI's comment line), told so by the game's error after its last ply?
bool marks_cut_short(Format f) { return f == Format::Pgn || f == Format::Fen || f == Format::Uci; }

}  // namespace

Game cut_at_error(const Game& g, Format format) {
  Game out = g;
  const std::size_t keep = std::min<std::size_t>(static_cast<std::size_t>(std::max(g.valid_plies, 0)), g.plies.size());
  const std::size_t dropped = g.plies.size() - keep;
  out.plies.resize(keep);
  if (marks_cut_short(format)) return out;
  const Diagnostic* e = first_error(g.diagnostics);
  std::string note = "gibo: " + (e ? format_diagnostic(*e) : std::string("the game does not validate"));
  if (dropped) note += "; " + std::to_string(dropped) + " plies from ply " + std::to_string(keep + 1) + " not written";
  if (out.plies.empty()) out.header_comments.push_back(note);
  else out.plies.back().comments.push_back(note);
  return out;
}

void Conversion::convert_file(const std::string& path, GameWriter& writer) {
  ++counts_.files;
  const Expected<FileBytes> bytes = read_file_bytes(path);
  if (!bytes) {
    if (events_.unread) events_.unread(path, bytes.error());
    ++counts_.io_errors;
    return;
  }
  ReadOptions ro;
  ro.format = settings_.from;
  ro.encoding = settings_.input_encoding;
  ro.profile = settings_.profile;
  ro.pgn_ranks = settings_.ranks;
  ro.file_name = path;
  auto write = [&](const Game& g) {
    const WriteLoss loss = writer.write(g);
    if (events_.loss) events_.loss(g, loss);
    ++counts_.written;
  };
  auto report = [&](const std::vector<Diagnostic>& ds) {
    bool any = false;
    for (const Diagnostic& d : ds)
      if (d.severity == Severity::Error) {
        if (events_.error) events_.error(d);
        any = true;
      }
    return any;
  };
  ReadInfo info;
  read_games(bytes->view(), ro, info, [&](Game&& g) {
    ++counts_.games;
    ReplayOptions replay_options;
    replay_options.strict_annotations = settings_.strict;
    replay_under_profile(g, *settings_.profile, replay_options);
    if (!g.has_errors()) return write(g);
    report(g.diagnostics);
    ++counts_.rejected;
    if (settings_.keep_broken) {
      write(cut_at_error(g, settings_.write.format));
      ++counts_.kept_broken;
    }
  });
  if (report(info.diagnostics) && info.games == 0) ++counts_.unreadable_files;
}

void Conversion::into_stream(const std::vector<std::string>& files, std::ostream& out) {
  GameWriter writer(out, settings_.write);
  for (const std::string& f : files) convert_file(f, writer);
  writer.finish();
}

std::optional<Error> Conversion::into_file(const std::string& target, const std::vector<std::string>& files,
                                           bool visible) {
  const long written_before = counts_.written;
  OutputFile out;
  if (auto error = out.open(target, visible)) return error;
  GameWriter writer(out.stream(), settings_.write);
  for (const std::string& f : files) convert_file(f, writer);
  writer.finish();
  if (auto error = out.commit()) {
    counts_.written = written_before;
    return error;
  }
  return std::nullopt;
}

}  // namespace gibo
