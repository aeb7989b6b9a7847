// The games' material signatures (derived_material.h): the rows and keeping them current.
#include "derived_material.h"

#include "gibo/archive/codec.h"

#include "dialect.h"
#include "schema.h"

namespace gibo::archive::material {

namespace {

using sql::Statement;

// The encoding of the stored signatures (codec.h encode_material): raised whenever it
// changes, so that stored rows are computed again.
constexpr const char* kFormat = "1";
constexpr const char* kFormatKey = "material_format";

constexpr sql::Param<Row> kParams[] = {
    {"game_id", [](Statement& s, int i, const Row& r) { s.bind(i, r.game_id); }},
    {"signature", [](Statement& s, int i, const Row& r) { s.bind_blob(i, r.signature); }},
};

}  // namespace

std::span<const sql::Param<Row>> params() { return kParams; }

derived::State state(sql::Connection& db, int schema_version) {
  if (schema_version < kSince) return derived::State::Stale;
  return derived::meta_state(db, {kFormatKey}, [](const std::vector<std::string>& v) { return v[0] == kFormat; });
}

std::optional<Error> refresh(sql::Connection& db) {
  const std::optional<Error> e = sql::in_write_transaction(db, [&]() -> std::optional<Error> {
    // Checked again under the lock.
    const auto format = schema::meta_value(db, kFormatKey);
    if (!format) return format.error();
    if (*format == std::string(kFormat)) return std::nullopt;
    if (auto e = db.exec("DELETE FROM game_material")) return e;
    sql::Bound<Row> insert;
    if (auto e = insert.prepare_insert(db, "game_material", kParams, false)) return e;
    Statement s = db.prepare_scan(
        "SELECT g.id, st.key, g.moves, g.valid_plies FROM games AS g JOIN starts AS st ON st.id = g.start_id "
        "WHERE g.copy_of IS NULL ORDER BY g.id");
    if (!s.prepared()) return Error{"cannot read the games: " + db.current_error()};
    int rc;
    while ((rc = s.step()) == sql::kRow) {
      const auto signature = stored_material(s.text(1), s.blob(2), s.integer(3));
      const std::string blob = signature ? encode_material(*signature) : std::string();
      if (!signature) continue;  // a start that is no position: no signature (never matched)
      if (!insert.run({s.int64(0), blob})) return Error{"cannot store a game's material: " + db.current_error()};
    }
    if (rc != sql::kDone) return Error{"cannot read the games: " + db.current_error()};
    if (auto e = db.send_held()) return e;
    return schema::set_meta(db, kFormatKey, kFormat);
  });
  if (e) return Error{"cannot compute the games' material: " + e->message};
  return std::nullopt;
}

}  // namespace gibo::archive::material
