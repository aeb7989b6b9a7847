// Verdicts: adjudication results per (game, profile id, profile version), stored beside
// the games (whose result columns are never touched) and read back.
#include "archive_impl.h"

namespace gibo::archive {

namespace {

using sql::Statement;

// The verdicts columns, bound by name from a VerdictRow.
constexpr sql::Param<VerdictRow> kVerdictParams[] = {
    {"game_id", [](Statement& s, int i, const VerdictRow& v) { s.bind(i, v.game_id); }},
    {"profile_id", [](Statement& s, int i, const VerdictRow& v) { s.bind_text(i, v.profile_id); }},
    {"profile_version", [](Statement& s, int i, const VerdictRow& v) { s.bind(i, v.profile_version); }},
    {"verdict", [](Statement& s, int i, const VerdictRow& v) { s.bind_text(i, v.verdict); }},
    {"winner", [](Statement& s, int i, const VerdictRow& v) { s.bind_text(i, v.winner); }},
    {"reason", [](Statement& s, int i, const VerdictRow& v) { s.bind_optional_text(i, v.reason); }},
    {"ply", [](Statement& s, int i, const VerdictRow& v) { s.bind_optional(i, v.ply); }},
    {"cho_score", [](Statement& s, int i, const VerdictRow& v) { s.bind_optional(i, v.cho_score); }},
    {"han_score", [](Statement& s, int i, const VerdictRow& v) { s.bind_optional(i, v.han_score); }},
    {"ended_early", [](Statement& s, int i, const VerdictRow& v) { s.bind(i, v.ended_before_last_ply ? 1 : 0); }},
    {"note", [](Statement& s, int i, const VerdictRow& v) { s.bind_text(i, v.note); }},
    {"computed_at", [](Statement& s, int i, const VerdictRow&) { s.bind_now(i); }},
};

// A verdict for the same game, profile id and version replaces the earlier one.
constexpr const char* kReplaceVerdict =
    "ON CONFLICT (game_id, profile_id, profile_version) DO UPDATE SET verdict = excluded.verdict, "
    "winner = excluded.winner, reason = excluded.reason, ply = excluded.ply, cho_score = excluded.cho_score, "
    "han_score = excluded.han_score, ended_early = excluded.ended_early, note = excluded.note, "
    "computed_at = excluded.computed_at";

// The columns for_each_verdict reads.
constexpr std::array<sql::Selected, 11> kVerdictColumns = {{
    {"game_id"}, {"profile_id"}, {"profile_version"}, {"verdict"}, {"winner"}, {"reason"},
    {"ply"}, {"cho_score"}, {"han_score"}, {"ended_early"}, {"note"},
}};
consteval int col(std::string_view expr) { return sql::column(kVerdictColumns, expr); }

}  // namespace

std::optional<Error> Archive::store_verdicts(const std::vector<VerdictRow>& verdicts) {
  Impl& m = *impl_;
  return in_own_transaction(*this, m.in_transaction, [&]() -> std::optional<Error> {
    sql::Bound<VerdictRow> insert;
    if (insert.prepare_insert_with(m.db, "verdicts", kVerdictParams, kReplaceVerdict))
      return m.fail("cannot prepare the verdict insert");
    for (const VerdictRow& v : verdicts)
      if (!insert.run(v)) return m.fail("cannot store a verdict for game " + std::to_string(v.game_id));
    return std::nullopt;
  });
}

Expected<std::int64_t> Archive::verdict_count() {
  sql::Statement s = impl_->db.prepare("SELECT count(*) FROM verdicts");
  if (!s.prepared() || s.step() != sql::kRow) return impl_->fail("cannot read verdicts");
  return s.int64(0);
}

std::optional<Error> Archive::for_each_verdict(const std::function<void(const VerdictRow&)>& fn) {
  return sql::for_each_row(impl_->db, kVerdictColumns, impl_->schema_version,
                           "FROM verdicts ORDER BY game_id, profile_id, profile_version", "verdicts",
                           [&](const sql::Statement& s) {
                             VerdictRow v;
                             v.game_id = s.int64(col("game_id"));
                             v.profile_id = std::string(s.text(col("profile_id")));
                             v.profile_version = s.integer(col("profile_version"));
                             v.verdict = std::string(s.text(col("verdict")));
                             v.winner = std::string(s.text(col("winner")));
                             v.reason = s.optional_text(col("reason"));
                             v.ply = s.optional_int(col("ply"));
                             v.cho_score = s.optional_int(col("cho_score"));
                             v.han_score = s.optional_int(col("han_score"));
                             v.ended_before_last_ply = s.integer(col("ended_early")) != 0;
                             v.note = std::string(s.text(col("note")));
                             fn(v);
                           });
}

}  // namespace gibo::archive
