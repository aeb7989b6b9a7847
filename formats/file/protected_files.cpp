// The overwrite check: files compared by device and inode, or by canonical path (protected_files.h).
#include "gibo/formats/protected_files.h"

#include <sys/stat.h>

#include <filesystem>

namespace gibo {
namespace {

// The canonical form of a path that may not exist yet ("" if it cannot be formed).
std::string canonical_of(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? std::string() : p.string();
}

}  // namespace

void ProtectedFiles::add(const std::string& path, const std::string& shown, const std::string& role) {
  Entry e;
  e.path = shown;
  e.role = role;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    e.exists = true;
    e.dev = st.st_dev;
    e.ino = st.st_ino;
  }
  e.canonical = canonical_of(path);
  entries_.push_back(std::move(e));
}

void ProtectedFiles::add_input(const std::string& path) {
  if (path != "-") add(path, path, "input");
}

void ProtectedFiles::add_archive_files(const std::string& db) {
  add(db, db, "archive");
  for (const char* suffix : kArchiveCompanions) add(db + suffix, db, "archive");
}

std::optional<Error> ProtectedFiles::conflict(const std::string& output) const {
  if (output.empty() || output == "-") return std::nullopt;
  struct stat st {};
  const bool exists = ::stat(output.c_str(), &st) == 0;
  const std::string canonical = canonical_of(output);
  for (const Entry& e : entries_) {
    const bool same = (exists && e.exists) ? (st.st_dev == e.dev && st.st_ino == e.ino)
                                            : (!canonical.empty() && canonical == e.canonical);
    if (same) return Error{"refusing to overwrite the " + e.role + " " + e.path + " with the output " + output};
  }
  return std::nullopt;
}

std::optional<Error> ProtectedFiles::archive_conflict(const std::string& db) const {
  if (auto why = conflict(db)) return why;
  for (const char* suffix : kArchiveCompanions)
    if (auto why = conflict(db + suffix)) return why;
  return std::nullopt;
}

}  // namespace gibo
