// The games of real events (tests/data/events and the corpus) for the ratings and
// crosstable tests: each game's two players numbered by identity in order of appearance
// (the built-in alias table, no site) and its stored result. Each event is named here once,
// with the files and games it is made of.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "../test_data.h"
#include "gibo/formats/game_reader.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/fact_tags.h"
#include "gibo/record/name_aliases.h"
#include "gibo/record/player_identity.h"

namespace gibo::testing {

struct EventRecords {
  struct Game {
    std::uint32_t cho = 0, han = 0;
    NormalizedResult result;
    std::string round;  // 회전, verbatim ("" when absent)
    std::string event;  // 대회명, verbatim
  };
  std::vector<std::string> names;  // by player number
  std::vector<Game> games;
};

// The games of `paths` that `keep` accepts (every game without it).
inline EventRecords read_event_records(const std::vector<std::string>& paths,
                                       const std::function<bool(const std::vector<Tag>&)>& keep = {}) {
  EventRecords e;
  std::map<std::string, std::uint32_t> number;
  for (const std::string& path : paths) {
    auto reader = GameReader::open(path);
    EXPECT_TRUE(reader) << path;
    if (!reader) continue;
    while (auto g = reader->next()) {
      if (keep && !keep(g->tags)) continue;
      std::uint32_t side[2];
      for (int s = 0; s < 2; ++s) {
        const std::string* tag = fact_tag(g->tags, s == 0 ? FactTag::Cho : FactTag::Han);
        const PlayerIdentity id = identify_player(tag ? *tag : "", "", NameAliases::builtin());
        auto [it, fresh] = number.try_emplace(id.key, static_cast<std::uint32_t>(e.names.size()));
        if (fresh) e.names.push_back(id.display);
        side[s] = it->second;
      }
      const std::string* round = fact_tag(g->tags, FactTag::Round);
      const std::string* event = fact_tag(g->tags, FactTag::Event);
      e.games.push_back({side[0], side[1], normalize_result(g->result_text), round ? *round : "", event ? *event : ""});
    }
  }
  return e;
}

// The double round robin of the 1st 한게임 장기챔피언스리그 (42 games among seven pros): the
// semifinal and the final left out (rounds 준결승전, and the event spelt 챔피언스리그).
inline bool champions_league_game(const std::vector<Tag>& tags) {
  const std::string* round = fact_tag(tags, FactTag::Round);
  const std::string* event = fact_tag(tags, FactTag::Event);
  return !(round && round->find("준결승") != std::string::npos) && !(event && *event == "챔피언스리그");
}
inline EventRecords champions_league() {
  return read_event_records({kData + "/events/pobsiz_hangame_cl1_tags.gib"}, champions_league_game);
}

// The main league of the 1st 대장군전 as recorded: 8 of its 10 games, in two files.
inline EventRecords daejanggun_main_league() {
  return read_event_records(
      {kCorpus + "/pobsiz_daejanggun_g000.gib", kData + "/events/pobsiz_daejanggun1_main_league.gib"});
}

// The 3rd KBS 장기왕전 (2002-07-28 to 2003-07-20), the whole record: a knockout of 48 players
// in four rounds, a semifinal of three (each against each) and a final of two games.
inline EventRecords kbs3_knockout() { return read_event_records({kData + "/events/pobsiz_kbs3_knockout.gib"}); }

// The main league (본선리그, four players each against each) and the final (결승전, a match
// of three games) of the 1st 친선대회 (2016), as its record files them: two event names.
inline EventRecords friendly1(const std::string& event) {
  return read_event_records({kData + "/events/pobsiz_friendly1_league_final.gib"}, [&](const std::vector<Tag>& tags) {
    const std::string* e = fact_tag(tags, FactTag::Event);
    return e && *e == event;
  });
}

}  // namespace gibo::testing
