// gibo copy: an archive's tables, row by row in key order, into another archive of either
// backend (gibo/archive/copy.h).
#include "gibo/archive/copy.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string_view>

#include "gibo/archive/archive.h"
#include "dialect.h"
#include "open_existing.h"
#include "position_upkeep.h"
#include "schema.h"

namespace gibo::archive {

namespace {

constexpr std::int64_t kBatchRows = 10000;  // rows a transaction of the copy

// A test hook (tests/cli/unfinished_copy_cli_test.cpp): GIBO_TEST_COPY_STOP=ROWS:COMMITS
// makes the copy's transactions ROWS rows long and ends the process at once, as a kill
// would, right after its COMMITS-th commit (0: once the copy is marked in the target,
// before any row; "end": after every row, before the transaction that ends the copy).
// Unset, the copy runs whole. It lets a test stop a copy at a point of
// its choosing, without racing a timer.
struct StopHook {
  std::int64_t rows = kBatchRows;
  long commits = -1;  // -1: never stop
  long done = 0;
  StopHook() {
    const char* text = std::getenv("GIBO_TEST_COPY_STOP");
    if (!text) return;
    long long r = 0, c = 0;
    char end[4] = {};
    if (std::sscanf(text, "%lld:%lld", &r, &c) == 2 && r > 0 && c >= 0) {
      rows = r;
      commits = static_cast<long>(c);
    } else if (std::sscanf(text, "%lld:%3s", &r, end) == 2 && r > 0 && std::string_view(end) == "end") {
      rows = r;
      commits = kBeforeBookkeeping;
    }
  }
  // Called when every table's rows are copied, before the transaction that ends the copy.
  void before_bookkeeping() const {
    if (commits == kBeforeBookkeeping) std::_Exit(kStopStatus);
  }
  static constexpr long kBeforeBookkeeping = -2;
  // Called after each commit of the copy (and once when it is marked: `marked`).
  void committed(bool marked = false) {
    if (!marked) ++done;
    if (commits >= 0 && done >= commits) std::_Exit(kStopStatus);
  }
  static constexpr int kStopStatus = 99;
};

// Binds column `c` of the current row of `from` as parameter `i` of `to`, as it is.
void bind_value(const sql::Statement& from, int c, sql::Statement& to, int i) {
  switch (from.type(c)) {
    case sql::Type::Null: to.bind_null(i); break;
    case sql::Type::Integer: to.bind(i, from.int64(c)); break;
    case sql::Type::Real: to.bind(i, from.real(c)); break;
    case sql::Type::Text: to.bind_text(i, from.text(c)); break;
    case sql::Type::Blob: to.bind_blob(i, from.blob(c)); break;
  }
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

class Copier {
 public:
  Copier(const std::string& from, const std::string& to) : from_(from), to_(to) {}

  std::optional<Error> run(CopySummary& summary,
                           const std::function<void(const std::string&, std::int64_t)>& on_table) {
    if (auto e = open()) return e;
    if (auto e = start(summary)) return e;
    // One snapshot of the source for the whole copy.
    if (auto e = src_.exec(sql::begin_read(src_))) return fail_from("cannot read", e->message);
    for (const schema::Table& t : schema::tables()) {
      const std::string name = t.name;
      if (name == "schema_version" || name == "meta" || name == "position_meta") continue;  // first or last
      if (t.index && !sql::table_exists(src_, sql::schema_prefix(src_, false), name)) continue;
      if (t.index)
        if (auto e = create_position_tables(dst_, sql::schema_prefix(dst_, false))) return fail_to(e->message);
      std::int64_t rows = 0;
      if (auto e = copy_table(t, true, rows)) return e;
      summary.tables.emplace_back(name, rows);
      summary.rows += rows;
      if (on_table) on_table(name, rows);
    }
    stop_.before_bookkeeping();
    // The bookkeeping tables, whole, and the end of the mark, in one transaction.
    if (auto e = dst_.exec(sql::begin_write(dst_))) return fail_to(e->message);
    for (const schema::Table& t : schema::tables()) {
      const std::string name = t.name;
      if (name != "meta" && name != "position_meta") continue;
      if (t.index && !sql::table_exists(src_, sql::schema_prefix(src_, false), name)) continue;
      std::int64_t rows = 0;
      if (auto e = dst_.exec("DELETE FROM " + name)) return abort(e->message);
      if (auto e = copy_table(t, false, rows)) return e;
      summary.tables.emplace_back(name, rows);
      summary.rows += rows;
      if (on_table) on_table(name, rows);
    }
    if (auto e = dst_.exec("COMMIT")) return abort(e->message);
    src_.exec("COMMIT");
    return std::nullopt;
  }

 private:
  Error fail_from(const std::string& what, const std::string& why) const {
    return Error{archive_name(from_) + ": " + what + ": " + why};
  }
  Error fail_to(const std::string& why) const { return Error{archive_name(to_) + ": " + why}; }
  // Rolls the target's open transaction back after `why`.
  Error abort(const std::string& why) {
    dst_.exec("ROLLBACK");
    return fail_to(why);
  }

  std::optional<Error> open() {
    if (archive_name(from_) == archive_name(to_))
      return Error{archive_name(from_) + ": gibo copy needs two archives, not the same one twice"};
    std::error_code ec;
    if (!is_server_archive(from_) && !is_server_archive(to_) && std::filesystem::equivalent(from_, to_, ec))
      return Error{to_ + ": is the archive being copied"};
    if (auto e = open_existing_archive(from_, src_)) return e;
    const Expected<int> version = schema::prepare(src_, false);
    if (!version) return Error{archive_name(from_) + ": " + version.error().message};
    if (*version != kSchemaVersion)
      return fail_from("cannot copy", "it has schema version " + std::to_string(*version) +
                                          "; open it for writing with this gibo first (gibo rescore --db), which "
                                          "upgrades it to version " + std::to_string(kSchemaVersion));
    if (!mark_of(src_).empty()) return fail_from("cannot copy", "it is itself a copy not finished");
    // The target: a copy of this source to finish is opened as it is; anything else is
    // created (or upgraded) as gibo makes any archive, then written here.
    if (!holds_unfinished_copy()) {
      dst_.close();
      auto made = Archive::open(to_, OpenMode::ReadWrite);
      if (!made) return made.error();
    }
    if (auto e = open_existing_archive(to_, dst_)) return e;
    if (const Expected<int> v = schema::prepare(dst_, true); !v) return fail_to(v.error().message);
    return std::nullopt;
  }

  // Does the target exist and hold a copy not finished (which no other opener accepts)?
  bool holds_unfinished_copy() {
    std::error_code ec;
    if (!is_server_archive(to_) && !std::filesystem::exists(to_, ec)) return false;
    if (open_existing_archive(to_, dst_)) return false;
    const Expected<int> v = schema::prepare(dst_, false);
    return v && *v == kSchemaVersion && !mark_of(dst_).empty();
  }

  // The mark of a copy in progress in `db` ("" when none).
  static std::string mark_of(sql::Connection& db) {
    const auto mark = schema::meta_value(db, schema::kCopyMark);
    return mark && *mark ? **mark : "";
  }

  // A copy in progress from this source is continued; else the target must hold nothing,
  // and gets the source's schema history and the mark.
  std::optional<Error> start(CopySummary& summary) {
    const std::string mark = mark_of(dst_);
    if (!mark.empty()) {
      if (mark != archive_name(from_))
        return fail_to("holds a copy of " + mark + " not finished; finish it with gibo copy from there, or copy into "
                       "a new archive");
      summary.resumed = true;
      return std::nullopt;
    }
    for (const schema::Table& t : schema::tables()) {
      const std::string name = t.name;
      if (name == "schema_version" || name == "meta") continue;
      if (t.index && !sql::table_exists(dst_, sql::schema_prefix(dst_, false), name)) continue;
      if (dst_.scalar("SELECT count(*) FROM (SELECT 1 FROM " + name + " LIMIT 1) AS x", 1) != 0)
        return fail_to("already holds an archive (rows in " + name + "); gibo copy writes into a new one");
    }
    if (auto e = dst_.exec(sql::begin_write(dst_))) return fail_to(e->message);
    if (auto e = dst_.exec("DELETE FROM schema_version; DELETE FROM meta")) return abort(e->message);
    sql::Statement m = dst_.prepare("INSERT INTO meta (key, value) VALUES (:key, :value)");
    const std::string name = archive_name(from_);
    if (!m.prepared()) return abort(dst_.current_error());
    m.bind_text(":key", schema::kCopyMark);
    m.bind_text(":value", name);
    if (!m.run()) return abort(dst_.current_error());
    if (auto e = src_.exec(sql::begin_read(src_))) return abort(e->message);
    std::int64_t rows = 0;
    for (const schema::Table& t : schema::tables())
      if (std::string(t.name) == "schema_version")
        if (auto e = copy_table(t, false, rows)) return e;
    src_.exec("COMMIT");
    if (auto e = dst_.exec("COMMIT")) return abort(e->message);
    stop_.committed(true);
    return std::nullopt;
  }

  // Copies the rows of `t` the target lacks (those after its last key), in transactions
  // of kBatchRows when `batches` (else inside the caller's); `rows` counts them.
  std::optional<Error> copy_table(const schema::Table& t, bool batches, std::int64_t& rows) {
    const std::string name = t.name;
    const std::vector<std::string> columns = sql::table_columns(src_, name);
    if (columns.empty()) return fail_from("cannot read the columns of " + name, src_.current_error());
    {
      const std::vector<std::string> theirs = sql::table_columns(dst_, name);
      if (std::set<std::string>(columns.begin(), columns.end()) != std::set<std::string>(theirs.begin(), theirs.end()))
        return fail_to("its table " + name + " has other columns than the source's");
    }
    std::vector<std::string> key(t.key.begin(), t.key.end());
    // Where the target stands: its last key, if any.
    std::string order, after;
    for (std::size_t k = 0; k < key.size(); ++k) {
      order += (k ? ", " : "") + key[k];
      after += (k ? ", :after" : ":after") + std::to_string(k);
    }
    std::string descending;
    for (std::size_t k = 0; k < key.size(); ++k) descending += (k ? ", " : "") + key[k] + " DESC";
    sql::Statement last = dst_.prepare("SELECT " + order + " FROM " + name + " ORDER BY " + descending + " LIMIT 1");
    if (!last.prepared()) return fail_to(dst_.current_error());
    const int rc = last.step();
    if (rc != sql::kRow && rc != sql::kDone) return fail_to(dst_.current_error());
    const bool resume = rc == sql::kRow;
    std::string select = "SELECT " + joined(columns) + " FROM " + name;
    if (resume) select += key.size() == 1 ? " WHERE " + order + " > " + after : " WHERE (" + order + ") > (" + after + ")";
    select += " ORDER BY " + order;
    sql::Statement scan = src_.prepare_scan(select);
    if (!scan.prepared()) return fail_from("cannot read " + name, src_.current_error());
    if (resume)
      for (std::size_t k = 0; k < key.size(); ++k)
        bind_value(last, static_cast<int>(k), scan, scan.parameter_index((":after" + std::to_string(k)).c_str()));
    sql::Statement insert = dst_.prepare_insert(name, columns, false);
    if (!insert.prepared()) return fail_to(dst_.current_error());
    bool open = false;
    int step;
    while ((step = scan.step()) == sql::kRow) {
      if (batches && !open) {
        if (auto e = dst_.exec(sql::begin_write(dst_))) return fail_to(e->message);
        open = true;
      }
      for (std::size_t c = 0; c < columns.size(); ++c) bind_value(scan, static_cast<int>(c), insert, static_cast<int>(c + 1));
      if (!insert.run()) return abort("cannot write " + name + ": " + dst_.current_error());
      ++rows;
      if (batches && rows % stop_.rows == 0) {
        if (auto e = dst_.exec("COMMIT")) return abort(e->message);
        open = false;
        stop_.committed();
      }
    }
    if (step != sql::kDone) {
      if (open) dst_.exec("ROLLBACK");
      return fail_from("cannot read " + name, src_.current_error());
    }
    if (batches && open) {
      if (auto e = dst_.exec("COMMIT")) return abort(e->message);
      stop_.committed();
    }
    if (key.size() == 1)
      if (auto e = sql::sequence_past_ids(dst_, name, key[0])) return fail_to(e->message);
    return std::nullopt;
  }

  std::string from_, to_;
  sql::Connection src_, dst_;
  StopHook stop_;
};

}  // namespace

std::optional<Error> copy_archive(const std::string& from, const std::string& to, CopySummary& summary,
                                  const std::function<void(const std::string& table, std::int64_t rows)>& on_table) {
  const auto start = std::chrono::steady_clock::now();
  Copier copier(from, to);
  std::optional<Error> e = copier.run(summary, on_table);
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return e;
}

}  // namespace gibo::archive
