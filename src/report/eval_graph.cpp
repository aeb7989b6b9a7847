// The evaluation graph (eval_graph.h): SVG of the evaluations of an analysed game, Cho's view.
#include "gibo/report/eval_graph.h"

#include <algorithm>
#include <cstdio>

#include "gibo/report/i18n.h"
#include "markup.h"
#include "gibo/analysis/pawns_text.h"

namespace gibo {
namespace {

std::string num(double d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", d);
  return buf;
}

}  // namespace

std::string eval_text(const analysis::Score& s) {
  if (!s.mate) return analysis::pawns_text(s.cp);
  char buf[32];
  std::snprintf(buf, sizeof buf, "#%s%d", s.winner == Side::Cho ? "" : "-", s.mate_moves);
  return buf;
}

std::string eval_graph_svg(const analysis::Evaluations& evals, const EvalGraphOptions& o) {
  const double w = o.width, h = o.height, pad = 4;
  const double mid = h / 2, half = h / 2 - pad;
  const std::size_t n = evals.size();
  const double step = n > 1 ? (w - 2 * pad) / static_cast<double>(n - 1) : 0;
  auto x_of = [&](std::size_t k) { return pad + step * static_cast<double>(k); };
  auto y_of = [&](const analysis::Score& s) {
    const int cap = std::max(1, o.cap_cp);
    const int v = s.mate ? (s.winner == Side::Cho ? cap : -cap) : std::clamp(s.cp, -cap, cap);
    return mid - half * v / cap;
  };
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"eval-graph\" viewBox=\"0 0 " +
                    std::to_string(o.width) + " " + std::to_string(o.height) + "\" width=\"" + std::to_string(o.width) +
                    "\" height=\"" + std::to_string(o.height) +
                    "\" role=\"img\" aria-label=\"evaluation graph, Cho's view\">"
                    "<title>evaluation after each ply, Cho's view (clamped at ±" +
                    num(o.cap_cp / 100.0) + ")</title>";
  out += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(o.width) + "\" height=\"" + std::to_string(o.height) +
         "\" fill=\"#f4f1ea\"/>";
  out += "<line class=\"zero\" x1=\"0\" y1=\"" + num(mid) + "\" x2=\"" + std::to_string(o.width) + "\" y2=\"" + num(mid) +
         "\" stroke=\"#999\" stroke-width=\"1\"/>";
  // Runs of known positions: a shaded area from the zero line and a line through them.
  std::string areas, lines;
  for (std::size_t k = 0; k < n;) {
    if (!evals[k]) {
      ++k;
      continue;
    }
    std::size_t e = k;
    std::string points;
    for (; e < n && evals[e]; ++e) {
      if (e > k) points += ' ';
      points += num(x_of(e));
      points += ',';
      points += num(y_of(*evals[e]));
    }
    areas += "<polygon class=\"area\" points=\"" + num(x_of(k)) + "," + num(mid) + " " + points + " " + num(x_of(e - 1)) +
             "," + num(mid) + "\" fill=\"#c8d7ea\"/>";
    lines += "<polyline class=\"eval\" points=\"" + points + "\" fill=\"none\" stroke=\"#24487a\" stroke-width=\"1.5\"/>";
    k = e;
  }
  out += areas + lines;
  if (o.current_ply >= 0 && static_cast<std::size_t>(o.current_ply) < n)
    out += "<line class=\"now\" x1=\"" + num(x_of(static_cast<std::size_t>(o.current_ply))) + "\" y1=\"0\" x2=\"" +
           num(x_of(static_cast<std::size_t>(o.current_ply))) + "\" y2=\"" + std::to_string(o.height) +
           "\" stroke=\"#b03030\" stroke-width=\"1.5\"/>";
  // A column per position, titled (and linked when asked).
  const double col = n > 1 ? step : w - 2 * pad;
  for (std::size_t k = 0; k < n; ++k) {
    const std::string title = (k == 0 ? i18n::translate("start") : i18n::format("ply {1}", {std::to_string(k)})) + ": " +
                              (evals[k] ? eval_text(*evals[k]) : i18n::translate("no evaluation"));
    const std::string rect = "<rect x=\"" + num(std::max(0.0, x_of(k) - col / 2)) + "\" y=\"0\" width=\"" + num(col) +
                             "\" height=\"" + std::to_string(o.height) + "\" fill=\"transparent\"><title>" +
                             xml_escape(title) + "</title></rect>";
    if (o.href_prefix.empty()) out += rect;
    else out += "<a href=\"" + xml_escape(o.href_prefix + std::to_string(k)) + "\">" + rect + "</a>";
  }
  return out + "</svg>";
}

}  // namespace gibo
