// Opening an archive: a SQLite file (creating a new file in one step, opening an existing
// one read-only where it must be) or a PostgreSQL database (connecting), the schema
// checks and migration (schema.cpp) and journaling at open; transactions and the
// integrity check.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "archive_impl.h"
#include "dialect.h"
#include "facts_view.h"
#include "open_existing.h"
#include "pg_conninfo.h"
#include "schema.h"

namespace gibo::archive {

std::optional<Error> Archive::Impl::finish_open() {
  // The schema checks come first: a file that is refused is never changed (not even its
  // journal mode). schema::prepare also sets the page size and WAL for a new file.
  const Expected<int> version = schema::prepare(db, writable);
  if (!version) return version.error();
  schema_version = *version;
  if (auto e = schema::refuse_unfinished(db)) return e;
  if (writable)
    if (auto e = db.impl()->tune(sql::Tuning::Writer)) return e;
  // The facts --where reads: derived again by a writer when the archive's are not
  // current; a reader derives its own when it first selects.
  derived::State derived_state = derived::state(db, schema_version);
  if (derived_state == derived::State::Stale && writable) {
    if (auto e = derived::refresh(db)) return e;
    derived_state = derived::State::Current;
  }
  facts_pending = facts_temp = derived_state != derived::State::Current;
  // The games' opening names likewise.
  derived::State openings_state = openings::state(db, schema_version);
  if (openings_state == derived::State::Stale && writable) {
    if (const auto named = openings::refresh(db, std::nullopt); !named) return named.error();
    openings_state = derived::State::Current;
  }
  openings_pending = openings_temp = openings_state != derived::State::Current;
  // The games' material signatures likewise (a reader computes them as it reads).
  derived::State material_state = material::state(db, schema_version);
  if (material_state == derived::State::Stale && writable) {
    if (auto e = material::refresh(db)) return e;
    material_state = derived::State::Current;
  }
  material_current = material_state == derived::State::Current;
  return facts::install(db, schema_version, !facts_pending, !openings_pending);
}

Archive::Archive(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Archive::~Archive() {
  if (impl_ && impl_->in_transaction) impl_->db.exec("ROLLBACK");
}

namespace {

// Removes a database file and its journal, WAL and shared-memory files.
void remove_database(const std::string& path) {
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) ::unlink((path + suffix).c_str());
}

// Creates a new archive at `path` as one step: it is built under a temporary name and
// linked into place, so a kill at any moment leaves no archive or a complete empty one
// (never a half-created file that only a writer could recover). Losing a race to another
// creator is fine: its archive is used.
std::optional<Error> create_archive(const std::string& path) {
  const std::string temporary = path + ".creating-" + std::to_string(::getpid());
  remove_database(temporary);
  {
    sql::Connection db;
    if (auto e = db.open_sqlite(temporary, sql::FileMode::Create))
      return Error{archive_name(path) + ": cannot create: " + e->message};
    if (const Expected<int> version = schema::prepare(db, true); !version) {
      db.close();
      remove_database(temporary);
      return Error{archive_name(path) + ": " + version.error().message};
    }
  }  // closing checkpoints the WAL and removes it: one self-contained file remains
  if (::link(temporary.c_str(), path.c_str()) != 0 && errno != EEXIST) {
    // No hard links on this file system: a rename (atomic, but it would replace a file
    // created meanwhile, which the existence test just before makes unlikely).
    std::error_code ec;
    if (std::filesystem::exists(path, ec) || std::rename(temporary.c_str(), path.c_str()) != 0) {
      const int saved = errno;
      remove_database(temporary);
      if (std::filesystem::exists(path, ec)) return std::nullopt;
      return Error{archive_name(path) + ": cannot create: " + std::strerror(saved)};
    }
    return std::nullopt;
  }
  remove_database(temporary);
  return std::nullopt;
}

// May this process write `path` and create files beside it (the -wal and -shm)?
bool may_write_beside(const std::string& path) {
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  return ::access(path.c_str(), W_OK) == 0 && ::access(dir.c_str(), W_OK) == 0;
}

// Connects to the PostgreSQL archive `conninfo` names; "NAME: cannot open: ..." on failure.
std::optional<Error> connect(const std::string& conninfo, sql::Connection& db) {
  if (auto e = db.open_postgres(conninfo)) return Error{archive_name(conninfo) + ": cannot open: " + e->message};
  return std::nullopt;
}

}  // namespace

std::optional<Error> open_existing_archive(const std::string& path, sql::Connection& db) {
  if (is_server_archive(path)) return connect(path, db);
  if (auto e = db.open_sqlite_existing(path, may_write_beside(path)))
    return Error{archive_name(path) + ": cannot open: " + e->message};
  return std::nullopt;
}

bool is_server_archive(const std::string& db) { return sql::is_conninfo(db); }

// A text that names no server but holds a password (a connection string libpq refuses, read
// as a file name) is masked too: it is shown in the error that says it cannot be opened.
std::string archive_name(const std::string& db) {
  return is_server_archive(db) || db.find("password") != std::string::npos ? sql::without_password(db) : db;
}

Expected<std::unique_ptr<Archive>> Archive::open(const std::string& path, OpenMode mode) {
  auto impl = std::make_unique<Impl>();
  impl->writable = mode == OpenMode::ReadWrite;
  if (is_server_archive(path)) {
    if (auto e = connect(path, impl->db)) return *e;
  } else {
    std::error_code missing;
    if (impl->writable && !std::filesystem::exists(path, missing) && !missing)
      if (auto e = create_archive(path)) return *e;
    if (!impl->writable) {
      if (auto e = open_existing_archive(path, impl->db)) return *e;
    } else if (auto e = impl->db.open_sqlite(path, sql::FileMode::Create)) {
      return Error{archive_name(path) + ": cannot open: " + e->message};
    }
  }
  if (auto e = impl->finish_open()) return Error{archive_name(path) + ": " + e->message};
  return std::unique_ptr<Archive>(new Archive(std::move(impl)));
}

Expected<std::unique_ptr<Archive>> Archive::open_temporary() {
  auto impl = std::make_unique<Impl>();
  impl->writable = true;
  // An empty name: SQLite's private temporary database, deleted when closed.
  if (auto e = impl->db.open_sqlite("", sql::FileMode::Create))
    return Error{"cannot open a temporary archive: " + e->message};
  if (auto e = impl->finish_open()) return Error{"temporary archive: " + e->message};
  return std::unique_ptr<Archive>(new Archive(std::move(impl)));
}

std::optional<Error> Archive::begin() {
  if (auto e = impl_->db.exec(sql::begin_write(impl_->db))) return Error{"cannot begin a transaction: " + e->message};
  impl_->in_transaction = true;
  // On a server another writer may have added start positions and players since the
  // last transaction: their ids are read again.
  if (impl_->db.impl()->shared_between_transactions()) impl_->caches_loaded = false;
  return std::nullopt;
}

std::optional<Error> Archive::commit() {
  if (auto e = impl_->db.exec("COMMIT")) return Error{"cannot commit: " + e->message};
  impl_->in_transaction = false;
  return std::nullopt;
}

void Archive::rollback() {
  if (impl_->in_transaction) impl_->db.exec("ROLLBACK");
  impl_->in_transaction = false;
  impl_->caches_loaded = false;  // ids made inside the transaction are gone
}

Expected<std::string> Archive::integrity_check() { return impl_->db.impl()->integrity_check(); }

}  // namespace gibo::archive
