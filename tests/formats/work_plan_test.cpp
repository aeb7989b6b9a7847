// Work planning (gibo/formats/work_plan.h): parts of one big file, batches of small files, empty
// inputs, and the rule that every file is in exactly one batch or one run of parts.
#include "gibo/formats/work_plan.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using gibo::kBatchFiles;
using gibo::kPartBytes;
using gibo::plan_work;
using gibo::WorkUnit;

// Every file is covered once, in input order: batches [first, end) or consecutive parts
// 0..parts-1 of one file.
void expect_covers_in_order(const std::vector<WorkUnit>& units, std::size_t files) {
  std::size_t next = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const WorkUnit& u = units[i];
    ASSERT_EQ(u.first, next) << "unit " << i;
    if (u.split()) {
      ASSERT_EQ(u.end, u.first + 1);
      if (u.part + 1 == u.parts) next = u.end;
      else ASSERT_LT(i + 1, units.size());
    } else {
      ASSERT_GT(u.end, u.first);
      next = u.end;
    }
  }
  EXPECT_EQ(next, files);
}

TEST(WorkPlan, NoInputsNoWork) {
  EXPECT_TRUE(plan_work({}, 1).empty());
  EXPECT_TRUE(plan_work({}, 4).empty());
}

TEST(WorkPlan, OneBigFileIsSplitIntoPartsWithJobs) {
  const std::vector<std::int64_t> sizes{10 * kPartBytes};
  const auto units = plan_work(sizes, 2);
  ASSERT_EQ(units.size(), 10u);
  for (int p = 0; p < 10; ++p) {
    EXPECT_EQ(units[static_cast<std::size_t>(p)].part, p);
    EXPECT_EQ(units[static_cast<std::size_t>(p)].parts, 10);
  }
  expect_covers_in_order(units, 1);
  // At most 8 parts a thread.
  EXPECT_EQ(plan_work({1000 * kPartBytes}, 2).size(), 16u);
  // One thread: never split.
  const auto single = plan_work(sizes, 1);
  ASSERT_EQ(single.size(), 1u);
  EXPECT_FALSE(single[0].split());
}

TEST(WorkPlan, SmallFilesGoInBatches) {
  // 200 files of 1 KB: batches of at most kBatchFiles files.
  const std::vector<std::int64_t> sizes(200, 1024);
  const auto units = plan_work(sizes, 2);
  expect_covers_in_order(units, sizes.size());
  for (const WorkUnit& u : units) {
    EXPECT_FALSE(u.split());
    EXPECT_LE(u.end - u.first, kBatchFiles);
  }
  EXPECT_EQ(units.size(), (200 + kBatchFiles - 1) / kBatchFiles);
  // A batch holds about kPartBytes: files of half that size go two by two.
  const std::vector<std::int64_t> halves(6, kPartBytes / 2);
  const auto pairs = plan_work(halves, 2);
  ASSERT_EQ(pairs.size(), 3u);
  for (const WorkUnit& u : pairs) EXPECT_EQ(u.end - u.first, 2u);
}

TEST(WorkPlan, BigFilesBetweenSmallOnesAndUnknownSizes) {
  // small, big, small, standard input (size unknown), empty file
  const std::vector<std::int64_t> sizes{100, 4 * kPartBytes, 100, -1, 0};
  const auto units = plan_work(sizes, 3);
  expect_covers_in_order(units, sizes.size());
  ASSERT_EQ(units.size(), 6u);  // [0], 4 parts of 1, [2, 3, 4]
  EXPECT_EQ(units[0].end, 1u);
  EXPECT_EQ(units[1].parts, 4);
  EXPECT_EQ(units[5].first, 2u);
  EXPECT_EQ(units[5].end, 5u);  // an unknown size is never split and joins a batch
}

}  // namespace
