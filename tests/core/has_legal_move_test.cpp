// has_legal_move stops at the first legal move; its answer must be the one the whole list
// gives, with and without the immediate-end rule, under every profile, on positions that
// have moves and on positions that have none.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "gibo/core/position.h"
#include "reference_fens.h"

namespace {

using namespace gibo;

using gibo::testing::reference_fens;

TEST(HasLegalMove, AgreesWithTheWholeListOnRandomWalks) {
  std::mt19937_64 rng(29);
  long with_moves = 0, without_moves = 0;
  const std::set<std::string> fens = reference_fens();
  ASSERT_FALSE(fens.empty());
  for (const Profile& profile : all_profiles())
    for (const std::string& fen : fens)
      for (int walk = 0; walk < 4; ++walk) {
        Position pos;
        pos.set_rules(legality_rules(profile));
        ASSERT_FALSE(pos.set_fen(fen)) << fen;
        MoveList list;
        for (int ply = 0; ply < 200; ++ply) {
          for (bool stop : {true, false}) {
            pos.legal_moves(list, stop);
            ASSERT_EQ(pos.has_legal_move(stop), !list.empty())
                << profile.id << " stop " << stop << " ply " << ply << " in " << pos.fen();
            (list.empty() ? without_moves : with_moves)++;
          }
          // Mostly legal moves; sometimes any pseudo-legal one, which reaches positions
          // without moves (a general taken, a side left in check with no way out).
          if (rng() % 5 == 0) pos.pseudo_legal_moves(list);
          else pos.legal_moves(list, false);
          if (list.empty()) break;
          pos.do_move(list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size()))]);
        }
      }
  EXPECT_GT(with_moves, 1000);
  EXPECT_GT(without_moves, 10);
}

}  // namespace
