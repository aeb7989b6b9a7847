// Opening books as text (formats/openings/README.md): one row a name — formations with
// their predicate, named lines with their moves — read into an OpeningBook
// (gibo/record/opening.h). The book gibo ships (formats/openings/openings.tsv) is built in;
// a user's rows come from files of the same form (`--opening-book FILE`), without a rebuild.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gibo/record/diagnostic.h"
#include "gibo/record/opening.h"

namespace gibo {

// Reads the rows of a book's text into `book` (after the rows it holds). `origin` names
// the text in diagnostics. Each problem is a diagnostic about the file, at its line and
// column: `bad-opening-row` (an error: the row is not added) for a row that does not follow
// the grammar, a code already in the book, a line's move that is not legal there, a line
// naming a position another line names; `unreachable-opening-row` (a warning: the row is
// added, but no game the namer reads can match it). The book is usable only when no
// diagnostic is an error.
std::vector<Diagnostic> read_opening_book(std::string_view text, const std::string& origin, OpeningBook& book);

// The book built into gibo: formats/openings/openings.tsv as it was when gibo was built.
const OpeningBook& builtin_opening_book();
// Its text.
std::string_view builtin_opening_book_text();

}  // namespace gibo
