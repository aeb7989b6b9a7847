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
  for (const char* korean : {"인수:", "옵션:", "작업 스레드 (기본 1)", "하위까지 찾음", "이 도움말 보기", "종료 상태"})
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
  const std::string db = (dir.path() / "a.sqlite").string();
  with_env(env, {"import", "--db", db, data + "/corpus"});
  with_env(env, {"explore", "--db", db});
  with_env(env, {"explore", "--db", db, "--setup", "HEHE,HEHE"});
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
