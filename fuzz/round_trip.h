// What the job-file fuzz target checks of each kind: a text the parser accepts (anything
// else must be refused with hypercast::Error) serializes to a text that parses
// again, to the same serialization. A change is a finding: it aborts.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "util/error.h"

template <class Job>
void checkRoundTrip(const std::string& text, Job (*parse)(const std::string&),
                    std::string (*serialize)(const Job&)) {
  Job job;
  try {
    job = parse(text);
  } catch (const hypercast::Error&) {
    return;
  }
  const std::string once = serialize(job);
  const std::string twice = serialize(parse(once));
  if (once != twice) {
    std::fprintf(stderr, "round trip changed the job:\n--- once\n%s--- twice\n%s", once.c_str(),
                 twice.c_str());
    std::abort();
  }
}
