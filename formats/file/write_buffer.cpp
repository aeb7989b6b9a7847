// A stream buffer over a file descriptor that remembers the first write error (output_file.h).
#include <unistd.h>

#include <cerrno>

#include "gibo/formats/output_file.h"

namespace gibo {

void WriteBuffer::make_visible(bool on) {
  if (on && !visible_) visible_.emplace();
  if (!on) visible_.reset();
}

bool WriteBuffer::drain() {
  std::string shown;
  if (visible_) shown = visible_->feed(std::string_view(pbase(), static_cast<std::size_t>(pptr() - pbase())));
  const bool ok = write_all(visible_ ? shown.data() : pbase(),
                            visible_ ? shown.size() : static_cast<std::size_t>(pptr() - pbase()));
  setp(data_, data_ + sizeof data_);
  return ok;
}

bool WriteBuffer::close() {
  if (fd_ < 0) return error_ == 0;
  drain();
  if (visible_) {
    const std::string rest = visible_->finish();
    write_all(rest.data(), rest.size());
  }
  if (owned_ && ::close(fd_) != 0 && error_ == 0) error_ = errno;
  fd_ = -1;
  return error_ == 0;
}

WriteBuffer::int_type WriteBuffer::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

bool WriteBuffer::write_all(const char* p, std::size_t left) {
  while (left > 0 && error_ == 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = n < 0 ? errno : EIO;
      break;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return error_ == 0;
}

}  // namespace gibo
