// Ratings by maximum likelihood (gibo/report/ratings.h; the model: src/report/README.md
// "Ratings"). The log-likelihood is that of an ordered logistic regression (Han wins < draw
// < Cho wins, cut points -d and +d around u = β_cho - β_han + α), concave in (β, α, d), so
// Newton's method with a backtracking line search finds its maximum; each Newton step solves
// the sparse system by preconditioned conjugate gradients, never forming the matrix.
#include "gibo/report/ratings.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

#include "gibo/core/enum_names.h"

namespace gibo::ratings {
namespace {

constexpr double kZ95 = 1.959963984540054;

double logistic(double x) { return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x)); }
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

// The maximisation over nodes (a player, or a player in one period): the games between
// nodes, Gaussian links between nodes (the history's random walk, precision in natural
// units), and which of α and d are free. Unknowns: x = (β_0 … β_{n-1}, α, d).
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
  // A normal prior on every β (precision, natural units; FitOptions::prior): 0 for none,
  // when the likelihood alone decides and the common shift is free.
  double prior = 0;
};

struct Point {
  std::vector<double> beta;
  double alpha = 0, d = 0;
};

// The curvature at a point: each game's second derivatives (for products with the negated
// Hessian A), the gradient and A's diagonal.
struct Curvature {
  std::vector<Terms> game_terms;
  std::vector<double> gradient;  // n + 2
  std::vector<double> diagonal;  // of A, n + 2
  double ll = 0;
};

double objective(const Problem& p, const Point& x) {
  double ll = 0;
  for (const Problem::Game& g : p.games) ll += terms(g.outcome, x.beta[g.cho] - x.beta[g.han] + x.alpha, x.d).ll;
  for (const Problem::Link& l : p.links) {
    const double diff = x.beta[l.a] - x.beta[l.b];
    ll -= 0.5 * l.precision * diff * diff;
  }
  for (std::size_t i = 0; i < p.nodes && p.prior > 0; ++i) ll -= 0.5 * p.prior * x.beta[i] * x.beta[i];
  return ll;
}

Curvature curvature(const Problem& p, const Point& x) {
  const std::size_t n = p.nodes;
  Curvature c;
  c.game_terms.resize(p.games.size());
  c.gradient.assign(n + 2, 0);
  c.diagonal.assign(n + 2, 0);
  for (std::size_t k = 0; k < p.games.size(); ++k) {
    const Problem::Game& g = p.games[k];
    const Terms t = terms(g.outcome, x.beta[g.cho] - x.beta[g.han] + x.alpha, x.d);
    c.game_terms[k] = t;
    c.ll += t.ll;
    c.gradient[g.cho] += t.lu;
    c.gradient[g.han] -= t.lu;
    c.gradient[n] += t.lu;
    c.gradient[n + 1] += t.ld;
    c.diagonal[g.cho] -= t.luu;
    c.diagonal[g.han] -= t.luu;
    c.diagonal[n] -= t.luu;
    c.diagonal[n + 1] -= t.ldd;
  }
  for (const Problem::Link& l : p.links) {
    const double diff = x.beta[l.a] - x.beta[l.b];
    c.ll -= 0.5 * l.precision * diff * diff;
    c.gradient[l.a] -= l.precision * diff;
    c.gradient[l.b] += l.precision * diff;
    c.diagonal[l.a] += l.precision;
    c.diagonal[l.b] += l.precision;
  }
  for (std::size_t i = 0; i < n && p.prior > 0; ++i) {
    c.ll -= 0.5 * p.prior * x.beta[i] * x.beta[i];
    c.gradient[i] -= p.prior * x.beta[i];
    c.diagonal[i] += p.prior;
  }
  // A fixed α or d: its row and column are the identity's, its gradient zero.
  if (!p.free_alpha) c.gradient[n] = 0, c.diagonal[n] = 1;
  if (!p.free_d) c.gradient[n + 1] = 0, c.diagonal[n + 1] = 1;
  return c;
}

// out = A v, A the negated Hessian at the curvature's point.
void multiply(const Problem& p, const Curvature& c, const std::vector<double>& v, std::vector<double>& out) {
  const std::size_t n = p.nodes;
  out.assign(n + 2, 0);
  const double va = p.free_alpha ? v[n] : 0, vd = p.free_d ? v[n + 1] : 0;
  for (std::size_t k = 0; k < p.games.size(); ++k) {
    const Problem::Game& g = p.games[k];
    const Terms& t = c.game_terms[k];
    const double xv = v[g.cho] - v[g.han] + va;
    const double along = -(t.luu * xv + t.lud * vd);  // (A v) along x = e_cho - e_han + e_α
    out[g.cho] += along;
    out[g.han] -= along;
    out[n] += along;
    out[n + 1] -= t.lud * xv + t.ldd * vd;
  }
  for (const Problem::Link& l : p.links) {
    const double diff = l.precision * (v[l.a] - v[l.b]);
    out[l.a] += diff;
    out[l.b] -= diff;
  }
  for (std::size_t i = 0; i < n && p.prior > 0; ++i) out[i] += p.prior * v[i];
  if (!p.free_alpha) out[n] = v[n];
  if (!p.free_d) out[n + 1] = v[n + 1];
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  return std::inner_product(a.begin(), a.end(), b.begin(), 0.0);
}

// Solves A s = rhs by conjugate gradients preconditioned with A's diagonal, to a residual
// `relative` times the right-hand side's. A is singular along the ratings' common shift, so
// the iteration is kept orthogonal to it (the right-hand side and each preconditioned
// residual have their ratings' mean removed): rounding can then not feed that direction.
std::vector<double> solve(const Problem& p, const Curvature& c, const std::vector<double>& rhs, double relative) {
  const std::size_t m = rhs.size(), n = p.nodes;
  auto off_shift = [&](std::vector<double>& v) {
    if (p.prior > 0) return;  // a prior pins the shift
    double mean = 0;
    for (std::size_t i = 0; i < n; ++i) mean += v[i];
    mean /= static_cast<double>(std::max<std::size_t>(n, 1));
    for (std::size_t i = 0; i < n; ++i) v[i] -= mean;
  };
  std::vector<double> s(m, 0), r = rhs, z(m), q(m), ap;
  off_shift(r);
  auto precondition = [&] {
    for (std::size_t i = 0; i < m; ++i) z[i] = r[i] / c.diagonal[i];
    off_shift(z);
  };
  precondition();
  q = z;
  double rz = dot(r, z);
  const double goal = relative * relative * dot(r, r);
  const std::size_t limit = 10 * m + 100;
  for (std::size_t it = 0; it < limit && dot(r, r) > goal; ++it) {
    multiply(p, c, q, ap);
    const double qaq = dot(q, ap);
    if (!(qaq > 0)) break;
    const double step = rz / qaq;
    for (std::size_t i = 0; i < m; ++i) s[i] += step * q[i], r[i] -= step * ap[i];
    precondition();
    const double rz_next = dot(r, z);
    const double keep = rz_next / rz;
    rz = rz_next;
    for (std::size_t i = 0; i < m; ++i) q[i] = z[i] + keep * q[i];
  }
  return s;
}

void center(std::vector<double>& beta) {
  if (beta.empty()) return;
  const double mean = std::accumulate(beta.begin(), beta.end(), 0.0) / static_cast<double>(beta.size());
  for (double& b : beta) b -= mean;
}

struct Maximum {
  Point point;
  Curvature curvature;
  int iterations = 0;
  bool converged = false;
};

// Newton's method from `start`, each step shortened until the likelihood rises.
Maximum maximise(const Problem& p, Point start, double tolerance, int max_iterations) {
  Maximum m;
  m.point = std::move(start);
  const std::size_t n = p.nodes;
  for (; m.iterations < max_iterations; ++m.iterations) {
    m.curvature = curvature(p, m.point);
    const std::vector<double>& g = m.curvature.gradient;
    const double gnorm = std::sqrt(dot(g, g));
    if (gnorm < 1e-10) {  // the maximum, to what doubles resolve
      m.converged = true;
      break;
    }
    // The forcing term: loose far from the maximum, tight near it, never below what doubles
    // resolve (a tighter goal only spins the solver).
    const std::vector<double> step = solve(p, m.curvature, g, std::min(1e-2, std::max(1e-8, gnorm)));
    double largest = 0;
    for (double s : step) largest = std::max(largest, std::abs(s));
    if (largest < tolerance) {
      m.converged = true;
      break;
    }
    const double slope = dot(g, step);
    double t = 1;
    Point next;
    for (int halving = 0; halving < 60; ++halving, t /= 2) {
      next = m.point;
      for (std::size_t i = 0; i < n; ++i) next.beta[i] += t * step[i];
      next.alpha += t * step[n];
      next.d += t * step[n + 1];
      if (p.free_d && !(next.d > 0)) continue;
      if (objective(p, next) >= m.curvature.ll + 1e-4 * t * slope) break;
    }
    if (p.prior == 0) center(next.beta);
    m.point = std::move(next);
    if (t * largest < tolerance) {
      m.converged = true;
      m.curvature = curvature(p, m.point);
      break;
    }
  }
  if (!m.converged) m.curvature = curvature(p, m.point);
  return m;
}

// The players of the largest group in which every player reaches every other through
// "beat" (a strongly connected component of the graph of decisive games; Kosaraju,
// iteratively). Within it every rating is bounded by wins and losses both ways, so the
// maximum exists; draws do not connect: with the draw width free, a chain held together by
// draws alone spreads without end (wider draws, farther ratings), with no maximum.
std::vector<bool> rated_group(std::span<const RatedGame> games, std::size_t players) {
  std::vector<std::vector<std::uint32_t>> out(players), in(players);
  for (const RatedGame& g : games) {
    if (g.cho == g.han || g.outcome == Outcome::Draw) continue;
    const std::uint32_t winner = g.outcome == Outcome::ChoWins ? g.cho : g.han, loser = g.cho + g.han - winner;
    out[winner].push_back(loser);
    in[loser].push_back(winner);
  }
  std::vector<std::uint32_t> order;
  order.reserve(players);
  std::vector<char> seen(players, 0);
  std::vector<std::pair<std::uint32_t, std::size_t>> stack;
  for (std::uint32_t s = 0; s < players; ++s) {
    if (seen[s]) continue;
    seen[s] = 1;
    stack.push_back({s, 0});
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      if (next < out[v].size()) {
        const std::uint32_t w = out[v][next++];
        if (!seen[w]) seen[w] = 1, stack.push_back({w, 0});
      } else {
        order.push_back(v);
        stack.pop_back();
      }
    }
  }
  std::vector<int> component(players, -1);
  std::vector<long> size;
  std::vector<std::uint32_t> todo;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (component[*it] >= 0) continue;
    const int id = static_cast<int>(size.size());
    size.push_back(0);
    component[*it] = id;
    todo.push_back(*it);
    while (!todo.empty()) {
      const std::uint32_t v = todo.back();
      todo.pop_back();
      ++size[static_cast<std::size_t>(id)];
      for (std::uint32_t w : in[v])
        if (component[w] < 0) component[w] = id, todo.push_back(w);
    }
  }
  std::vector<bool> group(players, false);
  if (size.empty()) return group;
  const int best = static_cast<int>(std::max_element(size.begin(), size.end()) - size.begin());
  if (size[static_cast<std::size_t>(best)] < 2) return group;
  for (std::size_t v = 0; v < players; ++v) group[v] = component[v] == best;
  return group;
}

// The diagonal of the inverse of the symmetric positive definite n × n matrix `a` (row-major),
// by its Cholesky factor L: diag(A⁻¹)_i = |row i of L⁻¹ᵀ|² = the column norms of L⁻¹.
std::vector<double> inverse_diagonal(std::vector<double>& a, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) {  // a's lower triangle becomes L
    double s = a[j * n + j];
    for (std::size_t k = 0; k < j; ++k) s -= a[j * n + k] * a[j * n + k];
    const double ljj = std::sqrt(std::max(s, 1e-300));
    a[j * n + j] = ljj;
    for (std::size_t i = j + 1; i < n; ++i) {
      double t = a[i * n + j];
      const double* ri = &a[i * n];
      const double* rj = &a[j * n];
      for (std::size_t k = 0; k < j; ++k) t -= ri[k] * rj[k];
      a[i * n + j] = t / ljj;
    }
  }
  // L⁻¹ column by column (forward substitution of unit vectors), accumulating the norms of its rows' … columns.
  std::vector<double> diag(n, 0), x(n);
  for (std::size_t c = 0; c < n; ++c) {
    std::fill(x.begin(), x.end(), 0.0);
    x[c] = 1 / a[c * n + c];
    diag[c] += x[c] * x[c];
    for (std::size_t i = c + 1; i < n; ++i) {
      double t = 0;
      const double* ri = &a[i * n];
      for (std::size_t k = c; k < i; ++k) t -= ri[k] * x[k];
      x[i] = t / a[i * n + i];
      diag[c] += x[i] * x[i];  // (L⁻¹)_{ic}²: column c of L⁻¹ is row c of L⁻ᵀ
    }
  }
  return diag;
}

// Can Cho's advantage be told from the ratings? Not when the players can be given levels
// with every game's Cho exactly one above its Han (a player always Han, say): then a shift of
// α is undone by shifting the levels. Breadth-first over the games, looking for a
// contradiction.
bool first_move_separable(const Problem& p) {
  std::vector<std::vector<std::pair<std::uint32_t, int>>> next(p.nodes);
  for (const Problem::Game& g : p.games) {
    next[g.cho].push_back({g.han, -1});
    next[g.han].push_back({g.cho, +1});
  }
  std::vector<long> level(p.nodes, 0);
  std::vector<char> seen(p.nodes, 0);
  std::vector<std::uint32_t> queue;
  for (std::uint32_t s = 0; s < p.nodes; ++s) {
    if (seen[s]) continue;
    seen[s] = 1;
    queue.assign(1, s);
    for (std::size_t k = 0; k < queue.size(); ++k) {
      const std::uint32_t v = queue[k];
      for (const auto& [w, step] : next[v]) {
        if (!seen[w]) {
          seen[w] = 1;
          level[w] = level[v] + step;
          queue.push_back(w);
        } else if (level[w] != level[v] + step) {
          return true;
        }
      }
    }
  }
  return false;
}

// The rated group's players as the nodes 0 … n-1 of a problem, and its games.
struct RatedGroup {
  std::vector<bool> member;           // by player
  std::vector<std::uint32_t> node;    // by player: its node, UINT32_MAX outside the group
  std::vector<std::uint32_t> player;  // by node
  // Is `g` a game between two players of the group?
  bool holds(const RatedGame& g) const { return g.cho != g.han && member[g.cho] && member[g.han]; }
};

// The players rated: with a prior every player with a decided game; without, the largest
// group held from both sides by wins.
RatedGroup rated_players(std::span<const RatedGame> games, std::size_t players, const FitOptions& options) {
  RatedGroup r;
  r.member.assign(players, false);
  if (options.prior > 0) {
    for (const RatedGame& g : games)
      if (g.cho != g.han) r.member[g.cho] = r.member[g.han] = true;
  } else {
    r.member = rated_group(games, players);
  }
  r.node.assign(players, UINT32_MAX);
  for (std::uint32_t v = 0; v < players; ++v)
    if (r.member[v]) r.node[v] = static_cast<std::uint32_t>(r.player.size()), r.player.push_back(v);
  return r;
}

// Each player's games, wins, draws and losses (games against themselves aside).
void count_records(std::span<const RatedGame> games, Fit& f) {
  for (const RatedGame& g : games) {
    assert(g.cho < f.players.size() && g.han < f.players.size());
    if (g.cho == g.han) continue;
    PlayerRating &c = f.players[g.cho], &h = f.players[g.han];
    ++c.games, ++h.games;
    if (g.outcome == Outcome::Draw) ++c.draws, ++h.draws;
    else if (g.outcome == Outcome::ChoWins) ++c.wins, ++h.losses;
    else ++h.wins, ++c.losses;
  }
}

// The maximum of the problem `p` (its draws among its games: `draws`), from a start that
// gives equal players the observed draw rate; without Cho's advantage when the games do not
// tell it (p.free_alpha then false).
Maximum fit_levels(Problem& p, long draws, const FitOptions& options) {
  Point start;
  start.beta.assign(p.nodes, 0);
  if (p.free_d) {  // the draw width that gives equal players the observed draw rate
    const double rate = static_cast<double>(draws) / static_cast<double>(p.games.size());
    start.d = std::log((1 + rate) / (1 - rate));
  }
  Maximum m = maximise(p, start, options.tolerance, options.max_iterations);
  // Cho's advantage has no finite estimate when the games separate by colour (every game
  // won by the side that moved first, say): rate without it.
  if (p.free_alpha && (!m.converged || std::abs(m.point.alpha) * kEloScale > 1000)) {
    p.free_alpha = false;
    start.alpha = 0;
    m = maximise(p, start, options.tolerance, options.max_iterations);
  }
  return m;
}

// Standings, and the anchor's weights by node: the mean of the ranked players (of the
// rated ones when none is ranked).
std::vector<double> anchor_weights(const Problem& p, const RatedGroup& group, const FitOptions& options, Fit& f) {
  f.rated_players = static_cast<long>(p.nodes);
  std::vector<bool> ranked(p.nodes, false);
  for (std::size_t i = 0; i < p.nodes; ++i) {
    PlayerRating& r = f.players[group.player[i]];
    ranked[i] = r.rated_games >= options.min_games;
    r.standing = ranked[i] ? Standing::Ranked : Standing::FewGames;
    f.ranked_players += ranked[i];
  }
  std::vector<double> weight(p.nodes, 0);
  for (std::size_t i = 0; i < p.nodes; ++i)
    weight[i] = f.ranked_players ? (ranked[i] ? 1.0 / static_cast<double>(f.ranked_players) : 0)
                                 : 1.0 / static_cast<double>(p.nodes);
  return weight;
}

// Variances of β_i - level (natural units²) and of α.
struct Variances {
  std::vector<double> beta;
  double alpha = 0;
};

// Exact: A⁺ through B = A + ε·(1/n)·11ᵀ on the ratings (A's null direction), whose inverse
// is A⁺ + 11ᵀ/(ε n); Var(β_i - wᵀβ) = A⁺_ii - 2 (A⁺w)_i + wᵀA⁺w.
Variances exact_variances(const Problem& p, const Maximum& m, const std::vector<double>& weight) {
  const std::size_t n = p.nodes;
  const std::size_t m2 = n + (p.free_alpha ? 1 : 0) + (p.free_d ? 1 : 0);
  std::vector<std::size_t> row(n + 2, SIZE_MAX);
  for (std::size_t i = 0; i < n; ++i) row[i] = i;
  std::size_t k = n;
  if (p.free_alpha) row[n] = k++;
  if (p.free_d) row[n + 1] = k++;
  std::vector<double> a(m2 * m2, 0);
  auto add = [&](std::size_t i, std::size_t j, double v) {
    if (row[i] != SIZE_MAX && row[j] != SIZE_MAX) a[row[i] * m2 + row[j]] += v;
  };
  for (std::size_t g = 0; g < p.games.size(); ++g) {
    const Terms& t = m.curvature.game_terms[g];
    const std::size_t idx[3] = {p.games[g].cho, p.games[g].han, n};
    const double sign[3] = {1, -1, 1};
    for (int x = 0; x < 3; ++x) {
      for (int y = 0; y < 3; ++y) add(idx[x], idx[y], -t.luu * sign[x] * sign[y]);
      add(idx[x], n + 1, -t.lud * sign[x]);
      add(n + 1, idx[x], -t.lud * sign[x]);
    }
    add(n + 1, n + 1, -t.ldd);
  }
  double scale = 0;
  for (std::size_t i = 0; i < n; ++i) scale += a[i * m2 + i];
  // With a prior A is definite (its diagonal carries the prior) and needs no ε.
  for (std::size_t i = 0; i < n && p.prior > 0; ++i) a[i * m2 + i] += p.prior;
  const double eps = p.prior > 0 ? 0 : scale / static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) a[i * m2 + j] += eps / static_cast<double>(n);
  // The full inverse is needed for A⁺w: invert through the factor, column by column.
  std::vector<double> chol = a;
  const std::vector<double> diag = inverse_diagonal(chol, m2);  // chol now holds L
  // A⁺w = B⁻¹w - 1·(1ᵀw)/(ε n)·… with 1ᵀw = 1: B⁻¹w by two triangular solves.
  std::vector<double> y(m2, 0);
  for (std::size_t i = 0; i < n; ++i) y[i] = weight[i];
  for (std::size_t i = 0; i < m2; ++i) {
    double t = y[i];
    for (std::size_t j = 0; j < i; ++j) t -= chol[i * m2 + j] * y[j];
    y[i] = t / chol[i * m2 + i];
  }
  for (std::size_t i = m2; i-- > 0;) {
    double t = y[i];
    for (std::size_t j = i + 1; j < m2; ++j) t -= chol[j * m2 + i] * y[j];
    y[i] = t / chol[i * m2 + i];
  }
  const double null_part = eps > 0 ? 1 / (eps * static_cast<double>(n)) : 0;  // (11ᵀ/(ε n)) entries … per unit of 1ᵀ
  double waw = 0;
  for (std::size_t i = 0; i < n; ++i) waw += weight[i] * (y[i] - null_part);
  Variances v;
  v.beta.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) v.beta[i] = std::max(0.0, (diag[i] - null_part) - 2 * (y[i] - null_part) + waw);
  if (p.free_alpha) v.alpha = diag[row[n]];
  return v;
}

// Approximate: a player's variance given the others', plus what the opponents' own
// uncertainty adds through them, V_i = 1/A_ii + Σ_j (w_ij / A_ii)² V_j (w_ij the
// information of the games between i and j), iterated to its fixed point; α's exact.
Variances approximate_variances(const Problem& p, const Maximum& m) {
  const std::size_t n = p.nodes;
  std::vector<std::pair<std::uint64_t, double>> pairs;
  pairs.reserve(p.games.size());
  for (std::size_t g = 0; g < p.games.size(); ++g) {
    const std::uint64_t a = std::min(p.games[g].cho, p.games[g].han), b = std::max(p.games[g].cho, p.games[g].han);
    pairs.push_back({a << 32 | b, -m.curvature.game_terms[g].luu});
  }
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
  const std::vector<double>& dia = m.curvature.diagonal;
  Variances v;
  std::vector<double>& variance = v.beta;
  variance.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) variance[i] = 1 / dia[i];
  std::vector<double> next(n);
  for (int it = 0; it < 500; ++it) {
    double change = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double x = 1 / dia[i];
      for (const Edge& e : edges[i]) x += (e.w / dia[i]) * (e.w / dia[i]) * variance[e.to];
      next[i] = x;
      change = std::max(change, std::abs(x - variance[i]) / x);
    }
    variance.swap(next);
    if (change < 1e-9) break;
  }
  if (p.free_alpha) {  // α's exact variance: one solve, A s = e_α
    std::vector<double> unit(n + 2, 0);
    unit[n] = 1;
    v.alpha = solve(p, m.curvature, unit, 1e-8)[n];
  }
  return v;
}

// Ranks among the ranked, highest rating first (ties: lower player number first).
void rank_players(Fit& f) {
  std::vector<std::uint32_t> order;
  for (std::uint32_t v = 0; v < f.players.size(); ++v)
    if (f.players[v].standing == Standing::Ranked) order.push_back(v);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return f.players[a].rating > f.players[b].rating; });
  for (std::size_t k = 0; k < order.size(); ++k) f.players[order[k]].rank = static_cast<int>(k) + 1;
}

// The rating history's nodes: each rated player's periods with games, (period, games)
// in period order, the nodes of player i from first[i] to first[i + 1].
struct Periods {
  std::vector<std::vector<std::pair<int, long>>> of;  // by player node
  std::vector<std::size_t> first;
  // The history node of player node `i` in `period` (one it played in).
  std::uint32_t node(std::size_t i, int period) const {
    const auto& ps = of[i];
    const auto it = std::lower_bound(ps.begin(), ps.end(), std::pair<int, long>{period, 0});
    return static_cast<std::uint32_t>(first[i] + static_cast<std::size_t>(it - ps.begin()));
  }
};

Periods history_periods(std::span<const RatedGame> games, const RatedGroup& group, std::size_t n) {
  Periods h;
  h.of.resize(n);
  for (const RatedGame& g : games) {
    if (!group.holds(g) || g.period < 0) continue;
    for (std::uint32_t v : {group.node[g.cho], group.node[g.han]}) h.of[v].push_back({g.period, 1});
  }
  h.first.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    auto& ps = h.of[i];
    std::sort(ps.begin(), ps.end());
    std::vector<std::pair<int, long>> merged;
    for (const auto& [period, count] : ps)
      if (!merged.empty() && merged.back().first == period) merged.back().second += count;
      else merged.push_back({period, count});
    ps.swap(merged);
    h.first[i + 1] = h.first[i] + ps.size();
  }
  return h;
}

// The history: one node per rated player and period with games, linked period to period
// (the drift's precision), fitted from the overall fit `m` of `p`, each player's ratings
// by period with their deviations in f.players[].history.
void fit_history(std::span<const RatedGame> games, const RatedGroup& group, const Problem& p, const Maximum& m,
                 const std::vector<double>& weight, const FitOptions& options, Fit& f) {
  const std::size_t n = p.nodes;
  const Periods periods = history_periods(games, group, n);
  const std::vector<std::size_t>& first_node = periods.first;
  Problem h;
  h.nodes = first_node[n];
  h.free_alpha = h.free_d = false;
  h.prior = p.prior;
  for (const RatedGame& g : games)
    if (group.holds(g) && g.period >= 0)
      h.games.push_back({periods.node(group.node[g.cho], g.period), periods.node(group.node[g.han], g.period), g.outcome});
  const double step = options.drift / kEloScale;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 1; k < periods.of[i].size(); ++k) {
      const int gap = periods.of[i][k].first - periods.of[i][k - 1].first;
      h.links.push_back({static_cast<std::uint32_t>(first_node[i] + k - 1), static_cast<std::uint32_t>(first_node[i] + k),
                         1 / (step * step * gap)});
    }
  Point hs;
  hs.beta.assign(h.nodes, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = first_node[i]; k < first_node[i + 1]; ++k) hs.beta[k] = m.point.beta[i];
  center(hs.beta);
  hs.alpha = m.point.alpha;
  hs.d = m.point.d;
  const Maximum hm = maximise(h, hs, options.tolerance, options.max_iterations);
  // The same anchor: the weighted mean over players of their mean period rating equals the
  // overall fit's level.
  double hlevel = 0;
  double weights = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (first_node[i + 1] == first_node[i]) continue;  // only undated games: no history
    double mean = 0;
    for (std::size_t k = first_node[i]; k < first_node[i + 1]; ++k) mean += hm.point.beta[k];
    hlevel += weight[i] * mean / static_cast<double>(first_node[i + 1] - first_node[i]);
    weights += weight[i];
  }
  if (weights > 0) hlevel /= weights;
  // Deviations given the other players: the diagonal of the inverse of the player's own
  // tridiagonal block (games on the diagonal, the links off it), as Whole-History Rating does.
  const std::vector<double>& hd = hm.curvature.diagonal;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t b = first_node[i], len = first_node[i + 1] - b;
    if (len == 0) continue;  // only undated games
    std::vector<double> off(len, 0);  // off[k]: the link between k-1 and k (negated precision)
    for (std::size_t k = 1; k < len; ++k) {
      const int gap = periods.of[i][k].first - periods.of[i][k - 1].first;
      off[k] = -1 / (step * step * gap);
    }
    // diag(T⁻¹) by the two-sided recurrences: θ from the top, φ from the bottom.
    std::vector<double> theta(len + 1, 1), phi(len + 2, 1);
    theta[1] = hd[b];
    for (std::size_t k = 2; k <= len; ++k) theta[k] = hd[b + k - 1] * theta[k - 1] - off[k - 1] * off[k - 1] * theta[k - 2];
    phi[len] = hd[b + len - 1];
    for (std::size_t k = len; k-- > 1;) phi[k] = hd[b + k - 1] * phi[k + 1] - off[k] * off[k] * phi[k + 2];
    PlayerRating& r = f.players[group.player[i]];
    for (std::size_t k = 0; k < len; ++k) {
      const double var = theta[k] * phi[k + 2] / theta[len];
      r.history.push_back({periods.of[i][k].first, options.anchor + (hm.point.beta[b + k] - hlevel) * kEloScale,
                           std::sqrt(std::max(0.0, var)) * kEloScale, periods.of[i][k].second});
    }
  }
}

}  // namespace

std::string_view standing_name(Standing s) {
  static constexpr auto kNames = std::to_array<Named<Standing>>({
      {Standing::Ranked, "ranked"}, {Standing::FewGames, "few-games"}, {Standing::NotConnected, "not-connected"}});
  return name_of(kNames, s);
}

Probabilities predict(double difference, double first_move, double draw_width, double deviation) {
  const double sigma = deviation / kEloScale, flatten = std::sqrt(1 + std::acos(-1.0) * sigma * sigma / 8);
  const double u = (difference + first_move) / kEloScale / flatten, d = draw_width / kEloScale / flatten;
  Probabilities p;
  p.cho = logistic(u - d);
  p.han = logistic(-u - d);
  p.draw = std::max(0.0, 1 - p.cho - p.han);
  return p;
}

Fit fit(std::span<const RatedGame> games, std::size_t players, const FitOptions& options) {
  Fit f;
  f.players.resize(players);
  f.games = static_cast<long>(games.size());
  count_records(games, f);
  const RatedGroup group = rated_players(games, players, options);
  Problem p;
  p.nodes = group.player.size();
  long draws = 0, decisive = 0;
  for (const RatedGame& g : games) {
    if (!group.holds(g)) continue;
    p.games.push_back({group.node[g.cho], group.node[g.han], g.outcome});
    ++f.players[g.cho].rated_games, ++f.players[g.han].rated_games;
    (g.outcome == Outcome::Draw ? draws : decisive)++;
  }
  if (p.nodes == 0 || decisive == 0) return f;  // nothing to rate: every player NotConnected
  f.rated_games = static_cast<long>(p.games.size());
  p.free_d = draws > 0;
  p.free_alpha = options.first_move && first_move_separable(p);
  if (options.prior > 0) p.prior = 1 / ((options.prior / kEloScale) * (options.prior / kEloScale));

  const Maximum m = fit_levels(p, draws, options);
  f.iterations = m.iterations;
  f.converged = m.converged;
  f.log_likelihood = m.curvature.ll;
  f.first_move_fitted = p.free_alpha;
  f.first_move = m.point.alpha * kEloScale;
  f.draw_width = m.point.d * kEloScale;

  const std::vector<double> weight = anchor_weights(p, group, options, f);
  const double level = dot(weight, m.point.beta);
  f.exact_covariance = static_cast<long>(p.nodes) <= options.exact_limit;
  const Variances variance = f.exact_covariance ? exact_variances(p, m, weight) : approximate_variances(p, m);
  f.first_move_deviation = std::sqrt(std::max(0.0, variance.alpha)) * kEloScale;
  for (std::size_t i = 0; i < p.nodes; ++i) {
    PlayerRating& r = f.players[group.player[i]];
    r.rating = options.anchor + (m.point.beta[i] - level) * kEloScale;
    r.deviation = std::sqrt(variance.beta[i]) * kEloScale;
    r.low = r.rating - kZ95 * r.deviation;
    r.high = r.rating + kZ95 * r.deviation;
  }
  rank_players(f);
  if (options.drift > 0) fit_history(games, group, p, m, weight, options, f);
  return f;
}

}  // namespace gibo::ratings
