// gibo.read (games from a path, bytes or a file object, one at a time, read and replayed
// by the library's reading thread while Python works) and gibo.validate (every
// diagnostic of a file or a directory).
#include <pybind11/stl.h>

#include <algorithm>
#include <filesystem>

#include "bindings.h"

namespace gibo::python {
namespace {

// The iterator gibo.read returns.
struct GameIterator {
  std::optional<GameReader> reader;
  bool finished = false;

  PyGame next() {
    if (!reader || finished) throw py::stop_iteration();
    std::optional<Game> game;
    {
      py::gil_scoped_release release;  // the reading thread reads and replays meanwhile
      game = reader->next();
    }
    if (!game) {
      finished = true;
      throw py::stop_iteration();
    }
    PyGame g;
    g.profile = &reader->profile_of(*game);
    g.game = std::make_shared<const Game>(std::move(*game));
    return g;
  }
};

// A path (str or os.PathLike), or bytes-like, or an object with .read() (its bytes).
GameReader open_source(const py::object& source, GameReaderOptions options) {
  if (py::isinstance<py::bytes>(source) || py::isinstance<py::bytearray>(source) ||
      py::isinstance<py::memoryview>(source)) {
    std::string bytes = py::module_::import("builtins").attr("bytes")(source).cast<std::string>();
    if (options.read.file_name.empty()) options.read.file_name = "<bytes>";
    return GameReader::from_bytes(std::move(bytes), std::move(options));
  }
  if (py::hasattr(source, "read") && !py::isinstance<py::str>(source)) {
    py::object data = source.attr("read")();
    if (!py::isinstance<py::bytes>(data)) raise_error("bad-source", "gibo.read: the file object must be opened in binary mode");
    if (options.read.file_name.empty())
      options.read.file_name = py::hasattr(source, "name") ? py::str(source.attr("name")).cast<std::string>() : "<stream>";
    return GameReader::from_bytes(data.cast<std::string>(), std::move(options));
  }
  const std::string path = py::module_::import("os").attr("fspath")(source).cast<std::string>();
  Expected<GameReader> opened = [&] {
    py::gil_scoped_release release;
    return GameReader::open(path, std::move(options));
  }();
  if (!opened) {
    Diagnostic d;
    d.code = "io-error";
    d.file = path;
    d.message = opened.error().message;
    raise_error(d);
  }
  return std::move(*opened);
}

// Named as a game file (the formats layer's one list of endings: format_of_name).
bool game_file(const std::filesystem::path& p) { return format_of_name(p.filename().string()) != Format::Unknown; }

// Every diagnostic of one file (the games' in order, then the file's).
void validate_file(const std::string& path, const GameReaderOptions& options, std::vector<Diagnostic>& out) {
  Expected<GameReader> reader = GameReader::open(path, options);
  if (!reader) {
    Diagnostic d;
    d.code = "io-error";
    d.file = path;
    d.message = reader.error().message;
    out.push_back(std::move(d));
    return;
  }
  while (std::optional<Game> g = reader->next()) out.insert(out.end(), g->diagnostics.begin(), g->diagnostics.end());
  const ReadInfo info = reader->info();
  out.insert(out.end(), info.diagnostics.begin(), info.diagnostics.end());
}

}  // namespace

void bind_read(py::module_& m) {
  py::class_<GameIterator>(m, "GameIterator", "The games gibo.read reads, in file order.")
      .def("__iter__", [](GameIterator& it) -> GameIterator& { return it; })
      .def("__next__", &GameIterator::next)
      .def_property_readonly("format", [](const GameIterator& it) {
        return std::string(format_name(it.reader->info().format));
      }, "the file's format (known once every game was read)")
      .def_property_readonly("encoding", [](const GameIterator& it) {
        return std::string(text::encoding_name(it.reader->info().encoding));
      })
      .def_property_readonly("file_diagnostics", [](const GameIterator& it) { return it.reader->info().diagnostics; },
                             "diagnostics about the file, not one game (complete once every game was read)");

  m.def("read", [](const py::object& source, const std::optional<std::string>& format,
                   const std::optional<std::string>& encoding, const std::optional<std::string>& rules, bool strict,
                   bool replay) {
    GameIterator it;
    it.reader.emplace(open_source(source, reader_options(format, encoding, rules, strict, replay)));
    return it;
  }, py::arg("source"), py::kw_only(), py::arg("format") = py::none(), py::arg("encoding") = py::none(),
     py::arg("rules") = py::none(), py::arg("strict") = false, py::arg("replay") = true,
     "Reads the games of `source` (a path, bytes, or a binary file object) in any format gibo reads, "
     "one at a time, each replayed under its profile (the record's, else `rules`, else janggi-gg) as "
     "`gibo validate` replays it. gibo.Error when the path cannot be read.");

  m.def("validate", [](const py::object& path, const std::optional<std::string>& rules, bool strict,
                       const std::optional<std::string>& encoding) {
    const std::string p = py::module_::import("os").attr("fspath")(path).cast<std::string>();
    const GameReaderOptions options = reader_options(std::nullopt, encoding, rules, strict, true);
    std::vector<Diagnostic> out;
    {
      py::gil_scoped_release release;
      namespace fs = std::filesystem;
      std::error_code ec;
      if (fs::is_directory(p, ec)) {
        std::vector<std::string> files;
        for (fs::recursive_directory_iterator i(p, ec), end; !ec && i != end; i.increment(ec))
          if (i->is_regular_file(ec) && game_file(i->path())) files.push_back(i->path().string());
        std::sort(files.begin(), files.end());
        for (const std::string& f : files) validate_file(f, options, out);
      } else {
        validate_file(p, options, out);
      }
    }
    return out;
  }, py::arg("path"), py::kw_only(), py::arg("rules") = py::none(), py::arg("strict") = false,
     py::arg("encoding") = py::none(),
     "Every diagnostic (errors, warnings, notes) of a file, or of the game files under a directory "
     "(.gib .pgn .json .jsonl .fen .uci, in path order), as gibo.Diagnostic objects.");
}

}  // namespace gibo::python
