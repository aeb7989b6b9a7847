// FEN reading and writing, make/unmake, and the Zobrist key.
//  * Round trips: set_fen then fen() gives Fairy-Stockfish's canonical form; h/e letters
//    become n/b; the short forms ("... w", "... w 0 1") are accepted.
//  * Make/unmake restores fen() and key() exactly after fixed-seed random legal move
//    sequences (captures and passes included), and key() always equals the key of a fresh
//    Position set from the same FEN; transpositions reach the same key.
//  * Invalid FENs return an error naming the problem, leave the position unchanged and
//    never crash.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"

namespace {

using gibo::Move;
using gibo::MoveList;
using gibo::Position;

constexpr std::string_view kFen2 = "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1";
constexpr std::string_view kFen3 = "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23";
constexpr std::string_view kFen28 = "3k5/6C2/2R1B4/6C2/1BP1p3p/2p6/P5P1P/3K5/9/1N1A1A1N1 w - - 7 32";

Position make(std::string_view profile_id, std::string_view fen) {
  Position pos;
  pos.set_rules(gibo::legality_rules(*gibo::find_profile(profile_id)));
  if (auto err = pos.set_fen(fen)) ADD_FAILURE() << "set_fen(" << fen << "): " << err->message;
  return pos;
}

::testing::AssertionResult play(Position& pos, std::string_view moves) {
  std::istringstream in{std::string(moves)};
  std::string text;
  while (in >> text) {
    MoveList list;
    pos.legal_moves(list, false);
    Move found = Move::none();
    for (Move m : list)
      if (gibo::uci(m) == text) found = m;
    if (found.is_none()) return ::testing::AssertionFailure() << "'" << text << "' is not legal in " << pos.fen();
    pos.do_move(found);
  }
  return ::testing::AssertionSuccess();
}

std::string placement(const std::string& fen) { return fen.substr(0, fen.find(' ')); }

// --- Round trips -----------------------------------------------------------------------

TEST(Fen, CanonicalRoundTrip) {
  for (std::string_view fen : {gibo::kStartFen, kFen2, kFen3, kFen28,
                               std::string_view("4ka3/9/3R5/9/9/9/9/9/3K5/9 w - - 0 1"),
                               std::string_view("9/4k4/9/9/9/9/9/9/4K4/9 b - - 99 150")}) {
    Position pos;
    auto err = pos.set_fen(fen);
    ASSERT_FALSE(err) << fen << ": " << err->message;
    EXPECT_EQ(pos.fen(), fen);
  }
}

TEST(Fen, EverySetupPairMatchesFormatsTable) {
  // FEN for every .gib setup pair (src/core/README.md, "Setups") (setups absolute, seen from Cho).
  const char* cho_rank[4] = {"RNBA1ABNR", "RBNA1ANBR", "RNBA1ANBR", "RBNA1ABNR"};
  const char* han_rank[4] = {"rnba1abnr", "rbna1anbr", "rnba1anbr", "rbna1abnr"};
  for (gibo::Setup cho : gibo::kAllSetups)
    for (gibo::Setup han : gibo::kAllSetups) {
      const std::string fen = std::string(han_rank[static_cast<int>(han)]) +
                              "/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/" + cho_rank[static_cast<int>(cho)] +
                              " w - - 0 1";
      Position a;
      a.set_setups(cho, han);
      EXPECT_EQ(a.fen(), fen) << gibo::setup_code(cho) << "/" << gibo::setup_code(han);
      Position b;
      ASSERT_FALSE(b.set_fen(fen));
      EXPECT_EQ(b.fen(), fen);
      EXPECT_EQ(a.key(), b.key());
    }
}

TEST(Fen, HorseElephantLettersNormalised) {
  Position pos;
  // The test.py vector: H/E letters and the short counters form.
  ASSERT_FALSE(pos.set_fen("rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w 0 1"));
  EXPECT_EQ(pos.fen(), gibo::kStartFen);
  ASSERT_FALSE(pos.set_fen("rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1"));
  EXPECT_EQ(pos.fen(), gibo::kStartFen);
  Position mixed;
  ASSERT_FALSE(mixed.set_fen("rhba1aenr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNEA1ABHR w - - 0 1"));
  EXPECT_EQ(mixed.fen(), gibo::kStartFen);
  EXPECT_EQ(mixed.key(), Position().key());
}

TEST(Fen, ShortFormsAccepted) {
  struct Case {
    std::string_view in, out;
  };
  const std::string board = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {board + " w 0 1", board + " w - - 0 1"},
      {board + " w", board + " w - - 0 1"},
      {board + " b", board + " b - - 0 1"},
      {board + " b 3 7", board + " b - - 3 7"},
      {board + " w - - 5 12", board + " w - - 5 12"},
  };
  for (const auto& [in, out] : cases) {
    Position pos;
    auto err = pos.set_fen(in);
    ASSERT_FALSE(err) << in << ": " << err->message;
    EXPECT_EQ(pos.fen(), out) << in;
  }
}

// --- Make / unmake and keys ------------------------------------------------------------

struct WalkStats {
  int plies = 0, captures = 0, passes = 0, undos = 0;
};

// Plays up to `plies` random legal moves (replay semantics: immediate ends ignored), with
// random short take-backs along the way. After every change: fen() and key() equal the
// snapshot taken when that position was first reached, and key() equals the key of a
// fresh Position set from fen(). At the end everything is taken back to the root.
void random_walk(const char* profile, std::string_view fen, std::uint32_t seed, int plies, WalkStats& stats) {
  SCOPED_TRACE(std::string(profile) + " seed " + std::to_string(seed) + " from " + std::string(fen));
  Position pos = make(profile, fen);
  std::mt19937 rng(seed);
  struct Snap {
    std::string fen;
    std::uint64_t key;
  };
  std::vector<Snap> snaps = {{pos.fen(), pos.key()}};

  auto check_fresh = [&](const Position& p) {
    Position fresh;
    fresh.set_rules(p.rules());
    const std::string f = p.fen();
    auto err = fresh.set_fen(f);
    ASSERT_FALSE(err) << f << ": " << err->message;
    EXPECT_EQ(fresh.fen(), f);
    EXPECT_EQ(fresh.key(), p.key()) << f;
  };
  auto check_snap = [&](const Position& p) {
    ASSERT_EQ(static_cast<std::size_t>(p.game_ply()) + 1, snaps.size());
    EXPECT_EQ(p.fen(), snaps.back().fen);
    EXPECT_EQ(p.key(), snaps.back().key) << p.fen();
  };

  for (int i = 0; i < plies; ++i) {
    if (pos.general(gibo::Side::Cho) == gibo::kNoSquare || pos.general(gibo::Side::Han) == gibo::kNoSquare) break;
    MoveList list;
    pos.legal_moves(list, /*stop_at_immediate_end=*/false);
    if (list.empty()) break;
    // Favour captures a little so material comes off and capture/uncapture is exercised.
    Move m = list[static_cast<int>(rng() % list.size())];
    if (rng() % 3 == 0)
      for (Move c : list)
        if (!c.is_pass() && pos.piece_on(c.to()) != gibo::Piece::None) {
          m = c;
          break;
        }
    const bool capture = !m.is_pass() && pos.piece_on(m.to()) != gibo::Piece::None;
    pos.do_move(m);
    stats.plies++;
    stats.captures += capture;
    stats.passes += m.is_pass();
    snaps.push_back({pos.fen(), pos.key()});
    if (pos.general(gibo::Side::Cho) != gibo::kNoSquare && pos.general(gibo::Side::Han) != gibo::kNoSquare)
      check_fresh(pos);
    if (rng() % 5 == 0) {
      const int back = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < back && pos.game_ply() > 0; ++k) {
        pos.undo_move();
        snaps.pop_back();
        stats.undos++;
        check_snap(pos);
      }
    }
  }
  while (pos.game_ply() > 0) {
    pos.undo_move();
    snaps.pop_back();
    check_snap(pos);
  }
  EXPECT_EQ(pos.fen(), make(profile, fen).fen());
  EXPECT_EQ(pos.key(), make(profile, fen).key());
}

TEST(Fen, MakeUnmakeRestoresFenAndKey) {
  const std::vector<std::string_view> starts = {
      gibo::kStartFen,
      "rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 1",
      kFen2,
      kFen3,
      kFen28,
      "3a1a3/3Rk4/5a3/2N6/9/9/9/9/4K4/9 b - - 0 1",
  };
  WalkStats stats;
  std::uint32_t seed = 20240601;
  for (const char* profile : {"fs-janggi", "fs-casual", "no-facing", "janggi-gg"})
    for (std::string_view fen : starts) random_walk(profile, fen, seed++, 300, stats);
  // King-capture legality: pseudo-legal moves, a general may be taken (and untaken).
  for (std::string_view fen : starts) random_walk("kjf-site", fen, seed++, 300, stats);
  EXPECT_GT(stats.plies, 5000);
  EXPECT_GT(stats.captures, 500);
  EXPECT_GT(stats.passes, 50);
  EXPECT_GT(stats.undos, 500);
}

// The fs-janggi start position after `moves` (UCI; a pass as the general's square twice);
// fails the test if one is not legal.
Position after(std::string_view moves) {
  Position pos = make("fs-janggi", gibo::kStartFen);
  EXPECT_TRUE(play(pos, moves));
  return pos;
}

TEST(Fen, TranspositionsHaveTheSameKey) {
  const Position a = after("b1c3 b10c8 h1g3 h10g8"), b = after("h1g3 h10g8 b1c3 b10c8");
  EXPECT_EQ(a.fen(), b.fen());
  EXPECT_EQ(a.key(), b.key());

  // With a pass in a different place.
  const Position c = after("e2e2 b10c8 b1c3"), d = after("b1c3 b10c8 e2e2");
  EXPECT_EQ(c.key(), d.key());
  EXPECT_EQ(placement(c.fen()), placement(d.fen()));

  // With captures in a different order (the same pieces taken).
  const Position e = after("a4b4 a7b7 b4b5 i7h7 b5b6 h7h6 b6b7"), f = after("a4b4 i7h7 b4b5 h7h6 b5b6 a7b7 b6b7");
  EXPECT_EQ(e.key(), f.key());
  EXPECT_EQ(e.fen(), f.fen());

  // Back to the start board by shuttling: same key as the start, counters differ.
  const std::uint64_t start_key = after("").key();
  const Position g = after("b1c3 b10c8 c3b1 c8b10");
  EXPECT_EQ(g.key(), start_key);
  EXPECT_EQ(placement(g.fen()), placement(std::string(gibo::kStartFen)));

  // Same board, other side to move: a different key.
  const Position h = after("e2e2");
  EXPECT_EQ(placement(h.fen()), placement(std::string(gibo::kStartFen)));
  EXPECT_NE(h.key(), start_key);
  // Different boards: different keys.
  EXPECT_NE(after("b1c3").key(), after("b1a3").key());
}

// --- Invalid FENs ----------------------------------------------------------------------

struct Bad {
  std::string fen;
  std::vector<std::string> mentions;  // each must appear in the error text
};

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

void expect_rejected(const Bad& bad) {
  Position pos = make("fs-janggi", kFen3);
  const std::string before = pos.fen();
  const std::uint64_t key_before = pos.key();
  auto err = pos.set_fen(bad.fen);
  const std::string shown = bad.fen.size() > 120 ? bad.fen.substr(0, 120) + "..." : bad.fen;
  ASSERT_TRUE(err.has_value()) << "accepted: " << shown;
  EXPECT_FALSE(err->message.empty()) << shown;
  for (const std::string& word : bad.mentions)
    EXPECT_NE(lower(err->message).find(lower(word)), std::string::npos)
        << "error for \"" << shown << "\" is \"" << err->message << "\"; expected it to mention \"" << word << "\"";
  // The position is unchanged.
  EXPECT_EQ(pos.fen(), before) << shown;
  EXPECT_EQ(pos.key(), key_before) << shown;
}

const std::string kStartBoard = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR";

TEST(FenInvalid, WrongRankCount) {
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBA1ABNR w - - 0 1", {"9 ranks", "10"}});
  expect_rejected({"9/" + kStartBoard + " w - - 0 1", {"11 ranks"}});
  expect_rejected({"rnba1abnr w - - 0 1", {"1 rank"}});
  expect_rejected({kStartBoard + "/ w - - 0 1", {"11 ranks"}});
}

TEST(FenInvalid, RankTooWide) {
  expect_rejected({"rnba2abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"rank 10", "wide"}});
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K5/RNBA1ABNR w - - 0 1", {"rank 2", "wide"}});
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/99/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"rank 6", "wide"}});
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1pp/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"rank 7", "wide"}});
}

TEST(FenInvalid, RankTooNarrow) {
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/8/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"rank 6", "8", "wide"}});
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9//P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"rank 5", "0", "wide"}});
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABN w - - 0 1", {"rank 1", "8"}});
}

TEST(FenInvalid, UnknownLetter) {
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1X1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"'X'", "rank 4"}});
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBQ1ABNR w - - 0 1", {"'Q'", "rank 1"}});
  expect_rejected({"rnba0abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"'0'"}});
  // A .gib hangul piece name is not a FEN letter either (and must not crash).
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4\xEC\x9E\xA5" "4/RNBA1ABNR w - - 0 1", {"rank 2"}});
}

TEST(FenInvalid, MissingGeneral) {
  expect_rejected({"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"Han", "no general"}});
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", {"Cho", "no general"}});
  expect_rejected({"9/9/9/9/9/9/9/9/9/9 w - - 0 1", {"no general"}});
}

TEST(FenInvalid, TwoGenerals) {
  expect_rejected({"rnba1abnr/3kk4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", {"Han", "2 generals"}});
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3KK4/RNBA1ABNR w - - 0 1", {"Cho", "2 generals"}});
}

TEST(FenInvalid, GeneralOutsidePalace) {
  expect_rejected({"rnba1abnr/9/1c5c1/p1p1p1p1p/4k4/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
                   {"Han", "general", "e6", "palace"}});
  // Cho's general in Han's palace is outside ITS palace.
  expect_rejected({"rnba1abnr/4kK3/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1",
                   {"Cho", "general", "f9", "palace"}});
  expect_rejected({"4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1", {"general", "a1", "palace"}});
}

TEST(FenInvalid, AdvisorOutsidePalace) {
  expect_rejected({"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1PAP1P1P/1C5C1/4K4/RNB2ABNR w - - 0 1",
                   {"Cho", "advisor", "d4", "palace"}});
  expect_rejected({"rnb2abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNRa w - - 0 1", {"wide"}});
  expect_rejected({"rnb2abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAaABNR w - - 0 1",
                   {"Han", "advisor", "e1", "palace"}});
}

TEST(FenInvalid, MaterialBeyondWhatTheEngineHolds) {
  // Unusual material is fine (src/core/README.md, "Edge cases": items 17 and 19 use three chariots / three
  // advisors), but not more pieces than the piece lists hold, nor more potential moves
  // than a move list holds.
  Position ok;
  ASSERT_FALSE(ok.set_fen("4k4/c7R/9/3R1R3/9/9/9/9/9/3K5 b - - 0 1"));
  EXPECT_EQ(ok.fen(), "4k4/c7R/9/3R1R3/9/9/9/9/9/3K5 b - - 0 1");
  expect_rejected({"4k4/9/9/PPPPPPPPP/PPPPPPP2/9/9/9/4K4/9 w - - 0 1", {"Cho", "17 pieces"}});
  expect_rejected({"4k4/9/9/9/9/RRRRRRRRR/R8/9/4K4/9 w - - 0 1", {"Cho", "chariots"}});
}

TEST(FenInvalid, BadSideToMove) {
  expect_rejected({kStartBoard + " x - - 0 1", {"side to move", "'x'"}});
  expect_rejected({kStartBoard + " white - - 0 1", {"side to move", "white"}});
  expect_rejected({kStartBoard, {"side to move"}});
  expect_rejected({kStartBoard + " - - 0 1", {"side to move"}});
}

TEST(FenInvalid, GarbageCounters) {
  expect_rejected({kStartBoard + " w - - abc 1", {"abc"}});
  expect_rejected({kStartBoard + " w - - 0 1x", {"1x"}});
  expect_rejected({kStartBoard + " w - - 0 x", {"'x'"}});
  expect_rejected({kStartBoard + " w - - 0.5 1", {"0.5"}});
  expect_rejected({kStartBoard + " w - - -3 1", {"halfmove"}});
  expect_rejected({kStartBoard + " w - - 0 0", {"fullmove"}});
  expect_rejected({kStartBoard + " w - - 99999999999999999999 1", {"99999999999999999999"}});
  expect_rejected({kStartBoard + " w - - 0 1 extra", {"extra"}});
  expect_rejected({kStartBoard + " w - - 0 1 2", {"'2'"}});
}

TEST(FenInvalid, HugeHalfmoveClockIsNotSilentlyTruncated) {
  // Either rejected, or kept exactly: never read as a different number.
  Position pos;
  auto err = pos.set_fen(kStartBoard + " w - - 70000 1");
  if (err) {
    EXPECT_NE(lower(err->message).find("halfmove"), std::string::npos) << err->message;
  } else {
    EXPECT_EQ(pos.fen(), kStartBoard + " w - - 70000 1");
  }
}

TEST(FenInvalid, EmptyString) {
  expect_rejected({"", {"empty"}});
  expect_rejected({"   \t ", {"empty"}});
}

TEST(FenInvalid, VeryLongGarbage) {
  std::mt19937 rng(7);
  std::string noise;
  for (int i = 0; i < 200000; ++i) noise += static_cast<char>(32 + rng() % 95);
  expect_rejected({noise, {}});
  expect_rejected({std::string(100000, '/'), {"ranks"}});
  expect_rejected({std::string(100000, '9'), {"ranks"}});
  expect_rejected({std::string(100000, 'k'), {}});
  std::string long_rank = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/" + std::string(50000, '1') +
                          "/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
  expect_rejected({long_rank, {"rank 6", "wide"}});
  expect_rejected({kStartBoard + " w - - 0 1" + std::string(50000, ' ') + "x", {"'x'"}});
  std::string bytes;
  for (int i = 0; i < 100000; ++i) bytes += static_cast<char>(rng() % 256);
  expect_rejected({bytes, {}});
}

}  // namespace
