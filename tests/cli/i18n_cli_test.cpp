// Languages: a Korean locale (LANG=ko_KR.UTF-8, also without that locale installed) or
// --lang ko gives Korean help from the message catalogue (po/ko.po); --lang en and
// other locales English; a bad --lang is a usage error.
#include <gtest/gtest.h>

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
