// The yearly rating history (ratings_history.cpp): a whole-history model over the rated
// players' years, fitted after the overall ratings (ratings.cpp). Internal to src/report;
// the model: src/report/README.md "History".
#pragma once

#include <span>
#include <vector>

#include "ratings_model.h"

namespace gibo::ratings::model {

// The rated players as the nodes 0 … n-1 of the overall fit.
struct RatedGroup {
  std::vector<bool> member;           // by player
  std::vector<std::uint32_t> node;    // by player: its node, UINT32_MAX outside the group
  std::vector<std::uint32_t> player;  // by node
  // Is `g` a game between two players of the group?
  bool holds(const RatedGame& g) const { return g.cho != g.han && member[g.cho] && member[g.han]; }
};

// Each rated player's ratings by period with their deviations, in f.players[].history:
// one node per rated player and period with games, linked period to period by the drift,
// a normal prior of `prior` Elo on each player's first period, Cho's advantage and the draw
// width held at the overall fit's `overall`; anchored as the overall ratings are: at the
// prior's centre when `weight` is all 0 (the overall fit had a prior), else so that the
// weighted mean by `weight` of each player's mean period rating is the fit's level.
void fit_history(std::span<const RatedGame> games, const RatedGroup& group, const Maximum& overall,
                 const std::vector<double>& weight, double prior, const FitOptions& options, Fit& f);

}  // namespace gibo::ratings::model
