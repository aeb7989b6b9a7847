// The JSON game writer (schema: formats/json/game.schema.json).
#include "../text/game_walk.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/json.h"
#include "gibo/formats/json_plies.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/tag_map.h"

namespace gibo {
namespace {

constexpr std::string_view kPieceNames[kPieceTypeCount] = {"",      "general", "advisor", "elephant",
                                                           "horse", "chariot", "cannon",  "soldier"};

// "cho" / "han".
std::string_view side_name(Side s) { return s == Side::Cho ? "cho" : "han"; }

// key: piece name, or null for PieceType::None.
void piece_or_null(json::Writer& w, std::string_view key, PieceType t) {
  w.key(key);
  if (t == PieceType::None) w.null();
  else w.value(piece_type_name(t));
}

// key: side name, or null when absent.
void side_or_null(json::Writer& w, std::string_view key, const std::optional<Side>& s) {
  w.key(key);
  if (s) w.value(side_name(*s));
  else w.null();
}

// What the board says about one ply that replayed.
struct Derived {
  bool valid = false;
  Side side = Side::Cho;
  Move move;
  PieceType piece = PieceType::None, captured = PieceType::None;
  bool check = false;
  std::string san;
  std::string fen_before, fen_after;  // the positions around the ply (JsonWriteOptions::positions)
};

}  // namespace

std::string_view piece_type_name(PieceType t) { return kPieceNames[static_cast<int>(t)]; }

PieceType piece_type_from_name(std::string_view name) {
  for (int i = 1; i < kPieceTypeCount; ++i)
    if (kPieceNames[i] == name) return static_cast<PieceType>(i);
  return PieceType::None;
}

namespace {

// What the board says about each ply of `g` (replayed under options.profile); the plies
// that replay in `played` (negative: none).
std::vector<Derived> derive_plies(const Game& g, const JsonWriteOptions& options, int& played) {
  std::vector<Derived> derived(g.plies.size());
  Position pos;
  played = detail::walk_plies(g, options.profile, pos, [&](std::size_t i, const Position& before, Move m) {
    Derived& d = derived[i];
    d.valid = true;
    d.side = before.side_to_move();
    d.move = m;
    d.piece = type_of(before.piece_on(m.from()));
    d.captured = m.is_pass() ? PieceType::None : type_of(before.piece_on(m.to()));
    d.check = !m.is_pass() && before.gives_check(m);
    d.san = write_san(before, m);
    if (options.positions) d.fen_before = before.fen();
  });
  // The position after each played ply: the one before the next, the last one `pos`.
  if (options.positions)
    for (std::size_t i = 0; i < derived.size() && derived[i].valid; ++i)
      derived[i].fen_after = i + 1 < derived.size() && derived[i + 1].valid ? derived[i + 1].fen_before : pos.fen();
  return derived;
}

// The fields before the plies: tags, header comments, start, ruleset, result. Empty and
// default fields are left out (formats/json/README.md "Defaults"): a short game's record
// is mostly its header.
void write_header(json::Writer& w, const Game& g, const JsonWriteOptions& options) {
  w.field("format", kJsonFormatName).field("version", kJsonFormatVersion);
  w.key("tags").begin_array();
  for (const Tag& t : g.tags) {
    if (options.positions) w.begin_object().field("name", t.name).field("value", t.value).end_object();
    else w.begin_array().value(t.name).value(t.value).end_array();  // compact: [name, value]
  }
  w.end_array();
  if (!g.header_comments.empty()) {
    w.key("header_comments").begin_array();
    for (const std::string& c : g.header_comments) w.value(c);
    w.end_array();
  }

  w.key("start").begin_object();
  if (g.start.custom) w.field("custom", true);
  else w.field("cho_setup", setup_code(g.start.cho)).field("han_setup", setup_code(g.start.han));
  // The setups say it all for a standard start: its FEN only with --positions.
  if (g.start.custom || options.positions) w.field("fen", g.start.custom ? g.start.fen : start_fen(g).value_or(""));
  if (g.start.first_to_move != Side::Cho) w.field("first_to_move", side_name(g.start.first_to_move));
  w.end_object();

  if (g.saved_profile_id || g.saved_bikjang_option) {
    w.key("ruleset").begin_object();
    if (g.saved_profile_id) w.field("profile", *g.saved_profile_id);
    if (g.saved_bikjang_option) w.field("bikjang", *g.saved_bikjang_option);
    w.end_object();
  }

  const NormalizedResult r = normalize_result(g.result_text);
  w.key("result").begin_object();
  if (g.has_result) w.field("text", g.result_text);
  w.field("winner", g.has_result ? winner_name(r.winner) : winner_name(Winner::Unknown))
      .field("method", g.has_result ? method_name(r.method) : method_name(ResultMethod::None));
  if (g.has_result && r.margin_half_points) w.field("margin_half_points", *r.margin_half_points);
  if (g.has_result && !r.recognised) w.field("recognised", false);
  w.field("pgn", pgn_result_of(g));
  w.end_object();
}

// Compact plies (formats/json/README.md): the moves once, in UCI, and the record's own
// text, claims, places, times and comments, each as one column.
void write_compact_plies(json::Writer& w, const Game& g, const std::vector<Derived>& derived) {
  std::string moves;
  for (std::size_t i = 0; i < g.plies.size(); ++i) {
    const Move m = derived[i].valid ? derived[i].move : g.plies[i].move;
    if (i) moves += ' ';
    moves += m.is_none() ? std::string("0000") : uci(m);
  }
  w.field("moves", moves);
  write_ply_statements(w, g.plies);
  bool timed = false, commented = false;
  for (const RecordedPly& rp : g.plies) {
    timed |= rp.seconds.has_value();
    commented |= !rp.comments.empty();
  }
  if (timed) {
    w.key("seconds").begin_array();
    for (const RecordedPly& rp : g.plies) {
      if (rp.seconds) w.value(*rp.seconds);
      else w.null();
    }
    w.end_array();
  }
  if (commented) {
    w.key("comments").begin_array();
    for (std::size_t i = 0; i < g.plies.size(); ++i)
      for (const std::string& c : g.plies[i].comments) w.begin_array().value(static_cast<int>(i) + 1).value(c).end_array();
    w.end_array();
  }
  write_ply_glyphs(w, g.plies);
}

// The plies with --positions: one object a ply, with the board's view of it beside the
// record's claims, and the FEN after it.
void write_full_plies(json::Writer& w, const Game& g, const std::vector<Derived>& derived) {
  w.key("plies").begin_array();
  Side side = g.start.first_to_move;
  for (std::size_t i = 0; i < g.plies.size(); ++i) {
    const RecordedPly& rp = g.plies[i];
    const Derived& d = derived[i];
    const Move m = d.valid ? d.move : rp.move;
    w.begin_object().field("ply", static_cast<int>(i) + 1).field("side", side_name(side)).field("pass", rp.pass);
    side = ~side;
    w.key("from");
    if (!m.is_none()) w.value(square_name(m.from()));
    else w.null();
    w.key("to");
    if (!m.is_none()) w.value(square_name(m.to()));
    else w.null();
    w.key("uci");
    if (!m.is_none()) w.value(uci(m));
    else w.null();
    w.field("valid", d.valid);
    piece_or_null(w, "piece", d.valid ? d.piece : PieceType::None);
    piece_or_null(w, "capture", d.valid ? d.captured : PieceType::None);
    w.field("check", d.valid && d.check);
    w.key("san");
    if (d.valid) w.value(d.san);
    else w.null();
    w.key("seconds");
    if (rp.seconds) w.value(*rp.seconds);
    else w.null();
    w.key("comments").begin_array();
    for (const std::string& c : rp.comments) w.value(c);
    w.end_array();
    if (!rp.nags.empty()) {
      w.key("nags").begin_array();
      for (int n : rp.nags) w.value(n);
      w.end_array();
    }
    w.key("recorded").begin_object().field("text", rp.text);
    piece_or_null(w, "piece", rp.piece);
    piece_or_null(w, "captured", rp.captured);
    w.field("capture_marker", rp.capture_marker).field("check", rp.check);
    side_or_null(w, "side_mark", rp.side_mark);
    side_or_null(w, "script_side", rp.piece_script_side);
    w.field("line", rp.line).field("column", rp.column);
    w.end_object();
    w.key("fen");
    if (d.valid) w.value(d.fen_after);
    else w.null();
    w.end_object();
  }
  w.end_array();
}

}  // namespace

void write_json_game(json::Writer& w, const Game& g, const JsonWriteOptions& options) {
  int played = 0;
  const std::vector<Derived> derived = derive_plies(g, options, played);
  w.begin_object();
  write_header(w, g, options);
  std::vector<Move> opening_moves;
  for (std::size_t i = 0; i < derived.size() && i < static_cast<std::size_t>(kLineWindow) && derived[i].valid; ++i)
    opening_moves.push_back(derived[i].move);
  w.key("opening");
  write_json_opening(w, detail::walked_opening(g, opening_moves, options.openings));
  if (options.positions) write_full_plies(w, g, derived);
  else write_compact_plies(w, g, derived);
  w.field("valid_plies", played < 0 ? 0 : played);

  w.key("source")
      .begin_object()
      .field("file", g.source.file)
      .field("byte_offset", g.source.byte_offset)
      .field("byte_length", g.source.byte_length)
      .field("line", g.source.line)
      .field("column", g.source.column)
      .field("game_index", g.source.game_index)
      .end_object();

  if (options.diagnostics && !g.diagnostics.empty()) {
    w.key("diagnostics").begin_array();
    for (const Diagnostic& d : g.diagnostics) write_json_diagnostic(w, d);
    w.end_array();
  }
  w.end_object();
}

void write_json_opening(json::Writer& w, const Opening& o) {
  w.begin_object().field("code", opening_code(o)).field("korean", opening_name(o, true)).field("english",
                                                                                             opening_name(o, false));
  if (!o.other_start) {
    // The evidence: each formation's ply, in the code's order, then the line's.
    w.key("plies").begin_array();
    for (Side s : {Side::Cho, Side::Han})
      for (const FormationFound& f : o.of(s)) w.value(f.ply);
    if (o.line) w.value(o.line->ply);
    w.end_array();
  }
  w.end_object();
}

void write_json_diagnostic(json::Writer& w, const Diagnostic& d, std::string_view column_key) {
  w.begin_object()
      .field("code", d.code)
      .field("severity", severity_name(d.severity))
      .field("line", d.line)
      .field(column_key, d.column)
      .field("ply", d.ply)
      .field("token", d.token)
      .field("message", d.message)
      .end_object();
}

std::string write_json(const std::vector<Game>& games, const JsonWriteOptions& options) {
  std::string out = "[";
  for (std::size_t i = 0; i < games.size(); ++i) {
    out += i ? ",\n" : "\n";
    json::Writer w(out);
    write_json_game(w, games[i], options);
  }
  out += games.empty() ? "]\n" : "\n]\n";
  return out;
}

std::string write_jsonl(const std::vector<Game>& games, const JsonWriteOptions& options) {
  std::string out;
  for (const Game& g : games) {
    json::Writer w(out);
    write_json_game(w, g, options);
    out += '\n';
  }
  return out;
}

}  // namespace gibo
