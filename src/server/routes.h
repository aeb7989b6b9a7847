// The server's routes (internal to src/server): a request's target to a page.
#pragma once

#include <memory>
#include <string>

#include "gibo/server/server.h"

namespace gibo::server {

struct Reply {
  int status = 200;
  std::string content_type = "text/html; charset=utf-8";
  std::string body;
};

// What one connection's requests share: its own read-only connections to the archive.
class Site {
 public:
  // Opens the archive of `options` read-only. An Error when it cannot.
  static Expected<std::unique_ptr<Site>> open(const ServeOptions& options);
  ~Site();
  // The reply to GET `target` (path and query, as the request line has it).
  Reply get(const std::string& target);

 private:
  struct Impl;
  explicit Site(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gibo::server
