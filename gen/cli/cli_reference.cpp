#include "cli/cli_reference.h"

#include <sstream>

#include "cli/commands.h"

namespace hypercast {
namespace cli {

namespace {

// A table cell: one line, pipes escaped.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') {
      out += ' ';
    } else if (c == '|') {
      out += "\\|";
    } else {
      out += c;
    }
  }
  return out;
}

std::string oneLine(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '\n' ? ' ' : c;
  return out;
}

}  // namespace

std::string cliReference() {
  std::ostringstream md;
  const CommandHelp top = topLevelHelp();
  md << "# Command-line reference\n\n"
     << "Generated from the command and option tables (`gen/cli/`); "
        "`make cli-doc` rewrites it and a test keeps it current. "
        "The [user guide](user-guide.md) explains the commands with examples.\n\n"
     << "```\nusage: " << top.synopsis << "\n```\n\n"
     << top.footer << "\n\n| command | what it does |\n|---|---|\n";
  for (const Command& c : commandTable()) {
    md << "| [`" << c.name << "`](#" << c.name << ") | " << cell(c.summary) << " |\n";
  }
  for (const Command& c : commandTable()) {
    const CommandHelp h = c.help();
    md << "\n## " << c.name << "\n\n"
       << oneLine(c.summary) << ".\n\n```\nusage: " << h.synopsis << "\n```\n\n";
    if (!h.description.empty())
      md << "```\n" << h.description << (h.description.back() == '\n' ? "" : "\n") << "```\n\n";
    md << "| option | value | meaning |\n|---|---|---|\n";
    for (const OptionSpec& o : c.options()) {
      md << "| `" << optionWords(o) << "` | " << (o.value.empty() ? "" : "`" + cell(o.value) + "`")
         << " | " << cell(o.help) << " |\n";
    }
    if (!h.footer.empty())
      md << "\n```\n" << h.footer << (h.footer.back() == '\n' ? "" : "\n") << "```\n";
  }
  return md.str();
}

}  // namespace cli
}  // namespace hypercast
