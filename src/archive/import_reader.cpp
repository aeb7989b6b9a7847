// The import's workers (import_reader.h).
#include "import_reader.h"

#include <algorithm>

#include "gibo/archive/sha256.h"
#include "gibo/formats/file_bytes.h"
#include "gibo/record/replay.h"

namespace gibo::archive {

FileReader::FileReader(const ImportOptions& options, const std::unordered_map<std::string, SourceState>& known,
                       std::shared_ptr<const OpeningBook> book, bool index, Handoff& handoff)
    : options_(options),
      fallback_(options.fallback ? options.fallback : &default_profile()),
      known_(known),
      book_(std::move(book)),
      index_(index),
      handoff_(handoff) {}

void FileReader::work() {
  while (const auto i = handoff_.next_file())
    if (!read_file(*i)) return;
}

bool FileReader::read_file(std::size_t i) {
  Slot& slot = handoff_.slot(i);
  Expected<FileBytes> file = read_file_bytes(slot.path);
  if (!file) {
    handoff_.close(slot, [&] {
      slot.unreadable = true;
      slot.io_error = file.error().message;
    });
    return true;
  }
  const std::string_view bytes = file->view();
  SourceInfo info;
  info.path = slot.path;
  info.size = bytes.size();
  info.content_hash = sha256_hex(bytes);
  int skip = 0;
  std::vector<int> restore;
  if (auto it = known_.find(info.content_hash); it != known_.end()) {
    if (it->second.complete && it->second.unkept_copies.empty()) {  // imported whole before: not parsed
      handoff_.close(slot, [&] {
        slot.info = std::move(info);
        slot.known_complete = true;
      });
      return true;
    }
    if (it->second.complete) restore = it->second.unkept_copies;
    else skip = it->second.games_done;
  }
  const Format format = detect_format(bytes);
  info.format = std::string(format_name(format));
  return prepare_games(slot, bytes, format, info, skip, restore);
}

bool FileReader::prepare_games(Slot& slot, std::string_view bytes, Format format, const SourceInfo& info, int skip,
                               const std::vector<int>& restore) {
  FileProgress file;
  file.chunk.games.reserve(kGamesPerChunk);
  ReadOptions read_options;
  read_options.format = format;
  read_options.encoding = options_.encoding;
  read_options.file_name = slot.path;
  read_options.profile = fallback_;
  read_games(bytes, read_options, file.read_info, [&](Game&& g) {
    // The game's index is its rank in this file (readers of formats that carry an origin,
    // like JSON, report the original file's index).
    g.source.game_index = file.ordinal++;
    if (file.aborted || g.source.game_index < skip) return;  // an earlier run handled it
    if (!restore.empty() && !std::binary_search(restore.begin(), restore.end(), g.source.game_index))
      return;  // stored by the import that left the others
    ReplayOptions replay_options;
    replay_options.strict_annotations = options_.strict_annotations;
    // Where the replay ends holds the key of every position on the way: the index rows
    // come from it.
    thread_local Position replayed;
    const Profile& profile = replay_under_profile(g, *fallback_, replay_options, index_ ? &replayed : nullptr);
    file.chunk.games.push_back(prepare_game(std::move(g), profile, nullptr, book_.get()));
    if (index_) file.chunk.rows.add(file.chunk.games.back(), &replayed);
    if (file.chunk.games.size() >= kGamesPerChunk) handoff_.deliver(slot, info, skip, file, false);
  });
  if (file.aborted) return false;
  handoff_.deliver(slot, info, skip, file, true);
  return !file.aborted;
}

}  // namespace gibo::archive
