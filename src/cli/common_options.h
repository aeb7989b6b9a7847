// The options several commands take (--db, --where, --rules, --format, --jobs,
// --encoding, --strict, -o), each declared here once with its one description. A command
// points a SharedOptions at its own variables for the ones it takes and declares them
// with add_shared_options; what only one command takes it declares itself.
#pragma once

#include <string>
#include <vector>

#include "gibo/record/opening.h"
#include "options.h"

namespace gibo::cli {

struct SharedOptions {
  std::string* db = nullptr;      // --db FILE: the archive, written by gibo import
  bool creates_db = false;        // --db is created when missing (import)
  const char* db_note = "";       // said after what --db is ("; opened read-only")
  std::string* where = nullptr;   // --where EXPR: the games selected (the facts gibo stats lists)
  std::string* rules = nullptr;   // --rules ID: the profile of records that name none
  const char* rules_note = "";    // said after the default in --rules' description ("; files only")
  const char* rules_help = nullptr;  // --rules' whole description, where the profile does more
  std::string* format = nullptr;  // --format: one of `formats`
  std::vector<std::string> formats = {"text", "jsonl"};  // its values, each "NAME" or "NAME (what it is)"
  int* jobs = nullptr;            // --jobs N, -j N: worker threads
  bool jobs_cores = false;        // --jobs defaults to the cores, at most 8 (else to its value)
  std::string* encoding = nullptr;  // --encoding: of the inputs, auto, utf-8 or cp949
  bool* strict = nullptr;         // --strict: a capture or check the record does not mark is an error
  std::string* output = nullptr;  // -o FILE, --output FILE: instead of standard output
  std::vector<std::string>* opening_books = nullptr;  // --opening-book FILE (repeatable): opening names of one's own
  int* min_games = nullptr;       // --min-games N: games in the rated group a player needs to be ranked
  double* rating_prior = nullptr;  // --rating-prior ELO: the ratings' normal prior (0: none)

  // The usage error of a --format outside `formats` ("--format must be text, csv or
  // jsonl"); nullopt when it is one of them (or --format is not taken).
  std::optional<std::string> format_error() const;
  // The usage error of a --min-games below 1 or a --rating-prior outside 0 to 10000 Elo;
  // nullopt when they are fine (or not taken).
  std::optional<std::string> rating_error() const;
};

// The built-in opening book with the rows of `files` (--opening-book) added; rows no game
// can match are reported on standard error as warnings. On a file that cannot be read
// (exit status 3) or holds a bad row (every one listed; a usage error, 2): nullopt, the
// message written and `status` set. `rows`, if given, receives the files' rows as one text
// (each file's, its byte-order mark dropped, in order): what an archive keeps as its own.
std::optional<OpeningBook> opening_book_or_error(const std::string& command, const std::vector<std::string>& files,
                                                 int& status, std::string* rows = nullptr);

// The description of the options naming the encoding of the inputs (--encoding, and
// convert's --input-encoding): "auto (UTF-8 if valid, else CP949), utf-8 or cp949".
extern const char* const kInputEncodingHelp;

// Adds to `opts` the options `shared` points at, in the order of SharedOptions, each with
// its description. With jobs_cores, sets *jobs to the cores (at most 8).
void add_shared_options(po::options_description& opts, const SharedOptions& shared);

}  // namespace gibo::cli
