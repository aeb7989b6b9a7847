// The SVG charts of the HTML report, drawn with plain rectangles, lines and text.
#include "stats_charts.h"
#include "gibo/report/i18n.h"
#include "markup.h"
#include "text_width.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace gibo::stats::charts {
namespace {

using i18n::format;
using i18n::translate;

// Text escaping: the report layer's xml_escape.
std::string escape(const std::string& s) { return xml_escape(s); }

// `format` with one double conversion (%f, %.1f, ...).
std::string fmt(const char* format, double a) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, format, a);
  return buffer;
}
// `format` with one int conversion (%d).
std::string fmt_int(const char* format, int a) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, format, a);
  return buffer;
}

// The counts of a tally by class.
std::array<long, 4> parts(const Tally& t) { return {t.cho, t.han, t.draw, t.other}; }

// A rectangle with a hover title.
std::string rect(double x, double y, double w, double h, const char* fill, const std::string& title) {
  char buffer[200];
  std::snprintf(buffer, sizeof buffer, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">", x, y,
                w, h, fill);
  return std::string(buffer) + "<title>" + escape(title) + "</title></rect>";
}

// A text element at (x, y) with an anchor and extra attributes.
std::string text(double x, double y, const std::string& s, const char* anchor, const char* extra = "") {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y, anchor, extra);
  return std::string(buffer) + escape(s) + "</text>";
}

// The opening <svg> tag of a chart with its size and accessible label.
std::string svg_open(int width, int height, const std::string& label) {
  char buffer[200];
  std::snprintf(buffer, sizeof buffer,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                "height=\"%d\" role=\"img\" aria-label=\"",
                width, height, width, height);
  return std::string(buffer) + escape(label) + "\">";
}

// A whole tick step for an axis up to `v` with about four steps: 1, 2 or 5 times a
// power of ten, at least 1.
long nice_step(long v) {
  const double want = std::max(1.0, static_cast<double>(v) / 4.0);
  const double p = std::pow(10.0, std::floor(std::log10(want)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= want) return static_cast<long>(m * p);
  return static_cast<long>(10 * p);
}

// "48%" (no decimals); "" when `whole` is 0.
std::string percent_text(long part, long whole) {
  return whole ? fmt("%.0f%%", 100.0 * static_cast<double>(part) / static_cast<double>(whole)) : "";
}

// White, or red/blue of the given strength: a diverging scale for a rate in [0, 100].
std::string rate_color(double rate) {
  const double t = std::clamp((rate - 50.0) / 50.0, -1.0, 1.0);
  const double cho[3] = {31, 79, 163}, han[3] = {179, 38, 30}, white[3] = {250, 250, 250};
  const double* far = t >= 0 ? cho : han;
  const double k = std::abs(t);
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", static_cast<int>(white[0] + (far[0] - white[0]) * k),
                static_cast<int>(white[1] + (far[1] - white[1]) * k), static_cast<int>(white[2] + (far[2] - white[2]) * k));
  return buffer;
}

}  // namespace

const char* class_color(int c) {
  static constexpr const char* colors[4] = {"#1f4fa3", "#b3261e", "#8a8f98", "#d3d6db"};
  return colors[std::clamp(c, 0, 3)];
}

std::string class_name(int c) {
  static constexpr const char* names[4] = {i18n::N_("Cho wins"), i18n::N_("Han wins"), i18n::N_("draws"), i18n::N_("other")};
  return translate(names[std::clamp(c, 0, 3)]);
}

std::string result_bar(const Tally& t, int width) {
  const int height = 44;
  std::string s = svg_open(width, height, translate("stored results"));
  const long total = t.total();
  double x = 0;
  const auto p = parts(t);
  for (int c = 0; c < 4; ++c) {
    if (!total || !p[c]) continue;
    const double w = static_cast<double>(width) * static_cast<double>(p[c]) / static_cast<double>(total);
    s += rect(x, 0, w, height, class_color(c),
              class_name(c) + ": " + std::to_string(p[c]) + " (" + percent_text(p[c], total) + ")");
    static constexpr const char* kShort[4] = {i18n::N_("Cho"), i18n::N_("Han"), i18n::N_("draw"), i18n::N_("other")};
    std::string label = translate(kShort[c]) + " " + std::to_string(p[c]) + " · " + percent_text(p[c], total);
    if (w < 7.5 * display_width(label)) label = std::to_string(p[c]);
    if (w > 7.5 * display_width(label))
      s += text(x + w / 2, height / 2.0 + 5, label, "middle",
                c >= 2 ? " class=\"on-light\"" : " class=\"on-dark\"");
    x += w;
  }
  if (!total) s += text(width / 2.0, height / 2.0 + 5, translate("no games"), "middle");
  return s + "</svg>";
}

std::string stacked_rows(const std::vector<Row>& rows, int width) {
  const int row_h = 26, label_w = 110, count_w = 48;
  const int height = static_cast<int>(rows.size()) * row_h + 4;
  std::string s = svg_open(width, height, translate("results by method"));
  long max = 1;
  for (const Row& r : rows) max = std::max(max, r.tally.total());
  const double plot = width - label_w - count_w;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double y = static_cast<double>(i) * row_h + 4;
    s += text(label_w - 8, y + 15, rows[i].label, "end");
    double x = label_w;
    const auto p = parts(rows[i].tally);
    for (int c = 0; c < 4; ++c) {
      if (!p[c]) continue;
      const double w = plot * static_cast<double>(p[c]) / static_cast<double>(max);
      s += rect(x, y, w, row_h - 8, class_color(c),
                rows[i].label + ": " + class_name(c) + " " + std::to_string(p[c]));
      x += w;
    }
    s += text(x + 6, y + 15, std::to_string(rows[i].tally.total()), "start", " class=\"muted\"");
  }
  return s + "</svg>";
}

std::string stacked_columns(const std::vector<Row>& columns, const std::string& y_label, int width, int height) {
  const double left = 46, right = 8, top = 12, bottom = 34;
  std::string s = svg_open(width, height, y_label);
  long max = 1;
  for (const Row& r : columns) max = std::max(max, r.tally.total());
  const long step = nice_step(max);
  const double top_value = static_cast<double>(step * ((max + step - 1) / step));
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  // Grid and y ticks at whole steps.
  s += "<g class=\"grid\">";
  for (long v = 0; v <= static_cast<long>(top_value); v += step) {
    const double y = top + plot_h - plot_h * static_cast<double>(v) / top_value;
    s += fmt("<line x1=\"46\" x2=\"%.1f\"", width - right) + fmt(" y1=\"%.1f\"", y) + fmt(" y2=\"%.1f\"/>", y);
    s += text(left - 6, y + 4, std::to_string(v), "end", " class=\"muted\"");
  }
  s += "</g>";
  s += "<text class=\"muted\" transform=\"rotate(-90)\" x=\"" + fmt("%.1f", -(top + plot_h / 2)) +
       "\" y=\"12\" text-anchor=\"middle\">" + escape(y_label) + "</text>";
  const std::size_t n = columns.size();
  if (n == 0) return s + "</svg>";
  const double slot = plot_w / static_cast<double>(n);
  const double bar = std::max(2.0, slot * 0.72);
  // Label every k-th column so that labels of about 34 px do not collide.
  const std::size_t every = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(36.0 / slot)));
  for (std::size_t i = 0; i < n; ++i) {
    const double x = left + slot * static_cast<double>(i) + (slot - bar) / 2;
    double y = top + plot_h;
    const auto p = parts(columns[i].tally);
    for (int c = 0; c < 4; ++c) {
      if (!p[c]) continue;
      const double h = plot_h * static_cast<double>(p[c]) / top_value;
      y -= h;
      s += rect(x, y, bar, h, class_color(c), columns[i].label + ": " + class_name(c) + " " + std::to_string(p[c]));
    }
    if (i % every == 0 || i + 1 == n)
      s += text(x + bar / 2, top + plot_h + 16, columns[i].label, "middle", " class=\"tick\"");
  }
  s += fmt("<line class=\"axis\" x1=\"46\" x2=\"%.1f\"", width - right) + fmt(" y1=\"%.1f\"", top + plot_h) +
       fmt(" y2=\"%.1f\"/>", top + plot_h);
  return s + "</svg>";
}

std::string setup_heat_map(const SetupMatrix& m) {
  const int cell_w = 118, cell_h = 62, left = 96, top = 44;
  const int width = left + 4 * cell_w + 8, height = top + 4 * cell_h + 40;
  std::string s = svg_open(width, height, translate("setups heat map"));
  s += text(left + 2 * cell_w, 14, translate("Han's setup"), "middle", " class=\"muted\"");
  for (int i = 0; i < 4; ++i) {
    const Setup setup = kAllSetups[static_cast<std::size_t>(i)];
    s += text(left + cell_w * (i + 0.5), 36, setup_label(setup), "middle", " class=\"axis-label\"");
    s += text(left - 10, top + cell_h * (i + 0.5) + 5, setup_label(setup), "end", " class=\"axis-label\"");
  }
  s += "<text class=\"muted\" transform=\"rotate(-90)\" x=\"" + std::to_string(-(top + 2 * cell_h)) +
       "\" y=\"14\" text-anchor=\"middle\">" + escape(translate("Cho's setup")) + "</text>";
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      const Tally& t = m.cells[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      const double x = left + c * cell_w, y = top + r * cell_h;
      const auto rate = t.cho_win_percent();
      const std::string fill = t.total() == 0 ? "#f1f2f4" : rate ? rate_color(*rate) : "#e4e6ea";
      const std::string title =
          format("{1} vs {2}: {3} games, Cho {4}, Han {5}, draws {6}",
                 {setup_label(kAllSetups[static_cast<std::size_t>(r)]), setup_label(kAllSetups[static_cast<std::size_t>(c)]),
                  std::to_string(t.total()), std::to_string(t.cho), std::to_string(t.han), std::to_string(t.draw)});
      s += fmt("<rect x=\"%.0f\"", x + 1) + fmt(" y=\"%.0f\"", y + 1) +
           fmt_int(" width=\"%d\"", cell_w - 2) + fmt_int(" height=\"%d\" rx=\"4\"", cell_h - 2) + " fill=\"" + fill +
           "\"><title>" + escape(title) + "</title></rect>";
      const bool dark = rate && std::abs(*rate - 50.0) > 28.0;
      const char* cls = dark ? " class=\"on-dark\"" : " class=\"on-light\"";
      if (t.total() == 0) {
        s += text(x + cell_w / 2.0, y + cell_h / 2.0 + 5, "–", "middle", " class=\"muted\"");
        continue;
      }
      s += text(x + cell_w / 2.0, y + 26, rate ? fmt("%.0f%%", *rate) : "–", "middle",
                dark ? " class=\"on-dark big\"" : " class=\"on-light big\"");
      const std::string games = t.total() == 1 ? translate("1 game") : format("{1} games", {std::to_string(t.total())});
      s += text(x + cell_w / 2.0, y + 46, games, "middle", cls);
    }
  // Legend: the colour scale from Han 0% to Cho 100%.
  const int ly = top + 4 * cell_h + 14, lw = 4 * cell_w - 160;
  s += "<defs><linearGradient id=\"rate-scale\"><stop offset=\"0\" stop-color=\"" + rate_color(0) +
       "\"/><stop offset=\"0.5\" stop-color=\"" + rate_color(50) + "\"/><stop offset=\"1\" stop-color=\"" +
       rate_color(100) + "\"/></linearGradient></defs>";
  s += fmt_int("<rect x=\"%d\"", left + 80) + fmt_int(" y=\"%d\"", ly) + fmt_int(" width=\"%d\" height=\"10\" rx=\"3\"", lw) +
       " fill=\"url(#rate-scale)\" stroke=\"#c8ccd2\"/>";
  s += text(left + 74, ly + 9, translate("Cho wins 0%"), "end", " class=\"muted\"");
  s += text(left + 86 + lw, ly + 9, "100%", "start", " class=\"muted\"");
  return s + "</svg>";
}

std::string verdict_rows(const AdjudicationStats& a, int width) {
  auto color = [](const std::string& kind) {
    return kind == "agrees" ? "#2e7d4f" : kind == "disagrees" ? "#e07b24" : kind == "unverifiable" ? "#c3c8cf"
         : kind == "indeterminate" ? "#8e6bbf" : "#e6e8ec";
  };
  const int row_h = 24, label_w = 120, count_w = 48, legend_h = 26;
  const int height = static_cast<int>(a.profiles.size()) * row_h + legend_h + 6;
  std::string s = svg_open(width, height, translate("verdicts per profile"));
  long max = 1;
  for (const ProfileVerdicts& p : a.profiles) max = std::max(max, p.games);
  const double plot = width - label_w - count_w;
  double lx = label_w;
  for (const std::string& kind : a.kinds) {
    s += fmt("<rect x=\"%.1f\" y=\"4\" width=\"12\" height=\"12\" rx=\"3\"", lx) + " fill=\"" + color(kind) + "\"/>";
    const std::string shown = i18n::translate_known(kind);
    s += text(lx + 17, 14.5, shown, "start", " class=\"muted\"");
    lx += 30 + 7.0 * display_width(shown);
  }
  for (std::size_t i = 0; i < a.profiles.size(); ++i) {
    const ProfileVerdicts& p = a.profiles[i];
    const double y = legend_h + static_cast<double>(i) * row_h;
    s += text(label_w - 8, y + 14, p.profile, "end");
    double x = label_w;
    for (std::size_t k = 0; k < a.kinds.size() && k < p.counts.size(); ++k) {
      if (!p.counts[k]) continue;
      const double w = plot * static_cast<double>(p.counts[k]) / static_cast<double>(max);
      s += rect(x, y, w, row_h - 7, color(a.kinds[k]),
                p.profile + ": " + i18n::translate_known(a.kinds[k]) + " " + std::to_string(p.counts[k]));
      x += w;
    }
    s += text(x + 6, y + 14, std::to_string(p.games), "start", " class=\"muted\"");
  }
  return s + "</svg>";
}

std::string mini_bar(const Tally& t, int width) {
  const long total = t.total();
  std::string s = fmt_int("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"mini\" width=\"%d\" height=\"10\">", width);
  double x = 0;
  const auto p = parts(t);
  for (int c = 0; c < 4 && total; ++c) {
    if (!p[c]) continue;
    const double w = static_cast<double>(width) * static_cast<double>(p[c]) / static_cast<double>(total);
    s += rect(x, 0, w, 10, class_color(c), class_name(c) + " " + std::to_string(p[c]));
    x += w;
  }
  return s + "</svg>";
}

std::string rating_lines(const std::vector<RatingSeries>& series, int width, int height) {
  static constexpr const char* kColors[] = {"#1f4fa3", "#b3261e", "#2e7d32", "#8a5a1c", "#6a1b9a", "#00838f", "#c2185b", "#5d4037"};
  int first = 0, last = 0;
  double low = 0, high = 0;
  bool any = false;
  for (const RatingSeries& s : series)
    for (const RatingPoint& p : s.points) {
      if (!any) first = last = p.year, low = p.rating - p.deviation, high = p.rating + p.deviation;
      any = true;
      first = std::min(first, p.year), last = std::max(last, p.year);
      low = std::min(low, p.rating - p.deviation), high = std::max(high, p.rating + p.deviation);
    }
  if (!any) return "";
  const long step = nice_step(static_cast<long>(std::max(1.0, high - low)));
  const double bottom = std::floor(low / static_cast<double>(step)) * static_cast<double>(step);
  const double top = std::ceil(high / static_cast<double>(step)) * static_cast<double>(step);
  // The margin as wide as the widest tick label; the legend in as many columns (up to four)
  // as its longest name leaves room for.
  const double left = 16 + 7 * static_cast<double>(std::max(fmt("%.0f", bottom).size(), fmt("%.0f", top).size()));
  const double right = static_cast<double>(width) - 24, upper = 14;
  int widest = 0;
  for (const RatingSeries& s : series) widest = std::max(widest, display_width(s.name));
  const std::size_t per_row =
      std::clamp<std::size_t>(static_cast<std::size_t>((right - left) / (30 + 6.5 * widest)), 1, 4);
  const double legend_rows = static_cast<double>((series.size() + per_row - 1) / per_row);
  const double lower = static_cast<double>(height) - 28 - 18 * legend_rows;
  auto x_of = [&](int year) {
    return last == first ? (left + right) / 2 : left + (right - left) * (year - first) / static_cast<double>(last - first);
  };
  auto y_of = [&](double r) { return lower - (lower - upper) * (r - bottom) / std::max(1.0, top - bottom); };
  std::string out = svg_open(width, height, translate("Ratings per year")) + "<g class=\"grid\">";
  for (double v = bottom; v <= top + 1e-9; v += static_cast<double>(step))
    out += fmt("<line x1=\"%.1f\" ", left) + fmt("x2=\"%.1f\" ", right) + fmt("y1=\"%.1f\" ", y_of(v)) +
           fmt("y2=\"%.1f\"/>", y_of(v));
  out += "</g>";
  for (double v = bottom; v <= top + 1e-9; v += static_cast<double>(step))
    out += text(left - 6, y_of(v) + 4, fmt("%.0f", v), "end", " class=\"tick\"");
  const int span = std::max(1, last - first);
  const int every = span > 24 ? 5 : span > 12 ? 2 : 1;
  for (int y = first; y <= last; ++y)
    if ((y - first) % every == 0) out += text(x_of(y), lower + 16, std::to_string(y), "middle", " class=\"tick\"");
  out += fmt("<line class=\"axis\" x1=\"%.1f\" ", left) + fmt("x2=\"%.1f\" ", right) + fmt("y1=\"%.1f\" ", lower) +
         fmt("y2=\"%.1f\"/>", lower);
  for (std::size_t k = 0; k < series.size(); ++k) {
    const char* color = kColors[k % std::size(kColors)];
    const RatingSeries& s = series[k];
    std::string path;
    for (const RatingPoint& p : s.points)
      path += (path.empty() ? "M" : " L") + fmt("%.1f", x_of(p.year)) + "," + fmt("%.1f", y_of(p.rating));
    if (s.points.size() > 1)
      out += std::string("<path fill=\"none\" stroke-width=\"2\" stroke=\"") + color + "\" d=\"" + path + "\"/>";
    for (const RatingPoint& p : s.points) {
      const double x = x_of(p.year);
      out += std::string("<line stroke-opacity=\".45\" stroke=\"") + color + "\" " + fmt("x1=\"%.1f\" ", x) +
             fmt("x2=\"%.1f\" ", x) + fmt("y1=\"%.1f\" ", y_of(p.rating - p.deviation)) +
             fmt("y2=\"%.1f\"/>", y_of(p.rating + p.deviation));
      out += std::string("<circle r=\"3.5\" fill=\"") + color + "\" " + fmt("cx=\"%.1f\" ", x) +
             fmt("cy=\"%.1f\">", y_of(p.rating)) + "<title>" +
             escape(s.name + " " + std::to_string(p.year) + ": " + fmt("%.0f", p.rating) + " ± " + fmt("%.0f", p.deviation)) +
             "</title></circle>";
    }
    const double lx = left + static_cast<double>(k % per_row) * (right - left) / static_cast<double>(per_row);
    const double ly = static_cast<double>(height) - 10 - 18 * (legend_rows - 1 - static_cast<double>(k / per_row));
    out += std::string("<rect width=\"12\" height=\"12\" rx=\"3\" fill=\"") + color + "\" " + fmt("x=\"%.1f\" ", lx) +
           fmt("y=\"%.1f\"/>", ly - 10) + text(lx + 17, ly, s.name, "start");
  }
  return out + "</svg>";
}

}  // namespace gibo::stats::charts
