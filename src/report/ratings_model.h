// The maximisation behind the ratings (ratings.cpp) and their yearly history
// (ratings_history.cpp): the model's log-likelihood over nodes (a player, or a player in one
// year), its maximum by Newton's method, and the covariance at the maximum. The linear
// algebra is Eigen's: the negated Hessian is assembled as a sparse matrix, each Newton step
// solved by conjugate gradient, the exact variances by its sparse Cholesky (LDLᵀ) factor.
// Internal to src/report; the model: src/report/README.md "Ratings".
#pragma once

#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <cstdint>
#include <vector>

#include "gibo/report/ratings.h"

namespace gibo::ratings::model {

// The maximisation over nodes: the games between nodes, Gaussian links between nodes (the
// history's random walk, precision in natural units), a normal prior centred on 0, and which
// of α and d are free. Unknowns: x = (β_0 … β_{n-1}, α, d).
struct Problem {
  std::size_t nodes = 0;
  struct Game {
    std::uint32_t cho, han;
    Outcome outcome;
  };
  std::vector<Game> games;
  struct Link {
    std::uint32_t a, b;
    double precision;
  };
  std::vector<Link> links;
  bool free_alpha = true, free_d = true;
  // The prior's precision (natural units) by node; empty: no prior — the likelihood alone,
  // blind to a common shift of the ratings, which the maximisation then holds at node 0's
  // start (the nodes must then be connected through games and links: one shift only).
  std::vector<double> prior;
  bool has_prior() const { return !prior.empty(); }
};

// The maximum: the point, the log-likelihood (less the prior's and links' penalties) there,
// the negated Hessian there (the observed information; a fixed α or d, and node 0 without a
// prior, as the identity's row and column) and each game's information along its rating
// difference (−∂²ℓ/∂u²).
struct Maximum {
  Eigen::VectorXd x;  // β, α, d
  double ll = 0;
  Eigen::SparseMatrix<double> information;
  std::vector<double> game_information;
  int iterations = 0;
  bool converged = false;
};

// The logistic function F(x) = 1 / (1 + e^-x), without overflow for large |x|.
double logistic(double x);

// Newton's method from `start` (β, α, d; d > 0 when free), each step the solution of the
// information's system, shortened until the objective rises; stops when the largest step
// is below `tolerance` (natural units) or after `max_iterations`.
Maximum maximise(const Problem& p, Eigen::VectorXd start, double tolerance, int max_iterations);

// The variances of β_i − wᵀβ (natural units²; `weight` w the anchor: summing to 1, or all 0
// with a prior, whose centre is then the anchor) for every node, exactly: the inverse of the
// information through its sparse factor.
std::vector<double> exact_variances(const Problem& p, const Maximum& m, const std::vector<double>& weight);

// The same approximately (README "Uncertainty"): a node's variance given the others', plus
// what the opponents' own uncertainty adds through them, iterated to its fixed point.
std::vector<double> approximate_variances(const Problem& p, const Maximum& m);

// The variance of α (natural units²), exactly; 0 when α is not free.
double first_move_variance(const Problem& p, const Maximum& m);

}  // namespace gibo::ratings::model
