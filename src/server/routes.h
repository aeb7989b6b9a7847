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

// What every connection to one served archive shares: its options and its reports (routes.cpp),
// made once, in the background, from share() on. Two archives served in one process have
// one each; nothing is kept in globals.
struct Shared;

// What one connection's requests share: its own read-only connections to the archive.
class Site {
 public:
  // Starts what the connections to the archive of `options` share.
  static std::shared_ptr<const Shared> share(const ServeOptions& options);
  // Opens the archive of `shared` read-only. An Error when it cannot.
  static Expected<std::unique_ptr<Site>> open(std::shared_ptr<const Shared> shared);
  // The same with a Shared of its own (one connection, as the tests open one).
  static Expected<std::unique_ptr<Site>> open(const ServeOptions& options) { return open(share(options)); }
  ~Site();
  // The reply to GET `target` (path and query, as the request line has it).
  Reply get(const std::string& target);

 private:
  struct Impl;
  explicit Site(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gibo::server
