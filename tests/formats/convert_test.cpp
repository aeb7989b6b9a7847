// The conversion gibo convert runs (gibo/formats/convert.h): valid games written, broken ones
// rejected or cut at their error, inputs that cannot be read counted; the outputs planned
// one per input without two inputs on one file or an output over an input.
#include "gibo/formats/convert.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

namespace {

namespace fs = std::filesystem;
const std::string kFixtures = GIBO_TEST_DATA "/fixtures/gib/";

gibo::ConvertSettings pgn_settings(bool keep_broken) {
  gibo::ConvertSettings s;
  s.profile = &gibo::default_profile();
  s.keep_broken = keep_broken;
  s.write.format = gibo::Format::Pgn;
  return s;
}

TEST(Conversion, WritesTheValidGamesAndOnRequestTheBrokenOnesCut) {
  const std::vector<std::string> files = {kFixtures + "crlf.gib", kFixtures + "illegal_move.gib",
                                          kFixtures + "no such file.gib"};
  const gibo::ConvertSettings plain = pgn_settings(false);
  std::vector<std::string> errors, unread;
  gibo::ConvertEvents events;
  events.error = [&](const gibo::Diagnostic& d) { errors.push_back(d.code); };
  events.unread = [&](const std::string& path, const gibo::Error&) { unread.push_back(path); };
  gibo::Conversion run(plain, events);
  std::ostringstream out;
  run.into_stream(files, out);
  EXPECT_EQ(run.counts().files, 3);
  EXPECT_EQ(run.counts().games, 2);
  EXPECT_EQ(run.counts().written, 1);
  EXPECT_EQ(run.counts().rejected, 1);
  EXPECT_EQ(run.counts().io_errors, 1);
  EXPECT_EQ(unread, std::vector<std::string>{files[2]});
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(out.str().find("unterminated"), std::string::npos);

  const gibo::ConvertSettings keep = pgn_settings(true);
  gibo::Conversion kept(keep, {});
  std::ostringstream all;
  kept.into_stream(files, all);
  EXPECT_EQ(kept.counts().written, 2);
  EXPECT_EQ(kept.counts().kept_broken, 1);
  EXPECT_NE(all.str().find("[Termination \"unterminated\"]"), std::string::npos);  // PGN marks it itself
}

TEST(Conversion, CutsABrokenGameAfterItsLastValidPlyWithTheErrorInAComment) {
  gibo::Game broken;
  broken.plies.resize(5);
  broken.valid_plies = 3;
  gibo::Diagnostic d;
  d.code = "illegal-move";
  d.severity = gibo::Severity::Error;
  d.message = "no such move";
  broken.diagnostics.push_back(d);
  const gibo::Game gib = gibo::cut_at_error(broken, gibo::Format::Gib);
  ASSERT_EQ(gib.plies.size(), 3u);
  ASSERT_EQ(gib.plies.back().comments.size(), 1u);
  EXPECT_NE(gib.plies.back().comments[0].find("illegal-move"), std::string::npos);
  EXPECT_NE(gib.plies.back().comments[0].find("2 plies from ply 4 not written"), std::string::npos);
  EXPECT_TRUE(gibo::cut_at_error(broken, gibo::Format::Pgn).plies.back().comments.empty());
}

TEST(ConvertTargets, OneFilePerInputNeverTwoOnOneNorOverAnInput) {
  const fs::path dir = fs::temp_directory_path() / ("gibo-convert-targets-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const auto one = gibo::plan_convert_targets((dir / "out/").string(), {kFixtures + "crlf.gib", "-"},
                                              gibo::Format::Json);
  ASSERT_TRUE(one);
  EXPECT_TRUE(one->per_input);
  EXPECT_EQ(one->files, (std::vector<std::string>{(dir / "out" / "crlf.json").string(), (dir / "out" / "stdin.json").string()}));
  EXPECT_TRUE(fs::is_directory(dir / "out"));  // created
  const auto clash = gibo::plan_convert_targets((dir / "out").string(),
                                                {kFixtures + "crlf.gib", GIBO_TEST_DATA "/fixtures/pgn/crlf.gib"},
                                                gibo::Format::Json);
  ASSERT_FALSE(clash);
  EXPECT_TRUE(clash.error().usage);
  EXPECT_NE(clash.error().error.message.find("would both be written to"), std::string::npos);
  const auto over = gibo::plan_convert_targets(kFixtures + "crlf.gib", {kFixtures + "crlf.gib"}, gibo::Format::Gib);
  ASSERT_FALSE(over);
  EXPECT_TRUE(over.error().usage);
  EXPECT_EQ(over.error().error.message.rfind("refusing to overwrite the input", 0), 0u);
  const auto single = gibo::plan_convert_targets("", {kFixtures + "crlf.gib"}, gibo::Format::Gib);
  ASSERT_TRUE(single);
  EXPECT_FALSE(single->per_input);
  fs::remove_all(dir);
}

}  // namespace
