// gibo.rescore and gibo.rescore_archive: the library's rescore run (archive::RescoreRun,
// ArchiveRescore) as `gibo rescore` runs it without --engine, each game's verdict a dict.
#include <pybind11/stl.h>

#include "bindings.h"
#include "gibo/archive/rescore_run.h"

namespace gibo::python {
namespace {

// A game's verdict as a dict: where it is, its stored result and the verdicts table's fields.
py::dict verdict_dict(const archive::RescoredGame& g) {
  const archive::VerdictRow v = archive::verdict_row(g);
  py::dict d;
  d["file"] = g.file;
  d["index"] = g.index;
  d["stored"] = g.stored ? py::object(py::str(*g.stored)) : py::none();
  d["profile"] = v.profile_id;
  d["verdict"] = v.verdict;
  d["winner"] = v.winner;
  d["reason"] = v.reason ? py::object(py::str(*v.reason)) : py::none();
  d["ply"] = v.ply ? py::object(py::int_(*v.ply)) : py::none();
  d["ended_before_last_ply"] = v.ended_before_last_ply;
  d["note"] = v.note;
  d["text"] = verdict_text(g.r, g.stored.value_or(""));
  return d;
}

archive::RescoreSettings settings(const std::optional<std::string>& rules, bool bikjang) {
  archive::RescoreSettings s;
  if (rules) s.forced = &profile_argument(rules);
  s.bikjang_fallback = bikjang;
  return s;
}

py::list rescore_path(const py::object& path, const std::optional<std::string>& rules, bool bikjang) {
  const std::string p = py::module_::import("os").attr("fspath")(path).cast<std::string>();
  std::vector<archive::RescoredGame> games;
  archive::RescoredFileEnd end;
  {
    py::gil_scoped_release release;
    end = archive::rescore_file(p, settings(rules, bikjang), [&](archive::RescoredGame&& g) { games.push_back(std::move(g)); });
  }
  if (end.unread) raise_error("io-error", p + ": " + end.unread->message);
  py::list out;
  for (const archive::RescoredGame& g : games) out.append(verdict_dict(g));
  return out;
}

py::list rescore_archive(const py::object& path, const std::string& where, const std::optional<std::string>& rules,
                         bool bikjang) {
  const std::string p = py::module_::import("os").attr("fspath")(path).cast<std::string>();
  auto opened = archive::Archive::open(p, archive::OpenMode::ReadWrite);
  if (!opened) raise_error("archive-error", opened.error().message);
  archive::ArchiveRescore run(**opened, settings(rules, bikjang));
  if (const auto n = run.select(where); !n) raise_error("bad-query", n.error().message);
  std::vector<archive::RescoredGame> games;
  std::optional<Error> failed;
  {
    py::gil_scoped_release release;
    failed = run.run([&](archive::RescoredGame&& g) { games.push_back(std::move(g)); });
  }
  if (failed) raise_error("archive-error", failed->message);
  py::list out;
  for (const archive::RescoredGame& g : games) out.append(verdict_dict(g));
  return out;
}

}  // namespace

void bind_rescore(py::module_& m) {
  m.def("rescore", &rescore_path, py::arg("path"), py::kw_only(), py::arg("rules") = py::none(),
        py::arg("bikjang") = false,
        "Each game of a file re-scored as `gibo rescore FILE` does (its saved rules, else `rules`, else "
        "janggi-gg; `bikjang`: the option for records that state none): a dict per game (file, index, "
        "stored, profile, verdict, winner, reason, ply, ended_before_last_ply, note, text).");
  m.def("rescore_archive", &rescore_archive, py::arg("path"), py::kw_only(), py::arg("where") = "",
        py::arg("rules") = py::none(), py::arg("bikjang") = false,
        "The games of an archive `where` selects re-scored as `gibo rescore --db` does, their verdicts "
        "stored in its verdicts table: a dict per game as gibo.rescore gives.");
}

}  // namespace gibo::python
