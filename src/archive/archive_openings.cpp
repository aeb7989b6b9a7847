// The archive's opening book and its games' opening names (archive.h, "opening names";
// derived_openings.h keeps the stored names current).
#include "archive_impl.h"
#include "dialect.h"

namespace gibo::archive {

Expected<std::string> Archive::opening_rows() { return openings::own_rows(impl_->db, impl_->schema_version); }

Expected<std::shared_ptr<const OpeningBook>> Archive::opening_book() {
  Impl& m = *impl_;
  if (!m.opening_book) {
    const auto rows = opening_rows();
    if (!rows) return rows.error();
    m.opening_book = openings::book_of(*rows);
  }
  return m.opening_book;
}

Expected<std::int64_t> Archive::set_opening_rows(const std::string& rows) {
  Impl& m = *impl_;
  if (!m.writable) return Error{"internal error: the archive is open read-only"};
  const auto named = openings::refresh(m.db, rows);
  if (!named) return named;
  m.opening_book.reset();
  return named;
}

std::optional<Error> Archive::Impl::ensure_openings() {
  if (!openings_pending) return std::nullopt;
  const auto rows = openings::own_rows(db, schema_version);
  if (!rows) return rows.error();
  if (!opening_book) opening_book = openings::book_of(*rows);
  const bool own = !in_transaction;
  std::optional<Error> e = own ? db.exec(sql::begin_read(db)) : std::nullopt;
  if (!e) e = openings::fill_temp(db, *opening_book);
  if (own) db.exec(e ? "ROLLBACK" : "COMMIT");
  if (e) return e;
  openings_pending = false;
  return std::nullopt;
}

}  // namespace gibo::archive
