#include "regress/progress_bar.h"

#include <cmath>
#include <cstdio>

namespace hypercast {
namespace regress {

ProgressBar::ProgressBar(std::ostream& os, bool tty, int total, int already)
    : os_(os),
      tty_(tty),
      total_(total),
      done_(already),
      start_(std::chrono::steady_clock::now()),
      drawn_(start_ - std::chrono::seconds(1)) {}

std::string ProgressBar::clock(double seconds) {
  if (seconds < 0 || !std::isfinite(seconds)) return "?";
  const long s = std::lround(seconds);
  char b[32];
  if (s >= 3600) {
    std::snprintf(b, sizeof b, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(b, sizeof b, "%ld:%02ld", s / 60, s % 60);
  }
  return b;
}

std::string ProgressBar::line(int total, int done, int failed, int running, double elapsed,
                              double estimate, int width) {
  const int filled = total > 0 ? done * width / total : width;
  std::string bar = "[" + std::string(filled, '#') + std::string(width - filled, '-') + "]";
  char b[160];
  std::snprintf(b, sizeof b, " %d/%d  passed %d  failed %d  running %d  %s  ~%s left", done, total,
                done - failed, failed, running, clock(elapsed).c_str(), clock(estimate).c_str());
  return bar + b;
}

void ProgressBar::draw(int running) {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  // Jobs of this run so far set the pace for the rest (-j included).
  const int left = total_ - done_;
  const double estimate = left == 0 ? 0 : run_done_ > 0 ? elapsed / run_done_ * left : -1;
  os_ << "\r" << line(total_, done_, failed_, running, elapsed, estimate) << "\x1b[K" << std::flush;
  drawn_ = now;
  shown_ = true;
}

void ProgressBar::finished(const std::string& id, const std::string& status, double seconds,
                           const std::string& message) {
  ++done_;
  ++run_done_;
  if (status != "pass") ++failed_;
  char t[32];
  std::snprintf(t, sizeof t, "%.1f s", seconds);
  const std::string text = (status == "pass"   ? "PASS "
                            : status == "fail" ? "FAIL "
                                               : "ERROR ") +
                           id + " (" + t + ")" + (message.empty() ? "" : ": " + message);
  if (tty_) {
    if (status != "pass") os_ << "\r\x1b[K" << text << "\n";
    draw(running_);
  } else {
    os_ << "[" << done_ << "/" << total_ << "] " << text << "\n" << std::flush;
  }
}

void ProgressBar::tick(int running) {
  running_ = running;
  if (!tty_) return;
  if (std::chrono::steady_clock::now() - drawn_ < std::chrono::milliseconds(200)) return;
  draw(running);
}

void ProgressBar::end() {
  if (tty_ && shown_) {
    draw(0);
    os_ << "\n" << std::flush;
  }
}

}  // namespace regress
}  // namespace hypercast
