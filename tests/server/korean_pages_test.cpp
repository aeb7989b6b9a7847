// Issue 42 item 4: Korean everywhere. gibo serve in Korean, on real cuts (tests/data/corpus,
// events; one game analysed and judged by the real engine, so the viewer, the player page and
// /stats show their engine parts), and the HTML report in Korean, show no English a person
// reads: every page kind is crawled and each visible text (text nodes, SVG text, titles,
// placeholders) is read word by word. A word of Latin letters fails the test unless it is
//   * data: a word of the records' tags, names and comments (the archive exported as .gib);
//   * part of a token that is no word: a path, a file reference, NAME@SITE, a number (any
//     token with a digit, '/', '_', '.', '@', '=' or '<' in it), an option (--db);
//   * a command after "gibo", or a quoted name ("Ratings", a reference page's section);
//   * notation and proper nouns: a letter alone (a board's files), acronyms, codes and
//     placeholders in capitals (HEEH, MP, KBS, FEN, SB, ARCHIVE), the rules profiles' names,
//     the pattern language's words, and kAllowed; a code element's text (a diagnostic's
//     code, an opening's) is not read.
// A page in English fails the same check: the check can fail.
#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <deque>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "../cli/run_gibo.h"
#include "../required_tool.h"
#include "gibo/core/rules.h"
#include "gibo/report/i18n.h"
#include "links.h"
#include "server/routes.h"

namespace {

using namespace gibo::testing;  // run_gibo, kCorpus, kData, TempDir, hrefs
using gibo::server::ServeOptions;
using gibo::server::Site;

// Names and notation that are the same in Korean (a word as the pages show it).
const std::set<std::string> kAllowed = {
    "gibo", "Elo", "cp", "Buchholz", "Bradley", "Terry", "Unicode", "Fairy-Stockfish", "Stockfish",
    // the pattern language's words (/search's help and example: src/pattern/README.md)
    "cho", "han", "han-palace", "cho-palace", "swap", "mirror", "streak", "sort", "then", "within"};

// `html`'s visible text and labels (title, placeholder, aria-label, alt), each entity undone,
// a tag a space; a script, style or code element left out (read by hand: std::regex recurses
// on long matches).
std::string visible_text(const std::string& html) {
  std::string text, labels;
  const std::regex label("(?:title|placeholder|aria-label|alt)=\"([^\"]*)\"");
  for (std::size_t at = 0; at < html.size();) {
    if (html[at] != '<') {
      text += html[at++];
      continue;
    }
    const std::size_t end = std::min(html.find('>', at), html.size() - 1);
    const std::string tag = html.substr(at, end + 1 - at);
    for (auto it = std::sregex_iterator(tag.begin(), tag.end(), label); it != std::sregex_iterator(); ++it)
      labels += " " + (*it)[1].str();
    at = end + 1;
    text += ' ';
    for (const std::string element : {"script", "style", "code"})
      if (tag.rfind("<" + element, 0) == 0 && !std::isalpha(static_cast<unsigned char>(tag[element.size() + 1])))
        at = std::min(html.size(), html.find("</" + element + ">", at));
  }
  text += labels;
  std::string out;
  for (std::size_t at = 0; at < text.size(); ++at) {
    bool undone = false;
    for (const auto& [entity, c] : {std::pair{"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}, {"&amp;", '&'}})
      if (!undone && text.compare(at, std::strlen(entity), entity) == 0) {
        out += c;
        at += std::strlen(entity) - 1;
        undone = true;
      }
    if (!undone) out += text[at];
  }
  return out;
}

// `text` without what stands between two double quotes on one line (a quoted name).
std::string without_quoted(const std::string& text) {
  std::string out;
  for (std::size_t at = 0; at < text.size(); ++at) {
    const std::size_t close = text[at] == '"' ? text.find_first_of("\"\n", at + 1) : std::string::npos;
    if (close != std::string::npos && text[close] == '"') at = close, out += ' ';
    else out += text[at];
  }
  return out;
}

// The words of Latin letters in `text`, split at anything else (the data's words).
std::set<std::string> latin_words(const std::string& text) {
  std::set<std::string> out;
  const std::regex word("[A-Za-z]+");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it)
    out.insert(it->str());
  return out;
}

// The words of `text` a person reads as English: whitespace-separated tokens, their outer
// punctuation removed, that are all Latin letters (an inner hyphen or apostrophe allowed)
// and none of the exceptions above.
std::set<std::string> english_words(std::string text, const std::set<std::string>& data) {
  text = without_quoted(text);
  text = std::regex_replace(text, std::regex("\\bgibo [a-z]+"), " ");  // a command
  std::set<std::string> allowed = kAllowed;
  for (const gibo::Profile& p : gibo::all_profiles()) allowed.insert(p.id);
  std::set<std::string> out;
  const std::regex token("[^\\s]+"), edge("^[(\\[{«‹,;:.!?'\"·…]+|[)\\]}»›,;:.!?'\"·…%]+$");
  const std::regex word("[A-Za-z]+(?:['’-][A-Za-z]+)*"), capitals("[A-Z][A-Z-]*|[a-z]");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), token); it != std::sregex_iterator(); ++it) {
    const std::string t = std::regex_replace(it->str(), edge, "");
    if (t.rfind("-", 0) == 0 || !std::regex_match(t, word) || std::regex_match(t, capitals)) continue;
    if (allowed.count(t)) continue;
    bool all_data = true;  // each of its letter runs a word of the data
    for (const std::string& w : latin_words(t)) all_data = all_data && data.count(w);
    if (!all_data) out.insert(t);
  }
  return out;
}

// Where `word` stands in `text`: up to 40 bytes either side, on one line.
std::string around(const std::string& text, const std::string& word) {
  const std::size_t at = text.find(word);
  if (at == std::string::npos) return "";
  std::size_t from = at > 40 ? at - 40 : 0, to = std::min(text.size(), at + word.size() + 40);
  auto inside = [&](std::size_t i) { return i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80; };
  while (inside(from)) ++from;  // whole UTF-8 characters
  while (inside(to)) ++to;
  std::string out = text.substr(from, to - from);
  for (char& c : out)
    if (c == '\n') c = ' ';
  return "«" + out + "»";
}

// The page kind of `target`: its path, a game's viewer as /game/.
std::string kind_of(const std::string& target) {
  if (target.rfind("/game/", 0) == 0) return "/game/";
  return target.substr(0, target.find('?'));
}

// Every English word the pages reached from `entries` show, with a page that shows it; up to
// `per_kind` pages of each kind are read (the explorer and the games lists one ply deep).
std::map<std::string, std::string> english_on_pages(Site& site, const std::vector<std::string>& entries,
                                                    const std::set<std::string>& data, std::size_t per_kind,
                                                    std::set<std::string>& kinds) {
  std::map<std::string, std::string> found;
  std::deque<std::string> queue(entries.begin(), entries.end());
  std::set<std::string> seen(entries.begin(), entries.end());
  std::map<std::string, std::size_t> read;
  while (!queue.empty()) {
    const std::string target = queue.front();
    queue.pop_front();
    if (read[kind_of(target)]++ >= per_kind) continue;
    const auto reply = site.get(target);
    kinds.insert(kind_of(target));
    const std::string text = visible_text(reply.body);
    for (const std::string& w : english_words(text, data)) found.emplace(w, target + "  " + around(text, w));
    for (const std::string& l : hrefs(reply.body)) {
      if (l.empty() || l[0] != '/') continue;
      const std::size_t moves = l.find("moves=");
      if (moves != std::string::npos && l.find(',', moves) < l.find('&', moves)) continue;
      if (seen.insert(l).second) queue.push_back(l);
    }
  }
  return found;
}

std::string listing(const std::map<std::string, std::string>& found) {
  std::string out;
  for (const auto& [word, page] : found) out += "  " + word + "  (" + page + ")\n";
  return out;
}

class KoreanPages : public ::testing::Test {
 protected:
  void SetUp() override {
    GIBO_REQUIRE_FAIRY_STOCKFISH();
    db = (dir.path() / "games.db").string();
    ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus + "/pobsiz_2010_prolegue_g001.gib"}).status, 0);
    ASSERT_EQ(run_gibo({"analyze", "--db", db, "--depth", "4", "--option", "Threads=1"}).status, 0);
    ASSERT_NE(run_gibo({"rescore", "--db", db, "--engine", "--depth", "4", "--option", "Threads=1"}).status, 2);
    ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus, kData + "/events"}).status, 0);
    const Result records = run_gibo({"export", "--db", db, "--to", "gib", "--copies", "--encoding", "utf-8"});
    ASSERT_EQ(records.status, 0) << records.err;
    data = latin_words(records.out);
    data.insert("check");  // the pattern searched (/search?pattern=check), as typed
  }
  void TearDown() override { gibo::i18n::set_language("en", locale_dir()); }
  static std::string locale_dir() { return (std::filesystem::path(GIBO_BINARY).parent_path() / "locale").string(); }

  TempDir dir;
  std::string db;
  std::set<std::string> data;
};

TEST_F(KoreanPages, NoPageOfServeShowsEnglish) {
  gibo::i18n::set_language("ko", locale_dir());
  ServeOptions o;
  o.db = db;
  auto site = Site::open(o);
  ASSERT_TRUE(site.has_value());
  std::set<std::string> kinds;
  const auto found = english_on_pages(**site,
                                      {"/", "/players", "/events", "/stats", "/search?pattern=check", "/search?pattern=R+%3E%3D+x",
                                       "/game/1?ply=30", "/players?q=zzzz", "/player?name=%EC%97%86%EC%9D%8C", "/nothing"},
                                      data, 40, kinds);
  EXPECT_TRUE(found.empty()) << "English on the Korean pages:\n" << listing(found);
  for (const char* k : {"/", "/explore", "/games", "/game/", "/player", "/players", "/event", "/events", "/stats", "/search"})
    EXPECT_TRUE(kinds.count(k)) << k;
}

TEST_F(KoreanPages, TheHtmlReportInKoreanShowsNoEnglish) {
  const Result report = run_gibo({"--lang", "ko", "stats", "--db", db, "--format", "html"});
  ASSERT_EQ(report.status, 0) << report.err;
  std::map<std::string, std::string> found;
  const std::string text = visible_text(report.out);
  for (const std::string& w : english_words(text, data)) found.emplace(w, around(text, w));
  EXPECT_TRUE(found.empty()) << "English in the Korean report:\n" << listing(found);
  // The same check finds the English of the report in English.
  const Result english = run_gibo({"--lang", "en", "stats", "--db", db, "--format", "html"});
  const auto words = english_words(visible_text(english.out), data);
  for (const char* w : {"Players", "games", "Results", "forfeit"}) EXPECT_TRUE(words.count(w)) << w;
}

}  // namespace
