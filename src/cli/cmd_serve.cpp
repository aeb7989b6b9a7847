// gibo serve: the archive as a local web application (gibo/server/server.h): the
// set-ups, the explorer, the games reaching a position, the game viewer, the statistics.
#include <iostream>

#include "archive_input.h"
#include "command.h"
#include "gibo/report/i18n.h"
#include "gibo/server/server.h"
#include "common_options.h"

namespace gibo::cli {

int run_serve(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo serve [OPTIONS] --db FILE";
  po::options_description opts("options");
  server::ServeOptions o;
  std::string letters = "hanja";
  const SharedOptions shared{.db = &o.db, .db_note = "; opened read-only", .min_games = &o.min_games,
                             .rating_prior = &o.rating_prior};
  add_shared_options(opts, shared);
  opts.add_options()(
      "host", po::value(&o.host)->default_value("127.0.0.1"), "the address to listen on (a non-local one is warned about)")(
      "port", po::value(&o.port)->default_value(8080), "the port (0: any free port; the address is printed)")(
      "letters", po::value(&letters), "piece letters on the boards: hanja (default), hangul, mixed or latin");
  po::variables_map vm;
  if (const auto rc = parse_command_line("serve", synopsis, args, opts, po::positional_options_description(), vm))
    return *rc;
  if (o.db.empty()) return usage_error("serve", "--db FILE is required (an archive written by gibo import)");
  if (const auto e = shared.rating_error()) return usage_error("serve", *e);
  if (const auto refused = refuse_unreadable_archive(o.db)) return *refused;
  const auto l = parse_letters(letters);
  if (!l) return usage_error("serve", "--letters must be hanja, hangul, mixed or latin");
  o.letters = *l;
  if (!server::is_local_host(o.host))
    std::cerr << "gibo serve: "
              << i18n::format("warning: listening on {1}, not a local address: anyone who can reach this machine can "
                              "read the archive",
                              {o.host})
              << "\n";
  const auto failed = server::serve(o, [](const std::string& url) {
    std::cout << "gibo serve: " << i18n::format("listening on {1} (Ctrl-C stops)", {url}) << std::endl;
  });
  if (failed) {
    std::cerr << "gibo serve: " << i18n::message(failed->message) << "\n";
    return kExitIo;
  }
  std::cout << "gibo serve: " << i18n::translate("stopped") << std::endl;
  return kExitOk;
}

}  // namespace gibo::cli
