// Where an export's games go (export_run.h): the stream, one file, or one file per source in
// a directory, each output file a GameWriter over an OutputFile.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>

#include "gibo/archive/export_run.h"
#include "gibo/formats/output_file.h"

namespace gibo::archive {

class ExportRun::Outputs {
 public:
  Outputs(std::string target, const WriteOptions& options, const ProtectedFiles& protect, std::ostream& stream);
  // The writer for a game from `source` (its file created on first use); a failure when
  // its file cannot be created (Io) or would overwrite a protected file (Usage).
  Expected<GameWriter*, ExportFailure> writer(const std::string& source);
  long finish_stream();
  std::vector<FailedOutput> close_files();

 private:
  struct Entry {
    std::unique_ptr<OutputFile> file;
    std::unique_ptr<GameWriter> writer;
  };
  std::string file_name(const std::string& source);
  std::string target_;
  WriteOptions options_;
  const ProtectedFiles& protect_;
  std::ostream& stream_;
  bool directory_ = false;
  std::unique_ptr<GameWriter> stream_writer_;
  std::map<std::string, Entry> files_;
  std::set<std::string> used_;
};

}  // namespace gibo::archive
