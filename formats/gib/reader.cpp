// The .gib reader: bytes -> lines -> games. One parse loop; every problem becomes a
// diagnostic on the game (or the file) and nothing is dropped silently.
//
// Bad-input policy (see formats/gib/README.md):
// * 0x1A (the DOS end-of-file mark) ends the text unless the next game's tag line follows
//   it (after filler); what follows the end is not read, and is reported
//   (`text-after-eof`) unless it is only filler (find_text_end in gibo/formats/decode.h).
// * 0xFF and 0x1A bytes before the end are removed wherever they stand; each run is
//   recorded.
// * The encoding is UTF-8 if the remaining bytes are valid UTF-8, else CP949; an
//   undecodable byte becomes U+FFFD and an `undecodable-bytes` error (first 20 per file,
//   then one summary).
// * Text outside any game is reported (`stray-text`), never taken as moves.
// * A bad ply token ends the game's plies there (`bad-token`, `truncated-ply`,
//   `bad-square`); the rest of the game's text stays in original_text.
// * An unterminated comment ends at the next tag line or at the end of the file.
// * Tag values and comments have their escapes undone (grammar.h: the ones the writer
//   makes); a backslash before any other character is kept as it is.
#include <algorithm>
#include <charconv>

#include "gibo/formats/decode.h"
#include "gibo/formats/gib.h"
#include "grammar.h"

namespace gibo {
namespace {

constexpr int kMaxByteDiagnostics = 20;
constexpr int kMaxStrayDiagnostics = 20;

struct Line {
  std::size_t begin = 0, end = 0;  // in the decoded text
  std::uint64_t raw_offset = 0;    // first raw byte of the line (filler included)
  std::uint64_t raw_end = 0;       // one past the last raw byte before the line end
  int number = 0;                  // 1-based
};

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

// Code points in s[0, byte).
int column_of(std::string_view s, std::size_t byte) { return text::utf8_length(s.substr(0, byte)) + 1; }

class Reader {
 public:
  Reader(std::string_view bytes, const GibReadOptions& options, GibFileInfo& info,
         const std::function<void(Game&&)>& on_game)
      : bytes_(bytes), options_(options), info_(info), on_game_(on_game) {}

  void run() {
    split_and_decode();
    if (lines_.empty() || std::all_of(lines_.begin(), lines_.end(), [&](const Line& l) { return is_blank(view(l)); })) {
      file_error("empty-file", 0, "the file holds no games");
      return;
    }
    if (looks_like_go()) {
      file_error("not-janggi", 1, "this is a Tygem Go (baduk) .gib file, not a Janggi record");
      return;
    }
    parse_games();
    if (info_.games == 0) file_error("no-games", 1, "no game header ([tag \"value\"] lines) found");
  }

 private:
  std::string_view view(const Line& l) const { return std::string_view(text_).substr(l.begin, l.end - l.begin); }

  void file_error(const char* code, int line, std::string message, Severity severity = Severity::Error) {
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    d.file = options_.file_name;
    d.line = line;
    d.message = std::move(message);
    info_.diagnostics.push_back(std::move(d));
  }

  // ---- bytes -> decoded lines --------------------------------------------------
  void split_and_decode() {
    std::size_t start = 0;
    if (bytes_.substr(0, 3) == "\xEF\xBB\xBF") info_.bom = true, start = 3;
    const TextEnd text_end = find_text_end(bytes_, true);
    const std::size_t limit = std::max(text_end.end, start);

    // Pass 1: lines of filler-free raw bytes (slices of `clean`), and the encoding decision.
    struct RawLine {
      std::size_t begin, end;  // in `clean`
      std::uint64_t offset, raw_end;
    };
    std::string clean;
    clean.reserve(bytes_.size());
    std::vector<RawLine> raw;
    RawLine cur{0, 0, start, start};
    auto flush = [&](std::size_t end_of_content, std::size_t next_start) {
      cur.end = clean.size();
      cur.raw_end = end_of_content;
      raw.push_back(cur);
      cur = RawLine{clean.size(), clean.size(), next_start, next_start};
    };
    for (std::size_t i = start; i < limit; ++i) {
      const unsigned char c = static_cast<unsigned char>(bytes_[i]);
      if (c == 0xFF || c == 0x1A) {
        std::size_t j = i;
        while (j < limit && static_cast<unsigned char>(bytes_[j]) == c) ++j;
        info_.filler_runs.push_back({i, static_cast<std::uint32_t>(j - i), c});
        i = j - 1;
        continue;
      }
      if (c == '\n') {
        ++info_.lf;
        flush(i, i + 1);
      } else if (c == '\r') {
        if (i + 1 < limit && bytes_[i + 1] == '\n') {
          ++info_.crlf;
          flush(i, i + 2);
          ++i;
        } else {
          ++info_.cr;
          flush(i, i + 1);
        }
      } else {
        clean += static_cast<char>(c);
      }
    }
    if (clean.size() > cur.begin) flush(limit, limit);
    info_.filler_runs.insert(info_.filler_runs.end(), text_end.filler.begin(), text_end.filler.end());
    // Line ends are ASCII in both encodings, so the whole text is UTF-8 iff every line is.
    const bool utf8 = text::is_valid_utf8(clean);
    auto slice = [&](const RawLine& r) { return std::string_view(clean).substr(r.begin, r.end - r.begin); };

    text::Encoding enc = options_.encoding;
    if (enc == text::Encoding::Auto) enc = utf8 ? text::Encoding::Utf8 : text::Encoding::Cp949;
    info_.encoding = enc;
    if (auto d = text_end_diagnostic(bytes_, text_end, enc, options_.file_name))
      info_.diagnostics.push_back(std::move(*d));

    // Pass 2: decode.
    int bad_reported = 0, bad_total = 0;
    lines_.reserve(raw.size());
    text_.reserve(clean.size() + clean.size() / 2);
    for (std::size_t n = 0; n < raw.size(); ++n) {
      Line line;
      line.begin = text_.size();
      line.raw_offset = raw[n].offset;
      line.raw_end = raw[n].raw_end;
      const std::string_view content = slice(raw[n]);
      line.number = static_cast<int>(n) + 1;
      std::vector<std::size_t> bad;
      if (enc == text::Encoding::Cp949) {
        text::cp949_to_utf8(content, text_, bad);
      } else if (utf8 || text::is_valid_utf8(content)) {
        text_ += content;
      } else {  // forced UTF-8 but not valid: report the line, keep its ASCII
        bad.push_back(0);
        for (char c : content) text_ += static_cast<unsigned char>(c) < 0x80 ? c : '?';
      }
      for (std::size_t off : bad) {
        ++bad_total;
        if (bad_reported++ < kMaxByteDiagnostics) {
          // raw offset: filler bytes before this point shift nothing inside one line's
          // filler-free bytes, so report the offset within the line's content
          file_error("undecodable-bytes", line.number,
                     "byte " + std::to_string(static_cast<unsigned char>(content[off])) +
                         " cannot be decoded as " + std::string(text::encoding_name(enc)) + " (line byte " +
                         std::to_string(off) + ", file offset about " + std::to_string(raw[n].offset + off) + ")");
        }
      }
      line.end = text_.size();
      lines_.push_back(line);
    }
    if (bad_total > kMaxByteDiagnostics)
      file_error("undecodable-bytes", 0,
                 std::to_string(bad_total) + " undecodable bytes in all; only the first " +
                     std::to_string(kMaxByteDiagnostics) + " are listed");
  }

  bool looks_like_go() const {
    int checked = 0;
    for (const Line& l : lines_) {
      std::string_view s = view(l);
      if (is_blank(s)) continue;
      if (s.rfind("\\HS", 0) == 0 || s.rfind("\\[GAMETAG", 0) == 0 || s.rfind("\\[GAMEINFOMAIN", 0) == 0 ||
          s.rfind("STO 0 ", 0) == 0)
        return true;
      if (++checked > 50) break;
    }
    return false;
  }

  // ---- lines -> games ----------------------------------------------------------
  void parse_games() {
    std::size_t i = 0;
    int stray = 0;
    gib::TagLine tag;
    while (i < lines_.size()) {
      const std::string_view s = view(lines_[i]);
      if (is_blank(s)) {
        ++i;
        continue;
      }
      if (!gib::parse_tag_line(s, tag)) {
        if (stray++ < kMaxStrayDiagnostics)
          file_error("stray-text", lines_[i].number, "text outside any game is ignored", Severity::Warning);
        ++i;
        continue;
      }
      i = parse_game(i);
    }
  }

  // Parses the game whose first tag line is lines_[first]; returns the index after it.
  std::size_t parse_game(std::size_t first) {
    Game g;
    g.source.file = options_.file_name;
    g.source.byte_offset = lines_[first].raw_offset;
    g.source.line = lines_[first].number;
    g.source.column = 1;
    g.source.game_index = info_.games;
    game_ = &g;
    tag_lines_.clear();

    std::size_t i = first;
    gib::TagLine tag;
    while (i < lines_.size() && gib::parse_tag_line(view(lines_[i]), tag)) {
      g.tags.push_back({tag.name, tag.value});
      tag_lines_.push_back(lines_[i].number);
      ++i;
    }
    old_coordinates_ = false;
    for (const Tag& t : g.tags)
      if (t.name == "기보형식" && t.value.find("구좌표") != std::string::npos) old_coordinates_ = true;

    i = parse_body(i);

    // The game's text: its lines up to the last non-blank one.
    std::size_t last = i;
    while (last > first && is_blank(view(lines_[last - 1]))) --last;
    g.source.byte_length = lines_[last - 1].raw_end - g.source.byte_offset;
    g.original_text.reserve(lines_[last - 1].end - lines_[first].begin);
    for (std::size_t k = first; k < last; ++k) {
      g.original_text += view(lines_[k]);
      g.original_text += '\n';
    }
    interpret_tags();
    ++info_.games;
    game_ = nullptr;
    on_game_(std::move(g));
    return i;
  }

  void add(const char* code, Severity severity, int line, int column, int ply, std::string token,
           std::string message) {
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    d.file = options_.file_name;
    d.line = line;
    d.column = column;
    d.game = game_->source.game_index;
    d.ply = ply;
    d.token = std::move(token);
    d.message = std::move(message);
    add_diagnostic(*game_, std::move(d));
  }

  // Attaches a comment given as written (its escapes are undone here).
  void attach_comment(std::string_view written) {
    std::string comment;
    comment.reserve(written.size());
    for (std::size_t k = 0; k < written.size(); ++k) {
      const char e = written[k] == '\\' && k + 1 < written.size() ? gib::comment_escape(written[k + 1]) : '\0';
      if (e) {
        comment += e;
        ++k;
      } else {
        comment += written[k];
      }
    }
    if (game_->plies.empty()) game_->header_comments.push_back(std::move(comment));
    else game_->plies.back().comments.push_back(std::move(comment));
  }

  // The position of the '}' that closes a comment in `s` (escaped ones skipped), or npos.
  static std::size_t closing_brace(std::string_view s) {
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (s[k] == '\\' && k + 1 < s.size() && gib::comment_escape(s[k + 1])) ++k;
      else if (s[k] == '}') return k;
    }
    return std::string_view::npos;
  }

  std::size_t parse_body(std::size_t i) {
    broken_ = false;
    expected_number_ = 1;
    gib::TagLine tag;
    while (i < lines_.size()) {
      const Line& line = lines_[i];
      const std::string_view s = view(line);
      if (is_blank(s)) {
        ++i;
        continue;
      }
      if (gib::parse_tag_line(s, tag)) break;  // the next game
      const std::size_t lead = s.find_first_not_of(" \t");
      if (s[lead] == '{') {
        i = parse_comment(i, lead);
        continue;
      }
      parse_move_line(line);
      ++i;
    }
    return i;
  }

  // A comment opened at lines_[i] byte `at`; returns the index of the line after it.
  std::size_t parse_comment(std::size_t i, std::size_t at) {
    const Line& open = lines_[i];
    const std::size_t first_content = i;
    std::string comment;
    std::string_view s = view(open).substr(at + 1);
    gib::TagLine tag;
    for (;;) {
      const std::size_t close = closing_brace(s);
      if (close != std::string_view::npos) {
        comment += s.substr(0, close);
        if (!is_blank(s.substr(close + 1)))
          add("stray-text", Severity::Warning, lines_[i].number, 0, 0, std::string(s.substr(close + 1)),
              "text after a closing '}' is ignored");
        attach_comment(comment);
        return i + 1;
      }
      comment += s;
      ++i;
      if (i >= lines_.size() || gib::parse_tag_line(view(lines_[i]), tag)) {
        // Never closed: end it before the first line that reads as plies, if any, so
        // the moves after a forgotten '}' are not swallowed.
        std::size_t resume = i;
        std::string kept;
        for (std::size_t k = first_content + 1; k < i; ++k)
          if (starts_with_ply(view(lines_[k]))) {
            resume = k;
            break;
          }
        if (resume != i) {
          // rebuild the comment from the lines before `resume`
          kept = std::string(view(open).substr(at + 1));
          for (std::size_t k = first_content + 1; k < resume; ++k) {
            kept += '\n';
            kept += view(lines_[k]);
          }
          comment = std::move(kept);
        }
        add("unterminated-comment", Severity::Error, open.number, column_of(view(open), at), 0, "{",
            "comment opened here is never closed; it ends at " +
                std::string(resume != i ? "line " + std::to_string(lines_[resume - 1].number)
                            : i >= lines_.size() ? "the end of the file" : "the next game's header"));
        attach_comment(comment);
        return resume;
      }
      comment += '\n';
      s = view(lines_[i]);
    }
  }

  // Does the line start with "N." and a readable ply token?
  static bool starts_with_ply(std::string_view s) {
    std::size_t p = s.find_first_not_of(" \t");
    if (p == std::string_view::npos) return false;
    const std::size_t d = p;
    while (p < s.size() && s[p] >= '0' && s[p] <= '9') ++p;
    if (p == d || p >= s.size() || s[p] != '.') return false;
    ++p;
    while (p < s.size() && (s[p] == ' ' || s[p] == '\t')) ++p;
    std::size_t e = p;
    while (e < s.size() && s[e] != ' ' && s[e] != '\t') ++e;
    gib::PlyToken t;
    return e > p && gib::parse_ply_token(s.substr(p, e - p), t);
  }

  void parse_move_line(const Line& line) {
    const std::string_view s = view(line);
    if (broken_) return;  // the game's plies already ended at a bad token
    std::size_t p = 0;
    int col = 1;  // column of s[p]
    auto advance = [&](std::size_t to) {
      col += text::utf8_length(s.substr(p, to - p));
      p = to;
    };
    auto skip_blanks = [&] {
      std::size_t q = p;
      while (q < s.size() && (s[q] == ' ' || s[q] == '\t')) ++q;
      advance(q);
    };
    auto token_end = [&](std::size_t from) {
      std::size_t q = from;
      while (q < s.size() && s[q] != ' ' && s[q] != '\t') ++q;
      return q;
    };
    for (;;) {
      skip_blanks();
      if (p >= s.size()) return;
      const std::size_t end = token_end(p);
      std::string_view tok = s.substr(p, end - p);
      const int tok_col = col;

      if (tok.front() == '<') {  // <N> seconds for the ply before it
        int seconds = -1;
        if (tok.size() >= 3 && tok.back() == '>') {
          auto [ptr, ec] = std::from_chars(tok.data() + 1, tok.data() + tok.size() - 1, seconds);
          if (ec != std::errc() || ptr != tok.data() + tok.size() - 1) seconds = -1;
        }
        if (seconds < 0 || game_->plies.empty()) {
          fail("bad-token", line.number, tok_col, std::string(tok), "not a time token <N> after a ply");
          return;
        }
        game_->plies.back().seconds = seconds;
        advance(end);
        continue;
      }
      // "N." then the ply (glued or after blanks)
      std::size_t digits = 0;
      while (digits < tok.size() && tok[digits] >= '0' && tok[digits] <= '9') ++digits;
      if (digits == 0 || digits >= tok.size() || tok[digits] != '.') {
        fail("bad-token", line.number, tok_col, std::string(tok), "expected a ply number 'N.'");
        return;
      }
      int number = 0;
      std::from_chars(tok.data(), tok.data() + digits, number);
      const int ply_index = static_cast<int>(game_->plies.size()) + 1;
      if (number != expected_number_)
        add("ply-number", Severity::Warning, line.number, tok_col, ply_index, std::string(tok.substr(0, digits + 1)),
            "ply number " + std::to_string(number) + " where " + std::to_string(expected_number_) + " was expected");
      expected_number_ = number + 1;
      advance(p + digits + 1);
      if (p >= end) {  // ply in the next token
        skip_blanks();
        if (p >= s.size()) {
          fail("truncated-ply", line.number, tok_col, std::string(tok), "ply number with no ply after it");
          return;
        }
      }
      const std::size_t ply_end = token_end(p);
      if (!read_ply(s.substr(p, ply_end - p), line.number, col)) return;
      advance(ply_end);
    }
  }

  void fail(const char* code, int line, int col, std::string token, std::string message) {
    add(code, Severity::Error, line, col, static_cast<int>(game_->plies.size()) + 1, std::move(token),
        std::move(message));
    broken_ = true;
  }

  // Square text -> square, per the game's coordinate system. kNoSquare if invalid.
  Square to_square(std::string_view t) const {
    if (t.size() == 2 && t[0] >= 'a' && t[0] <= 'i') {  // letter file, 0-based rank
      return make_square(t[0] - 'a', t[1] - '0');
    }
    if (old_coordinates_) {
      int n = 0;
      if (t.empty() || t.size() > 2 || t[0] == '0') return kNoSquare;
      std::from_chars(t.data(), t.data() + t.size(), n);
      if (n < 1 || n > 90) return kNoSquare;
      return make_square((n - 1) / 10, (n - 1) % 10);
    }
    if (t.size() != 2) return kNoSquare;
    const int row = t[0] == '0' ? 10 : t[0] - '0';
    const int column = t[1] - '0';
    if (column < 1 || column > 9) return kNoSquare;
    return make_square(column - 1, 10 - row);
  }

  bool read_ply(std::string_view tok, int line, int col) {
    gib::PlyToken t;
    const int ply_index = static_cast<int>(game_->plies.size()) + 1;
    if (!gib::parse_ply_token(tok, t)) {
      // A token that a few more characters would complete is a truncated ply.
      gib::PlyToken probe;
      const std::string s(tok);
      const bool truncated = gib::parse_ply_token(s + "1", probe) || gib::parse_ply_token(s + "11", probe) ||
                             gib::parse_ply_token(s + "졸11", probe);
      fail(truncated ? "truncated-ply" : "bad-token", line, col, s,
           truncated ? "ply token is cut short" : "not a ply (squares, piece, optional capture and 장군, or 한수쉼)");
      return false;
    }
    RecordedPly rp;
    rp.text = std::string(tok);
    rp.line = line;
    rp.column = col;
    if (t.pass) {
      rp.pass = true;
    } else {
      const Square from = to_square(t.from), to = to_square(t.to);
      if (!old_coordinates_ && to == kNoSquare && t.to.size() == 1 && t.to[0] >= '0' && t.to[0] <= '9') {
        fail("truncated-ply", line, col, rp.text, "ply token is cut short (one digit of the destination square)");
        return false;
      }
      if (from == kNoSquare || to == kNoSquare) {
        fail("bad-square", line, col, rp.text,
             "square '" + (from == kNoSquare ? t.from : t.to) + "' is not a board point" +
                 (old_coordinates_ ? " (old 1-90 numbering)" : ""));
        return false;
      }
      rp.move = Move(from, to);
      rp.piece = t.piece.type;
      rp.side_mark = t.side_mark;
      rp.piece_script_side = t.piece.implied_side;
      rp.captured = t.captured.type;
      rp.capture_marker = t.capture_marker;
      rp.check = t.check;
    }
    (void)ply_index;
    game_->plies.push_back(std::move(rp));
    return true;
  }

  // ---- tags with a meaning -----------------------------------------------------
  void interpret_tags() {
    Game& g = *game_;
    std::optional<Setup> cho, han;
    bool have_cho = false, have_han = false;
    const std::string* pan = nullptr;
    int pan_line = 0;
    for (std::size_t k = 0; k < g.tags.size(); ++k) {
      const Tag& t = g.tags[k];
      const int line = tag_lines_[k];
      if (t.name == "초차림" || t.name == "초포진" || t.name == "한차림" || t.name == "한포진") {
        const bool is_cho = t.name[0] == "초"[0] && t.name.substr(0, 3) == "초";
        auto s = parse_gib_setup(t.value);
        if (!s) {
          add("bad-setup", Severity::Error, line, 1, 0, t.value,
              "setup must be one of 마상상마 상마마상 마상마상 상마상마");
          continue;
        }
        (is_cho ? cho : han) = s;
        (is_cho ? have_cho : have_han) = true;
      } else if (t.name == "판") {
        pan = &t.value;
        pan_line = line;
      } else if (t.name == "대국결과") {
        g.result_text = t.value;
        g.has_result = true;
      } else if (t.name == "규칙") {
        g.saved_profile_id = t.value;
      } else if (t.name == "빅장") {
        const std::string& v = t.value;
        if (v == "on" || v == "켬" || v == "사용" || v == "있음") g.saved_bikjang_option = true;
        else if (v == "off" || v == "끔" || v == "미사용" || v == "없음") g.saved_bikjang_option = false;
        else add("bad-tag-value", Severity::Warning, line, 1, 0, v, "bikjang option is not on/off; ignored");
      } else if (t.name == "총수") {
        check_ply_count(t.value, line);
      }
    }
    if (pan) {
      std::string error;
      if (auto fen = pan_to_fen(*pan, &error)) {
        g.start.custom = true;
        g.start.fen = *fen;
        g.start.first_to_move = fen->find(" b ") != std::string::npos ? Side::Han : Side::Cho;
      } else {
        add("bad-position", Severity::Error, pan_line, 1, 0, *pan, error);
      }
    } else {
      if (cho) g.start.cho = *cho;
      if (han) g.start.han = *han;
      g.start.cho_setup_stated = have_cho;
      g.start.han_setup_stated = have_han;
      if (!have_cho || !have_han)
        add("missing-setup", Severity::Warning, g.source.line, 1, 0, "",
            "no 초차림/한차림 tag for both sides; the missing setup is inferred from the moves");
    }
  }

  void check_ply_count(const std::string& value, int line) {
    Game& g = *game_;
    int stated = 0;
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), stated);
    if (ec != std::errc() || ptr != value.data() + value.size()) {
      add("bad-tag-value", Severity::Warning, line, 1, 0, value, "총수 is not a number");
      return;
    }
    const int plies = static_cast<int>(g.plies.size());
    if (stated == plies || broken_) return;
    int passes = 0;
    for (const RecordedPly& p : g.plies) passes += p.pass;
    std::string why = stated == plies - passes ? " (it matches the plies without the passes)" : "";
    add("ply-count-mismatch", Severity::Warning, line, 1, 0, value,
        "총수 says " + std::to_string(stated) + " plies, the record has " + std::to_string(plies) + why);
  }

  std::string_view bytes_;
  const GibReadOptions& options_;
  GibFileInfo& info_;
  const std::function<void(Game&&)>& on_game_;
  std::string text_;
  std::vector<Line> lines_;
  Game* game_ = nullptr;
  std::vector<int> tag_lines_;
  bool old_coordinates_ = false;
  bool broken_ = false;
  int expected_number_ = 1;
};

}  // namespace

void read_gib(std::string_view bytes, const GibReadOptions& options, GibFileInfo& info,
              const std::function<void(Game&&)>& on_game) {
  Reader(bytes, options, info, on_game).run();
}

std::vector<Game> read_gib(std::string_view bytes, const GibReadOptions& options, GibFileInfo* info) {
  std::vector<Game> games;
  GibFileInfo local;
  read_gib(bytes, options, info ? *info : local, [&](Game&& g) { games.push_back(std::move(g)); });
  return games;
}

}  // namespace gibo
