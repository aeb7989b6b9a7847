// The .gib grammar in Boost.Spirit X3, in one place and top down in the order of
// formats/gib/README.md, which states each rule as it is written here
// (tests/formats/grammar_readme_test.cpp compares them, and their order): tag lines,
// comments, move lines, ply tokens (numbered, hangul or hanja piece names, side marks,
// capture and check suffixes, 한수쉼, letter and old numbered squares), the values of the
// setup and [판] tags, results, and the characters they are made of. Each rule is declared
// first (an x3::rule) and defined below as `name_def`, each before the rules it uses
// (BOOST_SPIRIT_DEFINE, or define_coded for the rules built per coding, at the end).
//
// The line-level rules read a line's raw bytes in its coding (no decoding first): a
// character is compared as its UTF-8 bytes packed into an integer (characters.h). Each rule
// is built once, per coding where it reads letters (a template over Coding), and yields
// positions in the input (raw[] over the bytes) so that the reader keeps every
// diagnostic's exact place. The semantic actions are actions.h's; what the rules read into
// and the entry points are tokens.h's. Internal to the .gib reader.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <functional>
#include <string>

#include "../../src/core/x3_bytes.h"
#include "actions.h"
#include "characters.h"
#include "tokens.h"

namespace gibo::gib::grammar {

namespace x3 = boost::spirit::x3;

using x3_bytes::blank;
using x3_bytes::blanks;

// ---- the rules, declared ----------------------------------------------------------------
// (those read per coding as templates over it: `ply<Coding::Cp949>` and so on)
inline const x3::rule<class file_lines_id> file_lines = "file-lines";
inline const x3::rule<class stray_line_id> stray_line = "stray-line";
inline const x3::rule<class game_lines_id> game_lines = "game-lines";
inline const x3::rule<class header_id> header = "header";
inline const x3::rule<class body_lines_id> body_lines = "body-lines";
inline const x3::rule<class body_id> body = "body";
inline const x3::rule<class header_line_id> header_line = "header-line";
inline const x3::rule<class blank_line_id> blank_line = "blank-line";
inline const x3::rule<class comment_lines_id> comment_lines = "comment-lines";
inline const x3::rule<class line_id> line = "line";
#define GIBO_GIB_CODED_RULE(name, Attribute)                                         \
  template <Coding C>                                                                \
  struct name##_id;                                                                  \
  template <Coding C>                                                                \
  inline const x3::rule<name##_id<C>, Attribute> name = #name;
GIBO_GIB_CODED_RULE(tag_line, x3::unused_type)
GIBO_GIB_CODED_RULE(tag_open, x3::unused_type)
GIBO_GIB_CODED_RULE(tag_name, x3::unused_type)
GIBO_GIB_CODED_RULE(tag_value, x3::unused_type)
inline const x3::rule<class tag_escape_id> tag_escape = "tag-escape";
GIBO_GIB_CODED_RULE(tag_close, x3::unused_type)
GIBO_GIB_CODED_RULE(bare_value, x3::unused_type)
GIBO_GIB_CODED_RULE(bare_close, x3::unused_type)
GIBO_GIB_CODED_RULE(open, x3::unused_type)
GIBO_GIB_CODED_RULE(close, x3::unused_type)
GIBO_GIB_CODED_RULE(open_quote, x3::unused_type)
GIBO_GIB_CODED_RULE(close_quote, x3::unused_type)
inline const x3::rule<class comment_text_id> comment_text = "comment-text";
inline const x3::rule<class comment_escape_id> comment_escape = "comment-escape";
GIBO_GIB_CODED_RULE(move_line, x3::unused_type)
GIBO_GIB_CODED_RULE(ply_line_start, x3::unused_type)
GIBO_GIB_CODED_RULE(numbered_ply, x3::unused_type)
inline const x3::rule<class ply_number_id, int> ply_number = "ply-number";
inline const x3::rule<class number_or_zero_id, int> number_or_zero = "number-or-zero";
inline const x3::rule<class time_id, int> time = "time";
inline const x3::rule<class seconds_id, int> seconds = "seconds";
GIBO_GIB_CODED_RULE(ply, PlyToken)
inline const x3::rule<class truncated_ply_id> truncated_ply = "truncated-ply";
GIBO_GIB_CODED_RULE(capture, CaptureToken)
GIBO_GIB_CODED_RULE(check, x3::unused_type)
inline const x3::rule<class square_id, boost::iterator_range<Iterator>> square = "square";
inline const x3::rule<class token_end_id> token_end = "token-end";
GIBO_GIB_CODED_RULE(side, SideLetter)
GIBO_GIB_CODED_RULE(piece, PieceLetter)
inline const x3::rule<class setup_value_id, Setup> setup_value = "setup-value";
inline const x3::rule<class setup_name_id, Setup> setup_name = "setup-name";
inline const x3::rule<class pan_id, boost::fusion::deque<boost::iterator_range<Iterator>, Side>> pan = "pan";
inline const x3::rule<class pan_board_id> pan_board = "pan-board";
inline const x3::rule<class pan_letter_id, Piece> pan_letter = "pan-letter";
inline const x3::rule<class result_text_id> result_text = "result-text";
inline const x3::rule<class result_body_id> result_body = "result-body";
inline const x3::rule<class quotes_id> quotes = "quotes";
inline const x3::rule<class result_id> result = "result";
inline const x3::rule<class unknown_result_id> unknown_result = "unknown-result";
inline const x3::rule<class void_result_id> void_result = "void-result";
inline const x3::rule<class draw_id> draw = "draw";
inline const x3::rule<class draw_how_id> draw_how = "draw-how";
inline const x3::rule<class decided_id> decided = "decided";
inline const x3::rule<class named_id> named = "named";
inline const x3::rule<class margin_id> margin = "margin";
inline const x3::rule<class paren_margin_id> paren_margin = "paren-margin";
inline const x3::rule<class number_id> number = "number";
inline const x3::rule<class outcome_id> outcome = "outcome";
inline const x3::rule<class lost_id> lost = "lost";
inline const x3::rule<class pae_end_id> pae_end = "pae-end";
inline const x3::rule<class how_id> how = "how";
inline const x3::rule<class has_margin_id> has_margin = "has-margin";
GIBO_GIB_CODED_RULE(character, x3::unused_type)
inline const x3::rule<class digit_id, char> digit = "digit";
#undef GIBO_GIB_CODED_RULE

// ---- a file's lines (README "Text"), over scan.h's lines -------------------------------------
// The Scan reads file-lines, the start of each game and the text outside any game handed to
// it; a game's reader reads its header, and its body, whose comments and move lines it is
// handed.
inline const auto file_lines_def = *stray_line >> *game_lines;
inline const auto stray_line_def = !header_line >> x3::raw[line][act::stray_line];
inline const auto game_lines_def = x3::raw[header][act::game] >> body_lines;
inline const auto header_def = +header_line;
inline const auto body_lines_def = *(!header_line >> line);
inline const auto body_def = *(blank_line | !header_line >> (comment_lines | x3::raw[line][act::move_line]));
inline const auto header_line_def = x3_bytes::scan(read_header_line);
inline const auto blank_line_def = x3_bytes::scan(read_blank_line);
inline const auto comment_lines_def = x3_bytes::scan(read_comment_lines);
inline const auto line_def = x3_bytes::scan(read_line);

// ---- tag lines (README "Text") -----------------------------------------------------------
// The actions decode the name and the value (its escapes undone) into TagState::out.
template <Coding C>
inline const auto tag_line_def = tag_open<C> >> tag_value<C> >> tag_close<C> |
                                 tag_open<C> >> x3::raw[*(character<C> - tag_close<C>)][act::verbatim] >> tag_close<C> |
                                 tag_name<C> >> !open_quote<C> >> bare_value<C> >> bare_close<C>;
template <Coding C>
inline const auto tag_open_def = tag_name<C> >> open_quote<C>;
template <Coding C>
inline const auto tag_name_def = blanks >> open<C> >> x3::raw[chars_but<C>(" \t\"]", U'］')][act::name] >> +blank;
template <Coding C>
inline const auto tag_value_def = *(x3::raw[chars_but<C>("\"\\")][act::value_run] | x3::lit('\\') >> tag_escape |
                                    x3::char_('\\')[act::value_char]);
inline const auto tag_escape_def = x3_bytes::one_of("\\\"nr")[act::value_escape];
template <Coding C>
inline const auto tag_close_def = close_quote<C> >> blanks >> close<C> >> blanks >> x3::eoi;
template <Coding C>
inline const auto bare_value_def =
    x3::raw[+(character<C> - bare_close<C> - open_quote<C> - close_quote<C>)][act::verbatim];
template <Coding C>
inline const auto bare_close_def = blanks >> close<C> >> blanks >> x3::eoi;
template <Coding C>
inline const auto open_def = x3::lit('[') | letter<C>(U'［');
template <Coding C>
inline const auto close_def = x3::lit(']') | letter<C>(U'］');
template <Coding C>
inline const auto open_quote_def = x3::lit('"') | letter<C>(U'“') | letter<C>(U'＂');
template <Coding C>
inline const auto close_quote_def = x3::lit('"') | letter<C>(U'”') | letter<C>(U'＂');

// ---- comments (README "Text"), over the decoded text -------------------------------------
// The actions append the comment, escapes undone, to the string given by
// x3::with<comment_out_tag>(std::ref(out)) (read_comment_text).
inline const auto comment_text_def = *(x3::raw[chars_but<Coding::Utf8>("}\\")][act::comment_run] |
                                       x3::lit('\\') >> comment_escape | x3::char_('\\')[act::comment_char]);
inline const auto comment_escape_def =
    x3_bytes::one_of("\\}r[")[act::comment_escape] | x3::raw[x3::lit("［")][act::comment_run];

// ---- move lines (README "Text") ---------------------------------------------------------
// What move-line reads goes to the reader (actions.h, "move lines"). A move line is read as
// far as this rule reaches; what stands after that is no ply.
template <Coding C>
inline const auto move_line_def = blanks >> *((time[act::time] | numbered_ply<C>) >> blanks);
// A line that reads as plies: where an unterminated comment ends (no actions).
template <Coding C>
inline const auto ply_line_start_def = blanks >> ply_number >> blanks >> ply<C>;
template <Coding C>
inline const auto numbered_ply_def = x3::raw[ply_number][act::ply_number] >> blanks >> ply<C>[act::ply];
// The attribute is the number's value, 0 when it does not fit an int.
inline const auto ply_number_def = number_or_zero >> x3::lit('.');
inline const auto number_or_zero_def = x3_bytes::scan<int>(read_number_or_zero);
inline const auto time_def = x3::lit('<') >> seconds >> x3::lit('>') >> token_end;
inline const auto seconds_def = x3::uint_parser<int>{} | x3::lit('-') >> +x3::lit('0') >> x3::attr(0);

// ---- ply tokens (README "Ply tokens") -------------------------------------------------
// Each letter is read once: a side mark and its piece are taken together by one action, so
// that a side letter that turns out to be the piece, `95楚84`, leaves no mark behind, and
// "장군" is tried before the piece letter 장 of a capture.
template <Coding C>
inline const auto ply_def = x3::raw
    [(letter<C>(U'한') >> letter<C>(U'수') >> letter<C>(U'쉼') >> token_end)[act::pass] |
     (square[act::from] >> ((side<C> >> piece<C>)[act::marked_piece] | piece<C>[act::piece]) >> square[act::to] >>
      -(check<C>[act::check] | capture<C>[act::capture] >> -check<C>[act::check]) >> token_end)][act::token];
// A token a few more characters would make a ply (a digit, two, or 졸 and two): over the
// decoded token, whole.
inline const auto truncated_ply_def =
    square >> (side<Coding::Utf8> >> piece<Coding::Utf8> | piece<Coding::Utf8>) >> -(x3::char_('a', 'i') | +digit) >>
        x3::eoi |
    square >> -side<Coding::Utf8> >> x3::eoi;
template <Coding C>
inline const auto capture_def = letter<C>(U'타') >> piece<C>[act::marked_captured] | piece<C>[act::captured];
template <Coding C>
inline const auto check_def = letter<C>(U'장') >> letter<C>(U'군');
inline const auto square_def = x3::raw[x3::char_('a', 'i') >> digit | +digit];
// A token ends at a blank or at the end of the line (or of the text given).
inline const auto token_end_def = &(blank | x3::eoi);
template <Coding C>
inline const auto side_def = x3_bytes::scan<SideLetter>(read_side<C>);
template <Coding C>
inline const auto piece_def = x3_bytes::scan<PieceLetter>(read_piece<C>);

// ---- setup and [판] values (decoded text; README "Tags with a meaning") ---------------------
inline const auto setup_value_def = *x3::lit(' ') >> setup_name >> *x3::lit(' ') >> x3::eoi;
inline const auto& setup_name_def = setup_names();
inline const auto pan_def = x3::raw[*~x3::char_(' ')] >> x3::lit(' ') >> *x3::lit(' ') >>
                            (x3::lit("초") >> x3::attr(Side::Cho) | x3::lit("한") >> x3::attr(Side::Han));
inline const auto pan_board_def =
    *(x3::lit('/')[act::pan_rank] | x3::char_('1', '9')[act::pan_empty] | pan_letter[act::pan_piece]);
inline const auto& pan_letter_def = pan_letters();

// ---- results (대국결과, decoded text; README "Results") ------------------------------------
// The result text is read in two passes: result-text makes the canonical text (楚 漢 as
// 초 한, blanks dropped, the quotes that end it cut), and result reads that; a text that
// fits none of its alternatives is no result gibo knows (winner unknown).
inline const auto result_text_def = *(x3::lit("楚")[act::put_text("초")] | x3::lit("漢")[act::put_text("한")] | blank |
                                      x3::char_[act::put_byte]);
inline const auto result_body_def = *((quotes >> !x3::eoi) | (x3::char_ - x3::char_("'\"")));
inline const auto quotes_def = +x3::char_("'\"");
inline const auto result_def = unknown_result | void_result | draw | decided;
inline const auto unknown_result_def = x3::lit("미상");
inline const auto void_result_def = (x3::lit("무효") | x3::lit("통신장애"))[act::winner(Winner::Void)];
inline const auto draw_def = &(x3::lit("무승부") | x3::lit("비김")) >> x3::eps[act::winner(Winner::Draw)] >> draw_how;
inline const auto draw_how_def = &x3::seek[x3::lit("동의")] >> x3::eps[act::method(ResultMethod::Agreement)] |
                                 &x3::seek[x3::lit("빅")] >> x3::eps[act::method(ResultMethod::Bikjang)] |
                                 &x3::seek[x3::lit("자동")] >> x3::eps[act::method(ResultMethod::Automatic)] |
                                 x3::eps[act::method(ResultMethod::Unspecified)];
inline const auto decided_def = named >> -x3::lit("의") >> -margin >> -&paren_margin >> outcome >> how;
inline const auto named_def = x3::lit("초")[act::named(Side::Cho)] | x3::lit("한")[act::named(Side::Han)];
inline const auto margin_def = number >> (x3::lit("점")[act::margin] | x3::eps[act::margin_if_fraction]);
inline const auto paren_margin_def =
    *(x3::char_ - '(') >> x3::lit('(') >> number >> (&x3::lit("점")[act::margin] | x3::eps[act::margin_if_fraction]);
inline const auto number_def = x3::raw[+digit][act::whole] >> -(x3::lit('.') >> digit[act::fraction] >> *digit);
inline const auto outcome_def = &x3::seek[x3::lit("승") | x3::lit("와늣") | x3::lit("완슫")] >> x3::eps[act::named_won(true)] |
                                &lost >> x3::eps[act::named_won(false)];
inline const auto lost_def = (*(x3::char_ - '(' - pae_end) >> pae_end) | x3::seek[x3::lit("패") >> x3::eoi];
inline const auto pae_end_def = x3::lit("패") >> &(x3::lit('(') | x3::eoi);
inline const auto how_def =
    &x3::seek[x3::lit("기권") | x3::lit("불계")] >> x3::eps[act::method(ResultMethod::Resignation)] |
    &x3::seek[x3::lit("시간")] >> x3::eps[act::method(ResultMethod::Time)] |
    &x3::seek[x3::lit("끊김") | x3::lit("접속")] >> x3::eps[act::method(ResultMethod::Disconnection)] |
    (&x3::seek[x3::lit("점수") | x3::lit("판정") | x3::lit("기물")] | has_margin) >>
        x3::eps[act::method(ResultMethod::Points)] |
    &x3::seek[x3::lit("빅")] >> x3::eps[act::method(ResultMethod::Bikjang)] |
    &x3::seek[x3::lit("실격")] >> x3::eps[act::method(ResultMethod::Forfeit)] |
    &x3::seek[x3::lit("외통") | x3::lit("장군")] >> x3::eps[act::method(ResultMethod::Checkmate)] |
    &x3::seek[x3::lit("완승") | x3::lit("촨승") | x3::lit("와늣") | x3::lit("완슫")] >>
        x3::eps[act::method(ResultMethod::Outright)] |
    x3::eps[act::method(ResultMethod::Unspecified)];
inline const auto has_margin_def = x3_bytes::when(act::margin_read);

// ---- characters (README "Characters") ----------------------------------------------------
template <Coding C>
inline const auto character_def = x3_bytes::scan(read_character<C>);
inline const auto digit_def = x3::char_('0', '9');

// ---- the definitions given to the rules ------------------------------------------------------
BOOST_SPIRIT_DEFINE(file_lines, stray_line, game_lines, header, body_lines, body, header_line, blank_line,
                    comment_lines, line)
BOOST_SPIRIT_DEFINE(tag_escape, comment_text, comment_escape, truncated_ply, ply_number, number_or_zero, time, seconds, square,
                    token_end, setup_value, setup_name, pan, pan_board, pan_letter)
BOOST_SPIRIT_DEFINE(result_text, result_body, quotes, result, unknown_result, void_result, draw, draw_how, decided,
                    named, margin, paren_margin, number, outcome, lost, pae_end, how, has_margin, digit)
// BOOST_SPIRIT_DEFINE for a rule built per coding: its definition for that coding.
#define GIBO_GIB_DEFINE_CODED(name)                                                                        \
  template <Coding C, typename Attribute, typename It, typename Context>                                  \
  inline bool parse_rule(x3::rule<name##_id<C>, Attribute>, It& first, const It& last, const Context& ctx, \
                         Attribute& attr) {                                                                \
    static const auto def = (name<C> = name##_def<C>);                                                     \
    return def.parse(first, last, ctx, x3::unused, attr);                                                  \
  }
GIBO_GIB_DEFINE_CODED(tag_line)
GIBO_GIB_DEFINE_CODED(tag_open)
GIBO_GIB_DEFINE_CODED(tag_name)
GIBO_GIB_DEFINE_CODED(tag_value)
GIBO_GIB_DEFINE_CODED(tag_close)
GIBO_GIB_DEFINE_CODED(bare_value)
GIBO_GIB_DEFINE_CODED(bare_close)
GIBO_GIB_DEFINE_CODED(open)
GIBO_GIB_DEFINE_CODED(close)
GIBO_GIB_DEFINE_CODED(open_quote)
GIBO_GIB_DEFINE_CODED(close_quote)
GIBO_GIB_DEFINE_CODED(move_line)
GIBO_GIB_DEFINE_CODED(ply_line_start)
GIBO_GIB_DEFINE_CODED(numbered_ply)
GIBO_GIB_DEFINE_CODED(ply)
GIBO_GIB_DEFINE_CODED(capture)
GIBO_GIB_DEFINE_CODED(check)
GIBO_GIB_DEFINE_CODED(side)
GIBO_GIB_DEFINE_CODED(piece)
GIBO_GIB_DEFINE_CODED(character)
#undef GIBO_GIB_DEFINE_CODED

// Reads comment-text from `first`, appending it (escapes undone) to `out`; `first` is left
// at the closing '}' or at `last`.
inline void read_comment_text(Iterator& first, Iterator last, std::string& out) {
  x3::parse(first, last, x3::with<comment_out_tag>(std::ref(out))[comment_text]);
}

}  // namespace gibo::gib::grammar
