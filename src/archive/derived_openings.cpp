// The games' opening names (derived_openings.h): a game's opening in its stored form and
// back, the archive's book, and keeping the stored names current.
#include "derived_openings.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "gibo/archive/codec.h"
#include "gibo/archive/sha256.h"
#include "gibo/formats/openings.h"

#include "archive_impl.h"
#include "dialect.h"
#include "schema.h"

namespace gibo::archive {

namespace {

// "GL+MP" and "12+3": the codes of a side's formations and their plies, joined by '+'.
void join_side(const std::vector<FormationFound>& found, std::string& codes, std::string& plies) {
  for (const FormationFound& f : found) {
    if (!codes.empty()) codes += '+', plies += '+';
    codes += f.rule->code;
    plies += std::to_string(f.ply);
  }
}

// The parts of `text` between '+' ("" has none).
std::vector<std::string_view> split_plus(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t plus = text.find('+');
    out.push_back(text.substr(0, plus));
    if (plus == std::string_view::npos) break;
    text.remove_prefix(plus + 1);
  }
  return out;
}

}  // namespace

StoredOpening stored_opening(const Opening& o) {
  StoredOpening s;
  s.code = opening_code(o);
  if (o.other_start) return s;
  s.cho_setup_name = std::string(setup_name(own_view(o.cho, Side::Cho)).korean);
  s.han_setup_name = std::string(setup_name(own_view(o.han, Side::Han)).korean);
  s.elephant_pair = std::string(elephant_pair_korean(o.pair()));
  s.cho_formations.emplace();
  s.cho_plies.emplace();
  s.han_formations.emplace();
  s.han_plies.emplace();
  join_side(o.of(Side::Cho), *s.cho_formations, *s.cho_plies);
  join_side(o.of(Side::Han), *s.han_formations, *s.han_plies);
  if (o.line) {
    s.line = o.line->rule->code;
    s.line_ply = o.line->ply;
  }
  return s;
}

Opening opening_of(const StoredOpening& s, const OpeningBook& book) {
  Opening o;
  // The code starts with the pair: "HEEH,EHHE:…" (anything else is a custom start's).
  const auto cho = s.code.size() > 9 ? setup_from_code(std::string_view(s.code).substr(0, 4)) : std::nullopt;
  const auto han = s.code.size() > 9 ? setup_from_code(std::string_view(s.code).substr(5, 4)) : std::nullopt;
  if (!cho || !han) {
    o.other_start = true;
    return o;
  }
  o.cho = *cho;
  o.han = *han;
  for (Side side : {Side::Cho, Side::Han}) {
    const bool is_cho = side == Side::Cho;
    const std::string codes_text = (is_cho ? s.cho_formations : s.han_formations).value_or("");
    const std::string plies_text = (is_cho ? s.cho_plies : s.han_plies).value_or("");
    const std::vector<std::string_view> codes = split_plus(codes_text), plies = split_plus(plies_text);
    for (std::size_t i = 0; i < codes.size(); ++i)
      if (const FormationRule* rule = book.formation(codes[i]))
        o.formations[static_cast<std::size_t>(index(side))].push_back(
            {rule, i < plies.size() ? std::atoi(std::string(plies[i]).c_str()) : 0});
  }
  if (s.line)
    if (const LineRule* rule = book.line(*s.line)) o.line = LineFound{rule, s.line_ply.value_or(0)};
  return o;
}

StoredOpening name_stored_opening(const StartPosition& start, std::string_view moves_blob, int valid_plies,
                                  const OpeningBook& book) {
  const auto plies = decode_moves(moves_blob);
  std::vector<Move> moves = plies ? playable_moves(*plies) : std::vector<Move>{};
  moves.resize(std::min(moves.size(), static_cast<std::size_t>(std::max(0, valid_plies))));
  return stored_opening(name_opening(start, moves, book));
}

namespace openings {
namespace {

using sql::Statement;

// The version of the namer the stored names were named by: raised whenever the namer
// (gibo/record/opening.h) names a game otherwise, so that stored names are named again.
// The built-in book and the archive's own rows are part of the fingerprint by their bytes.
constexpr int kNamer = 1;
constexpr const char* kNamesKey = "opening_names";
constexpr const char* kRowsKey = "opening_rows";

std::string fingerprint(const std::string& rows) {
  return std::to_string(kNamer) + " " + sha256_hex(builtin_opening_book_text()) + " " + sha256_hex(rows);
}

constexpr sql::Param<Row> kParams[] = {
    {"game_id", [](Statement& s, int i, const Row& r) { s.bind(i, r.game_id); }},
    {"code", [](Statement& s, int i, const Row& r) { s.bind_text(i, r.o.code); }},
    {"cho_setup_name", [](Statement& s, int i, const Row& r) { s.bind_optional_text(i, r.o.cho_setup_name); }},
    {"han_setup_name", [](Statement& s, int i, const Row& r) { s.bind_optional_text(i, r.o.han_setup_name); }},
    {"elephant_pair", [](Statement& s, int i, const Row& r) { s.bind_optional_text(i, r.o.elephant_pair); }},
    {"cho_formations", [](Statement& s, int i, const Row& r) { s.bind_optional_text(i, r.o.cho_formations); }},
    {"han_formations", [](Statement& s, int i, const Row& r) { s.bind_optional_text(i, r.o.han_formations); }},
    {"cho_plies", [](Statement& s, int i, const Row& r) { s.bind_optional_text(i, r.o.cho_plies); }},
    {"han_plies", [](Statement& s, int i, const Row& r) { s.bind_optional_text(i, r.o.han_plies); }},
    {"line", [](Statement& s, int i, const Row& r) { s.bind_optional_text(i, r.o.line); }},
    {"line_ply", [](Statement& s, int i, const Row& r) { s.bind_optional(i, r.o.line_ply); }},
};

// Names every game in the archive's tables (`main`: their prefix) with `book` into the
// table game_openings under `into`; how many.
Expected<std::int64_t> name_all(sql::Connection& db, const std::string& main, const std::string& into,
                                const OpeningBook& book) {
  sql::Bound<Row> insert;
  if (auto e = insert.prepare_insert(db, into + "game_openings", kParams, false)) return *e;
  Statement s = db.prepare_scan("SELECT g.id, st.key, g.cho_setup, g.han_setup, g.start_fen, g.valid_plies, g.moves FROM " +
                                main + "games AS g JOIN " + main + "starts AS st ON st.id = g.start_id ORDER BY g.id");
  if (!s.prepared()) return Error{"cannot read the games: " + db.current_error()};
  std::int64_t named = 0;
  int rc;
  while ((rc = s.step()) == sql::kRow) {
    const StoredOpening o = name_stored_opening(
        decode_start(s.text(1), s.optional_text(2), s.optional_text(3), s.optional_text(4)), s.blob(6), s.integer(5), book);
    if (!insert.run({s.int64(0), o})) return Error{"cannot store the opening of a game: " + db.current_error()};
    ++named;
  }
  if (rc != sql::kDone) return Error{"cannot read the games: " + db.current_error()};
  if (auto e = db.send_held()) return *e;
  return named;
}

}  // namespace

std::span<const sql::Param<Row>> params() { return kParams; }

derived::State state(sql::Connection& db, int schema_version) {
  if (schema_version < kSince) return derived::State::Stale;
  return derived::meta_state(db, {kNamesKey, kRowsKey},
                             [](const std::vector<std::string>& v) { return v[0] == fingerprint(v[1]); });
}

Expected<std::string> own_rows(sql::Connection& db, int schema_version) {
  if (schema_version < kSince) return std::string();
  const auto rows = schema::meta_value(db, kRowsKey);
  if (!rows) return rows.error();
  return rows->value_or("");
}

std::shared_ptr<const OpeningBook> book_of(const std::string& rows) {
  auto book = std::make_shared<OpeningBook>(builtin_opening_book());
  if (!rows.empty()) read_opening_book(rows, "the archive's opening book", *book);  // refused rows left out
  return book;
}

Expected<std::int64_t> refresh(sql::Connection& db, const std::optional<std::string>& rows) {
  std::int64_t named = 0;
  const std::optional<Error> e = sql::in_write_transaction(db, [&]() -> std::optional<Error> {
    // Checked again under the lock.
    const auto stored = own_rows(db, kSchemaVersion);
    if (!stored) return stored.error();
    const std::string wanted = rows.value_or(*stored);
    const auto names = schema::meta_value(db, kNamesKey);
    if (!names) return names.error();
    if (*names == fingerprint(wanted)) return std::nullopt;
    if (auto e = db.exec("DELETE FROM game_openings")) return e;
    const std::string main = sql::schema_prefix(db, false);
    const auto all = name_all(db, main, main, *book_of(wanted));
    if (!all) return all.error();
    named = *all;
    if (auto e = schema::set_meta(db, kRowsKey, wanted)) return e;
    return schema::set_meta(db, kNamesKey, fingerprint(wanted));
  });
  if (e) return Error{"cannot name the openings: " + e->message};
  return named;
}

std::optional<Error> create_temp(sql::Connection& db) {
  if (auto e = db.exec(schema::opening_tables(db)))
    return Error{"cannot create the openings' table: " + e->message};
  return std::nullopt;
}

std::optional<Error> fill_temp(sql::Connection& db, const OpeningBook& book) {
  if (auto e = name_all(db, sql::schema_prefix(db, false), sql::schema_prefix(db, true), book); !e)
    return Error{"cannot name the openings: " + e.error().message};
  return std::nullopt;
}

}  // namespace openings
}  // namespace gibo::archive
