// gibo.Archive: an archive `gibo import` made, read through the library: games selected
// by a --where expression or by a SELECT of game ids, and the opening explorer.
#include <pybind11/stl.h>

#include <unordered_set>

#include "bindings.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/stored_profile.h"
#include "gibo/archive/position_index.h"
#include "gibo/pattern/search.h"
#include "gibo/record/replay.h"
#include "gibo/report/explore.h"

namespace gibo::python {
namespace {

struct PyArchive {
  std::string path;
  std::unique_ptr<archive::Archive> db;
};

// The open archive; gibo.Error once the `with` block that opened it is left.
archive::Archive& db(PyArchive& a) {
  if (!a.db) raise_error("archive-closed", a.path + ": the archive is closed");
  return *a.db;
}

PyArchive open_archive(const py::object& path) {
  PyArchive a;
  a.path = py::module_::import("os").attr("fspath")(path).cast<std::string>();
  auto opened = archive::Archive::open(a.path, archive::OpenMode::ReadOnly);
  if (!opened) raise_error("archive-error", opened.error().message);
  a.db = std::move(*opened);
  return a;
}

std::vector<PyGame> load_games(PyArchive& a, const Expected<std::vector<std::int64_t>>& ids) {
  if (!ids) raise_error("bad-query", ids.error().message);
  archive::Archive& archive = db(a);
  std::vector<PyGame> games;
  py::gil_scoped_release release;
  for (std::int64_t id : *ids) {
    std::string profile_id;
    Expected<Game> g = archive.load_game(id, &profile_id);
    if (!g) {
      py::gil_scoped_acquire gil;
      raise_error("archive-error", g.error().message);
    }
    PyGame pg;
    pg.profile = &archive::stored_profile(profile_id, *g, default_profile());
    pg.game = std::make_shared<const Game>(std::move(*g));
    games.push_back(std::move(pg));
  }
  return games;
}

py::dict exploration(PyArchive& a, const std::optional<std::string>& fen, const std::optional<std::string>& rules) {
  const Profile& profile = profile_argument(rules);
  Position position;
  if (fen)
    if (auto e = position.set_fen(*fen)) raise_error("invalid-fen", e->message);
  position.set_rules(legality_rules(profile, false));
  Expected<explore::Exploration> e = Error{};
  {
    py::gil_scoped_release release;
    // As `gibo explore` does: the index is brought up to date in the archive (in memory
    // when the archive is read-only).
    auto index = archive::PositionIndex::open(a.path, archive::OpenMode::ReadWrite);
    if (!index) e = index.error();
    else if (auto failed = (*index)->update(1)) e = *failed;
    else e = explore::explore(**index, position, nullptr);
  }
  if (!e) raise_error("archive-error", e.error().message);
  py::dict out;
  out["fen"] = e->fen;
  out["games"] = e->games;
  out["ended_here"] = e->ended_here;
  out["broken_here"] = e->broken_here;
  py::list moves;
  for (const explore::MoveLine& l : e->moves) {
    py::dict d;
    d["uci"] = l.uci;
    d["san"] = l.san;
    d["janggi"] = l.janggi;
    d["games"] = l.games;
    d["cho"] = l.cho;
    d["han"] = l.han;
    d["draw"] = l.draw;
    d["other"] = l.other;
    d["avg_plies"] = l.avg_plies;
    moves.append(d);
  }
  out["moves"] = moves;
  return out;
}

// Archive.search: the pattern asked of the games `where` selects (all: None), with `jobs`
// threads, as `gibo search --pattern` asks it.
py::dict search(PyArchive& a, const std::string& text, const std::optional<std::string>& where, int jobs) {
  const pattern::Pattern p = pattern_argument(text);
  archive::Archive& archive = db(a);
  std::optional<std::vector<std::int64_t>> selected;
  if (where) {
    auto ids = archive.select_games(*where);
    if (!ids) raise_error("bad-query", ids.error().message);
    selected = std::move(*ids);
    std::sort(selected->begin(), selected->end());
  }
  Expected<pattern::SearchResult> r = Error{};
  {
    py::gil_scoped_release release;
    r = pattern::search(archive, p, selected ? &*selected : nullptr, std::max(1, jobs));
  }
  if (!r) raise_error("archive-error", r.error().message);
  py::list games;
  for (const pattern::Found& f : r->found) {
    py::dict g = matches_dict(f.matches);
    g["id"] = f.game.id;
    g["file"] = f.game.file;
    g["index"] = f.game.index;
    g["positions"] = f.matches.plies.size();
    g["plies"] = f.game.plies;
    g["cho"] = f.game.cho;
    g["han"] = f.game.han;
    g["date"] = f.game.date;
    g["result"] = f.game.result ? py::object(py::str(*f.game.result)) : py::object(py::none());
    g["winner"] = std::string(winner_name(f.game.winner));
    games.append(g);
  }
  py::dict out;
  out["pattern"] = r->pattern;
  out["games"] = games;
  for (auto [key, n] : {std::pair{"archive_games", r->archive_games}, {"selected", r->selected}, {"skipped", r->skipped},
                        {"replayed", r->replayed}, {"positions", r->positions}, {"cho", r->cho}, {"han", r->han},
                        {"draw", r->draw}, {"other", r->other}})
    out[key] = n;
  return out;
}

}  // namespace

void bind_archive(py::module_& m) {
  py::class_<PyArchive>(m, "Archive", "An archive made by `gibo import`, opened read-only.")
      .def(py::init(&open_archive), py::arg("path"))
      .def_readonly("path", &PyArchive::path)
      .def("__len__", [](PyArchive& a) { return db(a).game_count(); })
      .def("games", [](PyArchive& a, const std::optional<std::string>& where) {
        return load_games(a, db(a).select_games(where.value_or("1")));
      }, py::arg("where") = py::none(),
         "The games a --where expression selects (the fields `gibo stats --help` lists; None: all), "
         "rebuilt from the archive, in id order")
      .def("query", [](PyArchive& a, const std::string& sql) { return load_games(a, db(a).select_query(sql)); },
           py::arg("sql"), "The games whose ids a read-only SELECT returns in its first column (as `gibo export --query`)")
      .def("explore", &exploration, py::arg("fen") = py::none(), py::kw_only(), py::arg("rules") = py::none(),
           "The opening explorer at `fen` (None: the standard start): a dict with fen, games, ended_here, "
           "broken_here and moves (uci, san, janggi, games, cho, han, draw, other, avg_plies). Brings the "
           "archive's position index up to date, as `gibo explore` does")
      .def("search", &search, py::arg("pattern"), py::kw_only(), py::arg("where") = py::none(), py::arg("jobs") = 1,
           "The games where a pattern holds (gibo.Pattern's language; as `gibo search --pattern`): a dict with "
           "pattern, games (each a dict: id, file, index, ply, positions, matches (the matching plies), plies, value, cho, han, "
           "date, result, winner), and the counts archive_games, selected, skipped, replayed, positions, cho, han, "
           "draw, other")
      .def("__enter__", [](PyArchive& a) -> PyArchive& { return a; })
      .def("__exit__", [](PyArchive& a, const py::object&, const py::object&, const py::object&) { a.db.reset(); });
}

}  // namespace gibo::python
