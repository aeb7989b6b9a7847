// Reading an opening book (gibo/formats/openings.h; README.md): each line through the rules
// of grammar.h, a line's moves through the notation readers, the rows into the book, every
// problem a diagnostic at its line and column.
#include <algorithm>

#include "gibo/formats/notation.h"
#include "gibo/formats/openings.h"
#include "gibo/formats/openings_tsv.h"
#include "gibo/record/text_lines.h"
#include "grammar.h"

namespace gibo {
namespace {

namespace og = openings_grammar;

constexpr const char* kCodeRule = "CODE is a capital letter, then capitals, digits or '-', 16 characters at most";

// Column (1-based, in characters) of the byte `at` of `line`.
int column_of(std::string_view line, const char* at) {
  int column = 1;
  for (const char* p = line.data(); p < at && p < line.data() + line.size(); ++p)
    if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) ++column;
  return column;
}

// The fields every row has.
void fill_row(BookRow& r, const og::Found& found, const std::string& where) {
  r.code = found.code;
  r.korean = found.korean;
  r.english = found.english;
  r.source = found.source;
  r.definition = found.definition;
  r.origin = where;
}

class BookReader {
 public:
  BookReader(const std::string& origin, OpeningBook& book) : origin_(origin), book_(book) {}

  void read(std::string_view text) {
    int number = 0;
    while (!text.empty()) {
      std::string_view line = take_line(text);
      ++number;
      if (number == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
      read_line(line, number);
    }
  }

  std::vector<Diagnostic> problems;

 private:
  void report(int line_number, std::string_view line, const char* at, Severity severity, std::string message) {
    Diagnostic d;
    d.code = severity == Severity::Error ? "bad-opening-row" : "unreachable-opening-row";
    d.severity = severity;
    d.file = origin_;
    d.line = line_number;
    d.column = column_of(line, at);
    d.message = std::move(message);
    problems.push_back(std::move(d));
  }

  void read_line(std::string_view line, int number) {
    if (const auto fault = text_fault(line)) {
      report(number, line, line.data() + fault->offset, Severity::Error, fault->message);
      return;
    }
    og::Found found;
    if (!og::parse(line, og::line, found)) {
      row_error(line, number);
      return;
    }
    if (found.kind.empty()) return;  // a blank line or a comment
    const auto error = [&](const char* at, std::string message) {
      report(number, line, at, Severity::Error, std::move(message));
    };
    if (found.code.size() > og::kMaxCodeLength) {  // codes are ASCII: a byte a character
      error(found.code.data(), kCodeRule);
      return;
    }
    const std::string where = origin_ + ":" + std::to_string(number);
    OpeningBook::Added added;
    const char* definition_at = found.definition.data();
    if (found.kind == "formation") {
      og::Found f;
      if (!og::parse(found.definition, og::predicate, f)) {
        error(f.reached ? f.reached : definition_at,
              "expected a condition: setup ARRANGEMENT[|ARRANGEMENT…], PIECE on POINT[|POINT…] or horses guard each "
              "other, joined by 'and'");
        return;
      }
      FormationRule r;
      fill_row(r, found, where);
      if (f.setups) r.setups = f.setups;
      r.pieces = std::move(f.pieces);
      r.horses_guard_each_other = f.guard;
      added = book_.add_formation(std::move(r));
    } else {
      og::Found f;
      if (!og::parse(found.definition, og::line_moves, f)) {
        error(definition_at, "expected the set-up pair and the moves: CHO,HAN: MOVE MOVE … (HEEH,EHHE: b1c3 c10d8)");
        return;
      }
      LineRule r;
      fill_row(r, found, where);
      r.cho = f.cho;
      r.han = f.han;
      Position pos;
      pos.set_setups(r.cho, r.han);
      for (std::size_t i = 0; i < f.moves.size(); ++i) {
        const MoveReadResult m = read_any_move(pos, f.moves[i]);
        if (!m) {
          error(f.moves[i].data(), "ply " + std::to_string(i + 1) + ": " + m.error().message);
          return;
        }
        r.moves.push_back(*m);
        pos.do_move(*m);
      }
      added = book_.add_line(std::move(r));
    }
    if (added.error) error(added.error->message.find("code") != std::string::npos ? found.code.data() : definition_at,
                           added.error->message);
    else if (added.unreachable) {
      std::string message = "no game can match ";
      message.append(found.code).append(": ").append(*added.unreachable);
      report(number, line, definition_at, Severity::Warning, std::move(message));
    }
  }

  // The row rule failed: say which field.
  void row_error(std::string_view line, int number) {
    std::vector<std::string_view> fields;
    for (std::size_t at = 0;;) {
      const std::size_t tab = line.find('\t', at);
      fields.push_back(line.substr(at, tab == std::string_view::npos ? std::string_view::npos : tab - at));
      if (tab == std::string_view::npos) break;
      at = tab + 1;
    }
    const auto error = [&](std::string_view field, std::string message) {
      report(number, line, field.data(), Severity::Error, std::move(message));
    };
    og::Found f;
    if (fields.size() != 6)
      return error(line, "a row is KIND<TAB>CODE<TAB>KOREAN<TAB>ENGLISH<TAB>DEFINITION<TAB>SOURCE: six fields, this line has " +
                             std::to_string(fields.size()));
    if (!og::parse(fields[0], og::kind_field, f)) return error(fields[0], "KIND is formation or line");
    if (!og::parse(fields[1], og::code_field, f)) return error(fields[1], kCodeRule);
    for (std::size_t i = 2; i < 6; ++i)
      if (fields[i].empty()) return error(fields[i], "KOREAN, ENGLISH, DEFINITION and SOURCE must not be empty");
    error(line, "not a row of an opening book");
  }

  const std::string& origin_;
  OpeningBook& book_;
};

}  // namespace

std::vector<Diagnostic> read_opening_book(std::string_view text, const std::string& origin, OpeningBook& book) {
  BookReader reader(origin, book);
  reader.read(text);
  return std::move(reader.problems);
}

std::string_view builtin_opening_book_text() { return kBuiltinOpenings; }

const OpeningBook& builtin_opening_book() {
  static const OpeningBook book = [] {
    OpeningBook b;
    const auto problems = read_opening_book(kBuiltinOpenings, "formats/openings/openings.tsv", b);
    (void)problems;  // the built-in book is checked by tests/formats/openings_test.cpp
    return b;
  }();
  return book;
}

}  // namespace gibo
