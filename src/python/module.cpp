// The Python module gibo._gibo (imported by the package gibo): registration, gibo.Error,
// and the argument helpers every part uses.
#include <pybind11/stl.h>

#include "bindings.h"
#include "gibo/version.h"

namespace gibo::python {
namespace {

PyObject* error_class = nullptr;

}  // namespace

void raise_error(const Diagnostic& d) {
  py::gil_scoped_acquire gil;
  py::object cls = py::reinterpret_borrow<py::object>(error_class);
  py::object e = cls(d.line > 0 ? format_diagnostic(d) : d.message);
  e.attr("code") = d.code;
  e.attr("severity") = std::string(severity_name(d.severity));
  e.attr("file") = d.file;
  e.attr("line") = d.line;
  e.attr("column") = d.column;
  e.attr("game") = d.game;
  e.attr("ply") = d.ply;
  e.attr("token") = d.token;
  e.attr("message") = d.message;
  PyErr_SetObject(error_class, e.ptr());
  throw py::error_already_set();
}

void raise_error(const std::string& code, const std::string& message) {
  Diagnostic d;
  d.code = code;
  d.message = message;
  raise_error(d);
}

const Profile& profile_argument(const std::optional<std::string>& rules) {
  if (!rules) return default_profile();
  const Profile* p = find_profile(*rules);
  if (!p) raise_error("unknown-profile", "unknown rules profile '" + *rules + "' (gibo.profiles() lists them)");
  return *p;
}

GameReaderOptions reader_options(const std::optional<std::string>& format, const std::optional<std::string>& encoding,
                                 const std::optional<std::string>& rules, bool strict, bool replay) {
  GameReaderOptions o;
  if (format) {
    const std::optional<Format> f = format_from_name(*format);
    if (!f) raise_error("unknown-format", "unknown format '" + *format + "' (gib, pgn, json, jsonl, fen, uci)");
    o.read.format = *f;
  }
  if (encoding) {
    if (*encoding == "auto") o.read.encoding = text::Encoding::Auto;
    else if (*encoding == "utf-8") o.read.encoding = text::Encoding::Utf8;
    else if (*encoding == "cp949") o.read.encoding = text::Encoding::Cp949;
    else raise_error("unknown-encoding", "unknown encoding '" + *encoding + "' (auto, utf-8, cp949)");
  }
  o.fallback = &profile_argument(rules);
  o.read.profile = o.fallback;
  o.read.original_text = false;
  o.replay = replay;
  o.replay_options.strict_annotations = strict;
  return o;
}

}  // namespace gibo::python

PYBIND11_MODULE(_gibo, m) {
  using namespace gibo::python;
  m.doc() = "gibo: Janggi (Korean chess) game records (the C++ library's Python binding)";
  error_class = PyErr_NewExceptionWithDoc(
      "gibo.Error",
      "A gibo error: attributes code, severity, file, line, column, game, ply, token, message "
      "(the fields of a diagnostic; 0, -1 or '' where they do not apply).",
      PyExc_Exception, nullptr);
  m.attr("Error") = py::reinterpret_borrow<py::object>(error_class);
  const gibo::Version v = gibo::version();
  m.attr("__version__") = std::string(v.number);
  m.attr("git_description") = std::string(v.git);
  m.def("profiles", [] {
    std::vector<std::string> ids;
    for (const gibo::Profile& p : gibo::all_profiles()) ids.push_back(p.id);
    return ids;
  }, "The rules profile ids (`gibo rules`).");
  bind_diagnostic(m);
  bind_game(m);
  bind_board(m);
  bind_read(m);
  bind_archive(m);
  bind_pattern(m);
  bind_rescore(m);
  bind_write(m);
}
