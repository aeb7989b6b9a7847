// Languages: a Korean locale (LANG=ko_KR.UTF-8, also without that locale installed) or
// --lang ko gives Korean help from the message catalogue (po/ko.po); --lang en and
// other locales English; a bad --lang is a usage error.
#include <gtest/gtest.h>

#include <fstream>

#include "run_gibo.h"

namespace {

using namespace gibo::testing;

Result with_env(const std::string& env, const std::vector<std::string>& args) {
  return run_gibo_in("", args, "", "", "unset LANGUAGE LC_ALL LC_MESSAGES LANG; export " + env + ";");
}

TEST(Languages, AKoreanLocalePrintsKoreanHelp) {
  const Result ko = with_env("LANG=ko_KR.UTF-8", {"help"});
  ASSERT_EQ(ko.status, 0) << ko.err;
  EXPECT_NE(ko.out.find("gibo: 장기 기보 도구"), std::string::npos) << ko.out;
  EXPECT_NE(ko.out.find("명령:"), std::string::npos);
  EXPECT_NE(ko.out.find("기록보관소를 로컬 웹 앱으로"), std::string::npos);  // serve's summary
  EXPECT_NE(ko.out.find("종료 상태"), std::string::npos);
  EXPECT_EQ(ko.out.find("commands:"), std::string::npos);
  const Result option = with_env("LANG=C.UTF-8", {"--lang", "ko", "help"});
  EXPECT_EQ(option.out, ko.out);
  const Result en = with_env("LANG=ko_KR.UTF-8", {"--lang=en", "help"});
  EXPECT_NE(en.out.find("gibo: Janggi (Korean chess) game records"), std::string::npos) << en.out;
  EXPECT_NE(en.out.find("commands:"), std::string::npos);
  const Result c = with_env("LANG=C", {"help"});
  EXPECT_EQ(c.out, en.out);
  EXPECT_EQ(run_gibo({"--lang", "fr", "help"}).status, 2);
}

}  // namespace

namespace {

// Korean everywhere a person reads: a command's --help, a diagnostic's message (its code
// and severity unchanged), the summaries with thousands separators, the stats text report.
TEST(Languages, HelpDiagnosticsSummariesAndReportsAreKorean) {
  const Result help = with_env("LANG=ko_KR.UTF-8", {"validate", "--help"});
  ASSERT_EQ(help.status, 0) << help.err;
  EXPECT_EQ(help.out.rfind("사용법: gibo validate ", 0), 0u) << help.out;
  for (const char* korean : {"인수:", "옵션:", "작업 스레드 (기본 1)", "하위까지 찾음", "이 도움말과 명령의 설명", "종료 상태"})
    EXPECT_NE(help.out.find(korean), std::string::npos) << korean << "\n" << help.out;
  for (const char* english : {"worker threads", "arguments:", "options:", "show this help"})
    EXPECT_EQ(help.out.find(english), std::string::npos) << english << "\n" << help.out;
  EXPECT_EQ(with_env("LANG=C", {"validate", "--help"}).out.find("worker threads (default 1)") == std::string::npos, false);

  const std::string fixtures = std::string(GIBO_TEST_DATA) + "/fixtures/gib/";
  const Result bad = with_env("LANG=ko_KR.UTF-8", {"validate", fixtures + "illegal_move.gib"});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.out.find("error[bad-movement]: 초 차는 a1에서 a5(으)로 갈 수 없음 (1수째)"), std::string::npos) << bad.out;
  const Result pass = with_env("LANG=ko_KR.UTF-8", {"validate", fixtures + "pass_in_check.gib"});
  EXPECT_NE(pass.out.find("error[illegal-pass]: 초 쪽은 여기서 한수쉼을 할 수 없음 (장군을 받은 상태); kjf-site (가정: 그 규칙에는 언급이 없음) 규칙으로는"),
            std::string::npos)
      << pass.out;
  const Result english = with_env("LANG=C", {"validate", fixtures + "illegal_move.gib"});
  EXPECT_NE(english.out.find("error[bad-movement]: Cho chariot cannot move from a1 to a5"), std::string::npos);
  const Result rescore = with_env("LANG=ko_KR.UTF-8", {"rescore", fixtures + "illegal_move.gib"});
  EXPECT_NE(rescore.out.find("요약: 대국 1, 맞음 0, 어긋남 0"), std::string::npos) << rescore.out;
  // Machine output stays English.
  const Result jsonl = with_env("LANG=ko_KR.UTF-8", {"validate", "--format", "jsonl", fixtures + "illegal_move.gib"});
  EXPECT_NE(jsonl.out.find("\"message\":\"Cho chariot cannot move from a1 to a5"), std::string::npos) << jsonl.out;

  const std::string corpus = std::string(GIBO_TEST_DATA) + "/corpus";
  const Result summary = with_env("LANG=ko_KR.UTF-8", {"validate", corpus});
  EXPECT_NE(summary.out.find("요약: 파일 40, 대국 84, 수 8,329, 올바름 84, 거부 0"), std::string::npos) << summary.out;
  EXPECT_NE(with_env("LANG=C", {"validate", corpus}).out.find("summary: 40 files, 84 games, 8,329 plies"), std::string::npos);

  const Result stats = with_env("LANG=ko_KR.UTF-8", {"stats", corpus});
  for (const char* korean : {"== 개요 ==", "대국장소, 대국이 많은 순", "저장된 결과", "초 승", "외통", "차림: 대국 수와 초의 승률",
                             "포진: 가장 많이 둔 첫 수들"})
    EXPECT_NE(stats.out.find(korean), std::string::npos) << korean << "\n" << stats.out;
  EXPECT_EQ(stats.out.find("Stored results"), std::string::npos);
  // CSV and JSON stay English.
  const Result csv = with_env("LANG=ko_KR.UTF-8", {"stats", "--format", "json", corpus});
  EXPECT_NE(csv.out.find("\"title\""), std::string::npos);
  EXPECT_EQ(csv.out.find("저장된 결과"), std::string::npos);
}

// The statistics report's page in Korean: its cards, chart labels, captions and notes,
// and none of the English ones; the English page keeps its words. Dates in the text
// report in each language's form; its stderr lines in Korean.
TEST(Languages, TheStatisticsPageAndDatesAreKorean) {
  const std::string corpus = std::string(GIBO_TEST_DATA) + "/corpus";
  const Result ko = with_env("LANG=ko_KR.UTF-8", {"stats", "--format", "html", corpus});
  ASSERT_EQ(ko.status, 0) << ko.err;
  expect_words(ko.out,
               {"<html lang=\"ko\">", "기보 통계", "오류 없이 재현됨", "원본 파일", "대국 연도", "승리 방식별", "초의 차림",
                "한의 차림", "초 승률 0%", "눈여겨볼 대국: 마지막 국면", "가장 긴 올바른 대국: 241수", "불일치 대국의 마지막 국면",
                "저장된 결과:", "판:", "gibo stats 가 만듦", "aria-label=\"저장된 결과\"", "aria-label=\"차림 승률 지도\"",
                "마상마상 대 마상마상: 대국 17, 초 10, 한 4, 무승부 1", "<title>초 차례</title>"},
               {"Game-record statistics", "replay without error", "source files", "years played", "By method", "Han's setup",
                "Cho's setup", "Cho wins 0%", "Notable games", "The longest valid game", "Final positions",
                "stored:", "board:", "Written by gibo stats", "<th>results</th>", " games, Cho ", "aria-label=\"stored results\"",
                "aria-label=\"setups heat map\"", " (Cho) vs ", "no ending on the board", " at ply ", "to move</title>"},
               "stats --format html");
  const Result en = with_env("LANG=C", {"stats", "--format", "html", corpus});
  expect_words(en.out, {"<html lang=\"en\">", "Game-record statistics", "replay without error", "Han's setup", "Written by gibo stats"},
               {"기보 통계", "오류 없이"}, "English page");

  const Result text = with_env("LANG=ko_KR.UTF-8", {"stats", corpus});
  expect_words(text.out, {"첫 날짜                       1937년\n", "마지막 날짜                   2020년 1월\n", "연도  대국", "채움 바이트를 지움 (2군데)", "적힌 총수"},
               {"first date", "2020-01\n", "year", "filler bytes", "  cho  "}, "stats text");
  expect_words(text.err, {"기보 파일이 아님 (gibo 가 읽는 형식이 아님); 읽지 않음", "파일 1개가 기보 파일이 아님; 보고서는 기보 파일 40개를 다룸"},
               {"not a game file", "the report covers"}, "stats stderr");
  const Result english = with_env("LANG=C", {"stats", corpus});
  expect_words(english.out, {"first date                 1937\n", "last date                  2020-01\n"}, {"2020년 1월"}, "English text");
}

// Messages built of messages, in Korean to the innermost: rescore's verdict line around a
// rejection's diagnostic (itself two clauses, one in parentheses), and --moves' error around
// the notation reader's; the same lines stay English in an English run.
TEST(Languages, NestedMessagesAreKoreanThroughout) {
  const std::string data = std::string(GIBO_TEST_DATA);
  const Result rescore = with_env("LANG=ko_KR.UTF-8", {"rescore", data + "/fixtures/gib/pass_in_check.gib",
                                                       data + "/corpus/pobsiz_2008_hangame_festival.gib"});
  expect_words(rescore.out,
               {"pass_in_check.gib:1: 저장된 결과 없음; janggi-gg 규칙으로는 기보가 1수째에서 거부됨 (error[illegal-pass]: 초 쪽은 여기서 "
                "한수쉼을 할 수 없음 (장군을 받은 상태); kjf-site (가정: 그 규칙에는 언급이 없음) 규칙으로는 둘 수 있음: --rules kjf-site 를 "
                "쓰세요): 올바르지 않음\n",
                "festival.gib:1: 저장된 결과 한 완승; janggi-gg 규칙으로는 128수 뒤에도 판에 끝이 없음 (초 8, 한 19.5): 확인 불가 (판에 끝이 "
                "없음; 기권이나 합의는 확인할 수 없음)\n",
                "festival.gib:5: 저장된 결과 한 완승; janggi-gg 규칙으로는 76수째에 외통(으)로 끝남, 한 승 (초 29, 한 34.5): 맞음\n"},
               {"stored result", "under janggi-gg", "no ending", "unverifiable", "invalid", "may not pass"}, "rescore");
  const Result english = with_env("LANG=C", {"rescore", data + "/corpus/pobsiz_2008_hangame_festival.gib"});
  EXPECT_NE(english.out.find("festival.gib:5: stored result 한 완승; under janggi-gg the game ends by checkmate at ply 76, "
                             "Han winning (Cho 29, Han 34.5): agrees\n"),
            std::string::npos)
      << english.out;

  gibo::testing::TempDir dir;
  const std::string db = (dir.path() / "a.sqlite").string();
  ASSERT_EQ(with_env("LANG=C", {"import", "--db", db, data + "/corpus"}).status, 0);
  const Result moves = with_env("LANG=ko_KR.UTF-8", {"explore", "--db", db, "--moves", "79졸78,11졸12"});
  EXPECT_EQ(moves.status, 2);
  expect_words(moves.err, {"gibo explore: --moves: 2수째 '11졸12': '11졸12': 11 의 기물은 P 가 아님\n"}, {"ply 2", "is no"}, "--moves");
  const Result uci = with_env("LANG=ko_KR.UTF-8", {"search", "--db", db, "--moves", "z9z9"});
  expect_words(uci.err, {"1수째 'z9z9': 'z9z9': UCI (c4c5, 한수쉼은 e2e2), 한국식 기보"}, {"expected a move"}, "search --moves");
  EXPECT_NE(with_env("LANG=C", {"search", "--db", db, "--moves", "z9z9"}).err.find("--moves: ply 1 'z9z9': 'z9z9': expected a move"),
            std::string::npos);
}

// Every msgid a run asks for in Korean (each command's help, the reports and
// diagnostics of the test data) has a Korean translation (GIBO_I18N_LOG, i18n.h).
TEST(Languages, TheKoreanCatalogueTranslatesEveryMessageUsed) {
  gibo::testing::TempDir dir;
  const std::string log = (dir.path() / "msgids.log").string();
  const std::string env = "LANG=ko_KR.UTF-8 GIBO_I18N_LOG=" + log;
  const std::string data = std::string(GIBO_TEST_DATA);
  with_env(env, {"help"});
  for (const char* c : {"perft", "rules", "validate", "convert", "show", "stats", "import", "export", "rescore", "explore",
                        "search", "analyze", "serve"})
    EXPECT_EQ(with_env(env, {c, "--help"}).status, 0) << c;
  with_env(env, {"validate", data + "/fixtures", data + "/corpus"});
  with_env(env, {"stats", data + "/corpus"});
  with_env(env, {"stats", "--format", "html", data + "/corpus"});
  with_env(env, {"rescore", data + "/corpus", data + "/fixtures/gib"});
  with_env(env, {"show", data + "/corpus/pobsiz_2010_kbs_chuseok.gib@107", "--moves"});
  with_env(env, {"show", data + "/corpus/pobsiz_2010_kbs_chuseok.gib", "--format", "html", "-o", (dir.path() / "g.html").string()});
  const std::string db = (dir.path() / "a.sqlite").string();
  with_env(env, {"import", "--db", db, data + "/corpus"});
  with_env(env, {"explore", "--db", db});
  with_env(env, {"explore", "--db", db, "--setup", "HEHE,HEHE"});
  with_env(env, {"explore", "--db", db, "--setup", "HEHE,HEHE", "--format", "html"});
  with_env(env, {"search", "--db", db, "--setup", "HEHE,HEHE"});
  std::ifstream in(log);
  std::string line, missing;
  long asked = 0;
  while (std::getline(in, line)) {
    ++asked;
    if (line.rfind("missing\t", 0) == 0) missing += line.substr(8) + "\n";
  }
  EXPECT_GT(asked, 300);
  EXPECT_EQ(missing, "") << "msgids without a Korean translation in po/ko.po";
}

}  // namespace
