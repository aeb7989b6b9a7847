// The semantic actions of the .gib rules (grammar.h), apart from the rules, and the states
// they fill: each action is named by what it does, and reaches what the caller gave the
// parse with x3::with<tag>(std::ref(state)) through x3_bytes::state_of. Internal to the
// .gib reader.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <string>

#include "../../src/core/x3_bytes.h"
#include "gibo/formats/tag_text.h"
#include "gibo/record/result.h"
#include "tokens.h"

namespace gibo::gib::grammar {

namespace x3 = boost::spirit::x3;
using x3_bytes::view_of;

// ---- file and game lines --------------------------------------------------------------------
// The rules over a file's lines (scan.h's Line, one token each) read with these C++ tests,
// each taking one line (read_comment_lines a comment's lines), and hand what they find to
// the Scan finding the games (x3::with<file_lines_tag>) or to the reader of a game's body
// (x3::with<body_tag>).
struct file_lines_tag;
struct body_tag;
inline constexpr auto read_header_line = [](auto& first, const auto& last) {  // a tag line
  if (first == last || first->tag < 0) return false;
  ++first;
  return true;
};
inline constexpr auto read_blank_line = [](auto& first, const auto& last) {
  if (first == last || !first->blank) return false;
  ++first;
  return true;
};
inline constexpr auto read_line = [](auto& first, const auto& last) {
  if (first == last) return false;
  ++first;
  return true;
};
// A comment from its line's "{" (the reader reads its lines and says where it ends).
inline constexpr auto read_comment_lines = [](auto& first, const auto& last, const auto& ctx) {
  return x3_bytes::state_of<body_tag>(ctx).comment_lines(first, last);
};
namespace act {
inline constexpr auto stray_line = [](auto& ctx) { x3_bytes::state_of<file_lines_tag>(ctx).stray_line(*x3::_attr(ctx).begin()); };
inline constexpr auto game = [](auto& ctx) { x3_bytes::state_of<file_lines_tag>(ctx).game_at(x3::_attr(ctx).begin()); };
inline constexpr auto move_line = [](auto& ctx) { x3_bytes::state_of<body_tag>(ctx).move_line(*x3::_attr(ctx).begin()); };
}  // namespace act

// ---- ply tokens: the actions fill the PlyToken the rule ply<C> yields (its _val) -----------
namespace act {
inline constexpr auto pass = [](auto& ctx) { x3::_val(ctx).pass = true; };
inline constexpr auto from = [](auto& ctx) { x3::_val(ctx).from = view_of(x3::_attr(ctx)); };
inline constexpr auto to = [](auto& ctx) { x3::_val(ctx).to = view_of(x3::_attr(ctx)); };
inline constexpr auto marked_piece = [](auto& ctx) {  // side piece: their attributes together
  const SideLetter& side = boost::fusion::at_c<0>(x3::_attr(ctx));
  x3::_val(ctx).side_mark = side.side;
  x3::_val(ctx).side_key = side.key;
  x3::_val(ctx).piece = boost::fusion::at_c<1>(x3::_attr(ctx));
};
inline constexpr auto piece = [](auto& ctx) { x3::_val(ctx).piece = x3::_attr(ctx); };
inline constexpr auto capture = [](auto& ctx) {  // the CaptureToken of capture<C>
  x3::_val(ctx).captured = x3::_attr(ctx).piece;
  x3::_val(ctx).capture_marker = x3::_attr(ctx).marker;
};
inline constexpr auto check = [](auto& ctx) { x3::_val(ctx).check = true; };
inline constexpr auto token = [](auto& ctx) { x3::_val(ctx).token = view_of(x3::_attr(ctx)); };
}  // namespace act

// ---- capture suffixes: the actions fill the CaptureToken of the rule capture<C> ---------------
namespace act {
inline constexpr auto marked_captured = [](auto& ctx) {
  x3::_val(ctx).piece = x3::_attr(ctx);
  x3::_val(ctx).marker = true;
};
inline constexpr auto captured = [](auto& ctx) { x3::_val(ctx).piece = x3::_attr(ctx); };
}  // namespace act

// ---- move lines ----------------------------------------------------------------------------
// What move-line reads goes to the reader, given by x3::with<move_line_tag>(std::ref(r)):
// r.ply_number(text) for each number (its bytes, the "." included), r.ply(token) for each
// ply and r.time(seconds) for each time; the last two return false to end the line there
// (a square that is no board point; a time before any ply).
struct move_line_tag;
namespace act {
inline constexpr auto ply_number = [](auto& ctx) { x3_bytes::state_of<move_line_tag>(ctx).ply_number(view_of(x3::_attr(ctx))); };
inline constexpr auto ply = [](auto& ctx) { x3::_pass(ctx) = x3_bytes::state_of<move_line_tag>(ctx).ply(x3::_attr(ctx)); };
inline constexpr auto time = [](auto& ctx) { x3::_pass(ctx) = x3_bytes::state_of<move_line_tag>(ctx).time(x3::_attr(ctx)); };
}  // namespace act

// ---- comments ------------------------------------------------------------------------------
// The actions append the comment, escapes undone, to the string given by
// x3::with<comment_out_tag>(std::ref(out)) (read_comment_text).
struct comment_out_tag;
namespace act {
inline constexpr auto comment_run = [](auto& ctx) {
  const auto& r = x3::_attr(ctx);
  x3_bytes::state_of<comment_out_tag>(ctx).append(r.begin(), r.end());
};
inline constexpr auto comment_char = [](auto& ctx) { x3_bytes::state_of<comment_out_tag>(ctx) += x3::_attr(ctx); };
inline constexpr auto comment_escape = [](auto& ctx) {
  x3_bytes::state_of<comment_out_tag>(ctx) += gib::comment_escape(x3::_attr(ctx));
};
}  // namespace act

// ---- tag lines -----------------------------------------------------------------------------
// The actions decode the name and the value (its escapes undone) into TagState::out.
struct TagState {
  TagLine* out;
  Coding coding;
};
struct tag_state_tag;
namespace act {
inline constexpr auto name = [](auto& ctx) {
  const TagState& s = x3_bytes::state_of<tag_state_tag>(ctx);
  s.out->name.clear();
  decode(view_of(x3::_attr(ctx)), s.coding, s.out->name);
};
inline constexpr auto value_run = [](auto& ctx) {
  const TagState& s = x3_bytes::state_of<tag_state_tag>(ctx);
  decode(view_of(x3::_attr(ctx)), s.coding, s.out->value);
};
inline constexpr auto value_char = [](auto& ctx) { x3_bytes::state_of<tag_state_tag>(ctx).out->value += x3::_attr(ctx); };
inline constexpr auto value_escape = [](auto& ctx) {
  x3_bytes::state_of<tag_state_tag>(ctx).out->value += tag_value_escape(x3::_attr(ctx));
};
inline constexpr auto verbatim = [](auto& ctx) {
  const TagState& s = x3_bytes::state_of<tag_state_tag>(ctx);
  s.out->value.clear();
  decode(view_of(x3::_attr(ctx)), s.coding, s.out->value);
};
}  // namespace act

// ---- results -------------------------------------------------------------------------------
struct canonical_out_tag;
struct ResultState {
  NormalizedResult result;
  Side named = Side::Cho;
  int half = 0;  // the last number read, in half points
  bool fraction = false;
};
struct result_state_tag;
namespace act {
inline constexpr auto put_text = [](const char* text) {
  return [text](auto& ctx) { x3_bytes::state_of<canonical_out_tag>(ctx) += text; };
};
inline constexpr auto put_byte = [](auto& ctx) { x3_bytes::state_of<canonical_out_tag>(ctx) += x3::_attr(ctx); };
inline constexpr auto whole = [](auto& ctx) {
  unsigned value = 0;  // wraps where the number is past any margin
  for (char c : x3::_attr(ctx)) value = value * 10 + static_cast<unsigned>(c - '0');
  ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
  st.half = static_cast<int>(value * 2);
  st.fraction = false;
};
inline constexpr auto fraction = [](auto& ctx) {
  ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
  st.fraction = true;
  if (x3::_attr(ctx) >= '5') ++st.half;  // N.5 points: the deom makes every margin a half
};
inline constexpr auto margin = [](auto& ctx) {
  ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
  st.result.margin_half_points = st.half;
};
inline constexpr auto margin_if_fraction = [](auto& ctx) {
  ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
  if (st.fraction) st.result.margin_half_points = st.half;
};
inline constexpr auto named = [](Side side) { return [side](auto& ctx) { x3_bytes::state_of<result_state_tag>(ctx).named = side; }; };
inline constexpr auto winner = [](Winner w) { return [w](auto& ctx) { x3_bytes::state_of<result_state_tag>(ctx).result.winner = w; }; };
inline constexpr auto named_won = [](bool won) {
  return [won](auto& ctx) {
    ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
    st.result.winner = (st.named == Side::Cho) == won ? Winner::Cho : Winner::Han;
  };
};
inline constexpr auto method = [](ResultMethod m) {
  return [m](auto& ctx) { x3_bytes::state_of<result_state_tag>(ctx).result.method = m; };
};
// The test (x3_bytes::when) of has-margin: a margin was read.
inline constexpr auto margin_read = [](const auto& ctx) {
  return x3_bytes::state_of<result_state_tag>(ctx).result.margin_half_points.has_value();
};
}  // namespace act

// ---- [판] boards ----------------------------------------------------------------------------
struct pan_board_tag;
namespace act {
inline constexpr auto pan_rank = [](auto& ctx) {
  PanBoard& b = x3_bytes::state_of<pan_board_tag>(ctx);
  if (++b.rank >= kRanks) {
    b.error = "[판] board has more than 10 ranks";
    x3::_pass(ctx) = false;
    return;
  }
  b.file = 0;
};
inline constexpr auto pan_width = [](PanBoard& b, auto& ctx) {
  if (b.file > kFiles) {
    b.error = "[판] rank " + std::to_string(b.rank + 1) + " is wider than 9 points";
    x3::_pass(ctx) = false;
  }
};
inline constexpr auto pan_empty = [](auto& ctx) {
  PanBoard& b = x3_bytes::state_of<pan_board_tag>(ctx);
  b.file += x3::_attr(ctx) - '0';
  pan_width(b, ctx);
};
inline constexpr auto pan_piece = [](auto& ctx) {
  PanBoard& b = x3_bytes::state_of<pan_board_tag>(ctx);
  if (b.file < kFiles) b.grid[static_cast<std::size_t>(b.rank)][static_cast<std::size_t>(b.file)] = x3::_attr(ctx);
  ++b.file;
  pan_width(b, ctx);
};
}  // namespace act

}  // namespace gibo::gib::grammar
