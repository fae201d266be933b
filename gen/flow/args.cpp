#include "flow/args.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "flow/renamed_options.h"
#include "util/error.h"

namespace hypercast {
namespace flow {

namespace {

// Help as hypercast prints it: "usage: <synopsis>" (lower case, the synopsis
// given by the command), options in a group named "options".
class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter(std::string synopsis, size_t width) : synopsis_(std::move(synopsis)) {
    column_width(width);
  }
  std::string make_usage(const CLI::App*, std::string) const override {
    return "usage: " + synopsis_ + "\n";
  }

 private:
  std::string synopsis_;
};

// Where the help's second column starts: a command's options, the commands.
constexpr size_t kOptionColumn = 28;
constexpr size_t kCommandColumn = 13;

std::unique_ptr<CLI::App> newApp(const std::string& name, const CommandHelp& help, size_t width) {
  auto app = std::make_unique<CLI::App>(help.description, name);
  app->formatter(std::make_shared<HelpFormatter>(help.synopsis, width));
  app->footer(help.footer);
  app->option_defaults()->group("options");
  app->set_help_flag("-h,--help", "show this help");
  // Unknown words are collected, not thrown: they get hypercast's own message.
  app->allow_extras();
  return app;
}

// One option per table entry: a flag for an empty metavariable, an option with
// one value otherwise. Every occurrence is kept (given twice is our error).
std::unique_ptr<CLI::App> commandApp(const std::string& command,
                                     const std::vector<OptionSpec>& specs,
                                     const CommandHelp& help) {
  auto app = newApp("hypercast " + command, help, kOptionColumn);
  for (const OptionSpec& s : specs) {
    const std::string flag = (s.alias.empty() ? "" : "-" + s.alias + ",") + optionWord(s);
    CLI::Option* o = s.value.empty() ? app->add_flag(flag, s.help) : app->add_option(flag, s.help);
    if (!s.value.empty()) o->type_name(s.value);
    o->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
  return app;
}

// The help text, trimmed to one final newline.
std::string helpOf(const CLI::App& app) {
  std::string text = app.get_formatter()->make_help(&app, "", CLI::AppFormatMode::Normal);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text + "\n";
}

// "--name=value" -> "name"; "" for a word that is no long option.
std::string longName(const std::string& word) {
  if (word.size() < 3 || word.compare(0, 2, "--") != 0) return "";
  return word.substr(2,
                     word.find('=') == std::string::npos ? std::string::npos : word.find('=') - 2);
}

// Refuses a value given to a flag that takes none, an empty one included
// ("--help=foo", which CLI11 would otherwise read as a request for help, or
// "--json=", which it would take): "option --help takes no value".
void refuseFlagValues(const std::vector<std::string>& words, const std::vector<std::string>& flags,
                      const std::string& see) {
  for (const std::string& w : words) {
    for (const std::string& f : flags) {
      if (w.rfind(f + "=", 0) == 0) throw Error("option " + f + " takes no value" + see);
    }
  }
}

std::vector<std::string> reversed(const std::vector<std::string>& words) {
  return std::vector<std::string>(words.rbegin(), words.rend());
}

}  // namespace

Args::Args(const std::string& command, const std::vector<OptionSpec>& specs,
           const std::vector<std::string>& words, const CommandHelp& help, size_t max_words) {
  const std::string see = " (see 'hypercast " + command + " --help')";
  const auto app = commandApp(command, specs, help);
  refuseFlagValues(words, {"--help", "-h"}, see);
  // --help stands alone here too (but for regress's verb): an option or a
  // further word beside it is an error, not ignored. An option's value ("--out
  // -h") is no request for help.
  auto isHelp = [](const std::string& w) { return w == "--help" || w == "-h"; };
  auto takesValue = [&](const std::string& w) {
    for (const OptionSpec& s : specs) {
      if (!s.value.empty() && (w == "--" + s.name || (s.short_form && w == optionWord(s)))) {
        return true;
      }
    }
    return false;
  };
  std::string asks;
  for (size_t i = 0; i < words.size(); ++i) {
    if (isHelp(words[i]) && asks.empty()) asks = words[i];
    if (takesValue(words[i])) ++i;
  }
  if (!asks.empty()) {
    size_t bare = 0;
    for (const std::string& w : words) {
      if (w == asks) continue;
      const bool word = !w.empty() && w[0] != '-';
      if (word && ++bare <= std::min<size_t>(max_words, 1)) continue;
      throw Error("unexpected argument '" + w + "' with " + asks + " (it stands alone; " +
                  see.substr(2));
    }
  }
  std::vector<std::string> flags;
  for (const OptionSpec& s : specs) {
    if (s.value.empty()) flags.push_back("--" + s.name);
  }
  refuseFlagValues(words, flags, see);
  try {
    std::vector<std::string> args = reversed(words);
    app->parse(args);
  } catch (const CLI::CallForHelp&) {
    throw HelpRequested(helpOf(*app));
  } catch (const CLI::ArgumentMismatch& e) {
    // An option that takes a value came last, without one.
    const std::string last = words.empty() ? "" : words.back();
    const std::string name = longName(last);
    for (const OptionSpec& s : specs) {
      if ((s.short_form ? optionWord(s) == last : s.name == name) && !s.value.empty()) {
        throw Error("option " + optionWord(s) + " needs a value " + s.value);
      }
    }
    throw Error(e.what() + see);
  } catch (const CLI::ParseError& e) {
    throw Error(e.what() + see);
  }
  for (const std::string& word : app->remaining()) {
    const std::string name = longName(word);
    const bool bare = word.empty() || word[0] != '-' || word == "-";
    if (bare && words_.size() < max_words) {
      words_.push_back(word);
      continue;
    }
    const bool short_option = word.size() == 2 && word[0] == '-' && word[1] != '-';
    if (short_option) {
      if (const char* why = renamedOption(command, word)) {
        throw Error(std::string(why) + " ('hypercast " + command + " --help' lists the options)");
      }
      throw Error("unknown option " + word + " for 'hypercast " + command + "'" + see);
    }
    if (name.empty()) throw Error("unexpected argument '" + word + "'" + see);
    if (const char* why = renamedOption(command, name)) {
      throw Error(std::string(why) + " ('hypercast " + command + " --help' lists the options)");
    }
    throw Error("unknown option " + word.substr(0, word.find('=')) + " for 'hypercast " + command +
                "'" + see);
  }
  for (const OptionSpec& s : specs) {
    if (s.short_form) short_.push_back(s.name);
    const std::string flag = optionWord(s);
    const CLI::Option* o = app->get_option(flag);
    const std::vector<std::string>& results = o->results();
    if (results.empty()) continue;
    if (results.size() > 1) throw Error("option " + flag + " given twice");
    // CLI11 gives a flag "true", or the text of --flag=TEXT.
    if (s.value.empty() && results.front() != "true") {
      throw Error("option " + flag + " takes no value");
    }
    values_[s.name] = s.value.empty() ? "1" : results.front();
  }
}

std::string parseTopLevel(const std::vector<std::string>& words,
                          const std::vector<CommandSummary>& commands, const CommandHelp& help,
                          const std::string& version) {
  const auto app = newApp("hypercast", help, kCommandColumn);
  app->set_version_flag("--version", "hypercast " + version, "print the version");
  for (const CommandSummary& c : commands)
    app->add_subcommand(c.name, c.summary)->group("commands");
  const std::string text = helpOf(*app);
  if (words.empty()) return text;
  // --help, help and --version stand alone: a word after them is an error, not ignored.
  auto alone = [](const std::string& w) { return w == "--help" || w == "-h" || w == "--version"; };
  const auto it =
      words.front() == "help" ? words.begin() : std::find_if(words.begin(), words.end(), alone);
  if (it != words.end() && words.size() > 1) {
    const std::string& other = it == words.begin() ? words[1] : words.front();
    throw Error("unexpected argument '" + other + "' with " + *it +
                " (it stands alone; see 'hypercast --help')");
  }
  refuseFlagValues(words, {"--version", "--help"}, "");
  if (words.front() == "help") throw HelpRequested(text);
  std::string names;
  for (const CommandSummary& c : commands) names += (names.empty() ? "" : ", ") + c.name;
  try {
    std::vector<std::string> args = reversed(words);
    app->parse(args);
  } catch (const CLI::CallForHelp&) {
    throw HelpRequested(text);
  } catch (const CLI::CallForVersion& e) {
    throw HelpRequested(std::string(e.what()) + "\n");
  } catch (const CLI::ParseError& e) {
    throw Error(std::string(e.what()) + " (see 'hypercast --help')");
  }
  const std::vector<std::string> extra = app->remaining();
  if (extra.empty() || extra.front().empty() || extra.front()[0] != '-') {
    const std::string word = extra.empty() ? words.front() : extra.front();
    throw Error("unknown command '" + word + "' (commands: " + names + ")");
  }
  throw Error("unknown option " + extra.front() +
              " (options go after the command: hypercast COMMAND [options]; commands: " + names +
              ")");
}

std::string optionWord(const OptionSpec& s) { return (s.short_form ? "-" : "--") + s.name; }

std::string optionWords(const OptionSpec& s) {
  return (s.alias.empty() ? "" : "-" + s.alias + ", ") + optionWord(s);
}

std::string Args::wordOf(const std::string& name) const {
  for (const std::string& s : short_) {
    if (s == name) return "-" + name;
  }
  return "--" + name;
}

}  // namespace flow
}  // namespace hypercast
