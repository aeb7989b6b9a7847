// `gibo serve`: an archive as a local web application (Boost.Beast over HTTP/1.1). The
// pages are report/pages.h's; the routes are theirs (src/cli/help/serve.md).
//
// Policies (enforced here):
// * The archive is opened read-only and never written (a missing or outdated position
//   index is built in memory, per connection).
// * Only the routes are served: no file path, no directory listing; anything else is 404,
//   a method other than GET or HEAD 405.
// * Requests are bounded: headers 8 KiB, no body, 30 s a request (a slow client is cut
//   off), 100 requests a connection, 64 connections at once (more get 503).
// * Connections are served concurrently, one thread each; SIGINT and SIGTERM stop the
//   server cleanly: no new connection, open ones closed, serve() returns.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "gibo/core/expected.h"
#include "gibo/report/diagram.h"
#include "gibo/report/ratings.h"

namespace gibo::server {

struct ServeOptions {
  std::string db;
  std::string host = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port
  DiagramOptions::Letters letters = DiagramOptions::Letters::Hanja;
  // The ratings of the players' pages, as `gibo stats` takes them (--min-games, --rating-prior).
  int min_games = ratings::FitOptions{}.min_games;
  double rating_prior = ratings::FitOptions{}.prior;
};

// Is `host` a loopback address (127.0.0.0/8, ::1, localhost)?
bool is_local_host(const std::string& host);

// Serves until SIGINT or SIGTERM. `listening(url)` is called once the socket accepts
// ("http://127.0.0.1:8080/"). An Error when the archive cannot be opened or the address
// cannot be bound.
std::optional<Error> serve(const ServeOptions& options, const std::function<void(const std::string&)>& listening);

}  // namespace gibo::server
