// gibo.Board: a position under a profile's legality rules, and Game.replay.
#include "board.h"

#include <pybind11/stl.h>

#include "gibo/formats/notation.h"
#include "gibo/record/replay.h"

namespace gibo::python {
namespace {

constexpr int kPlanes = 14;  // Cho general, advisor, elephant, horse, chariot, cannon, soldier; then Han's

// Piece planes: plane side*7 + (type-1), row = rank (0: Cho's back rank), column = file
// (0: file a), 1 where the piece stands.
std::vector<std::uint8_t> plane_bytes(const Position& pos) {
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(kPlanes * kSquares), 0);
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = pos.piece_on(static_cast<Square>(s));
    if (!is_piece(p)) continue;
    const int plane = index(side_of(p)) * 7 + static_cast<int>(type_of(p)) - 1;
    bytes[static_cast<std::size_t>(plane * kSquares + rank_of(static_cast<Square>(s)) * kFiles +
                                   file_of(static_cast<Square>(s)))] = 1;
  }
  return bytes;
}

py::object planes(const PyBoard& b) {
  const std::vector<std::uint8_t> bytes = plane_bytes(b.position);
  try {
    py::module_ np = py::module_::import("numpy");
    py::bytes raw(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    return np.attr("frombuffer")(raw, np.attr("uint8")).attr("reshape")(kPlanes, kRanks, kFiles).attr("copy")();
  } catch (const py::error_already_set&) {  // no NumPy: nested lists
    py::list out;
    for (int plane = 0; plane < kPlanes; ++plane) {
      py::list rows;
      for (int r = 0; r < kRanks; ++r) {
        py::list row;
        for (int f = 0; f < kFiles; ++f) row.append(bytes[static_cast<std::size_t>(plane * kSquares + r * kFiles + f)]);
        rows.append(row);
      }
      out.append(rows);
    }
    return out;
  }
}

Move parse_move(const PyBoard& b, const py::object& move) {
  std::string text;
  if (py::isinstance<py::str>(move)) {
    text = move.cast<std::string>();
  } else if (py::hasattr(move, "uci") && !move.attr("uci").is_none()) {
    text = move.attr("uci").cast<std::string>();
  } else {
    raise_error("bad-move", "push takes a UCI string or a gibo.Move that replayed");
  }
  const MoveReadResult r = read_uci(b.position, text);
  if (!r) raise_error(std::string(notation_error_name(r.error().kind)), r.error().message);
  return *r;
}

PyBoard new_board(const std::optional<std::string>& fen, const std::optional<std::string>& rules) {
  PyBoard b;
  b.profile = &profile_argument(rules);
  if (fen) {
    if (auto e = b.position.set_fen(*fen)) raise_error("invalid-fen", e->message);
  }
  b.position.set_rules(legality_rules(*b.profile, false));
  return b;
}

}  // namespace

py::list replay_boards(const PyGame& g, const std::optional<std::string>& rules) {
  const Profile& profile = rules ? profile_argument(rules) : *g.profile;
  Game copy = *g.game;
  const LegalityRules legality = legality_rules(profile, game_bikjang_option(copy, false));
  {
    py::gil_scoped_release release;
    replay(copy, legality);
  }
  py::list boards;
  PyBoard b;
  b.profile = &profile;
  if (auto e = start_position(copy, legality, b.position)) raise_error("invalid-start", e->message);
  boards.append(b);
  for (int i = 0; i < copy.played_plies; ++i) {
    b.position.do_move(copy.plies[static_cast<std::size_t>(i)].move);
    boards.append(b);
  }
  return boards;
}

void bind_board(py::module_& m) {
  py::class_<PyBoard>(m, "Board", "A position under a rules profile's legality rules.")
      .def(py::init(&new_board), py::arg("fen") = py::none(), py::arg("rules") = py::none(),
           "The standard start (마상상마 both sides) or `fen`, under `rules` (None: janggi-gg)")
      .def("fen", [](const PyBoard& b) { return b.position.fen(); })
      .def("legal_moves", [](const PyBoard& b) {
        MoveList list;
        b.position.legal_moves(list);
        std::vector<std::string> out;
        for (Move mv : list) out.push_back(uci(mv));
        return out;
      }, "UCI of every legal move (a pass as the general's own square), none after an immediate end")
      .def("is_check", [](const PyBoard& b) { return b.position.in_check(); }, "is the side to move in check?")
      .def("push", [](PyBoard& b, const py::object& move) { b.position.do_move(parse_move(b, move)); },
           py::arg("move"), "Plays a legal move (UCI text or a gibo.Move); gibo.Error when it is not legal")
      .def("pop", [](PyBoard& b) {
        if (b.position.game_ply() == 0) raise_error("no-move", "no move to take back");
        b.position.undo_move();
      }, "Takes back the last move pushed or replayed")
      .def("san", [](const PyBoard& b, const py::object& move) { return write_san(b.position, parse_move(b, move)); },
           py::arg("move"), "Fairy-Stockfish SAN of a legal move")
      .def("planes", &planes,
           "Piece planes (14 x 10 x 9, uint8): plane side*7 + type (general, advisor, elephant, horse, chariot, "
           "cannon, soldier; Cho then Han), row = rank from Cho's back rank, column = file a..i. A NumPy array "
           "when NumPy is installed, else nested lists")
      .def_property_readonly("turn", [](const PyBoard& b) { return b.position.side_to_move() == Side::Cho ? "cho" : "han"; })
      .def_property_readonly("ply", [](const PyBoard& b) { return b.position.game_ply(); },
                             "plies played since the board's start")
      .def_property_readonly("profile", [](const PyBoard& b) { return b.profile->id; })
      .def("copy", [](const PyBoard& b) { return b; })
      .def("__repr__", [](const PyBoard& b) { return "<gibo.Board " + b.position.fen() + ">"; });
}

}  // namespace gibo::python
