// gibo export --to positions | fsf-plain (export_training.h): opens the archive and the
// outputs, calls the library and says what it wrote.
#include "export_training.h"

#include <iostream>

#include "archive_input.h"
#include "command.h"
#include "gibo/report/i18n.h"
#include "outputs.h"

namespace gibo::cli {

namespace {

// The output `path` ("" or "-": standard output), opened in `file` when it is a file.
std::ostream* open_output(const std::string& path, OutputFile& file, int& status) {
  if (path.empty() || path == "-") return &std::cout;
  if (auto e = file.open(path)) {
    std::cerr << "gibo export: " << e->message << "\n";
    status = kExitIo;
    return nullptr;
  }
  return &file.stream();
}

}  // namespace

int export_training(const TrainingExport& t) {
  const auto archive = open_archive("export", t.db);
  if (!archive) return kExitIo;
  int status = kExitOk;
  OutputFile train_file, validation_file;
  std::ostream* train = open_output(t.output, train_file, status);
  std::ostream* validation =
      t.validation_output.empty() ? nullptr : open_output(t.validation_output, validation_file, status);
  if (!train || (!t.validation_output.empty() && !validation)) return status;
  training::Summary s;
  bool usage = false;
  if (auto e = training::export_positions(*archive, t.options, *train, validation, s, usage)) {
    std::cerr << "gibo export: " << (usage ? "" : archive::archive_name(t.db) + ": ") << i18n::message(e->message)
              << "\n";
    return usage ? kExitUsage : kExitIo;
  }
  for (OutputFile* f : {&train_file, &validation_file})
    if (!f->path().empty())
      if (auto e = f->commit()) {
        std::cerr << "gibo export: " << e->message << "\n";
        return kExitIo;
      }
  if ((t.output.empty() || t.output == "-" || t.validation_output == "-") && !flush_standard_output("export"))
    return kExitIo;
  std::cerr << "gibo export: " << training::summary_text(s, validation != nullptr) << "\n";
  return kExitOk;
}

}  // namespace gibo::cli
