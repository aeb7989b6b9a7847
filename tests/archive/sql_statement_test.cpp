// The statement's binders by name (src/archive/sql.h) on both backends: a value reaches the
// parameter it names, and a name the statement does not have is the caller's fault, said at
// once (both backends would otherwise run the statement with NULL there).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "../cli/run_gibo.h"
#include "../pg/pg_test.h"
#include "archive/sql.h"

namespace gibo::archive {
namespace {

using namespace gibo::testing;

class SqlStatement : public BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    const std::string where = fresh();
    const auto e = postgres() ? db.open_postgres(where) : db.open_sqlite(where, sql::FileMode::Create);
    ASSERT_FALSE(e) << e->message;
    ASSERT_FALSE(db.exec("CREATE TABLE t (a BIGINT, b TEXT)"));
  }
  sql::Connection db;
};

TEST_P(SqlStatement, AValueBoundByNameReachesThatParameter) {
  sql::Statement insert = db.prepare("INSERT INTO t (a, b) VALUES (:a, :b)");
  ASSERT_TRUE(insert.prepared()) << db.current_error();
  insert.bind(":b", std::int64_t{7});
  insert.bind_text(":b", "seven");
  insert.bind(":a", std::int64_t{7});
  ASSERT_TRUE(insert.run()) << db.current_error();
  sql::Statement read = db.prepare("SELECT a, b FROM t");
  ASSERT_EQ(read.step(), sql::kRow);
  EXPECT_EQ(read.int64(0), 7);
  EXPECT_EQ(read.text(1), "seven");
}

TEST_P(SqlStatement, ANameTheStatementLacksIsAFaultNotANull) {
  sql::Statement insert = db.prepare("INSERT INTO t (a) VALUES (:a)");
  ASSERT_TRUE(insert.prepared()) << db.current_error();
  EXPECT_THROW(insert.bind(":typo", std::int64_t{1}), std::logic_error);
  EXPECT_THROW(insert.bind_text(":typo", "x"), std::logic_error);
  EXPECT_THROW(insert.bind_null(":typo"), std::logic_error);
  // Shared bindings over statements of which some lack the parameter say so by name.
  insert.bind_if_present(":typo", 1);
  insert.bind_if_present(":a", 5);
  ASSERT_TRUE(insert.run()) << db.current_error();
  sql::Statement read = db.prepare("SELECT a FROM t");
  ASSERT_EQ(read.step(), sql::kRow);
  EXPECT_EQ(read.int64(0), 5);
}

INSTANTIATE_TEST_SUITE_P(Backends, SqlStatement, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

}  // namespace
}  // namespace gibo::archive
