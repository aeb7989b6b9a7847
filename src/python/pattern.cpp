// gibo.Pattern: a pattern of the pattern language (src/pattern/README.md), parsed once and
// matched against games; Archive.search asks one of an archive (archive.cpp).
#include <pybind11/stl.h>

#include <algorithm>

#include "bindings.h"
#include "gibo/pattern/pattern.h"
#include "gibo/record/replay.h"

namespace gibo::python {

pattern::Pattern pattern_argument(const std::string& text) {
  auto p = pattern::Pattern::parse(text);
  if (!p) raise_error("bad-pattern", p.error().message);
  return std::move(*p);
}

py::dict matches_dict(const pattern::GameMatches& m) {
  py::dict d;
  d["matches"] = m.plies;
  d["ply"] = m.matched() ? py::object(py::int_(m.ply())) : py::object(py::none());
  d["value"] = m.value ? py::object(py::float_(*m.value)) : py::object(py::none());
  return d;
}

namespace {

// Where `p` holds in `g`: its start under its profile's rules, and the plies that replay
// (a game read without a replay: as far as its moves are legal).
py::dict match_game(const pattern::Pattern& p, const PyGame& g) {
  const Game& game = *g.game;
  Position start;
  if (auto e = start_position(game, game_legality_rules(game, *g.profile), start))
    raise_error("bad-start", e->message);
  std::vector<Move> moves;
  Position walk = start;
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Move m = game.plies[i].move;
    const bool replays = game.replayed ? static_cast<int>(i) < std::max(game.played_plies, game.valid_plies)
                                       : walk.is_legal(m);
    if (m.is_none() || !replays) break;
    moves.push_back(m);
    walk.do_move(m);
  }
  pattern::GameMatches found;
  {
    py::gil_scoped_release release;
    found = p.match(start, moves);
  }
  return matches_dict(found);
}

}  // namespace

void bind_pattern(py::module_& m) {
  py::class_<pattern::Pattern>(m, "Pattern",
                               "A pattern of the pattern language (src/pattern/README.md), parsed and checked once: "
                               "gibo.Error (code bad-pattern) names the column and what was expected, or the part "
                               "that can never match")
      .def(py::init(&pattern_argument), py::arg("text"))
      .def_property_readonly("text", &pattern::Pattern::text)
      .def_property_readonly("reads_board", &pattern::Pattern::reads_board,
                             "Does matching replay the game (else its material alone answers)?")
      .def_property_readonly("sorted", &pattern::Pattern::sorted)
      .def("match", &match_game, py::arg("game"),
           "Where the pattern holds in the game: a dict with matches (its plies; 0: the start), ply (the first match, or the "
           "sorted value's; None without a match) and value (the sort's; None without one)");
}

}  // namespace gibo::python
