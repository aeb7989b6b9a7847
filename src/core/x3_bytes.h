// The byte-level helpers every Boost.Spirit X3 grammar of gibo shares: primitive parsers
// made from a scanning function (`scan`), tests of the parse's context and position (`when`), one-byte
// lookup tables (`ByteTable`), byte sets (`one_of`), blanks, raw[] ranges as string_views (`view_of`) and the
// parse of a whole text (`parse_all`). The grammars: src/core/fen_grammar.h,
// src/record/date_grammar.h and formats/*/grammar.h.
//
// Header-only; it sits in core, the lowest layer with a grammar, and the formats' grammars
// include it by its path (it is no public header). Internal to libgibo.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace gibo::x3_bytes {

namespace x3 = boost::spirit::x3;

// ---- a parse's state ------------------------------------------------------------------------
// `state_of<Tag>(ctx)`: the object the caller gave the parse with x3::with<Tag>(std::ref(o)),
// which a grammar's actions fill (each grammar's Found, Line, reader, …).
template <typename Tag, typename Context>
auto& state_of(const Context& ctx) {
  return x3::get<Tag>(ctx).get();
}

// ---- parsers from functions -------------------------------------------------------------
// `scan<A>(f)`: a primitive parser with attribute A that calls f(first, last, a) — or
// f(first, last) when A is x3::unused_type (or f(first, last, context) when f reads with
// the state the caller gave the parse, x3::with). f returns whether it matched and then
// moves `first` past what it read; it must leave `first` (and `a`) untouched when it fails.
// The attribute is written in place when the caller's attribute is an A.
template <typename A, typename F>
struct scan_parser : x3::parser<scan_parser<A, F>> {
  using attribute_type = A;
  static bool const has_attribute = !std::is_same_v<A, x3::unused_type>;
  F f;
  constexpr explicit scan_parser(F fn) : f(fn) {}
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr& attr) const {
    if constexpr (!has_attribute && std::is_invocable_v<const F&, It&, const It&, const Ctx&>) {
      return f(first, last, ctx);
    } else if constexpr (!has_attribute) {
      (void)ctx;
      return f(first, last);
    } else if constexpr (std::is_same_v<Attr, A>) {
      return f(first, last, attr);
    } else {
      A value{};
      if (!f(first, last, value)) return false;
      x3::traits::move_to(value, attr);
      return true;
    }
  }
};
template <typename A = x3::unused_type, typename F>
constexpr scan_parser<A, F> scan(F f) {
  return scan_parser<A, F>(f);
}

// `when(f)`: matches the empty text when f(context) is true (a test of what the actions
// have found so far, which x3::with gives the context), or f(position, context) (a test of
// what stands before the position, which a grammar over the text cannot look back at).
template <typename F>
struct when_parser : x3::parser<when_parser<F>> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  F f;
  constexpr explicit when_parser(F fn) : f(fn) {}
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const&, Ctx const& ctx, RCtx&, Attr&) const {
    if constexpr (std::is_invocable_v<const F&, const It&, const Ctx&>) return f(first, ctx);
    else return f(ctx);
  }
};
template <typename F>
constexpr when_parser<F> when(F f) {
  return when_parser<F>(f);
}

// ---- one-byte tables ---------------------------------------------------------------------
// A parser of one byte looked up in a 256-entry table (-1: not in the set), whose attribute
// is the entry as T. The parser holds its table (a constant built at compile time).
using Table = std::array<std::int8_t, 256>;
template <typename T>
struct ByteTable : x3::parser<ByteTable<T>> {
  using attribute_type = T;
  static bool const has_attribute = true;
  Table table;
  constexpr explicit ByteTable(const Table& t) : table(t) {}
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, const It& last, const Ctx&, RCtx&, Attr& attr) const {
    if (first == last) return false;
    const int v = table[static_cast<unsigned char>(*first)];
    if (v < 0) return false;
    x3::traits::move_to(static_cast<T>(v), attr);
    ++first;
    return true;
  }
};
// The table giving `value + k` to the k-th byte of `bytes`.
constexpr Table table_of(std::string_view bytes, int value = 0) {
  Table t{};
  for (auto& e : t) e = -1;
  for (char c : bytes) t[static_cast<unsigned char>(c)] = static_cast<std::int8_t>(value++);
  return t;
}
// `bytes<T>("abc")`: one of the bytes "a", "b", "c", as its index in the string (0, 1, 2).
template <typename T>
constexpr ByteTable<T> bytes(std::string_view set) {
  return ByteTable<T>(table_of(set));
}

// ---- byte sets ---------------------------------------------------------------------------
// `one_of(" \t")`: one of the given bytes, as a char (a char parser: `~one_of(s)` is any
// other byte). What x3::char_(" \t") reads, with a test that inlines (four 64-bit masks;
// x3's set is a std::bitset whose checked test GCC calls out of line in a large parse).
struct one_of_parser : x3::char_parser<one_of_parser> {
  using attribute_type = char;
  static bool const has_attribute = true;
  std::uint64_t bits[4] = {0, 0, 0, 0};
  constexpr explicit one_of_parser(std::string_view set) {
    for (char c : set) bits[static_cast<unsigned char>(c) >> 6] |= std::uint64_t{1} << (static_cast<unsigned char>(c) & 63);
  }
  template <typename Char, typename Context>
  bool test(Char ch, const Context&) const {
    const auto c = static_cast<unsigned char>(ch);
    return (bits[c >> 6] >> (c & 63)) & 1;
  }
};
constexpr one_of_parser one_of(std::string_view set) { return one_of_parser(set); }

// ---- blanks -------------------------------------------------------------------------------
// blank = " " | "\t" ;  blanks = { blank }   (no attribute)
// (two literals: cheaper than a char_ set on every byte of a move line)
inline const auto blank = x3::lit(' ') | x3::lit('\t');
inline const auto blanks = *blank;

// ---- positions ------------------------------------------------------------------------------
// The bytes a raw[] directive matched (over `const char*`), as a view into the input.
template <typename Range>
std::string_view view_of(const Range& r) {
  return std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
}

// Parses all of `text` with `p` (into `attr`); true on a full match.
template <typename Parser, typename Attr>
bool parse_all(std::string_view text, const Parser& p, Attr& attr) {
  const char* first = text.data();
  return x3::parse(first, text.data() + text.size(), p, attr) && first == text.data() + text.size();
}
template <typename Parser>
bool parse_all(std::string_view text, const Parser& p) {
  const char* first = text.data();
  return x3::parse(first, text.data() + text.size(), p) && first == text.data() + text.size();
}

}  // namespace gibo::x3_bytes
