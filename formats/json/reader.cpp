// The JSON game reader: JSON text -> values (json_value.cpp) -> games.
#include <algorithm>

#include "../text/board_ply.h"
#include "../text/decoded_reader.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json.h"
#include "gibo/formats/json_plies.h"
#include "gibo/formats/json_value.h"

namespace gibo {
namespace {

constexpr int kMaxSyntaxErrors = 20;

using json::Value;

// Typed member access: nullptr / nullopt / fallback when missing or of another type.
const std::string* string_field(const Value& obj, std::string_view key) {
  const Value* v = obj.find(key);
  return v && v->is_string() ? &v->as_string() : nullptr;
}

std::optional<std::int64_t> int_field(const Value& obj, std::string_view key) {
  const Value* v = obj.find(key);
  return v ? v->as_int() : std::nullopt;
}

bool bool_field(const Value& obj, std::string_view key, bool fallback = false) {
  const Value* v = obj.find(key);
  return v && v->is_bool() ? v->as_bool() : fallback;
}

std::optional<Side> side_field(const Value& obj, std::string_view key) {
  const std::string* s = string_field(obj, key);
  if (!s) return std::nullopt;
  if (*s == "cho") return Side::Cho;
  if (*s == "han") return Side::Han;
  return std::nullopt;
}

PieceType piece_field(const Value& obj, std::string_view key) {
  const std::string* s = string_field(obj, key);
  return s ? piece_type_from_name(*s) : PieceType::None;
}

class Reader : detail::DecodedReader<TextReadOptions> {
 public:
  using DecodedReader::DecodedReader;

  // Parses value after value (JSON, an array, or JSON Lines) and delivers the games.
  void run() {
    decode();
    const std::string_view s = decoded_.text;
    std::size_t p = 0;
    int syntax_errors = 0;
    for (;;) {
      while (p < s.size() && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r')) ++p;
      if (p >= s.size()) break;
      const std::size_t at = p;
      auto v = json::parse_value(s, p);
      if (!v) {
        const json::ParseError& error = v.error();
        if (syntax_errors++ < kMaxSyntaxErrors)
          file_error("bad-json", error.message, error.line, column_of_offset(decoded_, error.offset));
        // Resume at the next line (the next record of a JSON Lines file).
        const std::size_t nl = s.find('\n', std::max(error.offset, at));
        if (nl == std::string_view::npos) break;
        p = nl + 1;
        continue;
      }
      if (v->is_array()) {
        for (const Value& item : v->items()) game(item, at);
      } else {
        game(*v, at);
      }
    }
    if (info_.games == 0 && syntax_errors == 0) file_error("no-games", "no JSON game record found");
  }

 private:
  // Turns one value (at text offset `at`) into a game and delivers it; a value that is
  // not a game record becomes a game with a `bad-record` error.
  void game(const Value& v, std::size_t at) {
    Game g;
    g.source.file = options_.file_name;
    g.source.game_index = info_.games;
    g.source.line = line_of_offset(decoded_, at);
    g.source.column = column_of_offset(decoded_, at);
    g.source.byte_offset = raw_offset_of(decoded_, at);
    auto bad = [&](int ply, std::string message) {
      add_diagnostic(g, detail::game_diagnostic("bad-record", Severity::Error, options_.file_name,
                                                      line_of_offset(decoded_, at), column_of_offset(decoded_, at),
                                                      g.source.game_index, ply, "", std::move(message)));
    };
    const std::string* format = string_field(v, "format");
    const Value* moves = v.is_object() ? v.find("moves") : nullptr;
    if (!v.is_object() || (format && *format != kJsonFormatName) || !v.find("tags") ||
        (!v.find("plies") && !(moves && moves->is_string()))) {
      bad(0, "not a gibo game record (an object with \"tags\" and \"plies\" or \"moves\")");
      deliver(std::move(g));
      return;
    }
    if (auto version = int_field(v, "version"); version && *version > kJsonFormatVersion)
      add_diagnostic(g, detail::game_diagnostic(
          "newer-version", Severity::Warning, options_.file_name, g.source.line, g.source.column,
          g.source.game_index, 0, std::to_string(*version), "record version is newer than this gibo reads"));

    for (const Value& t : v.find("tags")->items()) {
      // {"name": …, "value": …}, or compact [name, value].
      const bool pair = t.is_array() && t.items().size() == 2 && t.items()[0].is_string() && t.items()[1].is_string();
      const std::string* name = pair ? &t.items()[0].as_string() : string_field(t, "name");
      const std::string* value = pair ? &t.items()[1].as_string() : string_field(t, "value");
      if (!name || !value) {
        bad(0, "a tag needs a string name and value");
        continue;
      }
      g.tags.push_back({*name, *value});
    }
    if (const Value* hc = v.find("header_comments"))
      for (const Value& c : hc->items()) g.header_comments.push_back(c.as_string());

    if (const Value* start = v.find("start")) read_start(*start, g, bad);

    if (const Value* rules = v.find("ruleset")) {
      if (const std::string* id = string_field(*rules, "profile")) g.saved_profile_id = *id;
      if (const Value* b = rules->find("bikjang"); b && b->is_bool()) g.saved_bikjang_option = b->as_bool();
    }
    if (const Value* result = v.find("result")) {
      if (const std::string* text = string_field(*result, "text")) {
        g.result_text = *text;
        g.has_result = true;
      }
    }

    if (const Value* plies = v.find("plies")) read_plies(*plies, g, bad);
    else read_compact_plies(v, g, bad);
    if (const Value* src = v.find("source"); src && src->is_object()) read_source(*src, g.source);
    deliver(std::move(g));
  }

  // The plies, one object each (as written with --positions); the plies from one whose
  // squares do not read on are not read (a bad-record error says so).
  template <typename Bad>
  void read_plies(const Value& plies, Game& g, Bad& bad) {
    int ply = 0;
    for (const Value& p : plies.items()) {
      ++ply;
      RecordedPly rp;
      rp.pass = bool_field(p, "pass");
      Square from = kNoSquare, to = kNoSquare;
      if (const std::string* f = string_field(p, "from")) from = parse_square(*f);
      if (const std::string* t = string_field(p, "to")) to = parse_square(*t);
      if ((from == kNoSquare || to == kNoSquare) && string_field(p, "uci")) {
        const std::string& u = *string_field(p, "uci");
        for (std::size_t split = 2; split <= 3 && split < u.size(); ++split) {
          const Square a = parse_square(std::string_view(u).substr(0, split));
          const Square b = parse_square(std::string_view(u).substr(split));
          if (a != kNoSquare && b != kNoSquare) {
            from = a;
            to = b;
            break;
          }
        }
      }
      if (from != kNoSquare && to != kNoSquare) rp.move = Move(from, to);
      else if (!rp.pass) {
        bad(ply, "ply " + std::to_string(ply) + " has no readable squares; the plies from here on are not read");
        return;
      }
      read_ply_record(p, rp);
      g.plies.push_back(std::move(rp));
    }
  }

  // A ply object's fields besides its squares: seconds, comments, glyphs, and what the
  // record stated ("recorded"; without one, what the board said).
  static void read_ply_record(const Value& p, RecordedPly& rp) {
    if (const Value* s = p.find("seconds"); s && s->as_int()) rp.seconds = static_cast<int>(*s->as_int());
    if (const Value* cs = p.find("comments"))
      for (const Value& c : cs->items()) rp.comments.push_back(c.as_string());
    if (const Value* ns = p.find("nags"))
      for (const Value& n : ns->items())
        if (const auto k = n.as_int(); k && *k >= 0 && *k <= 255) rp.nags.push_back(static_cast<int>(*k));
    if (const Value* rec = p.find("recorded"); rec && rec->is_object()) {
      if (const std::string* text = string_field(*rec, "text")) rp.text = *text;
      rp.piece = piece_field(*rec, "piece");
      rp.captured = piece_field(*rec, "captured");
      rp.capture_marker = bool_field(*rec, "capture_marker");
      rp.check = bool_field(*rec, "check");
      rp.side_mark = side_field(*rec, "side_mark");
      rp.piece_script_side = side_field(*rec, "script_side");
      rp.line = static_cast<int>(int_field(*rec, "line").value_or(0));
      rp.column = static_cast<int>(int_field(*rec, "column").value_or(0));
    } else {  // no record of the source: state what the board said
      rp.piece = piece_field(p, "piece");
      rp.captured = piece_field(p, "capture");
      rp.check = bool_field(p, "check");
      if (const std::string* san = string_field(p, "san")) rp.text = *san;
    }
  }

  // Where the game came from, as the record says ("source"; the game's index stays its
  // rank here when the record has none).
  static void read_source(const Value& src, SourceLocation& source) {
    if (const std::string* file = string_field(src, "file")) source.file = *file;
    source.byte_offset = static_cast<std::uint64_t>(int_field(src, "byte_offset").value_or(0));
    source.byte_length = static_cast<std::uint64_t>(int_field(src, "byte_length").value_or(0));
    source.line = static_cast<int>(int_field(src, "line").value_or(0));
    source.column = static_cast<int>(int_field(src, "column").value_or(0));
    source.game_index = static_cast<int>(int_field(src, "game_index").value_or(source.game_index));
  }

  // Compact plies (formats/json/README.md "Compact plies"): "moves" (UCI, blank-separated;
  // 0000 a ply with no squares), "texts", "claims", "at", "seconds", "comments", "nags" as
  // columns, one entry a ply. The plies from one without squares (and no pass) are not read.
  template <typename Bad>
  void read_compact_plies(const Value& v, Game& g, Bad& bad) {
    const std::string& moves = v.find("moves")->as_string();
    for (std::size_t p = 0;;) {
      while (p < moves.size() && moves[p] == ' ') ++p;
      const std::size_t from = p;
      while (p < moves.size() && moves[p] != ' ') ++p;
      const std::string_view u = std::string_view(moves).substr(from, p - from);
      if (u.empty()) break;
      RecordedPly rp;
      rp.text = std::string(u);  // unless "texts" says otherwise
      if (u != "0000") {
        for (std::size_t split = 2; split <= 3 && split < u.size(); ++split) {
          const Square a = parse_square(u.substr(0, split)), b = parse_square(u.substr(split));
          if (a != kNoSquare && b != kNoSquare) {
            rp.move = Move(a, b);
            break;
          }
        }
      }
      g.plies.push_back(std::move(rp));
    }
    read_ply_statements(v, g.plies);
    const bool claimed = string_field(v, "claims") != nullptr;
    for (std::size_t i = 0; i < g.plies.size(); ++i) {
      RecordedPly& rp = g.plies[i];
      // Hand-written (no claims): a move from the general's square to itself is a pass.
      if (!claimed) rp.pass = !rp.move.is_none() && rp.move.from() == rp.move.to();
      if (rp.move.is_none() && !rp.pass) {
        const int ply = static_cast<int>(i) + 1;
        bad(ply, "ply " + std::to_string(ply) + " has no readable squares (\"" + rp.text +
                     "\"); the plies from here on are not read");
        g.plies.resize(i);
        break;
      }
    }
    if (const Value* seconds = v.find("seconds"))
      for (std::size_t i = 0; i < g.plies.size() && i < seconds->items().size(); ++i)
        if (const auto n = seconds->items()[i].as_int()) g.plies[i].seconds = static_cast<int>(*n);
    if (const Value* cs = v.find("comments"))
      for (const Value& pair : cs->items()) {
        const auto& items = pair.items();
        const auto n = items.size() == 2 ? items[0].as_int() : std::nullopt;
        if (!n || *n < 1 || static_cast<std::size_t>(*n) > g.plies.size() || !items[1].is_string()) {
          bad(0, "a comment must be [PLY, \"text\"] with PLY from 1 to the plies");
          continue;
        }
        g.plies[static_cast<std::size_t>(*n - 1)].comments.push_back(items[1].as_string());
      }
    if (!read_ply_glyphs(v, g.plies)) bad(0, "a NAG must be [PLY, N] with PLY from 1 to the plies and N from 0 to 255");
  }

  // The "start" object: setups (codes or .gib names), or a custom FEN.
  template <typename Bad>
  void read_start(const Value& start, Game& g, Bad& bad) {
    const bool custom = bool_field(start, "custom");
    const std::string* fen = string_field(start, "fen");
    if (const auto side = side_field(start, "first_to_move")) g.start.first_to_move = *side;
    if (custom) {
      if (!fen) {
        bad(0, "a custom start needs a \"fen\"");
        return;
      }
      g.start.custom = true;
      g.start.fen = *fen;
      return;
    }
    const std::string* cho = string_field(start, "cho_setup");
    const std::string* han = string_field(start, "han_setup");
    if (cho && han) {
      auto c = setup_from_code(*cho), h = setup_from_code(*han);
      if (!c) c = parse_gib_setup(*cho);
      if (!h) h = parse_gib_setup(*han);
      if (!c || !h) {
        bad(0, "setups must be HEEH, EHHE, HEHE or EHEH");
        return;
      }
      g.start.cho = *c;
      g.start.han = *h;
    } else if (fen) {
      if (auto s = start_from_fen(*fen)) g.start = *s;
      else bad(0, "start FEN is invalid: " + s.error().message);
    }
  }

};

}  // namespace

void read_json(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
               const std::function<void(Game&&)>& on_game) {
  Reader(bytes, options, info, on_game).run();
}

}  // namespace gibo
