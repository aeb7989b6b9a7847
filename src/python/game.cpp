// gibo.Diagnostic, gibo.Move and gibo.Game: a record's tags, stored result, plies (UCI,
// Korean notation, comments, times) and diagnostics, and Game.replay's boards.
#include <pybind11/stl.h>

#include <algorithm>

#include "bindings.h"
#include "board.h"
#include "gibo/formats/notation.h"
#include "gibo/record/replay.h"

namespace gibo::python {
namespace {

// One ply as Python sees it (made when Game.moves is first read).
struct PyMove {
  int ply = 0;
  std::optional<std::string> uci;     // None: the ply did not replay (after an error)
  std::string korean;                 // "79졸78", pass "한수쉼"; the recorded text where it did not replay
  std::string text;                   // the ply as written in the record
  std::optional<std::string> comment; // the comments after it, joined by a blank line; None without
  std::vector<std::string> comments;
  std::optional<int> seconds;
  bool pass = false;
  int line = 0, column = 0;
};

// Hangul letter of a piece as .gib writes it (Cho's soldier 졸, Han's 병).
const char* hangul_letter(Piece p) {
  switch (type_of(p)) {
    case PieceType::General: return "장";
    case PieceType::Advisor: return "사";
    case PieceType::Elephant: return "상";
    case PieceType::Horse: return "마";
    case PieceType::Chariot: return "차";
    case PieceType::Cannon: return "포";
    case PieceType::Soldier: return side_of(p) == Side::Cho ? "졸" : "병";
    case PieceType::None: break;
  }
  return "";
}

std::vector<PyMove> make_moves(const PyGame& g) {
  const Game& game = *g.game;
  std::vector<PyMove> moves;
  moves.reserve(game.plies.size());
  Position pos;
  bool board = !start_position(game, game_legality_rules(game, *g.profile), pos).has_value();
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const RecordedPly& p = game.plies[i];
    PyMove m;
    m.ply = static_cast<int>(i) + 1;
    m.text = p.text;
    m.comments = p.comments;
    if (!p.comments.empty()) {
      std::string joined;
      for (const std::string& c : p.comments) joined += (joined.empty() ? "" : "\n\n") + c;
      m.comment = joined;
    }
    m.seconds = p.seconds;
    m.pass = p.pass;
    m.line = p.line;
    m.column = p.column;
    // A replayed game's moves up to where its replay stopped (an archive's game knows its
    // valid plies only); a game not replayed (replay=False) as far as its moves are legal.
    board = board && !p.move.is_none() &&
            (game.replayed ? static_cast<int>(i) < std::max(game.played_plies, game.valid_plies) : pos.is_legal(p.move));
    if (board) {
      m.uci = uci(p.move);
      m.korean = p.move.is_pass() ? "한수쉼"
                                  : janggi_square_name(p.move.from()) + hangul_letter(pos.piece_on(p.move.from())) +
                                        janggi_square_name(p.move.to());
      pos.do_move(p.move);
    } else {
      m.korean = p.text;
    }
    moves.push_back(std::move(m));
  }
  return moves;
}

py::dict tags_dict(const Game& game) {
  py::dict d;
  for (const Tag& t : game.tags)
    if (!d.contains(t.name)) d[py::str(t.name)] = t.value;  // the first value of a repeated tag
  return d;
}

}  // namespace

void bind_diagnostic(py::module_& m) {
  py::class_<Diagnostic>(m, "Diagnostic", "A problem found reading or replaying a record (stable code).")
      .def_readonly("code", &Diagnostic::code)
      .def_property_readonly("severity", [](const Diagnostic& d) { return std::string(severity_name(d.severity)); })
      .def_readonly("file", &Diagnostic::file)
      .def_readonly("line", &Diagnostic::line)
      .def_readonly("column", &Diagnostic::column)
      .def_readonly("game", &Diagnostic::game, "0-based game index in the file; -1: about the file")
      .def_readonly("ply", &Diagnostic::ply, "1-based; 0: not about a ply")
      .def_readonly("token", &Diagnostic::token)
      .def_readonly("message", &Diagnostic::message)
      .def("__str__", [](const Diagnostic& d) { return format_diagnostic(d); })
      .def("__repr__", [](const Diagnostic& d) {
        return "<gibo.Diagnostic " + std::string(severity_name(d.severity)) + "[" + d.code + "] " +
               std::to_string(d.line) + ":" + std::to_string(d.column) + ">";
      });
}

void bind_game(py::module_& m) {
  py::class_<PyMove>(m, "Move", "One ply of a record.")
      .def_readonly("ply", &PyMove::ply, "1-based")
      .def_readonly("uci", &PyMove::uci, "UCI ('b1c3', a pass 'e2e2'); None when the ply did not replay")
      .def_readonly("korean", &PyMove::korean, "Korean notation ('79졸78', a pass '한수쉼')")
      .def_readonly("text", &PyMove::text, "the ply as the record writes it")
      .def_readonly("comment", &PyMove::comment, "the comments after the ply, joined by a blank line, or None")
      .def_readonly("comments", &PyMove::comments)
      .def_readonly("seconds", &PyMove::seconds)
      .def_readonly("is_pass", &PyMove::pass)
      .def_readonly("line", &PyMove::line)
      .def_readonly("column", &PyMove::column)
      .def("__str__", [](const PyMove& mv) { return mv.uci.value_or(mv.text); })
      .def("__repr__", [](const PyMove& mv) { return "<gibo.Move " + std::to_string(mv.ply) + ". " + mv.uci.value_or(mv.text) + ">"; });

  py::class_<PyGame>(m, "Game", "A game record: tags, start, plies, stored result, diagnostics.")
      .def_property_readonly("tags", [](const PyGame& g) { return tags_dict(*g.game); },
                             "tag name -> value, verbatim (the first of a repeated tag)")
      .def_property_readonly("tag_list", [](const PyGame& g) {
        std::vector<std::pair<std::string, std::string>> tags;
        for (const Tag& t : g.game->tags) tags.emplace_back(t.name, t.value);
        return tags;
      }, "every tag in order, as (name, value) pairs")
      .def_property_readonly("result", [](const PyGame& g) -> std::optional<std::string> {
        if (!g.game->has_result) return std::nullopt;
        return g.game->result_text;
      }, "the stored result text, byte-exact (never rewritten), or None")
      .def_property_readonly("moves", [](const PyGame& g) { return make_moves(g); })
      .def_property_readonly("diagnostics", [](const PyGame& g) { return g.game->diagnostics; })
      .def_property_readonly("errors", [](const PyGame& g) {
        std::vector<Diagnostic> out;
        for (const Diagnostic& d : g.game->diagnostics) if (d.severity == Severity::Error) out.push_back(d);
        return out;
      })
      .def_property_readonly("valid", [](const PyGame& g) { return !g.game->has_errors(); })
      .def_property_readonly("plies", [](const PyGame& g) { return g.game->plies.size(); })
      .def_property_readonly("valid_plies", [](const PyGame& g) { return g.game->valid_plies; })
      .def_property_readonly("annotated", [](const PyGame& g) { return g.game->annotated; })
      .def_property_readonly("profile", [](const PyGame& g) { return g.profile->id; },
                             "the rules profile the game replays under")
      .def_property_readonly("file", [](const PyGame& g) { return g.game->source.file; })
      .def_property_readonly("index", [](const PyGame& g) { return g.game->source.game_index; }, "0-based, in its file")
      .def_property_readonly("line", [](const PyGame& g) { return g.game->source.line; })
      .def_property_readonly("start_fen", [](const PyGame& g) -> std::optional<std::string> {
        Position pos;
        if (start_position(*g.game, game_legality_rules(*g.game, *g.profile), pos)) return std::nullopt;
        return pos.fen();
      })
      .def("replay", [](const PyGame& g, const std::optional<std::string>& rules) {
        return replay_boards(g, rules);
      }, py::arg("rules") = py::none(),
         "The boards of the game: the start, then after each ply that replays, under `rules` "
         "(a profile id; None: the game's own profile)")
      .def("__len__", [](const PyGame& g) { return g.game->plies.size(); })
      .def("__repr__", [](const PyGame& g) {
        return "<gibo.Game " + g.game->source.file + ":" + std::to_string(g.game->source.game_index + 1) + ", " +
               std::to_string(g.game->plies.size()) + " plies>";
      });
}

}  // namespace gibo::python
