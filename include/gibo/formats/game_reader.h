// Reading games one at a time from a path, a stream or a buffer, in any format gibo reads
// (formats/detect/README.md; read_games is the one reader underneath), each optionally
// replayed under its rules profile exactly as `gibo validate` replays it. The library's
// entry point for programs (README "Using the library"):
//
//   gibo::GameReaderOptions options;                 // detect the format, replay each game
//   auto reader = gibo::GameReader::open("games.gib", options);
//   if (!reader) { std::cerr << reader.error().message << "\n"; return 1; }
//   while (std::optional<gibo::Game> game = reader->next())
//     std::cout << game->plies.size() << " plies, " << game->diagnostics.size() << " diagnostics\n";
//   // reader->info(): format, encoding, file-level diagnostics (complete at the end)
//
// A path is memory-mapped, not copied: memory holds the mapping's resident pages (the
// kernel drops them as reading moves on) and the games read ahead, whatever the size of
// the file. A reading thread reads (and replays) up to `read_ahead` games ahead of
// next(); games come in file order. Broken games are delivered with their diagnostics,
// never dropped (bad input is data: gibo/record/diagnostic.h).
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/formats/detect.h"
#include "gibo/record/game.h"
#include "gibo/record/replay.h"

namespace gibo {

struct GameReaderOptions {
  // Format (Unknown: told from the content), encoding, the file name used in diagnostics
  // (open() sets it to the path when empty), the profile resolving PGN/UCI moves.
  ReadOptions read;
  // Replay every game under its own profile (replay_under_profile: the record's
  // [규칙]/[Ruleset], else `fallback`), adding the replay's diagnostics and valid_plies.
  bool replay = true;
  const Profile* fallback = nullptr;  // nullptr: default_profile() (janggi-gg)
  ReplayOptions replay_options;       // strict_annotations: `--strict`
  std::size_t read_ahead = 64;        // games the reading thread may hold ahead of next()
};

class GameReader {
 public:
  // Opens `path` ("-": standard input, read whole) and starts reading. An Error
  // ("PATH: no such file or directory", "PATH: is a directory, not a game file", ...)
  // when it cannot be read.
  static Expected<GameReader> open(const std::string& path, GameReaderOptions options = {});
  // Reads `in` to its end (a stream cannot be mapped), then reads its games. An Error when
  // the stream fails before its end.
  static Expected<GameReader> from_stream(std::istream& in, GameReaderOptions options = {});
  // Reads the games of `bytes` (the reader keeps the string).
  static GameReader from_bytes(std::string bytes, GameReaderOptions options = {});
  // Reads the games of a buffer the caller keeps alive and unchanged until the reader is
  // destroyed (no copy).
  static GameReader from_view(std::string_view bytes, GameReaderOptions options = {});

  GameReader(GameReader&&) noexcept;
  GameReader& operator=(GameReader&&) noexcept;
  // Stops the reading thread (a file read halfway is read to its end, the games dropped).
  ~GameReader();

  // The next game in file order; nullopt after the last one. A game is delivered once;
  // with replay, its diagnostics include the replay's and `replayed` is set.
  std::optional<Game> next();
  // What was learnt about the file: format, encoding, BOM, filler, file-level diagnostics
  // (unknown-format, empty-file, undecodable bytes, …) and the number of games. Complete
  // once next() has returned nullopt; before that, what is known so far (may be empty).
  ReadInfo info() const;
  // The profile `game` replays under with these options (the record's, else the
  // fallback): the one next() replayed it with.
  const Profile& profile_of(const Game& game) const;

  struct Impl;

 private:
  explicit GameReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gibo
