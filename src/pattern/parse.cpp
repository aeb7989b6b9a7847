// The pattern's text into its tree (program.h parse_tree), with the grammar of grammar.h;
// where it stops, the column and what was expected there.
#include <string>

#include "gibo/core/utf8.h"
#include "grammar.h"
#include "program.h"

namespace gibo::pattern {

namespace pg = pattern_grammar;
namespace x3 = boost::spirit::x3;

std::string backquoted(std::string_view text) {
  std::string out(1, '`');
  out.append(text);
  out += '`';
  return out;
}

int column_of(std::string_view text, std::size_t offset) {
  int column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  return column;
}

namespace {

// What stands at `offset`: the word there (to the next blank), or "the end of the pattern".
std::string found_at(std::string_view text, std::size_t offset) {
  while (offset < text.size() && (text[offset] == ' ' || text[offset] == '\t' || text[offset] == '\r' || text[offset] == '\n'))
    ++offset;
  if (offset >= text.size()) return "the end of the pattern";
  std::size_t end = offset;
  while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\r' && text[end] != '\n') ++end;
  std::string out(1, '"');
  out.append(text.substr(offset, end - offset));
  out += '"';
  return out;
}

// X3 names a literal it expected with its quotes ("'('"); a rule by its name.
std::string expected_name(const std::string& which) {
  if (which.size() < 3 || which.front() != '\'' || which.back() != '\'') return which;
  std::string out(1, '"');
  out.append(which, 1, which.size() - 2);
  out += '"';
  return out;
}

// "column C: expected WHAT, found …" for the parse that stopped at byte `offset`.
Error expected_at(std::string_view text, std::size_t offset, const std::string& what) {
  while (offset < text.size() && (text[offset] == ' ' || text[offset] == '\t' || text[offset] == '\r' || text[offset] == '\n'))
    ++offset;
  std::string m = "column ";
  m += std::to_string(column_of(text, offset));
  m += ": expected ";
  m += what;
  m += ", found ";
  m += found_at(text, offset);
  return Error{m};
}

}  // namespace

Expected<ast::Pattern> parse_tree(std::string_view text) {
  if (!utf8::valid(text)) return Error{"the pattern is not UTF-8 text"};
  ast::Pattern tree;
  const char* const begin = text.data();
  const char* first = begin;
  const char* const last = begin + text.size();
  try {
    const bool ok = x3::phrase_parse(first, last, x3::with<pg::text_tag>(begin)[pg::pattern], pg::separator, tree);
    if (!ok) return expected_at(text, static_cast<std::size_t>(first - begin), "a condition");
  } catch (const x3::expectation_failure<const char*>& e) {
    return expected_at(text, static_cast<std::size_t>(e.where() - begin), expected_name(e.which()));
  }
  return tree;
}

}  // namespace gibo::pattern

namespace gibo::pattern_grammar::act {

SquareSet rectangle(int file0, int rank0, int file1, int rank1) {
  if (file0 > file1) std::swap(file0, file1);
  if (rank0 > rank1) std::swap(rank0, rank1);
  SquareSet out;
  for (int r = rank0; r <= rank1; ++r)
    for (int f = file0; f <= file1; ++f) out.insert(make_square(f, r));
  return out;
}

SquareSet region_squares(Region r) {
  switch (r) {
    case Region::ChoPalace: return rectangle(3, 0, 5, 2);
    case Region::HanPalace: return rectangle(3, 7, 5, 9);
    case Region::Palace: return rectangle(3, 0, 5, 2) | rectangle(3, 7, 5, 9);
    case Region::River: return rectangle(0, 4, kFiles - 1, 5);
    case Region::ChoHalf: return rectangle(0, 0, kFiles - 1, 4);
    case Region::HanHalf: return rectangle(0, 5, kFiles - 1, kRanks - 1);
    case Region::Board: return SquareSet::all();
  }
  return {};
}

}  // namespace gibo::pattern_grammar::act
