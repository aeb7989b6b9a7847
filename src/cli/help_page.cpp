// A command's reference page for the terminal and for help2man (help_page.h). The pages
// use a small part of Markdown (src/cli/help/README.md): a "# gibo COMMAND" title, fenced
// blocks, paragraphs, **bold** run-in heads, *emphasis*, `code`, [text](link), bullets ("* ") and
// tables ("| a | b |"). Anything else is printed as written.
#include "help_page.h"

#include <cctype>
#include <sstream>

namespace gibo::cli {

namespace {

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// How an inline mark is written: the text form drops the marks, the roff form sets code
// and bold in bold.
struct InlineStyle {
  std::string_view bold_on, bold_off, italic_on;  // bold_off ends italic too
  bool roff;
};

void append_escaped(std::string& out, char c, const InlineStyle& style) {
  if (style.roff && c == '\\') out += "\\e";
  else if (style.roff && c == '-') out += "\\-";
  else out += c;
}

// `line` as roff text, every character as written.
std::string roff_escaped(std::string_view line) {
  std::string out;
  for (char c : line) append_escaped(out, c, {"", "", "", true});
  return out;
}

// `line` with its inline marks resolved: `code` and **bold** in `style`'s bold (nothing
// for text), [text](link) as its text, a backslash escape as the character.
std::string inline_marks(std::string_view line, const InlineStyle& style) {
  std::string out;
  bool code = false, bold = false, italic = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '`') {
      code = !code;
      out += code ? style.bold_on : style.bold_off;
    } else if (code) {
      append_escaped(out, c, style);
    } else if (starts_with(line.substr(i), "**")) {
      bold = !bold;
      out += bold ? style.bold_on : style.bold_off;
      ++i;
    } else if (c == '*' && !italic && i + 1 < line.size() && std::isalnum(static_cast<unsigned char>(line[i + 1]))) {
      italic = true;  // *emphasis*, as roff's italic
      out += style.italic_on;
    } else if (c == '*' && italic && i > 0 && std::isalnum(static_cast<unsigned char>(line[i - 1]))) {
      italic = false;
      out += style.bold_off;
    } else if (c == '\\' && i + 1 < line.size() && std::ispunct(static_cast<unsigned char>(line[i + 1]))) {
      append_escaped(out, line[++i], style);
    } else if (c == '[') {
      // [text](link): the text alone; a bracket that opens no link is itself.
      const std::size_t close = line.find("](", i);
      const std::size_t end = close == std::string_view::npos ? close : line.find(')', close);
      if (end == std::string_view::npos) {
        out += c;
        continue;
      }
      out += inline_marks(line.substr(i + 1, close - i - 1), style);
      i = end;
    } else {
      append_escaped(out, c, style);
    }
  }
  return out;
}

// An example command as an installed program is run: "build/gibo" is "gibo".
std::string installed_command(std::string_view line) {
  std::string out(line);
  for (std::size_t at = out.find("build/gibo"); at != std::string::npos; at = out.find("build/gibo", at)) {
    const std::size_t after = at + 10;
    const bool word_start = at == 0 || out[at - 1] == ' ' || out[at - 1] == '|' || out[at - 1] == '(';
    const bool word_end = after == out.size() || out[after] == ' ';
    if (word_start && word_end) out.erase(at, 6);
    else at = after;
  }
  return out;
}

// The page in parts: the leading example block (a ```sh block before any text; empty when
// the page starts otherwise) and the rest, title left out.
struct PageParts {
  std::vector<std::string> examples;
  std::vector<std::string> rest;
};

PageParts page_parts(std::string_view markdown) {
  PageParts parts;
  const std::vector<std::string> lines = lines_of(markdown);
  std::size_t i = 0;
  if (i < lines.size() && starts_with(lines[i], "# ")) ++i;
  while (i < lines.size() && lines[i].empty()) ++i;
  if (i < lines.size() && starts_with(lines[i], "```sh")) {
    for (++i; i < lines.size() && !starts_with(lines[i], "```"); ++i) parts.examples.push_back(lines[i]);
    ++i;
    while (i < lines.size() && lines[i].empty()) ++i;
  }
  parts.rest.assign(lines.begin() + static_cast<std::ptrdiff_t>(std::min(i, lines.size())), lines.end());
  while (!parts.rest.empty() && parts.rest.back().empty()) parts.rest.pop_back();
  return parts;
}

std::string_view heading_text(std::string_view line) {
  while (!line.empty() && line.front() == '#') line.remove_prefix(1);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  return line;
}

}  // namespace

std::string help_page_text(std::string_view markdown) {
  const PageParts parts = page_parts(markdown);
  const InlineStyle style{"", "", "", false};
  std::string out;
  if (!parts.examples.empty()) {
    out += "examples:\n";
    for (std::string_view line : parts.examples) out += "  " + installed_command(line) + "\n";
    if (!parts.rest.empty()) out += "\n";
  }
  bool fence = false;
  for (std::string_view line : parts.rest) {
    if (starts_with(line, "```")) {
      fence = !fence;
      continue;
    }
    if (fence) out += "  " + installed_command(line) + "\n";
    else if (starts_with(line, "#")) out += std::string(heading_text(line)) + "\n";
    else out += inline_marks(line, style) + "\n";
  }
  return out;
}

std::string help_page_roff(std::string_view markdown) {
  const PageParts parts = page_parts(markdown);
  const InlineStyle style{"\\fB", "\\fR", "\\fI", true};
  const InlineStyle plain{"", "", "", true};
  // A line roff or help2man could take for a request or a section of its own.
  auto safe = [](std::string line) {
    if (!line.empty() && (line.front() == '.' || line.front() == '\'' || line.front() == '[' || line.front() == '/'))
      line.insert(0, "\\&");
    return line + "\n";
  };
  std::string out = "[DESCRIPTION]\n";
  bool fence = false, table = false;
  for (std::string_view line : parts.rest) {
    const bool table_row = !fence && starts_with(line, "|");
    if (table && !table_row) out += ".fi\n";
    if (table_row && !table) out += ".PP\n.nf\n";
    table = table_row;
    if (starts_with(line, "```")) {
      fence = !fence;
      out += fence ? ".PP\n.nf\n.RS 2\n" : ".RE\n.fi\n";
    } else if (fence) {
      out += safe(roff_escaped(installed_command(line)));
    } else if (table_row) {
      out += safe(inline_marks(line, plain));
    } else if (line.empty()) {
      out += ".PP\n";
    } else if (starts_with(line, "#")) {
      out += ".SS " + inline_marks(heading_text(line), plain) + "\n";
    } else if (starts_with(line, "* ")) {
      out += ".IP \\(bu 2\n" + safe(inline_marks(line.substr(2), style));
    } else {
      out += safe(inline_marks(line, style));
    }
  }
  if (table) out += ".fi\n";
  if (!parts.examples.empty()) {
    out += "\n[EXAMPLES]\n.nf\n";
    for (std::string_view line : parts.examples) out += safe(roff_escaped(installed_command(line)));
    out += ".fi\n";
  }
  return out;
}

}  // namespace gibo::cli
