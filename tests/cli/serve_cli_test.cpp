// `gibo serve` end to end: a real archive of the corpus (plus a game whose player names
// are hostile markup), the server started as a process on 127.0.0.1 with a free port,
// spoken to over real sockets: every route's page is whole HTML whose links all answer;
// the links lead from the set-up page five plies deep and on to a game and back to the
// explorer; paths outside the routes, other methods and oversized requests are refused;
// record strings are escaped; pages render in headless Chromium with the board and the
// table drawn; SIGINT stops the server cleanly. Also `gibo show --format html`.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <thread>

#include "../pg/pg_test.h"
#include "run_gibo.h"
#include "serve_client.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

const std::string kRender = GIBO_TEST_DATA "/../report/render_html.sh";
const std::string kColours = GIBO_TEST_DATA "/../report/png_colors.py";


// How often `tag` opens (`<tag` then a space or `>`) and closes (`</tag>`) in `page`.
// (Plain searches: std::regex over a viewer page of 167 boards takes seconds, minutes
// under the sanitizers.)
std::pair<std::size_t, std::size_t> tag_counts(const std::string& page, const std::string& tag) {
  std::size_t opened = 0, closed = 0;
  const std::string opening = "<" + tag, closing = "</" + tag + ">";
  for (std::size_t at = page.find(opening); at != std::string::npos; at = page.find(opening, at + 1)) {
    const std::size_t next = at + opening.size();
    if (next < page.size() && (page[next] == ' ' || page[next] == '>')) ++opened;
  }
  for (std::size_t at = page.find(closing); at != std::string::npos; at = page.find(closing, at + 1)) ++closed;
  return {opened, closed};
}

// The page is one whole HTML5 document whose container tags are balanced.
void expect_valid_html(const std::string& page, const std::string& where) {
  SCOPED_TRACE(where);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n<html", 0), 0u);
  EXPECT_NE(page.find("<meta charset=\"utf-8\">"), std::string::npos);
  EXPECT_TRUE(page.size() > 8 && page.compare(page.size() - 8, 8, "</html>\n") == 0);
  for (const char* tag : {"html", "head", "body", "main", "section", "div", "table", "thead", "tbody", "tr", "td", "th",
                          "a", "p", "form", "svg", "g", "figure", "ol", "li", "dl", "title", "style", "script"}) {
    const auto [opened, closed] = tag_counts(page, tag);
    EXPECT_EQ(opened, closed) << tag;
  }
}

// The page's links (every href="..."), their &amp; undone.
std::vector<std::string> links(const std::string& page) {
  std::vector<std::string> out;
  const std::string href = "href=\"";
  for (std::size_t at = page.find(href); at != std::string::npos; at = page.find(href, at + 1)) {
    const std::size_t begin = at + href.size(), end = page.find('"', begin);
    if (end == std::string::npos) break;
    const std::string raw = page.substr(begin, end - begin);
    std::string l;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      l.push_back(raw[i]);
      if (raw.compare(i, 5, "&amp;") == 0) i += 4;
    }
    out.push_back(l);
  }
  return out;
}

// The first link after `marker` in the page.
std::string first_link_after(const std::string& page, const std::string& marker, const std::string& prefix) {
  const std::size_t at = page.find(marker);
  if (at == std::string::npos) return "";
  for (const std::string& l : links(page.substr(at)))
    if (l.rfind(prefix, 0) == 0) return l;
  return "";
}

class ServeCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    db_ = (dir_->path() / "games.db").string();
    // A game whose player names are markup, and a comment that is too.
    const fs::path hostile = dir_->path() / "hostile.gib";
    std::ofstream(hostile) << "[대회명 \"<b>bold</b> & co\"]\n[초대국자 \"<script>alert('cho')</script>\"]\n"
                              "[한대국자 \"\\\"><img src=x onerror=alert(1)>\"]\n[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n"
                              "[대국결과 \"초 완승\"]\n\n1. 79졸78\n{</p><script>alert(2)</script>}\n2. 41병42\n";
    ASSERT_EQ(run_gibo({"import", "--db", db_, kCorpus, hostile.string()}).status, 0);
    const std::string out = (dir_->path() / "serve.out").string(), err = (dir_->path() / "serve.err").string();
    port_ = start_server("", db_, out, err, pid_);
    ASSERT_GT(port_, 0) << slurp(out) << slurp(err);
    EXPECT_NE(slurp(out).find("listening on http://127.0.0.1:"), std::string::npos);
  }
  static void TearDownTestSuite() {
    if (pid_ > 0) ::kill(pid_, SIGKILL);
    delete dir_;
  }
  static TempDir* dir_;
  static std::string db_;
  static int pid_, port_;
};
TempDir* ServeCli::dir_ = nullptr;
std::string ServeCli::db_;
int ServeCli::pid_ = 0, ServeCli::port_ = 0;

TEST_F(ServeCli, LinksFromTheSetupsFiveDeepAndToAGame) {
  std::set<std::string> checked;
  // Every link of a visited page answers with a whole page.
  auto visit = [&](const std::string& target) {
    const Reply r = get(port_, target);
    EXPECT_EQ(r.status, 200) << target;
    EXPECT_NE(r.head.find("Content-Type: text/html; charset=utf-8"), std::string::npos) << target;
    expect_valid_html(r.body, target);
    for (const std::string& l : links(r.body)) {
      if (l.rfind("#", 0) == 0) continue;  // within the page (the statistics report's contents)
      EXPECT_EQ(l.rfind("/", 0), 0u) << l;  // only the server's own routes
      if (checked.size() >= 400 || !checked.insert(l).second) continue;
      const Reply linked = get(port_, l);
      EXPECT_EQ(linked.status, 200) << l << " from " << target;
    }
    return r.body;
  };
  const std::string setups = visit("/");
  EXPECT_NE(setups.find("마상마상 / 마상마상"), std::string::npos);
  std::string at = first_link_after(setups, "<table class=\"setups\">", "/explore?");
  ASSERT_FALSE(at.empty());
  std::string page;
  for (int ply = 0; ply <= 5; ++ply) {
    SCOPED_TRACE(at);
    page = visit(at);
    EXPECT_NE(page.find("<svg"), std::string::npos);
    if (ply == 5) break;
    at = first_link_after(page, "<table class=\"moves-played\">", "/explore?");
    ASSERT_FALSE(at.empty()) << "no move to follow at ply " << ply;
  }
  // Five moves in the path, each a link.
  const std::size_t moves_at = at.find("moves=");
  ASSERT_NE(moves_at, std::string::npos);
  EXPECT_EQ(std::count(at.begin() + static_cast<std::ptrdiff_t>(moves_at), at.end(), ','), 4) << at;
  const std::string game = first_link_after(page, "<table class=\"moves-played\">", "/game/");
  ASSERT_FALSE(game.empty());
  const std::string viewer = visit(game);
  EXPECT_NE(viewer.find("rel=\"prev\""), std::string::npos);
  const std::string back = first_link_after(viewer, "Explore this position", "");
  const std::string games = first_link_after(page, "list them", "");
  EXPECT_FALSE(games.empty());
  visit(games);
  visit("/stats");
}

TEST_F(ServeCli, RefusesWhatIsNotARoute) {
  for (const char* target : {"/etc/passwd", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/game/x", "/game/0",
                             "/game/999999", "/explore/../../etc/passwd", "/index.html", "/games/"}) {
    const Reply r = get(port_, target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_EQ(r.body.find("root:"), std::string::npos) << target;
  }
  EXPECT_EQ(get(port_, "/explore?moves=z9z9").status, 400);
  EXPECT_EQ(get(port_, "/explore?setup=XXXX,HEEH").status, 400);
  EXPECT_EQ(request(port_, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").status, 405);
  EXPECT_EQ(request(port_, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n").status, 431);
  EXPECT_EQ(request(port_, "GET http://example.com/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").status, 400);
  EXPECT_EQ(request(port_, "garbage\r\n\r\n").status, 400);
  // Still serving.
  EXPECT_EQ(get(port_, "/").status, 200);
}

TEST_F(ServeCli, EscapesEveryRecordString) {
  // The hostile game: the highest id.
  const Reply setups = get(port_, "/");
  std::smatch m;
  const Reply list = get(port_, "/games?setup=HEEH,HEEH&moves=i4h4,a7b7");
  ASSERT_EQ(list.status, 200);
  ASSERT_TRUE(std::regex_search(list.body, m, std::regex("href=\"(/game/[0-9]+)\\?ply=2\">hostile\\.gib:1")))
      << list.body.substr(0, 4000);
  for (const std::string& page : {list.body, get(port_, std::string(m[1]) + "?ply=1").body,
                                  get(port_, "/explore?setup=HEEH,HEEH&moves=i4h4").body}) {
    EXPECT_EQ(page.find("<script>alert"), std::string::npos);
    EXPECT_EQ(page.find("<img src=x"), std::string::npos);
    EXPECT_EQ(page.find("</p><script>"), std::string::npos);
    expect_valid_html(page, "hostile");
  }
  const std::string viewer = get(port_, std::string(m[1]) + "?ply=1").body;
  EXPECT_NE(viewer.find("&lt;script&gt;alert('cho')&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(viewer.find("&lt;b&gt;bold&lt;/b&gt; &amp; co"), std::string::npos);
  EXPECT_NE(viewer.find("&lt;/p&gt;&lt;script&gt;alert(2)"), std::string::npos);
}

// The players' and events' pages (src/cli/help/serve.md): every identity with its rating, one
// identity's spellings, results and games (each a link to the viewer), the events and one
// event's crosstable (each result a link to its game); unknown names are 404; record strings
// escaped.
TEST_F(ServeCli, PlayerAndEventPages) {
  const Reply players = get(port_, "/players");
  ASSERT_EQ(players.status, 200);
  expect_valid_html(players.body, "/players");
  const std::string kim = "/player?name=" + pages_encode("김동학");
  EXPECT_NE(players.body.find("href=\"" + kim + "\""), std::string::npos);
  const Reply player = get(port_, kim);
  ASSERT_EQ(player.status, 200);
  expect_valid_html(player.body, kim);
  for (const char* spelling : {"김동학 四단", "김동학 五단", "김동학프로", "김동학(프로)"})
    EXPECT_NE(player.body.find(spelling), std::string::npos) << spelling;  // the spellings merged
  long player_games = 0;
  for (const std::string& l : links(player.body)) {
    if (l.rfind("/game/", 0) != 0) continue;
    ++player_games;
    EXPECT_EQ(get(port_, l).status, 200) << l;
  }
  EXPECT_EQ(player_games, 6);  // his six games in the corpus
  EXPECT_NE(player.body.find("No analysed game of this player"), std::string::npos);  // the play-quality part
  // An online nickname without its site: its identity at that site.
  const Reply tyson = get(port_, "/player?name=" + pages_encode("타이슨권법"));
  ASSERT_EQ(tyson.status, 200);
  EXPECT_NE(tyson.body.find("타이슨권법@엠게임"), std::string::npos);
  EXPECT_EQ(get(port_, "/player").status, 400);
  const Reply events = get(port_, "/events");
  ASSERT_EQ(events.status, 200);
  expect_valid_html(events.body, "/events");
  EXPECT_EQ(events.body.find("<b>bold"), std::string::npos);  // the hostile event's name, escaped
  EXPECT_NE(events.body.find("&lt;b&gt;bold&lt;/b&gt; &amp; co"), std::string::npos);
  // 매일신보's games of 1937 and 1938 (dated by year only): one season, read as a knockout
  // (no player lost more than one match): its places, then its eleven games, each a link.
  const std::string maeil = "/event?name=" + pages_encode("매일신보") + "&date=1937";
  const std::vector<std::string> event_links = links(events.body);
  EXPECT_NE(std::find(event_links.begin(), event_links.end(), maeil), event_links.end());
  const Reply event = get(port_, maeil);
  ASSERT_EQ(event.status, 200);
  expect_valid_html(event.body, maeil);
  EXPECT_NE(event.body.find("1937 – 1938"), std::string::npos);
  EXPECT_NE(event.body.find("went out in"), std::string::npos);
  long games = 0;
  for (const std::string& l : links(event.body)) games += l.rfind("/game/", 0) == 0;
  EXPECT_EQ(games, 11);
  EXPECT_EQ(get(port_, "/event?name=" + pages_encode("매일신보") + "&date=1938").status, 200);  // a date of the season
  EXPECT_EQ(get(port_, "/player?name=" + pages_encode("아무도아님")).status, 404);
  EXPECT_EQ(get(port_, "/event?name=x&date=1999").status, 404);
  const Reply hostile = get(port_, "/player?name=" + pages_encode("<script>alert('cho')</script>"));
  EXPECT_EQ(hostile.status, 200);
  EXPECT_EQ(hostile.body.find("<script>alert"), std::string::npos);
}

// A game with an analysis stored in the archive (analyze --db, while the server runs) gets
// the evaluation graph in the viewer, the ply shown marked.
TEST_F(ServeCli, TheViewerGraphsAStoredAnalysis) {
  std::smatch m;
  const Reply list = get(port_, "/games?setup=HEEH,HEEH&moves=i4h4,a7b7");
  ASSERT_TRUE(std::regex_search(list.body, m, std::regex("href=\"(/game/[0-9]+)\\?ply=2\">hostile\\.gib:1")));
  const std::string game = m[1];
  EXPECT_EQ(get(port_, game + "?ply=1").body.find("eval-graph"), std::string::npos);  // not analysed yet
  const std::string table = (dir_->path() / "table").string();
  std::ofstream(table) << "0 cp 30 b1c3\n1 cp -30 b10c8\n2 cp 45 b1c3\n";
  const std::string engine = "bash " + std::string(GIBO_TEST_DATA) + "/../analysis/fake_uci.sh " + table;
  const Result a = run_gibo({"analyze", "--db", db_, "--where", "file LIKE '%hostile%'", "--rules", "fs-janggi", "--engine", engine});
  ASSERT_EQ(a.status, 0) << a.out << a.err;
  const std::string viewer = get(port_, game + "?ply=1").body;
  EXPECT_NE(viewer.find("class=\"eval-graph\""), std::string::npos) << viewer.substr(0, 3000);
  EXPECT_NE(viewer.find("<polyline class=\"eval\" points=\"4.0,77.7 320.0,77.7 636.0,76.6\""), std::string::npos);
  EXPECT_NE(viewer.find("<line class=\"now\" x1=\"320.0\""), std::string::npos);
  EXPECT_NE(viewer.find("<a href=\"" + game + "?ply=2\">"), std::string::npos);
  expect_valid_html(viewer, "analysed");
}

// Eight clients at once, each asking for several pages five times: every reply is whole and
// byte-equal to the same page asked for alone (connections share no state that could mix
// or cut replies).
TEST_F(ServeCli, ServesConcurrently) {
  const std::vector<std::string> targets = {"/explore?setup=HEHE,HEHE&moves=i4h4", "/", "/game/1?ply=10",
                                            "/games?setup=HEHE,HEHE", "/players"};
  std::map<std::string, std::string> alone;
  for (const std::string& t : targets) {
    const Reply r = get(port_, t);
    ASSERT_EQ(r.status, 200) << t;
    ASSERT_GT(r.body.size(), 1000u) << t;
    alone[t] = r.body;
  }
  std::vector<std::thread> clients;
  std::atomic<int> same{0}, replies{0};
  for (int i = 0; i < 8; ++i)
    clients.emplace_back([&, i] {
      for (int k = 0; k < 5; ++k)
        for (std::size_t j = 0; j < targets.size(); ++j) {
          const std::string& t = targets[(i + j) % targets.size()];  // clients start on different pages
          const Reply r = get(port_, t);
          replies += r.status == 200;
          same += r.status == 200 && r.body == alone.at(t);
        }
    });
  for (auto& t : clients) t.join();
  const int asked = 8 * 5 * static_cast<int>(targets.size());
  EXPECT_EQ(replies, asked);
  EXPECT_EQ(same, asked);
}

TEST_F(ServeCli, PagesRenderInHeadlessChromium) {
  GIBO_REQUIRE_CHROMIUM();
  struct Shot {
    std::string target, sections;
  };
  for (const Shot& s : {Shot{"/explore?setup=HEHE,HEHE&moves=i4h4", "path board moves"}, Shot{"/game/1?ply=10", "board record"}}) {
    SCOPED_TRACE(s.target);
    const fs::path html = dir_->path() / "page.html", png = dir_->path() / "page.png";
    std::ofstream(html) << get(port_, s.target).body;
    const std::string cmd = "bash " + shell_quote(kRender) + " " + shell_quote(html.string()) + " " +
                            shell_quote(png.string()) + " 1200 900 " + shell_quote(s.sections) + " > /dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    // The board is drawn on the left (its wood, both sides' pieces), the table or the
    // move list on the right (dark text).
    FILE* p = ::popen(("python3 " + shell_quote(kColours) + " " + shell_quote(png.string())).c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::map<std::string, std::pair<long, long>> colours;
    char name[16];
    long left = 0, right = 0;
    while (std::fscanf(p, "%15s %ld %ld", name, &left, &right) == 3) colours[name] = {left, right};
    ::pclose(p);
    EXPECT_GT(colours["board"].first, 20000);
    EXPECT_GT(colours["cho"].first, 200);
    EXPECT_GT(colours["han"].first, 200);
    EXPECT_GT(colours["text"].second, 1000);
  }
}

TEST_F(ServeCli, ShowWritesTheViewerAsOneOfflineFile) {
  const fs::path html = dir_->path() / "game.html";
  const std::string game = kCorpus + "/pobsiz_1937_donga_ilbo.gib";
  const Result r = run_gibo({"show", game, "--format", "html", "-o", html.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = slurp(html);
  expect_valid_html(page, "show");
  for (const std::string& l : links(page)) EXPECT_EQ(l.rfind("#p", 0), 0u) << l;  // no link leaves the file
  EXPECT_EQ(page.find("src="), std::string::npos);
  // One board a ply (166 plies and the start), each with its anchor.
  EXPECT_EQ(std::count(page.begin(), page.end(), '\0'), 0);
  std::size_t boards = 0;
  for (std::size_t at = 0; (at = page.find("<svg", at)) != std::string::npos; ++at) ++boards;
  EXPECT_EQ(boards, 167u);
  EXPECT_NE(page.find("id=\"p166\""), std::string::npos);
  EXPECT_NE(page.find("楚"), std::string::npos);
  EXPECT_NE(page.find("漢"), std::string::npos);
  // --moves lists the plies with their comments; --letters latin is honoured.
  const Result moves = run_gibo({"show", game + ":1@2", "--moves", "--letters", "latin"});
  ASSERT_EQ(moves.status, 0) << moves.err;
  EXPECT_NE(moves.out.find("  1. 71졸72 a4b4"), std::string::npos) << moves.out;
  EXPECT_NE(moves.out.find("  1  R  E"), std::string::npos) << moves.out;
  const Result svg = run_gibo({"show", game + "@3", "--svg"});
  EXPECT_NE(svg.out.find("class=\"caption\""), std::string::npos);
  EXPECT_NE(svg.out.find("金漢英"), std::string::npos);
  // The comments come with their plies.
  const Result commented = run_gibo({"show", (dir_->path() / "hostile.gib").string(), "--moves"});
  ASSERT_EQ(commented.status, 0) << commented.err;
  EXPECT_NE(commented.out.find("  1. 79졸78 i4h4\n     {</p><script>alert(2)</script>}\n  2. 41병42 a7b7"), std::string::npos)
      << commented.out;
  // Never over the input.
  EXPECT_EQ(run_gibo({"show", game, "--format", "html", "-o", game}).status, 2);
}

// A Korean run (--lang ko) serves every page in Korean: its labels, its messages, its
// dates ("2009년 1월 18일"), and none of the English labels.
TEST_F(ServeCli, AKoreanServerServesKoreanPages) {
  int pid = 0;
  const std::string out = (dir_->path() / "serve-ko.out").string(), err = (dir_->path() / "serve-ko.err").string();
  const int port = start_server(" --lang ko", db_, out, err, pid);
  ASSERT_GT(port, 0) << slurp(out) << slurp(err);
  EXPECT_NE(slurp(out).find("에서 기다리는 중 (Ctrl-C 로 멈춤)"), std::string::npos) << slurp(out);
  const std::string setups = get(port, "/").body;
  expect_words(setups, {"<html lang=\"ko\">", "둔 차림", "차림 (초 / 한)", "초 승", "합계", "대국장소"},
               {"Set-ups played", "Cho wins", "total", "Filter", ">games<"}, "/");
  const std::string explorer = get(port, "/explore?setup=HEEH,HEEH&moves=i4h4").body;
  expect_words(explorer, {"수순:", "둔 수", "이 국면에 이른 대국:", "목록 보기", "<title>국면</title>", "한 차례"},
               {"Path:", "Moves played", "the position", "to move", "list them", "notable game"}, "/explore");
  const std::string games = get(port, "/games?setup=HEHE,HEHE&moves=").body;
  expect_words(games, {"이 국면에 이른 대국", "대국일자", "2009년 1월 18일", "1937년"},
               {"Games reaching", "previous", "2009-01-18"}, "/games");
  std::smatch m;
  const std::string festival = get(port, "/games?setup=EHEH,EHEH&moves=").body;  // its game 5: checkmate, 2009-01-18
  ASSERT_TRUE(std::regex_search(festival, m, std::regex("href=\"(/game/[0-9]+)\\?ply=[0-9]+\">pobsiz_2008_hangame_festival\\.gib:5<")));
  const std::string viewer = get(port, std::string(m[1]) + "?ply=3").body;
  expect_words(viewer, {"대국결과", "판정", "맞음: 판의 끝이 결과와 맞음", "2009년 1월 18일", "3수째", "« 처음", "이 국면 탐색하기"},
               {"agrees", "the board ending", " ply 3", "« first", "Explore this position", ">Moves<", "to move"}, "/game");
  const std::string stats = get(port, "/stats").body;
  expect_words(stats, {"<html lang=\"ko\">", "기보 통계", "오류 없이 재현됨", "대국 연도", "승리 방식별", "초의 차림", "한의 차림",
                       "가장 긴 올바른 대국", "gibo stats 가 만듦"},
               {"Game-record statistics", "replay without error", "years played", "source files", "By method", "Han's setup",
                "Cho's setup", "Notable games", "The longest valid game", "Written by gibo stats", "<th>results</th>",
                "Disagreements:", "stored:", "no ending on the board", "Cho wins 0%", " games, Cho "},
               "/stats");
  expect_words(get(port, "/nothing").body, {"그런 쪽이 없음: /nothing"}, {"no such page"}, "404");
  expect_words(get(port, "/explore?moves=z9z9").body, {"수순: 1수째 'z9z9': ", "의 수가 와야 함"}, {"expected a move", "ply 1"},
               "400");
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  for (int i = 0; i < 100 && ::kill(pid, 0) == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_NE(slurp(out).find("gibo serve: 멈춤"), std::string::npos);
}

// The offline viewer of a Korean run: Korean labels, ply captions and date.
TEST_F(ServeCli, AKoreanShowWritesAKoreanViewer) {
  const fs::path html = dir_->path() / "game-ko.html";
  const Result r = run_gibo({"--lang", "ko", "show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib", "--format", "html", "-o", html.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = slurp(html);
  expect_valid_html(page, "show ko");
  expect_words(page, {"<html lang=\"ko\">", "대국결과", "판정", "대국일자", "2010년 9월 22일", "총수", "« 처음", "다음 ›", "107수째",
                      "초 차례", "한 차례"},
               {" ply ", "« first", "next ›", ">Moves<", "to move", "2010-09-22", "agrees"}, "show --format html");
  // The text of show, and its English beside it.
  const Result text = run_gibo({"--lang", "ko", "show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib@107", "--moves"});
  ASSERT_EQ(text.status, 0) << text.err;
  expect_words(text.out, {"1번째 대국: 김동학 四단 (초) 대 양승태 三단 (한)", "107수 가운데 107수째, 마지막 수 b10d10", "한 차례, 장군 받음", "\n수:\n"},
               {"game 1", "(Cho)", "last move", "in check", "moves:"}, "show text");
  EXPECT_NE(run_gibo({"--lang", "en", "show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib@107"}).out.find("ply 107 of 107, last move b10d10"),
            std::string::npos);
}

// Last: SIGINT stops the server cleanly, with status 0.
// `page` with the archive name `from` (which HTML writes as it is) written `to`, as HTML
// escapes it.
std::string renamed(std::string page, const std::string& from, const std::string& to) {
  std::string escaped;
  for (char c : to) escaped += c == '&' ? std::string("&amp;") : std::string(1, c);
  for (std::size_t at = page.find(from); at != std::string::npos; at = page.find(from, at + escaped.size()))
    page.replace(at, from.size(), escaped);
  return page;
}

// The same archive on PostgreSQL (gibo copy), served to a role that may only read it: the
// same pages, byte for byte (save the archive's name).
TEST_F(ServeCli, APostgreSQLCopyServesTheSamePagesToAReadingRole) {
  GIBO_REQUIRE_POSTGRESQL();
  const std::string pg = pg_fresh_archive();
  ASSERT_EQ(run_gibo({"copy", db_, pg}).status, 0);
  const std::string schema = pg_rows(pg, "SELECT current_schema()").at(0).at(0), role = "reader_" + schema;
  pg_rows(pg, "CREATE ROLE " + role + " LOGIN; GRANT USAGE ON SCHEMA " + schema + " TO " + role +
                  "; GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
  std::string as_reader = pg;
  as_reader.replace(as_reader.find("gibo@"), 5, role + "@");
  int pid = 0;
  const int port = start_server("", as_reader, (dir_->path() / "pg.out").string(), (dir_->path() / "pg.err").string(), pid);
  struct Stop {
    int pid;
    ~Stop() {
      if (pid > 0) ::kill(pid, SIGKILL);
    }
  } stop{pid};
  ASSERT_GT(port, 0) << slurp(dir_->path() / "pg.err");
  std::vector<std::string> targets = {"/", "/explore?setup=HEEH,HEEH&moves=i4h4", "/games?setup=HEEH,HEEH&moves=i4h4,a7b7",
                                      "/game/1?ply=3", "/stats", "/players", "/events"};
  for (const std::string& l : links(get(port_, "/").body))
    if (targets.size() < 40) targets.push_back(l);
  for (const std::string& target : targets) {
    SCOPED_TRACE(target);
    const Reply lite = get(port_, target), server = get(port, target);
    EXPECT_EQ(lite.status, 200);
    EXPECT_EQ(server.status, lite.status);
    const std::string expected = renamed(lite.body, db_, as_reader);
    std::size_t at = 0;
    while (at < expected.size() && at < server.body.size() && expected[at] == server.body[at]) ++at;
    EXPECT_TRUE(server.body == expected) << "from byte " << at << ": SQLite's " << expected.substr(at, 300)
                                         << "\nPostgreSQL's " << server.body.substr(at, 300);
  }
}

TEST_F(ServeCli, ZStopsCleanlyOnSigint) {
  ASSERT_EQ(get(port_, "/").status, 200);
  ASSERT_EQ(::kill(pid_, SIGINT), 0);
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    gone = ::kill(pid_, 0) != 0;
  }
  EXPECT_TRUE(gone);
  EXPECT_NE(slurp(dir_->path() / "serve.out").find("gibo serve: stopped"), std::string::npos);
  pid_ = 0;
}

}  // namespace

namespace {

// Issue 30: a player's page (/player?name=NAME) with their play quality from the stored
// analyses and their analysed games, each linked to the viewer.
TEST(ServePlayerPage, PlayQualityAndGamesLinkedToTheViewer) {
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  TempDir dir;
  const std::string db = imported_archive(dir, {kCorpus + "/pobsiz_tyson_mgame.gib"}, "p.db");
  ASSERT_FALSE(db.empty());
  ASSERT_EQ(run_gibo({"analyze", "--db", db, "--depth", "1", "--option", "Threads=1"}).status, 0);
  int pid = 0;
  const std::string out = (dir.path() / "serve.out").string(), err = (dir.path() / "serve.err").string();
  const int port = start_server("", db, out, err, pid);
  ASSERT_GT(port, 0) << slurp(err);
  const Reply page = get(port, "/player?name=%ED%83%80%EC%9D%B4%EC%8A%A8%EA%B6%8C%EB%B2%95");
  const Reply none = get(port, "/player?name=nobody");
  const Reply bad = get(port, "/player");
  ::kill(pid, SIGKILL);
  EXPECT_EQ(page.status, 200);
  expect_valid_html(page.body, "/player");
  EXPECT_NE(page.body.find("<h1>타이슨권법</h1>"), std::string::npos) << page.body;
  EXPECT_NE(page.body.find("<a href=\"/game/"), std::string::npos) << page.body;
  // The nickname without its site: its identity at 엠게임 (rating, games), then the play quality.
  EXPECT_NE(page.body.find("타이슨권법@엠게임"), std::string::npos) << page.body;
  EXPECT_LT(page.body.find("타이슨권법@엠게임"), page.body.find("Play quality"));
  EXPECT_EQ(none.status, 404);  // no identity and no game of that name
  EXPECT_EQ(bad.status, 400);
}

// The statistics report links its players to their pages and its engine-contradicted games
// to the viewer only where those pages exist: served at /stats. The report written to a
// file has no link out of itself (each would be dead) and says that gibo serve shows them.
TEST(ServePlayerPage, TheReportLinksPlayersAndContradictionsOnlyWhenServed) {
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  TempDir dir;
  const std::string db = (dir.path() / "p.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus + "/pobsiz_maeil_sinbo_1937.gib", kCorpus + "/pobsiz_tyson_mgame.gib"})
                .status,
            0);
  ASSERT_EQ(run_gibo({"analyze", "--db", db, "--depth", "1", "--option", "Threads=1"}).status, 0);
  ASSERT_NE(run_gibo({"rescore", "--db", db, "--engine", "--depth", "4", "--option", "Threads=1"}).status, 2);

  const Result offline = run_gibo({"stats", "--db", db, "--format", "html"});
  ASSERT_EQ(offline.status, 0) << offline.err;
  for (const std::string& l : links(offline.out)) EXPECT_EQ(l.rfind("#", 0), 0u) << l;  // within the page only
  EXPECT_NE(offline.out.find("<table id=\"t-engine-contradictions\">"), std::string::npos);
  EXPECT_NE(offline.out.find("gibo serve --db ARCHIVE shows this report at /stats with each game linked"), std::string::npos);
  EXPECT_NE(offline.out.find("gibo serve --db ARCHIVE shows this report at /stats with each player linked"), std::string::npos);

  int pid = 0;
  const std::string out = (dir.path() / "serve.out").string(), err = (dir.path() / "serve.err").string();
  const int port = start_server("", db, out, err, pid);
  ASSERT_GT(port, 0) << slurp(err);
  const Reply stats = get(port, "/stats");
  std::vector<std::pair<std::string, Reply>> followed;
  long players = 0, games = 0;
  for (const std::string& l : links(stats.body)) {
    if (l.rfind("#", 0) == 0) continue;
    players += l.rfind("/player?name=", 0) == 0;
    games += l.rfind("/game/", 0) == 0;
    followed.emplace_back(l, get(port, l));
  }
  ::kill(pid, SIGKILL);
  EXPECT_EQ(stats.status, 200);
  expect_valid_html(stats.body, "/stats");
  EXPECT_NE(stats.body.find("Each game opens in gibo serve's viewer at the judged position."), std::string::npos);
  EXPECT_EQ(stats.body.find("gibo serve --db ARCHIVE shows this report"), std::string::npos);
  EXPECT_GT(games, 0);
  EXPECT_GE(players, 4);  // the top players and the play-quality table, both games' players analysed
  long with_quality = 0;
  for (const auto& [link, reply] : followed) {
    EXPECT_EQ(reply.status, 200) << link;
    if (link.rfind("/player?name=", 0) != 0) continue;
    // The page is the linked player's: its heading is the name the link carries.
    std::string name;
    for (std::size_t i = 13; i < link.size(); ++i) {
      if (link[i] == '%' && i + 2 < link.size()) name += static_cast<char>(std::stoi(link.substr(i + 1, 2), nullptr, 16)), i += 2;
      else name += link[i];
    }
    if (name.find_first_of("&<>\"'") == std::string::npos) {
      EXPECT_NE(reply.body.find("<h1>" + name + "</h1>"), std::string::npos) << link;
    }
    with_quality += reply.body.find("<h2>Play quality</h2>") != std::string::npos;
  }
  EXPECT_GT(with_quality, 0);
}

}  // namespace
