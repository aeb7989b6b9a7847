// The DOS end-of-file mark (see gibo/formats/decode.h, find_text_end). Policy: 0x1A ends
// the text in every encoding and every text format; the bytes after it are never read as
// tags or moves. When they are only filler (0xFF, 0x1A, white space, or the U+FFFD / ÿ a
// conversion to UTF-8 made of 0xFF) they are recorded as filler runs and nothing is
// said; otherwise one `text-after-eof` warning gives their byte count.
#include <cstring>

#include "gibo/core/utf8.h"
#include "gibo/formats/decode.h"

namespace gibo {
namespace {

constexpr unsigned char kEofMark = 0x1A;

// The length of the filler unit at bytes[i] (0: none), and the byte naming its run.
std::size_t filler_unit(std::string_view bytes, std::size_t i, unsigned char& kind) {
  const auto at = [&](std::size_t k) { return k < bytes.size() ? static_cast<unsigned char>(bytes[k]) : 0; };
  const unsigned char c = at(i);
  if (c == 0xFF || c == kEofMark) {
    kind = c;
    return 1;
  }
  if (c == 0xEF && at(i + 1) == 0xBF && at(i + 2) == 0xBD) {  // U+FFFD
    kind = c;
    return 3;
  }
  if (c == 0xC3 && at(i + 1) == 0xBF) {  // U+00FF
    kind = c;
    return 2;
  }
  if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
    kind = 0;
    return 1;
  }
  return 0;
}

// The runs of filler from `from` on, and the first offset that is not filler.
std::size_t skip_filler(std::string_view bytes, std::size_t from, std::vector<FillerRun>* runs) {
  std::size_t i = from;
  unsigned char kind = 0;
  while (std::size_t n = filler_unit(bytes, i, kind)) {
    if (runs && kind) {
      if (!runs->empty() && runs->back().byte == kind && runs->back().offset + runs->back().length == i)
        runs->back().length += static_cast<std::uint32_t>(n);
      else
        runs->push_back({i, static_cast<std::uint32_t>(n), kind});
    }
    i += n;
  }
  return i;
}

}  // namespace

TextEnd find_text_end(std::string_view bytes, bool resume_at_tag) {
  TextEnd out;
  std::size_t from = 0;
  for (;;) {
    const void* hit = from < bytes.size() ? std::memchr(bytes.data() + from, kEofMark, bytes.size() - from) : nullptr;
    if (!hit) {
      out.end = bytes.size();
      return out;
    }
    const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(hit) - bytes.data());
    const std::size_t next = skip_filler(bytes, at + 1, nullptr);
    if (resume_at_tag && next < bytes.size() &&
        (bytes[next] == '[' || bytes.substr(next, 3) == "\xEF\xBC\xBB" || bytes.substr(next, 2) == "\xA3\xDB")) {
      from = next;  // filler between games: the reader skips it
      continue;
    }
    out.end = at;
    out.marked = true;
    if (next < bytes.size()) {
      out.after = bytes.size() - at - 1;
    } else {
      skip_filler(bytes, at, &out.filler);
    }
    return out;
  }
}

std::optional<Diagnostic> text_end_diagnostic(std::string_view bytes, const TextEnd& end, text::Encoding encoding,
                                              const std::string& file_name) {
  if (!end.marked || end.after == 0) return std::nullopt;
  // Line and column of the mark, counting line ends as the readers do (LF, CR LF, CR)
  // and characters in the file's encoding; filler bytes are not characters.
  int line = 1;
  std::size_t line_start = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  for (std::size_t i = line_start; i < end.end; ++i) {
    if (bytes[i] == '\n' || bytes[i] == '\r') {
      if (bytes[i] == '\r' && i + 1 < end.end && bytes[i + 1] == '\n') ++i;
      ++line;
      line_start = i + 1;
    }
  }
  int column = 1;
  for (std::size_t i = line_start; i < end.end; ++i) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c == 0xFF || c == kEofMark) continue;
    if (encoding == text::Encoding::Cp949) {
      if (c >= 0x81) ++i;  // a lead byte and its trail byte
      ++column;
    } else if (!utf8::is_continuation(c)) {
      ++column;
    }
  }
  Diagnostic d;
  d.code = "text-after-eof";
  d.severity = Severity::Warning;
  d.file = file_name;
  d.line = line;
  d.column = column;
  d.message = std::to_string(end.after) + (end.after == 1 ? " byte" : " bytes") +
              " after the end-of-file mark (0x1A) are not read";
  return d;
}

}  // namespace gibo
