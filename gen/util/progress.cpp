#include "util/progress.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <utility>

namespace hypercast {

namespace {

constexpr double kQuietSeconds = 2;  // a step shorter than this shows nothing
constexpr int kBarWidth = 20;
constexpr auto kRedraw = std::chrono::milliseconds(200);   // a terminal's bar: 5 a second
constexpr auto kMinTick = std::chrono::milliseconds(200);  // the heartbeat, off a terminal

double seconds(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace

bool Progress::stderrIsTerminal() {
  const char* term = std::getenv("TERM");
  return ::isatty(2) && !(term && std::string(term) == "dumb");
}

double Progress::intervalSeconds() {
  if (const char* s = std::getenv("HYPERCAST_PROGRESS_SECONDS")) {
    char* end = nullptr;
    const double v = std::strtod(s, &end);
    if (end != s && *end == '\0' && std::isfinite(v) && v >= 0) return v;
  }
  return 10;
}

std::string Progress::clock(double secs) {
  if (secs < 0 || !std::isfinite(secs)) return "?";
  const long s = std::lround(secs);
  char b[32];
  if (s >= 3600) {
    std::snprintf(b, sizeof b, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(b, sizeof b, "%ld:%02ld", s / 60, s % 60);
  }
  return b;
}

Progress::Progress(std::string label, long long total, Options options)
    : label_(std::move(label)),
      total_(std::max(0LL, total)),
      done_(options.already),
      o_(std::move(options)),
      os_(o_.out ? *o_.out : std::cerr),
      tty_(o_.tty < 0 ? stderrIsTerminal() : o_.tty > 0),
      interval_(o_.interval >= 0 ? o_.interval : intervalSeconds()),
      delay_(o_.delay >= 0 ? o_.delay : std::min(kQuietSeconds, interval_)),
      start_(Clock::now()),
      last_line_(start_),
      drawn_(start_ - std::chrono::seconds(1)),
      unwinding_(std::uncaught_exceptions()) {}

Progress::Progress(std::string label, long long total, bool quiet)
    : Progress(std::move(label), total, [quiet] {
        Options o;
        o.quiet = quiet;
        return o;
      }()) {}

Progress::~Progress() { end(std::uncaught_exceptions() <= unwinding_); }

std::string Progress::text(bool bar, Clock::time_point now) const {
  const double elapsed = seconds(now - start_);
  // The head: "label [#####-----]" or "label ..." on a terminal, "label:" elsewhere.
  const long long done = done_.load(std::memory_order_relaxed);
  std::string s = label_;
  if (bar && total_ > 0) {
    const long long filled = std::clamp<long long>(done * kBarWidth / total_, 0, kBarWidth);
    s += (s.empty() ? "[" : " [") + std::string(static_cast<size_t>(filled), '#') +
         std::string(static_cast<size_t>(kBarWidth - filled), '-') + "]";
  } else if (!s.empty()) {
    s += bar ? " ..." : ":";
  }
  bool first = true;  // one space after the head, two between parts
  auto part = [&](const std::string& p) {
    if (p.empty()) return;
    s += s.empty() ? "" : first ? " " : "  ";
    s += p;
    first = false;
  };
  std::string count;
  if (total_ > 0) {
    count = std::to_string(done) + "/" + std::to_string(total_);
  } else if (done > 0) {
    count = std::to_string(done);
  }
  part(count.empty() || o_.unit.empty() ? count : o_.unit + " " + count);
  part(detail_);
  part(clock(elapsed));
  if (total_ > 0) {
    // Units of this run so far set the pace for the rest.
    const long long left = total_ - done, ran = done - o_.already;
    const double estimate = left <= 0   ? 0
                            : has_left_ ? left_
                            : ran > 0
                                ? elapsed / static_cast<double>(ran) * static_cast<double>(left)
                                : -1;
    part("~" + clock(estimate) + " left");
  }
  return s;
}

void Progress::draw(Clock::time_point now) {
  os_ << "\r" << text(true, now) << "\x1b[K" << std::flush;
  drawn_ = now;
  shown_ = true;
}

void Progress::clearBar() {
  if (tty_ && shown_) os_ << "\r\x1b[K";
}

void Progress::poll(Clock::time_point now) {
  if (o_.quiet || finished_) return;
  if (tty_) {
    if (seconds(now - start_) >= delay_ && now - drawn_ >= kRedraw) draw(now);
  } else if (seconds(now - last_line_) >= interval_) {
    last_text_ = text(false, now);
    os_ << last_text_ << "\n" << std::flush;
    last_line_ = now;
    shown_ = true;
  }
}

void Progress::update(long long done) {
  done_.store(done, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(mu_);
  poll(Clock::now());
}

void Progress::set(long long done) { done_.store(done, std::memory_order_relaxed); }

void Progress::tick() {
  done_.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(mu_);
  poll(Clock::now());
}

void Progress::detail(const std::string& t) {
  std::lock_guard<std::mutex> lock(mu_);
  detail_ = t;
}

void Progress::left(double seconds) {
  std::lock_guard<std::mutex> lock(mu_);
  has_left_ = true;
  left_ = seconds;
}

void Progress::message(const std::string& t) {
  std::lock_guard<std::mutex> lock(mu_);
  if (t.empty()) return;
  clearBar();
  os_ << t << (t.back() == '\n' ? "" : "\n");
  if (tty_ && shown_ && !finished_ && !o_.quiet) {
    draw(Clock::now());
  } else {
    os_ << std::flush;
  }
}

void Progress::interject(const std::function<void()>& write) {
  std::lock_guard<std::mutex> lock(mu_);
  clearBar();
  os_ << std::flush;
  write();
  std::cout << std::flush;
  std::fflush(stdout);
  if (tty_ && shown_ && !finished_ && !o_.quiet) draw(Clock::now());
}

Progress::Clock::time_point Progress::nextDue() const {
  if (tty_)
    return std::max(
        start_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(delay_)),
        drawn_ + kRedraw);
  return last_line_ +
         std::max<Clock::duration>(kMinTick, std::chrono::duration_cast<Clock::duration>(
                                                 std::chrono::duration<double>(interval_)));
}

void Progress::heartbeat() {
  std::lock_guard<std::mutex> lock(mu_);
  if (ticker_.joinable() || finished_ || o_.quiet) return;
  ticker_ = std::thread([this] {
    // Signals go to the threads that handle them (util/interrupt.h), never here.
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, nullptr);
    std::unique_lock<std::mutex> l(mu_);
    while (!finished_) {
      if (cv_.wait_until(l, nextDue(), [this] { return finished_; })) break;
      // Off a terminal with a 0 s interval the heartbeat keeps its 200 ms pace.
      const auto now = Clock::now();
      if (!tty_ && now - last_line_ < kMinTick) continue;
      poll(now);
    }
  });
}

void Progress::finish() { end(true); }

void Progress::abandon() { end(false); }

void Progress::end(bool last_line) {
  std::thread t;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (finished_) return;
    const auto now = Clock::now();
    if (!last_line) {
      clearBar();
      os_ << std::flush;
    } else if (!o_.quiet) {
      if (tty_) {
        if (shown_) {
          draw(now);
          os_ << "\n" << std::flush;
        }
      } else if (seconds(now - start_) >= std::min(kQuietSeconds, interval_)) {
        const std::string last = text(false, now);
        if (last != last_text_) os_ << last << "\n" << std::flush;  // not the same line twice
      }
    }
    finished_ = true;
    t = std::move(ticker_);
  }
  cv_.notify_all();
  if (t.joinable()) t.join();
}

}  // namespace hypercast
