// The archive's per-game encodings; see codec.h and src/archive/README.md.
//
// Bad-input policy: decoders return nullopt on anything they did not write themselves
// (odd-length move blobs, truncated varints, tag text that is not a JSON array of string
// pairs). They never read past their input and never guess.
#include "gibo/archive/codec.h"

#include <algorithm>
#include <cstring>

#include "gibo/core/position.h"
#include "gibo/formats/json_plies.h"
#include "gibo/formats/json_value.h"
#include "gibo/formats/json_writer.h"

#include "varint.h"

namespace gibo::archive {

// ---------------------------------------------------------------------------
// Moves

std::uint16_t ply_code(const RecordedPly& ply) {
  if (ply.pass) {
    if (!ply.move.is_none() && ply.move.is_pass() && ply.move.from() < kSquares) return ply.move.raw();
    return kPassCode;
  }
  return ply.move.raw();
}

void encode_moves(const std::vector<RecordedPly>& plies, std::string& out) {
  out.reserve(out.size() + 2 * plies.size());
  for (const RecordedPly& p : plies) {
    const std::uint16_t c = ply_code(p);
    out += static_cast<char>(c & 0xFF);
    out += static_cast<char>(c >> 8);
  }
}

std::optional<std::size_t> moves_count(std::string_view blob) {
  if (blob.size() % 2) return std::nullopt;
  return blob.size() / 2;
}

std::optional<std::vector<RecordedPly>> decode_moves(std::string_view blob) {
  const auto n = moves_count(blob);
  if (!n) return std::nullopt;
  std::vector<RecordedPly> plies(*n);
  for (std::size_t i = 0; i < *n; ++i) {
    const std::uint16_t code = code_at(blob, i);
    RecordedPly& rp = plies[i];
    if (code == 0xFFFF) continue;
    const Square from = static_cast<Square>(code & 0x7F), to = static_cast<Square>((code >> 7) & 0x7F);
    if (code_is_pass(code)) {
      rp.pass = true;
      if (from < kSquares) rp.move = Move::pass(from);
    } else {
      rp.move = Move(from, to);
    }
  }
  return plies;
}

std::vector<Move> playable_moves(const std::vector<RecordedPly>& plies) {
  std::vector<Move> moves;
  moves.reserve(plies.size());
  for (const RecordedPly& p : plies) {
    if (p.move.is_none() || p.move.from() >= kSquares || p.move.to() >= kSquares) break;
    moves.push_back(p.move);
  }
  return moves;
}

// ---------------------------------------------------------------------------
// Times

void encode_times(const std::vector<RecordedPly>& plies, std::string& out) {
  bool any = false;
  for (const RecordedPly& p : plies) any |= p.seconds.has_value();
  if (!any) return;
  for (const RecordedPly& p : plies)
    put_varint(p.seconds && *p.seconds >= 0 ? static_cast<std::uint64_t>(*p.seconds) + 1 : 0, out);
}

std::optional<std::vector<std::optional<int>>> decode_times(std::string_view blob, std::size_t plies) {
  std::vector<std::optional<int>> times(plies);
  if (blob.empty()) return times;
  std::size_t at = 0;
  for (std::size_t i = 0; i < plies; ++i) {
    std::uint64_t v = 0;
    int shift = 0;
    for (;;) {
      if (at >= blob.size() || shift > 35) return std::nullopt;
      const auto b = static_cast<unsigned char>(blob[at++]);
      v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      shift += 7;
      if (!(b & 0x80)) break;
    }
    if (v > 0x7FFFFFFFULL + 1) return std::nullopt;
    if (v) times[i] = static_cast<int>(v - 1);
  }
  if (at != blob.size()) return std::nullopt;
  return times;
}

// ---------------------------------------------------------------------------
// Material signatures

std::string encode_material(const MaterialSignature& s) {
  std::string out;
  out.reserve(16 + 2 * s.captures.size());
  out += static_cast<char>(index(s.to_move));
  for (const auto& side : s.start)
    for (int t = 1; t < kPieceTypeCount; ++t) out += static_cast<char>(side[static_cast<std::size_t>(t)]);
  put_varint(static_cast<std::uint64_t>(s.plies), out);
  int before = 0;
  for (const MaterialSignature::Capture& c : s.captures) {
    put_varint(static_cast<std::uint64_t>(c.ply - before), out);
    out += static_cast<char>(c.piece);
    before = c.ply;
  }
  return out;
}

std::optional<MaterialSignature> decode_material(std::string_view blob) {
  if (blob.size() < 16 || static_cast<unsigned char>(blob[0]) > 1) return std::nullopt;
  MaterialSignature s;
  s.to_move = blob[0] ? Side::Han : Side::Cho;
  std::size_t at = 1;
  for (auto& side : s.start)
    for (int t = 1; t < kPieceTypeCount; ++t) side[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(blob[at++]);
  std::uint32_t v = 0;
  if (!get_varint(blob, at, v) || v > 0xFFFFFF) return std::nullopt;
  s.plies = static_cast<int>(v);
  int ply = 0;
  while (at < blob.size()) {
    if (!get_varint(blob, at, v) || v == 0 || at >= blob.size()) return std::nullopt;
    ply += static_cast<int>(v);
    const auto piece = static_cast<Piece>(static_cast<unsigned char>(blob[at++]));
    if (ply > s.plies || static_cast<int>(piece) >= kPieceCount || type_of(piece) == PieceType::None) return std::nullopt;
    s.captures.push_back({ply, piece});
  }
  return s;
}

std::optional<MaterialSignature> stored_material(std::string_view start_key, std::string_view moves_blob, int valid_plies) {
  Position start;
  if (start.set_fen(start_key)) return std::nullopt;
  const auto plies = decode_moves(moves_blob);
  std::vector<Move> moves = plies ? playable_moves(*plies) : std::vector<Move>{};
  moves.resize(std::min(moves.size(), static_cast<std::size_t>(std::max(0, valid_plies))));
  return material_signature(start, moves);
}

// ---------------------------------------------------------------------------
// Tags

namespace {

// Appends `s` as a JSON string: runs of characters that need no escape are copied whole
// (tag text is nearly all such runs); the rest goes through json::append_string.
void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.data() + run, i - run);
    std::string escaped;
    json::append_string(escaped, s.substr(i, 1));
    out.append(escaped, 1, escaped.size() - 2);  // without its quotes
    run = i + 1;
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

}  // namespace

void encode_tags(const std::vector<Tag>& tags, std::string& out) {
  std::size_t size = 2;
  for (const Tag& t : tags) size += t.name.size() + t.value.size() + 8;
  out.reserve(out.size() + size);
  out += '[';
  for (std::size_t i = 0; i < tags.size(); ++i) {
    if (i) out += ',';
    out += '[';
    append_json_string(out, tags[i].name);
    out += ',';
    append_json_string(out, tags[i].value);
    out += ']';
  }
  out += ']';
}

std::optional<std::vector<Tag>> decode_tags(std::string_view text) {
  const auto doc = json::parse(text);
  if (!doc || !doc->is_array()) return std::nullopt;
  std::vector<Tag> tags;
  tags.reserve(doc->items().size());
  for (const json::Value& pair : doc->items()) {
    const std::vector<json::Value>& nv = pair.items();
    if (!pair.is_array() || nv.size() != 2 || !nv[0].is_string() || !nv[1].is_string()) return std::nullopt;
    tags.push_back({nv[0].as_string(), nv[1].as_string()});
  }
  return tags;
}

// ---------------------------------------------------------------------------
// Statements

std::string encode_statements(const std::vector<RecordedPly>& plies) {
  std::string out;
  json::Writer w(out);
  w.begin_object();
  write_ply_statements(w, plies);
  write_ply_glyphs(w, plies);
  w.end_object();
  return out;
}

bool decode_statements(std::string_view text, std::vector<RecordedPly>& plies) {
  const auto doc = json::parse(text);
  if (!doc || !doc->is_object()) return false;
  read_ply_statements(*doc, plies);
  return read_ply_glyphs(*doc, plies);
}

// ---------------------------------------------------------------------------
// Tail tokens

std::string encode_tail(const std::vector<RecordedPly>& plies, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < plies.size(); ++i) {
    if (i > from) out += ' ';
    out += plies[i].text.empty() ? (plies[i].pass ? std::string("한수쉼") : std::string("?")) : plies[i].text;
  }
  return out;
}

std::vector<std::string> decode_tail(std::string_view text) {
  std::vector<std::string> tokens;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string_view::npos) end = text.size();
    tokens.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return tokens;
}

// ---------------------------------------------------------------------------
// Start positions

namespace {

// The first two fields of a FEN.
std::string placement_and_side(const std::string& fen) {
  const std::size_t first = fen.find(' ');
  if (first == std::string::npos) return fen;
  const std::size_t second = fen.find(' ', first + 1);
  return fen.substr(0, second == std::string::npos ? fen.size() : second);
}

// Keys of the 32 standard starts (cho setup x han setup x side to move), built once.
const std::string& standard_key(Setup cho, Setup han, Side first) {
  static const auto table = [] {
    std::array<std::string, 32> keys;
    for (Setup c : kAllSetups)
      for (Setup h : kAllSetups)
        for (Side s : {Side::Cho, Side::Han}) {
          Position pos;
          pos.set_setups(c, h, s);
          keys[static_cast<int>(c) * 8 + static_cast<int>(h) * 2 + index(s)] = placement_and_side(pos.fen());
        }
    return keys;
  }();
  return table[static_cast<int>(cho) * 8 + static_cast<int>(han) * 2 + index(first)];
}

}  // namespace

std::string start_key(const StartPosition& start) {
  if (!start.custom) return standard_key(start.cho, start.han, start.first_to_move);
  Position pos;
  if (pos.set_fen(start.fen)) return "invalid:" + start.fen;
  return placement_and_side(pos.fen());
}

// ---------------------------------------------------------------------------
// Game hash

std::int64_t game_hash(std::string_view key, std::string_view moves_blob) {
  constexpr std::uint64_t kOffset = 0xcbf29ce484222325ULL, kPrime = 0x100000001b3ULL;
  std::uint64_t h = kOffset;
  for (char c : key) h = (h ^ static_cast<unsigned char>(c)) * kPrime;
  h = (h ^ 0) * kPrime;
  const std::size_t n = moves_blob.size() / 2;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint16_t c = canonical_code(code_at(moves_blob, i));
    h = (h ^ (c & 0xFF)) * kPrime;
    h = (h ^ (c >> 8)) * kPrime;
  }
  std::int64_t out;
  std::memcpy(&out, &h, sizeof out);
  return out;
}

}  // namespace gibo::archive
