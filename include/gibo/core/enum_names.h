// The names of an enum's values: one table of {value, name} pairs each, read both ways —
// name_of (a value's name, as reports, JSON and the archive write it) and value_named (the
// value a name stands for, as options and stored text are read back). One table, so the
// two ways cannot drift apart.
//
//   constexpr auto kSeverityNames = std::to_array<Named<Severity>>(
//       {{Severity::Error, "error"}, {Severity::Warning, "warning"}, {Severity::Note, "note"}});
//   name_of(kSeverityNames, Severity::Note) == "note"
//   value_named(kSeverityNames, "warning") == Severity::Warning
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <optional>
#include <string_view>

namespace gibo {

template <typename E>
struct Named {
  E value;
  std::string_view name;
};

// The name of `value` in `names`. Contract: the table names every value of the enum (a
// value it lacks gets the first entry's name).
template <typename E, std::size_t N>
constexpr std::string_view name_of(const std::array<Named<E>, N>& names, E value) {
  for (const Named<E>& n : names)
    if (n.value == value) return n.name;
  assert(false && "a value the name table lacks");
  return names[0].name;
}

// The value named `name` in `names`; nullopt for any other text (names are compared
// exactly, case and all).
template <typename E, std::size_t N>
constexpr std::optional<E> value_named(const std::array<Named<E>, N>& names, std::string_view name) {
  for (const Named<E>& n : names)
    if (n.name == name) return n.value;
  return std::nullopt;
}

}  // namespace gibo
