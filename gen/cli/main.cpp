// hypercast: generates interconnection-network hardware and proves it right.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/version.h"

namespace {

// Whether the working folder was removed from under this process (getcwd fails
// with ENOENT): then a relative path cannot be resolved, which is the
// caller's setup to fix, not an internal error.
bool workingFolderGone() {
  char buf[4096];
  return ::getcwd(buf, sizeof buf) == nullptr && errno == ENOENT;
}

}  // namespace

int main(int argc, char** argv) {
  using hypercast::cli::Command;
  std::vector<std::string> words(argv + 1, argv + argc);
  // SIGINT/SIGTERM: children stopped, temporary files removed, this one line,
  // exit 130/143 (util/interrupt.h).
  hypercast::interrupt::install("hypercast: interrupted\n");
  try {
    const Command* cmd = nullptr;
    for (const Command& c : hypercast::cli::commandTable()) {
      if (!words.empty() && words.front() == c.name) cmd = &c;
    }
    if (!cmd) {
      // No command: --help, --version, or an error; no words at all: the help, and failure.
      std::vector<hypercast::cli::CommandSummary> list;
      for (const Command& c : hypercast::cli::commandTable()) list.push_back({c.name, c.summary});
      // Only reached without words (a word is a command, --help, --version or
      // an error): the usage on stderr, and failure.
      std::cerr << hypercast::cli::parseTopLevel(words, list, hypercast::cli::topLevelHelp(),
                                                 hypercast::kVersion);
      return 2;
    }
    words.erase(words.begin());
    const hypercast::cli::Args args(cmd->name, cmd->options(), words, cmd->help(), cmd->words);
    const int code = cmd->run(args);
    // A signal that came as the last child ended still counts.
    if (const int sig = hypercast::interrupt::pending()) return hypercast::interrupt::finish(sig);
    return code;
  } catch (const hypercast::cli::HelpRequested& h) {
    std::cout << h.text();
    return 0;
  } catch (const hypercast::interrupt::Interrupted& e) {
    return hypercast::interrupt::finish(e.signal());
  } catch (const hypercast::Error& e) {
    if (const int sig = hypercast::interrupt::pending()) return hypercast::interrupt::finish(sig);
    hypercast::interrupt::removeRegistered();
    std::cerr << "hypercast: " << hypercast::oneLine(e.what()) << "\n";
    return 2;
  } catch (const std::exception& e) {
    if (const int sig = hypercast::interrupt::pending()) return hypercast::interrupt::finish(sig);
    hypercast::interrupt::removeRegistered();
    if (workingFolderGone()) {
      std::cerr << "hypercast: the working folder no longer exists; change to an existing "
                   "folder\n";
      return 2;
    }
    std::cerr << "hypercast: internal error: " << hypercast::oneLine(e.what()) << "\n";
    return 3;
  }
}
