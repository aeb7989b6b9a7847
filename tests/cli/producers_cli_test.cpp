// Records from several producers, end to end through the gibo binary (issue 10): the
// fixture set tests/data/fixtures/producers (made by make_fixtures.py there from corpus
// games and Fairy-Stockfish's own notation; expected.tsv counts games, plies and
// unannotated games from the sources) is read by validate, convert and import, every game
// valid and every ply count right under --rules fs-janggi; one JSON Lines shape whatever
// the format; unannotated records read as valid, become annotated when written as .gib,
// and fail under --strict.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "gibo/formats/json_value.h"
#include "run_gibo.h"

namespace {

using namespace gibo::testing;

const std::string kProducers = GIBO_TEST_DATA "/fixtures/producers";

struct Expected {
  std::string format;
  long games = 0, plies = 0, unannotated = 0;
};

// expected.tsv: file, format, games, plies, unannotated.
std::map<std::string, Expected> expected_files() {
  std::map<std::string, Expected> out;
  std::ifstream in(kProducers + "/expected.tsv");
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string file;
    Expected e;
    row >> file >> e.format >> e.games >> e.plies >> e.unannotated;
    out[file] = e;
  }
  return out;
}

// The JSON Lines of an output, parsed.
std::vector<gibo::json::Value> json_lines(const std::string& out) {
  std::vector<gibo::json::Value> values;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    auto v = gibo::json::parse(line);
    EXPECT_TRUE(v) << v.error().message << ": " << line;
    if (v) values.push_back(std::move(*v));
  }
  return values;
}

std::string base_name(const std::string& path) { return path.substr(path.rfind('/') + 1); }

std::int64_t int_of(const gibo::json::Value& v, std::string_view key) {
  const gibo::json::Value* f = v.find(key);
  return f ? f->as_int().value_or(-1) : -1;
}

TEST(ProducersCli, EveryGameValidEveryPlyCountRightUnderFsJanggi) {
  const auto expected = expected_files();
  ASSERT_EQ(expected.size(), 11u);
  const Result r = run_gibo({"validate", "--rules", "fs-janggi", "--format", "jsonl", kProducers});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  std::map<std::string, Expected> seen;
  std::map<std::string, long> game_plies;
  for (const gibo::json::Value& v : json_lines(r.out)) {
    const std::string type = v.find("type")->as_string();
    if (type == "game") {
      const std::string file = base_name(v.find("file")->as_string());
      // The same shape for every format.
      for (const char* key : {"index", "line", "plies", "valid_plies", "valid", "annotated", "profile", "result",
                              "errors", "warnings", "notes"})
        EXPECT_NE(v.find(key), nullptr) << file << " has no " << key;
      EXPECT_TRUE(v.find("valid")->as_bool()) << file << " game " << int_of(v, "index");
      EXPECT_TRUE(v.find("errors")->items().empty()) << file;
      EXPECT_EQ(int_of(v, "valid_plies"), int_of(v, "plies")) << file;
      EXPECT_EQ(v.find("profile")->as_string(), "fs-janggi");
      game_plies[file] += int_of(v, "plies");
      seen[file].unannotated += !v.find("annotated")->as_bool();
      if (!v.find("annotated")->as_bool()) {
        ASSERT_EQ(v.find("notes")->items().size(), 1u) << file;
        EXPECT_EQ(v.find("notes")->items()[0].find("code")->as_string(), "unannotated");
      }
    } else if (type == "file" && v.find("status")) {  // expected.tsv, make_fixtures.py
      EXPECT_EQ(v.find("status")->as_string(), "not-a-game-file");
    } else if (type == "file") {
      const std::string file = base_name(v.find("file")->as_string());
      Expected& e = seen[file];
      e.format = v.find("format")->as_string();
      e.games = int_of(v, "games");
      e.plies = int_of(v, "plies");
      EXPECT_EQ(int_of(v, "valid"), e.games) << file;
      EXPECT_TRUE(v.find("errors")->items().empty()) << file;
      EXPECT_TRUE(v.find("warnings")->items().empty()) << file;  // filler after 0x1A is no warning
    } else {
      EXPECT_EQ(type, "summary");
      EXPECT_EQ(int_of(v, "rejected"), 0);
    }
  }
  ASSERT_EQ(seen.size(), expected.size());
  for (const auto& [file, e] : expected) {
    const Expected& s = seen[file];
    EXPECT_EQ(s.format, e.format) << file;
    EXPECT_EQ(s.games, e.games) << file;
    EXPECT_EQ(s.plies, e.plies) << file;
    EXPECT_EQ(game_plies[file], e.plies) << file;
    EXPECT_EQ(s.unannotated, e.unannotated) << file;
  }
}

TEST(ProducersCli, FileFactsForEveryFormat) {
  // Encoding, BOM and filler runs are reported for every format through the one reader.
  const Result bom = run_gibo({"validate", "--rules", "fs-janggi", kProducers + "/converter_utf8_bom_crlf_hanja.gib"});
  EXPECT_NE(bom.out.find("2 games, 179 plies, 2 valid, 0 rejected (gib, utf-8, BOM)"), std::string::npos) << bom.out;
  const Result cp949 = run_gibo({"validate", "--rules", "fs-janggi", kProducers + "/converter_cp949_crlf.gib"});
  EXPECT_NE(cp949.out.find("(gib, cp949)"), std::string::npos) << cp949.out;
  const Result eof = run_gibo({"validate", "--rules", "fs-janggi", kProducers + "/kakao_utf8_crlf_eof_yuml.gib"});
  EXPECT_NE(eof.out.find("1 games, 117 plies, 1 valid, 0 rejected (gib, utf-8, 2 filler runs removed)"),
            std::string::npos)
      << eof.out;
  const Result pgn = run_gibo({"validate", "--rules", "fs-janggi", kProducers + "/fairy_stockfish.pgn"});
  EXPECT_NE(pgn.out.find("60 games, 7,624 plies, 60 valid, 0 rejected (pgn, utf-8)"), std::string::npos) << pgn.out;
  const Result uci = run_gibo({"validate", "--rules", "fs-janggi", kProducers + "/pychess.uci"});
  EXPECT_NE(uci.out.find("(uci, utf-8)"), std::string::npos) << uci.out;
  EXPECT_NE(uci.out.find("notes by code: unannotated=58"), std::string::npos) << uci.out;
}

TEST(ProducersCli, StrictRejectsUnannotatedRecords) {
  const Result r =
      run_gibo({"validate", "--strict", "--rules", "fs-janggi", kProducers + "/converter_utf8_bom_crlf_hanja.gib"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("0 valid, 2 rejected"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": error[missing-capture]: "), std::string::npos) << r.out;
  // Annotated records are not affected.
  const Result ok = run_gibo({"validate", "--strict", "--rules", "fs-janggi", kProducers + "/fairy_stockfish.pgn",
                              kProducers + "/annotated_utf8_lf_hangul.gib"});
  EXPECT_EQ(ok.status, 0) << ok.out;
}

TEST(ProducersCli, ConvertToGibCompletesTheMarks) {
  TempDir dir;
  for (const char* name : {"engine_log_utf8_lf.gib", "converter_utf8_bom_crlf_hanja.gib", "converter_cp949_crlf.gib",
                           "pychess.uci", "gibo_convert.jsonl"}) {
    const std::string out = (dir.path() / (std::string(name) + ".gib")).string();
    const Result c = run_gibo({"convert", "--rules", "fs-janggi", "--to", "gib", kProducers + "/" + name, "-o", out});
    ASSERT_EQ(c.status, 0) << name << ": " << c.err;
    const Result v = run_gibo({"validate", "--rules", "fs-janggi", "--format", "jsonl", out});
    EXPECT_EQ(v.status, 0) << v.out;
    int games = 0;
    for (const gibo::json::Value& j : json_lines(v.out)) {
      if (j.find("type")->as_string() != "game") continue;
      ++games;
      EXPECT_TRUE(j.find("valid")->as_bool()) << name;
      EXPECT_TRUE(j.find("annotated")->as_bool()) << name << " game " << int_of(j, "index");
      EXPECT_TRUE(j.find("warnings")->items().empty()) << name;
      EXPECT_TRUE(j.find("notes")->items().empty()) << name;
    }
    EXPECT_EQ(games, expected_files()[name].games) << name;
  }
  // --strict on convert: an unannotated game fails validation and is not written.
  const Result strict =
      run_gibo({"convert", "--strict", "--rules", "fs-janggi", "--to", "pgn", kProducers + "/engine_log_utf8_lf.gib"});
  EXPECT_EQ(strict.status, 1);
  EXPECT_NE(strict.err.find("0 written (pgn), 13 failed validation"), std::string::npos) << strict.err;
}

TEST(ProducersCli, ImportReadsEveryFormatAndStrictCountsUnannotatedInvalid) {
  TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  const Result r = run_gibo({"import", "--db", db, "--rules", "fs-janggi", "--format", "jsonl", kProducers});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  const auto lines = json_lines(r.out);
  ASSERT_FALSE(lines.empty());
  const gibo::json::Value& summary = lines.back();
  EXPECT_EQ(int_of(summary, "games"), 268);
  EXPECT_EQ(int_of(summary, "invalid"), 0);

  const std::string strict_db = (dir.path() / "strict.db").string();
  const Result s = run_gibo(
      {"import", "--db", strict_db, "--strict", "--rules", "fs-janggi", "--format", "jsonl", kProducers + "/engine_log_utf8_lf.gib"});
  EXPECT_EQ(s.status, 1) << s.out << s.err;
  EXPECT_EQ(int_of(json_lines(s.out).back(), "invalid"), 13);
}

}  // namespace
