// The JSON game record: the parser on its own, gib -> json -> gib over the corpus copy,
// json -> json stability, JSON Lines with a broken line, and every document written
// checked against formats/json/game.schema.json by a small structural validator (type,
// required, properties, additionalProperties, items, enum, const, minimum, $ref).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "diagnostic_place.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json.h"
#include "gibo/formats/json_value.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"
#include "../test_data.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;
using json::Value;

void replay_all(std::vector<Game>& games) {
  for (Game& g : games) replay_under_profile(g, default_profile());
}

std::vector<Game> load_gib(const fs::path& p) {
  GibReadOptions o;
  o.file_name = p.filename().string();
  auto games = read_gib(slurp(p), o);
  replay_all(games);
  return games;
}

std::vector<Game> load_json(const std::string& text, TextFileInfo* info = nullptr) {
  std::vector<Game> games;
  TextFileInfo local;
  TextReadOptions o;
  o.file_name = "x.json";
  read_json(text, o, info ? *info : local, [&](Game&& g) { games.push_back(std::move(g)); });
  replay_all(games);
  return games;
}

// ---------------------------------------------------------------------------
// A structural JSON Schema check: returns the first problem, or "".

class SchemaChecker {
 public:
  explicit SchemaChecker(const Value& root) : root_(root) {}

  std::string check(const Value& v, const Value& schema, const std::string& path) const {
    const Value* s = &schema;
    if (const Value* ref = schema.find("$ref")) s = resolve(ref->as_string());
    if (!s) return path + ": unresolved $ref";
    if (const Value* type = s->find("type")) {
      bool ok = false;
      if (type->is_string()) ok = has_type(v, type->as_string());
      for (const Value& t : type->items()) ok = ok || has_type(v, t.as_string());
      if (!ok) return path + ": wrong type";
    }
    if (const Value* e = s->find("enum")) {
      bool ok = false;
      for (const Value& x : e->items()) ok = ok || same(x, v);
      if (!ok) return path + ": not in enum";
    }
    if (const Value* c = s->find("const"); c && !same(*c, v)) return path + ": not the constant";
    if (const Value* m = s->find("minimum"); m && v.is_number() && v.as_double() < m->as_double())
      return path + ": below minimum";
    if (v.is_object()) {
      if (const Value* req = s->find("required"))
        for (const Value& k : req->items())
          if (!v.find(k.as_string())) return path + ": missing required key " + k.as_string();
      const Value* props = s->find("properties");
      const Value* extra = s->find("additionalProperties");
      for (const auto& [key, item] : v.members()) {
        const Value* sub = props ? props->find(key) : nullptr;
        if (!sub) {
          if (extra && extra->is_bool() && !extra->as_bool()) return path + ": unexpected key " + key;
          continue;
        }
        if (auto problem = check(item, *sub, path + "." + key); !problem.empty()) return problem;
      }
    }
    if (v.is_array())
      if (const Value* items = s->find("items"))
        for (std::size_t i = 0; i < v.items().size(); ++i)
          if (auto problem = check(v.items()[i], *items, path + "[" + std::to_string(i) + "]"); !problem.empty())
            return problem;
    return "";
  }

 private:
  const Value* resolve(const std::string& ref) const {
    const std::string prefix = "#/$defs/";
    if (ref.rfind(prefix, 0) != 0) return nullptr;
    const Value* defs = root_.find("$defs");
    return defs ? defs->find(ref.substr(prefix.size())) : nullptr;
  }
  static bool has_type(const Value& v, const std::string& t) {
    if (t == "integer") return v.is_number() && v.as_int().has_value();
    if (t == "number") return v.is_number();
    if (t == "string") return v.is_string();
    if (t == "boolean") return v.is_bool();
    if (t == "null") return v.is_null();
    if (t == "array") return v.is_array();
    if (t == "object") return v.is_object();
    return false;
  }
  static bool same(const Value& a, const Value& b) {
    if (a.kind() != b.kind()) return false;
    if (a.is_null()) return true;
    if (a.is_bool()) return a.as_bool() == b.as_bool();
    if (a.is_number()) return a.as_double() == b.as_double();
    if (a.is_string()) return a.as_string() == b.as_string();
    return false;
  }
  const Value& root_;
};

const Value& schema() {
  static const Value s = [] {
    auto v = json::parse(slurp(GIBO_TEST_DATA "/../../formats/json/game.schema.json"));
    EXPECT_TRUE(v) << "schema: " << v.error().message << " at line " << v.error().line;
    return v ? *v : Value();
  }();
  return s;
}

// Every game of a written JSON or JSON Lines text satisfies the schema.
void expect_schema_valid(const std::string& text, const std::string& what) {
  SchemaChecker checker(schema());
  std::size_t pos = 0;
  int documents = 0;
  while (pos < text.size()) {
    while (pos < text.size() && (text[pos] == '\n' || text[pos] == ' ')) ++pos;
    if (pos >= text.size()) break;
    auto v = json::parse_value(text, pos);
    ASSERT_TRUE(v) << what << ": " << v.error().message;
    ++documents;
    if (v->is_array()) {
      for (const Value& g : v->items()) EXPECT_EQ(checker.check(g, schema(), "$"), "") << what;
    } else {
      EXPECT_EQ(checker.check(*v, schema(), "$"), "") << what;
    }
  }
  EXPECT_GT(documents, 0) << what;
}

// ---------------------------------------------------------------------------

TEST(JsonValue, ParsesAndRejects) {
  auto v = json::parse(R"( {"a": [1, -2.5e3, true, null, "x\u00e9\ud83d\ude00\n"], "b": {}} )");
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->members()[0].first, "a");
  const auto& items = v->find("a")->items();
  ASSERT_EQ(items.size(), 5u);
  EXPECT_EQ(items[0].as_int(), 1);
  EXPECT_DOUBLE_EQ(items[1].as_double(), -2500.0);
  EXPECT_EQ(items[1].as_int(), -2500);  // integral, though written with an exponent
  EXPECT_FALSE(json::parse("0.5")->as_int().has_value());
  EXPECT_TRUE(items[2].as_bool());
  EXPECT_TRUE(items[3].is_null());
  EXPECT_EQ(items[4].as_string(), "x\xC3\xA9\xF0\x9F\x98\x80\n");
  EXPECT_EQ(json::parse("9007199254740993")->as_int(), 9007199254740993LL);

  const char* bad[] = {"", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"\\ud800\"", "\"a\nb\"", "tru", "[1] x",
                       "\"\\x\"", "{\"a\":1,}", "\"\xff\""};
  for (const char* b : bad) EXPECT_FALSE(json::parse(b)) << b;
  const auto third_line = json::parse("[1,\n  2,\n  ?]");
  ASSERT_FALSE(third_line);
  EXPECT_EQ(third_line.error().line, 3);
  EXPECT_EQ(third_line.error().column, 3);
  // Nesting is bounded, not recursion without end.
  const auto deep = json::parse(std::string(100000, '['));
  ASSERT_FALSE(deep);
  EXPECT_NE(deep.error().message.find("nesting"), std::string::npos);
}

TEST(JsonCorpus, GibToJsonToGibKeepsEverything) {
  int games_total = 0;
  for (const fs::path& p : corpus_files()) {
    const auto games = load_gib(p);
    const std::string text = write_json(games);
    expect_schema_valid(text, p.filename().string());
    TextFileInfo info;
    const auto back = load_json(text, &info);
    EXPECT_TRUE(info.diagnostics.empty()) << p;
    ASSERT_EQ(back.size(), games.size()) << p;
    for (std::size_t i = 0; i < games.size(); ++i) {
      const Game &a = games[i], &b = back[i];
      EXPECT_EQ(a.tags, b.tags) << p;
      EXPECT_EQ(a.header_comments, b.header_comments) << p;
      EXPECT_EQ(a.start, b.start) << p;
      EXPECT_EQ(a.result_text, b.result_text) << p;
      EXPECT_EQ(a.has_result, b.has_result) << p;
      EXPECT_EQ(a.plies, b.plies) << p << " game " << i;  // every recorded field, line and column
      EXPECT_EQ(a.source.file, b.source.file);
      EXPECT_EQ(a.source.byte_offset, b.source.byte_offset);
      EXPECT_EQ(a.source.byte_length, b.source.byte_length);
      EXPECT_EQ(a.source.line, b.source.line);
      EXPECT_EQ(a.source.game_index, b.source.game_index);
      EXPECT_EQ(a.saved_profile_id, b.saved_profile_id);
      EXPECT_FALSE(b.has_errors()) << p;
    }
    EXPECT_EQ(write_gib(back, GibWriteOptions{}), write_gib(games, GibWriteOptions{})) << p;
    // json -> json and jsonl -> json are stable (diagnostics are not part of the record:
    // a .gib reader's warnings do not come back from JSON).
    JsonWriteOptions no_diagnostics;
    no_diagnostics.diagnostics = false;
    const std::string plain = write_json(games, no_diagnostics);
    EXPECT_TRUE(write_json(back, no_diagnostics) == plain) << p;
    EXPECT_TRUE(write_json(load_json(write_jsonl(games)), no_diagnostics) == plain) << p;
    games_total += static_cast<int>(games.size());
  }
  EXPECT_GE(games_total, 84);
}

// Issue 19 item 9: JSON Lines are compact (the moves once, no board positions) and still
// lossless; the --positions form reads back to the same games too.
TEST(JsonCorpus, CompactJsonLinesAtMostThreeTimesTheGibAndBothFormsReadBack) {
  std::size_t gib_bytes = 0, jsonl_bytes = 0, full_bytes = 0;
  JsonWriteOptions with_positions;
  with_positions.positions = true;
  for (const fs::path& p : corpus_files()) {
    gib_bytes += fs::file_size(p);
    const auto games = load_gib(p);
    const std::string compact = write_jsonl(games), full = write_jsonl(games, with_positions);
    // At most 3 times the .gib for every file, the one of ten very short games too (its
    // header dominates), the record itself: its derived opening aside.
    EXPECT_LE(size_without_openings(compact), 3 * fs::file_size(p)) << p << ": " << compact.size() << " bytes of JSON Lines";
    EXPECT_LT(size_without_openings(compact), compact.size());
    jsonl_bytes += compact.size();
    full_bytes += full.size();
    expect_schema_valid(full, p.filename().string() + " (positions)");
    const auto a = load_json(compact), b = load_json(full);
    ASSERT_EQ(a.size(), games.size()) << p;
    ASSERT_EQ(b.size(), games.size()) << p;
    for (std::size_t i = 0; i < games.size(); ++i) {
      EXPECT_EQ(a[i].plies, games[i].plies) << p << " game " << i;
      EXPECT_EQ(b[i].plies, games[i].plies) << p << " game " << i;
      EXPECT_EQ(a[i].tags, games[i].tags) << p;
      EXPECT_EQ(a[i].start, games[i].start) << p;
    }
  }
  EXPECT_LE(jsonl_bytes, 3 * gib_bytes) << jsonl_bytes << " bytes of JSON Lines for " << gib_bytes << " of .gib";
  EXPECT_GT(full_bytes, 5 * jsonl_bytes);  // what the positions cost
}

// A version 2 record (written by gibo 0.1.0 before empty and default fields were left
// out: nulls, empty arrays, "at" as two numbers a ply) reads as the same games as the
// .gib files it was written from, every place of every ply included.
TEST(JsonRecord, Version2RecordsReadAsBefore) {
  const std::string v2 = slurp(GIBO_TEST_DATA "/fixtures/json/version2.jsonl");
  ASSERT_NE(v2.find("\"version\":2,"), std::string::npos);
  ASSERT_NE(v2.find("\"ruleset\":{\"profile\":null,\"bikjang\":null}"), std::string::npos);
  ASSERT_NE(v2.find("\"at\":[5,4,5,13,"), std::string::npos);
  TextFileInfo info;
  const auto back = load_json(v2, &info);
  EXPECT_TRUE(info.diagnostics.empty());
  std::vector<Game> games = load_gib(GIBO_TEST_DATA "/corpus/pobsiz_variations_yanggwima.gib");
  for (Game& g : load_gib(GIBO_TEST_DATA "/corpus/pobsiz_2010_kbs_chuseok.gib")) games.push_back(std::move(g));
  ASSERT_EQ(back.size(), games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(back[i].tags, games[i].tags) << i;
    EXPECT_EQ(back[i].start, games[i].start) << i;
    EXPECT_EQ(back[i].result_text, games[i].result_text) << i;
    EXPECT_EQ(back[i].saved_profile_id, games[i].saved_profile_id) << i;
    EXPECT_EQ(back[i].saved_bikjang_option, games[i].saved_bikjang_option) << i;
    EXPECT_EQ(back[i].plies, games[i].plies) << i;
    EXPECT_EQ(back[i].source.line, games[i].source.line) << i;
  }
  // Written again, it is the version 3 record of the .gib.
  JsonWriteOptions no_diagnostics;
  no_diagnostics.diagnostics = false;
  EXPECT_TRUE(write_jsonl(back, no_diagnostics) == write_jsonl(games, no_diagnostics));
}

// What is left out when empty or default comes back when it is not: saved rules, a Han
// first move from a custom start, header comments, a margin, a result not understood.
TEST(JsonRecord, FieldsLeftOutOnlyWhenDefault) {
  auto games = load_gib(GIBO_TEST_DATA "/corpus/pobsiz_2010_kbs_chuseok.gib");
  ASSERT_FALSE(games.empty());
  Game g = games[0];
  g.saved_profile_id = "fs-janggi";
  g.saved_bikjang_option = false;
  g.header_comments = {"a comment"};
  g.result_text = "무슨 결과";
  g.start = decltype(g.start){};  // a custom start is its FEN alone
  g.start.custom = true;
  g.start.fen = "4k4/9/9/9/9/9/9/9/4K4/9 b - - 0 1";
  g.start.first_to_move = Side::Han;
  const std::string text = write_jsonl({g});
  expect_schema_valid(text, "non-default record");
  const auto v = json::parse(text);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->find("ruleset")->find("profile")->as_string(), "fs-janggi");
  EXPECT_FALSE(v->find("ruleset")->find("bikjang")->as_bool());
  EXPECT_FALSE(v->find("result")->find("recognised")->as_bool());
  EXPECT_EQ(v->find("start")->find("first_to_move")->as_string(), "han");
  EXPECT_TRUE(v->find("start")->find("custom")->as_bool());
  TextFileInfo info;
  std::vector<Game> back;
  read_json(text, TextReadOptions{}, info, [&](Game&& b) { back.push_back(std::move(b)); });
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].saved_profile_id, g.saved_profile_id);
  EXPECT_EQ(back[0].saved_bikjang_option, g.saved_bikjang_option);
  EXPECT_EQ(back[0].header_comments, g.header_comments);
  EXPECT_EQ(back[0].result_text, g.result_text);
  EXPECT_EQ(back[0].start, g.start);
  // A point win's margin is written; no result at all is "pgn":"*" and nothing else.
  g.result_text = "초 2.5점승";
  EXPECT_NE(write_jsonl({g}).find("\"margin_half_points\":5"), std::string::npos);
  g.has_result = false;
  g.result_text.clear();
  const std::string none = write_jsonl({g});
  EXPECT_NE(none.find("\"result\":{\"winner\":\"unknown\",\"method\":\"none\",\"pgn\":\"*\"}"), std::string::npos) << none;
  back.clear();
  read_json(none, TextReadOptions{}, info, [&](Game&& b) { back.push_back(std::move(b)); });
  ASSERT_EQ(back.size(), 1u);
  EXPECT_FALSE(back[0].has_result);
}

TEST(JsonRecord, FieldsOfOneGame) {
  const auto games = load_gib(GIBO_TEST_DATA "/corpus/pobsiz_2010_kbs_chuseok.gib");
  ASSERT_FALSE(games.empty());
  const std::string text = write_jsonl({games[0]});
  auto v = json::parse(text);
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->find("format")->as_string(), "gibo-game");
  EXPECT_EQ(v->find("tags")->items()[0].items()[0].as_string(), "대회명");  // compact: [name, value]
  EXPECT_EQ(v->find("version")->as_int(), 3);
  // Empty and default fields are left out: no header comments, no saved rules, no
  // diagnostics, Cho first, a standard start, no margin, a result understood.
  for (const char* absent : {"header_comments", "ruleset", "diagnostics"}) EXPECT_EQ(v->find(absent), nullptr) << absent;
  EXPECT_EQ(v->find("start")->find("custom"), nullptr);
  EXPECT_EQ(v->find("start")->find("first_to_move"), nullptr);
  EXPECT_EQ(v->find("result")->find("margin_half_points"), nullptr);
  EXPECT_EQ(v->find("result")->find("recognised"), nullptr);
  const Value* start = v->find("start");
  EXPECT_EQ(start->find("cho_setup")->as_string(), "HEHE");
  EXPECT_EQ(start->find("fen"), nullptr);  // the setups state it
  const Value* result = v->find("result");
  EXPECT_EQ(result->find("text")->as_string(), "초 완승");
  EXPECT_EQ(result->find("winner")->as_string(), "cho");
  EXPECT_EQ(result->find("method")->as_string(), "outright");
  EXPECT_EQ(result->find("pgn")->as_string(), "1-0");
  // Compact plies: the moves once, in UCI; the record's texts and claims as columns.
  EXPECT_EQ(v->find("plies"), nullptr);
  EXPECT_EQ(v->find("moves")->as_string().substr(0, 10), "i4h4 a7b7 ");
  EXPECT_EQ(v->find("texts")->items()[0].as_string(), "79楚卒78");
  EXPECT_EQ(v->find("claims")->as_string().substr(0, 4), "scc ");  // soldier, 楚, 卒 (Cho's letter)
  // "at": [line, column, column, ...] for each run of plies on one line.
  const Value& run = v->find("at")->items()[0];
  ASSERT_TRUE(run.is_array());
  EXPECT_EQ(run.items()[0].as_int(), 13);  // line 13
  EXPECT_EQ(run.items()[1].as_int(), 4);   // ply 1 at column 4
  EXPECT_EQ(run.items()[2].as_int(), games[0].plies[1].column);

  // --positions: one object a ply with the board's view and the FEN after it.
  JsonWriteOptions with_positions;
  with_positions.positions = true;
  std::string full;
  json::Writer w(full);
  write_json_game(w, games[0], with_positions);
  v = json::parse(full);
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->find("tags")->items()[0].find("name")->as_string(), "대회명");
  EXPECT_EQ(v->find("start")->find("fen")->as_string(),
            "rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 1");
  const Value& ply1 = v->find("plies")->items()[0];
  EXPECT_EQ(ply1.find("fen")->as_string(), "rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1PP1/1C5C1/4K4/RNBA1ANBR b - - 1 1");
  EXPECT_EQ(ply1.find("uci")->as_string(), "i4h4");
  EXPECT_EQ(ply1.find("san")->as_string(), "Pih4");
  EXPECT_EQ(ply1.find("piece")->as_string(), "soldier");
  EXPECT_EQ(ply1.find("recorded")->find("text")->as_string(), "79楚卒78");
  EXPECT_EQ(ply1.find("recorded")->find("side_mark")->as_string(), "cho");
  EXPECT_EQ(v->find("valid_plies")->as_int(), 107);
  EXPECT_EQ(v->find("source")->find("file")->as_string(), "pobsiz_2010_kbs_chuseok.gib");
}

TEST(JsonRecord, PgnGamesAndBrokenGamesFitTheSchema) {
  // PGN games (passes, comments, times, custom start) and a game that does not replay.
  PgnReadOptions po;
  std::vector<Game> games;
  for (const char* name : {"comments.pgn", "han_first.pgn", "many_games.pgn", "illegal_move.pgn", "bad_fen.pgn"}) {
    auto read = read_pgn(slurp(fs::path(GIBO_TEST_DATA "/fixtures/pgn") / name), po);
    replay_all(read);
    for (Game& g : read) games.push_back(std::move(g));
  }
  auto gib_broken = load_gib(GIBO_TEST_DATA "/fixtures/gib/illegal_move.gib");
  for (Game& g : gib_broken) games.push_back(std::move(g));
  const std::string text = write_jsonl(games);
  expect_schema_valid(text, "pgn and broken games");
  const auto back = load_json(text);
  ASSERT_EQ(back.size(), games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(back[i].tags, games[i].tags) << i;
    EXPECT_EQ(back[i].start, games[i].start) << i;
    EXPECT_EQ(back[i].plies.size(), games[i].plies.size()) << i;
    for (std::size_t k = 0; k < games[i].plies.size(); ++k) {
      EXPECT_EQ(back[i].plies[k].move, games[i].plies[k].move) << i << " ply " << k;
      EXPECT_EQ(back[i].plies[k].seconds, games[i].plies[k].seconds);
      EXPECT_EQ(back[i].plies[k].comments, games[i].plies[k].comments);
    }
  }
  // The game whose moves do not replay keeps its recorded squares.
  EXPECT_EQ(back.back().plies.size(), 107u);
  EXPECT_EQ(back.back().valid_plies, 0);
  // PGN tags written from the JSON equal those written from the PGN game itself.
  EXPECT_EQ(write_pgn({back[0]}), write_pgn({games[0]}));
}

TEST(JsonReader, BadInputBecomesDiagnostics) {
  TextFileInfo info;
  const std::string lines = write_jsonl(load_gib(GIBO_TEST_DATA "/corpus/pobsiz_2010_kbs_chuseok.gib"));
  const std::string text = lines + "{\"tags\": [}\n" + "{\"hello\": 1}\n" + lines;
  const auto games = load_json(text, &info);
  ASSERT_EQ(info.diagnostics.size(), 1u);
  EXPECT_EQ(place(info.diagnostics[0]), "bad-json 2:11");
  ASSERT_EQ(games.size(), 3u);  // the record after the broken line, and the not-a-game object
  EXPECT_EQ(games[1].diagnostics[0].code, "bad-record");
  EXPECT_EQ(games[2].plies.size(), 107u);
  // A hand-written record: just squares, the derived fields fill in the rest.
  const auto hand = load_json(
      R"({"tags":[{"name":"Event","value":"x"}],"start":{"custom":false,"cho_setup":"마상마상","han_setup":"EHHE"},)"
      R"("plies":[{"uci":"b1c3","piece":"horse"},{"pass":true},{"from":"g1","to":"f3","piece":"horse"}]})");
  ASSERT_EQ(hand.size(), 1u);
  EXPECT_EQ(hand[0].start.cho, Setup::HEHE);
  EXPECT_FALSE(hand[0].has_errors()) << (hand[0].diagnostics.empty() ? "" : format_diagnostic(hand[0].diagnostics[0]));
  EXPECT_EQ(hand[0].valid_plies, 3);
}

}  // namespace
}  // namespace gibo
