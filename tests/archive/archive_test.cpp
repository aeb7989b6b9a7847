// The archive layer's encodings (codec.h) and its database API (archive.h): schema
// creation and refusals, storing and rebuilding games, selections, verdicts.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <fstream>
#include <iterator>
#include <random>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/codec.h"
#include "gibo/archive/facts.h"
#include "gibo/archive/sha256.h"
#include "gibo/formats/gib.h"
#include "gibo/record/replay.h"
#include "gibo/version.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

std::string hex(const std::array<std::uint8_t, 32>& d) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (auto b : d) s += kHex[b >> 4], s += kHex[b & 15];
  return s;
}

// ---------------------------------------------------------------------------
// codec

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Every length across the block and padding boundaries agrees with coreutils' sha256sum,
// an implementation of its own.
TEST(Sha256, AgreesWithSha256sum) {
  TempDir dir;
  std::mt19937 rng(7);
  for (std::size_t n : {0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 65537}) {
    std::string s(n, '\0');
    for (char& c : s) c = static_cast<char>(rng());
    const std::filesystem::path file = dir.path() / ("bytes" + std::to_string(n));
    std::ofstream(file, std::ios::binary) << s;
    const std::string theirs = shell_output("sha256sum " + file.string());
    ASSERT_GE(theirs.size(), 64u) << "sha256sum did not run";
    EXPECT_EQ(sha256_hex(s), theirs.substr(0, 64)) << "length " << n;
    EXPECT_EQ(hex(sha256(s)), theirs.substr(0, 64));
  }
}

TEST(Moves, EncodeDecodeAndPasses) {
  std::vector<RecordedPly> plies(4);
  plies[0].move = Move(make_square(1, 0), make_square(2, 2));
  plies[1].pass = true;
  plies[1].move = Move::pass(make_square(4, 8));
  plies[2].pass = true;  // a pass after a replay error: square unknown
  plies[3].move = Move(make_square(0, 3), make_square(0, 4));
  std::string blob;
  encode_moves(plies, blob);
  ASSERT_EQ(blob.size(), 8u);
  EXPECT_EQ(*moves_count(blob), 4u);
  EXPECT_EQ(code_at(blob, 0), plies[0].move.raw());
  EXPECT_EQ(code_at(blob, 1), Move::pass(make_square(4, 8)).raw());
  EXPECT_EQ(code_at(blob, 2), kPassCode);
  EXPECT_TRUE(code_is_pass(code_at(blob, 1)) && code_is_pass(code_at(blob, 2)));
  EXPECT_FALSE(code_is_pass(code_at(blob, 3)));
  EXPECT_FALSE(moves_count("abc"));
  // A pass's square does not change the game's identity.
  std::string other;
  plies[1].move = Move::none();
  encode_moves(plies, other);
  EXPECT_NE(blob, other);
  EXPECT_EQ(game_hash("k", blob), game_hash("k", other));
  EXPECT_NE(game_hash("k", blob), game_hash("j", blob));
}

TEST(Times, RoundTripAndMalformed) {
  std::vector<RecordedPly> plies(3);
  std::string none;
  encode_times(plies, none);
  EXPECT_TRUE(none.empty());
  plies[0].seconds = 0;
  plies[2].seconds = 100000;
  std::string blob;
  encode_times(plies, blob);
  auto t = decode_times(blob, 3);
  ASSERT_TRUE(t);
  EXPECT_EQ((*t)[0], 0);
  EXPECT_FALSE((*t)[1]);
  EXPECT_EQ((*t)[2], 100000);
  EXPECT_FALSE(decode_times(blob, 2));                      // entries left over
  EXPECT_FALSE(decode_times(blob, 4));                      // too few entries
  EXPECT_FALSE(decode_times(std::string("\x80", 1), 1));    // truncated varint
  EXPECT_TRUE(decode_times("", 5));                         // NULL: no times at all
}

TEST(Tags, RoundTripVerbatim) {
  std::vector<Tag> tags = {{"대회명", "친선 \"결승\""}, {"x", "back\\slash\ttab\nnl\x01"}, {"빈", ""},
                           {"emoji", "\xF0\x9F\x98\x80"}, {"trailing", "value  "}};
  std::string json;
  encode_tags(tags, json);
  auto back = decode_tags(json);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, tags);
  EXPECT_TRUE(decode_tags("[]")->empty());
  EXPECT_EQ(decode_tags(" [ [\"a\" , \"\\u00e9\\ud83d\\ude00\"] ] ")->at(0).value, "\xC3\xA9\xF0\x9F\x98\x80");
  for (const char* bad : {"", "[", "[[\"a\"]]", "[[\"a\",1]]", "[[\"a\",\"b\"],]", "{}", "[[\"a\",\"b\"]] x",
                          "[[\"a\",\"\\x\"]]", "[[\"a\",\"\\ud800\"]]"})
    EXPECT_FALSE(decode_tags(bad)) << bad;
}

TEST(Tail, Tokens) {
  std::vector<RecordedPly> plies(3);
  plies[0].text = "79卒78";
  plies[1].pass = true;
  plies[2].text = "18漢馬37";
  EXPECT_EQ(encode_tail(plies, 1), "한수쉼 18漢馬37");
  EXPECT_EQ(decode_tail("한수쉼 18漢馬37"), (std::vector<std::string>{"한수쉼", "18漢馬37"}));
  EXPECT_TRUE(decode_tail("").empty());
}

TEST(StartKey, StandardAndCustomAgree) {
  StartPosition standard;
  standard.cho = Setup::EHHE;
  standard.han = Setup::HEHE;
  Position pos;
  pos.set_setups(Setup::EHHE, Setup::HEHE);
  StartPosition custom;
  custom.custom = true;
  custom.fen = pos.fen();
  EXPECT_EQ(start_key(standard), start_key(custom));
  custom.fen = std::string(kStartFen);
  StartPosition heeh;
  EXPECT_EQ(start_key(heeh), start_key(custom));
  EXPECT_NE(start_key(standard), start_key(heeh));
  custom.fen = "not a fen";
  EXPECT_EQ(start_key(custom), "invalid:not a fen");
}

TEST(Players, NameAndRank) {  // record/player_name.h, as the archive stores players
  auto check = [](std::string_view v, std::string name, std::string rank) {
    const PlayerName p = split_player(v);
    EXPECT_EQ(p.name, name) << v;
    EXPECT_EQ(p.rank, rank) << v;
  };
  check("김동학 四단", "김동학", "4단");
  check("멋진남자 8단", "멋진남자", "8단");
  check("탱크#253 5단", "탱크#253", "5단");
  check("아마 15급", "", "아마 15급");
  check("홍길동 초단", "홍길동", "1단");
  check("金漢英", "金漢英", "");
  check("최완규(프로)", "최완규", "프로");
  check("8단", "", "8단");
  check("이름 단", "이름 단", "");
  check("  공백  ", "공백", "");
}

// ---------------------------------------------------------------------------
// the database

std::vector<Game> corpus_file(const char* name) {
  GibReadOptions o;
  o.file_name = name;
  auto games = read_gib(slurp(fs::path(GIBO_TEST_DATA) / "corpus" / name), o);
  for (Game& g : games) replay_under_profile(g, default_profile());
  return games;
}

// A new archive, open for writing: a file in a temporary directory, or a new schema on
// the test's PostgreSQL server.
class NewArchive : public FreshArchiveTest {
 protected:
  void SetUp() override {
    FreshArchiveTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    auto opened = Archive::open(db, OpenMode::ReadWrite);
    ASSERT_TRUE(opened) << opened.error().message;
    a = std::move(*opened);
  }
  std::unique_ptr<Archive> a;
};
INSTANTIATE_TEST_SUITE_P(Backends, NewArchive, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST(Archive, CreatesVersionedSchemaAndReopens) {
  TempDir dir;
  const fs::path db = dir.path() / "a.sqlite";
  {
    auto opened = Archive::open(db.string(), OpenMode::ReadWrite);
    ASSERT_TRUE(opened) << opened.error().message;
    auto& a = *opened;
    EXPECT_EQ(a->integrity_check().value_or(""), "ok");
    EXPECT_EQ(a->game_count(), 0);
  }
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.string().c_str(), &h), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(h, "SELECT (SELECT user_version FROM pragma_user_version), "
                        "(SELECT application_id FROM pragma_application_id), "
                        "(SELECT max(version) FROM schema_version), (SELECT journal_mode FROM pragma_journal_mode), "
                        "(SELECT gibo FROM schema_version)",
                     -1, &s, nullptr);
  ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(s, 0), kSchemaVersion);
  EXPECT_EQ(sqlite3_column_int(s, 1), kApplicationId);
  EXPECT_EQ(sqlite3_column_int(s, 2), kSchemaVersion);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(s, 3)), "wal");
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, 4))), gibo::kVersion);
  sqlite3_finalize(s);
  sqlite3_close(h);
  EXPECT_TRUE(Archive::open(db.string(), OpenMode::ReadWrite));
  EXPECT_TRUE(Archive::open(db.string(), OpenMode::ReadOnly));
}

TEST(Archive, RefusesWhatItDidNotWrite) {
  TempDir dir;
  // Missing file, read-only.
  EXPECT_FALSE(Archive::open((dir.path() / "missing.sqlite").string(), OpenMode::ReadOnly));
  // Another application's database: left untouched.
  const fs::path other = dir.path() / "other.sqlite";
  raw_sql(other, "CREATE TABLE notes (x); INSERT INTO notes VALUES (1);");
  const auto foreign = Archive::open(other.string(), OpenMode::ReadWrite);
  ASSERT_FALSE(foreign);
  EXPECT_NE(foreign.error().message.find("not a gibo archive"), std::string::npos) << foreign.error().message;
  EXPECT_FALSE(fs::exists(other.string() + "-wal"));
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(other.string().c_str(), &h), SQLITE_OK);
    sqlite3_stmt* s = nullptr;
    sqlite3_prepare_v2(h, "PRAGMA journal_mode", -1, &s, nullptr);
    ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
    EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)), "delete");
    sqlite3_finalize(s);
    sqlite3_close(h);
  }
  // A newer schema.
  const fs::path newer = dir.path() / "newer.sqlite";
  ASSERT_TRUE(Archive::open(newer.string(), OpenMode::ReadWrite));
  raw_sql(newer, "PRAGMA user_version = " + std::to_string(kSchemaVersion + 1));
  const auto too_new = Archive::open(newer.string(), OpenMode::ReadWrite);
  ASSERT_FALSE(too_new);
  EXPECT_NE(too_new.error().message.find("newer"), std::string::npos) << too_new.error().message;
  // Not a database at all.
  const fs::path text = dir.path() / "text.sqlite";
  std::ofstream(text) << "[대회명 \"x\"]\nthis is not SQLite, but long enough to have a header of sorts....\n";
  EXPECT_FALSE(Archive::open(text.string(), OpenMode::ReadWrite));
  EXPECT_EQ(slurp(text).substr(0, 4), "[대");
}

TEST(PgArchive, CreatesVersionedSchemaAndRefusesWhatItDidNotWrite) {
  GIBO_REQUIRE_POSTGRESQL();
  const std::string db = pg_fresh_archive();
  EXPECT_TRUE(is_server_archive(db));
  // Empty: nothing to read, and reading creates nothing.
  const auto empty = Archive::open(db, OpenMode::ReadOnly);
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().message.find("empty"), std::string::npos) << empty.error().message;
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"), 0);
  {
    auto opened = Archive::open(db, OpenMode::ReadWrite);
    ASSERT_TRUE(opened) << opened.error().message;
    EXPECT_EQ((*opened)->integrity_check().value_or(""), "ok");
    EXPECT_EQ((*opened)->game_count(), 0);
  }
  EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), kSchemaVersion);
  EXPECT_EQ(raw_text(db, "SELECT gibo FROM schema_version"), gibo::kVersion);
  EXPECT_EQ(raw_text(db, "SELECT obj_description('meta'::regclass, 'pg_class')"), "gibo archive");
  EXPECT_TRUE(Archive::open(db, OpenMode::ReadWrite));
  EXPECT_TRUE(Archive::open(db, OpenMode::ReadOnly));
  // A newer schema is refused, read-only or not.
  raw_sql(db, "INSERT INTO schema_version VALUES (" + std::to_string(kSchemaVersion + 1) + ", 'later', 'later')");
  for (OpenMode mode : {OpenMode::ReadOnly, OpenMode::ReadWrite}) {
    const auto too_new = Archive::open(db, mode);
    ASSERT_FALSE(too_new);
    EXPECT_NE(too_new.error().message.find("newer"), std::string::npos) << too_new.error().message;
  }
  // Another application's tables: refused and left as they were.
  const std::string other = pg_fresh_archive();
  raw_sql(other, "CREATE TABLE notes (x integer); INSERT INTO notes VALUES (1)");
  const auto foreign = Archive::open(other, OpenMode::ReadWrite);
  ASSERT_FALSE(foreign);
  EXPECT_NE(foreign.error().message.find("not a gibo archive"), std::string::npos) << foreign.error().message;
  EXPECT_EQ(raw_int(other, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"), 1);
  // No server there: the connection's error, with the password left out.
  const auto down = Archive::open("postgresql://me:secret@/gibo?host=/nonexistent&port=1", OpenMode::ReadOnly);
  ASSERT_FALSE(down);
  EXPECT_NE(down.error().message.find("cannot open"), std::string::npos) << down.error().message;
  EXPECT_EQ(down.error().message.find("secret"), std::string::npos) << down.error().message;
  EXPECT_EQ(archive_name("postgresql://me:secret@host/db?password=also"), "postgresql://me:***@host/db?password=***");
  EXPECT_EQ(archive_name("host=/tmp dbname=g password='a b' user=x"), "host=/tmp dbname=g password=*** user=x");
}

// Every place libpq reads a password from is masked in an archive's name (issue 38).
TEST(ArchiveName, MasksThePasswordWhereverLibpqFindsIt) {
  // A URI parameter with no userinfo, first, last or percent-encoded.
  EXPECT_EQ(archive_name("postgresql:///db?user=u&password=X1&host=/tmp"), "postgresql:///db?user=u&password=***&host=/tmp");
  EXPECT_EQ(archive_name("postgresql:///db?password=X2"), "postgresql:///db?password=***");
  EXPECT_EQ(archive_name("postgres://h/db?pass%77ord=X3&port=5"), "postgres://h/db?pass%77ord=***&port=5");
  // userinfo with a ':' in the password, and an '@' in the query that is not userinfo.
  EXPECT_EQ(archive_name("postgresql://me:a:b@h/db"), "postgresql://me:***@h/db");
  EXPECT_EQ(archive_name("postgresql://h/db?application_name=x@y"), "postgresql://h/db?application_name=x@y");
  // The keyword form: spaces around '=', quotes with escapes, a bare value with one.
  EXPECT_EQ(archive_name("host=/tmp password = 'it\\'s' dbname=g"), "host=/tmp password = *** dbname=g");
  EXPECT_EQ(archive_name("password=a\\ b host=/tmp"), "password=*** host=/tmp");
  // A dbname that is itself a connection string.
  EXPECT_EQ(archive_name("dbname='postgresql://u:X4@h/db' host=/tmp"), "dbname=postgresql://u:***@h/db host=/tmp");
  EXPECT_EQ(archive_name("postgresql:///x?dbname=host%3Dh%20password%3DX5"), "postgresql:///x?dbname=host=h password=***");
  // A text libpq refuses, read as a file name, still shows no password.
  EXPECT_EQ(archive_name("host=/tmp password=X6 dbname").find("X6"), std::string::npos);
  // Files are named as they are.
  EXPECT_EQ(archive_name("games.db"), "games.db");
  EXPECT_EQ(archive_name("my password list.db"), "my password list.db");
  EXPECT_FALSE(is_server_archive("a=b.sqlite"));
  EXPECT_FALSE(is_server_archive("archive.sqlite"));
  EXPECT_TRUE(is_server_archive("dbname=gibo"));
}

TEST_P(NewArchive, StoresAndRebuildsGames) {
  // A file with comments, and one with times.
  std::vector<Game> originals = corpus_file("pobsiz_variations_yanggwima.gib");
  for (Game& g : corpus_file("pobsiz_kakao019_g078.gib")) originals.push_back(std::move(g));
  ASSERT_FALSE(a->begin());
  const auto source = a->insert_source({"x.gib", 10, "hash", "gib", "cp949"});
  ASSERT_TRUE(source) << source.error().message;
  std::vector<std::int64_t> ids;
  for (std::size_t i = 0; i < originals.size(); ++i) {
    Game copy = originals[i];
    copy.source.game_index = static_cast<int>(i);
    const PreparedGame p = prepare_game(std::move(copy), default_profile());
    EXPECT_TRUE(a->same_games(p)->games.empty());
    auto id = a->insert_game(*source, p);
    ASSERT_TRUE(id) << id.error().message;
    const auto same = a->same_games(p);
    ASSERT_TRUE(same);
    ASSERT_EQ(same->games.size(), 1u);
    EXPECT_EQ(same->games[0].id, *id);
    EXPECT_EQ(same->games[0].claims, p.claims);
    EXPECT_EQ(same->next_twin, 1);
    ids.push_back(*id);
  }
  ASSERT_FALSE(a->commit());
  for (std::size_t i = 0; i < originals.size(); ++i) {
    const Game& o = originals[i];
    auto g = a->load_game(ids[i]);
    ASSERT_TRUE(g) << g.error().message;
    EXPECT_EQ(g->tags, o.tags);
    EXPECT_EQ(g->header_comments, o.header_comments);
    EXPECT_EQ(g->start, o.start);
    EXPECT_EQ(g->result_text, o.result_text);
    EXPECT_EQ(g->source.file, "x.gib");
    ASSERT_EQ(g->plies.size(), o.plies.size());
    for (std::size_t k = 0; k < o.plies.size(); ++k) {
      EXPECT_EQ(g->plies[k].pass, o.plies[k].pass);
      EXPECT_EQ(g->plies[k].move, o.plies[k].move) << "ply " << k + 1;
      EXPECT_EQ(g->plies[k].seconds, o.plies[k].seconds);
      EXPECT_EQ(g->plies[k].comments, o.plies[k].comments);
    }
    // Written back, the rebuilt game reads as the same game.
    GibReadOptions ro;
    auto again = read_gib(write_gib({*g}, GibWriteOptions{}), ro);
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].tags, o.tags);
    ASSERT_EQ(again[0].plies.size(), o.plies.size());
    for (std::size_t k = 0; k < o.plies.size(); ++k)
      if (!o.plies[k].pass) {
        EXPECT_EQ(again[0].plies[k].move, o.plies[k].move);
      }
  }
  // The readers' view of the same games (rescore, the report).
  const auto all = a->select_games("");
  ASSERT_TRUE(all) << all.error().message;
  ASSERT_EQ(all->size(), originals.size());
  for (std::size_t i = 0; i < all->size(); ++i) {
    const Game& o = originals[i];
    const auto m = a->stored_game((*all)[i]);
    ASSERT_TRUE(m) << m.error().message;
    EXPECT_EQ(m->moves.size(), o.plies.size());
    EXPECT_EQ(m->file, "x.gib");
    EXPECT_EQ(m->tags, o.tags);
    EXPECT_EQ(m->annotated, std::optional<bool>(o.annotated));
    EXPECT_EQ(m->stored_result.has_value(), o.has_result);
    if (m->stored_result) {
      EXPECT_EQ(*m->stored_result, normalize_gib_result(o.result_text));
    }
  }
  EXPECT_FALSE(a->stored_game(1000000));
}

TEST_P(NewArchive, SelectionsAreReadOnlySingleStatements) {
  EXPECT_TRUE(a->select_games(""));
  EXPECT_TRUE(a->select_games("valid = 1 AND plies > 10 AND year >= 2000"));
  EXPECT_TRUE(a->select_query("SELECT game_id FROM tags WHERE name = '대회명'"));
  EXPECT_TRUE(a->select_query("SELECT id FROM facts WHERE winner = 'cho'"));
  EXPECT_FALSE(a->select_query("DELETE FROM games"));
  EXPECT_FALSE(a->select_games("1); DROP TABLE games; --"));
  EXPECT_FALSE(a->select_games("1) UNION SELECT 1; DELETE FROM games; --"));
  EXPECT_FALSE(a->select_query("SELECT 1; DELETE FROM games"));
  const auto unknown = a->select_games("no_such_column = 1");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find(postgres() ? "column \"no_such_column\" does not exist"
                                                    : "no such column: no_such_column"),
            std::string::npos)
      << unknown.error().message;
  EXPECT_FALSE(a->select_query("WITH x AS (DELETE FROM games RETURNING id) SELECT 1"));
  if (!postgres()) {
    // The authorizer refuses what is not reading, even inside an expression.
    EXPECT_FALSE(a->select_games("(SELECT count(*) FROM pragma_journal_mode) > 0 OR 1"));
    EXPECT_FALSE(a->select_query("PRAGMA journal_mode = DELETE"));
  } else {
    // A read-only transaction refuses writes; a function that could change the session
    // or the database (a volatile one) is refused before the selection runs, however it
    // is spelt or wherever it stands.
    EXPECT_FALSE(a->select_query("INSERT INTO meta VALUES ('x', 'y') RETURNING 1"));
    for (const char* call : {"set_config('statement_timeout', '0', true) = '0'",
                             "\"pg_catalog\".\"set_config\"('a.b', 'c', false) IS NOT NULL",
                             "(SELECT count(*) FROM pg_advisory_lock(1)) > 0", "id > 0 AND pg_sleep(30) IS NULL",
                             "random() < 2", "EXISTS (SELECT 1 FROM pg_catalog.pg_notify('c', 'p'))"}) {
      const auto refused = a->select_games(call);
      ASSERT_FALSE(refused) << call;
      EXPECT_NE(refused.error().message.find("may change the database or the session"), std::string::npos)
          << call << ": " << refused.error().message;
    }
    // Reading functions are fine, a literal that spells a call too.
    EXPECT_TRUE(a->select_games("lower(cho) = 'set_config(x)' OR now() > '2000-01-01' OR length(site) > 0"));
    // The selection's time limit (the connection's own when it sets one: the URI's
    // options, which end it, run on).
    auto limited = Archive::open(db + "%20-cstatement_timeout%3D200", OpenMode::ReadOnly);
    ASSERT_TRUE(limited) << limited.error().message;
    const auto slow = (*limited)->select_query(
        "SELECT g FROM generate_series(1, 1000000000) AS g WHERE g % 7 = 8 ORDER BY g");
    ASSERT_FALSE(slow);
    EXPECT_NE(slow.error().message.find("statement timeout"), std::string::npos) << slow.error().message;
  }
  EXPECT_EQ(a->game_count(), 0);
  // Deep nesting is an error, not a crash.
  const auto deep = a->select_games(std::string(20000, '(') + "1" + std::string(20000, ')'));
  ASSERT_FALSE(deep);
  EXPECT_FALSE(deep.error().message.empty());
  EXPECT_EQ(a->integrity_check().value_or(""), "ok");
}

TEST_P(NewArchive, VerdictsNeverTouchStoredResults) {
  ASSERT_FALSE(a->begin());
  const auto source = a->insert_source({"x.gib", 10, "hash", "gib", "cp949"});
  Game g = corpus_file("pobsiz_kakao019_g078.gib").at(0);
  const auto id = a->insert_game(*source, prepare_game(std::move(g), default_profile()));
  ASSERT_TRUE(id && !a->commit());
  auto row = [&] { return raw_text(db, "SELECT result_text || '|' || result_winner || '|' || result_method FROM games"); };
  const std::string before = row();
  EXPECT_EQ(before, "초 점수승(기물승)|cho|points");
  VerdictRow v;
  v.game_id = *id;
  v.profile_id = "janggi-gg";
  v.profile_version = 1;
  v.verdict = "disagrees";
  v.winner = "han";
  v.reason = "checkmate";
  v.ply = 40;
  v.cho_score = 100;
  v.han_score = 103;
  ASSERT_FALSE(a->store_verdicts({v}));
  v.verdict = "agrees";  // the same profile version again replaces its verdict
  v.winner = "cho";
  ASSERT_FALSE(a->store_verdicts({v}));
  v.profile_id = "kja";  // another profile adds a row
  ASSERT_FALSE(a->store_verdicts({v}));
  v.game_id = 999;  // stored as given: the table keeps what rescoring hands it
  EXPECT_FALSE(a->store_verdicts({v}));
  EXPECT_EQ(row(), before);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM verdicts WHERE game_id = 1"), 2);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM verdicts WHERE game_id = 1 AND verdict = 'agrees'"), 2);
}

}  // namespace
}  // namespace gibo::archive
