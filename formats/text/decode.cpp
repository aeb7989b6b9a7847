// The plain byte layer shared by the PGN, FEN, UCI and JSON readers (see decode.h).
#include "gibo/formats/decode.h"

#include <algorithm>

#include "gibo/core/utf8.h"

namespace gibo {
namespace {

constexpr int kMaxByteDiagnostics = 20;

}  // namespace

DecodedText decode_text(std::string_view bytes, text::Encoding requested, const std::string& file_name,
                        std::vector<Diagnostic>& diagnostics) {
  DecodedText out;
  std::size_t start = 0;
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") {
    out.bom = true;
    start = 3;
  }
  const std::string_view whole = bytes;
  const TextEnd text_end = find_text_end(bytes, false);
  bytes = bytes.substr(0, std::max(text_end.end, start));
  out.filler_runs = text_end.filler;
  const std::string_view body = bytes.substr(start);
  text::Encoding enc = requested;
  const bool valid_utf8 = utf8::valid(body);
  if (enc == text::Encoding::Auto) enc = valid_utf8 ? text::Encoding::Utf8 : text::Encoding::Cp949;
  out.encoding = enc;
  out.text.reserve(body.size() + body.size() / 4);

  int bad_total = 0;
  auto report = [&](int line, std::uint64_t raw, unsigned char byte) {
    ++bad_total;
    if (bad_total > kMaxByteDiagnostics) return;
    Diagnostic d;
    d.code = "undecodable-bytes";
    d.file = file_name;
    d.line = line;
    d.message = "byte " + std::to_string(byte) + " cannot be decoded as " +
                std::string(text::encoding_name(enc)) + " (file offset " + std::to_string(raw) + ")";
    diagnostics.push_back(std::move(d));
  };

  // Split into raw lines first; decode each line on its own so every line start has an
  // exact raw offset whatever the encoding.
  std::size_t line_start = start;
  int line_number = 0;
  auto emit_line = [&](std::size_t end) {  // raw [line_start, end) without its line end
    ++line_number;
    out.line_text_offsets.push_back(out.text.size());
    out.line_raw_offsets.push_back(line_start);
    const std::string_view content = bytes.substr(line_start, end - line_start);
    if (enc == text::Encoding::Cp949) {
      std::vector<std::size_t> bad;
      text::cp949_to_utf8(content, out.text, bad);
      for (std::size_t b : bad) report(line_number, line_start + b, static_cast<unsigned char>(content[b]));
    } else if (valid_utf8 || utf8::valid(content)) {
      out.text += content;
    } else {  // forced UTF-8 on invalid bytes: keep the ASCII, replace the rest
      for (std::size_t i = 0; i < content.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(content[i]);
        if (c < 0x80) {
          out.text += static_cast<char>(c);
        } else {
          out.text += "\xEF\xBF\xBD";
          report(line_number, line_start + i, c);
        }
      }
    }
  };
  for (std::size_t i = start; i < bytes.size(); ++i) {
    const char c = bytes[i];
    if (c != '\n' && c != '\r') continue;
    emit_line(i);
    out.text += '\n';
    if (c == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n') ++i;
    line_start = i + 1;
  }
  if (line_start < bytes.size() || out.line_text_offsets.empty()) emit_line(bytes.size());
  if (auto d = text_end_diagnostic(whole, text_end, enc, file_name)) diagnostics.push_back(std::move(*d));
  if (bad_total > kMaxByteDiagnostics) {
    Diagnostic d;
    d.code = "undecodable-bytes";
    d.file = file_name;
    d.message = std::to_string(bad_total) + " undecodable bytes in all; only the first " +
                std::to_string(kMaxByteDiagnostics) + " are listed";
    diagnostics.push_back(std::move(d));
  }
  return out;
}

DecodedText decode_file(std::string_view bytes, text::Encoding requested, const std::string& file_name,
                        TextFileInfo& info) {
  DecodedText decoded = decode_text(bytes, requested, file_name, info.diagnostics);
  info.encoding = decoded.encoding;
  info.bom = decoded.bom;
  info.filler_runs = decoded.filler_runs;
  return decoded;
}

LineSpan line_span(const DecodedText& decoded, std::size_t index) {
  const std::size_t begin = decoded.line_text_offsets[index];
  const std::size_t end = decoded.text.find('\n', begin);
  return {begin, end == std::string::npos ? decoded.text.size() : end};
}

int line_of_offset(const DecodedText& decoded, std::size_t offset) {
  const auto& v = decoded.line_text_offsets;
  const auto it = std::upper_bound(v.begin(), v.end(), offset);
  return static_cast<int>(it - v.begin());  // the count of lines starting at or before offset
}

int column_of_offset(const DecodedText& decoded, std::size_t offset) {
  const int line = line_of_offset(decoded, offset);
  if (line <= 0) return 1;
  const std::size_t begin = decoded.line_text_offsets[line - 1];
  return utf8::count(std::string_view(decoded.text).substr(begin, offset - begin)) + 1;
}

std::uint64_t raw_offset_of(const DecodedText& decoded, std::size_t offset) {
  const int line = line_of_offset(decoded, offset);
  if (line <= 0) return offset;
  return decoded.line_raw_offsets[line - 1] + (offset - decoded.line_text_offsets[line - 1]);
}

}  // namespace gibo
