// Writing an output file (gibo/formats/output_file.h, protected_files.h): complete or absent,
// never over a protected file, also reached by another name; the write-loss warnings.
#include "gibo/formats/output_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "gibo/formats/game_writer.h"
#include "gibo/formats/protected_files.h"

namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("gibo-output-file-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(OutputFile, AppearsOnlyWhenCommittedAndLeavesNoTemporaryWhenDropped) {
  const fs::path dir = fresh_dir("commit");
  const fs::path target = dir / "out.txt";
  {
    gibo::OutputFile out;
    ASSERT_FALSE(out.open(target.string(), false));
    out.stream() << "abandoned";
  }  // destroyed uncommitted
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(fs::is_empty(dir));  // no temporary left either
  gibo::OutputFile out;
  ASSERT_FALSE(out.open(target.string(), false));
  out.stream() << "a\x1b[31m";
  EXPECT_FALSE(fs::exists(target));  // not before commit
  ASSERT_FALSE(out.commit());
  EXPECT_EQ(read_all(target), "a\x1b[31m");  // for programs: exactly as written
  gibo::OutputFile shown;
  ASSERT_FALSE(shown.open(target.string(), true));
  shown.stream() << "a\x1b[31m";
  ASSERT_FALSE(shown.commit());
  EXPECT_NE(read_all(target), "a\x1b[31m");  // for people: the ESC made visible
  EXPECT_EQ(read_all(target).find('\x1b'), std::string::npos);
  fs::remove_all(dir);
}

TEST(OutputFile, SaysWhyItCannotCreateOrWrite) {
  const fs::path dir = fresh_dir("errors");
  gibo::OutputFile out;
  const auto error = out.open(dir.string(), false);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->message, dir.string() + ": cannot create: it is a directory");
  const auto missing = out.open((dir / "no" / "such" / "x").string(), false);
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->message.find(": cannot create: "), std::string::npos);
  if (fs::exists("/dev/full")) {  // a device is written in place, and its failure reported
    gibo::OutputFile full;
    ASSERT_FALSE(full.open("/dev/full", false));
    full.stream() << std::string(1 << 17, 'x');
    const auto failed = full.commit();
    ASSERT_TRUE(failed);
    EXPECT_EQ(failed->message.rfind("/dev/full: write error: ", 0), 0u) << failed->message;
  }
  fs::remove_all(dir);
}

TEST(ProtectedFiles, RefusesAnInputOrAnArchiveByAnyName) {
  const fs::path dir = fresh_dir("protect");
  const fs::path input = dir / "in.gib";
  std::ofstream(input) << "x";
  fs::create_hard_link(input, dir / "link.gib");
  gibo::ProtectedFiles p;
  p.add_input(input.string());
  p.add_input("-");  // standard input: nothing to protect
  p.add_archive_files((dir / "a.db").string());
  EXPECT_FALSE(p.conflict((dir / "other.gib").string()));
  EXPECT_FALSE(p.conflict("-"));
  const auto same = p.conflict((dir / "link.gib").string());
  ASSERT_TRUE(same);
  EXPECT_EQ(same->message, "refusing to overwrite the input " + input.string() + " with the output " +
                               (dir / "link.gib").string());
  const auto wal = p.conflict((dir / "sub" / ".." / "a.db-wal").string());  // missing, named otherwise
  ASSERT_TRUE(wal);
  EXPECT_NE(wal->message.find("the archive " + (dir / "a.db").string()), std::string::npos);
  // An archive written over an input: the database file or any companion.
  gibo::ProtectedFiles inputs;
  inputs.add_input((dir / "b.db-journal").string());
  EXPECT_TRUE(inputs.archive_conflict((dir / "b.db").string()));
  EXPECT_FALSE(inputs.archive_conflict((dir / "c.db").string()));
  fs::remove_all(dir);
}

TEST(WriteLossWarnings, NameWhatWasLostAtTheGamesSource) {
  gibo::Game g;
  g.source.file = "in.pgn";
  g.source.line = 7;
  g.source.game_index = 2;
  gibo::WriteOptions o;
  o.format = gibo::Format::Gib;
  o.gib_encoding = gibo::text::Encoding::Cp949;
  EXPECT_TRUE(gibo::write_loss_warnings(g, {}, o).empty());
  gibo::WriteLoss loss;
  loss.unencodable = 1;
  loss.renamed_tags = 2;
  const auto ws = gibo::write_loss_warnings(g, loss, o);
  ASSERT_EQ(ws.size(), 2u);
  EXPECT_EQ(ws[0].code, "unencodable-text");
  EXPECT_EQ(ws[0].severity, gibo::Severity::Warning);
  EXPECT_EQ(ws[0].file, "in.pgn");
  EXPECT_EQ(ws[0].line, 7);
  EXPECT_EQ(ws[0].game, 2);
  EXPECT_NE(ws[0].message.find("1 character cannot be written in "), std::string::npos);
  EXPECT_EQ(ws[1].code, "renamed-tag");
  EXPECT_EQ(ws[1].message.rfind("2 tag names cannot stand", 0), 0u);
}

}  // namespace
