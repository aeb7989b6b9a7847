// The one whole-file reader (gibo/formats/file_bytes.h): a real file read whole, and the
// words for a missing file, a directory and a read that fails.
#include "gibo/formats/file_bytes.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;

TEST(FileBytes, ReadsARealFileWholeWithOrWithoutItsKnownSize) {
  const std::string path = GIBO_TEST_DATA "/corpus/pobsiz_kakao001_g000-001.gib";
  std::ifstream in(path, std::ios::binary);
  const std::string expected((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_EQ(expected.size(), 1859u);
  const auto bytes = gibo::read_file_bytes(path);
  ASSERT_TRUE(bytes) << bytes.error().message;
  EXPECT_EQ(bytes->view(), expected);
  // A size known too small (the file grew since it was found) is still read whole.
  const auto grown = gibo::read_file_bytes(path, 10);
  ASSERT_TRUE(grown);
  EXPECT_EQ(grown->view(), expected);
}

TEST(FileBytes, SaysWhyAFileCannotBeRead) {
  const fs::path dir = fs::temp_directory_path() / ("gibo-file-bytes-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto missing = gibo::read_file_bytes((dir / "no-such-file.gib").string());
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "cannot open: no such file or directory");
  const auto directory = gibo::read_file_bytes(dir.string());
  ASSERT_FALSE(directory);
  EXPECT_EQ(directory.error().message, "is a directory, not a game file");
  fs::create_symlink(dir / "nowhere", dir / "dangling.gib");
  const auto dangling = gibo::read_file_bytes((dir / "dangling.gib").string());
  ASSERT_FALSE(dangling);
  EXPECT_EQ(dangling.error().message, "cannot open: dangling symbolic link to " + (dir / "nowhere").string());
  const auto io = gibo::read_file_bytes("/proc/self/mem");  // a read at address 0 fails
  ASSERT_FALSE(io);
  EXPECT_EQ(io.error().message, "read error: input/output error");
  fs::remove_all(dir);
}

}  // namespace
