// The message catalogue (i18n.h): Boost.Locale's gettext catalogues.
#include "gibo/report/i18n.h"

#include <boost/locale.hpp>
#include <cstdlib>
#include <locale>
#include <sstream>

namespace gibo::i18n {

namespace {

std::string chosen = "en";
std::locale catalogue;  // the chosen language's locale, with its messages
bool ready = false;

}  // namespace

std::string requested_language(std::string_view option) {
  std::string value(option);
  if (value.empty())
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
      const char* v = std::getenv(name);
      if (v && *v) {
        value = v;
        break;
      }
    }
  return value.rfind("ko", 0) == 0 ? "ko" : "en";
}

void set_language(const std::string& language, const std::string& locale_dir) {
  chosen = language == "ko" ? "ko" : "en";
  try {
    boost::locale::generator gen;
    gen.add_messages_path(locale_dir);
    gen.add_messages_domain("gibo");
    catalogue = gen(chosen == "ko" ? "ko_KR.UTF-8" : "en_US.UTF-8");
    ready = true;
  } catch (const std::exception&) {
    ready = false;  // English, as written
  }
}

const std::string& language() { return chosen; }

std::string translate(const char* english) {
  if (!ready || chosen == "en") return english;
  return boost::locale::translate(english).str(catalogue);
}

std::string number(long long n) {
  // Both languages group by thousands with a comma.
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

}  // namespace gibo::i18n
