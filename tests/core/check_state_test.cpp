// The attack state Position keeps per ply (StateInfo::general_attacked, which in_check()
// returns and the legality test starts from) always equals a full recomputation with
// attacked(), also after moves that are pseudo-legal but illegal, under every profile.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "gibo/core/position.h"
#include "reference_fens.h"

namespace {

using namespace gibo;

using gibo::testing::reference_fens;

// Both sides' recorded state against attacked(); returns false (and reports) on a mismatch.
bool state_matches(const Position& pos, const std::string& where) {
  for (Side s : {Side::Cho, Side::Han}) {
    const Square g = pos.general(s);
    const bool full = g != kNoSquare && pos.attacked(g, ~s);
    if (pos.state().general_attacked[index(s)] != full) {
      ADD_FAILURE() << where << ": side " << index(s) << " recorded " << pos.state().general_attacked[index(s)]
                    << ", attacked() says " << full << " in " << pos.fen();
      return false;
    }
  }
  return pos.in_check() == pos.state().general_attacked[index(pos.side_to_move())];
}

TEST(CheckState, MatchesFullRecomputationOnRandomPseudoLegalWalks) {
  std::mt19937_64 rng(13);
  long checked = 0;
  for (const Profile& profile : all_profiles())
    for (const std::string& fen : reference_fens())
      for (int walk = 0; walk < 6; ++walk) {
        Position pos;
        pos.set_rules(legality_rules(profile));
        ASSERT_FALSE(pos.set_fen(fen)) << fen;
        ASSERT_TRUE(state_matches(pos, profile.id + " root"));
        MoveList list;
        for (int ply = 0; ply < 150; ++ply) {
          // Mostly legal moves, sometimes any pseudo-legal one (self-check, facing).
          if (rng() % 4 == 0) pos.pseudo_legal_moves(list);
          else pos.legal_moves(list, false);
          if (list.empty() || pos.general(Side::Cho) == kNoSquare || pos.general(Side::Han) == kNoSquare) break;
          const Move m = list[static_cast<int>(rng() % static_cast<unsigned>(list.size()))];
          pos.do_move(m);
          ++checked;
          if (!state_matches(pos, profile.id + " after " + std::to_string(ply + 1) + " plies")) return;
          if (rng() % 10 == 0) {  // and back: undo restores the state below
            pos.undo_move();
            if (!state_matches(pos, profile.id + " after undo")) return;
            pos.do_move(m);
          }
        }
      }
  EXPECT_GT(checked, 10'000);
}

}  // namespace
