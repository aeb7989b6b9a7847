// Speaking to a `gibo serve` process over real sockets, for the cli tests: one request a
// connection, and the server started in the background on a free port.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <regex>
#include <string>
#include <thread>

#include "run_gibo.h"

namespace gibo::testing {

struct Reply {
  int status = 0;
  std::string head, body;
};

// One request on a fresh connection (10 s timeouts); `raw` is sent as it is.
inline Reply request(int port, const std::string& raw) {
  Reply r;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  timeval tv{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return r;
  }
  ::send(fd, raw.data(), raw.size(), MSG_NOSIGNAL);
  std::string all;
  char buffer[65536];
  for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) all.append(buffer, static_cast<std::size_t>(n));
  ::close(fd);
  const std::size_t end = all.find("\r\n\r\n");
  r.head = all.substr(0, end);
  if (end != std::string::npos) r.body = all.substr(end + 4);
  if (all.rfind("HTTP/1.1 ", 0) == 0) r.status = std::atoi(all.c_str() + 9);
  return r;
}

// `text` percent-encoded for a query value (every byte but unreserved ASCII).
inline std::string pages_encode(const std::string& text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') out += static_cast<char>(c);
    else out += std::string("%") + kHex[c >> 4] + kHex[c & 15];
  }
  return out;
}

inline Reply get(int port, const std::string& target) {
  return request(port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
}

// Starts `gibo ARGS serve --db DB --port 0` in the background, its output in OUT and ERR;
// its process id in `pid`, and the port it listens on (0 if it did not say in 5 s).
inline int start_server(const std::string& args, const std::string& db, const std::string& out, const std::string& err,
                 int& pid) {
  const std::string cmd = shell_quote(GIBO_BINARY) + args + " serve --db " + shell_quote(db) + " --port 0 > " +
                          shell_quote(out) + " 2> " + shell_quote(err) + " & echo $!";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return 0;
  if (std::fscanf(p, "%d", &pid) != 1) pid = 0;
  ::pclose(p);
  for (int i = 0; i < 100 && pid > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::smatch m;
    const std::string text = slurp(out);
    if (std::regex_search(text, m, std::regex("http://127\\.0\\.0\\.1:([0-9]+)/"))) return std::stoi(m[1]);
  }
  return 0;
}

}  // namespace gibo::testing
