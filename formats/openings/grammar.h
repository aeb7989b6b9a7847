// The grammar of an opening book (README.md) as Boost.Spirit X3 rules over the bytes of one
// line. The rules find the fields and what a definition says; reader.cpp resolves a
// line's moves (formats/notation), fills the book and reports problems at their columns.
//
//   line        = blank-line | comment | row
//   blank-line  = { " " | "\t" }
//   comment     = { " " | "\t" } "#" { any }
//   row         = kind tab code tab korean tab english tab definition tab source
//   kind        = "formation" | "line"
//   code        = capital { capital | digit | "-" }      16 characters at most
//   korean      = text ;  english = text ;  source = text
//   text        = not-tab { not-tab }
//   definition  = predicate                               (a formation's)
//               | line-moves                              (a line's)
//   predicate   = spaces condition { gap "and" gap condition } spaces
//   condition   = set-ups | guard | piece-on
//   set-ups     = "setup" gap arrangement { "|" arrangement }
//   arrangement = "마상상마" | "상마마상" | "상마상마" | "마상마상"     as the side sees it from its seat
//   guard       = "horses" gap "guard" gap "each" gap "other"
//   piece-on    = piece gap "on" gap point { "|" point }
//   piece       = "general" | "advisor" | "elephant" | "horse" | "chariot" | "cannon" | "soldier"
//   point       = janggi-row janggi-column                 .gib numbering as Cho sees the board
//   line-moves  = spaces setup "," setup ":" { gap move } spaces
//   setup       = "HEEH" | "EHHE" | "HEHE" | "EHEH" | arrangement     absolute, as seen from Cho
//   move        = not-blank { not-blank }                  any notation gibo reads
//   gap         = " " { " " } ;  spaces = { " " } ;  tab = "\t"
//
// Internal to formats/openings.
#pragma once

#include <boost/fusion/include/at_c.hpp>
#include <boost/spirit/home/x3.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

#include "../../src/core/x3_bytes.h"
#include "../notation/grammar.h"
#include "gibo/record/opening.h"

namespace gibo::openings_grammar {

namespace x3 = boost::spirit::x3;

// Where the rules put what they find: views into the line, and the definition read.
struct Found {
  std::string_view kind, code, korean, english, definition, source;
  // A formation's predicate.
  std::uint8_t setups = 0;  // own-view arrangements named by `setup` (0: no such condition)
  std::vector<FormationRule::PieceOn> pieces;
  bool guard = false;
  const char* reached = nullptr;  // the end of the last condition read (for an error's column)
  // A line's start and move texts.
  Setup cho = Setup::HEEH, han = Setup::HEEH;
  std::vector<std::string_view> moves;
};
struct found_tag;

template <typename Context>
Found& found_of(const Context& ctx) {
  return x3::get<found_tag>(ctx).get();
}
inline std::string_view view(const boost::iterator_range<const char*>& r) { return x3_bytes::view_of(r); }

// ---- words --------------------------------------------------------------------------------
inline const auto tab = x3::lit('\t');
inline const auto gap = +x3::lit(' ');
inline const auto spaces = *x3::lit(' ');
inline const auto text = x3::raw[+(~x3::char_('\t'))];
inline const auto kind = x3::raw[x3::lit("formation") | x3::lit("line")];
inline const auto code = x3::raw[x3::char_('A', 'Z') >> x3::repeat(0, 15)[x3::char_("A-Z0-9-")]] >> !x3::char_("A-Z0-9-");
inline const x3::symbols<Setup> arrangement({{"마상상마", Setup::HEEH},
                                             {"상마마상", Setup::EHHE},
                                             {"마상마상", Setup::HEHE},
                                             {"상마상마", Setup::EHEH}},
                                            "arrangement");
inline const x3::symbols<Setup> setup({{"HEEH", Setup::HEEH},
                                       {"EHHE", Setup::EHHE},
                                       {"HEHE", Setup::HEHE},
                                       {"EHEH", Setup::EHEH},
                                       {"마상상마", Setup::HEEH},
                                       {"상마마상", Setup::EHHE},
                                       {"마상마상", Setup::HEHE},
                                       {"상마상마", Setup::EHEH}},
                                      "setup");
inline const x3::symbols<PieceType> piece({{"general", PieceType::General},
                                           {"advisor", PieceType::Advisor},
                                           {"elephant", PieceType::Elephant},
                                           {"horse", PieceType::Horse},
                                           {"chariot", PieceType::Chariot},
                                           {"cannon", PieceType::Cannon},
                                           {"soldier", PieceType::Soldier}},
                                          "piece");
// point: a .gib square, row then column, as (rank, file) indices.
inline const auto point = notation_grammar::janggi_row >> notation_grammar::janggi_column;
inline const auto move = x3::raw[+(~x3::char_(" \t"))];

// ---- actions --------------------------------------------------------------------------------
inline const auto on_kind = [](auto& ctx) { found_of(ctx).kind = view(x3::_attr(ctx)); };
inline const auto on_code = [](auto& ctx) { found_of(ctx).code = view(x3::_attr(ctx)); };
inline const auto on_korean = [](auto& ctx) { found_of(ctx).korean = view(x3::_attr(ctx)); };
inline const auto on_english = [](auto& ctx) { found_of(ctx).english = view(x3::_attr(ctx)); };
inline const auto on_definition = [](auto& ctx) { found_of(ctx).definition = view(x3::_attr(ctx)); };
inline const auto on_source = [](auto& ctx) { found_of(ctx).source = view(x3::_attr(ctx)); };
inline const auto on_setup = [](auto& ctx) {
  found_of(ctx).setups = static_cast<std::uint8_t>(found_of(ctx).setups | (1u << static_cast<int>(x3::_attr(ctx))));
};
inline const auto on_piece = [](auto& ctx) { found_of(ctx).pieces.push_back({x3::_attr(ctx), {}}); };
inline const auto on_point = [](auto& ctx) {
  using boost::fusion::at_c;
  found_of(ctx).pieces.back().points.push_back(make_square(at_c<1>(x3::_attr(ctx)), at_c<0>(x3::_attr(ctx))));
};
inline const auto on_guard = [](auto& ctx) { found_of(ctx).guard = true; };
inline const auto on_reached = [](auto& ctx) { found_of(ctx).reached = x3::_attr(ctx).end(); };
inline const auto on_cho = [](auto& ctx) { found_of(ctx).cho = x3::_attr(ctx); };
inline const auto on_han = [](auto& ctx) { found_of(ctx).han = x3::_attr(ctx); };
inline const auto on_move = [](auto& ctx) { found_of(ctx).moves.push_back(view(x3::_attr(ctx))); };

// ---- rules ------------------------------------------------------------------------------------
inline const auto blank_line = x3_bytes::blanks >> x3::eoi;
inline const auto comment = x3_bytes::blanks >> '#';
// One field alone (the reader says which field of a row that does not parse is wrong).
inline const auto kind_field = kind >> x3::eoi;
inline const auto code_field = code >> x3::eoi;
inline const auto row = kind[on_kind] >> tab >> code[on_code] >> tab >> text[on_korean] >> tab >> text[on_english] >>
                        tab >> text[on_definition] >> tab >> text[on_source] >> x3::eoi;

inline const auto set_ups = x3::lit("setup") >> gap >> (arrangement[on_setup] % '|');
inline const auto guard = (x3::lit("horses") >> gap >> "guard" >> gap >> "each" >> gap >> "other")[on_guard];
inline const auto piece_on = piece[on_piece] >> gap >> "on" >> gap >> (point[on_point] % '|');
inline const auto condition = x3::raw[set_ups | guard | piece_on][on_reached];
inline const auto predicate = spaces >> condition >> *(gap >> "and" >> gap >> condition) >> spaces >> x3::eoi;

inline const auto line_moves =
    spaces >> setup[on_cho] >> ',' >> setup[on_han] >> ':' >> *(gap >> move[on_move]) >> spaces >> x3::eoi;

// Parses all of `text` with `rule`, filling `found`.
template <typename Rule>
bool parse(std::string_view text, const Rule& rule, Found& found) {
  const char* first = text.data();
  return x3::parse(first, text.data() + text.size(), x3::with<found_tag>(std::ref(found))[rule]);
}

}  // namespace gibo::openings_grammar
