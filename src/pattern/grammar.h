// The pattern language's grammar (README.md "Grammar") as Boost.Spirit X3 rules, read top
// down as the README's EBNF is (tests/formats/grammar_readme_test.cpp compares them, and
// tests/pattern/grammar_test.cpp tries each rule). Parsed with blanks (space, tab, line
// ends) skipped between tokens; a word (a keyword, a piece letter, a square, a number)
// ends where no letter, digit, '-', '_' or non-ASCII byte follows. The actions build the
// tree of ast.h; a rule that must follow (after `>`) names what was expected when it does
// not, and that name is the error's. Internal to src/pattern.
#pragma once

#include <boost/fusion/include/at_c.hpp>
#include <boost/optional.hpp>
#include <boost/spirit/home/x3.hpp>

#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/x3_bytes.h"
#include "ast.h"

namespace gibo::pattern_grammar {

namespace x3 = boost::spirit::x3;
using pattern::ast::Kind;
using pattern::ast::Node;
using pattern::ast::Region;
using pattern::ast::Relation;

// The parse is given the text's first byte (x3::with<text_tag>(first)): the nodes' spans
// are offsets from it.
struct text_tag;
// Blanks between tokens: the skipper.
inline constexpr auto separator = x3_bytes::one_of(" \t\r\n");

namespace act {

template <typename Context>
std::uint32_t offset(const Context& ctx, const char* at) {
  return static_cast<std::uint32_t>(at - x3::get<text_tag>(ctx));
}
// A node of `kind` (its span is its rule's: the spanned directive).
template <typename Context>
Node made(Kind kind, const Context&) {
  Node n;
  n.kind = kind;
  return n;
}
template <typename Context>
Node made(Kind kind, const Context& ctx, Node kid) {
  Node n = made(kind, ctx);
  n.kids.push_back(std::move(kid));
  return n;
}
// `kind` over the points of `squares`.
inline std::uint16_t piece_bit(Side s, PieceType t) { return static_cast<std::uint16_t>(1u << static_cast<int>(make_piece(s, t))); }
inline std::uint16_t kind_bits(PieceType t) { return piece_bit(Side::Cho, t) | piece_bit(Side::Han, t); }
inline std::uint16_t side_bits(Side s) {
  std::uint16_t bits = 0;
  for (int t = 1; t < kPieceTypeCount; ++t) bits |= piece_bit(s, static_cast<PieceType>(t));
  return bits;
}
SquareSet region_squares(Region r);
SquareSet rectangle(int file0, int rank0, int file1, int rank1);

inline constexpr auto keep = [](auto& ctx) { x3::_val(ctx) = std::move(x3::_attr(ctx)); };
template <Kind K>
inline constexpr auto leaf = [](auto& ctx) { x3::_val(ctx) = made(K, ctx); };
template <Kind K>
inline constexpr auto prefix = [](auto& ctx) { x3::_val(ctx) = made(K, ctx, std::move(x3::_attr(ctx))); };
// The list `_val K _attr` (or, and, |, &, then): one node of kind K with every operand.
template <Kind K>
inline constexpr auto join = [](auto& ctx) {
  Node& v = x3::_val(ctx);
  Node right = std::move(x3::_attr(ctx));
  if (v.kind != K || v.kids.empty()) {
    Node list;
    list.kind = K;
    list.begin = v.begin;
    list.kids.push_back(std::move(v));
    v = std::move(list);
  }
  v.end = right.end;
  v.kids.push_back(std::move(right));
};
inline constexpr auto then_step = [](auto& ctx) {
  auto& within = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& step = boost::fusion::at_c<1>(x3::_attr(ctx));
  Node n = made(Kind::ThenStep, ctx, std::move(step));
  n.number = within ? *within : -1;  // -1: any distance
  x3::_val(ctx) = std::move(n);
};
// A relation and the value after it, waiting for the value before it (compared).
inline constexpr auto relation = [](auto& ctx) {
  auto& rel = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& value = boost::fusion::at_c<1>(x3::_attr(ctx));
  Node n = made(Kind::Compare, ctx, std::move(value));
  n.relation = rel;
  x3::_val(ctx) = std::move(n);
};
inline constexpr auto in_range = [](auto& ctx) {
  auto& low = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& high = boost::fusion::at_c<1>(x3::_attr(ctx));
  Node n = made(Kind::InRange, ctx);
  n.low = low;
  n.high = high;
  x3::_val(ctx) = std::move(n);
};
// `= 2..4` (in the range) or `!= 2..4` (out of it), waiting for the value before it.
inline constexpr auto ranged = [](auto& ctx) {
  auto& rel = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& range = boost::fusion::at_c<1>(x3::_attr(ctx));
  range.relation = rel;
  x3::_val(ctx) = std::move(range);
};
inline constexpr auto compared = [](auto& ctx) {
  Node& v = x3::_val(ctx);
  Node r = std::move(x3::_attr(ctx));
  r.kids.insert(r.kids.begin(), std::move(v));
  r.begin = r.kids.front().begin;
  v = std::move(r);
};
inline constexpr auto number = [](auto& ctx) {
  auto& minus = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& whole = boost::fusion::at_c<1>(x3::_attr(ctx));
  auto& tenths = boost::fusion::at_c<2>(x3::_attr(ctx));
  Node n = made(Kind::Number, ctx);
  n.number = (minus ? -1 : 1) * (whole + (tenths ? *tenths / 10.0 : 0.0));
  x3::_val(ctx) = std::move(n);
};
template <Kind K>
inline constexpr auto of_side = [](auto& ctx) {
  Node n = made(K, ctx);
  n.side = x3::_attr(ctx);
  x3::_val(ctx) = std::move(n);
};
// `_val attacks _attr`, `_val defends _attr`.
inline constexpr auto set_function = [](auto& ctx) {
  auto& kind = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& right = boost::fusion::at_c<1>(x3::_attr(ctx));
  Node& v = x3::_val(ctx);
  Node n;
  n.kind = kind;
  n.begin = v.begin;
  n.end = right.end;
  n.kids.push_back(std::move(v));
  n.kids.push_back(std::move(right));
  v = std::move(n);
};
// The rule's value: a leaf of kind K whose literal field F holds `value` (a Squares node's
// points, a Pieces node's piece bits).
template <Kind K, auto F, typename Context, typename V>
void literal_node(Context& ctx, V value) {
  Node n = made(K, ctx);
  n.*F = value;
  x3::_val(ctx) = std::move(n);
}
template <typename Context>
void squares_node(Context& ctx, SquareSet squares) {
  literal_node<Kind::Squares, &Node::squares>(ctx, squares);
}
inline constexpr auto square_span = [](auto& ctx) {
  auto& from = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& to = boost::fusion::at_c<1>(x3::_attr(ctx));
  const int last = to ? *to : from;
  squares_node(ctx, rectangle(file_of(static_cast<Square>(from)), rank_of(static_cast<Square>(from)),
                              file_of(static_cast<Square>(last)), rank_of(static_cast<Square>(last))));
};
// `file a..c` (Files) or `rank 1..3`: every point of those lines.
template <bool Files>
inline constexpr auto lines = [](auto& ctx) {
  const int from = boost::fusion::at_c<0>(x3::_attr(ctx));
  const auto& to = boost::fusion::at_c<1>(x3::_attr(ctx));
  const int last = to ? *to : from;
  squares_node(ctx, Files ? rectangle(from, 0, last, kRanks - 1) : rectangle(0, from, kFiles - 1, last));
};
inline constexpr auto region = [](auto& ctx) { squares_node(ctx, region_squares(x3::_attr(ctx))); };
inline constexpr auto square = [](auto& ctx) {
  auto& file = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& rank = boost::fusion::at_c<1>(x3::_attr(ctx));
  x3::_val(ctx) = static_cast<int>(make_square(file, rank));
};
template <typename Context>
void pieces_node(Context& ctx, std::uint16_t bits) {
  literal_node<Kind::Pieces, &Node::pieces>(ctx, bits);
}
inline constexpr auto side_piece = [](auto& ctx) {
  auto& side = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& kind = boost::fusion::at_c<1>(x3::_attr(ctx));
  pieces_node(ctx, kind ? piece_bit(side, *kind) : side_bits(side));
};
inline constexpr auto kind_piece = [](auto& ctx) { pieces_node(ctx, kind_bits(x3::_attr(ctx))); };
inline constexpr auto letter_piece = [](auto& ctx) {
  pieces_node(ctx, static_cast<std::uint16_t>(1u << static_cast<int>(x3::_attr(ctx))));
};
inline constexpr auto any_piece = [](auto& ctx) { pieces_node(ctx, side_bits(Side::Cho) | side_bits(Side::Han)); };
inline constexpr auto signature = [](auto& ctx) {
  auto& cho = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& han = boost::fusion::at_c<1>(x3::_attr(ctx));
  Node n = made(Kind::Signature, ctx);
  for (auto& side : n.army) side.fill(0);
  for (PieceType t : cho) ++n.army[0][static_cast<int>(t)];
  for (PieceType t : han) ++n.army[1][static_cast<int>(t)];
  x3::_val(ctx) = std::move(n);
};
inline constexpr auto move = [](auto& ctx) {
  auto& mover = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& from = boost::fusion::at_c<1>(x3::_attr(ctx));
  auto& to = boost::fusion::at_c<2>(x3::_attr(ctx));
  Node n = made(Kind::Move, ctx);
  for (auto* part : {&mover, &from, &to}) n.kids.push_back(*part ? std::move(**part) : Node{});
  x3::_val(ctx) = std::move(n);
};
inline constexpr auto capture = [](auto& ctx) {
  auto& set = x3::_attr(ctx);
  x3::_val(ctx) = made(Kind::Capture, ctx, set ? std::move(*set) : Node{});
};
inline constexpr auto pattern = [](auto& ctx) {
  auto& condition = boost::fusion::at_c<0>(x3::_attr(ctx));
  auto& sort = boost::fusion::at_c<1>(x3::_attr(ctx));
  x3::_val(ctx).condition = std::move(condition);
  if (!sort) return;
  x3::_val(ctx).sorted = true;
  x3::_val(ctx).sort.highest = boost::fusion::at_c<0>(*sort);
  x3::_val(ctx).sort.value = std::move(boost::fusion::at_c<1>(*sort));
};

}  // namespace act

// ---- spans ---------------------------------------------------------------------------------
// spanned[p]: p, and on success, when the rule's value is a node p made (no span yet), the
// span of the text p read, its leading blanks skipped; a node p only passed on (a group's, a
// value's) keeps its own. Read as p itself in the README.
template <typename Subject>
struct span_directive : x3::unary_parser<Subject, span_directive<Subject>> {
  using base_type = x3::unary_parser<Subject, span_directive<Subject>>;
  static bool const is_pass_through_unary = true;
  constexpr explicit span_directive(const Subject& subject) : base_type(subject) {}
  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, const Iterator& last, const Context& ctx, RContext& rctx, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    const Iterator start = first;
    if (!this->subject.parse(first, last, ctx, rctx, attr)) return false;
    if constexpr (std::is_same_v<std::remove_cvref_t<RContext>, Node>) {
      if (rctx.end == 0) {
        rctx.begin = act::offset(ctx, start);
        rctx.end = act::offset(ctx, first);
      }
    }
    return true;
  }
};
struct span_gen {
  template <typename Subject>
  constexpr span_directive<typename x3::extension::as_parser<Subject>::value_type> operator[](const Subject& s) const {
    return span_directive<typename x3::extension::as_parser<Subject>::value_type>(x3::as_parser(s));
  }
};
inline constexpr span_gen spanned{};

// ---- words ---------------------------------------------------------------------------------
// A byte of a character beyond ASCII (Korean letters are three).
inline constexpr auto utf8_byte = x3_bytes::scan([](const char*& first, const char* last) {
  if (first == last || static_cast<unsigned char>(*first) < 0x80) return false;
  ++first;
  return true;
});
inline const x3::rule<class word_byte_rule> word_byte = "a letter or a digit";
inline const x3::rule<class word_end_rule> word_end = "the end of a word";
inline const auto word_byte_def = x3::char_('a', 'z') | x3::char_('A', 'Z') | x3::char_('0', '9') | x3::char_("-_") | utf8_byte;
inline const auto word_end_def = !word_byte;
// word("and"): the keyword as a whole word (read as "and" in the README).
template <std::size_t N>
auto word(const char (&text)[N]) {
  return x3::lexeme[x3::lit(text) >> word_end];
}
inline const auto digit = x3_bytes::bytes<int>("0123456789");
inline const auto count_def =
    x3::lexeme[x3::uint_parser<int>{} >> word_end];
inline const auto number_def = spanned[x3::lexeme[(-x3::char_('-') >> x3::uint_parser<int>{} >> -(x3::lit('.') >> digit) >> word_end)[act::number]]];
inline const auto side_def =
    (word("cho") | x3::lit("초")) >> x3::attr(Side::Cho) | (word("han") | x3::lit("한")) >> x3::attr(Side::Han);

// ---- the rules, declared (defined below as NAME_def; BOOST_SPIRIT_DEFINE) ----------------
inline const x3::rule<class count_rule, int> count = "a whole number";
inline const x3::rule<class number_rule, Node> number = "a number";
inline const x3::rule<class side_rule, Side> side = "a side (cho or han)";
inline const x3::rule<class korean_kind_rule, PieceType> korean_kind = "a piece";
inline const x3::rule<class piece_rule, Node> piece = "a piece";
inline const x3::rule<class rank_number_rule, int> rank_number = "a rank (1 to 10)";
inline const x3::rule<class square_rule, int> square = "a square (a1 to i10)";
inline const x3::rule<class file_name_rule, int> file_name = "a file (a to i)";
inline const x3::rule<class rank_name_rule, int> rank_name = "a rank (1 to 10)";
inline const x3::rule<class squares_rule, Node> squares = "squares";
inline const x3::rule<class region_rule, Region> region = "a region";
inline const x3::rule<class set_atom_rule, Node> set_atom = "a set of points (pieces, squares or a region)";
inline const x3::rule<class set_intersection_rule, Node> set_intersection = "a set of points";
inline const x3::rule<class set_union_rule, Node> set_union = "a set of points";
inline const x3::rule<class set_verb_rule, Kind> set_verb = "attacks or defends";
inline const x3::rule<class quantity_rule, Node> quantity = "a quantity";
inline const x3::rule<class value_rule, Node> value = "a value (a number, a quantity or a set of points)";
inline const x3::rule<class relation_op_rule, Relation> relation_op = "a comparison";
inline const x3::rule<class range_rule, Node> range = "a range";
inline const x3::rule<class range_op_rule, Relation> range_op = "= or !=";
inline const x3::rule<class relation_rule, Node> relation = "a comparison";
inline const x3::rule<class comparison_rule, Node> comparison = "a comparison";
inline const x3::rule<class army_letter_rule, PieceType> army_letter = "a piece letter";
inline const x3::rule<class army_rule, std::vector<PieceType>> army = "the pieces of a side (RRC, 차차포)";
inline const x3::rule<class signature_rule, Node> signature = "a material signature";
inline const x3::rule<class state_rule, Node> state = "a condition";
inline const x3::rule<class move_rule, Node> move = "a move";
inline const x3::rule<class capture_rule, Node> capture = "a capture";
inline const x3::rule<class group_rule, Node> group = "a condition";
inline const x3::rule<class primary_rule, Node> primary = "a condition";
inline const x3::rule<class both_rule, Node> both = "a condition";
inline const x3::rule<class either_rule, Node> either = "a condition";
inline const x3::rule<class then_step_rule, Node> then_step = "then";
inline const x3::rule<class sort_order_rule, bool> sort_order = "max or min";
inline const x3::rule<class sort_rule, boost::fusion::deque<bool, Node>> sort = "sort";
inline const x3::rule<class end_rule> end = "and, or, then, sort or the end of the pattern";
inline const x3::rule<class pattern_rule, pattern::ast::Pattern> pattern = "a pattern";
inline const x3::rule<class condition_class, Node> condition = "a condition";
inline const x3::rule<class negated_class, Node> negated = "a condition";
inline const x3::rule<class transformed_class, Node> transformed = "a condition";
inline const x3::rule<class set_class, Node> set = "a set of points (pieces, squares or a region)";
inline const x3::rule<class set_complement_class, Node> set_complement = "a set of points (pieces, squares or a region)";

// ---- pieces --------------------------------------------------------------------------------
inline const auto korean_kind_def = x3::lexeme
    [((x3::lit("장") | x3::lit("궁")) >> x3::attr(PieceType::General) | x3::lit("사") >> x3::attr(PieceType::Advisor) |
      x3::lit("상") >> x3::attr(PieceType::Elephant) | x3::lit("마") >> x3::attr(PieceType::Horse) |
      x3::lit("차") >> x3::attr(PieceType::Chariot) | x3::lit("포") >> x3::attr(PieceType::Cannon) |
      (x3::lit("졸") | x3::lit("병")) >> x3::attr(PieceType::Soldier)) >>
     word_end];
inline const auto piece_letter = x3_bytes::ByteTable<Piece>([] {
  x3_bytes::Table t = x3_bytes::table_of("");
  for (int side = 0; side < 2; ++side)
    for (auto [c, type] : {std::pair{'K', PieceType::General}, {'A', PieceType::Advisor}, {'E', PieceType::Elephant},
                           {'B', PieceType::Elephant}, {'H', PieceType::Horse}, {'N', PieceType::Horse},
                           {'R', PieceType::Chariot}, {'C', PieceType::Cannon}, {'P', PieceType::Soldier}})
      t[static_cast<unsigned char>(side ? c - 'A' + 'a' : c)] =
          static_cast<std::int8_t>(make_piece(static_cast<Side>(side), type));
  return t;
}());
inline const auto piece_def = spanned[(side >> -korean_kind)[act::side_piece] | korean_kind[act::kind_piece] |
    x3::lexeme[piece_letter >> word_end][act::letter_piece] | word("any")[act::any_piece] |
    word("empty")[act::leaf<Kind::Empty>]];

// ---- squares and regions -------------------------------------------------------------------
inline const auto file_letter = x3_bytes::bytes<int>("abcdefghi");
inline const auto rank_number_def = x3::lit("10") >> x3::attr(9) | x3_bytes::bytes<int>("123456789");
inline const auto square_def =
    x3::lexeme[(file_letter >> rank_number >> word_end)[act::square]];
inline const auto file_name_def =
    x3::lexeme[file_letter >> word_end];
inline const auto rank_name_def =
    x3::lexeme[rank_number >> word_end];
inline const auto squares_def = spanned[(square >> -(x3::lit("..") > square))[act::square_span] |
    (word("file") > file_name >> -(x3::lit("..") > file_name))[act::lines<true>] |
    (word("rank") > rank_name >> -(x3::lit("..") > rank_name))[act::lines<false>]];
inline const auto region_def =
    (word("cho-palace") >> x3::attr(Region::ChoPalace) | word("han-palace") >> x3::attr(Region::HanPalace) |
     word("palace") >> x3::attr(Region::Palace) | word("river") >> x3::attr(Region::River) |
     word("cho-half") >> x3::attr(Region::ChoHalf) | word("han-half") >> x3::attr(Region::HanHalf) |
     word("board") >> x3::attr(Region::Board));

// ---- sets ----------------------------------------------------------------------------------
inline const auto set_atom_def = spanned[(x3::lit('(') >> set >> x3::lit(')'))[act::keep] |
    (word("pinned") > x3::lit('(') > set > x3::lit(')'))[act::prefix<Kind::Pinned>] |
    (word("screen") > x3::lit('(') > set > x3::lit(')'))[act::prefix<Kind::Screen>] | squares[act::keep] |
    region[act::region] | piece[act::keep]];
inline const auto set_complement_def = spanned[(x3::lit('~') > set_complement)[act::prefix<Kind::Complement>] | set_atom[act::keep]];
inline const auto set_intersection_def = spanned[set_complement[act::keep] >> *(x3::lit('&') > set_complement)[act::join<Kind::Intersection>]];
inline const auto set_union_def = spanned[set_intersection[act::keep] >> *(x3::lit('|') > set_intersection)[act::join<Kind::Union>]];
inline const auto set_verb_def =
    word("attacks") >> x3::attr(Kind::Attacks) | word("defends") >> x3::attr(Kind::Defends);
inline const auto set_def = spanned[set_union[act::keep] >> -(set_verb > set_union)[act::set_function]];

// ---- values --------------------------------------------------------------------------------
inline const auto quantity_def = spanned[(word("material") > side)[act::of_side<Kind::Material>] | (word("points") > side)[act::of_side<Kind::Points>] |
    word("balance")[act::leaf<Kind::Balance>] | word("ply")[act::leaf<Kind::Ply>] |
    (word("streak") > x3::lit('(') > condition > x3::lit(')'))[act::prefix<Kind::Streak>]];
inline const auto value_def = spanned[number | quantity | set];
inline const auto relation_op_def =
    x3::lit("<=") >> x3::attr(Relation::LessEqual) | x3::lit(">=") >> x3::attr(Relation::GreaterEqual) |
    x3::lit("!=") >> x3::attr(Relation::NotEqual) | x3::lit('<') >> x3::attr(Relation::Less) |
    x3::lit('>') >> x3::attr(Relation::Greater) | x3::lit('=') >> x3::attr(Relation::Equal);
inline const auto range_def = spanned[(count >> x3::lit("..") > count)[act::in_range]];
inline const auto relation_def = spanned[(range_op >> range)[act::ranged] | (relation_op > value)[act::relation]];
inline const auto range_op_def = x3::lit('=') >> x3::attr(Relation::Equal) | x3::lit("!=") >> x3::attr(Relation::NotEqual);
inline const auto comparison_def = spanned[value[act::keep] >> -relation[act::compared]];

// ---- conditions ----------------------------------------------------------------------------
inline const auto army_letter_def =
    (x3::lit('K') | x3::lit("장") | x3::lit("궁")) >> x3::attr(PieceType::General) |
    (x3::lit('A') | x3::lit("사")) >> x3::attr(PieceType::Advisor) |
    (x3::lit('E') | x3::lit('B') | x3::lit("상")) >> x3::attr(PieceType::Elephant) |
    (x3::lit('H') | x3::lit('N') | x3::lit("마")) >> x3::attr(PieceType::Horse) |
    (x3::lit('R') | x3::lit("차")) >> x3::attr(PieceType::Chariot) |
    (x3::lit('C') | x3::lit("포")) >> x3::attr(PieceType::Cannon) |
    (x3::lit('P') | x3::lit("졸") | x3::lit("병")) >> x3::attr(PieceType::Soldier);
inline const auto army_def =
    x3::lexeme[+army_letter >> word_end];
inline const auto signature_def = spanned[(army >> word("vs") > army)[act::signature]];
inline const auto state_def = spanned[(word("check") | word("장군"))[act::leaf<Kind::Check>] | (word("mate") | word("외통"))[act::leaf<Kind::Mate>] |
    word("stalemate")[act::leaf<Kind::Stalemate>] | (word("bikjang") | word("빅장"))[act::leaf<Kind::Bikjang>] |
    word("final")[act::leaf<Kind::Final>] | word("pass")[act::leaf<Kind::Pass>] |
    (word("to-move") > side)[act::of_side<Kind::ToMove>]];
inline const auto move_def = spanned[(word("move") >> -set >> -(word("from") > set) >> -(word("to") > set))[act::move]];
inline const auto capture_def = spanned[(word("capture") >> -set)[act::capture]];
inline const auto group_def = spanned[(x3::lit('(') > condition > x3::lit(')'))[act::keep]];
inline const auto primary_def = spanned[signature | state | move | capture | comparison | group];
inline const auto transformed_def = spanned[(word("mirror") > transformed)[act::prefix<Kind::Mirror>] |
                                    (word("swap") > transformed)[act::prefix<Kind::Swap>] | primary[act::keep]];
inline const auto negated_def = spanned[(word("not") > negated)[act::prefix<Kind::Not>] | transformed[act::keep]];
inline const auto both_def = spanned[negated[act::keep] >> *(word("and") > negated)[act::join<Kind::And>]];
inline const auto either_def = spanned[both[act::keep] >> *(word("or") > both)[act::join<Kind::Or>]];
inline const auto then_step_def = spanned[(word("then") >> -(word("within") > count) > either)[act::then_step]];
inline const auto condition_def = spanned[either[act::keep] >> *then_step[act::join<Kind::Then>]];


// ---- the pattern ---------------------------------------------------------------------------
inline const auto sort_order_def =
    word("max") >> x3::attr(true) | word("min") >> x3::attr(false);
inline const auto sort_def =
    word("sort") > sort_order > value;
inline const auto end_def = x3::eoi;
inline const auto pattern_def =
    (x3::eps > condition > -sort > end)[act::pattern];

BOOST_SPIRIT_DEFINE(word_byte, word_end, count, number, side, korean_kind, piece, square, file_name, rank_name, squares, region)
BOOST_SPIRIT_DEFINE(set_atom, set_intersection, set_union, set_verb, quantity, value, relation_op, range, relation, comparison, army_letter, army)
BOOST_SPIRIT_DEFINE(signature, state, move, capture, group, primary, both, either, then_step, sort_order, sort, end)
BOOST_SPIRIT_DEFINE(rank_number, range_op, pattern, condition, negated, transformed, set, set_complement)

}  // namespace gibo::pattern_grammar
