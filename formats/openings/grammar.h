// The grammar of an opening book, in Boost.Spirit X3 and in one place (README.md states
// each rule as it is written here; tests/formats/grammar_readme_test.cpp compares them):
// the rules read one line's bytes, find its fields and what a definition says; reader.cpp
// resolves a line's moves (formats/notation), fills the book and reports problems at
// their columns.
// Internal to formats/openings.
#pragma once

#include <boost/fusion/include/at_c.hpp>
#include <boost/spirit/home/x3.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../../src/core/x3_bytes.h"
#include "../notation/grammar.h"
#include "gibo/record/opening.h"

namespace gibo::openings_grammar {

namespace x3 = boost::spirit::x3;

inline constexpr std::size_t kMaxCodeLength = 16;  // characters of a code (README "The file")

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

using x3_bytes::state_of;
using x3_bytes::view_of;

// ---- words --------------------------------------------------------------------------------
// The symbol tables, built once.
// An arrangement by its .gib name (setup_text), and with `codes` by its code (setup_code) too.
inline x3::symbols<Setup> setup_words(const std::string& name, bool codes) {
  x3::symbols<Setup> table(name);
  for (const Setup s : kAllSetups) {
    table.add(std::string(setup_text(s)), s);
    if (codes) table.add(std::string(setup_code(s)), s);
  }
  return table;
}
inline const x3::symbols<Setup>& arrangements() {  // a side's own view (README "Set-up names")
  static const x3::symbols<Setup> table = setup_words("arrangement", false);
  return table;
}
inline const x3::symbols<Setup>& setups() {  // absolute, as seen from Cho
  static const x3::symbols<Setup> table = setup_words("setup", true);
  return table;
}
inline const x3::symbols<PieceType>& pieces() {
  static const x3::symbols<PieceType> table({{"general", PieceType::General},
                                             {"advisor", PieceType::Advisor},
                                             {"elephant", PieceType::Elephant},
                                             {"horse", PieceType::Horse},
                                             {"chariot", PieceType::Chariot},
                                             {"cannon", PieceType::Cannon},
                                             {"soldier", PieceType::Soldier}},
                                            "piece");
  return table;
}

inline const auto tab = x3::lit('\t');
inline const auto gap = +x3::lit(' ');
inline const auto spaces = *x3::lit(' ');
inline const auto text = x3::raw[+(~x3::char_('\t'))];
inline const auto kind = x3::raw[x3::lit("formation") | x3::lit("line")];
inline const auto capital = x3::char_('A', 'Z');
inline const auto code_char = capital | x3::char_('0', '9') | '-';
inline const auto code = x3::raw[capital >> *code_char];  // kMaxCodeLength: the reader's check
inline const auto& arrangement = arrangements();
inline const auto& setup = setups();
inline const auto& piece = pieces();
// point: a .gib square, row then column, as (rank, file) indices.
inline const auto point = notation_grammar::janggi_row >> notation_grammar::janggi_column;
inline const auto move = x3::raw[+(~x3::char_(" \t"))];

// ---- actions --------------------------------------------------------------------------------
inline const auto on_kind = [](auto& ctx) { state_of<found_tag>(ctx).kind = view_of(x3::_attr(ctx)); };
inline const auto on_code = [](auto& ctx) { state_of<found_tag>(ctx).code = view_of(x3::_attr(ctx)); };
inline const auto on_korean = [](auto& ctx) { state_of<found_tag>(ctx).korean = view_of(x3::_attr(ctx)); };
inline const auto on_english = [](auto& ctx) { state_of<found_tag>(ctx).english = view_of(x3::_attr(ctx)); };
inline const auto on_definition = [](auto& ctx) { state_of<found_tag>(ctx).definition = view_of(x3::_attr(ctx)); };
inline const auto on_source = [](auto& ctx) { state_of<found_tag>(ctx).source = view_of(x3::_attr(ctx)); };
inline const auto on_setup = [](auto& ctx) {
  state_of<found_tag>(ctx).setups = static_cast<std::uint8_t>(state_of<found_tag>(ctx).setups | (1u << static_cast<int>(x3::_attr(ctx))));
};
inline const auto on_piece = [](auto& ctx) { state_of<found_tag>(ctx).pieces.push_back({x3::_attr(ctx), {}}); };
inline const auto on_point = [](auto& ctx) {
  using boost::fusion::at_c;
  state_of<found_tag>(ctx).pieces.back().points.push_back(make_square(at_c<1>(x3::_attr(ctx)), at_c<0>(x3::_attr(ctx))));
};
inline const auto on_guard = [](auto& ctx) { state_of<found_tag>(ctx).guard = true; };
inline const auto on_reached = [](auto& ctx) { state_of<found_tag>(ctx).reached = x3::_attr(ctx).end(); };
inline const auto on_cho = [](auto& ctx) { state_of<found_tag>(ctx).cho = x3::_attr(ctx); };
inline const auto on_han = [](auto& ctx) { state_of<found_tag>(ctx).han = x3::_attr(ctx); };
inline const auto on_move = [](auto& ctx) { state_of<found_tag>(ctx).moves.push_back(view_of(x3::_attr(ctx))); };

// ---- rules ------------------------------------------------------------------------------------
inline const auto blank_line = x3_bytes::blanks >> x3::eoi;
inline const auto comment = x3_bytes::blanks >> '#' >> *x3::char_;
// One field alone (the reader says which field of a row that does not parse is wrong).
inline const auto kind_field = kind >> x3::eoi;
inline const auto code_field = code >> x3::eoi;
inline const auto row = kind[on_kind] >> tab >> code[on_code] >> tab >> text[on_korean] >> tab >> text[on_english] >>
                        tab >> text[on_definition] >> tab >> text[on_source] >> x3::eoi;
inline const auto line = blank_line | comment | row;  // a blank line or a comment leaves Found::kind empty

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
