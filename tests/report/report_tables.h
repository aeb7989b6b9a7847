// What the tests of `gibo stats --format json` share: the rows of a table of the report.
#pragma once

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "gibo/formats/json_value.h"

namespace gibo::testing {

// The rows of `table` in a JSON report (none, and a failure, when the table is missing).
inline const std::vector<json::Value>& rows_of(const json::Value& report, std::string_view table) {
  static const std::vector<json::Value> none;
  const json::Value* tables = report.find("tables");
  const json::Value* t = tables ? tables->find(table) : nullptr;
  EXPECT_NE(t, nullptr) << table;
  return t && t->find("rows") ? t->find("rows")->items() : none;
}

}  // namespace gibo::testing
