// gibo export: write games from an archive back to files. Games are rebuilt from the
// database (archive.h load_game) and written with the format writers, so what was
// imported exports to the same games (same start, same moves, same tags and result).
//
// Selection policy: --where is an SQL expression over the games table's columns and
// --query a whole SELECT whose first column is a game id; the database is opened
// read-only and only one read-only statement is accepted, so a selection cannot change
// the archive. Output policy: no -o writes to standard output; -o FILE writes one file;
// -o DIR (an existing directory, or a path ending in '/') writes one file per source
// file, named after it (`<stem>.<ext>`, `-2`, `-3`... when two sources share a stem).
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "command.h"
#include "gibo/archive/archive.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json.h"
#include "gibo/formats/pgn.h"
#include "options.h"

namespace gibo::cli {
namespace {

namespace fs = std::filesystem;

// One output format: its file extension, how a game becomes text (`first`: the game opens
// its output file), and what closes a file that holds games (`footer`) or none (`empty`).
struct Format {
  std::string extension;
  std::function<std::string(const Game&, const Profile&, bool first)> write;
  std::string footer, empty;
};

// The formats export writes. `profile` is the one the game was validated under, so a
// record that names none is replayed by the writer as it was at import.
std::optional<Format> find_format(const std::string& name, text::Encoding encoding, bool hanja) {
  auto separated = [](bool first, const char* separator, std::string body) {
    return first ? body : separator + body;
  };
  if (name == "gib") {
    GibWriteOptions o;
    o.encoding = encoding;
    o.hanja = hanja;
    return Format{"gib",
                  [o, separated](const Game& g, const Profile& p, bool first) {
                    GibWriteOptions with_profile = o;
                    with_profile.profile = &p;
                    return separated(first, "\n", write_gib({g}, with_profile));
                  },
                  "", ""};
  }
  if (name == "pgn") {
    return Format{"pgn",
                  [separated](const Game& g, const Profile& p, bool first) {
                    PgnWriteOptions o;
                    o.profile = &p;
                    return separated(first, "\n", write_pgn({g}, o));
                  },
                  "", ""};
  }
  if (name == "json" || name == "jsonl") {
    const bool lines = name == "jsonl";
    return Format{name,
                  [lines](const Game& g, const Profile& p, bool first) {
                    JsonWriteOptions o;
                    o.profile = &p;
                    std::string out = lines ? "" : first ? "[\n" : ",\n";
                    json::Writer w(out);
                    write_json_game(w, g, o);
                    if (lines) out += '\n';
                    return out;
                  },
                  lines ? "" : "\n]\n", lines ? "" : "[]\n"};
  }
  return std::nullopt;
}

class Output {
 public:
  // `target` empty: stdout. Directory mode: one file per source path.
  Output(std::string target, std::string extension) : target_(std::move(target)), extension_(std::move(extension)) {
    std::error_code ec;
    directory_ = !target_.empty() && (target_.back() == '/' || fs::is_directory(target_, ec));
  }

  // The stream for a game from `source`, and whether nothing was written to it yet.
  // nullptr and `error` if the file cannot be created.
  std::ostream* stream(const std::string& source, bool& first, std::string& error) {
    if (target_.empty()) {
      first = !wrote_stdout_;
      wrote_stdout_ = true;
      return &std::cout;
    }
    const std::string key = directory_ ? source : std::string();
    auto it = files_.find(key);
    if (it == files_.end()) {
      fs::path path = directory_ ? fs::path(target_) / file_name(source) : fs::path(target_);
      std::error_code ec;
      if (directory_) fs::create_directories(target_, ec);
      auto out = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
      if (!*out) {
        error = path.string() + ": cannot create";
        return nullptr;
      }
      it = files_.emplace(key, Entry{std::move(out), path.string(), false}).first;
    }
    first = !it->second.written;
    it->second.written = true;
    return it->second.stream.get();
  }

  // Ends every file with `footer` (standard output with `empty` when nothing was
  // written to it), flushes and closes; false and `error` if a write failed.
  bool close(const std::string& footer, const std::string& empty, std::string& error) {
    if (target_.empty()) std::cout << (wrote_stdout_ ? footer : empty);
    for (auto& [key, e] : files_) *e.stream << footer;
    std::cout.flush();
    if (!std::cout) {
      error = "standard output: write error";
      return false;
    }
    for (auto& [key, e] : files_) {
      e.stream->close();
      if (!*e.stream) {
        error = e.path + ": write error";
        return false;
      }
    }
    return true;
  }

 private:
  struct Entry {
    std::unique_ptr<std::ofstream> stream;
    std::string path;
    bool written = false;
  };

  std::string file_name(const std::string& source) {
    std::string stem = source == "-" ? "stdin" : fs::path(source).stem().string();
    if (stem.empty()) stem = "games";
    std::string name = stem + "." + extension_;
    for (int n = 2; used_.count(name); ++n) name = stem + "-" + std::to_string(n) + "." + extension_;
    used_.insert(name);
    return name;
  }

  std::string target_, extension_;
  bool directory_ = false, wrote_stdout_ = false;
  std::map<std::string, Entry> files_;
  std::set<std::string> used_;
};

}  // namespace

int run_export(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo export --db FILE [--where EXPR | --query SQL] --to gib|pgn|json|jsonl [-o FILE|DIR]";
  po::options_description opts("options");
  std::string db, where, query, to, output, encoding = "utf-8";
  opts.add_options()("db", po::value(&db), "the archive (a SQLite file)")(
      "where", po::value(&where), "SQL expression over the games table (e.g. \"status = 'valid'\")")(
      "query", po::value(&query), "a SELECT whose first column is a game id")(
      "to", po::value(&to), "output format: gib, pgn, json (one array) or jsonl (one game a line)")(
      "output,o", po::value(&output), "output file, or directory for one file per source (default stdout)")(
      "encoding", po::value(&encoding), "gib output encoding: utf-8 or cp949")(
      "hanja", "gib output: hanja piece letters");
  po::positional_options_description pos_opts;
  po::variables_map vm;
  if (auto rc = parse_command_line("export", synopsis, args, opts, pos_opts, vm)) return *rc;
  auto usage = [&](const std::string& message) {
    std::cerr << "gibo export: " << message << "\nusage: " << synopsis << "\n";
    return kExitUsage;
  };
  if (db.empty()) return usage("--db FILE is required");
  if (to.empty()) return usage("--to FORMAT is required");
  if (!where.empty() && !query.empty()) return usage("give --where or --query, not both");
  text::Encoding enc;
  if (encoding == "utf-8" || encoding == "utf8") enc = text::Encoding::Utf8;
  else if (encoding == "cp949" || encoding == "euc-kr") enc = text::Encoding::Cp949;
  else return usage("--encoding must be utf-8 or cp949");
  const std::optional<Format> format = find_format(to, enc, vm.count("hanja") > 0);
  if (!format) return usage("--to must be gib, pgn, json or jsonl");

  std::string error;
  auto archive = archive::Archive::open(db, archive::OpenMode::ReadOnly, error);
  if (!archive) {
    std::cerr << "gibo export: " << error << "\n";
    return kExitIo;
  }
  const auto ids = archive->select_games(where, query);
  if (!ids) {
    std::cerr << "gibo export: " << archive->error() << "\n";
    return kExitUsage;
  }
  Output out(output, format->extension);
  long written = 0;
  for (std::int64_t id : *ids) {
    std::string profile_id;
    std::optional<Game> game = archive->load_game(id, &profile_id);
    if (!game) {
      std::cerr << "gibo export: " << archive->error() << "\n";
      return kExitIo;
    }
    bool first = false;
    std::ostream* stream = out.stream(game->source.file, first, error);
    if (!stream) {
      std::cerr << "gibo export: " << error << "\n";
      return kExitIo;
    }
    const Profile* profile = find_profile(profile_id);
    *stream << format->write(*game, profile ? *profile : default_profile(), first);
    ++written;
  }
  if (!out.close(format->footer, format->empty, error)) {
    std::cerr << "gibo export: " << error << "\n";
    return kExitIo;
  }
  if (!output.empty()) std::cerr << "gibo export: " << written << " games written to " << output << "\n";
  return kExitOk;
}

}  // namespace gibo::cli
