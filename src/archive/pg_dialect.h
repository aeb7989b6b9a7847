// PostgreSQL's side of the capabilities sql.h's ConnectionImpl names (internal to
// src/archive): what pg_backend.cpp's connection answers, apart from its driver. Each
// runs on the connection `db` it is given.
#pragma once

#include <memory>

#include "sql.h"

namespace gibo::archive::sql::pg {

std::string schema_prefix(ConnectionImpl& db, bool temp);
bool table_exists(ConnectionImpl& db, const std::string& prefix, std::string_view name);
std::vector<std::string> table_columns(ConnectionImpl& db, std::string_view name);
std::optional<Error> sequence_past_ids(ConnectionImpl& db, std::string_view name, std::string_view id_column);
std::int64_t bytes_of_tables(ConnectionImpl& db, const std::string& prefix, const std::vector<std::string>& names);
Expected<std::string> integrity_check(ConnectionImpl& db);
Expected<Stamp> read_stamp(ConnectionImpl& db);
std::vector<std::string> stamp_sql(bool install);
std::optional<Error> vet_selection(ConnectionImpl& db, std::string_view sql);
Expected<std::unique_ptr<SelectionScope>> begin_selection(ConnectionImpl& db, bool own, int seconds);

}  // namespace gibo::archive::sql::pg
