// What the parts of the Python module share: the wrapped game, the gibo.Error exception,
// and the options of gibo.read and gibo.validate turned into library options.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>

#include "gibo/core/rules.h"
#include "gibo/formats/game_reader.h"
#include "gibo/pattern/pattern.h"
#include "gibo/record/game.h"

namespace gibo::python {

namespace py = pybind11;

// A game as Python sees it: the record (shared, never changed once wrapped) and the
// profile it replays under.
struct PyGame {
  std::shared_ptr<const Game> game;
  const Profile* profile = nullptr;
};

// Raises gibo.Error with the diagnostic's fields as attributes (code, severity, file,
// line, column, game, ply, token, message).
[[noreturn]] void raise_error(const Diagnostic& d);
// Raises gibo.Error with `code` and `message` (no place in a file).
[[noreturn]] void raise_error(const std::string& code, const std::string& message);

// The profile named `rules` (None: the default, janggi-gg); gibo.Error unknown-profile otherwise.
const Profile& profile_argument(const std::optional<std::string>& rules);

// The pattern `text` (gibo.Pattern, Archive.search); gibo.Error bad-pattern when it is refused.
pattern::Pattern pattern_argument(const std::string& text);
// A game's matches as Python sees them: {"matches", "ply", "value"}.
py::dict matches_dict(const pattern::GameMatches& m);

// GameReaderOptions from gibo.read's keyword arguments.
GameReaderOptions reader_options(const std::optional<std::string>& format, const std::optional<std::string>& encoding,
                                 const std::optional<std::string>& rules, bool strict, bool replay);

void bind_diagnostic(py::module_& m);
void bind_game(py::module_& m);
void bind_board(py::module_& m);
void bind_read(py::module_& m);
void bind_archive(py::module_& m);
void bind_pattern(py::module_& m);
void bind_rescore(py::module_& m);
void bind_write(py::module_& m);

}  // namespace gibo::python
