#include "grammar.h"

#include <boost/spirit/home/x3.hpp>

#include "gibo/formats/tag_text.h"

namespace gibo::gib {
namespace x3 = boost::spirit::x3;

namespace {

struct PieceSymbols : x3::symbols<PieceLetter> {
  PieceSymbols() {
    const auto P = [](PieceType t, bool hanja, std::optional<Side> side = std::nullopt) {
      return PieceLetter{t, side, hanja};
    };
    add("차", P(PieceType::Chariot, false))("포", P(PieceType::Cannon, false))("마", P(PieceType::Horse, false))(
        "상", P(PieceType::Elephant, false))("사", P(PieceType::Advisor, false))("장", P(PieceType::General, false))(
        "궁", P(PieceType::General, false))("졸", P(PieceType::Soldier, false, Side::Cho))(
        "병", P(PieceType::Soldier, false, Side::Han))("車", P(PieceType::Chariot, true))(
        "包", P(PieceType::Cannon, true))("砲", P(PieceType::Cannon, true))("馬", P(PieceType::Horse, true))(
        "象", P(PieceType::Elephant, true))("士", P(PieceType::Advisor, true))("將", P(PieceType::General, true))(
        "帥", P(PieceType::General, true))("卒", P(PieceType::Soldier, true, Side::Cho))(
        "兵", P(PieceType::Soldier, true, Side::Han))
        // readers are generous (formats/gib/README.md "Ply tokens"): a general may be written with its side's character
        ("楚", P(PieceType::General, true, Side::Cho))("漢", P(PieceType::General, true, Side::Han));
  }
};

struct SideSymbols : x3::symbols<Side> {
  SideSymbols() { add("楚", Side::Cho)("漢", Side::Han)("초", Side::Cho)("한", Side::Han); }
};

const PieceSymbols kPieces;
const SideSymbols kSides;

}  // namespace

bool parse_tag_line(std::string_view line, TagLine& out) {
  out.name.clear();
  out.value.clear();
  auto name = [&](auto& ctx) { out.name.push_back(x3::_attr(ctx)); };
  auto value = [&](auto& ctx) { out.value.push_back(x3::_attr(ctx)); };
  auto escaped = [&](auto& ctx) { out.value.push_back(tag_value_escape(x3::_attr(ctx))); };
  // Character sets and ranges only: X3's classifiers (digit, blank) assert on bytes over
  // 127 in debug builds, and every hangul byte is one.
  const auto blank = x3::char_(" \t");
  const auto head = *blank >> '[' >> +(~x3::char_(" \t\"]"))[name] >> +blank >> '"';
  // The value with the escapes of tag_text.h (a backslash before anything else is literal).
  const auto grammar = head >> *((x3::lit('\\') >> x3::char_("\\\"nr"))[escaped] | (~x3::char_('"'))[value]) >>
                       '"' >> *blank >> ']' >> *blank;
  auto first = line.begin();
  if (x3::parse(first, line.end(), grammar) && first == line.end()) return true;
  // Lenient reading of values written without escapes (`[Event "The "Big" Open"]`,
  // `[Dir "C:\"]`): the value runs verbatim from the first quote to the last one, when
  // only blanks and the closing bracket follow that.
  out.name.clear();
  out.value.clear();
  first = line.begin();
  if (!x3::parse(first, line.end(), head)) return false;
  const std::size_t open = static_cast<std::size_t>(first - line.begin());
  const std::size_t close = line.rfind('"');
  if (close == std::string_view::npos || close < open) return false;
  std::string_view rest = line.substr(close + 1);
  auto after = rest.begin();
  if (!x3::parse(after, rest.end(), *blank >> ']' >> *blank) || after != rest.end()) return false;
  out.value.assign(line.substr(open, close - open));
  return true;
}

namespace {

// The ply grammar is built once; its semantic actions reach the PlyToken being filled
// through the parse context (x3::with), so no parser is copied per call.
struct ply_out;
PlyToken& out_of(const auto& ctx) { return x3::get<ply_out>(ctx); }

const auto set_from = [](auto& ctx) { out_of(ctx).from.assign(x3::_attr(ctx).begin(), x3::_attr(ctx).end()); };
const auto set_to = [](auto& ctx) { out_of(ctx).to.assign(x3::_attr(ctx).begin(), x3::_attr(ctx).end()); };
const auto set_side = [](auto& ctx) { out_of(ctx).side_mark = x3::_attr(ctx); };
const auto set_piece = [](auto& ctx) { out_of(ctx).piece = x3::_attr(ctx); };
const auto set_marker = [](auto& ctx) { out_of(ctx).capture_marker = true; };
const auto set_captured = [](auto& ctx) { out_of(ctx).captured = x3::_attr(ctx); };
const auto set_check = [](auto& ctx) { out_of(ctx).check = true; };

const auto digit = x3::char_('0', '9');  // not x3::digit: see parse_tag_line
const auto square = x3::raw[(x3::char_('a', 'i') >> digit) | +digit];
// A side mark counts only when a piece letter follows it (`95楚84` is a general).
const auto side_mark = &(kSides >> kPieces) >> kSides[set_side];
const auto capture = !x3::lit("장군") >> -x3::lit("타")[set_marker] >> kPieces[set_captured];

const x3::rule<class ply_rule> ply_rule = "ply";
const auto ply_rule_def = square[set_from] >> -side_mark >> kPieces[set_piece] >> square[set_to] >> -capture >>
                          -x3::lit("장군")[set_check];
BOOST_SPIRIT_DEFINE(ply_rule)

}  // namespace

bool parse_ply_token(std::string_view token, PlyToken& out) {
  out = PlyToken{};
  if (token == "한수쉼") {
    out.pass = true;
    return true;
  }
  auto first = token.begin();
  return x3::parse(first, token.end(), x3::with<ply_out>(out)[ply_rule]) && first == token.end();
}

std::string escape_comment(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  bool line_start = false;  // the first line follows the '{'
  for (char c : text) {
    if (c == '\\') out += "\\\\";
    else if (c == '}') out += "\\}";
    else if (c == '\r') out += "\\r";
    else if (c == '[' && line_start) out += "\\[";
    else out += c;
    if (c == '\n') line_start = true;
    else if (c != ' ' && c != '\t') line_start = false;
  }
  return out;
}

char comment_escape(char c) {
  switch (c) {
    case '\\': return '\\';
    case '}': return '}';
    case 'r': return '\r';
    case '[': return '[';
    default: return '\0';
  }
}

}  // namespace gibo::gib
