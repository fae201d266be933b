// What every fuzz target counts as a finding besides a crash or a sanitizer
// report: an exception that hypercast's main (gen/cli/main.cpp) or a harness
// would report as an internal error, that is anything but hypercast::Error
// (a user's mistake, one line) and the outcomes a target lists as expected
// (cli::HelpRequested). It aborts, so libFuzzer keeps the input.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>

#include "util/error.h"

// Runs `body`; hypercast::Error and the `Expected` exceptions are refusals,
// any other exception aborts naming it as the internal error it would be.
template <class... Expected, class Body>
void onlyRefusals(Body body) {
  try {
    body();
  } catch (const hypercast::Error&) {
  } catch (const std::exception& e) {
    if ((... || (dynamic_cast<const Expected*>(&e) != nullptr))) return;
    std::fprintf(stderr, "internal error: %s\n", e.what());
    std::abort();
  } catch (...) {
    std::fprintf(stderr, "internal error: an exception that is no std::exception\n");
    std::abort();
  }
}
