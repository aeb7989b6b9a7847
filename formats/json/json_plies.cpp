// The record's statements about its plies as JSON columns (gibo/formats/json_plies.h).
#include "gibo/formats/json_plies.h"

#include "gibo/formats/json.h"

namespace gibo {
namespace {

// One letter a piece: g a e h r c s (general … soldier), '-' for none (README "Compact plies").
constexpr char kPieceLetters[kPieceTypeCount] = {'-', 'g', 'a', 'e', 'h', 'r', 'c', 's'};

char side_letter(const std::optional<Side>& s) { return !s ? '-' : *s == Side::Cho ? 'c' : 'h'; }
std::optional<Side> side_of_letter(char c) {
  if (c == 'c') return Side::Cho;
  if (c == 'h') return Side::Han;
  return std::nullopt;
}

// The place of ply `i` from "at": version 3 groups the plies of a line, [[line, column,
// column, ...], ...]; versions 1 and 2 give two numbers a ply. Plies are read in order:
// `run` and `column` hold where the previous ply was.
void place_ply(const json::Value& at, std::size_t i, RecordedPly& rp, std::size_t& run, std::size_t& column) {
  const auto& items = at.items();
  if (items.empty() || !items[0].is_array()) {
    if (2 * i + 1 < items.size()) {
      rp.line = static_cast<int>(items[2 * i].as_int().value_or(0));
      rp.column = static_cast<int>(items[2 * i + 1].as_int().value_or(0));
    }
    return;
  }
  while (run < items.size() && column + 1 >= items[run].items().size()) {
    ++run;
    column = 0;
  }
  if (run >= items.size()) return;
  const auto& line = items[run].items();
  rp.line = static_cast<int>(line[0].as_int().value_or(0));
  rp.column = static_cast<int>(line[++column].as_int().value_or(0));
}

}  // namespace

PieceType piece_type_from_letter(char c) {
  for (int i = 1; i < kPieceTypeCount; ++i)
    if (kPieceLetters[i] == c) return static_cast<PieceType>(i);
  return PieceType::None;
}

std::string claims_code(const RecordedPly& rp) {
  std::string code;
  code += kPieceLetters[static_cast<int>(rp.piece)];
  code += side_letter(rp.side_mark);
  code += side_letter(rp.piece_script_side);
  code += kPieceLetters[static_cast<int>(rp.captured)];
  code += rp.capture_marker ? 'x' : '-';
  code += rp.check ? '+' : '-';
  if (rp.pass) code += 'p';
  else
    while (code.size() > 1 && code.back() == '-') code.pop_back();  // "h" is "h-----"
  return code;
}

void apply_claims(std::string_view code, RecordedPly& rp) {
  if (code.empty()) return;
  auto at = [&](std::size_t i) { return i < code.size() ? code[i] : '-'; };  // trailing '-' left out
  rp.piece = piece_type_from_letter(at(0));
  rp.side_mark = side_of_letter(at(1));
  rp.piece_script_side = side_of_letter(at(2));
  rp.captured = piece_type_from_letter(at(3));
  rp.capture_marker = at(4) == 'x';
  rp.check = at(5) == '+';
  rp.pass = at(6) == 'p';
}

void write_ply_statements(json::Writer& w, const std::vector<RecordedPly>& plies) {
  w.key("texts").begin_array();
  for (const RecordedPly& rp : plies) w.value(rp.text);
  w.end_array();
  std::string claims;
  bool placed = false;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    if (i) claims += ' ';
    claims += claims_code(plies[i]);
    placed |= plies[i].line != 0 || plies[i].column != 0;
  }
  w.field("claims", claims);
  if (!placed) return;
  w.key("at").begin_array();  // [line, column, column, ...] for each run of plies on one line
  for (std::size_t i = 0; i < plies.size(); ++i) {
    if (i == 0 || plies[i].line != plies[i - 1].line) {
      if (i) w.end_array();
      w.begin_array().value(plies[i].line);
    }
    w.value(plies[i].column);
  }
  w.end_array().end_array();
}

void write_ply_glyphs(json::Writer& w, const std::vector<RecordedPly>& plies) {
  bool glyphs = false;
  for (const RecordedPly& rp : plies) glyphs |= !rp.nags.empty();
  if (!glyphs) return;
  w.key("nags").begin_array();
  for (std::size_t i = 0; i < plies.size(); ++i)
    for (int n : plies[i].nags) w.begin_array().value(static_cast<int>(i) + 1).value(n).end_array();
  w.end_array();
}

void read_ply_statements(const json::Value& record, std::vector<RecordedPly>& plies) {
  const json::Value* texts = record.find("texts");
  const json::Value* claims = record.find("claims");
  const json::Value* at = record.find("at");
  const std::string_view codes = claims && claims->is_string() ? std::string_view(claims->as_string()) : "";
  std::size_t c = 0, run = 0, column = 0;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    RecordedPly& rp = plies[i];
    if (texts && i < texts->items().size() && texts->items()[i].is_string()) rp.text = texts->items()[i].as_string();
    while (c < codes.size() && codes[c] == ' ') ++c;
    const std::size_t from = c;
    while (c < codes.size() && codes[c] != ' ') ++c;
    apply_claims(codes.substr(from, c - from), rp);
    if (at) place_ply(*at, i, rp, run, column);
  }
}

bool read_ply_glyphs(const json::Value& record, std::vector<RecordedPly>& plies) {
  const json::Value* nags = record.find("nags");
  if (!nags) return true;
  bool ok = true;
  for (const json::Value& pair : nags->items()) {
    const auto& items = pair.items();
    const std::int64_t n = items.size() == 2 ? items[0].as_int().value_or(0) : 0;
    const std::int64_t glyph = items.size() == 2 ? items[1].as_int().value_or(-1) : -1;
    if (n < 1 || static_cast<std::size_t>(n) > plies.size() || glyph < 0 || glyph > 255) {
      ok = false;
      continue;
    }
    plies[static_cast<std::size_t>(n - 1)].nags.push_back(static_cast<int>(glyph));
  }
  return ok;
}

}  // namespace gibo
