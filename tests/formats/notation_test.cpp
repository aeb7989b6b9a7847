// Move notations against Fairy-Stockfish's own output (tests/data/notations.jsonl, 300
// games: start FEN, UCI moves, SAN, JANGGI notation, final FEN), plus the reader quirks.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/formats/notation.h"
#include "reference_games.h"

namespace {

using gibo::Move;
using gibo::MoveReadResult;
using gibo::NotationErrorKind;
using gibo::Position;

using gibo::testing::reference_games;
using gibo::testing::ReferenceGame;

// The start position of `g` under the profile its variant names.
Position start_position(const ReferenceGame& g) {
  Position pos;
  const gibo::Profile* profile = gibo::find_profile(gibo::profile_id_for_variant(g.variant));
  EXPECT_NE(profile, nullptr) << "game " << g.id << ": variant " << g.variant;
  if (profile) pos.set_rules(gibo::legality_rules(*profile));
  const auto err = pos.set_fen(g.start_fen);
  EXPECT_FALSE(err) << "game " << g.id << ": " << (err ? err->message : "");
  return pos;
}

// Per game, what matched the reference.
struct GameCheck {
  bool uci_read = true, san = true, janggi = true, fen = true, san_read = true, janggi_read = true;
  std::string first_problem;
  void fail(bool& flag, const std::string& what) {
    if (first_problem.empty()) first_problem = what;
    flag = false;
  }
};

GameCheck check_game(const ReferenceGame& g) {
  GameCheck c;
  Position pos = start_position(g);
  if (g.san.size() != g.uci.size() || g.janggi.size() != g.uci.size()) {
    c.fail(c.san, "field lengths differ");
    return c;
  }
  for (std::size_t ply = 0; ply < g.uci.size(); ++ply) {
    const std::string at = "game " + std::to_string(g.id) + " ply " + std::to_string(ply + 1) + " (" +
                           g.uci[ply] + ") in " + pos.fen() + ": ";
    const MoveReadResult read = gibo::read_uci(pos, g.uci[ply]);
    if (!read.has_value()) {
      c.fail(c.uci_read, at + read.error().message);
      return c;
    }
    const Move m = *read;
    if (gibo::write_uci(m) != g.uci[ply]) c.fail(c.uci_read, at + "UCI written " + gibo::write_uci(m));
    const std::string san = gibo::write_san(pos, m);
    if (san != g.san[ply]) c.fail(c.san, at + "SAN " + san + " expected " + g.san[ply]);
    const std::string janggi = gibo::write_janggi(pos, m);
    if (janggi != g.janggi[ply]) c.fail(c.janggi, at + "JANGGI " + janggi + " expected " + g.janggi[ply]);
    const MoveReadResult san_back = gibo::read_san(pos, g.san[ply]);
    if (!san_back.has_value() || *san_back != m) {
      c.fail(c.san_read, at + "SAN " + g.san[ply] + " read as " +
                             (san_back.has_value() ? gibo::uci(*san_back) : san_back.error().message));
    }
    const MoveReadResult janggi_back = gibo::read_janggi(pos, g.janggi[ply]);
    if (!janggi_back.has_value() || *janggi_back != m) {
      c.fail(c.janggi_read, at + "JANGGI " + g.janggi[ply] + " read as " +
                                (janggi_back.has_value() ? gibo::uci(*janggi_back) : janggi_back.error().message));
    }
    pos.do_move(m);
  }
  if (pos.fen() != g.final_fen) c.fail(c.fen, "game " + std::to_string(g.id) + ": final FEN " + pos.fen() +
                                                   " expected " + g.final_fen);
  return c;
}

// Replays every reference game and counts the games for which the check `flag` held.
int count_matching(bool GameCheck::*flag) {
  int matching = 0, reported = 0;
  for (const ReferenceGame& g : reference_games()) {
    const GameCheck c = check_game(g);
    if (c.*flag) {
      ++matching;
    } else if (reported++ < 5) {
      ADD_FAILURE() << c.first_problem;
    }
  }
  return matching;
}

TEST(NotationReference, DataHas300Games) {
  ASSERT_EQ(reference_games().size(), 300u);
  int plies = 0;
  for (const ReferenceGame& g : reference_games()) plies += static_cast<int>(g.uci.size());
  EXPECT_EQ(plies, 40658);
}

// Each check of check_game, a test of its own (named by the check): all 300 games pass it.
struct Check {
  const char* name;
  bool GameCheck::*flag;
};

class NotationReferenceCheck : public ::testing::TestWithParam<Check> {};

TEST_P(NotationReferenceCheck, HoldsForEveryGame) { EXPECT_EQ(count_matching(GetParam().flag), 300); }

INSTANTIATE_TEST_SUITE_P(
    NotationReference, NotationReferenceCheck,
    ::testing::Values(Check{"UciMovesAreLegalAndRoundTrip", &GameCheck::uci_read},
                      Check{"SanWrittenAsFairyStockfish", &GameCheck::san},
                      Check{"JanggiWrittenAsFairyStockfish", &GameCheck::janggi}, Check{"FinalFenMatches", &GameCheck::fen},
                      Check{"ReferenceSanReadsBackToUci", &GameCheck::san_read},
                      Check{"ReferenceJanggiReadsBackToUci", &GameCheck::janggi_read}),
    [](const ::testing::TestParamInfo<Check>& info) { return std::string(info.param.name); });

// --- Reader quirks and errors ---------------------------------------------------------

// A position from `fen` under fs-janggi rules; fails the test if the FEN is rejected.
Position position(const std::string& fen) {
  Position pos;
  pos.set_rules(gibo::legality_rules(*gibo::find_profile("fs-janggi")));
  const auto err = pos.set_fen(fen);
  EXPECT_FALSE(err) << fen << ": " << (err ? err->message : "");
  return pos;
}

// The UCI of what `result` read, or "error <kind>: <message>".
std::string describe(const MoveReadResult& result) {
  if (result.has_value()) return gibo::uci(*result);
  return "error " + std::string(gibo::notation_error_name(result.error().kind)) + ": " + result.error().message;
}

std::string san_to_uci(const Position& pos, const std::string& san, bool zero_based = false) {
  gibo::SanReadOptions options;
  options.zero_based_ranks = zero_based;
  return describe(gibo::read_san(pos, san, options));
}

// The error kind of a failed read; fails the test if the read succeeded.
NotationErrorKind error_kind(const MoveReadResult& result) {
  EXPECT_FALSE(result.has_value()) << "read as " << describe(result);
  return result.has_value() ? NotationErrorKind::Syntax : result.error().kind;
}

// Both elephants (c1, g1) can reach e4 once the e-file soldier has left it.
constexpr const char* kTwoElephantsFen =
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/4P4/P1P3P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
// Three Cho soldiers (d9, d8, f8) can all reach e9 in Han's palace.
constexpr const char* kThreeSoldiersFen = "5k3/3P5/3P1P3/9/9/9/9/9/4K4/9 w - - 0 1";
// Cho's general on e2 is checked by a Han chariot on e5; a Cho chariot stands on a3.
constexpr const char* kInCheckFen = "3k5/9/9/9/9/4r4/9/R8/4K4/9 w - - 0 1";

TEST(NotationSanReader, HorseAndElephantLettersAreSynonyms) {
  const Position start = position(std::string(gibo::kStartFen));
  EXPECT_EQ(san_to_uci(start, "Hc3"), "b1c3");
  EXPECT_EQ(san_to_uci(start, "Nc3"), "b1c3");
  const Position two = position(kTwoElephantsFen);
  EXPECT_EQ(san_to_uci(two, "Ece4"), "c1e4");
  EXPECT_EQ(san_to_uci(two, "Bce4"), "c1e4");
  EXPECT_EQ(san_to_uci(two, "Bge4"), "g1e4");
}

TEST(NotationSanReader, RedundantDisambiguationIsAccepted) {
  const Position start = position(std::string(gibo::kStartFen));
  EXPECT_EQ(gibo::write_san(start, Move(gibo::parse_square("b1"), gibo::parse_square("c3"))), "Hc3");
  for (const char* san : {"Hbc3", "H1c3", "Hb1c3", "Hb1-c3", "Nb1c3", "Hc3+", "Hc3!?"}) {
    EXPECT_EQ(san_to_uci(start, san), "b1c3") << san;
  }
  EXPECT_EQ(san_to_uci(start, "Pe5"), "e4e5");
  EXPECT_EQ(san_to_uci(start, "e5"), "e4e5");  // chess-style soldier move without letter
  EXPECT_EQ(san_to_uci(start, "Pee5"), "e4e5");
}

TEST(NotationSanReader, MissingOrExtraCheckMarksAreAccepted) {
  int mates = 0;
  for (const ReferenceGame& g : reference_games()) {
    Position pos = start_position(g);
    for (std::size_t ply = 0; ply < g.uci.size(); ++ply) {
      std::string bare = g.san[ply];
      if (bare.back() == '#' || bare.back() == '+') {
        mates += bare.back() == '#';
        bare.pop_back();
        EXPECT_EQ(san_to_uci(pos, bare), g.uci[ply]) << g.san[ply];
        EXPECT_EQ(san_to_uci(pos, bare + "#"), g.uci[ply]) << g.san[ply];
        std::string janggi = g.janggi[ply];
        janggi.pop_back();
        EXPECT_EQ(describe(gibo::read_janggi(pos, janggi)), g.uci[ply]) << g.janggi[ply];
      }
      pos.do_move(*gibo::read_uci(pos, g.uci[ply]));
    }
  }
  EXPECT_GT(mates, 0);
}

TEST(NotationSanReader, WinBoardZeroBasedRanks) {
  Position pos = position(std::string(gibo::kStartFen));
  EXPECT_EQ(san_to_uci(pos, "Hc2", true), "b1c3");
  EXPECT_EQ(san_to_uci(pos, "Pe4", true), "e4e5");
  EXPECT_EQ(san_to_uci(pos, "Ke1", true), "e2e2");  // pass
  EXPECT_EQ(san_to_uci(pos, "Ade0", true), "d1e1");
  EXPECT_EQ(error_kind(gibo::read_san(pos, "Pe3", {true})), NotationErrorKind::NoMatch);
  EXPECT_EQ(error_kind(gibo::read_san(pos, "Hc10", {true})), NotationErrorKind::Syntax);
  pos.do_move(Move(gibo::parse_square("b1"), gibo::parse_square("c3")));
  EXPECT_EQ(san_to_uci(pos, "Hc7", true), "b10c8");
  EXPECT_EQ(san_to_uci(pos, "Ra8", true), "a10a9");
  EXPECT_EQ(san_to_uci(pos, "Ade9", true), "d10e10");
  EXPECT_EQ(san_to_uci(pos, "Ade10"), "d10e10");
  EXPECT_EQ(san_to_uci(pos, "Ad10e10"), "d10e10");
  EXPECT_EQ(error_kind(gibo::read_san(pos, "A10e10")), NotationErrorKind::Ambiguous);  // both on rank 10
}

TEST(NotationSanReader, AmbiguousSanIsRejected) {
  const Position two = position(kTwoElephantsFen);
  EXPECT_EQ(error_kind(gibo::read_san(two, "Ee4")), NotationErrorKind::Ambiguous);
  EXPECT_EQ(error_kind(gibo::read_san(two, "E1e4")), NotationErrorKind::Ambiguous);
  const auto result = gibo::read_san(two, "Ee4");
  ASSERT_FALSE(result.has_value());
  EXPECT_NE(result.error().message.find("c1e4"), std::string::npos) << result.error().message;
  EXPECT_NE(result.error().message.find("g1e4"), std::string::npos) << result.error().message;

  const Position three = position(kThreeSoldiersFen);
  EXPECT_EQ(error_kind(gibo::read_san(three, "Pe9")), NotationErrorKind::Ambiguous);
  EXPECT_EQ(error_kind(gibo::read_san(three, "Pde9")), NotationErrorKind::Ambiguous);
  EXPECT_EQ(error_kind(gibo::read_san(three, "P8e9")), NotationErrorKind::Ambiguous);
  EXPECT_EQ(san_to_uci(three, "P9e9"), "d9e9");
  EXPECT_EQ(san_to_uci(three, "Pfe9"), "f8e9");
  EXPECT_EQ(san_to_uci(three, "Pd8e9"), "d8e9");
}

TEST(NotationSanReader, UnknownAndIllegalSanAreRejected) {
  const Position start = position(std::string(gibo::kStartFen));
  for (const char* bad : {"", "Zc3", "Hc", "H", "Hc0", "Hc11", "Hj3", "Hc3c3c3", "0-1"}) {
    EXPECT_EQ(error_kind(gibo::read_san(start, bad)), NotationErrorKind::Syntax) << bad;
  }
  EXPECT_EQ(error_kind(gibo::read_san(start, "Hc4")), NotationErrorKind::NoMatch);
  EXPECT_EQ(error_kind(gibo::read_san(start, "Hac3")), NotationErrorKind::NoMatch);
  EXPECT_EQ(error_kind(gibo::read_san(start, "hc3")), NotationErrorKind::NoMatch);  // a soldier from the h-file
  const Position check = position(kInCheckFen);
  EXPECT_EQ(error_kind(gibo::read_san(check, "Ra4")), NotationErrorKind::Illegal);
  EXPECT_EQ(error_kind(gibo::read_san(check, "Ke2")), NotationErrorKind::Illegal);  // pass in check
  EXPECT_EQ(error_kind(gibo::read_san(check, "pass")), NotationErrorKind::Illegal);
  EXPECT_EQ(san_to_uci(check, "Re3"), "a3e3");
}

TEST(NotationSanWriter, PassDisambiguationAndMate) {
  const Position start = position(std::string(gibo::kStartFen));
  const Move pass = Move::pass(gibo::parse_square("e2"));
  EXPECT_EQ(gibo::write_san(start, pass), "Ke2");
  EXPECT_EQ(gibo::write_janggi(start, pass), "K95-95");
  for (const char* word : {"Ke2", "pass", "@@@@"}) EXPECT_EQ(san_to_uci(start, word), "e2e2") << word;

  const Position two = position(kTwoElephantsFen);
  EXPECT_EQ(gibo::write_san(two, Move(gibo::parse_square("c1"), gibo::parse_square("e4"))), "Ece4");
  EXPECT_EQ(gibo::write_san(two, Move(gibo::parse_square("g1"), gibo::parse_square("e4"))), "Ege4");

  // d8: another soldier on its file (d9) and on its rank (f8) -> full square.
  const Position three = position(kThreeSoldiersFen);
  const gibo::Square e9 = gibo::parse_square("e9");
  EXPECT_EQ(gibo::write_san(three, Move(gibo::parse_square("d8"), e9)), "Pd8e9#");
  EXPECT_EQ(gibo::write_san(three, Move(gibo::parse_square("d9"), e9)), "P9e9#");
  EXPECT_EQ(gibo::write_san(three, Move(gibo::parse_square("f8"), e9)), "Pfe9#");
  EXPECT_EQ(gibo::write_janggi(three, Move(gibo::parse_square("d8"), e9)), "P34-25#");
}

TEST(NotationJanggiReader, SquaresLettersAndErrors) {
  EXPECT_EQ(gibo::janggi_square_name(gibo::parse_square("b1")), "02");
  EXPECT_EQ(gibo::janggi_square_name(gibo::parse_square("e2")), "95");
  EXPECT_EQ(gibo::janggi_square_name(gibo::parse_square("e9")), "25");
  EXPECT_EQ(gibo::janggi_square_name(gibo::parse_square("i10")), "19");
  for (int s = 0; s < gibo::kSquares; ++s) {
    const auto sq = static_cast<gibo::Square>(s);
    EXPECT_EQ(gibo::parse_janggi_square(gibo::janggi_square_name(sq)), sq);
  }
  EXPECT_EQ(gibo::parse_janggi_square("10"), gibo::kNoSquare);
  EXPECT_EQ(gibo::parse_janggi_square("1"), gibo::kNoSquare);

  const Position start = position(std::string(gibo::kStartFen));
  for (const char* text : {"H02-83", "N02-83", "H02x83", "H02-83+"}) {
    EXPECT_EQ(describe(gibo::read_janggi(start, text)), "b1c3") << text;
  }
  EXPECT_EQ(describe(gibo::read_janggi(start, "K95-95")), "e2e2");
  for (const char* bad : {"", "H0283", "H02-8", "H02-80", "Z02-83", "H02=83", "02-83"}) {
    EXPECT_EQ(error_kind(gibo::read_janggi(start, bad)), NotationErrorKind::Syntax) << bad;
  }
  EXPECT_EQ(error_kind(gibo::read_janggi(start, "R02-83")), NotationErrorKind::NoMatch);
  EXPECT_EQ(error_kind(gibo::read_janggi(start, "H02-84")), NotationErrorKind::NoMatch);
  const Position check = position(kInCheckFen);
  EXPECT_EQ(error_kind(gibo::read_janggi(check, "R81-71")), NotationErrorKind::Illegal);
  EXPECT_EQ(error_kind(gibo::read_janggi(check, "K95-95")), NotationErrorKind::Illegal);
}

TEST(NotationUciReader, MovesPassesAndErrors) {
  Position pos = position(std::string(gibo::kStartFen));
  EXPECT_EQ(describe(gibo::read_uci(pos, "b1c3")), "b1c3");
  for (const char* pass : {"e2e2", "pass", "@@@@"}) EXPECT_EQ(describe(gibo::read_uci(pos, pass)), "e2e2") << pass;
  EXPECT_EQ(error_kind(gibo::read_uci(pos, "0000")), NotationErrorKind::Syntax);
  gibo::UciReadOptions null_pass;
  null_pass.null_move_is_pass = true;
  EXPECT_EQ(describe(gibo::read_uci(pos, "0000", null_pass)), "e2e2");
  gibo::UciReadOptions zero;
  zero.zero_based_ranks = true;
  EXPECT_EQ(describe(gibo::read_uci(pos, "b0c2", zero)), "b1c3");
  EXPECT_EQ(describe(gibo::read_uci(pos, "e1e1", zero)), "e2e2");
  for (const char* bad : {"", "b1", "b1c3x", "z1z2", "b0c3", "b1c11", "B1C3"}) {
    EXPECT_EQ(error_kind(gibo::read_uci(pos, bad)), NotationErrorKind::Syntax) << bad;
  }
  EXPECT_EQ(error_kind(gibo::read_uci(pos, "b1c4")), NotationErrorKind::NoMatch);
  EXPECT_EQ(error_kind(gibo::read_uci(pos, "b10c8")), NotationErrorKind::NoMatch);  // Han's horse, Cho to move
  EXPECT_EQ(error_kind(gibo::read_uci(pos, "c1c1")), NotationErrorKind::NoMatch);   // only the general passes
  pos.do_move(*gibo::read_uci(pos, "b1c3"));
  EXPECT_EQ(describe(gibo::read_uci(pos, "a10a9")), "a10a9");
  EXPECT_EQ(describe(gibo::read_uci(pos, "pass")), "e9e9");
  const Position check = position(kInCheckFen);
  EXPECT_EQ(error_kind(gibo::read_uci(check, "a3a4")), NotationErrorKind::Illegal);
  EXPECT_EQ(error_kind(gibo::read_uci(check, "e2e2")), NotationErrorKind::Illegal);
  EXPECT_EQ(describe(gibo::read_uci(check, "a3e3")), "a3e3");
}

}  // namespace
