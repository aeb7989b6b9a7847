// `gibo stats --where EXPR` on game files: a small SQL-like expression over the facts of
// a game, so the same kind of selection works on files and on an archive (where EXPR is
// handed to SQLite as is).
//
//   expr  = term { OR term } ;   term = factor { AND factor } ;   factor = NOT factor | atom
//   atom  = "(" expr ")" | FIELD op value | FIELD [NOT] LIKE 'pattern'
//         | FIELD [NOT] IN "(" value { "," value } ")" | FIELD IS [NOT] NULL
//   op    = "=" | "==" | "!=" | "<>" | "<" | "<=" | ">" | ">="
//   value = number | 'text' | "text" | TRUE | FALSE   (keywords in any case; '' inside 'text' is ')
//
// LIKE takes % (any run) and _ (one character), ASCII letters in any case. A comparison
// with a missing value (an unknown year, no margin) is false, as in SQL. The fields are
// listed by filter_fields().
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/report/stats_facts.h"

namespace gibo::stats {

struct FilterField {
  std::string name;
  bool numeric = false;
  std::string meaning;
};

// Every field a file filter can name, in documentation order.
const std::vector<FilterField>& filter_fields();

class GameFilter {
 public:
  // Compiles `expression`; nullopt and `error` (what is wrong, and where) when it does not
  // parse or names an unknown field.
  static std::optional<GameFilter> compile(std::string_view expression, std::string& error);

  // Does the game satisfy the expression?
  bool matches(const GameFacts& game) const;

  struct Node;  // the expression tree (stats_filter.cpp)

 private:
  std::shared_ptr<const Node> root_;
};

}  // namespace gibo::stats
