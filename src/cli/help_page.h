// A command's reference page: src/cli/help/COMMAND.md, the one text that `gibo COMMAND
// --help`, `gibo help COMMAND`, the man page gibo-COMMAND(1) and the README's command
// reference give (src/cli/help/README.md states the Markdown the pages may use).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gibo::cli {

struct HelpPage {
  const char* command;   // "validate"
  const char* markdown;  // the page as written, from its "# gibo COMMAND" line
};

// Every page, built into the program from src/cli/help/*.md (cmake/help_pages.cmake).
const std::vector<HelpPage>& help_pages();

// The page of `command`; nullptr when it has none.
inline const HelpPage* find_help_page(std::string_view command) {
  for (const HelpPage& page : help_pages())
    if (command == page.command) return &page;
  return nullptr;
}

// The page for a terminal, after a command's options: its title line left out, a leading
// example block under "examples:", every fenced block indented by two spaces with
// `build/gibo` written `gibo`, and the inline marks (`code`, **bold**, [text](link), \|) reduced to
// their text.
std::string help_page_text(std::string_view markdown);

// The page as help2man's include file (roff in sections): [DESCRIPTION] the text,
// [EXAMPLES] the leading example block; code as bold, blocks and tables unfilled.
std::string help_page_roff(std::string_view markdown);

}  // namespace gibo::cli
