// gibo convert: read game files in any supported format (told from their content),
// validate every game by replaying it, and write the valid ones (or, with --keep-broken,
// every game up to its last valid ply) in another format.
//
// Memory policy: each game is written as soon as it is validated and then let go
// (GameWriter), so memory holds one input file and one game, whatever the number of
// games or files. Output policy: outputs.h (never over an input; complete or absent). The
// work is the formats layer's (gibo/formats/convert.h); this file parses the options,
// plans the outputs and prints.
#include <iostream>

#include "command.h"
#include "gibo/formats/convert.h"
#include "gibo/formats/game_writer.h"
#include "gibo/report/i18n.h"
#include "gibo/report/run_words.h"
#include "inputs.h"
#include "common_options.h"
#include "outputs.h"
#include "reporter.h"

namespace gibo::cli {
namespace {

// A run's options: the settings, the output (a file, a directory, or "" for standard
// output) and the inputs.
struct ConvertOptions {
  ConvertSettings s;
  std::string output;
  std::vector<std::string> paths;
  std::optional<OpeningBook> book;  // s.write.openings points here
};

constexpr const char* kSynopsis = "gibo convert [OPTIONS] PATHS... --to gib|pgn|json|jsonl|fen|uci [-o FILE|DIR]";

// Parses convert's command line into `o`; the exit status when the run ends here (help,
// a usage error).
std::optional<int> parse_convert(const std::vector<std::string>& args, ConvertOptions& o) {
  po::options_description opts("options");
  std::string to, from = "auto", rules_id = default_profile().id, encoding = "utf-8", input_encoding_name = "auto",
                  notation = "uci", ranks = "auto";
  ConvertSettings& s = o.s;
  std::vector<std::string> opening_books;
  add_shared_options(opts, {.rules = &rules_id, .strict = &s.strict, .opening_books = &opening_books});
  opts.add_options()("to", po::value(&to), "output format: gib, pgn, json, jsonl, fen or uci")(
      "output,o", po::value(&o.output),
      "output FILE (all games in one file) or DIR (existing, or ending in '/': one file per input); "
      "default: standard output")("keep-broken", po::bool_switch(&s.keep_broken),
                                  "write games that fail validation up to their last valid ply, the error in a comment")(
      "encoding", po::value(&encoding), "encoding of written .gib files: utf-8 (default) or cp949")(
      "input-encoding", po::value(&input_encoding_name), kInputEncodingHelp)(
      "from", po::value(&from), "input format: auto (from the content; default), gib, pgn, json, jsonl, fen, uci")(
      "hanja", po::bool_switch(&s.write.hanja), ".gib output: piece letters in hanja (車包馬象士將卒兵)")(
      "each", po::bool_switch(&s.write.each), "fen output: every position of each game, not only the last")(
      "positions", po::bool_switch(&s.write.positions),
      "json, jsonl output: one object a ply with the board's view of it and the FEN after it")(
      "notation", po::value(&notation), "uci output: move notation uci (default) or janggi (H02-83)")(
      "pgn-ranks", po::value(&ranks), "PGN input ranks: auto (default), 1 (Fairy-Stockfish) or 0 (WinBoard)");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("convert", kSynopsis, args, opts, o.paths, vm)) return rc;

  auto usage = [&](const std::string& message) { return usage_error("convert", message, kSynopsis); };
  if (to.empty()) return usage("--to is required");
  const auto to_format = format_from_name(to);
  if (!to_format) return usage("--to must be gib, pgn, json, jsonl, fen or uci");
  s.write.format = *to_format;
  if (from != "auto") {
    const auto f = format_from_name(from);
    if (!f) return usage("--from must be auto, gib, pgn, json, jsonl, fen or uci");
    s.from = *f;
  }
  s.profile = profile_or_usage("convert", rules_id);
  if (!s.profile) return kExitUsage;
  s.write.profile = s.profile;
  const auto gib_enc = gib_encoding_option("--encoding", encoding);
  if (!gib_enc) return usage(gib_enc.error().message);
  s.write.gib_encoding = *gib_enc;
  const auto input_enc = input_encoding_option("--input-encoding", input_encoding_name);
  if (!input_enc) return usage(input_enc.error().message);
  s.input_encoding = *input_enc;
  if (notation == "uci") s.write.notation = MoveNotation::Uci;
  else if (notation == "janggi") s.write.notation = MoveNotation::Janggi;
  else return usage("--notation must be uci or janggi");
  if (ranks == "auto") s.ranks = PgnRanks::Auto;
  else if (ranks == "1") s.ranks = PgnRanks::OneBased;
  else if (ranks == "0") s.ranks = PgnRanks::ZeroBased;
  else return usage("--pgn-ranks must be auto, 1 or 0");
  if (o.paths.empty()) return usage("no input");
  int book_status = kExitOk;
  o.book = opening_book_or_error("convert", opening_books, book_status);
  if (!o.book) return book_status;
  s.write.openings = &*o.book;
  return std::nullopt;
}

// Converts `files` into one output (`target`, or standard output when empty); a failed
// output file is removed and its games are not counted as written. False when the output
// could not be written.
bool convert_into(const std::string& target, const std::vector<std::string>& files, Conversion& run) {
  const long written_before = run.counts().written;
  if (target.empty()) {
    run.into_stream(files, std::cout);
    if (flush_standard_output("convert")) return true;
    run.unwrite(written_before);
    return false;
  }
  if (auto error = run.into_file(target, files, false)) {  // game files, written exactly
    std::cerr << "gibo convert: " << error->message << "\n";
    return false;
  }
  return true;
}

// The summary line in the run's language (its figures as they are: a script may read them).
void print_summary(const ConvertCounts& counts, const ConvertSettings& s, std::size_t not_game_files, bool write_failed) {
  using i18n::format;
  auto n = [](auto v) { return std::to_string(v); };
  std::cerr << format("convert: {1} files, {2} games, {3} written ({4}), {5} failed validation",
                      {n(counts.files), n(counts.games), n(counts.written), format_name(s.write.format), n(counts.rejected)});
  if (s.keep_broken && counts.kept_broken)
    std::cerr << " (" << format("{1} written up to the error", {n(counts.kept_broken)}) << ")";
  if (counts.unreadable_files) std::cerr << ", " << format("{1} files with no readable game", {n(counts.unreadable_files)});
  if (counts.io_errors) std::cerr << ", " << format("{1} unreadable", {n(counts.io_errors)});
  if (not_game_files)
    std::cerr << ", " << format(not_game_files == 1 ? "{1} not a game file" : "{1} not game files", {n(not_game_files)});
  if (write_failed) std::cerr << ", " << i18n::translate("output not written");
  std::cerr << "\n";
}

}  // namespace

int run_convert(const std::vector<std::string>& args) {
  ConvertOptions o;
  if (auto rc = parse_convert(args, o)) return *rc;
  set_output_audience(Audience::Programs);  // game files, written exactly
  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;
  const std::vector<InputFile> inputs = expand_inputs(o.paths, missing, not_game);
  std::cerr << Reporter(ReportFormat::Text).inputs(missing, not_game);  // in the run's language
  std::vector<std::string> files;
  for (const InputFile& in : inputs) files.push_back(in.path);
  const auto targets = plan_convert_targets(o.output, files, o.s.write.format);
  if (!targets && targets.error().usage) return usage_error("convert", targets.error().error.message, kSynopsis);
  if (!targets) {
    std::cerr << "gibo convert: " << targets.error().error.message << "\n";
    return kExitIo;
  }

  ConvertEvents events;
  events.error = [](const Diagnostic& d) { std::cerr << run_words::diagnostic_line(d); };
  events.loss = [&](const Game& g, const WriteLoss& loss) { report_write_loss(g, loss, o.s.write); };
  events.unread = [](const std::string& path, const Error& e) { std::cerr << run_words::unreadable(path, e.message, false); };
  Conversion run(o.s, events);
  bool write_failed = false;
  if (targets->per_input) {
    for (std::size_t i = 0; i < files.size(); ++i) write_failed |= !convert_into(targets->files[i], {files[i]}, run);
  } else {
    write_failed = !convert_into(o.output, files, run);
  }
  ConvertCounts counts = run.counts();
  counts.io_errors += static_cast<long>(missing.size());
  print_summary(counts, o.s, not_game.size(), write_failed);
  if (counts.io_errors || write_failed) return kExitIo;
  return counts.rejected || counts.unreadable_files ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
