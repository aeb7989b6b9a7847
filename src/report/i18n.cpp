// The message catalogue (i18n.h): Boost.Locale's gettext catalogues.
#include "gibo/report/i18n.h"

#include <boost/locale.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <locale>
#include <mutex>
#include <sstream>

#include "gibo/record/game_date.h"

namespace gibo::i18n {

namespace {

std::string chosen = "en";
std::locale catalogue;  // the chosen language's locale, with its messages
bool ready = false;
std::string log_path;  // GIBO_I18N_LOG
std::mutex log_mutex;

void log_msgid(const char* english, bool found, const char* miss = "missing\t") {
  std::string line = found ? "ok\t" : miss;
  for (const char* c = english; *c; ++c) line += *c == '\n' ? std::string("\\n") : std::string(1, *c);
  const std::lock_guard<std::mutex> lock(log_mutex);
  std::ofstream(log_path, std::ios::app) << line << "\n";
}

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
  if (const char* log = std::getenv("GIBO_I18N_LOG"); log && *log) log_path = log;
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
  if (!ready || chosen == "en") {
    if (!log_path.empty()) log_msgid(english, chosen == "en");
    return english;
  }
  if (!log_path.empty()) {
    const auto& facet = std::use_facet<boost::locale::message_format<char>>(catalogue);
    log_msgid(english, !*english || facet.get(0, nullptr, english) != nullptr);
  }
  return boost::locale::translate(english).str(catalogue);
}

std::string translate_known(const std::string& text) {
  if (!ready || chosen == "en" || text.empty()) return text;
  const auto& facet = std::use_facet<boost::locale::message_format<char>>(catalogue);
  const char* found = facet.get(0, nullptr, text.c_str());
  if (!log_path.empty()) log_msgid(text.c_str(), found != nullptr, "data\t");  // "data": perhaps no msgid
  return found ? found : text;
}

std::string grouped(const std::string& cell) {
  const std::size_t digits_from = !cell.empty() && cell[0] == '-' ? 1 : 0;
  if (cell.size() <= digits_from + 3 || cell.size() > digits_from + 18) return cell;
  for (std::size_t i = digits_from; i < cell.size(); ++i)
    if (cell[i] < '0' || cell[i] > '9') return cell;
  return number(std::atoll(cell.c_str()));
}

std::string date(std::string_view text) {
  if (text.find('~') != std::string_view::npos) return std::string(text);  // a range: as written
  const GameDate d = parse_game_date(text);
  if (!d.year) return std::string(text);
  if (chosen != "ko") return d.key;
  // The key is "YYYY", "YYYY-MM" or "YYYY-MM-DD"; Korean drops the months' and days' zeros.
  char buffer[48];
  const int month = d.key.size() >= 7 ? std::atoi(d.key.c_str() + 5) : 0;
  const int day = d.key.size() >= 10 ? std::atoi(d.key.c_str() + 8) : 0;
  if (day) std::snprintf(buffer, sizeof buffer, "%d년 %d월 %d일", *d.year, month, day);
  else if (month) std::snprintf(buffer, sizeof buffer, "%d년 %d월", *d.year, month);
  else std::snprintf(buffer, sizeof buffer, "%d년", *d.year);
  return buffer;
}

std::string format(const char* english, std::initializer_list<std::string_view> args) {
  const std::string pattern = translate(english);
  std::string out;
  out.reserve(pattern.size() + 16);
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{') {
      const std::size_t close = pattern.find('}', i);
      if (close != std::string::npos && close > i + 1 && close - i <= 3) {
        const std::size_t n = static_cast<std::size_t>(std::atoi(pattern.c_str() + i + 1));
        if (n >= 1 && n <= args.size()) {
          out += *(args.begin() + (n - 1));
          i = close;
          continue;
        }
      }
    }
    out += pattern[i];
  }
  return out;
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
