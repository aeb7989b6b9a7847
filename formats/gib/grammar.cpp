// The .gib grammar's entry points (the rules are in grammar.h), and the byte decoding the
// rules' attributes go through.
#include "grammar.h"

#include "gibo/formats/tag_text.h"

#include <cstring>
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
  return x3::parse(first, raw.data() + raw.size(), x3::with<grammar::tag_state_tag>(std::ref(state))[grammar::tag_line<C>]);
}

// Sets `text` to the token decoded (a character at a time, as the rules read them: a CP949
// byte that does not decode is U+FFFD, with Coding::Ascii a byte >= 0x80 is '?'); returns
// its length in characters.
template <Coding C>
int decode_token(std::string_view raw, std::string& text) {
  if constexpr (C == Coding::Utf8) {
    text.assign(raw);
    return utf8::count(raw);
  } else {
    char buffer[4 * 64];
    std::string heap;
    char* const begin = raw.size() <= 64 ? buffer : (heap.resize(4 * raw.size()), heap.data());
    char* o = begin;
    int n = 0;
    for (grammar::Iterator p = raw.data(), end = p + raw.size(); p < end; ++n) {
      const grammar::Char c = grammar::char_at<C>(p, end);
      o = utf8::put_packed(o, c.key);
      p += c.len;
    }
    text.assign(begin, static_cast<std::size_t>(o - begin));
    return n;
  }
}

// Sets `text` to the `n` bytes at `p` as a string built anew and moved in: a ply's text
// is short (its short-string form built inline), where assign's general replace is a call
// of 60 instructions on every ply (3 % of validate, callgrind).
inline void set_text(std::string& text, const char* p, std::size_t n) { text = std::string(p, n); }

// Copies a square (ASCII, one or two bytes but in broken records) to `o` by stores: a
// loop here is turned into a call of memcpy by the compiler, which cost CP949 parsing
// two calls a ply (issue 23: the 5-7 % it was slower than before the grammar).
inline char* put_square(char* o, std::string_view square) {
  const std::size_t n = square.size();
  if (n <= 2) {  // never 0: the square rule reads one character at least
    o[0] = square[0];
    o[n - 1] = square[n - 1];
  } else {
    std::memcpy(o, square.data(), n);
  }
  return o + n;
}

// The text of a ply the rule read, from what it read (the squares are the raw ASCII; the
// letters' keys are their UTF-8 bytes): the token decoded, without decoding it again.
void ply_text(const PlyToken& t, std::string& text) {
  char buffer[8 * 4 + 2 * 48];
  char* o = buffer;
  auto put = [&](std::uint32_t key) { o = utf8::put_packed(o, key); };
  if (t.pass) {
    put(utf8::packed(U'한'));
    put(utf8::packed(U'수'));
    put(utf8::packed(U'쉼'));
  } else {
    o = put_square(o, t.from);
    if (t.side_key) put(t.side_key);
    put(t.piece.key);
    o = put_square(o, t.to);
    if (t.capture_marker) put(utf8::packed(U'타'));
    if (t.captured.key) put(t.captured.key);
    if (t.check) {
      put(utf8::packed(U'장'));
      put(utf8::packed(U'군'));
    }
  }
  set_text(text, buffer, static_cast<std::size_t>(o - buffer));
}

template <Coding C>
[[gnu::flatten]] bool ply_in(std::string_view raw, std::string& text, PlyToken& out) {
  out = PlyToken{};
  grammar::Iterator first = raw.data();
  if (!x3::parse(first, raw.data() + raw.size(), grammar::ply<C>, out) || first != raw.data() + raw.size()) {
    decode_token<C>(raw, text);
    return false;
  }
  read_ply_text(raw, C, out, text);
  return true;
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

void read_ply_text(std::string_view raw, Coding coding, PlyToken& t, std::string& text) {
  t.chars = t.pass ? 3
                   : static_cast<int>(t.from.size() + t.to.size()) + 1 + (t.side_key != 0) + t.capture_marker +
                         (t.captured.key != 0) + 2 * t.check;
  if (coding == Coding::Utf8) set_text(text, raw.data(), raw.size());
  else if (raw.size() <= 48) ply_text(t, text);  // squares of up to 48 digits fit the buffer
  else if (coding == Coding::Cp949) decode_token<Coding::Cp949>(raw, text);
  else decode_token<Coding::Ascii>(raw, text);
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
  x3::parse(first, last, x3::with<grammar::pan_board_tag>(std::ref(out))[grammar::pan_board]);
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
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\') out += "\\\\";
    else if (c == '}') out += "\\}";
    else if (c == '\r') out += "\\r";
    else if (c == '[' && line_start) out += "\\[";
    else if (line_start && text.substr(i, 3) == "［") out += "\\［", i += 2;  // a full-width tag line
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
