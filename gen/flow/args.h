// The command line, parsed by CLI11 from tables of options.
//
// Every command describes its options as a table of OptionSpec (an empty
// metavariable makes a boolean flag); Args builds a CLI11 app from the table,
// parses `--name VALUE`, `--name=VALUE` and `--flag`, and generates `--help`
// from the same table. Adding an option is one OptionSpec line. Unknown options,
// missing values, stray words and options given twice are one-line Errors
// (util/error.h) in hypercast's own words; CLI11's exceptions never leave here.
#pragma once

#include <exception>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "topology/registry.h"
#include "util/params.h"
#include "util/parse_number.h"

namespace hypercast {
namespace flow {

struct OptionSpec {
  OptionSpec(std::string name_, std::string value_, std::string help_, bool short_form_ = false,
             std::string alias_ = "")
      : name(std::move(name_)),
        value(std::move(value_)),
        help(std::move(help_)),
        short_form(short_form_),
        alias(std::move(alias_)) {}
  std::string name;         // without "--"
  std::string value;        // metavariable, empty for a boolean flag
  std::string help;         // one or more lines (continuation lines are indented for you)
  bool short_form = false;  // one dash: {"j", "N", ..., true} is -j N
  std::string alias;        // a one-letter short form besides --name: "o" makes -o, --output
};

// How the option is typed: "--name", or "-j" for a short form.
std::string optionWord(const OptionSpec& s);
// Every way to type it, for help: "-o, --output".
std::string optionWords(const OptionSpec& s);

// What `hypercast COMMAND --help` prints around the generated option list:
// the description, "usage: <synopsis>", the options, the footer.
struct CommandHelp {
  std::string synopsis;     // "hypercast info [--topology T] [its options] [--json]"
  std::string description;  // paragraphs before the usage line
  std::string footer;       // after the options (may be empty)
};

// Thrown by Args for --help (and by parseTopLevel for --help and --version):
// main() prints text() on stdout and exits 0.
class HelpRequested : public std::exception {
 public:
  explicit HelpRequested(std::string text) : text_(std::move(text)) {}
  const std::string& text() const { return text_; }
  const char* what() const noexcept override { return "help requested"; }

 private:
  std::string text_;
};

class Args : public Params {
 public:
  // Parses the words after the command's name. Throws Error on bad input and
  // HelpRequested for --help (or -h). Up to `max_words` words that are no
  // option nor an option's value are kept in order (words()); more are an error.
  Args(const std::string& command, const std::vector<OptionSpec>& specs,
       const std::vector<std::string>& words, const CommandHelp& help = {}, size_t max_words = 0);

  // The words that are no option (`hypercast regress run DIR`: "run", "DIR").
  const std::vector<std::string>& words() const { return words_; }

 private:
  std::string wordOf(const std::string& name) const override;
  std::vector<std::string> words_;
  std::vector<std::string> short_;  // names with a short form
};

// The top level, `hypercast [--help | --version]`, for words that do not start
// with a command name: throws HelpRequested for --help, -h and help (the help
// lists `commands`: name, one-line summary) and for --version, and Error for
// anything else (an unknown command or option). No words: returns the help
// text (the caller prints it and fails: a command is needed).
struct CommandSummary {
  std::string name;
  std::string summary;
};
std::string parseTopLevel(const std::vector<std::string>& words,
                          const std::vector<CommandSummary>& commands, const CommandHelp& help,
                          const std::string& version);

}  // namespace flow
}  // namespace hypercast
