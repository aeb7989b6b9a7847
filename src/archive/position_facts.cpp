// The position index's per-game facts (position_facts.h): computed from a game's stored
// columns, packed into position_games' 12 bytes and back, read by id, and marked absent
// when the archive removes a game (position_upkeep.h).
#include "position_facts.h"

#include <algorithm>
#include <array>

#include "dialect.h"
#include "gibo/archive/codec.h"
#include "gibo/record/fact_tags.h"
#include "gibo/record/game_date.h"
#include "position_upkeep.h"

namespace gibo::archive {

namespace {

// The value of the first tag named `name` in tags JSON as encode_tags writes it
// ([["name","value"],...]), read without parsing the whole array; nullopt when the
// value holds an escape (then the caller decodes the array) or the tag is absent.
std::optional<std::string_view> plain_tag(std::string_view json, std::string_view name, bool& escaped) {
  const std::string needle = "[\"" + std::string(name) + "\",\"";
  const std::size_t at = json.find(needle);
  if (at == std::string_view::npos) return std::nullopt;
  const std::size_t from = at + needle.size(), end = json.find('"', from);
  if (end == std::string_view::npos) {
    escaped = true;
    return std::nullopt;
  }
  const std::string_view value = json.substr(from, end - from);
  if (value.find('\\') != std::string_view::npos) {
    escaped = true;
    return std::nullopt;
  }
  return value;
}

// The game's date tag (fact_tag's, FactTag::Date), read from the tags' JSON without
// decoding it while no value holds an escape.
std::string date_tag(const std::string& tags_json) {
  bool escaped = false;
  for (std::string_view name : fact_tag_names(FactTag::Date)) {
    const auto v = plain_tag(tags_json, name, escaped);
    if (escaped) break;
    if (v) return std::string(*v);
  }
  if (!escaped) return "";
  const auto tags = decode_tags(tags_json);
  const std::string* v = tags ? fact_tag(*tags, FactTag::Date) : nullptr;
  return v ? *v : "";
}

void put_u32(char* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}
std::uint32_t get_u32(const char* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(p[i])) << (8 * i);
  return v;
}

// The winner byte of a fact: its index here (0 other).
constexpr std::array<Winner, 4> kWinnerCodes = {Winner::Unknown, Winner::Cho, Winner::Han, Winner::Draw};

}  // namespace

FactEntry game_fact(int plies, bool has_result, Winner winner, const std::string& tags_json) {
  FactEntry f;
  f.plies = static_cast<std::uint16_t>(std::clamp(plies, 0, 0xFFFF));
  if (has_result && (winner == Winner::Cho || winner == Winner::Han || winner == Winner::Draw)) f.winner = winner;
  f.present = true;
  f.date = date_number(parse_game_date(date_tag(tags_json)));
  return f;
}

void encode_fact(const FactEntry& f, char* p) {
  put_u32(p, f.start_id);
  p[4] = static_cast<char>(f.plies & 0xFF);
  p[5] = static_cast<char>(f.plies >> 8);
  const auto code = std::find(kWinnerCodes.begin(), kWinnerCodes.end(), f.winner);
  p[6] = static_cast<char>(code == kWinnerCodes.end() ? 0 : code - kWinnerCodes.begin());
  p[7] = static_cast<char>(f.present ? 1 : 0);
  put_u32(p + 8, f.date);
}

FactEntry decode_fact(const char* p) {
  FactEntry f;
  f.start_id = get_u32(p);
  f.plies = static_cast<std::uint16_t>(static_cast<unsigned char>(p[4]) | (static_cast<unsigned char>(p[5]) << 8));
  const auto code = static_cast<unsigned char>(p[6]);
  f.winner = code < kWinnerCodes.size() ? kWinnerCodes[code] : Winner::Unknown;
  f.present = p[7] != 0;
  f.date = get_u32(p + 8);
  return f;
}

FactReader::FactReader(sql::Connection& db, const std::string& table)
    : read_(db.prepare("SELECT data FROM " + table + " WHERE block = :block")) {}

std::optional<FactEntry> FactReader::get(std::int64_t id) {
  if (!read_.prepared() || id <= 0) return std::nullopt;
  const std::int64_t block = id / kFactsPerBlock;
  auto it = blocks_.find(block);
  if (it == blocks_.end()) {
    read_.bind(":block", block);
    std::string data;
    if (read_.step() == sql::kRow) data = read_.blob(0);
    read_.reset();
    it = blocks_.emplace(block, std::move(data)).first;
  }
  const std::size_t at = static_cast<std::size_t>(id % kFactsPerBlock) * kFactBytes;
  if (it->second.size() < at + kFactBytes) return std::nullopt;
  FactEntry f = decode_fact(it->second.data() + at);
  if (!f.present) return std::nullopt;
  return f;
}

std::optional<Error> forget_indexed_game(sql::Connection& db, std::int64_t id) {
  const std::string main = sql::schema_prefix(db, false);
  if (id <= 0 || !sql::table_exists(db, main, "position_games")) return std::nullopt;
  sql::Statement read = db.prepare("SELECT data FROM " + main + "position_games WHERE block = :block");
  if (!read.prepared()) return Error{"cannot read the position index: " + db.current_error()};
  read.bind(":block", id / kFactsPerBlock);
  if (read.step() != sql::kRow) return std::nullopt;  // not indexed yet
  std::string data(read.blob(0));
  read.reset();
  const std::size_t at = static_cast<std::size_t>(id % kFactsPerBlock) * kFactBytes;
  if (data.size() < at + kFactBytes) return std::nullopt;
  FactEntry f = decode_fact(data.data() + at);
  if (!f.present) return std::nullopt;
  f.present = false;
  encode_fact(f, data.data() + at);
  sql::Statement write = db.prepare("UPDATE " + main + "position_games SET data = :data WHERE block = :block");
  if (!write.prepared()) return Error{"cannot update the position index: " + db.current_error()};
  write.bind_blob(":data", data);
  write.bind(":block", id / kFactsPerBlock);
  if (!write.run() || db.exec("UPDATE " + main +
                              "position_meta SET value = CAST(CAST(value AS BIGINT) - 1 AS TEXT) WHERE key = 'games'"))
    return Error{"cannot update the position index: " + db.current_error()};
  return std::nullopt;
}

}  // namespace gibo::archive
