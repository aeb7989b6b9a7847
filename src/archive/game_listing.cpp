// Stored games as listings name them (game_listing.h).
#include "game_listing.h"

#include "gibo/archive/codec.h"
#include "gibo/record/fact_tags.h"

#include "position_facts.h"

namespace gibo::archive {

Expected<std::vector<GameListing>> describe_games(sql::Connection& db, const std::string& main,
                                                  const std::vector<std::int64_t>& ids) {
  sql::Statement s = db.prepare("SELECT s.path, g.game_index, g.plies, g.tags_json, g.result_text, g.result_winner FROM " +
                                main + "games AS g JOIN " + main + "sources AS s ON s.id = g.source_id WHERE g.id = :id");
  if (!s.prepared()) return Error{"cannot read games: " + db.current_error()};
  std::vector<GameListing> out;
  out.reserve(ids.size());
  for (std::int64_t id : ids) {
    s.bind(":id", id);
    if (s.step() != sql::kRow) return Error{"no game with id " + std::to_string(id)};
    GameListing g;
    g.id = id;
    g.file = s.text(0);
    g.index = s.integer(1);
    g.plies = s.integer(2);
    if (auto tags = decode_tags(s.text(3))) {
      // The names prepare_game reads the players from, and the date the facts use.
      for (auto [fact, value] : {std::pair{FactTag::Cho, &g.cho}, std::pair{FactTag::Han, &g.han},
                                 std::pair{FactTag::Date, &g.date}})
        if (const std::string* v = fact_tag(*tags, fact)) *value = *v;
    }
    g.result = s.optional_text(4);
    g.winner = g.result ? winner_from_name(s.text(5)) : Winner::Unknown;
    s.reset();
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace gibo::archive
