// gibo.convert and gibo.export: the library's conversion (gibo::Conversion) and export
// (archive::ExportRun) as `gibo convert` and `gibo export` run them, the written text
// returned as a str.
#include <pybind11/stl.h>

#include <sstream>

#include "bindings.h"
#include "gibo/archive/export_run.h"
#include "gibo/formats/convert.h"

namespace gibo::python {
namespace {

// The format named `to` (gib, pgn, json, jsonl, fen, uci); gibo.Error bad-format otherwise.
Format format_argument(const std::string& to) {
  const auto f = format_from_name(to);
  if (!f || *f == Format::Unknown) raise_error("bad-format", "to must be gib, pgn, json, jsonl, fen or uci, not " + to);
  return *f;
}

std::string path_text(const py::object& path) {
  return py::module_::import("os").attr("fspath")(path).cast<std::string>();
}

py::dict convert_paths(const std::vector<py::object>& paths, const std::string& to,
                       const std::optional<std::string>& rules, bool keep_broken) {
  ConvertSettings s;
  s.profile = &profile_argument(rules);
  s.keep_broken = keep_broken;
  s.write.format = format_argument(to);
  s.write.profile = s.profile;
  std::vector<std::string> files;
  for (const py::object& p : paths) files.push_back(path_text(p));
  std::vector<Diagnostic> errors;
  ConvertEvents events;
  events.error = [&](const Diagnostic& d) { errors.push_back(d); };
  std::ostringstream out;
  Conversion run(s, events);
  {
    py::gil_scoped_release release;
    run.into_stream(files, out);
  }
  if (run.counts().io_errors) raise_error("io-error", "an input could not be read");
  py::dict d;
  d["text"] = out.str();
  d["games"] = run.counts().games;
  d["written"] = run.counts().written;
  d["rejected"] = run.counts().rejected;
  d["errors"] = errors;
  return d;
}

py::dict export_archive(const py::object& path, const std::string& to, const std::string& where,
                        const std::string& query, bool copies) {
  const std::string p = path_text(path);
  auto opened = archive::Archive::open(p, archive::OpenMode::ReadOnly);
  if (!opened) raise_error("archive-error", opened.error().message);
  archive::ExportSettings s;
  s.db = p;
  s.where = where;
  s.query = query;
  s.copies = copies;
  s.write.format = format_argument(to);
  std::ostringstream out;
  const ProtectedFiles none;  // no output file
  archive::ExportRun run(**opened, s, none, out);
  std::optional<archive::ExportFailure> failed = run.select();
  if (!failed) {
    py::gil_scoped_release release;
    failed = run.write(nullptr);
  }
  if (failed)
    raise_error(failed->kind == archive::ExportFailure::Kind::Io ? "archive-error" : "bad-query", failed->error.message);
  run.finish_stream();
  py::dict d;
  d["text"] = out.str();
  d["written"] = run.written();
  d["cut"] = run.cut();
  return d;
}

}  // namespace

void bind_write(py::module_& m) {
  m.def("convert", &convert_paths, py::arg("paths"), py::arg("to"), py::kw_only(), py::arg("rules") = py::none(),
        py::arg("keep_broken") = false,
        "The games of the files `paths` validated and written in the format `to` (gib, pgn, json, jsonl, fen, "
        "uci) as `gibo convert` writes them to standard output: a dict (text, games, written, rejected, errors: "
        "the rejected games' error diagnostics).");
  m.def("export", &export_archive, py::arg("path"), py::arg("to"), py::kw_only(), py::arg("where") = "",
        py::arg("query") = "", py::arg("copies") = false,
        "The games of an archive `where` (or the SELECT `query`) selects written in the format `to` as "
        "`gibo export` writes them to standard output: a dict (text, written, cut).");
}

}  // namespace gibo::python
