// GameReader: games one at a time from a mapped file, a stream or a buffer, read (and
// replayed) by a thread of its own a bounded number of games ahead (gibo/formats/game_reader.h).
#include "gibo/formats/game_reader.h"
#include "gibo/formats/file_bytes.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <iterator>
#include <mutex>
#include <system_error>
#include <thread>

namespace gibo {

struct GameReader::Impl {
  GameReaderOptions options;
  std::string owned;           // from_bytes, from_stream, a file that cannot be mapped
  void* map = nullptr;         // a mapped file
  std::size_t map_size = 0;
  std::string_view bytes;      // what is read: owned, the mapping or the caller's view

  std::mutex mutex;
  std::condition_variable can_take, can_put;
  std::deque<Game> queue;
  bool done = false;
  std::atomic<bool> stop{false};
  ReadInfo info;               // under `mutex`; complete when done
  std::thread thread;

  const Profile& fallback() const { return options.fallback ? *options.fallback : default_profile(); }

  ~Impl() {
    {
      std::lock_guard lock(mutex);
      stop = true;
    }
    can_put.notify_all();
    if (thread.joinable()) thread.join();
    if (map) ::munmap(map, map_size);
  }

  void start() {
    if (!options.read.profile) options.read.profile = &fallback();
    if (options.read_ahead == 0) options.read_ahead = 1;
    thread = std::thread([this] { run(); });
  }

  void run() {
    ReadInfo local;
    try {
      read_games(bytes, options.read, local, [&](Game&& game) {
        if (stop) return;
        if (options.replay) replay_under_profile(game, fallback(), options.replay_options);
        std::unique_lock lock(mutex);
        can_put.wait(lock, [&] { return stop || queue.size() < options.read_ahead; });
        if (stop) return;
        queue.push_back(std::move(game));
        lock.unlock();
        can_take.notify_one();
      });
    } catch (const std::exception& e) {  // exhausted memory: reported, not a crash of the caller
      Diagnostic d;
      d.code = "internal-error";
      d.file = options.read.file_name;
      d.message = std::string("reading stopped: ") + e.what();
      local.diagnostics.push_back(std::move(d));
    }
    {
      std::lock_guard lock(mutex);
      info = std::move(local);
      done = true;
    }
    can_take.notify_all();
  }
};

namespace {

// "no such file or directory": the system's message, lower case as gibo writes them.
std::string system_message(int error) {
  std::string m = std::generic_category().message(error);
  if (!m.empty() && m[0] >= 'A' && m[0] <= 'Z') m[0] = static_cast<char>(m[0] - 'A' + 'a');
  return m;
}

}  // namespace

GameReader::GameReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) { impl_->start(); }
GameReader::GameReader(GameReader&&) noexcept = default;
GameReader& GameReader::operator=(GameReader&&) noexcept = default;
GameReader::~GameReader() = default;

GameReader GameReader::from_bytes(std::string bytes, GameReaderOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->options = std::move(options);
  impl->owned = std::move(bytes);
  impl->bytes = impl->owned;
  return GameReader(std::move(impl));
}

GameReader GameReader::from_view(std::string_view bytes, GameReaderOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->options = std::move(options);
  impl->bytes = bytes;
  return GameReader(std::move(impl));
}

Expected<GameReader> GameReader::from_stream(std::istream& in, GameReaderOptions options) {
  std::string bytes(std::istreambuf_iterator<char>(in), {});
  if (in.bad()) return Error{(options.read.file_name.empty() ? "stream" : options.read.file_name) + ": read error"};
  return from_bytes(std::move(bytes), std::move(options));
}

Expected<GameReader> GameReader::open(const std::string& path, GameReaderOptions options) {
  if (options.read.file_name.empty()) options.read.file_name = path;
  if (path == "-") {
    Expected<FileBytes> bytes = read_file_bytes(path);
    if (!bytes) return Error{options.read.file_name + ": " + bytes.error().message};
    return from_bytes(std::string(bytes->view()), std::move(options));
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{path + ": " + system_message(errno)};
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int error = errno;
    ::close(fd);
    return Error{path + ": " + system_message(error)};
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return Error{path + ": is a directory, not a game file"};
  }
  auto impl = std::make_unique<Impl>();
  impl->options = std::move(options);
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    void* map = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (map != MAP_FAILED) {
      ::madvise(map, static_cast<std::size_t>(st.st_size), MADV_SEQUENTIAL);
      impl->map = map;
      impl->map_size = static_cast<std::size_t>(st.st_size);
      impl->bytes = std::string_view(static_cast<const char*>(map), impl->map_size);
      ::close(fd);
      return GameReader(std::move(impl));
    }
  }
  // A pipe, a device, or a file that cannot be mapped: read it whole, as every command
  // reads (read_open_file: up to the size limit of a game file).
  Expected<FileBytes> bytes = read_open_file(fd, path, -1, FileKind::GameFile);
  ::close(fd);
  if (!bytes) return Error{path + ": " + bytes.error().message};
  impl->owned.assign(bytes->data.get(), bytes->size);
  impl->bytes = impl->owned;
  return GameReader(std::move(impl));
}

std::optional<Game> GameReader::next() {
  std::unique_lock lock(impl_->mutex);
  impl_->can_take.wait(lock, [&] { return impl_->done || !impl_->queue.empty(); });
  if (impl_->queue.empty()) return std::nullopt;
  Game game = std::move(impl_->queue.front());
  impl_->queue.pop_front();
  lock.unlock();
  impl_->can_put.notify_one();
  return game;
}

ReadInfo GameReader::info() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->info;
}

const Profile& GameReader::profile_of(const Game& game) const { return game_profile(game, impl_->fallback()); }

}  // namespace gibo
