// Small readings of the loader: tag facts, stated counts, ply names, and the class of a
// stored result.
#include "stats_facts.h"

#include <charconv>

#include "gibo/formats/notation.h"
#include "gibo/record/fact_tags.h"

namespace gibo::stats {

std::optional<int> parse_count(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  int n = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size() || n < 0) return std::nullopt;
  return n;
}

std::string ply_name(Piece piece, Move m) {
  if (m.is_pass()) return "한수쉼";
  static constexpr const char* kLetters[kPieceTypeCount] = {"?", "장", "사", "상", "마", "차", "포", "졸"};
  const char* letter = kLetters[static_cast<int>(type_of(piece))];
  if (piece == Piece::None) letter = "?";
  else if (type_of(piece) == PieceType::Soldier && side_of(piece) == Side::Han) letter = "병";
  return janggi_square_name(m.from()) + letter + janggi_square_name(m.to());
}

void tag_facts(const std::vector<Tag>& tags, GameFacts& f) {
  auto value = [&](FactTag fact) {
    const std::string* v = fact_tag(tags, fact);
    return v ? *v : std::string();
  };
  f.event = value(FactTag::Event);
  f.site = value(FactTag::Site);
  f.date_text = value(FactTag::Date);
  f.round = value(FactTag::Round);
  f.date = parse_game_date(f.date_text);
  f.cho_player = value(FactTag::Cho);
  f.han_player = value(FactTag::Han);
  f.cho_name = player_name(f.cho_player);
  f.han_name = player_name(f.han_player);
  f.stated_plies = parse_count(value(FactTag::StatedPlies));
}

int result_class(const GameFacts& g) {
  if (!g.has_result) return 3;
  switch (g.result.winner) {
    case Winner::Cho: return 0;
    case Winner::Han: return 1;
    case Winner::Draw: return 2;
    default: return 3;
  }
}

}  // namespace gibo::stats
