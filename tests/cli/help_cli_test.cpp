// The commands' reference pages (src/cli/help/): one page a command and a command a page;
// --help prints -h's text and then the page, as the renderer makes it from the file in the
// source tree; `help --roff` gives help2man the same page; the renderer's rules on small
// pages; stats' --where fields, listed by the program, are the ones its page describes.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "cli/help_page.h"
#include "run_gibo.h"

namespace fs = std::filesystem;
using namespace gibo::testing;
using gibo::cli::help_page_roff;
using gibo::cli::help_page_text;

namespace {

const fs::path kPages = fs::path(GIBO_SAMPLES).parent_path() / "src" / "cli" / "help";

// The commands `gibo help` lists.
std::set<std::string> listed_commands() {
  const Result r = run_gibo({"help"});
  std::set<std::string> names;
  const std::regex line("\n  ([a-z]+)  ");
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), line); it != std::sregex_iterator(); ++it)
    names.insert((*it)[1]);
  return names;
}

std::set<std::string> page_files() {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(kPages))
    if (entry.path().extension() == ".md" && entry.path().filename() != "README.md") names.insert(entry.path().stem());
  return names;
}

}  // namespace

TEST(HelpPages, OnePageACommandAndACommandAPage) {
  const std::set<std::string> commands = listed_commands();
  ASSERT_GE(commands.size(), 14u);
  EXPECT_EQ(page_files(), commands);
  // Each starts with its title and its examples (the man page's EXAMPLES, --help's "examples:").
  for (const std::string& command : commands)
    EXPECT_EQ(slurp(kPages / (command + ".md")).rfind("# gibo " + command + "\n\n```sh", 0), 0u) << command;
}

TEST(HelpPages, HelpIsTheOptionsThenThePageFromItsFile) {
  for (const std::string& command : listed_commands()) {
    const std::string page = slurp(kPages / (command + ".md"));
    ASSERT_FALSE(page.empty()) << command;
    const Result brief = run_gibo({command, "-h"});
    const Result full = run_gibo({command, "--help"});
    EXPECT_EQ(brief.status, 0) << command;
    EXPECT_EQ(full.status, 0) << command;
    EXPECT_EQ(full.out, brief.out + "\n" + help_page_text(page)) << command;
    EXPECT_EQ(run_gibo({"help", command}).out, full.out) << command;
    EXPECT_EQ(brief.out.find("examples:"), std::string::npos) << command;  // the page is --help's alone
    const Result roff = run_gibo({"help", "--roff", command});
    EXPECT_EQ(roff.status, 0) << command;
    EXPECT_EQ(roff.out, help_page_roff(page)) << command;
  }
  EXPECT_EQ(run_gibo({"help", "--roff", "nothing"}).status, 2);
  EXPECT_EQ(run_gibo({"help", "--roff"}).status, 2);
}

TEST(HelpPages, TextRendering) {
  const std::string page =
      "# gibo demo\n"
      "\n"
      "```sh\n"
      "build/gibo demo `x` [a](b) --flag   # exit 1\n"
      "cat f | build/gibo demo -\n"
      "```\n"
      "\n"
      "Reads **files**, `--strict` marks, *unannotated* games, [the spec](../../../formats/gib/README.md)\n"
      "and \\| bars; [not a link.\n"
      "\n"
      "```\n"
      "output `kept` as [it](is)\n"
      "```\n"
      "## More\n"
      "| `a` | b \\| c |\n";
  EXPECT_EQ(help_page_text(page),
            "examples:\n"
            "  gibo demo `x` [a](b) --flag   # exit 1\n"
            "  cat f | gibo demo -\n"
            "\n"
            "Reads files, --strict marks, unannotated games, the spec\n"
            "and | bars; [not a link.\n"
            "\n"
            "  output `kept` as [it](is)\n"
            "More\n"
            "| a | b | c |\n");
  // No leading example block: no "examples:" heading; a later block is indented all the same.
  EXPECT_EQ(help_page_text("# gibo x\n\nText.\n\n```sh\nbuild/gibo x\n```\n"), "Text.\n\n  gibo x\n");
  // build/gibo is the program only as a word of its own.
  EXPECT_EQ(help_page_text("# gibo x\n\n```sh\nls build/gibo-sample build/gibo\n```\n"),
            "examples:\n  ls build/gibo-sample gibo\n");
}

TEST(HelpPages, RoffRendering) {
  const std::string page =
      "# gibo demo\n"
      "\n"
      "```sh\n"
      "build/gibo demo --flag 'a\\b'\n"
      "```\n"
      "\n"
      "Reads **files** with `--strict` and *emphasis*,\n"
      ".dots and 'quotes at a line's start, [a link](x) and\n"
      "/routes or [sections] at a line's start.\n"
      "\n"
      "* a bullet\n"
      "\n"
      "| t | u |\n"
      "\n"
      "```\n"
      "out-put\n"
      "```\n";
  EXPECT_EQ(help_page_roff(page),
            "[DESCRIPTION]\n"
            "Reads \\fBfiles\\fR with \\fB\\-\\-strict\\fR and \\fIemphasis\\fR,\n"
            "\\&.dots and 'quotes at a line's start, a link and\n"
            "\\&/routes or [sections] at a line's start.\n"
            ".PP\n"
            ".IP \\(bu 2\n"
            "a bullet\n"
            ".PP\n"
            ".PP\n.nf\n"
            "| t | u |\n"
            ".fi\n"
            ".PP\n"
            ".PP\n.nf\n.RS 2\n"
            "out\\-put\n"
            ".RE\n.fi\n"
            "\n[EXAMPLES]\n.nf\n"
            "gibo demo \\-\\-flag 'a\\eb'\n"
            ".fi\n");
}

// The fields `gibo stats -h` lists (from the facts view the queries run on) are the ones
// the page's table describes, no more and no fewer.
TEST(HelpPages, StatsPageDescribesEveryWhereField) {
  const Result r = run_gibo({"stats", "-h"});
  const std::size_t from = r.out.find("fields of --where");
  ASSERT_NE(from, std::string::npos) << r.out;
  std::set<std::string> listed;
  const std::regex field("\n  ([a-z_]+) +");
  const std::string tail = r.out.substr(from);
  for (auto it = std::sregex_iterator(tail.begin(), tail.end(), field); it != std::sregex_iterator(); ++it)
    listed.insert((*it)[1]);
  std::set<std::string> described;
  const std::string page = slurp(kPages / "stats.md");
  const std::regex row("\n\\| ((?:`[a-z_]+`(?:, )?)+) \\|");
  const std::regex name("`([a-z_]+)`");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), row); it != std::sregex_iterator(); ++it) {
    const std::string cell = (*it)[1];
    for (auto n = std::sregex_iterator(cell.begin(), cell.end(), name); n != std::sregex_iterator(); ++n)
      described.insert((*n)[1]);
  }
  EXPECT_GE(listed.size(), 40u);
  EXPECT_EQ(described, listed);
}

// The README's table of commands is `gibo help`'s list, row for row: the name (linked to its
// page) and the summary the program gives (which is also the man page's NAME line).
TEST(HelpPages, ReadmeTableIsTheCommandList) {
  const Result r = run_gibo({"help"});
  std::vector<std::pair<std::string, std::string>> listed, tabled;
  const std::regex line("\n  ([a-z]+) +([^\n]+)");
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), line); it != std::sregex_iterator(); ++it)
    listed.emplace_back((*it)[1], (*it)[2]);
  const std::string readme = slurp(fs::path(GIBO_SAMPLES).parent_path() / "README.md");
  const std::regex row("\n\\| \\[`([a-z]+)`\\]\\(src/cli/help/([a-z]+)\\.md\\) \\| ([^\n]+) \\|");
  for (auto it = std::sregex_iterator(readme.begin(), readme.end(), row); it != std::sregex_iterator(); ++it) {
    EXPECT_EQ((*it)[1], (*it)[2]) << "the row of " << (*it)[1] << " links another command's page";
    tabled.emplace_back((*it)[1], (*it)[3]);
  }
  ASSERT_GE(listed.size(), 14u);
  EXPECT_EQ(tabled, listed);
}
