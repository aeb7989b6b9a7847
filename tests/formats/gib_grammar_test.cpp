// The .gib grammar's X3 rules (formats/gib/grammar.h), rule by rule, with examples that
// must parse and examples that must not, in UTF-8 and in CP949 bytes.
#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <iterator>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "../../formats/gib/grammar.h"
#include "gibo/formats/encoding.h"
#include "gibo/formats/gib.h"

namespace gibo::gib {
namespace {

namespace x3 = boost::spirit::x3;

std::string cp949(std::string_view utf8) {
  std::string out;
  EXPECT_EQ(text::utf8_to_cp949(utf8, out), 0u) << utf8;
  return out;
}

// Does `rule` match the whole of `s`?
template <typename Rule>
bool whole(const Rule& rule, std::string_view s) {
  const char* first = s.data();
  return x3::parse(first, s.data() + s.size(), rule >> x3::eoi);
}

struct Ply {
  bool ok = false;
  PlyToken token;
  std::string text;
};
Ply ply(std::string_view raw, Coding coding = Coding::Utf8) {
  Ply p;
  p.ok = parse_ply_token(raw, coding, p.text, p.token);
  return p;
}

TEST(GibGrammar, PlyTokensThatParse) {
  for (Coding coding : {Coding::Utf8, Coding::Cp949}) {
    // The texts outlive the tokens, whose squares are views into them.
    std::deque<std::string> texts;
    auto in = [&](std::string_view u) -> const std::string& {
      return texts.emplace_back(coding == Coding::Utf8 ? std::string(u) : cp949(u));
    };
    const std::string s1 = in("79졸78");
    Ply p = ply(s1, coding);
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.text, "79졸78");
    EXPECT_EQ(p.token.from, "79");
    EXPECT_EQ(p.token.to, "78");
    EXPECT_EQ(p.token.from.data(), s1.data());  // a view into the raw token
    EXPECT_EQ(p.token.piece.type, PieceType::Soldier);
    EXPECT_EQ(p.token.piece.implied_side, Side::Cho);
    EXPECT_EQ(p.token.chars, 5);
    EXPECT_FALSE(p.token.check);
    EXPECT_EQ(p.token.captured.type, PieceType::None);

    p = ply(in("41차49타포장군"), coding);  // capture marker, captured piece, check
    ASSERT_TRUE(p.ok);
    EXPECT_TRUE(p.token.capture_marker);
    EXPECT_EQ(p.token.captured.type, PieceType::Cannon);
    EXPECT_TRUE(p.token.check);
    EXPECT_EQ(p.token.chars, 9);
    EXPECT_EQ(p.text, "41차49타포장군");

    p = ply(in("41차49포"), coding);  // captured piece without 타
    ASSERT_TRUE(p.ok);
    EXPECT_FALSE(p.token.capture_marker);
    EXPECT_EQ(p.token.captured.type, PieceType::Cannon);

    p = ply(in("41차49장군"), coding);  // 장군 is the check, not a captured 장
    ASSERT_TRUE(p.ok);
    EXPECT_TRUE(p.token.check);
    EXPECT_EQ(p.token.captured.type, PieceType::None);

    p = ply(in("41차49장장군"), coding);  // a captured general, then the check
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.token.captured.type, PieceType::General);
    EXPECT_TRUE(p.token.check);

    p = ply(in("95楚84"), coding);  // 楚 as the piece: a general, no side mark
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.token.piece.type, PieceType::General);
    EXPECT_EQ(p.token.piece.implied_side, Side::Cho);
    EXPECT_FALSE(p.token.side_mark);

    p = ply(in("85漢卒84"), coding);  // side mark, then a hanja piece
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.token.side_mark, Side::Han);
    EXPECT_EQ(p.token.piece.type, PieceType::Soldier);
    EXPECT_TRUE(p.token.piece.hanja);

    p = ply(in("12초마33"), coding);  // hangul side mark
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.token.side_mark, Side::Cho);

    p = ply(in("i3차i9"), coding);  // letter squares
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.token.from, "i3");
    EXPECT_EQ(p.token.to, "i9");

    p = ply(in("4마23"), coding);  // old numbered squares: kept as written
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.token.from, "4");
    EXPECT_EQ(p.token.to, "23");

    p = ply(in("한수쉼"), coding);
    ASSERT_TRUE(p.ok);
    EXPECT_TRUE(p.token.pass);
    EXPECT_EQ(p.token.chars, 3);
  }
}

TEST(GibGrammar, PlyTokensThatDoNot) {
  for (Coding coding : {Coding::Utf8, Coding::Cp949}) {
    // The texts outlive the tokens, whose squares are views into them.
    std::deque<std::string> texts;
    auto in = [&](std::string_view u) -> const std::string& {
      return texts.emplace_back(coding == Coding::Utf8 ? std::string(u) : cp949(u));
    };
    for (const char* bad : {"", "79", "79졸", "79졸7x", "x9졸78", "79Z78", "79졸78 ", "79졸78타", "79졸78군",
                            "79졸78타장군", "79졸78장군x", "한수쉼x", "한수", "79초78", "졸78"}) {
      Ply p = ply(in(bad), coding);
      EXPECT_FALSE(p.ok) << bad;
      EXPECT_EQ(p.text, bad);  // the token decoded, for the reader's message
    }
  }
  // Forced UTF-8 on bytes that are not: every byte >= 0x80 reads as '?'
  const Ply p = ply("79\xC1\xB9" "78", Coding::Ascii);
  EXPECT_FALSE(p.ok);
  EXPECT_EQ(p.text, "79??78");
  // A CP949 byte that does not decode is U+FFFD, never part of a letter
  const Ply q = ply("79\x81" "78", Coding::Cp949);
  EXPECT_FALSE(q.ok);
  EXPECT_EQ(q.text, "79\xEF\xBF\xBD" "78");
}

TEST(GibGrammar, Squares) {
  for (const char* s : {"79", "0", "1234", "a0", "i9"}) EXPECT_TRUE(whole(grammar::square, s)) << s;
  for (const char* s : {"", "j1", "a", "ab", "A1", "-1"}) EXPECT_FALSE(whole(grammar::square, s)) << s;
}

TEST(GibGrammar, PlyNumbersAndTimes) {
  for (const char* s : {"1.", "12.", "007."}) EXPECT_TRUE(whole(grammar::ply_number, s)) << s;
  auto number = [](std::string_view s) {
    int n = -1;
    const char* first = s.data();
    EXPECT_TRUE(x3::parse(first, s.data() + s.size(), grammar::ply_number >> x3::eoi, n)) << s;
    return n;
  };
  EXPECT_EQ(number("12."), 12);
  EXPECT_EQ(number("0007."), 7);
  EXPECT_EQ(number("2147483647."), 2147483647);
  EXPECT_EQ(number("2147483648."), 0);  // does not fit an int
  EXPECT_EQ(number("99999999999999999999999."), 0);
  for (const char* s : {"", "12", ".", "a.", "1 ."}) EXPECT_FALSE(whole(grammar::ply_number, s)) << s;

  auto time = [](std::string_view s, int& seconds) {
    const char* first = s.data();
    return x3::parse(first, s.data() + s.size(), grammar::time, seconds);
  };
  int seconds = -1;
  EXPECT_TRUE(time("<12>", seconds));
  EXPECT_EQ(seconds, 12);
  EXPECT_TRUE(time("<0>", seconds));
  EXPECT_EQ(seconds, 0);
  EXPECT_TRUE(time("<-0>", seconds));  // read as std::from_chars did: minus zero is zero
  EXPECT_EQ(seconds, 0);
  EXPECT_TRUE(time("<0007>", seconds));
  EXPECT_EQ(seconds, 7);
  for (const char* s : {"<>", "<-1>", "<+5>", "<1x>", "<12", "12>", "<99999999999>", "<12>>", "< 1>"})
    EXPECT_FALSE(time(s, seconds)) << s;
}

TEST(GibGrammar, TagLines) {
  struct Case {
    const char* line;
    const char* name;
    const char* value;
  };
  const Case good[] = {
      {"[초차림 \"마상상마\"]", "초차림", "마상상마"},
      {"  [a \"b\"]  ", "a", "b"},
      {"[a\t\"b\"]\t", "a", "b"},
      {"[a  \"\"]", "a", ""},
      {"[a \"x\\\"y\\\\z\\n\\r\"]", "a", "x\"y\\z\n\r"},  // escapes
      {"[Dir \"C:\\games\"]", "Dir", "C:\\games"},         // a lone backslash is itself
      {"[Event \"The \"Big\" Open\"]", "Event", "The \"Big\" Open"},  // lenient: first to last quote
      {"[Dir \"C:\\\"]", "Dir", "C:\\"},
      {"[a \"b] c\"]", "a", "b] c"},
      // bare values (no quotes): the value runs to the blanks before the closing bracket
      {"[대국장소 KBS]", "대국장소", "KBS"},
      {" [대회명  제1회 명인전 ]\t", "대회명", "제1회 명인전"},
      {"[판 9/9 한 접장기]", "판", "9/9 한 접장기"},
      // full-width brackets and quotes, in any mix with the ASCII ones
      {"［대국장소 \"KBS\"］", "대국장소", "KBS"},
      {"[대국장소 “KBS”]", "대국장소", "KBS"},
      {"［초대국자 “김동학 四단”］", "초대국자", "김동학 四단"},
      {"[a ＂b＂]", "a", "b"},
      {"[a \"b”]", "a", "b"},
      {"［a b］", "a", "b"},
      {"[a “b \\ c”]", "a", "b \\ c"},  // verbatim: no escapes inside full-width quotes
  };
  for (Coding coding : {Coding::Utf8, Coding::Cp949}) {
    for (const Case& c : good) {
      const std::string raw = coding == Coding::Utf8 ? std::string(c.line) : cp949(c.line);
      TagLine t;
      ASSERT_TRUE(parse_tag_line(raw, coding, t)) << c.line;
      EXPECT_EQ(t.name, c.name);
      EXPECT_EQ(t.value, c.value);
    }
    for (const char* bad : {"[a\"b\"]", "[ \"b\"]", "[a \"b\"] x", "[a \"b\"", "a \"b\"]", "[a ]", "[]",
                            "[a \"b\"]]", "[a] \"b\"]", "{[a \"b\"]", "[a \"b]", "[a b] c", "[ab]", "[a “b",
                            "［a b", "(a b)", "[a b\"]", "[a 將\"b\"]", "[a b“c]", "【a b】", "［a］ b］"}) {
      const std::string raw = coding == Coding::Utf8 ? std::string(bad) : cp949(bad);
      TagLine t;
      EXPECT_FALSE(parse_tag_line(raw, coding, t)) << bad;
      EXPECT_TRUE(t.name.empty() && t.value.empty());
    }
  }
  // CP949: a byte that does not decode is one character (U+FFFD); the ']' after it is
  // itself, so the name ends there and the line is no tag line.
  TagLine t;
  EXPECT_FALSE(parse_tag_line("[\xB0] \"v\"]", Coding::Cp949, t));
  ASSERT_TRUE(parse_tag_line("[\xB0 \"v\xB0\"]", Coding::Cp949, t));
  EXPECT_EQ(t.name, "\xEF\xBF\xBD");
  EXPECT_EQ(t.value, "v\xEF\xBF\xBD");
  ASSERT_TRUE(parse_tag_line("[\xB0 \"v\"]", Coding::Ascii, t));
  EXPECT_EQ(t.name, "?");
}

TEST(GibGrammar, Comments) {
  auto read = [](std::string_view s, std::string& out) {
    const char* first = s.data();
    grammar::read_comment_text(first, s.data() + s.size(), out);
    return static_cast<std::size_t>(first - s.data());
  };
  std::string out;
  EXPECT_EQ(read("abc} rest", out), 3u);  // stops at the closing brace
  EXPECT_EQ(out, "abc");
  out.clear();
  EXPECT_EQ(read("a\\}b}", out), 4u);  // an escaped brace does not close
  EXPECT_EQ(out, "a}b");
  out.clear();
  EXPECT_EQ(read("x\\qy\\\\\\r\\[", out), 10u);  // \q is no escape: the backslash stays
  EXPECT_EQ(out, "x\\qy\\\r[");
  out.clear();
  EXPECT_EQ(read("no close \\", out), 10u);  // to the end; a final backslash is itself
  EXPECT_EQ(out, "no close \\");
}

TEST(GibGrammar, SetupValues) {
  EXPECT_EQ(parse_gib_setup("마상상마"), Setup::HEEH);
  EXPECT_EQ(parse_gib_setup("  상마상마 "), Setup::EHEH);
  for (const char* bad : {"", "마상상", "마상상마x", "\t마상상마", "마상 상마", "상상마마"})
    EXPECT_FALSE(parse_gib_setup(bad)) << bad;
}

TEST(GibGrammar, PanBoards) {
  const std::string start = "차마상사1사상마차/4장/1포5포/졸1졸1졸1졸1졸/9/9/兵1兵1兵1兵1兵/1包5包/4將/車馬象士1士象馬車";
  auto fen = pan_to_fen(start + " 초 접장기");
  ASSERT_TRUE(fen) << fen.error().message;
  EXPECT_EQ(*fen, "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
  fen = pan_to_fen(start + "   한 접장기");
  ASSERT_TRUE(fen);
  EXPECT_NE(fen->find(" b "), std::string::npos);

  EXPECT_EQ(pan_to_fen(start).error().message,
            "[판] value has no side to move ('초 접장기' or '한 접장기') after the board");
  EXPECT_EQ(pan_to_fen(start + " 접장기").error().message,
            "[판] value has no side to move ('초 접장기' or '한 접장기') after the board");

  PanBoard b;
  EXPECT_TRUE(parse_pan_board("9/9/9/9/9/9/9/9/9/9", b));
  EXPECT_EQ(b.rank, 9);
  // Boards the grammar refuses, each with its error.
  for (const auto& [board, error] : std::vector<std::pair<std::string, std::string>>{
           {"9/9/9/9/9/9/9/9/9/9/9", "[판] board has more than 10 ranks"},
           {"9/55", "[판] rank 2 is wider than 9 points"},
           {"9/차x", "[판] board has an unknown character at byte 5"},
           {"0", "[판] board has an unknown character at byte 0"}}) {
    b = PanBoard{};
    EXPECT_FALSE(parse_pan_board(board, b)) << board;
    EXPECT_EQ(b.error, error) << board;
  }
  b = PanBoard{};
  EXPECT_TRUE(parse_pan_board("차/", b));
  EXPECT_EQ(b.grid[0][0], make_piece(Side::Cho, PieceType::Chariot));
  EXPECT_EQ(b.rank, 1);
  EXPECT_EQ(pan_to_fen("9/9 초 접장기").error().message, "[판] board has 2 ranks; expected 10");
}

TEST(GibGrammar, Cp949PairRule) {
  const unsigned char ga[2] = {0xB0, 0xA1};  // 가
  EXPECT_EQ(text::cp949_codes()[text::cp949_pair(ga, 2)], U'가');
  EXPECT_EQ(text::cp949_pair(ga, 1), text::kCp949NoPair);  // no trail byte after the lead
  const unsigned char low[2] = {0x41, 0x41};
  EXPECT_EQ(text::cp949_pair(low, 2), text::kCp949NoPair);
  const unsigned char bad_trail[2] = {0xB0, 0x40};
  EXPECT_EQ(text::cp949_pair(bad_trail, 2), text::kCp949NoPair);
  const unsigned char first[2] = {0x81, 0x41}, last[2] = {0xFE, 0xFE};
  EXPECT_EQ(text::cp949_pair(first, 2), 0u);
  EXPECT_EQ(text::cp949_pair(last, 2), text::kCp949NoPair - 1);
  EXPECT_EQ(text::cp949_codes()[text::kCp949NoPair], 0u);  // the sentinel is unmapped
  EXPECT_EQ(text::cp949_utf8()[text::kCp949NoPair], 0u);
  EXPECT_FALSE(text::cp949_pair_valid(text::cp949_valid_bits(), text::kCp949NoPair));
  EXPECT_TRUE(text::cp949_pair_valid(text::cp949_valid_bits(), text::cp949_pair(ga, 2)));
}

// truncated-ply is what the reader asked before it was a rule: whether the token with "1",
// "11" or "졸11" after it is a ply. Every token of up to four of these characters.
TEST(GibGrammar, TruncatedPlyIsATokenAFewCharactersWouldComplete) {
  const std::vector<std::string> alphabet = {"7", "9", "0", "a", "i", "졸", "초", "楚", "漢", "타", "장", "군", "한", "x"};
  auto completed = [](const std::string& token) {
    std::string text;
    PlyToken ply;
    for (const char* more : {"1", "11", "졸11"})
      if (parse_ply_token(token + more, Coding::Utf8, text, ply)) return true;
    return false;
  };
  std::vector<std::string> tokens = {""}, longer;
  int truncated = 0;
  for (int length = 1; length <= 4; ++length) {
    longer.clear();
    for (const std::string& t : tokens)
      for (const std::string& c : alphabet) longer.push_back(t + c);
    tokens.swap(longer);
    for (const std::string& t : tokens) {
      const bool is = x3_bytes::parse_all(t, grammar::truncated_ply);
      ASSERT_EQ(is, completed(t)) << t;
      truncated += is;
    }
  }
  EXPECT_GT(truncated, 1000);  // the check saw both answers
}

// The result rules (grammar.h "results"), each alone, then through normalize_gib_result:
// the canonical text and its body first.
TEST(GibGrammar, ResultTextAndBody) {
  auto canonical = [](std::string_view text) {
    std::string out;
    const char* first = text.data();
    x3::parse(first, text.data() + text.size(), x3::with<grammar::canonical_out_tag>(std::ref(out))[grammar::result_text]);
    return out;
  };
  EXPECT_EQ(canonical("楚 완승"), "초완승");
  EXPECT_EQ(canonical("漢\t의 기권승 "), "한의기권승");
  auto body = [](std::string_view text) {
    const char* end = text.data();
    x3::parse(end, text.data() + text.size(), grammar::result_body);
    return std::string(text.data(), end);
  };
  EXPECT_EQ(body("무승부'"), "무승부");
  EXPECT_EQ(body("초승\"'\""), "초승");
  EXPECT_EQ(body("초'승'"), "초'승");  // only the quotes that end the text
  EXPECT_EQ(body("''"), "");
}

// A result rule over a canonical text, with the state the actions fill in.
template <typename Rule>
bool run_result_rule(const Rule& rule, std::string_view text, grammar::ResultState& st) {
  const char* first = text.data();
  return x3::parse(first, text.data() + text.size(), x3::with<grammar::result_state_tag>(std::ref(st))[rule]);
}

TEST(GibGrammar, ResultMarginsAndOutcomes) {
  auto run = [](const auto& rule, std::string_view text, grammar::ResultState& st) {
    return run_result_rule(rule, text, st);
  };
  auto margin = [&](std::string_view text) {
    grammar::ResultState st;
    return run(grammar::margin, text, st) ? st.result.margin_half_points.value_or(-1) : -2;
  };
  EXPECT_EQ(margin("2.5점"), 5);
  EXPECT_EQ(margin("2점"), 4);
  EXPECT_EQ(margin("8.5"), 17);   // a fraction makes it a margin without 점
  EXPECT_EQ(margin("3.4점"), 6);  // below .5 no half point
  EXPECT_EQ(margin("12"), -1);    // a number, but no margin
  EXPECT_EQ(margin("점"), -2);    // no number
  auto paren = [&](std::string_view text) {
    grammar::ResultState st;
    return run(grammar::paren_margin, text, st) ? st.result.margin_half_points.value_or(-1) : -2;
  };
  EXPECT_EQ(paren("승(1.5점)"), 3);
  EXPECT_EQ(paren("승(2점)"), 4);
  EXPECT_EQ(paren("승(2)"), -1);
  EXPECT_EQ(paren("승(기권)"), -2);
  EXPECT_EQ(paren("승"), -2);
  for (const char* s : {"패", "기권패", "패(정선)", "시간패(2)"}) {
    grammar::ResultState st;
    EXPECT_TRUE(run(grammar::lost, s, st)) << s;
  }
  for (const char* s : {"패배", "", "승", "(x)패(y)"}) {
    grammar::ResultState st;
    EXPECT_FALSE(run(grammar::lost, s, st)) << s;
  }
}

TEST(GibGrammar, ResultMethods) {
  auto method = [&](std::string_view text, bool with_margin = false) {
    grammar::ResultState st;
    if (with_margin) st.result.margin_half_points = 3;
    EXPECT_TRUE(run_result_rule(grammar::how, text, st)) << text;
    return st.result.method;
  };
  const std::tuple<const char*, bool, ResultMethod> methods[] = {
      {"기권승", false, ResultMethod::Resignation},
      {"시간기권승", false, ResultMethod::Resignation},  // the first alternative found wins
      {"불계승", false, ResultMethod::Resignation},       {"시간승", false, ResultMethod::Time},
      {"접속끊김승", false, ResultMethod::Disconnection}, {"판정승", false, ResultMethod::Points},
      {"승", true, ResultMethod::Points},                 {"빅승", false, ResultMethod::Bikjang},
      {"실격승", false, ResultMethod::Forfeit},           {"장군승", false, ResultMethod::Checkmate},
      {"외통수승", false, ResultMethod::Checkmate},       {"완슫", false, ResultMethod::Outright},
      {"승", false, ResultMethod::Unspecified}};
  for (const auto& [text, with_margin, expected] : methods) EXPECT_EQ(method(text, with_margin), expected) << text;
  for (const char* s : {"초", "한의", "초2.5점"}) {
    grammar::ResultState st;
    EXPECT_FALSE(run_result_rule(grammar::decided, s, st)) << s;  // no outcome
  }
  for (const char* s : {"", "초승", "승", "무", "비기다"}) {
    grammar::ResultState st;
    EXPECT_FALSE(run_result_rule(grammar::draw, s, st)) << s;
  }
}

// The whole: winner, method, margin and whether it was recognised.
TEST(GibGrammar, ResultNormalized) {
  NormalizedResult r = normalize_gib_result("漢의 2.5점 점수승'");
  EXPECT_TRUE(r.recognised);
  EXPECT_EQ(r.winner, Winner::Han);
  EXPECT_EQ(r.method, ResultMethod::Points);
  EXPECT_EQ(r.margin_half_points, 5);
  r = normalize_gib_result("초 기권패");
  EXPECT_EQ(r.winner, Winner::Han);
  EXPECT_EQ(r.method, ResultMethod::Resignation);
  r = normalize_gib_result("한 1.5점");  // a margin, no outcome: not recognised, the margin kept
  EXPECT_FALSE(r.recognised);
  EXPECT_EQ(r.winner, Winner::Unknown);
  EXPECT_EQ(r.margin_half_points, 3);
  EXPECT_FALSE(normalize_gib_result("").recognised);
  EXPECT_FALSE(normalize_gib_result("'\"").recognised);
  EXPECT_FALSE(normalize_gib_result("승리").recognised);  // no side
  EXPECT_TRUE(normalize_gib_result("미상 (기록 없음)").recognised);
}

}  // namespace
}  // namespace gibo::gib
