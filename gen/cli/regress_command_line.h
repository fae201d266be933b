// The regression planner's view of this command line (regress/command_line.h):
// the options of the commands a job runs and the parsers that read a network's
// and a job's words exactly as those commands will.
#pragma once

#include "regress/command_line.h"

namespace hypercast {
namespace cli {

regress::CommandLine regressCommandLine();

}  // namespace cli
}  // namespace hypercast
