// The command-line reference (docs/cli.md), generated from the command table
// and each command's option table: the same text `--help` prints, as Markdown.
// tests/test_cli_reference.cpp keeps docs/cli.md equal to it.
#pragma once

#include <string>

namespace hypercast {
namespace cli {

std::string cliReference();

}  // namespace cli
}  // namespace hypercast
