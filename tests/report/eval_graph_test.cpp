// The evaluation graph (report/eval_graph.h): a point per known position, clamped, mates at
// the edge of their winner's side, the line broken where a position is unknown, and a
// picture that parses as XML.
#include "gibo/report/eval_graph.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace gibo {
namespace {

using analysis::Evaluations;
using analysis::Score;

Score cp(int v) {
  Score s;
  s.cp = v;
  return s;
}
Score mate(int moves, Side winner) {
  Score s;
  s.mate = true;
  s.mate_moves = moves;
  s.winner = winner;
  return s;
}

// The polylines' point lists, each as (x, y) pairs.
std::vector<std::vector<std::pair<double, double>>> polylines(const std::string& svg) {
  std::vector<std::vector<std::pair<double, double>>> out;
  static const std::regex line(R"re(<polyline class="eval" points="([^"]*)")re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), line), end; it != end; ++it) {
    out.emplace_back();
    std::istringstream in((*it)[1].str());
    for (std::string p; in >> p;) out.back().emplace_back(std::stod(p.substr(0, p.find(','))), std::stod(p.substr(p.find(',') + 1)));
  }
  return out;
}

TEST(EvalGraph, APointPerKnownPositionClampedWithMatesAtTheEdge) {
  EvalGraphOptions o;  // 640 x 160: zero at y 80, the edges at y 4 (Cho) and 156 (Han)
  const Evaluations e = {cp(0), cp(500), cp(2500), mate(3, Side::Cho), std::nullopt, cp(-1000), mate(0, Side::Han)};
  const std::string svg = eval_graph_svg(e, o);
  const auto lines = polylines(svg);
  ASSERT_EQ(lines.size(), 2u) << svg;  // broken at the unknown position 4
  ASSERT_EQ(lines[0].size(), 4u);
  ASSERT_EQ(lines[1].size(), 2u);
  EXPECT_DOUBLE_EQ(lines[0][0].second, 80.0);
  EXPECT_DOUBLE_EQ(lines[0][1].second, 42.0);  // +5.00: half way up
  EXPECT_DOUBLE_EQ(lines[0][2].second, 4.0);   // +25.00 clamped at +10.00
  EXPECT_DOUBLE_EQ(lines[0][3].second, 4.0);   // Cho mates: the top edge
  EXPECT_DOUBLE_EQ(lines[1][0].second, 156.0); // -10.00
  EXPECT_DOUBLE_EQ(lines[1][1].second, 156.0); // Han mates: the bottom edge
  // x: the positions evenly from the left to the right edge.
  EXPECT_DOUBLE_EQ(lines[0][0].first, 4.0);
  EXPECT_DOUBLE_EQ(lines[1][1].first, 636.0);
  EXPECT_NE(svg.find("<title>ply 3: #3</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>ply 4: no evaluation</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>ply 6: #-0</title>"), std::string::npos);
  EXPECT_EQ(svg.find("<a "), std::string::npos);  // no links unless asked
  // Parses as XML (python3's expat).
  const std::string path = ::testing::TempDir() + "gibo_eval_graph_" + std::to_string(::getpid()) + ".svg";
  std::ofstream(path) << svg;
  const std::string cmd = "python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' " + path;
  EXPECT_EQ(std::system(cmd.c_str()), 0) << svg;
  std::remove(path.c_str());
}

TEST(EvalGraph, LinksAndTheCurrentPly) {
  EvalGraphOptions o;
  o.href_prefix = "/game/7?ply=";
  o.current_ply = 1;
  const std::string svg = eval_graph_svg({cp(10), cp(-20), cp(30)}, o);
  EXPECT_NE(svg.find("<a href=\"/game/7?ply=2\">"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<line class=\"now\" x1=\"320.0\""), std::string::npos) << svg;
  EXPECT_EQ(polylines(eval_graph_svg({}, o)).size(), 0u);
  EXPECT_EQ(eval_text(cp(-120)), "-1.20");
  EXPECT_EQ(eval_text(cp(35)), "+0.35");
}

TEST(EvalGraph, ALabelledScaleAndMistakesAndBlundersMarkedAndLinked) {
  EvalGraphOptions o;  // zero at y 80, ±10.00 at y 4 and 156, ±5.00 at 42 and 118
  o.href_prefix = "/game/7?ply=";
  Evaluations e;
  for (int k = 0; k <= 40; ++k) e.push_back(cp(k * 10));
  o.marks = {{12, analysis::MoveClass::Blunder}, {30, analysis::MoveClass::Mistake},
             {5, analysis::MoveClass::Inaccuracy}, {99, analysis::MoveClass::Blunder}};
  const std::string svg = eval_graph_svg(e, o);
  // The scale in points: at the cap, half of it and zero, the top label under its line.
  for (const char* label : {">+10</text>", ">+5</text>", ">0</text>", ">-5</text>", ">-10</text>"})
    EXPECT_NE(svg.find(label), std::string::npos) << label << "\n" << svg;
  EXPECT_NE(svg.find("<text x=\"5.0\" y=\"13.0\">+10</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<text x=\"5.0\" y=\"116.0\">-5</text>"), std::string::npos) << svg;
  // Plies along the bottom, every 10 of 40.
  EXPECT_NE(svg.find("text-anchor=\"middle\">10</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("text-anchor=\"middle\">30</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("text-anchor=\"middle\">40</text>"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("text-anchor=\"middle\">5</text>"), std::string::npos) << svg;
  // A dot at the blunder's evaluation, linked to its ply and titled; the mistake too; the
  // inaccuracy and a ply past the game are not marked.
  EXPECT_NE(svg.find("<a href=\"/game/7?ply=12\"><circle class=\"blunder\" cx=\"193.6\" cy=\"70.9\" r=\"4\""),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<title>ply 12: blunder, +1.20</title></circle></a>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<a href=\"/game/7?ply=30\"><circle class=\"mistake\""), std::string::npos) << svg;
  std::size_t dots = 0;
  for (std::size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++dots;
  EXPECT_EQ(dots, 2u);
  // Without links, the dots are bare.
  o.href_prefix.clear();
  const std::string bare = eval_graph_svg(e, o);
  EXPECT_EQ(bare.find("<a "), std::string::npos);
  EXPECT_NE(bare.find("<circle class=\"mistake\""), std::string::npos);
}

}  // namespace
}  // namespace gibo
