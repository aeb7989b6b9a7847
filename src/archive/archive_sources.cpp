// The archive's source bookkeeping: one row per input file (content hash, progress,
// completeness, encoding, the copies an older import did not keep) and the diagnostics
// about files and records.
#include "archive_impl.h"

namespace gibo::archive {

namespace {

// The diagnostics columns, bound by name.
constexpr sql::Param<DiagnosticRow> kDiagnosticParams[] = {
    {"source_id", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind(i, r.source_id); }},
    {"game_index", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind_optional(i, r.game_index); }},
    {"game_id", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind_optional(i, r.game_id); }},
    {"code", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind_text(i, r.d.code); }},
    {"severity", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind_text(i, severity_name(r.d.severity)); }},
    {"line", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind(i, r.d.line); }},
    {"col", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind(i, r.d.column); }},
    {"ply", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind(i, r.d.ply); }},
    {"token", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind_text(i, r.d.token); }},
    {"message", [](sql::Statement& s, int i, const DiagnosticRow& r) { s.bind_text(i, r.d.message); }},
};

// The sources columns insert_source writes (games_done and complete start at 0).
constexpr sql::Param<SourceInfo> kSourceParams[] = {
    {"path", [](sql::Statement& s, int i, const SourceInfo& r) { s.bind_text(i, r.path); }},
    {"size", [](sql::Statement& s, int i, const SourceInfo& r) { s.bind(i, r.size); }},
    {"content_hash", [](sql::Statement& s, int i, const SourceInfo& r) { s.bind_text(i, r.content_hash); }},
    {"format", [](sql::Statement& s, int i, const SourceInfo& r) { s.bind_text(i, r.format); }},
    {"encoding", [](sql::Statement& s, int i, const SourceInfo& r) { s.bind_text(i, r.encoding); }},
    {"imported_at", [](sql::Statement& s, int i, const SourceInfo&) { s.bind_now(i); }},
};

constexpr sql::Param<SourceProgress> kProgressParams[] = {
    {"id", [](sql::Statement& s, int i, const SourceProgress& r) { s.bind(i, r.id); }},
    {"games_done", [](sql::Statement& s, int i, const SourceProgress& r) { s.bind(i, r.games_done); }},
    {"complete", [](sql::Statement& s, int i, const SourceProgress& r) { s.bind(i, r.complete ? 1 : 0); }},
};

constexpr sql::Param<SourceEncoding> kEncodingParams[] = {
    {"id", [](sql::Statement& s, int i, const SourceEncoding& r) { s.bind(i, r.id); }},
    {"encoding", [](sql::Statement& s, int i, const SourceEncoding& r) { s.bind_text(i, r.encoding); }},
};

// The columns sources() reads.
constexpr std::array<sql::Selected, 6> kSourceColumns = {{
    {"id"}, {"path"}, {"content_hash"}, {"games_done"}, {"complete"}, {"encoding"},
}};
consteval int col(std::string_view expr) { return sql::column(kSourceColumns, expr); }

}  // namespace

std::optional<Error> Archive::Impl::add_diagnostic(const DiagnosticRow& row) {
  if (auto e = insert_diagnostic.prepare_insert(db, "diagnostics", kDiagnosticParams, false))
    return e;
  if (!insert_diagnostic.run(row)) return fail("cannot insert a diagnostic");
  return std::nullopt;
}

Expected<std::vector<SourceState>> Archive::sources() {
  std::vector<SourceState> out;
  if (auto e = sql::for_each_row(impl_->db, kSourceColumns, impl_->schema_version, "FROM sources ORDER BY id",
                                 "sources", [&](const sql::Statement& s) {
                                   SourceState st;
                                   st.id = s.int64(col("id"));
                                   st.path = s.text(col("path"));
                                   st.content_hash = s.text(col("content_hash"));
                                   st.encoding = s.text(col("encoding"));
                                   st.games_done = s.integer(col("games_done"));
                                   st.complete = s.integer(col("complete")) != 0;
                                   out.push_back(std::move(st));
                                 }))
    return *e;
  // The copies an import before schema version 9 did not keep.
  sql::Statement d = impl_->db.prepare("SELECT source_id, game_index FROM duplicates ORDER BY source_id, game_index");
  if (!d.prepared()) return impl_->fail("cannot read duplicates");
  std::size_t at = 0;
  int rc;
  while ((rc = d.step()) == sql::kRow) {
    while (at < out.size() && out[at].id < d.int64(0)) ++at;
    if (at < out.size() && out[at].id == d.int64(0)) out[at].unkept_copies.push_back(d.integer(1));
  }
  if (rc != sql::kDone) return impl_->fail("cannot read duplicates");
  return out;
}

Expected<bool> Archive::forget_unkept_copy(std::int64_t source_id, int game_index) {
  Impl& m = *impl_;
  sql::Statement s = m.db.prepare("DELETE FROM duplicates WHERE source_id = :source_id AND game_index = :game_index");
  if (!s.prepared()) return m.fail("cannot read duplicates");
  s.bind(":source_id", source_id);
  s.bind(":game_index", game_index);
  if (!s.run()) return m.fail("cannot update duplicates");
  if (m.db.changes() == 0) return false;
  // Its diagnostics come again with its record.
  sql::Statement d =
      m.db.prepare("DELETE FROM diagnostics WHERE source_id = :source_id AND game_index = :game_index AND game_id IS NULL");
  if (!d.prepared()) return m.fail("cannot update diagnostics");
  d.bind(":source_id", source_id);
  d.bind(":game_index", game_index);
  if (!d.run()) return m.fail("cannot update diagnostics");
  return true;
}

Expected<std::int64_t> Archive::insert_source(const SourceInfo& info) {
  Impl& m = *impl_;
  if (auto e = m.insert_source.prepare_insert(m.db, "sources", kSourceParams)) return *e;
  if (!m.insert_source.run(info)) return m.fail("cannot insert source " + info.path);
  return m.insert_source.statement().inserted_id();
}

std::optional<Error> Archive::set_source_progress(std::int64_t source_id, int games_done, bool complete) {
  Impl& m = *impl_;
  if (auto e = m.source_progress.prepare(
          m.db,
          "UPDATE sources SET games_done = CASE WHEN games_done > :games_done THEN games_done ELSE :games_done END, "
          "complete = CASE WHEN complete > :complete THEN complete ELSE :complete END WHERE id = :id",
          kProgressParams))
    return e;
  if (!m.source_progress.run({source_id, games_done, complete})) return m.fail("cannot update a source");
  return std::nullopt;
}

std::optional<Error> Archive::set_source_encoding(std::int64_t source_id, const std::string& encoding) {
  Impl& m = *impl_;
  if (auto e = m.source_encoding.prepare(m.db, "UPDATE sources SET encoding = :encoding WHERE id = :id",
                                         kEncodingParams))
    return e;
  if (!m.source_encoding.run({source_id, encoding})) return m.fail("cannot update a source");
  return std::nullopt;
}

std::optional<Error> Archive::insert_file_diagnostics(std::int64_t source_id,
                                                      const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics)
    if (auto e = impl_->add_diagnostic({source_id, std::nullopt, std::nullopt, d})) return e;
  return std::nullopt;
}

}  // namespace gibo::archive
