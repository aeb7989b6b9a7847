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

// The scale: dashed lines at ±cap and ±cap/2 labelled in points, the zero line labelled, and
// every so many plies (the least of 10, 20, 50, 100... giving at most 8) labelled along the
// bottom. Labels do not take the pointer (the columns under them keep their titles).
std::string scale(std::size_t n, double w, double h, double pad, int cap, const auto& x_of) {
  const double mid = h / 2, half = h / 2 - pad;
  std::string out = "<g class=\"scale\" font-size=\"10\" font-family=\"sans-serif\" fill=\"#5f6b7a\" pointer-events=\"none\">";
  for (int k = -2; k <= 2; ++k) {
    const double y = mid - half * k / 2;
    char label[32];
    std::snprintf(label, sizeof label, k == 0 ? "0" : "%+g", cap / 100.0 * k / 2);
    if (k != 0)
      out += "<line x1=\"0\" y1=\"" + num(y) + "\" x2=\"" + num(w) + "\" y2=\"" + num(y) +
             "\" stroke=\"#d5d0c4\" stroke-width=\"1\" stroke-dasharray=\"3 3\"/>";
    const double baseline = k == 2 ? y + 9 : y - 2;  // the top label under its line
    out += "<text x=\"" + num(pad + 1) + "\" y=\"" + num(baseline) + "\">" + label + "</text>";
  }
  std::size_t every = 1000;
  for (const std::size_t s : {std::size_t{10}, std::size_t{20}, std::size_t{50}, std::size_t{100}, std::size_t{200}, std::size_t{500}})
    if (n / s <= 8) {
      every = s;
      break;
    }
  for (std::size_t k = every; k < n; k += every)
    out += "<text x=\"" + num(x_of(k)) + "\" y=\"" + num(h - pad - 1) + "\" text-anchor=\"middle\">" +
           std::to_string(k) + "</text>";
  return out + "</g>";
}

// The marks: a dot per mistake or blunder at its evaluation, titled, linked when asked.
std::string mark_dots(const analysis::Evaluations& evals, const EvalGraphOptions& o, const auto& x_of, const auto& y_of) {
  std::string out;
  for (const EvalGraphMark& m : o.marks) {
    if (m.ply < 1 || static_cast<std::size_t>(m.ply) >= evals.size() || !evals[static_cast<std::size_t>(m.ply)]) continue;
    if (m.judgement != analysis::MoveClass::Mistake && m.judgement != analysis::MoveClass::Blunder) continue;
    const auto k = static_cast<std::size_t>(m.ply);
    const bool blunder = m.judgement == analysis::MoveClass::Blunder;
    const std::string title = i18n::format("ply {1}", {std::to_string(k)}) + ": " +
                              i18n::translate_known(std::string(analysis::class_name(m.judgement))) + ", " +
                              eval_text(*evals[k]);
    const std::string dot = "<circle class=\"" + std::string(blunder ? "blunder" : "mistake") + "\" cx=\"" + num(x_of(k)) +
                            "\" cy=\"" + num(y_of(*evals[k])) + "\" r=\"4\" fill=\"" + (blunder ? "#b3261e" : "#e08a1e") +
                            "\" stroke=\"#fff\" stroke-width=\"1\"><title>" + xml_escape(title) + "</title></circle>";
    if (o.href_prefix.empty()) out += dot;
    else out += "<a href=\"" + xml_escape(o.href_prefix + std::to_string(k)) + "\">" + dot + "</a>";
  }
  return out;
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
                    "\" role=\"img\" aria-label=\"" + xml_escape(i18n::translate("evaluation graph, Cho's view")) + "\"><title>" +
                    xml_escape(i18n::format("evaluation after each ply, Cho's view (clamped at ±{1})", {num(o.cap_cp / 100.0)})) +
                    "</title>";
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
  out += areas + lines + scale(n, w, h, pad, std::max(1, o.cap_cp), x_of);
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
  return out + mark_dots(evals, o, x_of, y_of) + "</svg>";
}

}  // namespace gibo
