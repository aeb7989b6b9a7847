// The .gib grammar's entry points (the rules are in grammar.h), and the byte decoding the
// rules' attributes go through.
#include "grammar.h"

#include "gibo/formats/tag_text.h"

#include <vector>

namespace gibo::gib {

namespace x3 = boost::spirit::x3;

// Undecodable bytes are reported once per file by the reader's scan, not here.
void decode(std::string_view raw, Coding coding, std::string& out) {
  switch (coding) {
    case Coding::Utf8: out += raw; return;
    case Coding::Cp949: {
      std::vector<std::size_t> bad;
      text::cp949_to_utf8(raw, out, bad);
      return;
    }
    case Coding::Ascii:
      for (char c : raw) out += static_cast<unsigned char>(c) < 0x80 ? c : '?';
      return;
  }
}

namespace {

template <Coding C>
bool tag_line_in(std::string_view raw, Coding coding, TagLine& out) {
  const grammar::TagState state{&out, coding};
  grammar::Iterator first = raw.data();
  return x3::parse(first, raw.data() + raw.size(), x3::with<grammar::tag_state_tag>(state)[grammar::tag_line<C>]);
}

// The characters of a token that the ply rule read whole: all of them are ASCII or
// letters (mapped pairs in CP949).
template <Coding C>
int chars_of(std::string_view raw) {
  if constexpr (C == Coding::Utf8) {
    return text::utf8_length(raw);
  } else {
    int n = 0;
    for (grammar::Iterator p = raw.data(), end = p + raw.size(); p < end; ++n) p += grammar::char_at<C>(p, end).len;
    return n;
  }
}

template <Coding C>
bool ply_in(std::string_view raw, std::string& text, PlyToken& out) {
  out = PlyToken{};
  grammar::Iterator first = raw.data();
  const bool ok = x3::parse(first, raw.data() + raw.size(), grammar::ply<C>, out);
  text.clear();
  if constexpr (C == Coding::Utf8) text.assign(raw);
  else decode(raw, C, text);
  if (ok) out.chars = chars_of<C>(raw);
  return ok;
}

}  // namespace

bool parse_tag_line(std::string_view raw, Coding coding, TagLine& out) {
  out.name.clear();
  out.value.clear();
  bool ok = false;
  switch (coding) {
    case Coding::Utf8: ok = tag_line_in<Coding::Utf8>(raw, coding, out); break;
    case Coding::Cp949: ok = tag_line_in<Coding::Cp949>(raw, coding, out); break;
    case Coding::Ascii: ok = tag_line_in<Coding::Ascii>(raw, coding, out); break;
  }
  if (!ok) {
    out.name.clear();
    out.value.clear();
  }
  return ok;
}

bool parse_ply_token(std::string_view raw, Coding coding, std::string& text, PlyToken& out) {
  switch (coding) {
    case Coding::Utf8: return ply_in<Coding::Utf8>(raw, text, out);
    case Coding::Cp949: return ply_in<Coding::Cp949>(raw, text, out);
    case Coding::Ascii: return ply_in<Coding::Ascii>(raw, text, out);
  }
  return false;
}

bool parse_pan_board(std::string_view board, PanBoard& out) {
  grammar::Iterator first = board.data();
  const grammar::Iterator last = board.data() + board.size();
  x3::parse(first, last, x3::with<grammar::pan_board_tag>(out)[grammar::pan_board]);
  if (!out.error.empty()) return false;
  if (first != last) {
    out.error = "[판] board has an unknown character at byte " + std::to_string(first - board.data());
    return false;
  }
  return true;
}

std::string escape_comment(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  bool line_start = false;  // the first line follows the '{'
  for (char c : text) {
    if (c == '\\') out += "\\\\";
    else if (c == '}') out += "\\}";
    else if (c == '\r') out += "\\r";
    else if (c == '[' && line_start) out += "\\[";
    else out += c;
    if (c == '\n') line_start = true;
    else if (c != ' ' && c != '\t') line_start = false;
  }
  return out;
}

char comment_escape(char c) {
  switch (c) {
    case '\\': return '\\';
    case '}': return '}';
    case 'r': return '\r';
    case '[': return '[';
    default: return '\0';
  }
}

}  // namespace gibo::gib
