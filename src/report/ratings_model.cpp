// The maximisation behind the ratings (ratings_model.h). The log-likelihood is that of an
// ordered logistic regression (Han wins < draw < Cho wins, cut points −d and +d around
// u = β_cho − β_han + α), concave in (β, α, d), so Newton's method with a backtracking line
// search finds its maximum. Each step solves the information's sparse system by Eigen's
// conjugate gradient (README "The fit": why not its sparse factor, which the exact
// variances use).
#include "ratings_model.h"

#include <algorithm>
#include <cmath>
#include <Eigen/IterativeLinearSolvers>

namespace gibo::ratings::model {

double logistic(double x) { return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x)); }

namespace {

// log F(x), exact for large |x|.
double log_logistic(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

// One game's log-likelihood and its derivatives in u and d.
struct Terms {
  double ll = 0, lu = 0, ld = 0, luu = 0, lud = 0, ldd = 0;
};
Terms terms(Outcome o, double u, double d) {
  Terms t;
  if (o == Outcome::ChoWins) {  // log F(u - d)
    const double p = logistic(u - d), w = p * (1 - p);
    t.ll = log_logistic(u - d);
    t.lu = 1 - p, t.ld = -(1 - p);
    t.luu = -w, t.lud = w, t.ldd = -w;
  } else if (o == Outcome::HanWins) {  // log F(-u - d)
    const double p = logistic(-u - d), w = p * (1 - p);
    t.ll = log_logistic(-u - d);
    t.lu = -(1 - p), t.ld = -(1 - p);
    t.luu = -w, t.lud = -w, t.ldd = -w;
  } else {  // log(F(u + d) - F(u - d))
    const double a = logistic(u + d), b = logistic(u - d);
    const double fa = a * (1 - a), fb = b * (1 - b);
    const double ga = fa * (1 - 2 * a), gb = fb * (1 - 2 * b);  // f'
    const double dp = a - b;
    t.ll = std::log(dp);
    t.lu = (fa - fb) / dp, t.ld = (fa + fb) / dp;
    t.luu = (ga - gb) / dp - t.lu * t.lu;
    t.lud = (ga + gb) / dp - t.lu * t.ld;
    t.ldd = (ga - gb) / dp - t.ld * t.ld;
  }
  return t;
}

// Is unknown k held at its start: α or d when not free, node 0 when no prior pins the shift?
bool held(const Problem& p, std::size_t k) {
  return (k == 0 && !p.has_prior()) || (k == p.nodes && !p.free_alpha) || (k == p.nodes + 1 && !p.free_d);
}

// The objective (log-likelihood, less the links' and the prior's penalties) at x.
double objective(const Problem& p, const Eigen::VectorXd& x) {
  const std::size_t n = p.nodes;
  const double alpha = x[static_cast<Eigen::Index>(n)], d = x[static_cast<Eigen::Index>(n + 1)];
  double ll = 0;
  for (const Problem::Game& g : p.games) ll += terms(g.outcome, x[g.cho] - x[g.han] + alpha, d).ll;
  for (const Problem::Link& l : p.links) ll -= 0.5 * l.precision * (x[l.a] - x[l.b]) * (x[l.a] - x[l.b]);
  for (std::size_t i = 0; i < p.prior.size(); ++i) ll -= 0.5 * p.prior[i] * x[static_cast<Eigen::Index>(i)] * x[static_cast<Eigen::Index>(i)];
  return ll;
}

// The objective, its gradient and the negated Hessian (its lower triangle: what the
// factorisation reads) at a point; a held unknown has a zero gradient and the identity's
// row and column.
struct Local {
  double ll = 0;
  Eigen::VectorXd gradient;
  Eigen::SparseMatrix<double> information;
  std::vector<double> game_information;
};

Local local(const Problem& p, const Eigen::VectorXd& x) {
  const std::size_t n = p.nodes;
  const auto m = static_cast<Eigen::Index>(n + 2), a = static_cast<Eigen::Index>(n), dd = a + 1;
  Local c;
  c.gradient = Eigen::VectorXd::Zero(m);
  c.game_information.resize(p.games.size());
  std::vector<Eigen::Triplet<double>> t;
  t.reserve(p.games.size() * 10 + p.links.size() * 3 + n + 2);
  auto add = [&](Eigen::Index i, Eigen::Index j, double v) {  // one entry of the symmetric matrix, once
    if (!held(p, static_cast<std::size_t>(i)) && !held(p, static_cast<std::size_t>(j)))
      t.emplace_back(std::max(i, j), std::min(i, j), v);
  };
  const double alpha = x[a], d = x[dd];
  for (std::size_t k = 0; k < p.games.size(); ++k) {
    const Problem::Game& g = p.games[k];
    const Terms e = terms(g.outcome, x[g.cho] - x[g.han] + alpha, d);
    c.ll += e.ll;
    c.game_information[k] = -e.luu;
    const Eigen::Index idx[3] = {g.cho, g.han, a};
    const double sign[3] = {1, -1, 1};
    for (int i = 0; i < 3; ++i) {
      c.gradient[idx[i]] += sign[i] * e.lu;
      for (int j = 0; j <= i; ++j) add(idx[i], idx[j], -e.luu * sign[i] * sign[j]);
      add(idx[i], dd, -e.lud * sign[i]);
    }
    c.gradient[dd] += e.ld;
    add(dd, dd, -e.ldd);
  }
  for (const Problem::Link& l : p.links) {
    const double diff = x[l.a] - x[l.b];
    c.ll -= 0.5 * l.precision * diff * diff;
    c.gradient[l.a] -= l.precision * diff;
    c.gradient[l.b] += l.precision * diff;
    add(l.a, l.a, l.precision), add(l.b, l.b, l.precision), add(l.a, l.b, -l.precision);
  }
  for (std::size_t i = 0; i < p.prior.size(); ++i) {
    const auto k = static_cast<Eigen::Index>(i);
    c.ll -= 0.5 * p.prior[i] * x[k] * x[k];
    c.gradient[k] -= p.prior[i] * x[k];
    add(k, k, p.prior[i]);
  }
  for (Eigen::Index k = 0; k < m; ++k)
    if (held(p, static_cast<std::size_t>(k))) c.gradient[k] = 0, t.emplace_back(k, k, 1.0);
  c.information.resize(m, m);
  c.information.setFromTriplets(t.begin(), t.end());
  return c;
}

// The exact solver (its factor fills in on a large archive's games: the exact standard
// errors of a few hundred players only) and the iterative one (conjugate gradient, the
// matrix's diagonal as preconditioner: the Newton steps).
using Factor = Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Lower>;
using Iterative = Eigen::ConjugateGradient<Eigen::SparseMatrix<double>, Eigen::Lower>;

}  // namespace

Maximum maximise(const Problem& p, Eigen::VectorXd x, double tolerance, int max_iterations) {
  const auto n = static_cast<Eigen::Index>(p.nodes);
  Maximum m;
  Iterative solver;
  Local here = local(p, x);
  solver.analyzePattern(here.information);
  for (; m.iterations < max_iterations; ++m.iterations) {
    if (here.gradient.norm() < 1e-10) {  // the maximum, to what doubles resolve
      m.converged = true;
      break;
    }
    // The forcing term: loose far from the maximum, tight near it, never below what doubles
    // resolve (a tighter goal only spins the solver).
    solver.factorize(here.information);
    solver.setTolerance(std::min(1e-2, std::max(1e-8, here.gradient.norm())));
    const Eigen::VectorXd step = solver.solve(here.gradient);
    const double largest = step.lpNorm<Eigen::Infinity>();
    if (!std::isfinite(largest)) break;
    if (largest < tolerance) {
      m.converged = true;
      break;
    }
    const double slope = here.gradient.dot(step);
    double t = 1;
    Eigen::VectorXd next;
    for (int halving = 0; halving < 60; ++halving, t /= 2) {
      next = x + t * step;
      if (p.free_d && !(next[n + 1] > 0)) continue;
      if (objective(p, next) >= here.ll + 1e-4 * t * slope) break;
    }
    if (!p.has_prior()) next.head(n).array() -= next.head(n).mean();  // the shift the likelihood is blind to
    x = std::move(next);
    here = local(p, x);
    if (t * largest < tolerance) {
      m.converged = true;
      break;
    }
  }
  m.x = std::move(x);
  m.ll = here.ll;
  m.information = std::move(here.information);
  m.game_information = std::move(here.game_information);
  return m;
}

std::vector<double> exact_variances(const Problem& p, const Maximum& m, const std::vector<double>& weight) {
  const auto n = static_cast<Eigen::Index>(p.nodes);
  Factor factor(m.information);
  std::vector<double> variance(p.nodes, 0);
  if (factor.info() != Eigen::Success) return variance;
  const Eigen::Map<const Eigen::VectorXd> w(weight.data(), n);
  // Columns c_i = e_i − w, a block at a time; node 0's entry dropped without a prior (it is
  // held: the solve then gives the pseudo-inverse's form cᵀA⁺c, c orthogonal to the shift).
  constexpr Eigen::Index kBlock = 256;
  for (Eigen::Index first = 0; first < n; first += kBlock) {
    const Eigen::Index cols = std::min(kBlock, n - first);
    Eigen::MatrixXd c = Eigen::MatrixXd::Zero(n + 2, cols);
    for (Eigen::Index j = 0; j < cols; ++j) {
      c.col(j).head(n) = -w;
      c(first + j, j) += 1;
    }
    if (!p.has_prior()) c.row(0).setZero();
    const Eigen::MatrixXd s = factor.solve(c);
    for (Eigen::Index j = 0; j < cols; ++j)
      variance[static_cast<std::size_t>(first + j)] = std::max(0.0, c.col(j).dot(s.col(j)));
  }
  return variance;
}

std::vector<double> approximate_variances(const Problem& p, const Maximum& m) {
  const std::size_t n = p.nodes;
  // Each node's information (the diagonal, node 0's too) and that of each pair's games.
  std::vector<double> diagonal(n, 0);
  std::vector<std::pair<std::uint64_t, double>> pairs;
  pairs.reserve(p.games.size());
  for (std::size_t g = 0; g < p.games.size(); ++g) {
    const std::uint64_t a = std::min(p.games[g].cho, p.games[g].han), b = std::max(p.games[g].cho, p.games[g].han);
    pairs.push_back({a << 32 | b, m.game_information[g]});
    diagonal[a] += m.game_information[g], diagonal[b] += m.game_information[g];
  }
  for (const Problem::Link& l : p.links) diagonal[l.a] += l.precision, diagonal[l.b] += l.precision;
  for (std::size_t i = 0; i < p.prior.size(); ++i) diagonal[i] += p.prior[i];
  std::sort(pairs.begin(), pairs.end());
  struct Edge {
    std::uint32_t to;
    double w;
  };
  std::vector<std::vector<Edge>> edges(n);
  for (std::size_t i = 0; i < pairs.size();) {
    double w = 0;
    std::size_t j = i;
    for (; j < pairs.size() && pairs[j].first == pairs[i].first; ++j) w += pairs[j].second;
    const auto a = static_cast<std::uint32_t>(pairs[i].first >> 32), b = static_cast<std::uint32_t>(pairs[i].first);
    edges[a].push_back({b, w});
    edges[b].push_back({a, w});
    i = j;
  }
  std::vector<double> variance(n), next(n);
  for (std::size_t i = 0; i < n; ++i) variance[i] = 1 / diagonal[i];
  for (int it = 0; it < 500; ++it) {
    double change = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double x = 1 / diagonal[i];
      for (const Edge& e : edges[i]) x += (e.w / diagonal[i]) * (e.w / diagonal[i]) * variance[e.to];
      next[i] = x;
      change = std::max(change, std::abs(x - variance[i]) / x);
    }
    variance.swap(next);
    if (change < 1e-9) break;
  }
  return variance;
}

double first_move_variance(const Problem& p, const Maximum& m) {
  if (!p.free_alpha) return 0;
  Iterative solver(m.information);
  solver.setTolerance(1e-10);
  Eigen::VectorXd unit = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(p.nodes + 2));
  unit[static_cast<Eigen::Index>(p.nodes)] = 1;
  return std::max(0.0, solver.solve(unit)[static_cast<Eigen::Index>(p.nodes)]);
}

}  // namespace gibo::ratings::model
