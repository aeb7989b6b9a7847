// gibo_summary: a small program on libgibo. Reads every game of a file in any format,
// replays it under its rules profile, prints what the board says at its end (position,
// legal moves, check), its diagnostics and its verdict beside the stored result, writes
// the first game as a UCI move list, and, given an archive, counts the games a --where
// expression selects there.
//
//   usage: gibo_summary FILE [ARCHIVE [WHERE]]
#include <iostream>
#include <sstream>

#include "gibo/gibo.h"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    std::cerr << "usage: gibo_summary FILE [ARCHIVE [WHERE]]\n";
    return 2;
  }
  std::cout << "libgibo " << gibo::version().number << "\n";

  // Read: any format, told from the content; each game replayed as `gibo validate` does.
  auto reader = gibo::GameReader::open(argv[1]);
  if (!reader) {
    std::cerr << reader.error().message << "\n";
    return 3;
  }
  long games = 0, plies = 0, valid = 0;
  std::ostringstream first_game;
  while (std::optional<gibo::Game> game = reader->next()) {
    ++games;
    plies += static_cast<long>(game->plies.size());
    if (!game->has_errors()) ++valid;
    for (const gibo::Diagnostic& d : game->diagnostics) std::cout << gibo::format_diagnostic(d) << "\n";

    // Replay again to the end to look at the board: the profile the reader used, the
    // position after the valid plies, its legal moves and whether the side to move is in check.
    const gibo::Profile& profile = reader->profile_of(*game);
    gibo::Game copy = *game;
    gibo::Position end;
    gibo::replay_under_profile(copy, profile, {}, &end);
    gibo::MoveList legal;
    end.legal_moves(legal);

    // Adjudicate: the ending the board shows beside the stored result (never rewritten).
    gibo::Game judged = *game;
    const gibo::Rescore r = gibo::rescore_game(judged, profile, false);
    std::cout << "game " << games << ": " << game->plies.size() << " plies, " << game->valid_plies
              << " valid, profile " << profile.id << ", stored \"" << game->result_text << "\", "
              << gibo::verdict_name(r.verdict.kind) << ", end " << end.fen() << ", " << legal.size()
              << " legal moves" << (end.in_check() ? ", in check" : "") << "\n";

    // Write: any format gibo writes; here the first game as a UCI move list.
    if (games == 1) {
      gibo::WriteOptions w;
      w.format = gibo::Format::Uci;
      gibo::GameWriter writer(first_game, w);
      writer.write(*game, &profile);
      writer.finish();
    }
  }
  const gibo::ReadInfo info = reader->info();
  for (const gibo::Diagnostic& d : info.diagnostics) std::cout << gibo::format_diagnostic(d) << "\n";
  std::cout << "format " << gibo::format_name(info.format) << ", first game as UCI: " << first_game.str();
  std::cout << "summary: " << games << " games, " << plies << " plies, " << valid << " valid, " << games - valid
            << " rejected\n";

  // Query an archive made by `gibo import`: the ids a --where expression selects.
  if (argc >= 3) {
    auto archive = gibo::archive::Archive::open(argv[2], gibo::archive::OpenMode::ReadOnly);
    if (!archive) {
      std::cerr << archive.error().message << "\n";
      return 3;
    }
    auto ids = (*archive)->select_games(argc == 4 ? argv[3] : "1");
    if (!ids) {
      std::cerr << ids.error().message << "\n";
      return 2;
    }
    std::cout << "archive: " << (*archive)->game_count() << " games, " << ids->size() << " selected\n";
    if (!ids->empty()) {
      auto game = (*archive)->load_game(ids->front());
      if (game) std::cout << "first selected: " << game->source.file << ", " << game->plies.size() << " plies\n";
    }
  }
  return valid == games ? 0 : 1;
}
