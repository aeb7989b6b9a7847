// An independent count of the positions in a folder of game files, for checking the
// position index, `gibo explore` and `gibo search`: the files are read with the formats
// layer, each game replayed under its profile, and its positions walked with Position,
// identified by the FEN's placement and side-to-move fields (not by a hash, and not
// through the archive).
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "gibo/formats/detect.h"
#include "gibo/record/game_date.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"

namespace gibo::testing {

struct CorpusGame {
  std::string file;  // file name only
  int index = 0;     // 0-based rank in the file
  int plies = 0;
  Winner winner = Winner::Unknown;  // Cho, Han, Draw; Unknown for void, unknown or none
  std::optional<int> year;          // of its 대국일자 tag
};

// One game's first visit of a position.
struct Occurrence {
  std::size_t game = 0;  // index into CorpusPositions::games
  int ply = 0;
  std::string next;  // UCI of the move played there, "end" (the record ends) or "broken"
};

struct CorpusPositions {
  std::vector<CorpusGame> games;
  std::map<std::string, std::vector<Occurrence>> at;  // placement + side -> visits
};

// The placement and side-to-move fields of a position's FEN.
inline std::string placement_key(const Position& pos) {
  const std::string fen = pos.fen();
  const std::size_t blank = fen.find(' ', fen.find(' ') + 1);
  return fen.substr(0, blank);
}

// Reads every file directly in `dir` (sorted by name) and walks every game.
inline CorpusPositions corpus_positions(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".gib") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  CorpusPositions out;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ReadOptions options;
    options.file_name = f.string();
    ReadInfo info;
    int index = 0;
    read_games(bytes, options, info, [&](Game&& g) {
      replay_under_profile(g, default_profile());
      const LegalityRules rules = game_legality_rules(g, default_profile());
      CorpusGame c;
      c.file = f.filename().string();
      c.index = index++;
      c.plies = static_cast<int>(g.plies.size());
      if (const std::string* date = g.tag("대국일자")) c.year = parse_game_date(*date).year;
      if (g.has_result) {
        const Winner w = normalize_result(g.result_text).winner;
        if (w == Winner::Cho || w == Winner::Han || w == Winner::Draw) c.winner = w;
      }
      const std::size_t id = out.games.size();
      out.games.push_back(c);
      Position pos;
      if (start_position(g, rules, pos)) return;
      std::set<std::string> seen;
      const int valid = std::min(g.valid_plies, c.plies);
      for (int ply = 0;; ++ply) {
        const std::string key = placement_key(pos);
        std::string next = ply < valid ? uci(g.plies[ply].move) : ply == c.plies ? "end" : "broken";
        if (seen.insert(key).second) out.at[key].push_back({id, ply, next});
        if (ply >= valid) break;
        pos.do_move(g.plies[ply].move);
      }
    });
  }
  return out;
}

}  // namespace gibo::testing
