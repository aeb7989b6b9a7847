// Issue 19 item 9 through the real gibo binary: `export --to jsonl` and `convert --to
// jsonl` write compact records (at most 3 times the .gib), which import back as the same
// games; --positions adds the board's view of every ply.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_gibo.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

TEST(JsonLinesSize, ExportAndConvertAreCompactAndImportBack) {
  std::uintmax_t gib_bytes = 0;
  for (const auto& e : fs::directory_iterator(kCorpus))
    if (e.path().extension() == ".gib") gib_bytes += fs::file_size(e.path());
  TempDir dir;
  const fs::path db = dir.path() / "corpus.db", again = dir.path() / "again.db";
  ASSERT_EQ(run_gibo({"import", "--db", db.string(), kCorpus}).status, 0);
  const fs::path jsonl = dir.path() / "all.jsonl";
  const Result exported = run_gibo({"export", "--db", db.string(), "--to", "jsonl", "-o", jsonl.string()});
  ASSERT_EQ(exported.status, 0) << exported.err;
  EXPECT_LE(fs::file_size(jsonl), 3 * gib_bytes) << fs::file_size(jsonl) << " bytes for " << gib_bytes << " of .gib";
  const Result converted = run_gibo({"convert", kCorpus, "--to", "jsonl"});
  ASSERT_EQ(converted.status, 0) << converted.err;
  EXPECT_LE(converted.out.size(), 3 * gib_bytes);
  // Read back by import: the same games (the archive's own gib export is the same).
  ASSERT_EQ(run_gibo({"import", "--db", again.string(), jsonl.string()}).status, 0);
  const Result a = run_gibo({"export", "--db", db.string(), "--to", "gib"});
  const Result b = run_gibo({"export", "--db", again.string(), "--to", "gib"});
  ASSERT_EQ(a.status, 0);
  ASSERT_EQ(b.status, 0);
  EXPECT_TRUE(a.out == b.out);
  // --positions: one object a ply with its FEN, read back as the same games too.
  const Result full = run_gibo({"convert", kCorpus, "--to", "jsonl", "--positions"});
  ASSERT_EQ(full.status, 0) << full.err;
  EXPECT_GT(full.out.size(), 5 * converted.out.size());
  EXPECT_NE(full.out.find("\"fen\":\""), std::string::npos);
  const fs::path full_file = dir.path() / "full.jsonl";
  ASSERT_EQ(run_gibo({"convert", kCorpus, "--to", "jsonl", "--positions", "-o", full_file.string()}).status, 0);
  const Result from_full = run_gibo({"convert", full_file.string(), "--to", "gib"});
  const Result from_gib = run_gibo({"convert", kCorpus, "--to", "gib"});
  EXPECT_TRUE(from_full.out == from_gib.out);
}

// JSON Lines without each record's "diagnostics" (its last field, written for
// information and not read back: a .gib reader's warnings do not come back from JSON).
std::string without_diagnostics(const std::string& jsonl) {
  std::string out;
  std::size_t from = 0;
  while (from < jsonl.size()) {
    std::size_t end = jsonl.find('\n', from);
    if (end == std::string::npos) end = jsonl.size();
    std::string line = jsonl.substr(from, end - from);
    const std::size_t d = line.find(",\"diagnostics\":[");
    if (d != std::string::npos) line = line.substr(0, d) + "}";
    out += line + "\n";
    from = end + 1;
  }
  return out;
}

// The bar holds for every corpus file, not only for the sum: each file's JSON Lines (its
// name as given, from its folder), its openings aside, is at most 3 times its .gib, and reads back as the same
// games: the .gib written from it is the .gib written from the file, and JSON Lines
// written again from it are the same bytes.
TEST(JsonLinesSize, EveryCorpusFileAtMostThreeTimesAndLossless) {
  TempDir dir;
  int files = 0;
  for (const auto& e : fs::directory_iterator(kCorpus)) {
    if (e.path().extension() != ".gib") continue;
    const std::string name = e.path().filename().string();
    const Result jsonl = run_gibo_in(kCorpus, {"convert", name, "--to", "jsonl"});
    ASSERT_EQ(jsonl.status, 0) << name << ": " << jsonl.err;
    EXPECT_LE(size_without_openings(jsonl.out), 3 * fs::file_size(e.path()))
        << name << ": " << jsonl.out.size() << " bytes for " << fs::file_size(e.path());
    const fs::path written = dir.path() / (name + ".jsonl");
    ASSERT_EQ(run_gibo_in(kCorpus, {"convert", name, "--to", "jsonl", "-o", written.string()}).status, 0);
    const Result again = run_gibo({"convert", written.string(), "--to", "jsonl"});
    EXPECT_EQ(again.status, 0) << name << ": " << again.err;
    EXPECT_TRUE(without_diagnostics(again.out) == without_diagnostics(jsonl.out)) << name;
    const Result gib_from_json = run_gibo({"convert", written.string(), "--to", "gib"});
    const Result gib_from_gib = run_gibo_in(kCorpus, {"convert", name, "--to", "gib"});
    EXPECT_TRUE(gib_from_json.out == gib_from_gib.out) << name;
    ++files;
  }
  EXPECT_GE(files, 40);
}

}  // namespace
