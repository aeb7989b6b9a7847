// gibo export --to positions | fsf-plain: the archive's positions as training data
// (gibo/report/training_data.h), to standard output or -o FILE, and to --validation FILE
// for the games the split gives it.
#pragma once

#include <string>

#include "gibo/report/training_data.h"

namespace gibo::cli {

struct TrainingExport {
  std::string db, output, validation_output;
  training::Options options;
};

// Runs the export; the exit status (0, 2 for a bad selection, 3 when the archive or an
// output cannot be read or written). Prints a one-line summary on standard error.
int export_training(const TrainingExport& t);

}  // namespace gibo::cli
