// The HTTP side of `gibo serve` (server.h): the listening socket, one thread per
// connection with its bounds, the watchdog that cuts slow requests off, and the clean
// stop on SIGINT/SIGTERM.
#include <sys/socket.h>
#include <sys/time.h>

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <limits>
#include <map>
#include <mutex>
#include <thread>

#include "gibo/report/i18n.h"
#include "gibo/server/server.h"
#include "routes.h"

namespace gibo::server {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr std::size_t kHeaderLimit = 8192;
constexpr int kMaxRequestsPerConnection = 100;
constexpr int kMaxConnections = 64;
constexpr auto kRequestTime = std::chrono::seconds(30);
constexpr int kSocketTimeoutSeconds = 10;

// The open connections: their sockets and the time by which their current request must
// be done. The watchdog shuts down a socket past its deadline; stop() all of them.
class Connections {
 public:
  // Registers a connection; false when there are too many.
  bool add(int fd) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ || static_cast<int>(open_.size()) >= kMaxConnections) return false;
    open_[fd] = std::chrono::steady_clock::now() + kRequestTime;
    return true;
  }
  void renew(int fd) {
    std::lock_guard<std::mutex> lock(mutex_);
    open_[fd] = std::chrono::steady_clock::now() + kRequestTime;
  }
  void remove(int fd) {
    std::lock_guard<std::mutex> lock(mutex_);
    open_.erase(fd);
    changed_.notify_all();
  }
  bool stopping() {
    std::lock_guard<std::mutex> lock(mutex_);
    return stopping_;
  }
  // Shuts down the sockets past their deadline; every one when stopping.
  void sweep() {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    for (const auto& [fd, deadline] : open_)
      if (stopping_ || deadline < now) ::shutdown(fd, SHUT_RDWR);
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    sweep();
  }
  // Waits until every connection has ended.
  void wait_empty() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return open_.empty(); });
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<int, std::chrono::steady_clock::time_point> open_;
  bool stopping_ = false;
};

// Headers every reply carries: no caching of a changing archive, no sniffing, and a
// policy that lets a page use only its own inline style, script and pictures.
template <class Response>
void common_headers(Response& res) {
  res.set(http::field::server, "gibo");
  res.set(http::field::cache_control, "no-store");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Content-Security-Policy",
          "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
          "form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
}

http::response<http::string_body> plain(http::status status, unsigned version, const std::string& text) {
  http::response<http::string_body> res{status, version};
  common_headers(res);
  res.set(http::field::content_type, "text/plain; charset=utf-8");
  res.body() = text;
  res.keep_alive(false);
  res.prepare_payload();
  return res;
}

// Serves one connection's requests, then closes it.
void serve_connection(tcp::socket socket, const std::shared_ptr<const Shared>& shared, Connections& connections) {
  const int fd = socket.native_handle();
  timeval tv{kSocketTimeoutSeconds, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  beast::error_code ec;
  std::unique_ptr<Site> site;
  beast::flat_buffer buffer(kHeaderLimit + 1024);
  for (int n = 0; n < kMaxRequestsPerConnection && !connections.stopping(); ++n) {
    connections.renew(fd);
    http::request_parser<http::string_body> parser;
    parser.header_limit(kHeaderLimit);
    // Only the header is read: a body is never taken in (below, 405 or 413), whatever its
    // announced length. (The largest limit, not boost::none: Boost 1.74's parser compares
    // a length with an empty limit as exceeding it.)
    parser.body_limit(std::numeric_limits<std::uint64_t>::max());
    http::read_header(socket, buffer, parser, ec);
    if (ec == http::error::end_of_stream || ec == net::error::eof || ec == net::error::connection_reset) break;
    if (ec) {
      if (ec == http::error::header_limit || ec == http::error::buffer_overflow)
        http::write(socket,
                    plain(http::status::request_header_fields_too_large, 11, i18n::translate("request too large") + "\n"), ec);
      else if (ec != net::error::timed_out && ec != net::error::would_block && ec != net::error::try_again &&
               ec != net::error::shut_down && ec != net::error::bad_descriptor)
        http::write(socket, plain(http::status::bad_request, 11, i18n::translate("bad request") + "\n"), ec);
      break;
    }
    const auto& req = parser.get();
    const bool head = req.method() == http::verb::head;
    if (req.method() != http::verb::get && !head) {
      auto res = plain(http::status::method_not_allowed, req.version(), i18n::translate("only GET and HEAD") + "\n");
      res.set(http::field::allow, "GET, HEAD");
      http::write(socket, res, ec);
      break;
    }
    if (!parser.is_done()) {  // a GET or HEAD with a body: refused unread, the connection closed
      http::write(socket, plain(http::status::payload_too_large, req.version(), i18n::translate("a request body is not accepted") + "\n"), ec);
      break;
    }
    const std::string target(req.target());
    Reply reply;
    if (target.empty() || target.front() != '/') {
      reply = Reply{400, "text/plain; charset=utf-8", i18n::translate("bad request target") + "\n"};
    } else {
      if (!site) {
        auto opened = Site::open(shared);
        if (!opened) {
          http::write(socket, plain(http::status::internal_server_error, req.version(), i18n::message(opened.error().message) + "\n"), ec);
          break;
        }
        site = std::move(*opened);
      }
      try {
        reply = site->get(target);
      } catch (const std::exception& e) {
        reply = Reply{500, "text/plain; charset=utf-8", i18n::format("internal error: {1}", {e.what()}) + "\n"};
      }
    }
    http::response<http::string_body> res{static_cast<http::status>(reply.status), req.version()};
    common_headers(res);
    res.set(http::field::content_type, reply.content_type);
    res.keep_alive(req.keep_alive() && n + 1 < kMaxRequestsPerConnection);
    res.body() = std::move(reply.body);
    res.prepare_payload();
    if (head) res.body().clear();
    if (head) {
      http::response_serializer<http::string_body> sr{res};
      http::write_header(socket, sr, ec);
    } else {
      http::write(socket, res, ec);
    }
    if (ec || !res.keep_alive()) break;
  }
  socket.shutdown(tcp::socket::shutdown_both, ec);
  socket.close(ec);
  connections.remove(fd);
}

}  // namespace

bool is_local_host(const std::string& host) {
  if (host == "localhost" || host == "::1") return true;
  beast::error_code ec;
  const auto address = net::ip::make_address(host, ec);
  return !ec && address.is_loopback();
}

std::optional<Error> serve(const ServeOptions& options, const std::function<void(const std::string&)>& listening) {
  // The archive must open before the socket does (a wrong path is the user's first error).
  // What the connections share (the reports, routes.cpp) is made once for them all, from
  // now on, and waited for before serve() returns.
  const std::shared_ptr<const Shared> shared = Site::share(options);
  auto first = Site::open(shared);
  if (!first) return first.error();
  net::io_context ioc;
  beast::error_code ec;
  const auto address = net::ip::make_address(options.host == "localhost" ? "127.0.0.1" : options.host, ec);
  if (ec) return Error{"--host " + options.host + ": not an IP address"};
  tcp::acceptor acceptor(ioc);
  const tcp::endpoint endpoint(address, options.port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return Error{"cannot listen on " + options.host + ":" + std::to_string(options.port) + ": " + ec.message()};

  Connections connections;
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](const beast::error_code&, int) {
    connections.stop();
    beast::error_code ignored;
    acceptor.close(ignored);
  });
  std::function<void()> accept = [&] {
    acceptor.async_accept([&](beast::error_code error, tcp::socket socket) {
      if (error) return;  // closed: stopping
      const int fd = socket.native_handle();
      if (!connections.add(fd)) {
        beast::error_code ignored;
        http::write(socket, plain(http::status::service_unavailable, 11, i18n::translate("too many connections") + "\n"), ignored);
        socket.close(ignored);
      } else {
        std::thread(serve_connection, std::move(socket), shared, std::ref(connections)).detach();
      }
      accept();
    });
  };
  accept();
  std::atomic<bool> done{false};
  std::thread watchdog([&] {
    while (!done) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      connections.sweep();
    }
  });
  const auto bound = acceptor.local_endpoint(ec);
  std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  if (listening) listening("http://" + host + ":" + std::to_string(bound.port()) + "/");
  ioc.run();
  connections.stop();
  connections.wait_empty();
  done = true;
  watchdog.join();
  return std::nullopt;
}

}  // namespace gibo::server
