// The evaluation graph of an analysed game: one SVG picture of the engine's evaluation
// after each ply, from Cho's point of view (Cho's advantage up), clamped at a cap, a mate
// drawn at the edge of its winner's side. src/cli/help/analyze.md, "The evaluation graph".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gibo/analysis/analysis_jsonl.h"
#include "gibo/analysis/judgement.h"

namespace gibo {

// A judged move the graph marks at the position it led to (a mistake or a blunder).
struct EvalGraphMark {
  int ply = 0;  // 1-based: the evaluation after it, evals[ply]
  analysis::MoveClass judgement = analysis::MoveClass::Mistake;
};

struct EvalGraphOptions {
  int width = 640, height = 160;   // of the picture, in pixels
  int cap_cp = 1000;               // evaluations beyond ±cap (and mates) are drawn at the edge
  std::string href_prefix;         // when set, each ply's column links to href_prefix + ply ("#p")
  int current_ply = -1;            // a marked ply (the viewer's), -1 for none
  std::vector<EvalGraphMark> marks;  // drawn as dots on the line, linked like the columns
};

// The graph of `evals` ([0] the start position, [k] after ply k; nullopt where unknown):
// a line through every known position — one polyline point per known position, broken
// where one is unknown — over a shaded area from the zero line, with a column per
// position titled with its ply and evaluation, and a labelled scale: the evaluation in
// points at the cap, half of it and zero, and every so many plies along the bottom. Each
// mark is a dot (orange a mistake, red a blunder) titled with its ply, judgement and
// evaluation, a link when href_prefix is set. An empty list gives an empty graph.
std::string eval_graph_svg(const analysis::Evaluations& evals, const EvalGraphOptions& options = {});

// An evaluation as the graph's titles and the viewer write it: "+0.35", "-1.20", "#3"
// (Cho mates in 3), "#-2" (Han mates in 2).
std::string eval_text(const analysis::Score& s);

}  // namespace gibo
