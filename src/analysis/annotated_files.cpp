// The annotated outputs of an analysis run (gibo/analysis/annotated_files.h).
#include "gibo/analysis/annotated_files.h"

#include "gibo/formats/gib.h"
#include "gibo/formats/pgn.h"

namespace gibo::analysis {

std::optional<Error> AnnotatedFiles::open(const std::string& pgn_path, const std::string& gib_path, bool visible) {
  for (auto [file, path] : {std::pair{&pgn_, &pgn_path}, std::pair{&gib_, &gib_path}}) {
    if (path->empty()) continue;
    if (auto e = file->out.open(*path, visible)) return e;
    file->open = true;
  }
  return std::nullopt;
}

void AnnotatedFiles::add(const AnalysedJob& d) {
  if (!d.analysis.error.empty() || (!pgn_.open && !gib_.open)) return;
  const std::vector<PlyEvaluation> evaluations = ply_evaluations(d.analysis);
  if (pgn_.open) {
    PgnWriteOptions w;
    w.profile = d.job.profile;
    pgn_.out.stream() << (pgn_.first ? "" : "\n") << write_annotated_pgn_game(d.job.game, evaluations, w);
    pgn_.first = false;
  }
  if (gib_.open) {
    GibWriteOptions w;
    w.profile = d.job.profile;
    gib_.out.stream() << (gib_.first ? "" : "\n") << write_annotated_gib_game(d.job.game, evaluations, w);
    gib_.first = false;
  }
}

std::optional<Error> AnnotatedFiles::commit() {
  for (File* file : {&pgn_, &gib_})
    if (file->open)
      if (auto e = file->out.commit()) return e;
  return std::nullopt;
}

}  // namespace gibo::analysis
