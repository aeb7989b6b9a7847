// The progress line on a terminal's standard error, cleared before other output.
#include "progress.h"

#include <iostream>

#include "outputs.h"

#include "gibo/report/i18n.h"
#include "inputs.h"

namespace gibo::cli {

Progress::Progress() : shown_(stderr_is_terminal()) {}

Progress::~Progress() { clear(); }

void Progress::clear() {
  if (!drawn_) return;
  terminal_control() << "\r\033[K";
  drawn_ = false;
}

void Progress::write(const std::string& text) {
  if (text.empty()) return;
  clear();
  std::cout << text;
  if (shown_) std::cout << std::flush;
}

void Progress::write_error(const std::string& text) {
  if (text.empty()) return;
  clear();
  std::cerr << text;
}

void Progress::draw(const std::string& text) {
  if (!shown_) return;
  terminal_control() << "\r\033[K";
  std::cerr << text << std::flush;
  drawn_ = true;
}

std::string clock_text(double seconds) {
  long s = seconds < 0 ? 0 : static_cast<long>(seconds + 0.5);
  const long h = s / 3600, m = s / 60 % 60;
  s %= 60;
  std::string out = h ? std::to_string(h) + ":" + (m < 10 ? "0" : "") : "";
  out += std::to_string(m) + ":" + (s < 10 ? "0" : "") + std::to_string(s);
  return out;
}

std::string games_progress_text(long done, std::optional<long> total, double seconds, const std::string& rate) {
  std::string count = std::to_string(done);
  if (total) count += '/', count += std::to_string(*total);
  std::string line = rate.empty() ? i18n::format("{1} games", {count}) : i18n::format("{1} games, {2} positions/s", {count, rate});
  if (total && *total >= done && done > 0)
    line += ", " + i18n::format("ETA {1}", {clock_text(seconds / static_cast<double>(done) * static_cast<double>(*total - done))});
  return line;
}

GamesTotal::GamesTotal(const std::vector<InputFile>& files) {
  for (const InputFile& f : files) {
    if (f.size < 0) ++unknown_size_left_;
    else bytes_left_ += f.size;
  }
  files_left_ = static_cast<long>(files.size());
}

void GamesTotal::file_read(const InputFile& file, std::size_t games) {
  known_ += static_cast<long>(games);
  --files_left_;
  if (file.size < 0) {
    --unknown_size_left_;
    return;
  }
  bytes_left_ -= file.size;
  bytes_read_ += file.size;
}

std::optional<long> GamesTotal::value() const {
  if (files_left_ == 0) return known_;
  if (unknown_size_left_ > 0 || bytes_read_ == 0) return std::nullopt;
  const double per_byte = static_cast<double>(known_) / static_cast<double>(bytes_read_);
  return known_ + static_cast<long>(per_byte * static_cast<double>(bytes_left_) + 0.5);
}

}  // namespace gibo::cli
