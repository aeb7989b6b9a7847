// Inline SVG charts for the HTML report: stacked bars of result classes, a column chart,
// and the setup heat map. Each function returns one self-contained <svg> element (no
// script, no external font: text inherits the page's font), sized in CSS pixels and
// scaling down with its container.
#pragma once

#include <string>
#include <vector>

#include "stats.h"

namespace gibo::stats::charts {

// The colours of the four result classes (Cho, Han, draw, other) and their names.
const char* class_color(int result_class);
std::string class_name(int result_class);  // in the run's language

// One horizontal bar split into the four classes of `t`, `width` pixels wide, with the
// counts and shares written inside the segments that are wide enough.
std::string result_bar(const Tally& t, int width);

// A labelled row per entry: a stacked bar scaled so the largest total fills the plot,
// the label on the left and the total on the right.
struct Row {
  std::string label;
  Tally tally;
};
std::string stacked_rows(const std::vector<Row>& rows, int width);

// Vertical stacked columns, one per category, with a y axis of round ticks. Labels that
// would collide are thinned out.
std::string stacked_columns(const std::vector<Row>& columns, const std::string& y_label, int width, int height);

// The 4 × 4 setup matrix: Cho's setup down, Han's across; each cell coloured by Cho's
// win rate (Han red, even white, Cho blue), with its games and rate written in it.
std::string setup_heat_map(const SetupMatrix& m);

// The verdict counts per profile as stacked rows (agrees green, disagrees orange,
// unverifiable grey, indeterminate violet, any other kind light), with a legend.
std::string verdict_rows(const AdjudicationStats& a, int width);

// Ratings over the years: one line per series (a player), a dot per year with its ±1
// standard error as a whisker, a legend of the names; a y axis of round ticks in Elo.
struct RatingPoint {
  int year = 0;
  double rating = 0, deviation = 0;
};
struct RatingSeries {
  std::string name;
  std::vector<RatingPoint> points;  // by year
};
std::string rating_lines(const std::vector<RatingSeries>& series, int width, int height);

// A tiny inline bar for a table cell (the four classes of `t`, `width` pixels).
std::string mini_bar(const Tally& t, int width);

}  // namespace gibo::stats::charts
