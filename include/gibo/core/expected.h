// The error convention for internal fallible calls (README "For developers"):
//
//   - a call that computes a value returns Expected<T>: the value, or an Error saying why
//     there is none;
//   - a call that only does something returns std::optional<Error>: empty on success.
//
// Bad input inside a game record is not an error in this sense: readers keep the game and
// put a Diagnostic on it (gibo/record/diagnostic.h), because that is data to report.
//
// Expected mirrors the part of C++23's std::expected gibo uses (has_value, operator bool,
// value, operator*, operator->, error, value_or), so moving to it later is a rename.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace gibo {

// Why a call failed: one English sentence (or clause) naming what is wrong, written to be
// shown to a user after a prefix such as a file name ("not a janggi FEN: ...").
struct Error {
  std::string message;
};

// A T, or an E saying why there is none. E defaults to Error; a call whose callers branch
// on the kind of failure uses its own error type (NotationError, for instance).
template <class T, class E = Error>
class [[nodiscard]] Expected {
 public:
  // A value (anything T can be made from, other than an E).
  template <class U = T>
    requires(std::is_constructible_v<T, U &&> && !std::is_same_v<std::remove_cvref_t<U>, Expected> &&
             !std::is_same_v<std::remove_cvref_t<U>, E>)
  Expected(U&& value) : state_(std::in_place_index<0>, std::forward<U>(value)) {}  // NOLINT: implicit by design
  // A failure.
  Expected(E error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit by design

  bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  // The value. Contract: has_value() (otherwise std::bad_variant_access is thrown).
  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // The value, or `fallback` when there is none.
  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? value() : static_cast<T>(std::forward<U>(fallback));
  }

  // Why there is no value. Contract: !has_value() (otherwise std::bad_variant_access).
  const E& error() const& { return std::get<1>(state_); }

 private:
  std::variant<T, E> state_;
};

}  // namespace gibo
