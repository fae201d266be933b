// libFuzzer target: the regression plan (YAML, gen/regress/regress_plan.h),
// planned with the commands' own option tables (gen/flow), as `hypercast regress plan FILE` does.
// hypercast::Error (one line naming the file, line and key) is the expected refusal; any other
// exception (finding.h), a crash or a sanitizer report is a finding. The seeds
// (corpus/regress_plan) are the regression files of tests/regress.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "finding.h"
#include "regress/regress_plan.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace hypercast;
  if (size > 65536) return -1;  // a plan, not a data file
  // The planner reads a file (its errors name its lines): one per process.
  static const std::string path = "/tmp/hc-fuzz-plan-" + std::to_string(::getpid()) + ".yaml";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  const bool written = std::fwrite(data, 1, size, f) == size;
  std::fclose(f);
  if (!written) return 0;
  onlyRefusals([&] { (void)regress::planRegression(path); });
  return 0;
}
