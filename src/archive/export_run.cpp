// An export: the selection checked, the records loaded one at a time and written (export_run.h).
#include "gibo/archive/export_run.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "export_outputs.h"
#include "gibo/archive/stored_profile.h"

namespace gibo::archive {
namespace {

// --query must select records: every value of its first column (`ids`) the id of a game
// or of a copy of one (a text or a number that is neither stops the run).
std::optional<ExportFailure> check_query_ids(Archive& archive, const std::vector<std::int64_t>& ids) {
  if (ids.empty()) return std::nullopt;
  const auto [low, high] = std::minmax_element(ids.begin(), ids.end());
  const auto known = archive.select_games("id BETWEEN " + std::to_string(*low) + " AND " + std::to_string(*high));
  const auto copies = archive.copies();
  if (!known || !copies) return ExportFailure{known ? copies.error() : known.error()};
  std::unordered_set<std::int64_t> games(known->begin(), known->end());
  for (const Archive::GameCopy& c : *copies)
    if (c.id) games.insert(c.id);
  for (std::size_t row = 0; row < ids.size(); ++row)
    if (!games.count(ids[row]))
      return ExportFailure{Error{"--query must select game ids in its first column (games.id, tags.game_id, "
                                 "facts.id): row " +
                                 std::to_string(row + 1) + " gives " + std::to_string(ids[row]) +
                                 ", which is no game's id (a text reads as 0)"},
                           ExportFailure::Kind::NotGameIds};
  return std::nullopt;
}

// The ids `ids` with each game's copies (its other records kept) after it, in their order.
Expected<std::vector<std::int64_t>> with_copies(Archive& archive, const std::vector<std::int64_t>& ids) {
  const auto copies = archive.copies();
  if (!copies) return copies.error();
  std::unordered_map<std::int64_t, std::vector<std::int64_t>> of;
  for (const Archive::GameCopy& c : *copies)
    if (c.id) of[c.game_id].push_back(c.id);
  std::vector<std::int64_t> out;
  for (std::int64_t id : ids) {
    out.push_back(id);
    if (const auto it = of.find(id); it != of.end()) out.insert(out.end(), it->second.begin(), it->second.end());
  }
  return out;
}

}  // namespace

ExportRun::ExportRun(Archive& archive, ExportSettings settings, const ProtectedFiles& protect, std::ostream& stream)
    : archive_(archive), settings_(std::move(settings)), protect_(protect), stream_(stream) {}

ExportRun::~ExportRun() = default;

std::optional<ExportFailure> ExportRun::select() {
  // The openings the writers name ([Opening], JSON's "opening"): the archive's book names
  // them, as it named the games it stores.
  auto book = archive_.opening_book();
  if (!book) return ExportFailure{Error{archive_name(settings_.db) + ": " + book.error().message}};
  book_ = std::move(*book);
  settings_.write.openings = book_.get();
  const bool query = !settings_.query.empty();
  const auto ids = query ? archive_.select_query(settings_.query) : archive_.select_games(settings_.where);
  if (!ids)
    return ExportFailure{Error{(query ? "--query: " : "--where: ") + ids.error().message}, ExportFailure::Kind::Usage};
  if (query)
    if (auto failure = check_query_ids(archive_, *ids)) return failure;
  auto records = settings_.copies ? with_copies(archive_, *ids) : ids;
  if (!records) return ExportFailure{records.error()};
  records_ = std::move(*records);
  outputs_ = std::make_unique<Outputs>(settings_.output, settings_.write, protect_, stream_);
  return std::nullopt;
}

std::optional<ExportFailure> ExportRun::write(const OnLoss& on_loss) {
  if (!outputs_) return ExportFailure{Error{"nothing selected"}};
  for (std::int64_t id : records_) {
    std::string profile_id;
    Expected<Game> game = archive_.load_game(id, &profile_id);
    if (!game) return ExportFailure{game.error()};
    const auto writer = outputs_->writer(game->source.file);
    if (!writer) return writer.error();
    // The profile the game was validated under replays a record that names none as the
    // import did.
    const WriteLoss loss = (*writer)->write(*game, &stored_profile(profile_id, *game, default_profile()));
    if (on_loss) on_loss(*game, loss);
    cut_ += loss.cut_short;
    ++written_;
  }
  return std::nullopt;
}

long ExportRun::finish_stream() { return outputs_ ? outputs_->finish_stream() : 0; }

std::vector<FailedOutput> ExportRun::close_files() { return outputs_ ? outputs_->close_files() : std::vector<FailedOutput>{}; }

}  // namespace gibo::archive
