#include "util/interrupt.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace hypercast {
namespace interrupt {

namespace {

constexpr int kSlots = 64;
struct Slot {
  char* path = nullptr;  // malloc'ed; null: free slot
  bool tree = false;
};

// Written by the main thread with SIGINT/SIGTERM blocked, read by the handler.
Slot g_slots[kSlots];
volatile sig_atomic_t g_signal = 0;
volatile sig_atomic_t g_child = 0;  // process group of the running child, 0: none
// Process groups of children run side by side (regress run -j N), 0: free slot.
constexpr int kChildSlots = 64;
volatile sig_atomic_t g_children[kChildSlots] = {};
volatile sig_atomic_t g_finishing = 0;  // finish() has run: the handler only records
const char* g_message = nullptr;
size_t g_message_len = 0;

void blockedSet(sigset_t* s) {
  sigemptyset(s);
  sigaddset(s, SIGINT);
  sigaddset(s, SIGTERM);
}

// Removes `name` (relative to `dirfd`) and, if it is a folder, everything in it,
// using system calls only (async-signal-safe). Symbolic links are removed, never
// followed. Returns whether `name` is gone.
bool removeAt(int dirfd, const char* name, int depth) {
  if (::unlinkat(dirfd, name, 0) == 0 || errno == ENOENT) return true;
  if (errno != EISDIR && errno != EPERM) return false;
  if (depth > 64) return false;
  const int fd = ::openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  // Entries removed while the folder is read may shift the rest: read it again
  // until a pass removes nothing.
  for (bool removed = true; removed;) {
    removed = false;
    if (::lseek(fd, 0, SEEK_SET) < 0) break;
    alignas(8) char buf[4096];
    ssize_t n;
    while ((n = ::getdents64(fd, buf, sizeof buf)) > 0) {
      for (ssize_t off = 0; off < n;) {
        const auto* d = reinterpret_cast<const struct dirent64*>(buf + off);
        off += d->d_reclen;
        const char* e = d->d_name;
        if (e[0] == '.' && (e[1] == 0 || (e[1] == '.' && e[2] == 0))) continue;
        if (removeAt(fd, e, depth + 1)) removed = true;
      }
    }
  }
  ::close(fd);
  return ::unlinkat(dirfd, name, AT_REMOVEDIR) == 0 || errno == ENOENT;
}

void removePath(const char* path, bool tree) {
  const int saved = errno;
  if (tree) {
    removeAt(AT_FDCWD, path, 0);
  } else {
    ::unlink(path);
  }
  errno = saved;
}

void removeAllSlots() {
  for (Slot& s : g_slots) {
    if (s.path) removePath(s.path, s.tree);
  }
}

void writeMessage() {
  if (!g_message) return;
  ssize_t done = 0;
  while (done < static_cast<ssize_t>(g_message_len)) {
    const ssize_t w = ::write(2, g_message + done, g_message_len - static_cast<size_t>(done));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;
    done += w;
  }
}

extern "C" void onSignal(int sig) {
  const int saved = errno;
  if (g_signal == 0) g_signal = sig;
  bool forwarded = false;
  const pid_t child = static_cast<pid_t>(g_child);
  if (child > 0) {
    ::kill(-child, sig);
    forwarded = true;
  }
  for (int i = 0; i < kChildSlots; ++i) {
    const pid_t c = static_cast<pid_t>(g_children[i]);
    if (c > 0) {
      ::kill(-c, sig);
      forwarded = true;
    }
  }
  if (forwarded) {
    // The runner waits for its children, then throws Interrupted.
    errno = saved;
    return;
  }
  if (g_finishing) {
    errno = saved;
    return;
  }
  removeAllSlots();
  writeMessage();
  ::_exit(exitStatus(static_cast<int>(g_signal)));
}

int takeSlot(const std::string& path, bool tree) {
  BlockSignals block;
  for (int i = 0; i < kSlots; ++i) {
    if (!g_slots[i].path) {
      char* copy = ::strdup(path.c_str());
      if (!copy) return -1;
      g_slots[i].tree = tree;
      g_slots[i].path = copy;
      return i;
    }
  }
  return -1;  // full: the path is still removed by its guard, not by the handler
}

void freeSlot(int slot) {
  if (slot < 0) return;
  BlockSignals block;
  char* p = g_slots[slot].path;
  g_slots[slot].path = nullptr;
  std::free(p);
}

}  // namespace

void install(const char* message) {
  g_message = message;
  g_message_len = message ? std::strlen(message) : 0;
  for (int sig : {SIGINT, SIGTERM}) {
    struct sigaction sa {};
    sa.sa_handler = onSignal;
    blockedSet(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: waitpid and poll return EINTR to the runner
    ::sigaction(sig, &sa, nullptr);
  }
}

int pending() { return static_cast<int>(g_signal); }

void check() {
  if (const int sig = pending()) throw Interrupted(sig);
}

int exitStatus(int sig) { return 128 + sig; }

int finish(int sig) {
  BlockSignals block;
  const bool first = !g_finishing;
  g_finishing = 1;
  removeAllSlots();
  if (first) writeMessage();
  return exitStatus(sig);
}

void removeRegistered() {
  BlockSignals block;
  removeAllSlots();
}

TempPath::TempPath(const std::string& path, bool tree)
    : path_(path), slot_(takeSlot(path, tree)), tree_(tree) {}

TempPath::~TempPath() { remove(); }

TempPath::TempPath(TempPath&& o) noexcept
    : path_(std::move(o.path_)), slot_(std::exchange(o.slot_, -1)), tree_(o.tree_) {
  o.path_.clear();
}

TempPath& TempPath::operator=(TempPath&& o) noexcept {
  if (this != &o) {
    remove();
    path_ = std::move(o.path_);
    slot_ = std::exchange(o.slot_, -1);
    tree_ = o.tree_;
    o.path_.clear();
  }
  return *this;
}

void TempPath::release() {
  freeSlot(slot_);
  slot_ = -1;
  path_.clear();
}

void TempPath::remove() {
  if (path_.empty()) return;
  removePath(path_.c_str(), tree_);
  release();
}

BlockSignals::BlockSignals() {
  sigset_t s;
  blockedSet(&s);
  ::pthread_sigmask(SIG_BLOCK, &s, &old_);
}

BlockSignals::~BlockSignals() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

void setChild(pid_t pgid) { g_child = static_cast<sig_atomic_t>(pgid); }
void clearChild() { g_child = 0; }

bool addChild(pid_t pgid) {
  for (int i = 0; i < kChildSlots; ++i) {
    if (g_children[i] == 0) {
      g_children[i] = static_cast<sig_atomic_t>(pgid);
      return true;
    }
  }
  return false;
}

void removeChild(pid_t pgid) {
  for (int i = 0; i < kChildSlots; ++i) {
    if (g_children[i] == static_cast<sig_atomic_t>(pgid)) g_children[i] = 0;
  }
}

}  // namespace interrupt
}  // namespace hypercast
