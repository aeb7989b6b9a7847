// The archive's SQL as PostgreSQL takes it (internal to src/archive; pg_backend.cpp and
// pg_dialect.cpp use these), each a pass over sql_lexer.h's tokens.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gibo::archive::sql::pg {

// A statement with its parameters numbered for libpq.
struct Translated {
  std::string sql;
  std::vector<std::string> names;  // each $N's name (":name"; "" for ?N); [0] unused
  std::string_view tail;           // the text after the first statement's ';'
};

// The first statement of `sql` with its parameters ?N, ? and :name numbered $N (a name
// keeps the number it got first; a bare ? takes the next), outside string literals,
// quoted names, dollar-quoted strings and comments; a cast (::) stays.
Translated number_parameters(std::string_view sql);

// Schema text written in SQLite's DDL as PostgreSQL takes it (dialect.h: schema_ddl),
// word by word outside string literals.
std::string schema_ddl(std::string_view ddl);

// The names of the functions a plan (EXPLAIN VERBOSE's text) calls: each name (the last
// part of a qualified one, unquoted) written just before a '(' outside a string literal.
std::vector<std::string> called_functions(std::string_view plan);

}  // namespace gibo::archive::sql::pg
