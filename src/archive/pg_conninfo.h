// PostgreSQL connection strings, as libpq reads them (internal to src/archive;
// pg_backend.cpp).
#pragma once

#include <string>

namespace gibo::archive::sql {

// Does `text` name a PostgreSQL database: a postgresql:// or postgres:// URI, or libpq's
// keyword=value form that libpq accepts (dbname=gibo host=/run/postgresql)?
bool is_conninfo(const std::string& text);

// The connection string `text` with its password (if any) written as ***.
std::string without_password(const std::string& text);

}  // namespace gibo::archive::sql
