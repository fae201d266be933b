// What `regress run` shows while it works, on stderr. On a terminal: one line
// redrawn in place,
//   [#########-----------] 17/40  passed 15  failed 2  running 2  0:42  ~1:05 left
// with each failure printed above it as it happens. Elsewhere (a log, CI):
// a plain line per finished job, "[17/40] FAIL q3.te.cosim (2.1 s): <why>".
#pragma once

#include <chrono>
#include <ostream>
#include <string>

namespace hypercast {
namespace regress {

class ProgressBar {
 public:
  // `total` jobs of which `already` were complete before this run.
  ProgressBar(std::ostream& os, bool tty, int total, int already);
  void finished(const std::string& id, const std::string& status, double seconds,
                const std::string& message);
  // Redraws the bar on a terminal (at most 5 times a second); `running` jobs.
  void tick(int running);
  // Ends the bar's line.
  void end();

  // The bar's text for these counts (tests).
  static std::string line(int total, int done, int failed, int running, double elapsed,
                          double estimate, int width = 20);
  // "1:05", "1:02:03"; "?" for a negative time.
  static std::string clock(double seconds);

 private:
  void draw(int running);
  std::ostream& os_;
  bool tty_;
  int total_, done_, failed_ = 0, run_done_ = 0, running_ = 0;
  std::chrono::steady_clock::time_point start_, drawn_;
  bool shown_ = false;
};

}  // namespace regress
}  // namespace hypercast
