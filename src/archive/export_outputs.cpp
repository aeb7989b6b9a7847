// An export's outputs: the stream, one file, or one file per source (export_outputs.h).
#include "export_outputs.h"

#include <filesystem>

namespace gibo::archive {
namespace fs = std::filesystem;

ExportRun::Outputs::Outputs(std::string target, const WriteOptions& options, const ProtectedFiles& protect,
                            std::ostream& stream)
    : target_(std::move(target)), options_(options), protect_(protect), stream_(stream) {
  std::error_code ec;
  directory_ = !target_.empty() && (target_.back() == '/' || fs::is_directory(target_, ec));
}

Expected<GameWriter*, ExportFailure> ExportRun::Outputs::writer(const std::string& source) {
  if (target_.empty()) {
    if (!stream_writer_) stream_writer_ = std::make_unique<GameWriter>(stream_, options_);
    return stream_writer_.get();
  }
  const std::string key = directory_ ? source : std::string();
  auto it = files_.find(key);
  if (it != files_.end()) return it->second.writer.get();
  const fs::path path = directory_ ? fs::path(target_) / file_name(source) : fs::path(target_);
  if (auto why = protect_.conflict(path.string())) return ExportFailure{*why, ExportFailure::Kind::Usage};
  std::error_code ec;
  if (directory_) fs::create_directories(target_, ec);
  Entry e;
  e.file = std::make_unique<OutputFile>();
  if (auto why = e.file->open(path.string(), false)) return ExportFailure{*why, ExportFailure::Kind::Io};
  e.writer = std::make_unique<GameWriter>(e.file->stream(), options_);
  return files_.emplace(key, std::move(e)).first->second.writer.get();
}

long ExportRun::Outputs::finish_stream() {
  if (!target_.empty()) return 0;
  if (!stream_writer_) stream_writer_ = std::make_unique<GameWriter>(stream_, options_);
  stream_writer_->finish();
  return stream_writer_->games();
}

std::vector<FailedOutput> ExportRun::Outputs::close_files() {
  std::vector<FailedOutput> failed;
  for (auto& [key, e] : files_) {
    e.writer->finish();
    if (auto error = e.file->commit()) failed.push_back({*error, e.writer->games()});
  }
  files_.clear();
  return failed;
}

std::string ExportRun::Outputs::file_name(const std::string& source) {
  const std::string extension(format_extension(options_.format));
  std::string stem = source == "-" ? "stdin" : fs::path(source).stem().string();
  if (stem.empty()) stem = "games";
  std::string name = stem + extension;
  for (int n = 2; used_.count(name); ++n) name = stem + "-" + std::to_string(n) + extension;
  used_.insert(name);
  return name;
}

}  // namespace gibo::archive
