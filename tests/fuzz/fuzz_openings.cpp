// libFuzzer target for the opening-book reader (formats/openings/reader.cpp): any bytes give
// a book and diagnostics, never a crash; every problem has its line (among the text's) and
// column; a row that is not text (a NUL, bytes that are not UTF-8) is never taken; the
// book holds no more rows than the text has lines, each code once.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "gibo/core/utf8.h"
#include "gibo/formats/openings.h"
#include "gibo/record/opening.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  gibo::OpeningBook book;
  const auto problems = gibo::read_opening_book(text, "fuzz.tsv", book);
  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  lines += !text.empty() && text.back() != '\n';
  for (const gibo::Diagnostic& d : problems)
    if (d.line < 1 || static_cast<std::size_t>(d.line) > lines || d.column < 1 || d.file != "fuzz.tsv") std::abort();
  std::set<std::string> codes;
  for (const gibo::FormationRule& f : book.formations()) {
    if (!codes.insert(f.code).second || !gibo::utf8::valid(f.korean) || f.korean.find('\0') != std::string::npos)
      std::abort();
  }
  for (const gibo::LineRule& l : book.lines()) {
    if (!codes.insert(l.code).second || !gibo::utf8::valid(l.english) || l.english.find('\0') != std::string::npos)
      std::abort();
    if (book.line(l.code) != &l) std::abort();
  }
  if (codes.size() > lines) std::abort();
  return 0;
}
