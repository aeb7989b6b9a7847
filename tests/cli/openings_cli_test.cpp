// Opening names where users look (issue 33), through the real gibo binary: validate names
// each game (text with --list-openings, JSON Lines always), show prints the opening with its
// evidence, PGN gets [Opening] and [OpeningCode], JSON "opening"; a user's book adds names
// without a rebuild, a bad row is refused with its file, line and column.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_gibo.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

const std::string kTyson = kCorpus + "/pobsiz_tyson_mgame.gib";
const std::string kStudy = kCorpus + "/pobsiz_variations_yanggwima.gib";

TEST(OpeningsCli, ValidateNamesEachGame) {
  const Result r = run_gibo({"validate", "--list-openings", kTyson});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, kTyson + ":1: opening EHEH,HEEH:GL+MP:WA+MP: corner horse (left), face cannon vs "
                                       "mandarin-duck horses, face cannon\n"))
      << r.out;
  EXPECT_EQ(count(r.out, ": opening "), 10);
  // Without the option, text stays as it was: diagnostics and summaries only.
  EXPECT_FALSE(contains(run_gibo({"validate", kTyson}).out, ": opening "));
  const Result study = run_gibo({"validate", "--list-openings", kStudy});
  EXPECT_EQ(count(study.out, ":YG-MJ: "), 10) << study.out;
  EXPECT_EQ(count(study.out, "face cannon vs face cannon: both-corner horses giving the face soldier\n"), 10);
  const Result jsonl = run_gibo({"validate", "--format", "jsonl", kTyson});
  EXPECT_TRUE(contains(jsonl.out, "\"opening\":{\"code\":\"EHEH,HEEH:GL+MP:WA+MP\",\"korean\":\"귀마(왼쪽)·면포 대 "
                                  "원앙마·면포\",\"english\":\"corner horse (left), face cannon vs mandarin-duck horses, "
                                  "face cannon\",\"plies\":[19,5,14,4]}"))
      << jsonl.out.substr(0, 600);
  const Result korean = run_gibo({"--lang", "ko", "validate", "--list-openings", kTyson});
  EXPECT_TRUE(contains(korean.out, kTyson + ":1: 포진 EHEH,HEEH:GL+MP:WA+MP: 귀마(왼쪽)·면포 대 원앙마·면포\n")) << korean.out;
}

TEST(OpeningsCli, ShowPrintsTheOpeningWithItsEvidence) {
  const Result r = run_gibo({"show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib@0"});
  ASSERT_EQ(r.status, 0) << r.err;
  expect_words(r.out,
               {"opening HEHE,HEHE:GR+MP:GL+MP: corner horse (right), face cannon vs corner horse (left), face cannon; "
                "offset elephants\n",
                "  마상마상 / 마상마상 (Cho 오른상*, Han 왼상*; 엇상) *disputed name\n",
                "  Cho: corner horse (right) from ply 11, face cannon from ply 5; Han: corner horse (left) from ply 8, face "
                "cannon from ply 6\n"},
               {}, "show");
  const Result ko = run_gibo({"--lang", "ko", "show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib@0"});
  expect_words(ko.out,
               {"포진 HEHE,HEHE:GR+MP:GL+MP: 귀마(오른쪽)·면포 대 귀마(왼쪽)·면포 (엇상)", "(초 오른상*, 한 왼상*; 엇상) *이견 있는 이름",
                "초: 귀마(오른쪽)(11수째부터), 면포(5수째부터); 한: 귀마(왼쪽)(8수째부터), 면포(6수째부터)"},
               {"corner horse", "from ply"}, "show --lang ko");
  // A game from a position of its own names nothing but that.
  const Result custom = run_gibo({"show", kCorpus + "/pobsiz_kakao001_g000-001.gib:1@0"});
  EXPECT_TRUE(contains(custom.out, "opening other: other start\n")) << custom.out;
  // The viewer page names it too.
  const Result page = run_gibo({"show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib", "--format", "html"});
  EXPECT_TRUE(contains(page.out, "HEHE,HEHE:GR+MP:GL+MP: corner horse (right)")) << page.out.substr(0, 400);
}

TEST(OpeningsCli, PgnAndJsonCarryTheOpening) {
  const Result pgn = run_gibo({"convert", kTyson, "--to", "pgn"});
  ASSERT_EQ(pgn.status, 0) << pgn.err;
  EXPECT_TRUE(contains(pgn.out, "[SetUp \"1\"]\n[Opening \"귀마(왼쪽)·면포 대 원앙마·면포\"]\n"
                                "[OpeningCode \"EHEH,HEEH:GL+MP:WA+MP\"]\n"))
      << pgn.out.substr(0, 600);
  EXPECT_FALSE(contains(pgn.out, "[ECO"));
  // Back to .gib, the two tags are left out (the PGN writer names the opening again), and
  // a PGN gibo wrote, converted again, keeps its own: no tag twice.
  TempDir dir;
  const fs::path p = dir.path() / "t.pgn";
  write_file(p, pgn.out);
  const Result gib = run_gibo({"convert", p.string(), "--to", "gib"});
  EXPECT_FALSE(contains(gib.out, "Opening")) << gib.out.substr(0, 400);
  const Result again = run_gibo({"convert", p.string(), "--to", "pgn"});
  EXPECT_EQ(count(again.out, "[Opening \""), 10);
  EXPECT_EQ(count(again.out, "[OpeningCode \""), 10);
  const Result json = run_gibo({"convert", kStudy, "--to", "jsonl"});
  EXPECT_EQ(count(json.out, ":MP:YG-MJ\",\"korean\":\""), 10) << json.out.substr(0, 600);
}

TEST(OpeningsCli, AUsersBookAddsNamesWithoutARebuild) {
  TempDir dir;
  const fs::path book = dir.path() / "mine.tsv";
  // The first six plies of the KBS game, a name of one's own, and a row no game can match.
  write_file(book, "line\tMY-KBS\t첫 수순\tmy first moves\tHEHE,HEHE: i4h4 a7b7 b1c3 b10c8 b3e3 b8e8\tme\n"
                   "formation\tXA\t가\tx\tadvisor on 75\tme\n");
  const Result r =
      run_gibo({"validate", "--list-openings", "--opening-book", book.string(), kCorpus + "/pobsiz_2010_kbs_chuseok.gib"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "HEHE,HEHE:GR+MP:GL+MP:MY-KBS: ")) << r.out;
  EXPECT_TRUE(contains(r.err, book.string() + ":2:18: warning[unreachable-opening-row]: no game can match XA")) << r.err;
  const Result show = run_gibo({"show", "--opening-book", book.string(), kCorpus + "/pobsiz_2010_kbs_chuseok.gib"});
  EXPECT_TRUE(contains(show.out, "line: my first moves from ply 6")) << show.out;
  const Result pgn =
      run_gibo({"convert", "--opening-book", book.string(), kCorpus + "/pobsiz_2010_kbs_chuseok.gib", "--to", "pgn"});
  EXPECT_TRUE(contains(pgn.out, "[OpeningCode \"HEHE,HEHE:GR+MP:GL+MP:MY-KBS\"]")) << pgn.out.substr(0, 600);
}

TEST(OpeningsCli, ABadBookIsRefusedWithItsPlace) {
  TempDir dir;
  const fs::path book = dir.path() / "bad.tsv";
  write_file(book, "# mine\nline\tMY\t가\tx\tHEHE,HEHE: i4h4 i4h4\tme\nformation\tGL\t가\tx\tcannon on 85\tme\n");
  for (const char* command : {"validate", "show", "convert"}) {
    std::vector<std::string> args = {command, "--opening-book", book.string(), kCorpus + "/pobsiz_2010_kbs_chuseok.gib"};
    if (std::string(command) == "convert") args.insert(args.end(), {"--to", "pgn"});
    const Result r = run_gibo(args);
    EXPECT_EQ(r.status, 2) << command << r.err;
    EXPECT_TRUE(contains(r.err, book.string() + ":2:29: error[bad-opening-row]: ply 2:")) << command << r.err;
    EXPECT_TRUE(contains(r.err, book.string() + ":3:11: error[bad-opening-row]: the code GL is already in the book"))
        << r.err;
    EXPECT_TRUE(r.out.empty()) << command << r.out;
  }
  const Result missing = run_gibo({"validate", "--opening-book", (dir.path() / "none.tsv").string(), kTyson});
  EXPECT_EQ(missing.status, 3) << missing.err;
  EXPECT_TRUE(contains(missing.err, "none.tsv")) << missing.err;
}

}  // namespace
