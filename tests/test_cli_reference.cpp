// docs/cli.md is the command-line reference generated from the command and
// option tables (gen/cli/cli_reference.h): it must equal what the tables give
// now, so an option added, renamed or removed without `make cli-doc` fails here.
// With HC_UPDATE_DOCS=1 the test rewrites the file instead (what `make cli-doc` runs).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/cli_reference.h"
#include "cli/commands.h"

namespace {

const std::string kPath = std::string(HC_SOURCE_DIR) + "/docs/cli.md";

TEST(CliReference, DocsCliMdIsCurrent) {
  const std::string want = hypercast::cli::cliReference();
  if (const char* u = std::getenv("HC_UPDATE_DOCS"); u && std::string(u) == "1") {
    std::ofstream(kPath) << want;
  }
  std::ifstream f(kPath);
  ASSERT_TRUE(f) << kPath << " is missing (make cli-doc)";
  std::stringstream have;
  have << f.rdbuf();
  EXPECT_EQ(have.str(), want) << kPath << " is not what the option tables give: run make cli-doc";
}

TEST(CliReference, ListsEveryCommandAndOption) {
  const std::string md = hypercast::cli::cliReference();
  for (const auto& c : hypercast::cli::commandTable()) {
    EXPECT_NE(md.find("\n## " + c.name + "\n"), std::string::npos) << c.name;
    for (const auto& o : c.options()) {
      EXPECT_NE(md.find("| `" + hypercast::cli::optionWords(o) + "` |"), std::string::npos)
          << c.name << " " << o.name;
    }
  }
}

}  // namespace
